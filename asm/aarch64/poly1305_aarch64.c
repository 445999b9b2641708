/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aarch64 Poly1305 with NEON: the table of powers of r, the radix
 * conversions around the vector body (poly1305_neon.S) and the entry that
 * routes by length between it and the scalar kernel (poly1305_scalar.S).
 *
 * The vector body runs whole 128-byte groups; each call pays a fixed cost
 * (h to radix 2^26 and back, the last group's per-lane powers, the lane
 * sum) and, when the table holds no NEON powers for this key, the table
 * build (r^2..r^8 in radix 2^26 with their 5x multiples). Two crossovers,
 * both measured in executed instructions (asm/aarch64/README.md):
 * - table to build (TLS and every AEAD message set a new Poly1305 key):
 *   calls of POLY1305_NEON_MIN_FRESH bytes or more build it and run the
 *   vector body; shorter calls go to the scalar kernel;
 * - table built: from POLY1305_NEON_MIN_CACHED bytes.
 * A key fed in many short calls (a streaming MAC) would never build its
 * table, so shorter calls are counted (table_of POLY1305_TABLE_NEON_SEEN,
 * the count in table[0]); once they reach POLY1305_NEON_MIN_FRESH bytes the
 * cached crossover applies and the next long enough call builds it. The
 * count follows from lengths only: not secret. The blocks after the last
 * whole group go to the scalar kernel.
 */
#include <arm_neon.h>
#include <stddef.h>

#include "kernels.h"
#include "../poly1305_split.h"

enum {
    POLY1305_NEON_GROUP = 8 * SIMD_POLY1305_BLOCK,
    POLY1305_NEON_MIN_CACHED = 256,
    POLY1305_NEON_MIN_FRESH = 768,
};

/* Table layout in 32-bit words, as poly1305_neon.S loads it:
 *   [0, 36)    by element: for r^8, r^6, r^4, r^2 in turn {r0 r1 r2 r3}
 *              {r4 5r1 5r2 5r3}, then {5r4} of the four;
 *   [36, 72)   per coefficient (r0..r4, 5r1..5r4) {r^8 r^7 r^6 r^5};
 *   [72, 108)  per coefficient {r^4 r^3 r^2 r^1}. */
#define NEON_TABLE_WORDS32 108
_Static_assert(SIMD_POLY1305_TABLE_WORDS * 2 >= NEON_TABLE_WORDS32,
               "neon table size");

#define M26 0x3ffffffu

/* One carry of the radix-2^26 chain, two lanes: hi += lo >> 26, lo &= m. */
__attribute__((always_inline)) static inline void
carry26(uint64x2_t *hi, uint64x2_t *lo, uint64x2_t m)
{
    *hi = vsraq_n_u64(*hi, *lo, 26);
    *lo = vandq_u64(*lo, m);
}

/* Two lanes of a * b mod p in radix 2^26 (limbs below 2^27, so the sums
 * stay below 2^60): limbs below 2^26 + 2^12, the body's carry pass. */
