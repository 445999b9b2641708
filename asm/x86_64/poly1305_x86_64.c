/*
 * x86_64 Poly1305 entries: each splits a message (whole 16-byte blocks,
 * asm/kernels.h) between a vector kernel's whole groups and a scalar
 * kernel, by length.
 *
 * avx2: the 4-block kernel pays a fixed cost per call (radix conversion
 * both ways, the final lane fold) and, when the table holds no AVX2 powers
 * (a fresh key: TLS 1.3 sets a new Poly1305 key per record), the table
 * build, about as much as the scalar kernel spends on 100 bytes. So the
 * crossover depends on whether the table is built (table_of says so; it is
 * not secret): below it the scalar kernel takes the whole input, above it
 * the 4-block kernel takes the whole 64-byte groups and the scalar kernel
 * the 1-3 blocks after them. Both crossovers are measured
 * (asm/x86_64/README.md).
 *
 * The scalar kernel is poly1305_blocks_bmi2 (mulx, poly1305_scalar.S); the
 * crossovers below are measured against it.
 */
#include <stddef.h>

#include "kernels.h"

/* poly1305_avx2.S addresses the state by these offsets and this id. */
_Static_assert(offsetof(simd_poly1305, h) == 0, "h offset");
_Static_assert(offsetof(simd_poly1305, r) == 24, "r offset");
_Static_assert(offsetof(simd_poly1305, table_of) == 56, "table_of offset");
_Static_assert(offsetof(simd_poly1305, table) == 64, "table offset");
_Static_assert(SIMD_POLY1305_TABLE_WORDS * 8 >= 3 * 9 * 32, "avx2 table size");

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
    size_t min = st->table_of == POLY1305_TABLE_AVX2 ? POLY1305_AVX2_MIN_CACHED
                                                     : POLY1305_AVX2_MIN_FRESH;

    if (len < min) {
        POLY1305_SCALAR(st, in, len, padbit);
        return;
    }
    poly1305_blocks_avx2_4x(st, in, groups, padbit);
    if (len > groups)
        POLY1305_SCALAR(st, in + groups, len - groups, padbit);
}
