/*
 * riscv64 assembly kernels (the .S files in asm/riscv64/), behind the ABI of
 * asm/kernels.h. Which one may run is decided by asm/riscv64/arch.c
 * from riscv_hwprobe; calling one the CPU lacks raises SIGILL.
 */
#ifndef SIMDPROV_KERNELS_RISCV64_H
#define SIMDPROV_KERNELS_RISCV64_H

#include "../kernels.h"

/* MD5, one block at a time in scalar registers. */
SIMD_MD5_KERNEL(md5_blocks_rv64); /* rv64gc */
SIMD_MD5_KERNEL(md5_blocks_zbb);  /* + Zbb */

/* ChaCha20, one block per 32-bit vector lane, any VLEN >= 128. */
SIMD_CHACHA20_KERNEL(chacha20_xor_rvv); /* V */
SIMD_CHACHA20_KERNEL(chacha20_xor_rvv_zvkb); /* V + Zvkb */

/* Poly1305, one block at a time in base 2^64 (mul/mulhu): rv64gc. */
SIMD_POLY1305_KERNEL(poly1305_blocks_rv64);

#endif
