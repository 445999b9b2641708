/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The POLY1305 MAC (EVP_MAC "POLY1305", RFC 8439 section 2.5) as OpenSSL
 * 3.0's default provider does it, outcome for outcome:
 *
 * - The key is the 32-byte one-time key (r || s), given to init or as the
 *   "key" parameter (any parameter type whose size is 32, as 3.0 takes it);
 *   any other length fails with "invalid key length" and leaves the context
 *   as it was. The only algorithm parameter is "size" (16); there are no
 *   gettable context parameters.
 * - Update and final fail with "no key set" until a key is given. init with
 *   no key succeeds while nothing has been absorbed since the key (a 0-byte
 *   update counts), and fails afterwards: a one-time key is not reused.
 * - Where 3.0.19's default crashes, this file refuses instead: after a final
 *   its state is wiped, so a second final, or updates adding up to a whole
 *   block, jump through a NULL pointer there. Updates that stay under one
 *   block are accepted there (they only fill its buffer), so they are here
 *   too; only a new key starts another message. Final also refuses a NULL
 *   output, a NULL outl or room under 16 bytes (default writes 16 anyway;
 *   EVP_MAC_final checks the room before it gets here).
 *
 * Nothing is allocated after newctx; the key's state (r, s and the kernel's
 * cached powers of r) is wiped at final, on re-key and on free.
 */
#include <stddef.h>
#include <string.h>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

#include "algctx.h"
#include "algorithms.h"
#include "dispatch.h"
#include "errors.h"
#include "params.h"
#include "poly1305_stream.h"

#define KEYLEN SIMD_POLY1305_KEY
#define TAGLEN SIMD_POLY1305_TAG

typedef struct {
    const simd_provctx *prov; /* first: see algctx.h */
    simd_poly1305_stream ps;
    unsigned int key_set : 1;
    unsigned int updated : 1;  /* absorbed something (or ended) since the key */
    unsigned int finished : 1; /* final ran; the state is wiped */
    unsigned int after_final;  /* bytes accepted since final (under 16) */
} poly1305_ctx;

static void *poly1305_newctx(void *provctx)
{
    poly1305_ctx *ctx = simd_algctx_new(provctx, sizeof(*ctx));

    if (ctx != NULL)
        ctx->ps.blocks =
            simd_algctx_kernel(ctx, SIMD_ALG_POLY1305)->fn.poly1305;
    return ctx;
}

SIMD_ALGCTX_FREE_DUP(poly1305, poly1305_ctx)

static int set_key(poly1305_ctx *ctx, const unsigned char *key, size_t keylen)
{
    if (key == NULL || keylen != KEYLEN) {
        SIMD_RAISE_MSG(ctx->prov, SIMD_R_INVALID_KEY_LENGTH,
                       "POLY1305 key is %d bytes, got %zu", KEYLEN, keylen);
        return 0;
    }
    /* The old key's table, where no final has wiped it (after a final,
     * nothing is left: one test on the common path). */
    if (simd_poly1305_table_secret_words(&ctx->ps.st) > 0)
        simd_poly1305_stream_wipe(&ctx->ps);
    simd_poly1305_stream_init(&ctx->ps, ctx->ps.blocks, key);
    ctx->key_set = 1;
    ctx->updated = 0;
    ctx->finished = 0;
    ctx->after_final = 0;
    return 1;
}

static int poly1305_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    poly1305_ctx *ctx = vctx;
    const OSSL_PARAM *p;

    if (ctx == NULL)
        return 0;
    p = simd_param_locate_key_const(params, OSSL_MAC_PARAM_KEY);
    if (p == NULL)
        return 1;
    /* 3.6+ decode the array first (see prov_ctx.h): a second key refuses
     * it all, a key of another type fails with nothing raised. */
    if (ctx->prov->params_repeats_refused) {
        if (simd_param_locate_key_const(p + 1, OSSL_MAC_PARAM_KEY) != NULL) {
            SIMD_RAISE_MSG(ctx->prov, SIMD_R_FAILED_TO_SET_PARAMETER,
                           "repeated parameter %s", OSSL_MAC_PARAM_KEY);
            return 0;
        }
        if (p->data_type != OSSL_PARAM_OCTET_STRING)
            return 0;
    }
    /* 3.0 takes the key's bytes whatever the type says; a pointer type's
     * bytes would be the pointer itself (and 32 of them an over-read). */
    if (p->data_type == OSSL_PARAM_UTF8_PTR ||
        p->data_type == OSSL_PARAM_OCTET_PTR) {
        SIMD_RAISE_MSG(ctx->prov, SIMD_R_FAILED_TO_SET_PARAMETER,
                       "POLY1305 key must be an octet string");
        return 0;
    }
    return set_key(ctx, p->data, p->data_size);
}

static int poly1305_init(void *vctx, const unsigned char *key, size_t keylen,
                         const OSSL_PARAM params[])
{
    poly1305_ctx *ctx = vctx;

    if (ctx == NULL)
        return 0;
    if (params != NULL && !poly1305_set_ctx_params(ctx, params))
        return 0;
    if (key != NULL)
        return set_key(ctx, key, keylen);
    if (ctx->updated) {
        SIMD_RAISE_MSG(ctx->prov, SIMD_R_NO_KEY_SET,
                       "a POLY1305 key is used once: init needs a new key "
                       "after data or a final");
        return 0;
    }
    return 1;
}

/* Update and final: a context with a key, or 0 ("no key set" raised for
 * a context without one). */
static inline int has_key(const poly1305_ctx *ctx)
{
    if (ctx == NULL)
        return 0;
    if (!ctx->key_set) {
        SIMD_RAISE(ctx->prov, SIMD_R_NO_KEY_SET);
        return 0;
    }
    return 1;
}

