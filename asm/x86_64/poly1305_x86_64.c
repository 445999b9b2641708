/*
 * x86_64 Poly1305 entries: each routes a message (whole 16-byte blocks,
 * asm/kernels.h) by length between a vector kernel and a scalar one.
 */
#include <stddef.h>

#include "kernels.h"

/* The offsets poly1305_avx512ifma.S hard-codes. */
_Static_assert(offsetof(simd_poly1305, h) == 0, "ST_H");
_Static_assert(offsetof(simd_poly1305, r) == 24, "ST_R");
_Static_assert(offsetof(simd_poly1305, table_of) == 56, "ST_TABLE_OF");
_Static_assert(offsetof(simd_poly1305, table) == 64, "ST_TABLE");
_Static_assert(SIMD_POLY1305_TABLE_WORDS >= 5 * 8, "five rows of r^8..r^1");

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
