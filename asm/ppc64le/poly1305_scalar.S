/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Poly1305 block function for one stream in general-purpose registers, for
 * every ppc64le CPU (mulld/mulhdu are base 64-bit PowerPC).
 *   void poly1305_blocks_scalar(simd_poly1305 *st, const uint8_t *in,
 *                               size_t len, uint32_t padbit);
 * ABI: asm/kernels.h (whole 16-byte blocks, h base 2^64 with h2 < 8 on
 * entry and exit); ELFv2, little-endian, so ld reads a message limb as it
 * is stored (any alignment).
 *
 * Arithmetic as in asm/portable/poly1305_portable.c: r = r0 + r1*2^64
 * clamped (r0, r1 < 2^60, 4 | r1), s1 = r1 + (r1 >> 2) = 5*r1/4, and
 *   d0 = h0*r0 + h1*s1,  d1 = h0*r1 + h1*r0 + h2*s1 + (d0 >> 64),
 *   d2 = h2*r0 + (d1 >> 64),  h' = d0lo + d1lo*2^64 + (d2&3)*2^128 + 5*(d2>>2).
 * Instruction count is the measure here (asm/ppc64le/README.md), so:
 *   - h2*s1 < 2^64 is added to d0hi with a plain add: d0 < 2.25*2^124 gives
 *     d0hi < 2^62 and h2*s1 <= 9*1.25*2^60 < 2^63.5, so no carry;
 *   - 5*(d2 >> 2) is one mulli (d2 < 11*2^60, so it fits 64 bits);
 *   - ldu steps the input pointer (kept 8 bytes behind the block).
 * 29 instructions per block. Bounds, with h2 < 8 on entry: h2 + carry +
 * padbit <= 9, d1's high halves sum below 2^62, d2 < 11*2^60; h2 leaves
 * at most 3 + 1.
 *
 * Registers: r3 = st, r4 = in - 8, r6 = padbit (zero-extended), ctr =
 * blocks; r14..r22 are non-volatile and saved in the red zone (ELFv2's
 * 288 bytes below r1 that a leaf function may use). No vector register,
 * r2 or r13 is touched. Branches depend on len only.
 */

#include "asm.h"

#define ST	3
#define IN	4
#define PAD	6
#define H0	7
#define H1	8
#define H2	9
#define R0	10
#define R1	11
#define S1	12
#define T0	0	/* d0lo (r0 as an operand of arithmetic is the register) */
#define T1	5	/* d0hi */
#define T2	14
#define T3	15
#define A	16	/* d1lo */
#define B	17	/* d1hi */
#define C	18
#define D	19
#define E	20	/* h2*s1 */
#define D2	21
#define Q	22	/* d2 >> 2, then 5*(d2 >> 2) */

ENTRY(poly1305_blocks_scalar)
	srdi.	5, 5, 4
	beqlr
	std	14, -8(1)
	std	15, -16(1)
	std	16, -24(1)
	std	17, -32(1)
	std	18, -40(1)
	std	19, -48(1)
	std	20, -56(1)
	std	21, -64(1)
	std	22, -72(1)
	mtctr	5
	ld	H0, 0(ST)
	ld	H1, 8(ST)
	ld	H2, 16(ST)
	ld	R0, 24(ST)
	ld	R1, 32(ST)
	srdi	S1, R1, 2
	add	S1, S1, R1
	clrldi	PAD, PAD, 32		/* padbit: upper half undefined */
	addi	IN, IN, -8

	.p2align 4
1:	ld	T0, 8(IN)		/* m0 */
	ldu	T1, 16(IN)		/* m1; in += 16 */
	addc	H0, H0, T0
	adde	H1, H1, T1
	adde	H2, H2, PAD
	mulld	T0, H0, R0
	mulhdu	T1, H0, R0
	mulld	T2, H1, S1
	mulhdu	T3, H1, S1
	mulld	A, H0, R1
	mulhdu	B, H0, R1
	mulld	C, H1, R0
	mulhdu	D, H1, R0
	mulld	E, H2, S1
	mulld	D2, H2, R0
	addc	T0, T0, T2		/* d0lo */
	adde	T1, T1, T3		/* d0hi */
	add	T1, T1, E		/* + h2*s1: no carry (header) */
	addc	A, A, C
	adde	B, B, D
	addc	H1, A, T1		/* d1lo */
	adde	D2, D2, B		/* d2 */
	srdi	Q, D2, 2
	clrldi	H2, D2, 62
	mulli	Q, Q, 5
	addc	H0, T0, Q
	addze	H1, H1
	addze	H2, H2
	bdnz	1b

	std	H0, 0(ST)
	std	H1, 8(ST)
	std	H2, 16(ST)
	ld	14, -8(1)
	ld	15, -16(1)
	ld	16, -24(1)
	ld	17, -32(1)
	ld	18, -40(1)
	ld	19, -48(1)
	ld	20, -56(1)
	ld	21, -64(1)
	ld	22, -72(1)
	blr
END(poly1305_blocks_scalar)

ELF_NOTES
