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
#include <stddef.h>
#include <string.h>

#include "kernels.h"

enum {
    POLY1305_NEON_GROUP = 8 * SIMD_POLY1305_BLOCK,
    POLY1305_NEON_MIN_CACHED = 256,
    POLY1305_NEON_MIN_FRESH = 512,
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

/* a * b mod p in radix 2^26 (limbs below 2^27): limbs below 2^26 + 2^12. */
static void mul26(uint32_t out[5], const uint32_t a[5], const uint32_t b[5])
{
    uint64_t s[5], d[5], c;

    for (int i = 1; i < 5; i++)
        s[i] = 5 * (uint64_t)b[i];
    for (int k = 0; k < 5; k++) {
        d[k] = 0;
        for (int i = 0; i < 5; i++) {
            int j = k - i;
            d[k] += (uint64_t)a[i] * (j >= 0 ? b[j] : s[j + 5]);
        }
    }
    for (int k = 0; k < 4; k++) {
        d[k + 1] += d[k] >> 26;
        d[k] &= M26;
    }
    c = d[4] >> 26;
    d[4] &= M26;
    d[0] += 5 * c;
    d[1] += d[0] >> 26;
    d[0] &= M26;
    for (int k = 0; k < 5; k++)
        out[k] = (uint32_t)d[k];
}

/* The nine coefficients the body multiplies by: r0..r4, 5r1..5r4. */
static void coefficients(uint32_t c[9], const uint32_t p[5])
{
    for (int i = 0; i < 5; i++)
        c[i] = p[i];
    for (int i = 1; i < 5; i++)
        c[4 + i] = 5 * p[i];
}

static void neon_table(simd_poly1305 *st)
{
    uint32_t pw[9][5], c[9][9], t[NEON_TABLE_WORDS32];
    uint64_t r0 = st->r[0], r1 = st->r[1];

    pw[1][0] = (uint32_t)r0 & M26;
    pw[1][1] = (uint32_t)(r0 >> 26) & M26;
    pw[1][2] = (uint32_t)((r0 >> 52) | (r1 << 12)) & M26;
    pw[1][3] = (uint32_t)(r1 >> 14) & M26;
    pw[1][4] = (uint32_t)(r1 >> 40);
    for (int k = 2; k <= 8; k++)
        mul26(pw[k], pw[k - 1], pw[1]);
    for (int k = 1; k <= 8; k++)
        coefficients(c[k], pw[k]);

    for (int q = 0; q < 4; q++) { /* r^8, r^6, r^4, r^2 */
        const uint32_t *cq = c[8 - 2 * q];

        for (int i = 0; i < 8; i++)
            t[8 * q + i] = cq[i];
        t[32 + q] = cq[8];
    }
    for (int j = 0; j < 9; j++)
        for (int i = 0; i < 4; i++) {
            t[36 + 4 * j + i] = c[8 - i][j];
            t[72 + 4 * j + i] = c[4 - i][j];
        }
    memcpy(st->table, t, sizeof(t));
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

void poly1305_blocks_neon(simd_poly1305 *st, const uint8_t *in, size_t len,
                          uint32_t padbit)
{
    size_t groups = len - len % POLY1305_NEON_GROUP;
    uint64_t seen = st->table_of == POLY1305_TABLE_NEON_SEEN ? st->table[0] : 0;
    size_t min;

    if (seen > POLY1305_NEON_MIN_FRESH)
        seen = POLY1305_NEON_MIN_FRESH;
    min = st->table_of == POLY1305_TABLE_NEON || seen >= POLY1305_NEON_MIN_FRESH
              ? POLY1305_NEON_MIN_CACHED
              : POLY1305_NEON_MIN_FRESH;

    if (len < min) {
        if (st->table_of != POLY1305_TABLE_NEON) {
            /* saturating: only "reached the crossover" matters */
            st->table_of = POLY1305_TABLE_NEON_SEEN;
            st->table[0] = len < POLY1305_NEON_MIN_FRESH - seen
                               ? seen + len
                               : POLY1305_NEON_MIN_FRESH;
        }
        poly1305_blocks_aarch64(st, in, len, padbit);
        return;
    }
    poly1305_blocks_neon_8x(st, in, groups, padbit);
    if (len > groups)
        poly1305_blocks_aarch64(st, in + groups, len - groups, padbit);
}
