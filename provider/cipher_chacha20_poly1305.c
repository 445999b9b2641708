/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The ChaCha20-Poly1305 cipher's dispatch calls and parameters, as the
 * running release's default provider answers them, outcome for outcome,
 * except where upstream fixed a bug (docs/deviations.md): there the fixed
 * behaviour, on every release. The messages themselves (block 0, AAD, the
 * tag, TLS records) are aead_chacha20_poly1305.c's.
 *
 * - Re-init: IV only restarts under the old key (TLS 1.3, once per record),
 *   key only restarts under the new key with the old nonce. No key at all
 *   is an all-zero key, as in default. The tag and its length survive
 *   re-init; the tag length is 0 until SET_TAG, and a decrypt with no tag
 *   length compares nothing.
 * - TLS 1.2: tlsaad (13 bytes) makes the next data call one record
 *   (aead_chacha20_poly1305.h); tlsivfixed sets the whole nonce.
 * - 0-byte calls with input are no-ops on every path, update and the
 *   one-shot cipher call alike (3.0.22's default padded the AAD early on a
 *   0-byte EVP_Cipher: openssl#32752). EVP_Cipher(ctx, NULL, NULL, 0) is the
 *   final on every release (CVE-2026-75803; before 3.0.22 default made no
 *   tag there), and it ends the message: more AAD, data or a final before a
 *   new IV or key is refused (3.0.22's default silently started a second
 *   message under the same nonce and one-time key).
 * - An authentication failure raises no error, as in default: the return
 *   value is how the caller tells. Where default dereferences a NULL
 *   argument (context, outl, a GET_TAG buffer, tlsaad/tlsivfixed data, a
 *   TLS record's input), this file refuses with "null argument" instead.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

#include "aead_chacha20_poly1305.h"
#include "algctx.h"
#include "algorithms.h"
#include "cipher_params.h"
#include "dispatch.h"
#include "errors.h"
#include "params.h"

typedef simd_cp_ctx cp_ctx;

static void *cp_newctx(void *provctx)
{
    cp_ctx *ctx = simd_algctx_new(provctx, sizeof(*ctx));

    if (ctx != NULL)
        simd_cp_setup(ctx);
    return ctx;
}

SIMD_ALGCTX_FREE_DUP(cp, cp_ctx)

static int cp_set_ctx_params(void *vctx, const OSSL_PARAM params[]);

/* Same order of checks and effects as default: the direction first, then
 * the IV length, the key, the IV, the parameters. */
static int cp_init(cp_ctx *ctx, const unsigned char *key, size_t keylen,
                   const unsigned char *iv, size_t ivlen,
                   const OSSL_PARAM params[], int enc)
{
    if (ctx == NULL)
        return 0;
    ctx->enc = enc ? 1 : 0;
    if (!simd_cipher_init_lens_ok(ctx->prov, key, keylen, CP_KEYLEN, iv, ivlen,
                                  CP_IVLEN, "ChaCha20-Poly1305"))
        return 0;
    if (key != NULL)
        simd_cp_set_key(ctx, key);
    if (iv != NULL) {
        simd_cp_set_iv(ctx, iv);
        ctx->finished = 0;
    }
    return params == NULL || cp_set_ctx_params(ctx, params);
}

static int cp_einit(void *vctx, const unsigned char *key, size_t keylen,
                    const unsigned char *iv, size_t ivlen,
                    const OSSL_PARAM params[])
{
    return cp_init(vctx, key, keylen, iv, ivlen, params, 1);
}

static int cp_dinit(void *vctx, const unsigned char *key, size_t keylen,
                    const unsigned char *iv, size_t ivlen,
                    const OSSL_PARAM params[])
{
    return cp_init(vctx, key, keylen, iv, ivlen, params, 0);
}

/* The checks update and the one-shot cipher call share. */
static int checked_aead(cp_ctx *ctx, unsigned char *out, size_t *outl,
                        size_t outsize, const unsigned char *in, size_t inl)
{
    if (outsize < inl) {
        SIMD_RAISE_MSG(ctx->prov, SIMD_R_OUTPUT_BUFFER_TOO_SMALL,
                       "need %zu bytes, have %zu", inl, outsize);
        return 0;
    }
    return simd_cp_aead(ctx, out, outl, in, inl);
}

/* Default dereferences both: refuse instead of crashing. */
static int null_args(const cp_ctx *ctx, const size_t *outl)
{
    if (ctx != NULL && outl != NULL)
        return 0;
    if (ctx != NULL)
        SIMD_RAISE(ctx->prov, SIMD_R_NULL_ARGUMENT);
    return 1;
}

static int cp_update(void *vctx, unsigned char *out, size_t *outl,
                     size_t outsize, const unsigned char *in, size_t inl)
{
    cp_ctx *ctx = vctx;

    if (null_args(ctx, outl))
        return 0;
    if (ctx->finished) { /* 4.0+ (prov_ctx.h): checked before 0-byte calls */
        *outl = 0;
        SIMD_RAISE(ctx->prov, SIMD_R_MESSAGE_FINISHED);
        return 0;
    }
    if (inl == 0) {
        *outl = 0;
        return 1;
    }
    return checked_aead(ctx, out, outl, outsize, in, inl);
}

/*
 * EVP_Cipher. No input is the final (CVE-2026-75803: on every release), and
 * it ends the message until a new IV or key (openssl#32752: 3.0.22's default
 * went on with a second message under the same nonce). 0 bytes of input
 * are a no-op, as in update (openssl#32752: not the start of the data),
 * except with a TLS 1.2 record pending, which 0 bytes cannot be.
 */
static int cp_cipher(void *vctx, unsigned char *out, size_t *outl,
                     size_t outsize, const unsigned char *in, size_t inl)
{
    cp_ctx *ctx = vctx;
    int ok;

    if (null_args(ctx, outl))
        return 0;
    if (in != NULL && inl == 0 &&
        (out == NULL || ctx->tls_payload == NO_TLS_PAYLOAD || ctx->ended)) {
        *outl = 0;
        return 1;
    }
    ok = checked_aead(ctx, out, outl, outsize, in, inl);
    if (in == NULL && inl <= outsize) /* the final ran (or was refused) */
        ctx->ended = 1;
    return ok;
}

static int cp_final(void *vctx, unsigned char *out, size_t *outl,
                    size_t outsize)
{
    cp_ctx *ctx = vctx;

    (void)outsize;
    if (null_args(ctx, outl))
        return 0;
    /* 4.0+ (prov_ctx.h): refused before the message is touched. */
    if (!ctx->enc && ctx->tag_len == 0 && ctx->prov->aead_decrypt_needs_tag) {
        *outl = 0;
        SIMD_RAISE_MSG(ctx->prov, SIMD_R_TAG_NOT_SET,
                       "decrypt final with no tag set (SET_TAG)");
        return 0;
    }
    if (!simd_cp_aead(ctx, out, outl, NULL, 0))
        return 0;
    *outl = 0;
    if (ctx->prov->aead_update_after_final_refused)
        ctx->finished = 1;
    return 1;
}

/* --- Parameters, as the default provider reports and takes them --- */

static const OSSL_PARAM *cp_gettable_params(void *provctx)
{
    const simd_provctx *prov = provctx;

    return simd_cipher_gettable(prov != NULL && prov->aead_etm_gettable);
}

static int set_size(OSSL_PARAM params[], const char *key, size_t v)
{
    OSSL_PARAM *p = simd_param_locate_key(params, key);

    return p == NULL || simd_param_set_size_t(p, v);
}

/* 3.6+ refuse an array naming one of these twice (see prov_ctx.h); asked
 * only of arrays of more than one entry. */
static int get_params_repeat(const OSSL_PARAM params[])
{
    for (const OSSL_PARAM *g = simd_cipher_gettable(1); g->key != NULL; g++) {
        const OSSL_PARAM *p = simd_param_locate_key_const(params, g->key);

        if (p != NULL && simd_param_locate_key_const(p + 1, g->key) != NULL)
            return simd_core_release_noctx() >= 306;
    }
    return 0;
}

static int cp_get_params(OSSL_PARAM params[])
{
    if (params != NULL && params[0].key != NULL && params[1].key != NULL &&
        get_params_repeat(params))
        return 0;
    return simd_cipher_get_params(params, 1, CP_KEYLEN, CP_IVLEN);
}

static const OSSL_PARAM cp_known_gettable_ctx_params[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, NULL),
    OSSL_PARAM_END,
};

SIMD_CTX_PARAMS_LIST(cp_gettable_ctx_params, cp_known_gettable_ctx_params)

static const OSSL_PARAM cp_known_settable_ctx_params[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED, NULL, 0),
    OSSL_PARAM_END,
};

