/* SPDX-License-Identifier: Apache-2.0 */
/*
 * loongarch64 Poly1305 entries (lsx, lasx): each splits a message (whole
 * 16-byte blocks, asm/kernels.h) between a vector core's whole groups (2
 * blocks for LSX, 4 for LASX, radix 2^26: poly1305_vec.inc) and the
 * scalar kernel (poly1305_blocks_loongarch64), by length.
 *
 * A core call has a fixed cost the scalar kernel does not: h into 26-bit
 * limbs and back, the lane sum, the last group's multiply by the lane
 * powers, and for a key whose table is not built, r^2..r^L. So there are
 * two crossovers, both measured in instructions under qemu
 * (asm/loongarch64/README.md):
 * - fresh key (every TLS record and AEAD message has a new Poly1305 key):
 *   from MIN_FRESH bytes the table is built and the core runs; shorter
 *   calls go to the scalar kernel;
 * - table built (a streaming MAC's later calls, or a dup'ed state): from
 *   MIN_CACHED bytes.
 * Above the crossover the core takes the whole groups and the scalar
 * kernel the blocks after them. Everything here is constant time: the
 * choices follow from lengths and table_of only.
 */
#include <stddef.h>

#include "kernels.h"

#define M26 0x3ffffffu
#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* The cores' table (poly1305_vec.inc): 9 rows (limbs 0-4 of the lane
 * powers, then 5x limbs 1-4) of one 64-bit word per lane. */
#define POLY_ROWS 9
_Static_assert(SIMD_POLY1305_TABLE_WORDS >= POLY_ROWS * 4, "lasx table size");

void poly1305_lsx_core(uint64_t hv[5][4], const uint8_t *in, size_t len,
                       uint32_t padbit, const uint64_t *table);
void poly1305_lasx_core(uint64_t hv[5][4], const uint8_t *in, size_t len,
                        uint32_t padbit, const uint64_t *table);

typedef uint64_t limbs[5];

/* a * b mod p in radix 2^26 (limbs below 2^27), carried: limbs 0, 2, 3, 4
 * below 2^26, limb 1 below 2^26 + 2^14. */
ALWAYS_INLINE void mul26(limbs out, const limbs a, const limbs b)
{
    uint64_t s1 = 5 * b[1], s2 = 5 * b[2], s3 = 5 * b[3], s4 = 5 * b[4];
    uint64_t d0 = a[0] * b[0] + a[1] * s4 + a[2] * s3 + a[3] * s2 + a[4] * s1;
    uint64_t d1 = a[0] * b[1] + a[1] * b[0] + a[2] * s4 + a[3] * s3 + a[4] * s2;
    uint64_t d2 = a[0] * b[2] + a[1] * b[1] + a[2] * b[0] + a[3] * s4 + a[4] * s3;
    uint64_t d3 = a[0] * b[3] + a[1] * b[2] + a[2] * b[1] + a[3] * b[0] + a[4] * s4;
    uint64_t d4 = a[0] * b[4] + a[1] * b[3] + a[2] * b[2] + a[3] * b[1] + a[4] * b[0];

    d1 += d0 >> 26;
    d2 += d1 >> 26;
    d3 += d2 >> 26;
    d4 += d3 >> 26;
    d0 = (d0 & M26) + 5 * (d4 >> 26);
    out[0] = d0 & M26;
    out[1] = (d1 & M26) + (d0 >> 26);
    out[2] = d2 & M26;
    out[3] = d3 & M26;
    out[4] = d4 & M26;
}

/* h (base 2^64, h2 < 8) as five 26-bit limbs (the top one below 2^27). */
ALWAYS_INLINE void to26(limbs out, uint64_t h0, uint64_t h1, uint64_t h2)
{
    out[0] = h0 & M26;
    out[1] = (h0 >> 26) & M26;
    out[2] = ((h0 >> 52) | (h1 << 12)) & M26;
    out[3] = (h1 >> 14) & M26;
    out[4] = (h1 >> 40) | (h2 << 24);
}

/* Limbs below 2^62 back to base 2^64, h[2] < 4. */
ALWAYS_INLINE void from26(uint64_t h[3], limbs l)
{
    unsigned __int128 t, u;

    l[1] += l[0] >> 26;
    l[0] &= M26;
    l[2] += l[1] >> 26;
    l[1] &= M26;
    l[3] += l[2] >> 26;
    l[2] &= M26;
    l[4] += l[3] >> 26;
    l[3] &= M26;
    l[0] += 5 * (l[4] >> 26);
    l[4] &= M26;
    l[1] += l[0] >> 26;
    l[0] &= M26;
    /* now l0, l2, l3, l4 < 2^26, l1 < 2^26 + 2^14: h < 2^130 + 2^67 */
    t = l[0] + ((unsigned __int128)l[1] << 26) + ((unsigned __int128)l[2] << 52) +
        ((unsigned __int128)l[3] << 78);
    u = (t >> 64) + ((unsigned __int128)l[4] << 40);
    h[0] = (uint64_t)t;
    h[1] = (uint64_t)u;
    h[2] = (uint64_t)(u >> 64);
}

