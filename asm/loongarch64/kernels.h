/* The loongarch64 kernels (the .S files beside this header), behind the
 * kernel ABI of asm/kernels.h. Each is one self-contained function: its
 * split between a wide and a narrow path is inside it, and neither calls
 * the other. */
#ifndef SIMDPROV_KERNELS_LOONGARCH64_H
#define SIMDPROV_KERNELS_LOONGARCH64_H

#include "../kernels.h"

/* LSX: 4 blocks per pass, 1-block passes for the last 1 or 2 blocks. */
SIMD_CHACHA20_KERNEL(chacha20_xor_lsx);
/* LASX (needs LSX too): 8 blocks per pass, 2-block passes for the last
 * 1..4 blocks. */
SIMD_CHACHA20_KERNEL(chacha20_xor_lasx);

/* Poly1305, one stream in general-purpose registers, base 2^64
 * (poly1305_scalar.S): every LoongArch64 CPU. */
SIMD_POLY1305_KERNEL(poly1305_blocks_loongarch64);

#endif