SIMD_CTX_PARAMS_LIST(cp_settable_ctx_params, cp_known_settable_ctx_params)

/* A tag of 1..16 bytes, or "invalid tag length" raised (how: "got" for
 * SET_TAG, "asked for" for GET_TAG). */
static int tag_size_ok(const cp_ctx *ctx, size_t n, const char *how)
{
    if (n != 0 && n <= CP_TAGLEN)
        return 1;
    SIMD_RAISE_MSG(ctx->prov, SIMD_R_INVALID_TAG_LENGTH,
                   "tag is 1 to %d bytes, %s %zu", CP_TAGLEN, how, n);
    return 0;
}

/* GET_TAG: a prefix of 1..16 bytes, on an encrypt context only. */
static int get_tag(cp_ctx *ctx, OSSL_PARAM *p)
{
    if (p->data_type != OSSL_PARAM_OCTET_STRING) {
        SIMD_RAISE(ctx->prov, SIMD_R_FAILED_TO_SET_PARAMETER);
        return 0;
    }
    if (!ctx->enc) {
        SIMD_RAISE_MSG(ctx->prov, SIMD_R_TAG_NOT_SET,
                       "no tag to get on a decrypt context");
        return 0;
    }
    if (!tag_size_ok(ctx, p->data_size, "asked for"))
        return 0;
    /* Default copies into a NULL buffer and crashes: refuse instead. */
    if (p->data == NULL) {
        SIMD_RAISE(ctx->prov, SIMD_R_NULL_ARGUMENT);
        return 0;
    }
    memcpy(p->data, ctx->tag, p->data_size);
    return 1;
}

