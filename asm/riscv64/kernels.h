/* SPDX-License-Identifier: Apache-2.0 */
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
/* Poly1305 with RVV (V): eight blocks per step in base 2^26, any VLEN >=
 * 128. rvv routes by length (poly1305_riscv64.c) between rvv_8x, which
 * takes whole 128-byte groups only, and the scalar kernel. */
SIMD_POLY1305_KERNEL(poly1305_blocks_rvv);
SIMD_POLY1305_KERNEL(poly1305_blocks_rvv_8x);

/* simd_poly1305.table_of ids (asm/kernels.h). */
#define POLY1305_TABLE_RVV 1 /* r^8..r^1 in radix 2^26, poly1305_rvv.S */
/* No powers yet: table[0] counts the bytes the rvv entry gave the scalar
 * kernel under this key (poly1305_riscv64.c). Not key material, so the
 * glue need not wipe it (SIMD_POLY1305_TABLE_PUBLIC, asm/kernels.h). */
#define POLY1305_TABLE_RVV_SEEN (SIMD_POLY1305_TABLE_PUBLIC | 2)

#endif
