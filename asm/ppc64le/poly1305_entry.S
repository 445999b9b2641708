/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The vector Poly1305 entries, poly1305_blocks_power9 and _power10 (ABI:
 * asm/kernels.h): each routes by length between the scalar kernel and its
 * long side, poly1305_power9_long / _power10_long (poly1305_ppc64le.c), with
 * the rule of poly1305_ppc64le.c's header. Both share the table (same
 * layout, same id). It is assembly only so that the short path is two compares and a
 * tail branch: gcc 12 keeps a stack frame and a call there (it makes no
 * sibling call to a function of another object under ELFv2), about 30
 * instructions a call, which a TLS record pays on each of its three
 * Poly1305 calls.
 *
 * Unlike the kernels (asm.h's ENTRY, no TOC) this one has a global entry
 * point that derives r2 from r12, because it branches into C code at its
 * local entry point, which expects the module's TOC in r2. Branches depend
 * on table_of, the byte count in table[0] and len only: not secret.
 */

#include "asm.h"
#include "poly1305_power9.h"

.macro POLY1305_ENTRY name, long
SIMD_FUNCTION(\name, 5)
	addis	2, 12, .TOC.-\name@ha
	addi	2, 2, .TOC.-\name@l
	.localentry \name, .-\name
	ld	9, POLY1305_OFF_TABLE_OF(3)
	cmpldi	9, POLY1305_TABLE_POWER9
	bne	1f
	cmpldi	5, POWER9_MIN_CACHED
	bge	3f
	b	poly1305_blocks_scalar
1:	li	10, 0
	cmpldi	9, POLY1305_TABLE_POWER9_SEEN
	bne	2f
	ld	10, POLY1305_OFF_TABLE(3)	/* bytes the scalar kernel had */
	cmpldi	10, POWER9_MIN_FRESH
	blt	2f
	cmpldi	5, POWER9_MIN_CACHED		/* enough seen: build at one group */
	bge	3f
	b	poly1305_blocks_scalar
2:	cmpldi	5, POWER9_MIN_FRESH
	bge	3f
	/* count the bytes: seen and len are below POWER9_MIN_FRESH, no overflow */
	add	10, 10, 5
	li	9, POLY1305_TABLE_POWER9_SEEN
	std	10, POLY1305_OFF_TABLE(3)
	std	9, POLY1305_OFF_TABLE_OF(3)
	b	poly1305_blocks_scalar
3:	b	\long
END(\name)
.endm

POLY1305_ENTRY poly1305_blocks_power9, poly1305_power9_long
POLY1305_ENTRY poly1305_blocks_power10, poly1305_power10_long

ELF_NOTES
