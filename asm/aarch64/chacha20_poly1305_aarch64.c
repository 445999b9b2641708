/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aarch64 stitched ChaCha20-Poly1305 entries (asm/kernels.h): whole groups
 * through a stitched body (chacha20_poly1305_neon.S: 256 bytes;
 * chacha20_poly1305_sve2.S: one SVE2 batch, VL/32 blocks), the blocks
 * after the last group through the ChaCha20 kernel of the same family and
 * the scalar Poly1305 kernel. A body absorbs ciphertext that is there when
 * an iteration starts: on open its own input, on seal the previous group's
 * output, so a seal encrypts its first group alone and absorbs its last
 * group after the body.
 */
#include "kernels.h"

typedef void (*body_fn)(uint8_t *out, const uint8_t *in, size_t len,
                        const uint32_t key[8], const uint32_t ctr[4],
                        simd_poly1305 *st, const uint8_t *mac_in);

static inline void stitched(uint8_t *out, const uint8_t *in, size_t len,
                            const uint32_t kc[12], simd_poly1305 *st, int enc,
                            body_fn body, simd_chacha20_fn chacha20,
                            size_t group)
{
    uint32_t ctr[4] = {kc[8], kc[9], kc[10], kc[11]};
    size_t bulk = len - len % group, rest = len - bulk;

    if (bulk > 0 && enc) {
        chacha20(out, in, group, kc, ctr);
        ctr[0] += (uint32_t)(group / SIMD_CHACHA20_BLOCK);
        if (bulk > group)
            body(out + group, in + group, bulk - group, kc, ctr, st, out);
        ctr[0] += (uint32_t)((bulk - group) / SIMD_CHACHA20_BLOCK);
        poly1305_blocks_aarch64(st, out + bulk - group, group, 1);
    } else if (bulk > 0) {
        body(out, in, bulk, kc, ctr, st, in);
        ctr[0] += (uint32_t)(bulk / SIMD_CHACHA20_BLOCK);
    }
    if (rest == 0)
        return;
    if (!enc)
        poly1305_blocks_aarch64(st, in + bulk, rest, 1);
    chacha20(out + bulk, in + bulk, rest, kc, ctr);
    if (enc)
        poly1305_blocks_aarch64(st, out + bulk, rest, 1);
}

SIMD_CHACHA20_POLY1305_KERNEL(chacha20_poly1305_neon)
{
    stitched(out, in, len, kc, st, enc, chacha20_poly1305_neon_core,
             chacha20_xor_neon, 4 * SIMD_CHACHA20_BLOCK);
}

SIMD_CHACHA20_POLY1305_KERNEL(chacha20_poly1305_sve2)
{
    stitched(out, in, len, kc, st, enc, chacha20_poly1305_sve2_core,
             chacha20_xor_sve2, chacha20_poly1305_sve2_batch());
}
