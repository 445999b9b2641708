/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Poly1305, 8 blocks per iteration with ISA 3.0 vmsumudm (POWER9 and later):
 *   void poly1305_power9_groups(uint64_t acc[3], const uint8_t *in,
 *                               size_t groups, const uint64_t *table,
 *                               uint64_t pad40);
 * The C entry (poly1305_ppc64le.c) owns the ABI of asm/kernels.h: it turns
 * h into acc (radix 2^44: 44, 44, 42 bits) and back, builds `table` (the
 * powers r^8..r^1 in the layout below) and passes padbit << 40. groups >= 1
 * whole 128-byte groups.
 *
 * Why radix 2^44 and vmsumudm: vmsumudm gives a.dw0*b.dw0 + a.dw1*b.dw1 + c
 * mod 2^128, two 64x64 products and a 128-bit accumulate in one
 * instruction. With 44-bit limbs the products are below 2^93, so a whole
 * group accumulates without a carry; radix 2^64 limbs would overflow the
 * sum of two products. Each group is one Horner step by the eighth power:
 *   h' = (h + m1)*r^8 + m2*r^7 + ... + m8*r,
 * so h is the exact accumulator after every iteration and nothing needs
 * folding across lanes at the end. A pair of blocks shares the two
 * doubleword lanes: block 2p+1 (h added to the first) in dw1, block 2p+2
 * in dw0, against the table's (r^(8-2p), r^(7-2p)) pair, and vmsumudm adds
 * the two lanes for free. With 2^130 = 5 mod p the product folds into
 *   c0 = a0*b0 + a1*20b2 + a2*20b1
 *   c1 = a0*b1 + a1*b0 + a2*20b2
 *   c2 = a0*b2 + a1*b1 + a2*b0
 * (9 vmsumudm per pair), carried once per group into h.
 *
 * Block split, per pair (lxv loads a block as a little-endian quadword:
 * dw0 = bytes 8..15, dw1 = bytes 0..7): two xxpermdi gather the low and
 * the high halves of both blocks, then m0 = lo & M44,
 * m1 = (lo >> 44 | hi << 20) & M44, m2 = hi >> 24 | padbit << 40. (ISA 3.0
 * vrldmi would do m1 in two instructions, but qemu 10.0 leaves the target's
 * bits outside the mask zero, so the matrix could not test it.)
 *
 * Table: 20 entries of 16 bytes, entry 5p + j for pair p (0..3) and
 * j = b0, b1, b2, 20*b1, 20*b2; bytes 0..7 hold the limb of r^(8-2p)
 * (lane dw1), bytes 8..15 that of r^(7-2p). Limbs b0, b1 < 2^44 + 2^11,
 * b2 < 2^42 + 1 (poly1305_ppc64le.c).
 *
 * Bounds: h enters with limbs < 2^44, 2^44 + 2^11, 2^43 (first group;
 * then < 2^42), message limbs < 2^44, 2^44, 2^41: per block the column
 * sums stay below 2^93, a group below 2^96.5; c0 >> 44 and c1 >> 44 below
 * 2^53, c2 >> 42 below 2^55, so 5*(c2 >> 42) fits a doubleword and the
 * final carry leaves h0 < 2^44, h1 < 2^44 + 2^12, h2 < 2^42.
 *
 * Instructions per group: 8 lxv + 8 xxpermdi + 28 split + 3 h adds +
 * 36 vmsumudm + 10 table loads + 17 carry + 2 loop = 112, 14 per 16 bytes.
 *
 * Registers: v20..v31 are non-volatile (ELFv2) and saved in the red zone;
 * r3..r7 as above, no other GPR, no FPR, no VRSAVE. Branches depend on
 * groups only.
 */

#include "asm.h"

/*
 * Two builds of the loop: poly1305_power9_groups (ISA 3.0) and
 * poly1305_power10_groups (ISA 3.1: lxvp, xxeval, vsrq; SIGILL before
 * POWER10, so only arch.c's needs keep it off POWER9). The assembler is
 * told power10 for both; the POWER9 build uses no ISA 3.1 instruction.
 */
	.machine power10

#define ACC	3
#define IN	4
#define GROUPS	5
#define TABLE	6
#define PAD	7
#define TMP	8

