/* SPDX-License-Identifier: Apache-2.0 */
/*
 * x86_64 kernels. ChaCha20: The chacha20_xor_<level> entries (and the
 * by-name _hybrid ones) implement the kernel ABI of asm/kernels.h (any
 * whole number of blocks) and are what the provider's table lists; each
 * picks among the block-count kernels below by length (chacha20_x86_64.c).
 *
 * The block-count kernels, named by their group size in blocks, implement
 * the same ABI on their own (any whole number of blocks: a partial group is
 * computed whole and only its blocks written), except the whole-group ones
 * marked below, which process only whole groups (len rounded down to a
 * multiple of the group) and leave the rest to the caller: the hybrids
 * (vector groups plus one block in general-purpose registers) and the
 * two-group 32-block kernel. asm/x86_64/arch.c lists them all as inner
 * kernels.
 */
#ifndef SIMDPROV_KERNELS_X86_64_H
#define SIMDPROV_KERNELS_X86_64_H

/* Poly1305 table ids (simd_poly1305.table_of, asm/kernels.h): which kernel
 * family's powers of r the table holds. Seen by the assembly too. */
/* Bits 16 and up: the table words each fills (SIMD_POLY1305_TABLE_USED;
 * 16 is SIMD_POLY1305_TABLE_USED_SHIFT), so the glue wipes only those. */
#define POLY1305_TABLE_AVX2 (1 | 108 << 16) /* radix 2^26, 27 ymm */
#define POLY1305_TABLE_AVX512IFMA (2 | 71 << 16) /* radix 2^44, 71 words */
/* No powers yet: table[0] counts the bytes the avx2 or avx512ifma entry
 * has given its scalar kernel under this key (poly1305_x86_64.c). Not key
 * material: SIMD_POLY1305_TABLE_PUBLIC (0x100, asm/kernels.h) | 3. */
#define POLY1305_TABLE_AVX2_SEEN 0x103

#ifndef __ASSEMBLER__
#include "../kernels.h"

_Static_assert(POLY1305_TABLE_AVX2_SEEN & SIMD_POLY1305_TABLE_PUBLIC,
               "the seen count is no key material");

/* Entries (one per ISA level, plus the hybrid routes). */
SIMD_CHACHA20_KERNEL(chacha20_xor_ssse3);  /* needs SSSE3 */
SIMD_CHACHA20_TAIL_KERNEL(chacha20_xor_ssse3_tail);
SIMD_CHACHA20_KERNEL(chacha20_xor_ssse3_hybrid);
SIMD_CHACHA20_KERNEL(chacha20_xor_avx2);   /* needs AVX2 (+SSSE3) */
SIMD_CHACHA20_TAIL_KERNEL(chacha20_xor_avx2_tail);
SIMD_CHACHA20_KERNEL(chacha20_xor_avx2_hybrid);
SIMD_CHACHA20_KERNEL(chacha20_xor_avx512); /* needs AVX-512 F/VL/BW (+AVX2) */
SIMD_CHACHA20_TAIL_KERNEL(chacha20_xor_avx512_tail);

/* Block-count kernels (asm). */
SIMD_CHACHA20_KERNEL(chacha20_ssse3_1x);
SIMD_CHACHA20_KERNEL(chacha20_ssse3_2x);
SIMD_CHACHA20_KERNEL(chacha20_ssse3_3x); /* rows, 3 blocks */
SIMD_CHACHA20_KERNEL(chacha20_ssse3_4x);
SIMD_CHACHA20_KERNEL(chacha20_ssse3_5x); /* whole 320-byte groups */
SIMD_CHACHA20_KERNEL(chacha20_avx2_2x); /* rows, 2 blocks per ymm */
SIMD_CHACHA20_KERNEL(chacha20_avx2_4x);
SIMD_CHACHA20_KERNEL(chacha20_avx2_6x);
SIMD_CHACHA20_KERNEL(chacha20_avx2_8x);
SIMD_CHACHA20_KERNEL(chacha20_avx2_9x); /* whole 576-byte groups */
SIMD_CHACHA20_KERNEL(chacha20_avx512_1x);
SIMD_CHACHA20_KERNEL(chacha20_avx512_2x);
SIMD_CHACHA20_KERNEL(chacha20_avx512_4x);
SIMD_CHACHA20_KERNEL(chacha20_avx512_8x);
SIMD_CHACHA20_KERNEL(chacha20_avx512_16x);
SIMD_CHACHA20_KERNEL(chacha20_avx512_32x); /* whole 2048-byte groups */

