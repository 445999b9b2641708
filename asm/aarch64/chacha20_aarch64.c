/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aarch64 ChaCha20 entries that route between two kernels (asm/kernels.h:
 * whole blocks only). An SVE2 batch costs about the same instructions
 * however few of its N blocks a call uses (~805), the NEON one-block path
 * about half that (~406: README.md), so one block or none goes to NEON and
 * everything longer to the SVE2 body.
 */
#include "kernels.h"

void chacha20_xor_sve2(uint8_t *out, const uint8_t *in, size_t len,
                       const uint32_t key[8], const uint32_t ctr[4])
{
    if (len <= SIMD_CHACHA20_BLOCK)
        chacha20_xor_neon(out, in, len, key, ctr);
    else
        chacha20_sve2_blocks(out, in, len, key, ctr);
}

/* The base-SVE batch costs about twice the SVE2 one (no xar), ~1400
 * instructions however few of its N blocks a call uses, while NEON costs
 * ~310 a block: calls of up to SVE_NEON_MAX bytes are cheaper on NEON at
 * every vector length (README.md). */
#define SVE_NEON_MAX (4 * SIMD_CHACHA20_BLOCK)

void chacha20_xor_sve(uint8_t *out, const uint8_t *in, size_t len,
                      const uint32_t key[8], const uint32_t ctr[4])
{
    if (len <= SVE_NEON_MAX)
        chacha20_xor_neon(out, in, len, key, ctr);
    else
        chacha20_sve_blocks(out, in, len, key, ctr);
}
