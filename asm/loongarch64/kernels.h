/* SPDX-License-Identifier: Apache-2.0 */
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

/* MD5 in general-purpose registers (md5_loongarch64.S): every LoongArch64
 * CPU. */
SIMD_MD5_KERNEL(md5_blocks_loongarch64);

/* Poly1305, one stream in general-purpose registers, base 2^64
 * (poly1305_scalar.S): every LoongArch64 CPU. */
SIMD_POLY1305_KERNEL(poly1305_blocks_loongarch64);

/* Poly1305 entries (poly1305_loongarch64.c): short inputs to the scalar
 * kernel, whole groups to the radix 2^26 cores (poly1305_lsx.S, 2 blocks
 * per pass; poly1305_lasx.S, 4), the blocks after them to the scalar
 * kernel again. */
SIMD_POLY1305_KERNEL(poly1305_blocks_lsx);  /* needs LSX */
SIMD_POLY1305_KERNEL(poly1305_blocks_lasx); /* needs LSX and LASX */

/* Poly1305 table ids (simd_poly1305.table_of, asm/kernels.h): which
 * entry's powers of r the table holds (lane counts differ). */
#define POLY1305_TABLE_LSX 1  /* r^2 broadcast, then r^2, r^1 per lane */
#define POLY1305_TABLE_LASX 2 /* r^4 broadcast, then r^4, r^2, r^3, r^1 */

#endif
