/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20 as OpenSSL 3.0's default provider does it, byte for byte:
 *
 * - IV = 32-bit little-endian block counter || 96-bit nonce. Kernels take a
 *   32-bit counter that must not wrap inside a call; this file splits each
 *   call at the wrap, sets the counter word to 0 and carries 1 into IV word 1
 *   (no further carry), as OpenSSL does: IV bytes 0..7 act as a 64-bit
 *   counter.
 * - One keystream block is buffered for partial blocks (chacha20_stream.c);
 *   OpenSSL 3.6 advances the counter when it buffers a block, earlier
 *   releases when the block is used up; only a key-only re-init after a
 *   partial block tells them apart, so we do what the running release does
 *   (prov->chacha20_counter_ahead).
 * - Re-init: key only keeps the counter (resumes at the start of the current
 *   block); IV only reloads the counter and keeps the key; encrypt == decrypt.
 * - Update and final fail with "no key set" until a key is given.
 * - EVP_CIPHER_CTX_get_updated_iv: 3.6 answers "updated-iv" (counter ||
 *   nonce as they stand), 3.0-3.5 nothing; again the running release's way
 *   (prov->chacha20_updated_iv).
 */
#include <stddef.h>
#include <string.h>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

#include "../asm/le.h"
#include "algctx.h"
#include "algorithms.h"
#include "chacha20_stream.h"
#include "cipher_params.h"
#include "dispatch.h"
#include "errors.h"
#include "params.h"

#define CHACHA20_KEYLEN 32
#define CHACHA20_IVLEN 16

typedef struct {
    const simd_provctx *prov; /* first: see algctx.h */
    simd_chacha20_stream ks;
    unsigned int key_set : 1;
} chacha20_ctx;

static void *chacha20_newctx(void *provctx)
{
    chacha20_ctx *ctx = simd_algctx_new(provctx, sizeof(*ctx));

    if (ctx != NULL)
        simd_chacha20_stream_init(&ctx->ks, ctx->prov);
    return ctx;
}

SIMD_ALGCTX_FREE_DUP(chacha20, chacha20_ctx)

static int chacha20_set_ctx_params(void *vctx, const OSSL_PARAM params[]);

/* A new counter and nonce; leftover keystream is dropped. Every load comes
 * before the first store (iv may point anywhere, even into ctx), as in
 * simd_chacha20_stream_set_key. */
static inline void load_iv(chacha20_ctx *ctx, const unsigned char *iv)
{
    uint32_t c[4];

    for (int i = 0; i < 4; i++)
        c[i] = le32_load(iv + 4 * i);
    simd_chacha20_stream_set_iv(&ctx->ks, c);
}

/* Same order of checks and effects as OpenSSL: IV first, then key. Out of
 * line: the IV-only re-init below keeps no frame. */
__attribute__((noinline)) static int
chacha20_init_any(void *vctx, const unsigned char *key, size_t keylen,
                  const unsigned char *iv, size_t ivlen,
                  const OSSL_PARAM params[])
{
    chacha20_ctx *ctx = vctx;

    if (ctx == NULL ||
        !simd_cipher_init_lens_ok(ctx->prov, key, keylen, CHACHA20_KEYLEN, iv,
                                  ivlen, CHACHA20_IVLEN, "ChaCha20"))
        return 0;
    if (key != NULL) {
        simd_chacha20_stream_set_key(&ctx->ks, key);
        ctx->key_set = 1;
    }
    if (iv != NULL)
        load_iv(ctx, iv);
    return chacha20_set_ctx_params(ctx, params);
}

static int chacha20_init(void *vctx, const unsigned char *key, size_t keylen,
                         const unsigned char *iv, size_t ivlen,
                         const OSSL_PARAM params[])
{
    chacha20_ctx *ctx = vctx;

    /* The re-init of every QUIC mask and OpenSSH packet: a new counter and
     * nonce alone. What chacha20_init_any does for it, without its frame. */
    if (ctx != NULL && key == NULL && iv != NULL && ivlen == CHACHA20_IVLEN &&
        params == NULL) {
        load_iv(ctx, iv);
        return 1;
    }
    return chacha20_init_any(vctx, key, keylen, iv, ivlen, params);
}

/* The checks shared by update and the one-shot cipher call. */
static int chacha20_process(chacha20_ctx *ctx, unsigned char *out,
                            size_t *outl, size_t outsize,
                            const unsigned char *in, size_t inl)
{
    if (ctx == NULL || outl == NULL)
        return 0;
    if (!ctx->key_set) {
        SIMD_RAISE(ctx->prov, SIMD_R_NO_KEY_SET);
        return 0;
    }
    if (inl == 0) {
        *outl = 0;
        return 1;
    }
    if (outsize < inl) {
        SIMD_RAISE_MSG(ctx->prov, SIMD_R_OUTPUT_BUFFER_TOO_SMALL,
                       "need %zu bytes, have %zu", inl, outsize);
        return 0;
    }
    if (in == NULL || out == NULL) {
        SIMD_RAISE(ctx->prov, SIMD_R_NULL_ARGUMENT);
        return 0;
    }
    return simd_chacha20_stream_cipher(&ctx->ks, out, outl, in, inl);
}

