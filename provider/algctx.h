/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Algorithm contexts (one per EVP_CIPHER_CTX / EVP_MD_CTX): every one starts
 * with the provider context pointer, is zeroed on creation, copied whole by
 * dup and wiped on free, so these helpers serve both algorithms.
 */
#ifndef SIMDPROV_ALGCTX_H
#define SIMDPROV_ALGCTX_H

#include <stddef.h>

#include "prov_ctx.h"

/* The first member of every algorithm context. */
typedef struct {
    const simd_provctx *prov;
} simd_algctx_head;

void *simd_algctx_new(const simd_provctx *prov, size_t size);
void *simd_algctx_dup(const void *ctx, size_t size); /* NULL for NULL */
void simd_algctx_free(void *ctx, size_t size);

/* The provider's chosen kernel row for algorithm alg (SIMD_ALG_*), from a
 * context made by simd_algctx_new. */
#define simd_algctx_kernel(ctx, alg) ((ctx)->prov->choice.kernel[(alg)])

/* An algorithm's freectx and dupctx (PREFIX_freectx, PREFIX_dupctx) for its
 * context type T, which must start with the provider context pointer. */
#define SIMD_ALGCTX_FREE_DUP(PREFIX, T)                                        \
    _Static_assert(offsetof(T, prov) == 0, "algctx.h: prov comes first");    \
    static void PREFIX##_freectx(void *vctx)                                   \
    {                                                                          \
        simd_algctx_free(vctx, sizeof(T));                                     \
    }                                                                          \
    static void *PREFIX##_dupctx(void *vctx)                                   \
    {                                                                          \
        return simd_algctx_dup(vctx, sizeof(T));                               \
    }

#endif
