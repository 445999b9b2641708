/* SPDX-License-Identifier: Apache-2.0 */
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
 *   md5_blocks_power8    POWER8+ (ISA 2.07: the message + constant sums in
 *                        VSX, mfvsrd), md5_power8.S;
 *   md5_blocks_power9    POWER9+: the same with mfvsrld (ISA 3.0);
 *   poly1305_blocks_scalar every ppc64le CPU: one stream in GPRs, base 2^64
 *                        (poly1305_scalar.S);
 *   poly1305_blocks_power9 POWER9+ (ISA 3.0 vmsumudm), poly1305_entry.S and
 *                        poly1305_ppc64le.c:
 *                        whole 128-byte groups through
 *                        poly1305_power9_groups (poly1305_power9.S, radix
 *                        2^44, its own calling convention below), short
 *                        inputs and the rest through the scalar kernel;
 *   poly1305_blocks_power10 POWER10 (ISA 3.1): the same with
 *                        poly1305_power10_groups (lxvp, xxeval, vsrq).
 */
#ifndef SIMDPROV_KERNELS_PPC64LE_H
#define SIMDPROV_KERNELS_PPC64LE_H

#include "../kernels.h"

/* The bytes chacha20_power10_8x takes at a time. */
#define PPC_POWER10_GROUP (8 * SIMD_CHACHA20_BLOCK)

SIMD_CHACHA20_KERNEL(chacha20_xor_vsx);
SIMD_CHACHA20_KERNEL(chacha20_xor_power10);
SIMD_CHACHA20_KERNEL(chacha20_power10_8x);

SIMD_MD5_KERNEL(md5_blocks_power8);
SIMD_MD5_KERNEL(md5_blocks_power9);

/* Hidden (as asm.h's ENTRY makes them): then a C caller knows r2 survives
 * the call and can make it a tail call. */
__attribute__((visibility("hidden"))) SIMD_POLY1305_KERNEL(poly1305_blocks_scalar);
SIMD_POLY1305_KERNEL(poly1305_blocks_power9);

/* The entry's long side (poly1305_ppc64le.c); the table ids are in
 * poly1305_power9.h. */
SIMD_POLY1305_KERNEL(poly1305_blocks_power10);
__attribute__((visibility("hidden"))) SIMD_POLY1305_KERNEL(poly1305_power9_long);
__attribute__((visibility("hidden"))) SIMD_POLY1305_KERNEL(poly1305_power10_long);

/* groups >= 1 whole 128-byte groups; acc is h in radix 2^44 and table the
 * entry's powers of r (poly1305_ppc64le.c). vmsumudm: SIGILL before
 * POWER9. */
__attribute__((visibility("hidden"))) void
poly1305_power9_groups(uint64_t acc[3], const uint8_t *in, size_t groups,
                            const uint64_t *table, uint64_t pad40);
/* The same loop with ISA 3.1 lxvp/xxeval/vsrq: SIGILL before POWER10. */
__attribute__((visibility("hidden"))) void
poly1305_power10_groups(uint64_t acc[3], const uint8_t *in, size_t groups,
                        const uint64_t *table, uint64_t pad40);

#endif