static int chacha20_update(void *vctx, unsigned char *out, size_t *outl,
                           size_t outsize, const unsigned char *in, size_t inl)
{
    return chacha20_process(vctx, out, outl, outsize, in, inl);
}

static int chacha20_cipher(void *vctx, unsigned char *out, size_t *outl,
                           size_t outsize, const unsigned char *in, size_t inl)
{
    return chacha20_process(vctx, out, outl, outsize, in, inl);
}

static int chacha20_final(void *vctx, unsigned char *out, size_t *outl,
                          size_t outsize)
{
    chacha20_ctx *ctx = vctx;

    (void)out;
    (void)outsize;
    if (ctx == NULL || outl == NULL)
        return 0;
    if (!ctx->key_set) {
        SIMD_RAISE(ctx->prov, SIMD_R_NO_KEY_SET);
        return 0;
    }
    *outl = 0;
    return 1;
}

/* Algorithm parameters, as the default provider reports them. */
static const OSSL_PARAM *chacha20_gettable_params(void *provctx)
{
    const simd_provctx *prov = provctx;

    return simd_cipher_gettable(prov != NULL && prov->aead_etm_gettable);
}

static int chacha20_get_params(OSSL_PARAM params[])
{
    return simd_cipher_get_params(params, 0, CHACHA20_KEYLEN, CHACHA20_IVLEN);
}

/* 4.0+ refuse an array naming one of `names` twice (prov_ctx.h); asked
 * only of arrays of more than one element. */
static int chacha20_params_repeat(const chacha20_ctx *ctx,
                                  const OSSL_PARAM params[],
                                  const char *const names[], size_t n)
{
    if (!ctx->prov->chacha20_params_repeats_refused || params == NULL ||
        params[0].key == NULL || params[1].key == NULL)
        return 0;
    return simd_cipher_params_repeat(ctx->prov, params, names, n);
}

static const char *const chacha20_get_names[] = {
    OSSL_CIPHER_PARAM_KEYLEN, OSSL_CIPHER_PARAM_IVLEN,
    OSSL_CIPHER_PARAM_UPDATED_IV,
};

static const OSSL_PARAM chacha20_known_ctx_params[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_END,
};

/* 3.6 and later also list "updated-iv" (prov->chacha20_updated_iv). */
static const OSSL_PARAM chacha20_known_gettable_ctx_params_updated_iv[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, NULL, 0),
    OSSL_PARAM_END,
};

SIMD_CTX_PARAMS_LIST(chacha20_ctx_params, chacha20_known_ctx_params)

static const OSSL_PARAM *chacha20_gettable_ctx_params(void *cctx,
                                                      void *provctx)
{
    const simd_provctx *prov = provctx;

    (void)cctx;
    if (prov != NULL && prov->chacha20_updated_iv)
        return chacha20_known_gettable_ctx_params_updated_iv;
    return chacha20_known_ctx_params;
}

/*
 * "updated-iv" as 3.6's default answers it: the counter word as it stands
 * (ahead of a buffered partial block, see chacha20_stream.h) and the nonce,
 * 16 bytes little-endian. Like OSSL_PARAM_set_octet_string there: anything
 * but an octet string fails with nothing written but a zero size; no buffer
 * is a size query; a short buffer fails with the size needed.
 */
static int chacha20_get_updated_iv(const chacha20_ctx *ctx, OSSL_PARAM *p)
{
    unsigned char iv[CHACHA20_IVLEN];
    uint32_t words[4];

    if (p->data_type != OSSL_PARAM_OCTET_STRING) {
        p->return_size = 0;
        return 0;
    }
    p->return_size = CHACHA20_IVLEN;
    if (p->data == NULL)
        return 1;
    if (p->data_size < CHACHA20_IVLEN)
        return 0;
    simd_chacha20_stream_get_iv(&ctx->ks, words);
    for (int i = 0; i < 4; i++)
        le32_store(iv + 4 * i, words[i]);
    memcpy(p->data, iv, sizeof(iv));
    return 1;
}