/* st->table for `lanes` lanes: lane j of each row gets r^order[j]. */
ALWAYS_INLINE void build_table(simd_poly1305 *st, size_t lanes,
                               const unsigned order[])
{
    limbs pw[5];
    uint64_t *t = st->table;

    to26(pw[1], st->r[0], st->r[1], 0);
    for (size_t k = 2; k <= lanes; k++)
        mul26(pw[k], pw[k - 1], pw[1]);
    for (size_t j = 0; j < lanes; j++) {
        const uint64_t *p = pw[order[j]];

        for (size_t i = 0; i < 5; i++)
            t[i * lanes + j] = p[i];
        for (size_t i = 1; i < 5; i++)
            t[(4 + i) * lanes + j] = 5 * p[i];
    }
}

typedef void (*core_fn)(uint64_t hv[5][4], const uint8_t *in, size_t len,
                        uint32_t padbit, const uint64_t *table);

/* The whole groups of len (at least one) through the core, the blocks
 * after them through the scalar kernel. */
ALWAYS_INLINE void blocks_long(simd_poly1305 *st, const uint8_t *in, size_t len,
                               uint32_t padbit, size_t lanes, uint64_t id,
                               core_fn core, const unsigned order[])
{
    size_t groups = len & ~(lanes * SIMD_POLY1305_BLOCK - 1);
    uint64_t hv[5][4];
    limbs l;

    if (st->table_of != id) {
        build_table(st, lanes, order);
        st->table_of = id;
    }
    to26(l, st->h[0], st->h[1], st->h[2]);
    for (size_t k = 0; k < 5; k++)
        hv[k][0] = l[k];
    core(hv, in, groups, padbit, st->table);
    for (size_t k = 0; k < 5; k++) {
        l[k] = hv[k][0];
        for (size_t j = 1; j < lanes; j++)
            l[k] += hv[k][j];
    }
    from26(st->h, l);
    if (len > groups)
        poly1305_blocks_loongarch64(st, in + groups, len - groups, padbit);
}

/* Crossovers in bytes: instructions executed under qemu la464, the entry
 * against the scalar kernel (asm/loongarch64/README.md). A fresh key pays
 * for r^2 (LSX) or r^2..r^4 (LASX) and the table; a built table only for
 * the conversions and the last group's lane powers. */
enum {
    POLY1305_LSX_MIN_FRESH = 320,
    POLY1305_LSX_MIN_CACHED = 192,
    POLY1305_LASX_MIN_FRESH = 256,
    POLY1305_LASX_MIN_CACHED = 128,
};
_Static_assert(POLY1305_LSX_MIN_CACHED >= 32 && POLY1305_LASX_MIN_CACHED >= 64,
               "a call the core takes has a whole group");

/* Lane orders for build_table: LASX lanes hold blocks 0, 2, 1, 3 of a
 * group (poly1305_vec.inc). */
static const unsigned lsx_order[2] = {2, 1};
static const unsigned lasx_order[4] = {4, 2, 3, 1};

/* Out of line, so that the short path below has no frame to set up. */
static __attribute__((noinline)) void lsx_long(simd_poly1305 *st,
                                               const uint8_t *in, size_t len,
                                               uint32_t padbit)
{
    blocks_long(st, in, len, padbit, 2, POLY1305_TABLE_LSX, poly1305_lsx_core,
                lsx_order);
}

static __attribute__((noinline)) void lasx_long(simd_poly1305 *st,
                                                const uint8_t *in, size_t len,
                                                uint32_t padbit)
{
    blocks_long(st, in, len, padbit, 4, POLY1305_TABLE_LASX, poly1305_lasx_core,
                lasx_order);
}

/* An entry: the scalar kernel below its crossover (min_cached bytes with
 * the table of kernel id built for this key, min_fresh without), else long_fn. */
ALWAYS_INLINE void blocks_entry(simd_poly1305 *st, const uint8_t *in,
                                size_t len, uint32_t padbit, uint64_t id,
                                size_t min_cached, size_t min_fresh,
                                simd_poly1305_fn long_fn)
{
    if (len < (st->table_of == id ? min_cached : min_fresh))
        poly1305_blocks_loongarch64(st, in, len, padbit);
    else
        long_fn(st, in, len, padbit);
}

void poly1305_blocks_lsx(simd_poly1305 *st, const uint8_t *in, size_t len,
                         uint32_t padbit)
{
    blocks_entry(st, in, len, padbit, POLY1305_TABLE_LSX,
                 POLY1305_LSX_MIN_CACHED, POLY1305_LSX_MIN_FRESH, lsx_long);
}

void poly1305_blocks_lasx(simd_poly1305 *st, const uint8_t *in, size_t len,
                          uint32_t padbit)
{
    blocks_entry(st, in, len, padbit, POLY1305_TABLE_LASX,
                 POLY1305_LASX_MIN_CACHED, POLY1305_LASX_MIN_FRESH, lasx_long);
}