static int get_size_param(cp_ctx *ctx, OSSL_PARAM params[], const char *key,
                          size_t v)
{
    if (!set_size(params, key, v)) {
        SIMD_RAISE_MSG(ctx->prov, SIMD_R_FAILED_TO_SET_PARAMETER, "%s", key);
        return 0;
    }
    return 1;
}

static int get_size_one(cp_ctx *ctx, OSSL_PARAM *p, size_t v)
{
    if (!simd_param_set_size_t(p, v)) {
        SIMD_RAISE_MSG(ctx->prov, SIMD_R_FAILED_TO_SET_PARAMETER, "%s", p->key);
        return 0;
    }
    return 1;
}

/* p's key is the literal NAME (params.h: compares inline). */
#define KEY_IS(p, NAME) simd_param_key_is((p)->key, "" NAME, sizeof(NAME))

static const char *const cp_get_names[] = {
    OSSL_CIPHER_PARAM_KEYLEN, OSSL_CIPHER_PARAM_IVLEN,
    OSSL_CIPHER_PARAM_AEAD_TAGLEN, OSSL_CIPHER_PARAM_AEAD_TAG,
    OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD,
};
static const char *const cp_set_names[] = {
    OSSL_CIPHER_PARAM_KEYLEN, OSSL_CIPHER_PARAM_IVLEN,
    OSSL_CIPHER_PARAM_AEAD_TAG, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD,
    OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED,
};

/* The same outcome as the general path below for a list of one. */
static int get_one(cp_ctx *ctx, OSSL_PARAM *p)
{
    if (KEY_IS(p, OSSL_CIPHER_PARAM_IVLEN))
        return get_size_one(ctx, p, CP_IVLEN);
    if (KEY_IS(p, OSSL_CIPHER_PARAM_AEAD_TAG))
        return get_tag(ctx, p);
    if (KEY_IS(p, OSSL_CIPHER_PARAM_KEYLEN))
        return get_size_one(ctx, p, CP_KEYLEN);
    if (KEY_IS(p, OSSL_CIPHER_PARAM_AEAD_TAGLEN))
        return get_size_one(ctx, p, ctx->tag_len);
    if (KEY_IS(p, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD))
        return get_size_one(ctx, p, ctx->tls_aad_pad);
    return 1;
}

