/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Constants the POWER9 Poly1305 entry (poly1305_entry.S, assembly) and its
 * C part (poly1305_ppc64le.c) share; plain defines, so both can include it.
 * The crossovers are instruction counts measured under qemu
 * (asm/ppc64le/README.md).
 */
#ifndef SIMDPROV_PPC64LE_POLY1305_POWER9_H
#define SIMDPROV_PPC64LE_POLY1305_POWER9_H

/* Poly1305 table ids (simd_poly1305.table_of, asm/kernels.h). */
#define POLY1305_TABLE_POWER9 1 /* r^8..r^1, radix 2^44 */
/* No powers yet: table[0] counts the bytes this key gave the scalar kernel.
 * Not key material: SIMD_POLY1305_TABLE_PUBLIC (0x100, asm/kernels.h) | 2. */
#define POLY1305_TABLE_POWER9_SEEN 0x102

#define POWER9_GROUP 128      /* bytes per poly1305_power9_groups iteration */
#define POWER9_MIN_CACHED 128 /* table built: from one group up */
#define POWER9_MIN_FRESH 640  /* table to build first */

/* simd_poly1305 offsets (asserted in poly1305_ppc64le.c). */
#define POLY1305_OFF_TABLE_OF 56
#define POLY1305_OFF_TABLE 64

#endif