static int poly1305_update(void *vctx, const unsigned char *in, size_t inl)
{
    poly1305_ctx *ctx = vctx;

    if (!has_key(ctx))
        return 0;
    if (in == NULL && inl > 0) {
        SIMD_RAISE(ctx->prov, SIMD_R_NULL_ARGUMENT);
        return 0;
    }
    ctx->updated = 1;
    if (ctx->finished) {
        if (inl >= SIMD_POLY1305_BLOCK - ctx->after_final) {
            SIMD_RAISE(ctx->prov, SIMD_R_ALREADY_FINISHED);
            return 0;
        }
        ctx->after_final += (unsigned int)inl;
        return 1;
    }
    if (inl == 0) /* in may be NULL then, and memcpy must not see it */
        return 1;
    /* Whole blocks with nothing buffered (most updates): straight to the
     * kernel, what the stream would do, one call less per update. */
    if (ctx->ps.buf_len == 0 && inl % SIMD_POLY1305_BLOCK == 0)
        ctx->ps.blocks(&ctx->ps.st, in, inl, 1);
    else
        simd_poly1305_stream_update(&ctx->ps, in, inl);
    return 1;
}

static int poly1305_final(void *vctx, unsigned char *out, size_t *outl,
                          size_t outsize)
{
    poly1305_ctx *ctx = vctx;

    if (!has_key(ctx))
        return 0;
    if (ctx->finished) {
        SIMD_RAISE(ctx->prov, SIMD_R_ALREADY_FINISHED);
        return 0;
    }
    if (out == NULL || outl == NULL) {
        SIMD_RAISE(ctx->prov, SIMD_R_NULL_ARGUMENT);
        return 0;
    }
    if (outsize < TAGLEN) {
        SIMD_RAISE_MSG(ctx->prov, SIMD_R_OUTPUT_BUFFER_TOO_SMALL,
                       "POLY1305 tag is %d bytes, room for %zu", TAGLEN,
                       outsize);
        return 0;
    }
    simd_poly1305_stream_final(&ctx->ps, out);
    simd_poly1305_stream_wipe(&ctx->ps);
    ctx->updated = 1;
    ctx->finished = 1;
    ctx->after_final = 0;
    *outl = TAGLEN;
    return 1;
}

static const OSSL_PARAM known_gettable_params[] = {
    OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, NULL),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *poly1305_gettable_params(void *provctx)
{
    (void)provctx;
    return known_gettable_params;
}

/* strcmp(key, "size") == 0 (case-sensitive, as OSSL_PARAM_locate), inline:
 * stops at the first mismatch, so never reads past the key's end. */
static int is_size_key(const char *key)
{
    static const char size[] = OSSL_MAC_PARAM_SIZE;

    for (size_t i = 0; i < sizeof(size); i++)
        if (key[i] != size[i])
            return 0;
    return 1;
}

static int poly1305_get_params(OSSL_PARAM params[])
{
    OSSL_PARAM *p;

    /* EVP_MAC_final asks for "size" alone, a native size_t, before every
     * tag: answered here without the lookup and conversion calls, which
     * cost about a tenth of a 64-byte MAC. The same outcome as below. */
    if (params != NULL && params[0].key != NULL && params[1].key == NULL &&
        params[0].data_type == OSSL_PARAM_UNSIGNED_INTEGER &&
        params[0].data_size == sizeof(size_t) && params[0].data != NULL &&
        is_size_key(params[0].key)) {
        size_t size = TAGLEN;

        memcpy(params[0].data, &size, sizeof(size)); /* any alignment */
        params[0].return_size = sizeof(size_t);
        return 1;
    }
    p = simd_param_locate_key(params, OSSL_MAC_PARAM_SIZE);
    if (p == NULL)
        return 1;
    /* 3.6+ refuse a second "size" (see prov_ctx.h). This dispatch gets no
     * provider context, so the release is the one the core reported at
     * load (simd_core_release_noctx), and only for an array that does
     * repeat it; with no context there is no error to raise either. */
    if (simd_param_locate_key(p + 1, OSSL_MAC_PARAM_SIZE) != NULL &&
        simd_core_release_noctx() >= 306)
        return 0;
    return simd_param_set_size_t(p, TAGLEN);
}

static const OSSL_PARAM known_settable_ctx_params[] = {
    OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, NULL, 0),
    OSSL_PARAM_END,
};

SIMD_CTX_PARAMS_LIST(poly1305_settable_ctx_params, known_settable_ctx_params)

const OSSL_DISPATCH simd_poly1305_functions[] = {
    {OSSL_FUNC_MAC_NEWCTX, SIMD_FN(poly1305_newctx)},
    {OSSL_FUNC_MAC_DUPCTX, SIMD_FN(poly1305_dupctx)},
    {OSSL_FUNC_MAC_FREECTX, SIMD_FN(poly1305_freectx)},
    {OSSL_FUNC_MAC_INIT, SIMD_FN(poly1305_init)},
    {OSSL_FUNC_MAC_UPDATE, SIMD_FN(poly1305_update)},
    {OSSL_FUNC_MAC_FINAL, SIMD_FN(poly1305_final)},
    {OSSL_FUNC_MAC_GETTABLE_PARAMS, SIMD_FN(poly1305_gettable_params)},
    {OSSL_FUNC_MAC_GET_PARAMS, SIMD_FN(poly1305_get_params)},
    {OSSL_FUNC_MAC_SETTABLE_CTX_PARAMS, SIMD_FN(poly1305_settable_ctx_params)},
    {OSSL_FUNC_MAC_SET_CTX_PARAMS, SIMD_FN(poly1305_set_ctx_params)},
    {0, NULL},
};