static int cp_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    cp_ctx *ctx = vctx;
    OSSL_PARAM *p;

    if (ctx == NULL)
        return 0;
    if (params == NULL)
        return 1;
    /* One parameter (EVP asks for the IV length at every init, libssl for
     * the tag after every record): only its own key is compared. */
    if (params[0].key != NULL && params[1].key == NULL)
        return get_one(ctx, &params[0]);
    if (ctx->prov->params_repeats_refused &&
        simd_cipher_params_repeat(ctx->prov, params, cp_get_names,
                                  SIMD_COUNT(cp_get_names)))
        return 0;
    if (!get_size_param(ctx, params, OSSL_CIPHER_PARAM_IVLEN, CP_IVLEN) ||
        !get_size_param(ctx, params, OSSL_CIPHER_PARAM_KEYLEN, CP_KEYLEN) ||
        !get_size_param(ctx, params, OSSL_CIPHER_PARAM_AEAD_TAGLEN,
                        ctx->tag_len) ||
        !get_size_param(ctx, params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD,
                        ctx->tls_aad_pad))
        return 0;
    p = simd_param_locate_key(params, OSSL_CIPHER_PARAM_AEAD_TAG);
    return p == NULL || get_tag(ctx, p);
}

static int is_octets(const cp_ctx *ctx, const OSSL_PARAM *p)
{
    if (p->data_type == OSSL_PARAM_OCTET_STRING)
        return 1;
    SIMD_RAISE_MSG(ctx->prov, SIMD_R_FAILED_TO_GET_PARAMETER,
                   "%s must be an octet string", p->key);
    return 0;
}

/* p's data, an octet string of `size` bytes (what: its name in the error),
 * or NULL with an error raised. */
static const uint8_t *octets_of_size(const cp_ctx *ctx, const OSSL_PARAM *p,
                                     size_t size, int reason, const char *what)
{
    if (!is_octets(ctx, p))
        return NULL;
    if (p->data_size != size || p->data == NULL) {
        SIMD_RAISE_MSG(ctx->prov, reason, "%s is %zu bytes, got %zu", what,
                       size, p->data_size);
        return NULL;
    }
    return p->data;
}

/* SET_TAG: with data on decrypt (the tag to check), or NULL data to set
 * only the length. */
static int set_tag(cp_ctx *ctx, const OSSL_PARAM *p)
{
    if (!is_octets(ctx, p) || !tag_size_ok(ctx, p->data_size, "got"))
        return 0;
    if (p->data != NULL) {
        if (ctx->enc) {
            SIMD_RAISE_MSG(ctx->prov, SIMD_R_TAG_NOT_NEEDED,
                           "an encrypt context makes its own tag");
            return 0;
        }
        memcpy(ctx->tag, p->data, p->data_size);
    }
    ctx->tag_len = p->data_size;
    return 1;
}

/* tlsaad: the 13-byte TLS 1.2 AAD (seq || type || version || length). On
 * decrypt the length includes the tag, which the MACed AAD must not. */
static int set_tls_aad(cp_ctx *ctx, const OSSL_PARAM *p)
{
    const uint8_t *aad =
        octets_of_size(ctx, p, CP_TLS_AAD_LEN, SIMD_R_INVALID_DATA, "TLS AAD");
    size_t len;

    if (aad == NULL)
        return 0;
    /* Copied before the length is checked, as default does: a refused
     * record still replaces the AAD of one already pending. */
    memcpy(ctx->tls_aad, aad, CP_TLS_AAD_LEN);
    len = (size_t)aad[11] << 8 | aad[12];
    if (!ctx->enc) {
        if (len < CP_TAGLEN) {
            SIMD_RAISE_MSG(ctx->prov, SIMD_R_INVALID_DATA,
                           "TLS record of %zu bytes is shorter than its tag",
                           len);
            return 0;
        }
        len -= CP_TAGLEN;
    }
    ctx->tls_aad[11] = (uint8_t)(len >> 8);
    ctx->tls_aad[12] = (uint8_t)len;
    ctx->tls_payload = len;
    simd_cp_set_tls_seq(ctx, aad); /* seq is the AAD's first 8 bytes */
    ctx->tls_aad_pad = CP_TAGLEN;
    return 1;
}

