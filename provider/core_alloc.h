/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Memory through the core's upcalls, not libcrypto's exported CRYPTO_*: the
 * module then needs no libcrypto symbol at all (it loads into programs that
 * link OpenSSL statically, and into Python, which opens libcrypto
 * RTLD_LOCAL). The upcalls are that core's CRYPTO_malloc family, so an
 * application's CRYPTO_set_mem_functions still sees every block.
 *
 * The pointers live in each provider context, not in globals: two
 * libcryptos in one process (a static one in the program, a shared one in a
 * library) each hand their own allocator, and a block must go back to the
 * allocator that made it. Every algorithm context records its provider
 * context, so new, dup and free all reach the right one.
 */
#ifndef SIMDPROV_CORE_ALLOC_H
#define SIMDPROV_CORE_ALLOC_H

#include <stddef.h>

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

typedef struct {
    OSSL_FUNC_CRYPTO_zalloc_fn *zalloc;
    OSSL_FUNC_CRYPTO_free_fn *free;
    OSSL_FUNC_CRYPTO_clear_free_fn *clear_free;
} simd_core_alloc;

/* The core's entry for function_id in its dispatch table `in` (the last one,
 * should the table name it twice), or NULL. */
const OSSL_DISPATCH *simd_core_function(const OSSL_DISPATCH *in, int id);

/* Picks the upcalls out of the core's dispatch table; 0 if one is missing
 * (provider init then fails: there is nothing to allocate with). */
int simd_core_alloc_init(simd_core_alloc *a, const OSSL_DISPATCH *in);

/* CRYPTO_zalloc / CRYPTO_free / CRYPTO_clear_free / CRYPTO_memdup shapes,
 * through a's upcalls; the file and line they pass are the caller's. */
#define simd_zalloc(a, n) ((a)->zalloc((n), __FILE__, __LINE__))
#define simd_free(a, p) ((a)->free((p), __FILE__, __LINE__))
#define simd_clear_free(a, p, n) ((a)->clear_free((p), (n), __FILE__, __LINE__))
void *simd_memdup_at(const simd_core_alloc *a, const void *src, size_t n,
                     const char *file, int line);
#define simd_memdup(a, src, n)                                                 \
    simd_memdup_at((a), (src), (n), __FILE__, __LINE__)

#endif
