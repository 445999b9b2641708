/* SPDX-License-Identifier: Apache-2.0 */
/* Architectures without kernels of their own: portable C only. */
#include "../arch.h"

static uint32_t probe_none(void)
{
    return 0;
}

static const simd_level levels[] = {{"portable", 0}};

static const simd_kernel_row chacha20[] = {
    SIMD_KERNEL(chacha20, "portable", 0, chacha20_xor_portable),
};

static const simd_kernel_row md5[] = {
    SIMD_KERNEL(md5, "portable", 0, md5_blocks_portable),
};

static const simd_kernel_row poly1305[] = {
    SIMD_KERNEL(poly1305, "portable", 0, poly1305_blocks_portable),
};

/* No stitched kernel here: two passes over the chosen ChaCha20 and
 * Poly1305 kernels (asm/kernels.h). */
static const simd_kernel_row chacha20_poly1305[] = {
    SIMD_KERNEL(chacha20_poly1305, "portable", 0, chacha20_poly1305_portable),
};

const simd_arch simd_arch_this = {SIMD_ARCH("generic", probe_none)};