__attribute__((always_inline)) static inline void mul26x2(uint32x2_t out[5], const uint32x2_t a[5],
                    const uint32x2_t b[5])
{
    const uint64x2_t m = vdupq_n_u64(M26);
    uint32x2_t s1 = vmul_n_u32(b[1], 5), s2 = vmul_n_u32(b[2], 5);
    uint32x2_t s3 = vmul_n_u32(b[3], 5), s4 = vmul_n_u32(b[4], 5);
    uint64x2_t d0, d1, d2, d3, d4, c;

    d0 = vmull_u32(a[0], b[0]);
    d0 = vmlal_u32(d0, a[1], s4);
    d0 = vmlal_u32(d0, a[2], s3);
    d0 = vmlal_u32(d0, a[3], s2);
    d0 = vmlal_u32(d0, a[4], s1);
    d1 = vmull_u32(a[0], b[1]);
    d1 = vmlal_u32(d1, a[1], b[0]);
    d1 = vmlal_u32(d1, a[2], s4);
    d1 = vmlal_u32(d1, a[3], s3);
    d1 = vmlal_u32(d1, a[4], s2);
    d2 = vmull_u32(a[0], b[2]);
    d2 = vmlal_u32(d2, a[1], b[1]);
    d2 = vmlal_u32(d2, a[2], b[0]);
    d2 = vmlal_u32(d2, a[3], s4);
    d2 = vmlal_u32(d2, a[4], s3);
    d3 = vmull_u32(a[0], b[3]);
    d3 = vmlal_u32(d3, a[1], b[2]);
    d3 = vmlal_u32(d3, a[2], b[1]);
    d3 = vmlal_u32(d3, a[3], b[0]);
    d3 = vmlal_u32(d3, a[4], s4);
    d4 = vmull_u32(a[0], b[4]);
    d4 = vmlal_u32(d4, a[1], b[3]);
    d4 = vmlal_u32(d4, a[2], b[2]);
    d4 = vmlal_u32(d4, a[3], b[1]);
    d4 = vmlal_u32(d4, a[4], b[0]);

    carry26(&d1, &d0, m);
    carry26(&d4, &d3, m);
    carry26(&d2, &d1, m);
    c = vshrq_n_u64(d4, 26);
    d4 = vandq_u64(d4, m);
    d0 = vaddq_u64(d0, vaddq_u64(c, vshlq_n_u64(c, 2)));
    carry26(&d3, &d2, m);
    carry26(&d1, &d0, m);
    carry26(&d4, &d3, m);
    out[0] = vmovn_u64(d0);
    out[1] = vmovn_u64(d1);
    out[2] = vmovn_u64(d2);
    out[3] = vmovn_u64(d3);
    out[4] = vmovn_u64(d4);
}

/* Coefficients 5r1..5r4 of four powers, and the by-element rows
 * ({r0 r1 r2 r3}, {r4 5r1 5r2 5r3}) of the powers in lanes 0 and 2. */
static void by_element(uint32_t *t, const uint32x4_t p[5],
                       const uint32x4_t s[5])
{
    uint32x4_t a = vuzp1q_u32(p[0], p[1]), b = vuzp1q_u32(p[2], p[3]);
    uint32x4_t c = vuzp1q_u32(p[4], s[1]), d = vuzp1q_u32(s[2], s[3]);

    vst1q_u32(t, vuzp1q_u32(a, b));      /* lane 0 */
    vst1q_u32(t + 4, vuzp1q_u32(c, d));
    vst1q_u32(t + 8, vuzp2q_u32(a, b));  /* lane 2 */
    vst1q_u32(t + 12, vuzp2q_u32(c, d));
}

/* The table (layout above) from r: r^2 = r*r, {r^4 r^3} = r^2*{r^2 r},
 * {r^8 r^7 r^6 r^5} = r^4*{r^4 r^3 r^2 r}: four two-lane products, 355
 * instructions. Out of line: once per key, and its cost is counted apart
 * from the body's (tools/count-insns-qemu.sh by function). */