/* tlsivfixed: the whole 12-byte nonce (libssl's fixed IV for TLS 1.2). */
static int set_tls_iv_fixed(cp_ctx *ctx, const OSSL_PARAM *p)
{
    const uint8_t *iv = octets_of_size(ctx, p, CP_IVLEN,
                                       SIMD_R_INVALID_IV_LENGTH,
                                       "TLS fixed IV");

    if (iv == NULL)
        return 0;
    simd_cp_set_fixed_iv(ctx, iv);
    return 1;
}

/*
 * In default's order, each taking effect before the next is looked at.
 * Parameters it does not know (libssl sends tls-version and tls-mac-size
 * to every cipher) are ignored, as default ignores them.
 */
static int cp_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    cp_ctx *ctx = vctx;
    const OSSL_PARAM *p;

    if (params == NULL || params[0].key == NULL)
        return 1;
    if (ctx == NULL)
        return 0;
    /* SET_TAG before each record's final (TLS 1.3 open): straight to it,
     * the general path's outcome for a list of one. */
    if (params[1].key == NULL && KEY_IS(&params[0], OSSL_CIPHER_PARAM_AEAD_TAG))
        return set_tag(ctx, &params[0]);
    /* Likewise the TLS 1.2 record's AAD, once per record. */
    if (params[1].key == NULL &&
        KEY_IS(&params[0], OSSL_CIPHER_PARAM_AEAD_TLS1_AAD))
        return set_tls_aad(ctx, &params[0]);
    if (ctx->prov->params_repeats_refused &&
        simd_cipher_params_repeat(ctx->prov, params, cp_set_names,
                                  SIMD_COUNT(cp_set_names)))
        return 0;
    if (!simd_cipher_check_lens(ctx->prov, params, CP_KEYLEN, CP_IVLEN,
                                "ChaCha20-Poly1305"))
        return 0;
    /* 4.0+: an accepted ivlen lifts the after-final refusal (prov_ctx.h). */
    if (simd_param_locate_key_const(params, OSSL_CIPHER_PARAM_IVLEN) != NULL)
        ctx->finished = 0;
    p = simd_param_locate_key_const(params, OSSL_CIPHER_PARAM_AEAD_TAG);
    if (p != NULL && !set_tag(ctx, p))
        return 0;
    p = simd_param_locate_key_const(params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD);
    if (p != NULL && !set_tls_aad(ctx, p))
        return 0;
    p = simd_param_locate_key_const(params,
                                    OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED);
    return p == NULL || set_tls_iv_fixed(ctx, p);
}

const OSSL_DISPATCH simd_chacha20_poly1305_functions[] = {
    {OSSL_FUNC_CIPHER_NEWCTX, SIMD_FN(cp_newctx)},
    {OSSL_FUNC_CIPHER_FREECTX, SIMD_FN(cp_freectx)},
    {OSSL_FUNC_CIPHER_DUPCTX, SIMD_FN(cp_dupctx)},
    {OSSL_FUNC_CIPHER_ENCRYPT_INIT, SIMD_FN(cp_einit)},
    {OSSL_FUNC_CIPHER_DECRYPT_INIT, SIMD_FN(cp_dinit)},
    {OSSL_FUNC_CIPHER_UPDATE, SIMD_FN(cp_update)},
    {OSSL_FUNC_CIPHER_FINAL, SIMD_FN(cp_final)},
    {OSSL_FUNC_CIPHER_CIPHER, SIMD_FN(cp_cipher)},
    {OSSL_FUNC_CIPHER_GET_PARAMS, SIMD_FN(cp_get_params)},
    {OSSL_FUNC_CIPHER_GETTABLE_PARAMS, SIMD_FN(cp_gettable_params)},
    {OSSL_FUNC_CIPHER_GET_CTX_PARAMS, SIMD_FN(cp_get_ctx_params)},
    {OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, SIMD_FN(cp_gettable_ctx_params)},
    {OSSL_FUNC_CIPHER_SET_CTX_PARAMS, SIMD_FN(cp_set_ctx_params)},
    {OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, SIMD_FN(cp_settable_ctx_params)},
    {0, NULL},
};
