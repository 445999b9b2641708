/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aarch64 kernels (asm/aarch64), each implementing the kernel ABI of
 * asm/kernels.h (ChaCha20: any whole number of blocks), listed in
 * asm/aarch64/arch.c with the capabilities they need:
 *   chacha20_xor_sve2     C entry (chacha20_aarch64.c): NEON for one block
 *                         or none, the SVE2 body for longer calls
 *   chacha20_sve2_blocks  SVE2 body, any vector length 128..2048 bits
 *                         (an inner kernel: never selected on its own)
 *   chacha20_xor_sve      C entry (chacha20_aarch64.c): NEON for short
 *                         calls, the base-SVE body for longer ones
 *   chacha20_sve_blocks   base-SVE body (no SVE2), any vector length
 *                         (an inner kernel: never selected on its own)
 *   chacha20_xor_neon     AdvSIMD
 *   md5_blocks_aarch64    base A64 only
 *   poly1305_blocks_aarch64  scalar Poly1305 (mul/umulh), base A64 only
 *   poly1305_blocks_neon  C entry (poly1305_aarch64.c): the scalar kernel
 *                         below the crossover, else the 8-block body
 *   poly1305_blocks_neon_8x  whole 128-byte groups (an inner kernel), C
 *                         around poly1305_neon_core (poly1305_neon.S)
 *   chacha20_poly1305_neon  stitched C entry (chacha20_poly1305_aarch64.c):
 *                         256-byte groups through chacha20_poly1305_neon_core
 *                         (NEON ChaCha20 + scalar Poly1305), the rest
 *                         through chacha20_xor_neon + poly1305_blocks_aarch64
 *   chacha20_poly1305_sve2  the same with SVE2 batches
 *                         (chacha20_poly1305_sve2_core: SVE2 ChaCha20 +
 *                         scalar Poly1305) and chacha20_xor_sve2
 */
#ifndef SIMDPROV_KERNELS_AARCH64_H
#define SIMDPROV_KERNELS_AARCH64_H

#include "../kernels.h"

SIMD_CHACHA20_KERNEL(chacha20_xor_sve2);
SIMD_CHACHA20_KERNEL(chacha20_sve2_blocks);
SIMD_CHACHA20_KERNEL(chacha20_xor_sve);
SIMD_CHACHA20_KERNEL(chacha20_sve_blocks);
SIMD_CHACHA20_KERNEL(chacha20_xor_neon);
/* The SVE vector length in bytes (chacha20_sve.S); only where SVE is. */
size_t simd_aarch64_sve_bytes(void);
SIMD_MD5_KERNEL(md5_blocks_aarch64);

/* Poly1305 table ids (simd_poly1305.table_of, asm/kernels.h). */
#define POLY1305_TABLE_NEON 1 /* radix 2^26 powers r^1..r^8 */
/* No table yet; table[0] counts the bytes the entry gave the scalar
 * kernel under this key (poly1305_aarch64.c). Not key material, so the
 * glue need not wipe it (SIMD_POLY1305_TABLE_PUBLIC, asm/kernels.h). */
#define POLY1305_TABLE_NEON_SEEN (SIMD_POLY1305_TABLE_PUBLIC | 2)

SIMD_POLY1305_KERNEL(poly1305_blocks_aarch64);
SIMD_POLY1305_KERNEL(poly1305_blocks_neon);
SIMD_POLY1305_KERNEL(poly1305_blocks_neon_8x);
/* h in two lanes of 26-bit limbs, whole 128-byte groups (>= 1). */
void poly1305_neon_core(uint32_t hl[10], const uint8_t *in, size_t groups,
                        uint32_t padbit, const uint32_t *table);

SIMD_CHACHA20_POLY1305_KERNEL(chacha20_poly1305_neon);
/* Whole 256-byte groups (>= 1); absorbs mac_in[0..len) (the file says
 * when each group is read). */
void chacha20_poly1305_neon_core(uint8_t *out, const uint8_t *in, size_t len,
                                 const uint32_t key[8], const uint32_t ctr[4],
                                 simd_poly1305 *st, const uint8_t *mac_in);
SIMD_CHACHA20_POLY1305_KERNEL(chacha20_poly1305_sve2);
/* Whole batches (>= 1) of chacha20_poly1305_sve2_batch() bytes (VL/32
 * blocks); mac_in as for the NEON body. */
void chacha20_poly1305_sve2_core(uint8_t *out, const uint8_t *in, size_t len,
                                 const uint32_t key[8], const uint32_t ctr[4],
                                 simd_poly1305 *st, const uint8_t *mac_in);
size_t chacha20_poly1305_sve2_batch(void);

#endif
