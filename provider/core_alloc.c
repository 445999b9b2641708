/* SPDX-License-Identifier: Apache-2.0 */
#include "core_alloc.h"

#include <string.h>

const OSSL_DISPATCH *simd_core_function(const OSSL_DISPATCH *in, int id)
{
    const OSSL_DISPATCH *found = NULL;

    for (; in->function_id != 0; in++)
        if (in->function_id == id)
            found = in;
    return found;
}

int simd_core_alloc_init(simd_core_alloc *a, const OSSL_DISPATCH *in)
{
    const OSSL_DISPATCH *z = simd_core_function(in, OSSL_FUNC_CRYPTO_ZALLOC);
    const OSSL_DISPATCH *f = simd_core_function(in, OSSL_FUNC_CRYPTO_FREE);
    const OSSL_DISPATCH *c =
        simd_core_function(in, OSSL_FUNC_CRYPTO_CLEAR_FREE);

    a->zalloc = z != NULL ? OSSL_FUNC_CRYPTO_zalloc(z) : NULL;
    a->free = f != NULL ? OSSL_FUNC_CRYPTO_free(f) : NULL;
    a->clear_free = c != NULL ? OSSL_FUNC_CRYPTO_clear_free(c) : NULL;
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
