/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The stitched ChaCha20-Poly1305 ABI (asm/kernels.h) in portable C: each
 * 64-byte block through the portable ChaCha20 and Poly1305 kernels, the
 * MAC reading the ciphertext (after the XOR on seal, before it on open, so
 * in place works). The reference the stitched kernels are tested against;
 * the glue never calls it (its two passes over the chosen kernels are
 * what "portable" means for this table).
 */
#include "../kernels.h"

SIMD_CHACHA20_POLY1305_KERNEL(chacha20_poly1305_portable)
{
    uint32_t ctr[4] = {kc[8], kc[9], kc[10], kc[11]};

    for (size_t off = 0; off < len; off += SIMD_CHACHA20_BLOCK, ctr[0]++) {
        if (!enc)
            poly1305_blocks_portable(st, in + off, SIMD_CHACHA20_BLOCK, 1);
        chacha20_xor_portable(out + off, in + off, SIMD_CHACHA20_BLOCK, kc,
                              ctr);
        if (enc)
            poly1305_blocks_portable(st, out + off, SIMD_CHACHA20_BLOCK, 1);
    }
}
