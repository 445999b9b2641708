/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What a Poly1305 state's accumulator is worth: kernels may leave h in
 * different partially reduced forms (h[2] < 8), so the suites compare
 * h mod p, fully reduced, never the limbs. Written apart from the portable
 * kernel's own emit (branches are fine here) so that a shared mistake in
 * the reduction does not hide itself; all 130 bits are kept, where the
 * tag would drop the top two.
 */
#ifndef SIMDPROV_TEST_POLY1305_VALUE_H
#define SIMDPROV_TEST_POLY1305_VALUE_H

#include <stdint.h>

#include "../../asm/kernels.h"

/* h0 + h1*2^64 + h2*2^128 mod 2^130 - 5, into v[0..2] (v[2] < 4). h[2] is
 * not limited to 8 (up to 2^63), so a broken kernel's state still compares. */
static inline void tu_poly1305_value(const simd_poly1305 *st, uint64_t v[3])
{
    uint64_t h0 = st->h[0], h1 = st->h[1], h2 = st->h[2];

    /* Fold everything from 2^130 up, times 5, until below 2^130 + 2^64. */
    while (h2 >= 4) {
        uint64_t add = (h2 >> 2) * 5;

        h2 &= 3;
        h0 += add;
        if (h0 < add && ++h1 == 0)
            h2++;
    }
    /* Now h < 2^130; h >= p only when h2 = 3, h1 = ~0 and h0 >= 2^64 - 5. */
    if (h2 == 3 && h1 == ~(uint64_t)0 && h0 >= (uint64_t)0 - 5) {
        h0 += 5; /* wraps: h - p = h0 + 5 - 2^64 */
        h1 = 0;
        h2 = 0;
    }
    v[0] = h0;
    v[1] = h1;
    v[2] = h2;
}

/* Whether two states' accumulators are equal mod p. */
static inline int tu_poly1305_same_h(const simd_poly1305 *a,
                                     const simd_poly1305 *b)
{
    uint64_t va[3], vb[3];

    tu_poly1305_value(a, va);
    tu_poly1305_value(b, vb);
    return va[0] == vb[0] && va[1] == vb[1] && va[2] == vb[2];
}

#endif
