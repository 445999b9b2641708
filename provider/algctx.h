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

#endif