/* Out of line: the common query below keeps no frame. */
__attribute__((noinline)) static int
chacha20_get_ctx_params_any(void *vctx, OSSL_PARAM params[])
{
    chacha20_ctx *ctx = vctx;

    if (ctx == NULL)
        return 0;
    /* What EVP asks on every init (EVP_CIPHER_CTX_get_iv_length): the IV
     * length alone, answered without looking for the key length. */
    if (params != NULL && params[0].key != NULL && params[1].key == NULL &&
        simd_param_key_is(params[0].key, "" OSSL_CIPHER_PARAM_IVLEN,
                          sizeof(OSSL_CIPHER_PARAM_IVLEN))) {
        if (simd_param_set_size_t(&params[0], CHACHA20_IVLEN))
            return 1;
        SIMD_RAISE(ctx->prov, SIMD_R_FAILED_TO_SET_PARAMETER);
        return 0;
    }
    if (chacha20_params_repeat(ctx, params, chacha20_get_names,
                               SIMD_COUNT(chacha20_get_names)))
        return 0;
    if (!simd_param_set_size(params, OSSL_CIPHER_PARAM_IVLEN, CHACHA20_IVLEN) ||
        !simd_param_set_size(params, OSSL_CIPHER_PARAM_KEYLEN, CHACHA20_KEYLEN)) {
        SIMD_RAISE(ctx->prov, SIMD_R_FAILED_TO_SET_PARAMETER);
        return 0;
    }
    if (ctx->prov->chacha20_updated_iv) {
        OSSL_PARAM *p = simd_param_locate(params, OSSL_CIPHER_PARAM_UPDATED_IV);

        if (p != NULL && !chacha20_get_updated_iv(ctx, p)) {
            SIMD_RAISE_MSG(ctx->prov, SIMD_R_FAILED_TO_SET_PARAMETER, "%s",
                           OSSL_CIPHER_PARAM_UPDATED_IV);
            return 0;
        }
    }
    return 1;
}

static int chacha20_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    /* EVP's lone {ivlen} query on every init (and {keylen} on every keyed
     * one), as a native size_t: answered here; everything else (the same
     * queries in another type included) by the function above, unchanged. */
    if (vctx != NULL && params != NULL && params[0].key != NULL &&
        params[1].key == NULL &&
        params[0].data_type == OSSL_PARAM_UNSIGNED_INTEGER &&
        params[0].data != NULL && params[0].data_size == sizeof(size_t)) {
        size_t v;

        if (simd_param_key_is(params[0].key, "" OSSL_CIPHER_PARAM_IVLEN,
                              sizeof(OSSL_CIPHER_PARAM_IVLEN)))
            v = CHACHA20_IVLEN;
        else if (simd_param_key_is(params[0].key, "" OSSL_CIPHER_PARAM_KEYLEN,
                                   sizeof(OSSL_CIPHER_PARAM_KEYLEN)))
            v = CHACHA20_KEYLEN;
        else
            return chacha20_get_ctx_params_any(vctx, params);
        memcpy(params[0].data, &v, sizeof(v));
        params[0].return_size = sizeof(size_t);
        return 1;
    }
    return chacha20_get_ctx_params_any(vctx, params);
}

static int chacha20_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    chacha20_ctx *ctx = vctx;

    if (params == NULL)
        return 1;
    if (ctx == NULL)
        return 0;
    /* keylen and ivlen: the first two names it answers when getting. */
    if (chacha20_params_repeat(ctx, params, chacha20_get_names, 2))
        return 0;
    /* Only the fixed lengths are accepted; anything else is an error. */
    return simd_cipher_check_lens(ctx->prov, params, CHACHA20_KEYLEN,
                                  CHACHA20_IVLEN, "ChaCha20");
}

const OSSL_DISPATCH simd_chacha20_functions[] = {
    {OSSL_FUNC_CIPHER_NEWCTX, SIMD_FN(chacha20_newctx)},
    {OSSL_FUNC_CIPHER_FREECTX, SIMD_FN(chacha20_freectx)},
    {OSSL_FUNC_CIPHER_DUPCTX, SIMD_FN(chacha20_dupctx)},
    {OSSL_FUNC_CIPHER_ENCRYPT_INIT, SIMD_FN(chacha20_init)},
    {OSSL_FUNC_CIPHER_DECRYPT_INIT, SIMD_FN(chacha20_init)},
    {OSSL_FUNC_CIPHER_UPDATE, SIMD_FN(chacha20_update)},
    {OSSL_FUNC_CIPHER_FINAL, SIMD_FN(chacha20_final)},
    {OSSL_FUNC_CIPHER_CIPHER, SIMD_FN(chacha20_cipher)},
    {OSSL_FUNC_CIPHER_GET_PARAMS, SIMD_FN(chacha20_get_params)},
    {OSSL_FUNC_CIPHER_GETTABLE_PARAMS, SIMD_FN(chacha20_gettable_params)},
    {OSSL_FUNC_CIPHER_GET_CTX_PARAMS, SIMD_FN(chacha20_get_ctx_params)},
    {OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS,
     SIMD_FN(chacha20_gettable_ctx_params)},
    {OSSL_FUNC_CIPHER_SET_CTX_PARAMS, SIMD_FN(chacha20_set_ctx_params)},
    {OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, SIMD_FN(chacha20_ctx_params)},
    {0, NULL},
};
