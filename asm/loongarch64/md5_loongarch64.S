/* SPDX-License-Identifier: Apache-2.0 */
/*
 * MD5 compression in scalar LoongArch64 assembly (base LA64 integer
 * instructions only, so every LoongArch64 CPU runs it):
 * md5_blocks_loongarch64, the asm/kernels.h ABI.
 *
 * void md5_blocks_loongarch64(uint32_t state[4], const uint8_t *in,
 *                             size_t nblocks);
 *
 * Fewest instructions per step, as the instruction count stands in for time:
 *   - the 16 message words stay in registers for the whole block (16 ld.w
 *     per block instead of one load per step);
 *   - the constants are one ld.w each from md5_k.inc's table, at a fixed
 *     offset from one base register (no pointer update, no lu12i.w + ori);
 *   - a + K + x[k] is added before the round function needs b;
 *   - F = (b & c) + (d & ~b), G = (b & d) + (c & ~d): `and` + `andn`, each
 *     term added (they are disjoint, so + is |); c & ~d is ready before b;
 *   - H = b ^ c ^ d: steps go in pairs, the second's c ^ d being the first's
 *     b ^ c, kept in S (3 xor per 2 steps);
 *   - I = c ^ (b | ~d): `orn` + `xor`;
 *   - the rotation is rotri.w by 32 - s. Every sum is an add.w: only the low
 *     32 bits of each operand count, so upper halves never need clearing.
 * Per step: F, G 9 instructions; H 8 + 7 per pair; I 8. Per block: 536 in
 * the steps, 16 loads, 4 feed-forward adds, 3 for the loop: 559.
 *
 * The state of the block's start stays in A..D (the feed-forward needs it):
 * the first step of each word writes its new value into NA..ND instead of
 * updating A..D in place, so no copies are made; after the 64 steps
 * A..D += NA..ND. The end of the input is kept on the stack (one load per
 * block), as every other register is taken.
 *
 * Registers: in $a1, constants $a2, A..D $a3-$a6, NA..ND $a7 $t0-$t2,
 * x[0..15] $t3-$t8 $s0-$s8 $fp, temporaries $a0 (T) and $ra (S). The
 * state pointer, the end of the input and the callee-saved $s0-$s8, $fp
 * and $ra are kept in a 112-byte frame. No branch or address depends on
 * the data. ld.w need not be aligned: cores with hardware unaligned access
 * (UAL) do it, and Linux emulates it on others.
 */
#include "asm.h"
#include "../md5_k.inc"

#define IN $a1
#define KP $a2
#define A $a3
#define B $a4
#define C $a5
#define D $a6
#define NA $a7
#define NB $t0
#define NC $t1
#define ND $t2
#define X0 $t3
#define X1 $t4
#define X2 $t5
#define X3 $t6
#define X4 $t7
#define X5 $t8
#define X6 $s0
#define X7 $s1
#define X8 $s2
#define X9 $s3
#define X10 $s4
#define X11 $s5
#define X12 $s6
#define X13 $s7
#define X14 $s8
#define X15 $fp
#define T $a0
#define S $ra

#define FRAME 112 /* state, end, $s0-$s8, $fp, $ra; 16-byte aligned */

/*
 * One step: dst = b + rotl(src + f(b, c, d) + x + K[i], s). dst is the
 * word's new value, src its value before the step (the same register but
 * in the first four steps).
 */
.macro STEP f, dst, src, b, c, d, x, i, s
	ld.w	T, KP, 4 * \i
	add.w	\dst, \src, T
	add.w	\dst, \dst, \x
	ADD_FN	\f, \dst, \b, \c, \d
	rotri.w	\dst, \dst, 32 - \s
	add.w	\dst, \dst, \b
.endm

/*
 * dst += f(b, c, d).
 * F = (b & c) + (d & ~b): the terms are disjoint, so + is |. The andn term
 * goes first: for G = (b & d) + (c & ~d) = F(d, b, c) it does not wait for b.
 * H = b ^ c ^ d, steps in pairs: the first (H1) leaves S = b ^ c, which is
 * the second's (H2) c ^ d.
 * I = c ^ (b | ~d).
 */
.macro ADD_FN f, dst, b, c, d
.ifc \f, G
	ADD_FN	F, \dst, \d, \b, \c
.endif
.ifc \f, F
	andn	T, \d, \b
	add.w	\dst, \dst, T
	and	T, \b, \c
.endif
.ifc \f, H1
	xor	S, \b, \c
	xor	T, S, \d
.endif
.ifc \f, H2
	xor	T, S, \b
.endif
.ifc \f, I
	orn	T, \b, \d
	xor	T, T, \c
.endif
.ifnc \f, G
	add.w	\dst, \dst, T
.endif
.endm

/* Four steps in place (NA, ND, NC, NB in turn), functions f1 f2 f1 f2,
 * message words x0..x3, constants i..i+3, rotations s0..s3. */
.macro ROUND4 f1, f2, x0, x1, x2, x3, i, s0, s1, s2, s3
	STEP	\f1, NA, NA, NB, NC, ND, \x0, \i, \s0
	STEP	\f2, ND, ND, NA, NB, NC, \x1, (\i + 1), \s1
	STEP	\f1, NC, NC, ND, NA, NB, \x2, (\i + 2), \s2
	STEP	\f2, NB, NB, NC, ND, NA, \x3, (\i + 3), \s3
