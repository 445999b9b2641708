/* SPDX-License-Identifier: Apache-2.0 */
/*
 * riscv64 Poly1305 entries around the RVV kernel (poly1305_rvv.S): the
 * table of powers of r it reads, the radix conversion both ways, and the
 * split of a message by length between it and the scalar kernel
 * (poly1305_blocks_rv64, poly1305_rv64.S).
 *
 * The vector kernel takes whole 128-byte groups (eight blocks, one per
 * lane) and pays a fixed cost per call: the conversion of h to 26-bit limbs
 * and back, the final multiply by the lane powers and the lane sum; for a
 * new key also the table (r^1..r^8, eight scalar multiplies and their
 * splitting). The crossovers below are counted in executed instructions
 * (asm/riscv64/README.md), as TLS uses Poly1305: a fresh key per record
 * (POLY1305_RVV_MIN_FRESH) or a table already built (POLY1305_RVV_MIN_CACHED).
 * A key fed in many short calls (a streaming MAC) counts the bytes it gave
 * the scalar kernel (table_of POLY1305_TABLE_RVV_SEEN, the count in
 * table[0]), and once they reach the fresh crossover its next call of
 * the cached crossover or more builds the table. All of it depends on
 * lengths only, never on data.
 */
#include <stddef.h>
#include <string.h>

#include "kernels.h"
#include "../poly1305_split.h"

/* poly1305_rv64.S addresses the state by these offsets. */
_Static_assert(offsetof(simd_poly1305, h) == 0, "h offset");
_Static_assert(offsetof(simd_poly1305, r) == 24, "r offset");
_Static_assert(SIMD_POLY1305_TABLE_WORDS * 8 >= 9 * 8 * 4, "rvv table size");

enum {
    RVV_LANES = 8,
    RVV_GROUP = RVV_LANES * SIMD_POLY1305_BLOCK,
    POLY1305_RVV_MIN_CACHED = 128,
    POLY1305_RVV_MIN_FRESH = 640,
};

#define LIMB_MASK 0x3ffffffu

void poly1305_rvv_8x_core(uint64_t io[5], const uint8_t *in, size_t groups,
                          const uint32_t *table, uint64_t pad24);

/* h (h[2] < 8) fully reduced mod p, as 26-bit limbs (< 2^130). */
static void limbs_reduced(const uint64_t h[3], uint32_t l[5])
{
    uint64_t h0 = h[0], h1 = h[1], h2 = h[2], g0, g1, g2, mask, c;

    /* fold from 2^130 up, then subtract p when h >= p (g = h + 5 - 2^130
     * did not go negative), without branches */
    c = (h2 >> 2) * 5;
    h2 &= 3;
    h0 += c;
    c = h0 < c;
    h1 += c;
    h2 += h1 < c;
    g0 = h0 + 5;
    c = g0 < 5;
    g1 = h1 + c;
    g2 = h2 + (g1 < c);
    mask = 0 - (g2 >> 2);
    h0 = (h0 & ~mask) | (g0 & mask);
    h1 = (h1 & ~mask) | (g1 & mask);
    h2 &= ~mask & 3;

    l[0] = (uint32_t)h0 & LIMB_MASK;
    l[1] = (uint32_t)(h0 >> 26) & LIMB_MASK;
    l[2] = (uint32_t)((h0 >> 52) | (h1 << 12)) & LIMB_MASK;
    l[3] = (uint32_t)(h1 >> 14) & LIMB_MASK;
    l[4] = (uint32_t)((h1 >> 40) | (h2 << 24));
}

/*
 * The table poly1305_rvv.S reads: row k (R0..R4, then 5R1..5R4), lane i,
 * for r^(8 - i). The powers come from the scalar kernel itself: a zero
 * block with padbit 0 multiplies h by r.
 */
