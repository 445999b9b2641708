/* SPDX-License-Identifier: Apache-2.0 */
/*
 * MD5 as OpenSSL 3.0's default provider does it: blocksize 64, size 16;
 * final fails for an output buffer under 16 bytes; dupctx is a plain copy.
 * The message length is a 64-bit count of bytes (the bit count is taken
 * modulo 2^64, as RFC 1321 says). After final, OpenSSL keeps the state words
 * and the length and empties the buffer, so an update after final continues
 * from there; this file does the same.
 */
#include <stddef.h>
#include <string.h>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

#include "../asm/le.h"
#include "algctx.h"
#include "algorithms.h"
#include "dispatch.h"
#include "errors.h"
#include "params.h"
#include "secmem.h"

#define MD5_SIZE 16
#define BLOCK SIMD_MD5_BLOCK

typedef struct {
    const simd_provctx *prov; /* first: see algctx.h */
    simd_md5_fn blocks;
    uint32_t state[4];
    uint64_t nbytes;   /* message length so far */
    unsigned int used; /* bytes waiting in buf */
    uint8_t buf[BLOCK];
} md5_ctx;

static void *md5_newctx(void *provctx)
{
    md5_ctx *ctx = simd_algctx_new(provctx, sizeof(*ctx));

    if (ctx != NULL)
        ctx->blocks = simd_algctx_kernel(ctx, SIMD_ALG_MD5)->fn.md5;
    return ctx;
}

SIMD_ALGCTX_FREE_DUP(md5, md5_ctx)

/*
 * 3.5's digest copy (EVP_MD_CTX_copy_ex into a context that already holds
 * this algorithm from this provider: EVP then copies into its existing
 * algorithm context instead of freeing it and calling dupctx). As default's
 * MD5: the whole state of src replaces dst's, whatever dst held; the
 * provider and kernel pointers are the same in both (one provider
 * context). 3.0's headers lack the id, and a 3.0-3.4 core skips ids it does
 * not know, so one binary offers it where the core has it.
 */
#ifndef OSSL_FUNC_DIGEST_COPYCTX
#define OSSL_FUNC_DIGEST_COPYCTX 15
#endif
static void md5_copyctx(void *vdst, void *vsrc)
{
    if (vdst != NULL && vsrc != NULL && vdst != vsrc)
        memcpy(vdst, vsrc, sizeof(md5_ctx));
}

static int md5_init(void *vctx, const OSSL_PARAM params[])
{
    md5_ctx *ctx = vctx;

    (void)params; /* MD5 has no settable parameters */
    if (ctx == NULL)
        return 0;
    ctx->state[0] = 0x67452301;
    ctx->state[1] = 0xefcdab89;
    ctx->state[2] = 0x98badcfe;
    ctx->state[3] = 0x10325476;
    ctx->nbytes = 0;
    ctx->used = 0;
    return 1;
}

static int md5_update(void *vctx, const unsigned char *in, size_t inl)
{
    md5_ctx *ctx = vctx;
    size_t whole;

    if (ctx == NULL)
        return 0;
    if (inl == 0)
        return 1;
    if (in == NULL) {
        SIMD_RAISE(ctx->prov, SIMD_R_NULL_ARGUMENT);
        return 0;
    }
    ctx->nbytes += inl;
    if (ctx->used > 0) {
        size_t take = BLOCK - ctx->used;

        if (take > inl)
            take = inl;
        memcpy(ctx->buf + ctx->used, in, take);
        ctx->used += (unsigned int)take;
        in += take;
        inl -= take;
        if (ctx->used < BLOCK)
            return 1;
        ctx->blocks(ctx->state, ctx->buf, 1);
        ctx->used = 0;
    }
    whole = inl / BLOCK;
    if (whole > 0) {
        ctx->blocks(ctx->state, in, whole);
        in += whole * BLOCK;
        inl -= whole * BLOCK;
    }
    if (inl > 0) {
        memcpy(ctx->buf, in, inl);
        ctx->used = (unsigned int)inl;
    }
    return 1;
}

static int md5_final(void *vctx, unsigned char *out, size_t *outl,
                     size_t outsz)
{
    md5_ctx *ctx = vctx;
    unsigned int n;

    if (ctx == NULL || outl == NULL)
        return 0;
    if (outsz < MD5_SIZE) {
        SIMD_RAISE_MSG(ctx->prov, SIMD_R_OUTPUT_BUFFER_TOO_SMALL,
                       "MD5 needs %d bytes, have %zu", MD5_SIZE, outsz);
        return 0;
    }
    if (out == NULL) {
        SIMD_RAISE(ctx->prov, SIMD_R_NULL_ARGUMENT);
        return 0;
    }
    n = ctx->used;
    ctx->buf[n++] = 0x80;
    if (n > BLOCK - 8) {
        memset(ctx->buf + n, 0, BLOCK - n);
        ctx->blocks(ctx->state, ctx->buf, 1);
        n = 0;
    }
    memset(ctx->buf + n, 0, BLOCK - 8 - n);
    le32_store(ctx->buf + BLOCK - 8, (uint32_t)(ctx->nbytes << 3));
    le32_store(ctx->buf + BLOCK - 4, (uint32_t)(ctx->nbytes >> 29));
    ctx->blocks(ctx->state, ctx->buf, 1);
    for (int i = 0; i < 4; i++)
        le32_store(out + 4 * i, ctx->state[i]);
    /* The message tail is not needed any more: do not leave it behind. */
    simd_cleanse(ctx->buf, sizeof(ctx->buf));
    ctx->used = 0;
    *outl = MD5_SIZE;
    return 1;
}

static const OSSL_PARAM md5_known_gettable_params[] = {
    OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_BLOCK_SIZE, NULL),
    OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, NULL),
    OSSL_PARAM_int(OSSL_DIGEST_PARAM_XOF, NULL),
    OSSL_PARAM_int(OSSL_DIGEST_PARAM_ALGID_ABSENT, NULL),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *md5_gettable_params(void *provctx)
{
    (void)provctx;
    return md5_known_gettable_params;
}

static int md5_get_params(OSSL_PARAM params[])
{
    return simd_param_set_size(params, OSSL_DIGEST_PARAM_BLOCK_SIZE, BLOCK) &&
           simd_param_set_size(params, OSSL_DIGEST_PARAM_SIZE, MD5_SIZE) &&
           simd_param_set_int(params, OSSL_DIGEST_PARAM_XOF, 0) &&
           simd_param_set_int(params, OSSL_DIGEST_PARAM_ALGID_ABSENT, 0);
}

const OSSL_DISPATCH simd_md5_functions[] = {
    {OSSL_FUNC_DIGEST_NEWCTX, SIMD_FN(md5_newctx)},
    {OSSL_FUNC_DIGEST_FREECTX, SIMD_FN(md5_freectx)},
    {OSSL_FUNC_DIGEST_DUPCTX, SIMD_FN(md5_dupctx)},
    {OSSL_FUNC_DIGEST_COPYCTX, SIMD_FN(md5_copyctx)},
    {OSSL_FUNC_DIGEST_INIT, SIMD_FN(md5_init)},
    {OSSL_FUNC_DIGEST_UPDATE, SIMD_FN(md5_update)},
    {OSSL_FUNC_DIGEST_FINAL, SIMD_FN(md5_final)},
    {OSSL_FUNC_DIGEST_GET_PARAMS, SIMD_FN(md5_get_params)},
    {OSSL_FUNC_DIGEST_GETTABLE_PARAMS, SIMD_FN(md5_gettable_params)},
    {0, NULL},
};