/* Vector registers (VMX numbers; VSX instructions take 32+n). */
#define ZERO	0
#define M44	1	/* 2^44 - 1 in both lanes */
#define SH44	2	/* 44 in every byte: vsrd, vsro and vsr counts */
#define SH20	3
#define SH24	4
#define PADV	5	/* padbit << 40 in both lanes */
#define SH42	6
#define M44Q	7	/* 2^44 - 1 as a quadword */
#define M42Q	8
#define TWO	9
#define C0	10
#define C1	11
#define C2	12
#define H0	13
#define H1	14
#define H2	15
#define A0	16
#define A1	17
#define A2	18
#define HI	19
#define TB	20	/* table entries of pairs 2 and 3 */
#define T	21
#define P0	22	/* pair 0's entries: v22..v26; pair 1's: v27..v31 */
#define P1	27

/*
 * Split blocks at off and off+16 into A0, A1, A2 (lanes dw1, dw0). POWER10:
 * one lxvp (its odd register gets the lower block) and xxeval for
 * (lo >> 44 | hi << 20) & M44 (truth table 21: (A | B) & C).
 */
.macro SPLIT off, p10
.if \p10
	lxvp	32+A0, \off(IN)		/* A1 = block A, A0 = block B */
	xxpermdi 32+A2, 32+A0, 32+A1, 3		/* low halves */
	xxpermdi 32+HI, 32+A0, 32+A1, 0		/* high halves */
	vand	A0, A2, M44
	vsrd	A1, A2, SH44
	vsld	A2, HI, SH20
	xxeval	32+A1, 32+A1, 32+A2, 32+M44, 21
.else
	lxv	32+A0, \off(IN)
	lxv	32+A1, \off+16(IN)
	xxpermdi 32+A2, 32+A1, 32+A0, 3		/* low halves */
	xxpermdi 32+HI, 32+A1, 32+A0, 0		/* high halves */
	vand	A0, A2, M44
	vsrd	A1, A2, SH44
	vsld	A2, HI, SH20
	vor	A1, A1, A2
	vand	A1, A1, M44
.endif
	vsrd	A2, HI, SH24
	vor	A2, A2, PADV
.endm

/* c += a * (b0, b1, b2, 20b1, 20b2) with the entries in registers. */
.macro MULREG base, acc0, acc1, acc2
	vmsumudm C0, A0, \base+0, \acc0
	vmsumudm C1, A0, \base+1, \acc1
	vmsumudm C2, A0, \base+2, \acc2
	vmsumudm C0, A1, \base+4, C0
	vmsumudm C1, A1, \base+0, C1
	vmsumudm C2, A1, \base+1, C2
	vmsumudm C0, A2, \base+3, C0
	vmsumudm C1, A2, \base+4, C1
	vmsumudm C2, A2, \base+0, C2
.endm

/* The same with pair p's entries loaded from the table as they are needed
 * (POWER10: lxvp loads two, the odd register T getting the first). */
.macro MULMEM p, p10
.if \p10
	lxvp	32+TB, (5*\p+0)*16(TABLE)	/* T = b0, TB = b1 */
	vmsumudm C0, A0, T, C0
	vmsumudm C1, A1, T, C1
	vmsumudm C2, A2, T, C2
	vmsumudm C1, A0, TB, C1
	vmsumudm C2, A1, TB, C2
	lxvp	32+TB, (5*\p+2)*16(TABLE)	/* T = b2, TB = 20b1 */
	vmsumudm C2, A0, T, C2
	vmsumudm C0, A2, TB, C0
	lxv	32+T, (5*\p+4)*16(TABLE)
	vmsumudm C0, A1, T, C0
	vmsumudm C1, A2, T, C1
.else
	lxv	32+TB, (5*\p+0)*16(TABLE)
	vmsumudm C0, A0, TB, C0
	vmsumudm C1, A1, TB, C1
	vmsumudm C2, A2, TB, C2
	lxv	32+T, (5*\p+1)*16(TABLE)
	vmsumudm C1, A0, T, C1
	vmsumudm C2, A1, T, C2
	lxv	32+TB, (5*\p+2)*16(TABLE)
	vmsumudm C2, A0, TB, C2
	lxv	32+T, (5*\p+3)*16(TABLE)
	vmsumudm C0, A2, T, C0
	lxv	32+TB, (5*\p+4)*16(TABLE)
	vmsumudm C0, A1, TB, C0
	vmsumudm C1, A2, TB, C1
.endif
.endm

/* t = c >> n (n: a splatted count), quadword; POWER9 by octets then bits. */
.macro SHR128 t, c, n, p10
.if \p10
	vsrq	\t, \c, \n
