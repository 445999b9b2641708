/* SPDX-License-Identifier: Apache-2.0 */
#include "core_alloc.h"

#include <string.h>

int simd_core_alloc_init(simd_core_alloc *a, const OSSL_DISPATCH *in)
{
    a->zalloc = NULL;
    a->free = NULL;
    a->clear_free = NULL;
    for (; in->function_id != 0; in++) {
        switch (in->function_id) {
        case OSSL_FUNC_CRYPTO_ZALLOC:
            a->zalloc = OSSL_FUNC_CRYPTO_zalloc(in);
            break;
        case OSSL_FUNC_CRYPTO_FREE:
            a->free = OSSL_FUNC_CRYPTO_free(in);
            break;
        case OSSL_FUNC_CRYPTO_CLEAR_FREE:
            a->clear_free = OSSL_FUNC_CRYPTO_clear_free(in);
            break;
        }
    }
    return a->zalloc != NULL && a->free != NULL && a->clear_free != NULL;
}

/* CRYPTO_memdup's contract (NULL for a NULL source, or when allocation
 * fails), on the zalloc upcall: the zeroing is wasted but keeps the set of
 * upcalls the module needs to three. */
void *simd_memdup_at(const simd_core_alloc *a, const void *src, size_t n,
                     const char *file, int line)
{
    void *p;

    if (src == NULL)
        return NULL;
    p = a->zalloc(n, file, line);
    if (p != NULL)
        memcpy(p, src, n);
    return p;
}
