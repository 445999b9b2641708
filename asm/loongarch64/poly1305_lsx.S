/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Poly1305 LSX core, 2 blocks per pass in radix 2^26
 * (poly1305_vec.inc); reached only through poly1305_blocks_lsx
 * (poly1305_loongarch64.c).
 */
#include "asm.h"
#include "poly1305_vec.inc"

ENTRY(poly1305_lsx_core)
	POLY1305_CORE	v, 16, 16
END(poly1305_lsx_core)

ELF_NOTES
