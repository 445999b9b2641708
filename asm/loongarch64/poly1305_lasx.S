/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Poly1305 LASX core, 4 blocks per pass in radix 2^26
 * (poly1305_vec.inc); reached only through poly1305_blocks_lasx
 * (poly1305_loongarch64.c). Uses LASX instructions only.
 */
#include "asm.h"
#define POLY_LASX
#include "poly1305_vec.inc"

ENTRY(poly1305_lasx_core)
	POLY1305_CORE	xv, 32, 32
END(poly1305_lasx_core)

ELF_NOTES
