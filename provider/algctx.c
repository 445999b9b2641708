/* SPDX-License-Identifier: Apache-2.0 */
#include "algctx.h"

#include "errors.h"

void *simd_algctx_new(const simd_provctx *prov, size_t size)
{
    simd_algctx_head *ctx = simd_zalloc(&prov->alloc, size);

    if (ctx == NULL) {
        SIMD_RAISE(prov, SIMD_R_ALLOCATION_FAILED);
        return NULL;
    }
    ctx->prov = prov;
    return ctx;
}

void *simd_algctx_dup(const void *ctx, size_t size)
{
    const simd_provctx *prov;
    void *dup;

    if (ctx == NULL)
        return NULL;
    prov = ((const simd_algctx_head *)ctx)->prov;
    dup = simd_memdup(&prov->alloc, ctx, size);
    if (dup == NULL)
        SIMD_RAISE(prov, SIMD_R_ALLOCATION_FAILED);
    return dup;
}

void simd_algctx_free(void *ctx, size_t size)
{
    /* Keys, keystream and message bytes must not outlive the context. */
    if (ctx != NULL)
        simd_clear_free(&((const simd_algctx_head *)ctx)->prov->alloc, ctx,
                        size);
}