.endm

ENTRY(md5_blocks_loongarch64)
	beqz	$a2, .Lmd5_return
	addi.d	$sp, $sp, -FRAME
	st.d	$s0, $sp, 16
	st.d	$s1, $sp, 24
	st.d	$s2, $sp, 32
	st.d	$s3, $sp, 40
	st.d	$s4, $sp, 48
	st.d	$s5, $sp, 56
	st.d	$s6, $sp, 64
	st.d	$s7, $sp, 72
	st.d	$s8, $sp, 80
	st.d	$fp, $sp, 88
	st.d	$ra, $sp, 96
	st.d	$a0, $sp, 0		/* state */
	slli.d	$t0, $a2, 6
	add.d	$t0, IN, $t0
	st.d	$t0, $sp, 8		/* end of the input */
	ld.w	A, $a0, 0
	ld.w	B, $a0, 4
	ld.w	C, $a0, 8
	ld.w	D, $a0, 12
	pcalau12i KP, %pc_hi20(.Lmd5_k)
	addi.d	KP, KP, %pc_lo12(.Lmd5_k)

.Lmd5_block:
	ld.w	X0, IN, 0
	ld.w	X1, IN, 4
	ld.w	X2, IN, 8
	ld.w	X3, IN, 12
	ld.w	X4, IN, 16
	ld.w	X5, IN, 20
	ld.w	X6, IN, 24
	ld.w	X7, IN, 28
	ld.w	X8, IN, 32
	ld.w	X9, IN, 36
	ld.w	X10, IN, 40
	ld.w	X11, IN, 44
	ld.w	X12, IN, 48
	ld.w	X13, IN, 52
	ld.w	X14, IN, 56
	ld.w	X15, IN, 60
	addi.d	IN, IN, 64

	/* Round 1: F, x[i]; the first four steps move A..D into NA..ND. */
	STEP	F, NA, A, B, C, D, X0, 0, 7
	STEP	F, ND, D, NA, B, C, X1, 1, 12
	STEP	F, NC, C, ND, NA, B, X2, 2, 17
	STEP	F, NB, B, NC, ND, NA, X3, 3, 22
	ROUND4	F, F, X4, X5, X6, X7, 4, 7, 12, 17, 22
	ROUND4	F, F, X8, X9, X10, X11, 8, 7, 12, 17, 22
	ROUND4	F, F, X12, X13, X14, X15, 12, 7, 12, 17, 22
	/* Round 2: G, x[(1 + 5i) mod 16] */
	ROUND4	G, G, X1, X6, X11, X0, 16, 5, 9, 14, 20
	ROUND4	G, G, X5, X10, X15, X4, 20, 5, 9, 14, 20
	ROUND4	G, G, X9, X14, X3, X8, 24, 5, 9, 14, 20
	ROUND4	G, G, X13, X2, X7, X12, 28, 5, 9, 14, 20
	/* Round 3: H, x[(5 + 3i) mod 16] */
	ROUND4	H1, H2, X5, X8, X11, X14, 32, 4, 11, 16, 23
	ROUND4	H1, H2, X1, X4, X7, X10, 36, 4, 11, 16, 23
	ROUND4	H1, H2, X13, X0, X3, X6, 40, 4, 11, 16, 23
	ROUND4	H1, H2, X9, X12, X15, X2, 44, 4, 11, 16, 23
	/* Round 4: I, x[7i mod 16]; S is free again: the end of the input. */
	ld.d	S, $sp, 8
	ROUND4	I, I, X0, X7, X14, X5, 48, 6, 10, 15, 21
	ROUND4	I, I, X12, X3, X10, X1, 52, 6, 10, 15, 21
	ROUND4	I, I, X8, X15, X6, X13, 56, 6, 10, 15, 21
	ROUND4	I, I, X4, X11, X2, X9, 60, 6, 10, 15, 21

	/* Feed-forward: A..D hold the next block's starting state. */
	add.w	A, A, NA
	add.w	B, B, NB
	add.w	C, C, NC
	add.w	D, D, ND
	bne	IN, S, .Lmd5_block

	ld.d	T, $sp, 0
	st.w	A, T, 0
	st.w	B, T, 4
	st.w	C, T, 8
	st.w	D, T, 12
	ld.d	$s0, $sp, 16
	ld.d	$s1, $sp, 24
	ld.d	$s2, $sp, 32
	ld.d	$s3, $sp, 40
	ld.d	$s4, $sp, 48
	ld.d	$s5, $sp, 56
	ld.d	$s6, $sp, 64
	ld.d	$s7, $sp, 72
	ld.d	$s8, $sp, 80
	ld.d	$fp, $sp, 88
	ld.d	$ra, $sp, 96
	addi.d	$sp, $sp, FRAME
.Lmd5_return:
	jr	$ra
END(md5_blocks_loongarch64)

	.section .rodata
	.p2align 4
.Lmd5_k: /* K[i], RFC 1321 (../md5_k.inc) */
	MD5_K_TABLE

ELF_NOTES