.else
	vsro	\t, \c, \n
	vsr	\t, \t, \n
.endif
.endm

/* Pairs 0 and 1 keep their entries in v22..v31. */
.macro LOADPAIR p, base
	lxv	32+\base+0, (5*\p+0)*16(TABLE)
	lxv	32+\base+1, (5*\p+1)*16(TABLE)
	lxv	32+\base+2, (5*\p+2)*16(TABLE)
	lxv	32+\base+3, (5*\p+3)*16(TABLE)
	lxv	32+\base+4, (5*\p+4)*16(TABLE)
.endm

.macro POLY1305_GROUPS name, p10
ENTRY(\name)
	stxv	32+20, -16(1)
	stxv	32+21, -32(1)
	stxv	32+22, -48(1)
	stxv	32+23, -64(1)
	stxv	32+24, -80(1)
	stxv	32+25, -96(1)
	stxv	32+26, -112(1)
	stxv	32+27, -128(1)
	stxv	32+28, -144(1)
	stxv	32+29, -160(1)
	stxv	32+30, -176(1)
	stxv	32+31, -192(1)
	mtctr	GROUPS

	vspltisw ZERO, 0
	vspltisw T, -1
	xxspltib 32+SH44, 44
	xxspltib 32+SH24, 24
	xxspltib 32+SH42, 42
	xxspltib 32+SH20, 20
	vsrd	M44, T, SH20			/* 2^44 - 1 */
	xxspltib 32+TB, 22
	vsrd	T, T, TB			/* 2^42 - 1 */
	xxpermdi 32+M44Q, 32+ZERO, 32+M44, 0	/* dw0 = 0, dw1 = M44 */
	xxpermdi 32+M42Q, 32+ZERO, 32+T, 0
	vspltisw TWO, 2
	mtvsrdd	32+PADV, PAD, PAD
	/* h in dw1, dw0 = 0 (mtvsrdd with RA = 0 puts zero there) */
	ld	TMP, 0(ACC)
	mtvsrdd	32+H0, 0, TMP
	ld	TMP, 8(ACC)
	mtvsrdd	32+H1, 0, TMP
	ld	TMP, 16(ACC)
	mtvsrdd	32+H2, 0, TMP
	LOADPAIR 0, P0
	LOADPAIR 1, P1

	.p2align 4
1:	SPLIT	0, \p10
	vaddudm	A0, A0, H0
	vaddudm	A1, A1, H1
	vaddudm	A2, A2, H2
	MULREG	P0, ZERO, ZERO, ZERO
	SPLIT	32, \p10
	MULREG	P1, C0, C1, C2
	SPLIT	64, \p10
	MULMEM	2, \p10
	SPLIT	96, \p10
	MULMEM	3, \p10

	/* Carry the columns into h (bounds in the header). */
	SHR128	T, C0, SH44, \p10
	vand	H0, C0, M44Q
	vadduqm	C1, C1, T
	SHR128	T, C1, SH44, \p10
	vand	H1, C1, M44Q
	vadduqm	C2, C2, T
	SHR128	T, C2, SH42, \p10
	vand	H2, C2, M42Q
	vsld	TB, T, TWO
	vaddudm	H0, H0, T
	vaddudm	H0, H0, TB			/* h0 += 5*(c2 >> 42) */
	vsrd	T, H0, SH44
	vand	H0, H0, M44
	vaddudm	H1, H1, T
	addi	IN, IN, 128
	bdnz	1b

	mfvsrld	TMP, 32+H0
	std	TMP, 0(ACC)
	mfvsrld	TMP, 32+H1
	std	TMP, 8(ACC)
	mfvsrld	TMP, 32+H2
	std	TMP, 16(ACC)
	lxv	32+20, -16(1)
	lxv	32+21, -32(1)
	lxv	32+22, -48(1)
	lxv	32+23, -64(1)
	lxv	32+24, -80(1)
	lxv	32+25, -96(1)
	lxv	32+26, -112(1)
	lxv	32+27, -128(1)
	lxv	32+28, -144(1)
	lxv	32+29, -160(1)
	lxv	32+30, -176(1)
	lxv	32+31, -192(1)
	blr
END(\name)
.endm

POLY1305_GROUPS poly1305_power9_groups, 0
POLY1305_GROUPS poly1305_power10_groups, 1

ELF_NOTES
