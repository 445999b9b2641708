/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The two memory primitives that must survive the optimiser, local to the
 * module (no libcrypto import):
 * - simd_cleanse: a wipe the compiler may not drop as a dead store. memset
 *   then an empty asm that takes the pointer and clobbers memory: the
 *   compiler must assume the asm reads the zeroed bytes, so the stores stay,
 *   and it is still free to inline a small constant-size memset (the per-tag
 *   and per-call wipes on the hot paths). The core's OPENSSL_cleanse upcall
 *   would cost an indirect call into libcrypto each time for the same
 *   guarantee.
 * - simd_memcmp: CRYPTO_memcmp's contract (0 if equal, else nonzero) in time
 *   that depends on n only: every byte is read and the differences OR-ed
 *   into one accumulator, 8 bytes at a time (a 16-byte tag is two words),
 *   and the asm hides the accumulator from the compiler so it cannot turn
 *   the loop into an early exit; the result is arithmetic, not a branch.
 *   Tags are compared with it; test_ct checks it under valgrind with both
 *   inputs secret.
 */
#ifndef SIMDPROV_SECMEM_H
#define SIMDPROV_SECMEM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline void simd_cleanse(void *p, size_t n)
{
    memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");
}

static inline int simd_memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *x = a, *y = b;
    uint64_t acc = 0;
    size_t i = 0;

    for (; i + 8 <= n; i += 8) {
        uint64_t u, v;

        memcpy(&u, x + i, 8);
        memcpy(&v, y + i, 8);
        acc |= u ^ v;
        __asm__("" : "+r"(acc));
    }
    for (; i < n; i++) {
        acc |= (uint64_t)(x[i] ^ y[i]);
        __asm__("" : "+r"(acc));
    }
    return (int)((acc | (0 - acc)) >> 63); /* 1 unless acc is 0 */
}

#endif