__attribute__((noinline)) static void neon_table(simd_poly1305 *st)
{
    uint64_t r0 = st->r[0], r1 = st->r[1];
    uint32_t *t = (uint32_t *)st->table;
    uint32x2_t r[5], r2[5], b1[5], c[5], lo[5], hi[5];
    uint32x4_t m[5], l[5], ms[5], ls[5];

    r[0] = vdup_n_u32((uint32_t)r0 & M26);
    r[1] = vdup_n_u32((uint32_t)(r0 >> 26) & M26);
    r[2] = vdup_n_u32((uint32_t)((r0 >> 52) | (r1 << 12)) & M26);
    r[3] = vdup_n_u32((uint32_t)(r1 >> 14) & M26);
    r[4] = vdup_n_u32((uint32_t)(r1 >> 40));
    mul26x2(r2, r, r);
    for (int i = 0; i < 5; i++)
        b1[i] = vzip1_u32(r2[i], r[i]); /* {r^2 r} */
    mul26x2(c, r2, b1);                  /* {r^4 r^3} */
    for (int i = 0; i < 5; i++) {
        m[i] = vcombine_u32(c[i], b1[i]); /* {r^4 r^3 r^2 r} */
        c[i] = vdup_lane_u32(c[i], 0);
    }
    for (int i = 0; i < 5; i++)
        b1[i] = vget_low_u32(m[i]);
    mul26x2(lo, c, b1); /* {r^8 r^7} */
    for (int i = 0; i < 5; i++)
        b1[i] = vget_high_u32(m[i]);
    mul26x2(hi, c, b1); /* {r^6 r^5} */
    for (int i = 0; i < 5; i++) {
        l[i] = vcombine_u32(lo[i], hi[i]);
        ls[i] = vmulq_n_u32(l[i], 5);
        ms[i] = vmulq_n_u32(m[i], 5);
    }

    by_element(t, l, ls);      /* r^8, r^6 */
    by_element(t + 16, m, ms); /* r^4, r^2 */
    /* {5r4} of r^8, r^6, r^4, r^2; the 8-word blocks go r^8, r^6, r^4,
     * r^2 as the body loads them */
    vst1q_u32(t + 32, vuzp1q_u32(ls[4], ms[4]));
    for (int j = 0; j < 5; j++) {
        vst1q_u32(t + 36 + 4 * j, l[j]);
        vst1q_u32(t + 72 + 4 * j, m[j]);
    }
    for (int j = 1; j < 5; j++) {
        vst1q_u32(t + 36 + 16 + 4 * j, ls[j]);
        vst1q_u32(t + 72 + 16 + 4 * j, ms[j]);
    }
    st->table_of = POLY1305_TABLE_NEON;
}

void poly1305_blocks_neon_8x(simd_poly1305 *st, const uint8_t *in, size_t len,
                             uint32_t padbit)
{
    size_t groups = len / POLY1305_NEON_GROUP;
    uint64_t h0 = st->h[0], h1 = st->h[1], h2 = st->h[2], c;
    uint32_t hl[10] = {0};
    uint64_t t[5];
    unsigned __int128 x;

    if (groups == 0)
        return;
    if (st->table_of != POLY1305_TABLE_NEON)
        neon_table(st);

    /* h < 2^131: limb 4 below 2^27, in lane 0 */
    hl[0] = (uint32_t)h0 & M26;
    hl[2] = (uint32_t)(h0 >> 26) & M26;
    hl[4] = (uint32_t)((h0 >> 52) | (h1 << 12)) & M26;
    hl[6] = (uint32_t)(h1 >> 14) & M26;
    hl[8] = (uint32_t)((h1 >> 40) | (h2 << 24));

    poly1305_neon_core(hl, in, groups, padbit, (const uint32_t *)st->table);

    /* Lane sum (limbs below 2^28), the top limb carried back times 5 so
     * that h2 ends below 8. */
    for (int i = 0; i < 5; i++)
        t[i] = (uint64_t)hl[2 * i] + hl[2 * i + 1];
    c = t[4] >> 26;
    t[4] &= M26;
    t[0] += 5 * c;
    x = (unsigned __int128)t[0] + ((unsigned __int128)t[1] << 26) +
        ((unsigned __int128)t[2] << 52);
    st->h[0] = (uint64_t)x;
    x = (x >> 64) + ((unsigned __int128)t[3] << 14) +
        ((unsigned __int128)t[4] << 40);
    st->h[1] = (uint64_t)x;
    st->h[2] = (uint64_t)(x >> 64);
}

/* poly1305_blocks_neon: the split of a call (../poly1305_split.h). */
SIMD_POLY1305_SPLIT_ENTRY(poly1305_blocks_neon,
                          poly1305_blocks_neon_8x, poly1305_blocks_aarch64,
                          POLY1305_TABLE_NEON, POLY1305_TABLE_NEON_SEEN,
                          POLY1305_NEON_GROUP, POLY1305_NEON_MIN_CACHED,
                          POLY1305_NEON_MIN_FRESH)