__attribute__((noinline)) /* once per key; its own symbol for the counts */
static void build_table(simd_poly1305 *st)
{
    static const uint64_t zero[2];
    uint32_t *t = (uint32_t *)st->table, l[5];
    simd_poly1305 p;

    p.h[0] = 1;
    p.h[1] = p.h[2] = 0;
    p.r[0] = st->r[0];
    p.r[1] = st->r[1];
    for (int k = 1; k <= RVV_LANES; k++) {
        int lane = RVV_LANES - k;

        poly1305_blocks_rv64(&p, (const uint8_t *)zero, SIMD_POLY1305_BLOCK, 0);
        limbs_reduced(p.h, l);
        for (int j = 0; j < 5; j++)
            t[j * RVV_LANES + lane] = l[j];
        for (int j = 1; j < 5; j++)
            t[(4 + j) * RVV_LANES + lane] = 5 * l[j];
    }
    st->table_of = POLY1305_TABLE_RVV;
    /* the stack copies of r^8 are key material too */
    memset(&p, 0, offsetof(simd_poly1305, s));
    memset(l, 0, sizeof(l));
    __asm__ volatile("" : : "r"(&p), "r"(l) : "memory");
}

/* h += the groups (in 4-byte aligned) in 26-bit limbs, then back to base
 * 2^64 with h[2] < 8. */
static void rvv_groups(simd_poly1305 *st, const uint8_t *in, size_t groups,
                       uint32_t padbit)
{
    uint64_t h0 = st->h[0], h1 = st->h[1], d[5], c;
    unsigned __int128 acc;

    d[0] = h0 & LIMB_MASK;
    d[1] = (h0 >> 26) & LIMB_MASK;
    d[2] = ((h0 >> 52) | (h1 << 12)) & LIMB_MASK;
    d[3] = (h1 >> 14) & LIMB_MASK;
    d[4] = (h1 >> 40) | (st->h[2] << 24);
    poly1305_rvv_8x_core(d, in, groups, (const uint32_t *)st->table,
                         (uint64_t)padbit << 24);

    /* the sums (< 2^61) carried to 26 bits each, d4's carry times 5 into
     * d0 (so d1 may end a little over 2^26), then joined */
    for (int k = 0; k < 4; k++) {
        d[k + 1] += d[k] >> 26;
        d[k] &= LIMB_MASK;
    }
    c = d[4] >> 26;
    d[4] &= LIMB_MASK;
    d[0] += c * 5;
    d[1] += d[0] >> 26;
    d[0] &= LIMB_MASK;
    acc = d[0] + ((unsigned __int128)d[1] << 26) +
          ((unsigned __int128)d[2] << 52);
    st->h[0] = (uint64_t)acc;
    acc = (acc >> 64) + ((unsigned __int128)d[3] << 14) +
          ((unsigned __int128)d[4] << 40);
    st->h[1] = (uint64_t)acc;
    st->h[2] = (uint64_t)(acc >> 64); /* d4 < 2^26: at most 3 */
}

/*
 * The vector kernel on whole groups. Its segment load wants 4-byte aligned
 * input; other input goes through an aligned copy on the stack, a few
 * groups at a time (the message is what the MAC is computed over, so the
 * copy is wiped before returning).
 */
void poly1305_blocks_rvv_8x(simd_poly1305 *st, const uint8_t *in, size_t len,
                            uint32_t padbit)
{
    size_t groups = len / RVV_GROUP;

    if (groups == 0)
        return;
    if (st->table_of != POLY1305_TABLE_RVV)
        build_table(st);
    if (((uintptr_t)in & 3) == 0) {
        rvv_groups(st, in, groups, padbit);
        return;
    }

    uint32_t buf[4 * RVV_GROUP / 4];

    while (groups > 0) {
        size_t n = groups < 4 ? groups : 4;

        memcpy(buf, in, n * RVV_GROUP);
        rvv_groups(st, (const uint8_t *)buf, n, padbit);
        in += n * RVV_GROUP;
        groups -= n;
    }
    memset(buf, 0, sizeof(buf));
    __asm__ volatile("" : : "r"(buf) : "memory"); /* keep the wipe */
}

/* poly1305_blocks_rvv: the split of a call (../poly1305_split.h). */
SIMD_POLY1305_SPLIT_ENTRY(poly1305_blocks_rvv,
                          poly1305_blocks_rvv_8x, poly1305_blocks_rv64,
                          POLY1305_TABLE_RVV, POLY1305_TABLE_RVV_SEEN,
                          RVV_GROUP, POLY1305_RVV_MIN_CACHED,
                          POLY1305_RVV_MIN_FRESH)
