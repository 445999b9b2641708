/*
 * aarch64 stitched ChaCha20-Poly1305 entry (asm/kernels.h): whole 256-byte
 * groups through the NEON body (chacha20_poly1305_neon.S), the one to
 * three blocks after them through the NEON ChaCha20 and scalar Poly1305
 * kernels. The body absorbs ciphertext that is already there when an
 * iteration starts: on open its own input, on seal the previous group's
 * output, so a seal encrypts its first group alone and absorbs its last
 * group after the body.
 */
#include "kernels.h"

#define GROUP (4 * SIMD_CHACHA20_BLOCK)

SIMD_CHACHA20_POLY1305_KERNEL(chacha20_poly1305_neon)
{
    uint32_t ctr[4] = {kc[8], kc[9], kc[10], kc[11]};
    size_t bulk = len - len % GROUP, rest = len - bulk;

    if (bulk > 0 && enc) {
        chacha20_xor_neon(out, in, GROUP, kc, ctr);
        ctr[0] += GROUP / SIMD_CHACHA20_BLOCK;
        if (bulk > GROUP)
            chacha20_poly1305_neon_core(out + GROUP, in + GROUP, bulk - GROUP,
                                        kc, ctr, st, out);
        ctr[0] += (uint32_t)((bulk - GROUP) / SIMD_CHACHA20_BLOCK);
        poly1305_blocks_aarch64(st, out + bulk - GROUP, GROUP, 1);
    } else if (bulk > 0) {
        chacha20_poly1305_neon_core(out, in, bulk, kc, ctr, st, in);
        ctr[0] += (uint32_t)(bulk / SIMD_CHACHA20_BLOCK);
    }
    if (rest == 0)
        return;
    if (!enc)
        poly1305_blocks_aarch64(st, in + bulk, rest, 1);
    chacha20_xor_neon(out + bulk, in + bulk, rest, kc, ctr);
    if (enc)
        poly1305_blocks_aarch64(st, out + bulk, rest, 1);
}