/* Tail variants (asm/kernels.h): the plain kernel's work, then the next
 * block's keystream into the tail buffer, in a lane the kernel computes
 * anyway; the plain entry is this one with no tail. They serve the ssse3
 * and avx2 routes (the 1-block one as their finish for a tail block
 * alone). */
SIMD_CHACHA20_TAIL_KERNEL(chacha20_ssse3_1x_tail);
SIMD_CHACHA20_TAIL_KERNEL(chacha20_ssse3_2x_tail);
SIMD_CHACHA20_TAIL_KERNEL(chacha20_ssse3_3x_tail);
SIMD_CHACHA20_TAIL_KERNEL(chacha20_ssse3_4x_tail);
SIMD_CHACHA20_TAIL_KERNEL(chacha20_avx2_2x_tail);
SIMD_CHACHA20_TAIL_KERNEL(chacha20_avx2_4x_tail);
SIMD_CHACHA20_TAIL_KERNEL(chacha20_avx2_6x_tail);
SIMD_CHACHA20_TAIL_KERNEL(chacha20_avx2_8x_tail);
/* The AVX-512 route's (not the 32-block kernel: whole groups only). */
SIMD_CHACHA20_TAIL_KERNEL(chacha20_avx512_1x_tail);
SIMD_CHACHA20_TAIL_KERNEL(chacha20_avx512_2x_tail);
SIMD_CHACHA20_TAIL_KERNEL(chacha20_avx512_4x_tail);
SIMD_CHACHA20_TAIL_KERNEL(chacha20_avx512_8x_tail);
SIMD_CHACHA20_TAIL_KERNEL(chacha20_avx512_16x_tail);

/* MD5 (md5_scalar.S, md5_avx512vl.S). */
SIMD_MD5_KERNEL(md5_blocks_avx512vl);
SIMD_MD5_KERNEL(md5_blocks_bmi1);
SIMD_MD5_KERNEL(md5_blocks_x86_64);

/* Poly1305, one stream in general-purpose registers (poly1305_scalar.S);
 * neither touches st->table. */
SIMD_POLY1305_KERNEL(poly1305_blocks_bmi2);   /* needs BMI2 (mulx) */
SIMD_POLY1305_KERNEL(poly1305_blocks_x86_64); /* any x86_64 */

/* Poly1305, AVX2 (+BMI2 for its scalar kernel): the entry
 * routes by length (poly1305_x86_64.c); the 4-block kernel takes whole
 * 64-byte groups only (poly1305_avx2.S). */
SIMD_POLY1305_KERNEL(poly1305_blocks_avx2);
SIMD_POLY1305_KERNEL(poly1305_blocks_avx2_4x); /* whole 64-byte groups */
/* The same for a key's one call: its table on the stack, wiped there;
 * st->table and table_of untouched. */
SIMD_POLY1305_KERNEL(poly1305_blocks_avx2_4x_once);

/* Poly1305 entry (poly1305_x86_64.c): short inputs to a scalar kernel,
 * longer ones to the IFMA kernel. Needs AVX-512 F/VL/IFMA and BMI2. */
SIMD_POLY1305_KERNEL(poly1305_blocks_avx512ifma);

/* Poly1305 IFMA kernels (poly1305_avx512ifma.S), radix 2^44, any whole
 * number of blocks: 8 lanes in zmm, 4 in ymm. */
SIMD_POLY1305_KERNEL(poly1305_blocks_ifma_8x);
SIMD_POLY1305_KERNEL(poly1305_blocks_ifma_4x);

#endif /* __ASSEMBLER__ */
#endif
