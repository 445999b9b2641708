/*
 * aarch64 kernels (asm/aarch64), each implementing the kernel ABI of
 * asm/kernels.h (ChaCha20: any whole number of blocks), listed in
 * asm/aarch64/arch.c with the capabilities they need:
 *   chacha20_xor_sve2     C entry (chacha20_aarch64.c): NEON for one block
 *                         or none, the SVE2 body for longer calls
 *   chacha20_sve2_blocks  SVE2 body, any vector length 128..2048 bits
 *                         (an inner kernel: never selected on its own)
 *   chacha20_xor_neon     AdvSIMD
 *   md5_blocks_aarch64    base A64 only
 */
#ifndef SIMDPROV_KERNELS_AARCH64_H
#define SIMDPROV_KERNELS_AARCH64_H

#include "../kernels.h"

SIMD_CHACHA20_KERNEL(chacha20_xor_sve2);
SIMD_CHACHA20_KERNEL(chacha20_sve2_blocks);
SIMD_CHACHA20_KERNEL(chacha20_xor_neon);
SIMD_MD5_KERNEL(md5_blocks_aarch64);

#endif
