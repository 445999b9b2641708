/*
 * ppc64le kernels, behind the ABI of asm/kernels.h. Which CPU may run which
 * is decided by the tables of asm/ppc64le/arch.c:
 *   chacha20_xor_vsx     POWER8+ (ISA 2.07: VMX/VSX, vpermxor), 4 blocks per
 *                        iteration (chacha20_vsx.S);
 *   chacha20_xor_power10 POWER10 (ISA 3.1), chacha20_ppc64le.c: whole
 *                        512-byte groups through chacha20_power10_8x, the
 *                        rest through chacha20_xor_vsx;
 *   chacha20_power10_8x  8 blocks per iteration (chacha20_power10.S), whole
 *                        512-byte groups only (len rounded down; the rest is
 *                        the caller's). lxvp/stxvp: SIGILL on POWER8/9.
 *   poly1305_blocks_scalar every ppc64le CPU: one stream in GPRs, base 2^64
 *                        (poly1305_scalar.S).
 */
#ifndef SIMDPROV_KERNELS_PPC64LE_H
#define SIMDPROV_KERNELS_PPC64LE_H

#include "../kernels.h"

/* The bytes chacha20_power10_8x takes at a time. */
#define PPC_POWER10_GROUP (8 * SIMD_CHACHA20_BLOCK)

SIMD_CHACHA20_KERNEL(chacha20_xor_vsx);
SIMD_CHACHA20_KERNEL(chacha20_xor_power10);
SIMD_CHACHA20_KERNEL(chacha20_power10_8x);

SIMD_POLY1305_KERNEL(poly1305_blocks_scalar);

#endif
