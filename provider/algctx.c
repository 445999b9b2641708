#include "algctx.h"

#include <openssl/crypto.h>

#include "errors.h"

void *simd_algctx_new(const simd_provctx *prov, size_t size)
{
    simd_algctx_head *ctx = OPENSSL_zalloc(size);

    if (ctx == NULL) {
        SIMD_RAISE(prov, SIMD_R_ALLOCATION_FAILED);
        return NULL;
    }
    ctx->prov = prov;
    return ctx;
}

void *simd_algctx_dup(const void *ctx, size_t size)
{
    void *dup;

    if (ctx == NULL)
        return NULL;
    dup = OPENSSL_memdup(ctx, size);
    if (dup == NULL)
        SIMD_RAISE(((const simd_algctx_head *)ctx)->prov,
                   SIMD_R_ALLOCATION_FAILED);
    return dup;
}

void simd_algctx_free(void *ctx, size_t size)
{
    /* Keys, keystream and message bytes must not outlive the context. */
    OPENSSL_clear_free(ctx, size);
}
