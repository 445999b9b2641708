/*
 * x86_64 Poly1305 entries: each splits a message (whole 16-byte blocks,
 * asm/kernels.h) between a vector kernel and a scalar kernel, by length.
 *
 * avx2: the 4-block kernel pays a fixed cost per call (radix conversion
 * both ways, the final lane fold) and, when the table holds no AVX2 powers,
 * the table build, about as much as the scalar kernel spends on 100 bytes.
 * So there are two crossovers, both measured (asm/x86_64/README.md):
 * - fresh key (TLS 1.3 and every AEAD message set a new Poly1305 key): a
 *   call of POLY1305_AVX2_MIN_FRESH bytes or more builds the table and runs
 *   the vector kernel; shorter calls go to the scalar kernel;
 * - table built: from POLY1305_AVX2_MIN_CACHED bytes.
 * A key that is fed in many short calls (a streaming MAC) would never
 * build its table, so shorter calls are counted (table_of
 * POLY1305_TABLE_AVX2_SEEN, the count in table[0]) and once earlier calls
 * under the key have reached POLY1305_AVX2_MIN_FRESH bytes the next call of
 * POLY1305_AVX2_MIN_CACHED bytes or more builds it. An AEAD message's AAD
 * and length blocks do not reach that, so its ciphertext call still takes
 * the fresh-key crossover. table_of and the count follow from lengths only:
 * not secret.
 * Above the crossover the 4-block kernel takes the whole 64-byte groups and
 * the scalar kernel the 1-3 blocks after them.
 *
 * The scalar kernel is poly1305_blocks_bmi2 (mulx, poly1305_scalar.S); the
 * crossovers below are measured against it.
 */
#include <stddef.h>

#include "kernels.h"

/* poly1305_avx2.S and poly1305_avx512ifma.S address the state by these
 * offsets. */
_Static_assert(offsetof(simd_poly1305, h) == 0, "h offset");
_Static_assert(offsetof(simd_poly1305, r) == 24, "r offset");
_Static_assert(offsetof(simd_poly1305, table_of) == 56, "table_of offset");
_Static_assert(offsetof(simd_poly1305, table) == 64, "table offset");
_Static_assert(SIMD_POLY1305_TABLE_WORDS * 8 >= 3 * 9 * 32, "avx2 table size");
_Static_assert(SIMD_POLY1305_TABLE_WORDS >= 5 * 8, "ifma: five rows of r^8..r^1");

#define POLY1305_SCALAR poly1305_blocks_bmi2

enum {
    POLY1305_AVX2_GROUP = 4 * SIMD_POLY1305_BLOCK,
    POLY1305_AVX2_MIN_CACHED = 64, /* table built: from one group up */
    POLY1305_AVX2_MIN_FRESH = 320, /* table to build */
};

void poly1305_blocks_avx2(simd_poly1305 *st, const uint8_t *in, size_t len,
                          uint32_t padbit)
{
    size_t groups = len - len % POLY1305_AVX2_GROUP;
    uint64_t seen = st->table_of == POLY1305_TABLE_AVX2_SEEN ? st->table[0] : 0;
    size_t min;

    if (seen > POLY1305_AVX2_MIN_FRESH)
        seen = POLY1305_AVX2_MIN_FRESH;
    min = st->table_of == POLY1305_TABLE_AVX2 || seen >= POLY1305_AVX2_MIN_FRESH
              ? POLY1305_AVX2_MIN_CACHED
              : POLY1305_AVX2_MIN_FRESH;

    if (len < min) {
        if (st->table_of != POLY1305_TABLE_AVX2) {
            /* saturating: only "reached the crossover" matters */
            st->table_of = POLY1305_TABLE_AVX2_SEEN;
            st->table[0] = len < POLY1305_AVX2_MIN_FRESH - seen
                               ? seen + len
                               : POLY1305_AVX2_MIN_FRESH;
        }
        POLY1305_SCALAR(st, in, len, padbit);
        return;
    }
    poly1305_blocks_avx2_4x(st, in, groups, padbit);
    if (len > groups)
        POLY1305_SCALAR(st, in + groups, len - groups, padbit);
}

/*
 * AVX-512 IFMA: below the crossover the vector kernel's fixed cost (the
 * powers of r when the key is new, the lane set-up, the final multiply by
 * the lane powers and the lane sum) outweighs its per-block gain. Measured
 * against the scalar mulx kernel on Zen 4 (asm/x86_64/README.md): with the
 * table cached the vector kernel wins from 96-128 bytes, with a new key per
 * message (TLS 1.3 keys Poly1305 per record, so the AEAD's case) from
 * 224-256; the route takes the second.
 */
#define IFMA_CROSSOVER 256

void poly1305_blocks_avx512ifma(simd_poly1305 *st, const uint8_t *in,
                                size_t len, uint32_t padbit)
{
    if (len < IFMA_CROSSOVER)
        poly1305_blocks_bmi2(st, in, len, padbit);
    else
        poly1305_blocks_ifma_8x(st, in, len, padbit);
}
