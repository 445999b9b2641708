/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The ppc64le Poly1305 vector path (POWER9+): whole 128-byte groups through
 * poly1305_power9_groups (vmsumudm, radix 2^44), everything else through the
 * scalar kernel, split by length. The entry, poly1305_blocks_power9, is in
 * assembly (poly1305_entry.S) and applies the rule below; this file has
 * the long side, poly1305_power9_long, and the table build.
 *
 * The group kernel's fixed cost is the table (r^1..r^8 in radix 2^44 with
 * the 20x multiples: seven multiplications here, once per key) and the
 * conversions of h and the register set-up, once per call. Below the
 * crossover that outweighs its 14 instructions per block against the scalar
 * kernel's 29, so (counted under qemu, asm/ppc64le/README.md):
 * - fresh key (every AEAD message and TLS record keys Poly1305 anew): a
 *   call of POWER9_MIN_FRESH bytes or more builds the table;
 * - table built under this key: from POWER9_MIN_CACHED bytes.
 * A key fed in many short calls (a streaming MAC) counts its bytes
 * (table_of POLY1305_TABLE_POWER9_SEEN, the count in table[0]); once they
 * reach POWER9_MIN_FRESH the next call of POWER9_MIN_CACHED bytes builds
 * the table. table_of and the count follow from lengths only: not secret.
 * Past the groups, the 1..7 blocks left go to the scalar kernel.
 *
 * All arithmetic here is branch-free on key and message (constant time).
 */
#include <stddef.h>

#include "kernels.h"
#include "poly1305_power9.h"

_Static_assert(offsetof(simd_poly1305, h) == 0, "h offset");
_Static_assert(offsetof(simd_poly1305, r) == 24, "r offset");
_Static_assert(SIMD_POLY1305_TABLE_WORDS >= 2 * 20, "power9 table size");

#define M44 ((UINT64_C(1) << 44) - 1)
#define M42 ((UINT64_C(1) << 42) - 1)

_Static_assert(offsetof(simd_poly1305, table_of) == POLY1305_OFF_TABLE_OF,
               "table_of offset");
_Static_assert(offsetof(simd_poly1305, table) == POLY1305_OFF_TABLE,
               "table offset");
_Static_assert(POWER9_GROUP == 8 * SIMD_POLY1305_BLOCK, "group size");
_Static_assert(POLY1305_TABLE_POWER9_SEEN & SIMD_POLY1305_TABLE_PUBLIC,
               "the seen count is no key material");
_Static_assert(!(POLY1305_TABLE_POWER9 & SIMD_POLY1305_TABLE_PUBLIC),
               "the powers are key material");

typedef unsigned __int128 u128;

/*
 * out = a*b mod p in radix 2^44 (limbs < 2^44 + 2^13 in, out b0, b1 < 2^44
 * and b2 < 2^42 + 2^13): the products stay below 2^95.
 */
static void mul44(uint64_t out[3], const uint64_t a[3], const uint64_t b[3])
{
    uint64_t b1x = 20 * b[1], b2x = 20 * b[2], h0, h1, h2;
    u128 d0 = (u128)a[0] * b[0] + (u128)a[1] * b2x + (u128)a[2] * b1x;
    u128 d1 = (u128)a[0] * b[1] + (u128)a[1] * b[0] + (u128)a[2] * b2x;
    u128 d2 = (u128)a[0] * b[2] + (u128)a[1] * b[1] + (u128)a[2] * b[0];

    d1 += (uint64_t)(d0 >> 44);
    h0 = (uint64_t)d0 & M44;
    d2 += (uint64_t)(d1 >> 44);
    h1 = (uint64_t)d1 & M44;
    h2 = (uint64_t)d2 & M42;
    h0 += 5 * (uint64_t)(d2 >> 42);
    h1 += h0 >> 44;
    h0 &= M44;
    h2 += h1 >> 44;
    h1 &= M44;
    out[0] = h0;
    out[1] = h1;
    out[2] = h2;
}

/* Entry 5p + j of pair p: (limb of r^(8-2p), limb of r^(7-2p)), j = b0,
 * b1, b2, 20b1, 20b2 (poly1305_power9.S). */
static void build_table(simd_poly1305 *st)
{
    uint64_t pw[9][3];
    const uint64_t r0 = st->r[0], r1 = st->r[1];

    pw[1][0] = r0 & M44;
    pw[1][1] = (r0 >> 44 | r1 << 20) & M44;
    pw[1][2] = r1 >> 24;
    for (int k = 2; k <= 8; k++)
        mul44(pw[k], pw[k - 1], pw[1]);
    for (int p = 0; p < 4; p++)
        for (int lane = 0; lane < 2; lane++) {
            const uint64_t *b = pw[8 - 2 * p - lane];
            uint64_t *e = &st->table[10 * p + lane];

            e[0] = b[0];
            e[2] = b[1];
            e[4] = b[2];
            e[6] = 20 * b[1];
            e[8] = 20 * b[2];
        }
    st->table_of = POLY1305_TABLE_POWER9;
}

typedef void groups_fn(uint64_t acc[3], const uint8_t *in, size_t groups,
                       const uint64_t *table, uint64_t pad40);

static inline void run_groups(groups_fn *fn, simd_poly1305 *st,
                              const uint8_t *in, size_t groups, uint32_t padbit)
{
    uint64_t acc[3];
    u128 t, hi;

    acc[0] = st->h[0] & M44;
    acc[1] = (st->h[0] >> 44 | st->h[1] << 20) & M44;
    acc[2] = st->h[1] >> 24 | st->h[2] << 40;
    fn(acc, in, groups, st->table, (uint64_t)padbit << 40);
    /* acc: h0 < 2^44, h1 < 2^44 + 2^12, h2 < 2^42, so h[2] < 5 */
    t = ((u128)acc[1] << 44) + acc[0];
    hi = (t >> 64) + ((u128)acc[2] << 24);
    st->h[0] = (uint64_t)t;
    st->h[1] = (uint64_t)hi;
    st->h[2] = (uint64_t)(hi >> 64);
}

static inline void long_path(groups_fn *fn, simd_poly1305 *st,
                             const uint8_t *in, size_t len, uint32_t padbit)
{
    size_t groups = len / POWER9_GROUP, done = groups * POWER9_GROUP;

    if (st->table_of != POLY1305_TABLE_POWER9)
        build_table(st);
    run_groups(fn, st, in, groups, padbit);
    if (len > done)
        poly1305_blocks_scalar(st, in + done, len - done, padbit);
}

/* Called by the entries (poly1305_entry.S) at or above the crossover. */
void poly1305_power9_long(simd_poly1305 *st, const uint8_t *in, size_t len,
                          uint32_t padbit)
{
    long_path(poly1305_power9_groups, st, in, len, padbit);
}

void poly1305_power10_long(simd_poly1305 *st, const uint8_t *in, size_t len,
                           uint32_t padbit)
{
    long_path(poly1305_power10_groups, st, in, len, padbit);
}
