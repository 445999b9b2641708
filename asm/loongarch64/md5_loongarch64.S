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
 * Per step: F, G 9 instructions; H 8 + 7 per pair; I 8.
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
 * Step arguments: dst (the word's new value), src (its value before the
 * step: the same register but in the first four steps), b, c, d, the
 * message word, i (constant index) and s (left rotation).
 * dst = b + rotl(src + f(b, c, d) + x + K[i], s).
 */
.macro XK dst, src, x, i
	ld.w	T, KP, 4 * \i
	add.w	\dst, \src, T
	add.w	\dst, \dst, \x
.endm

.macro ROT dst, b, s
	rotri.w	\dst, \dst, 32 - \s
	add.w	\dst, \dst, \b
.endm

.macro STEP_F dst, src, b, c, d, x, i, s
	XK	\dst, \src, \x, \i
	and	T, \b, \c
	add.w	\dst, \dst, T
	andn	T, \d, \b
	add.w	\dst, \dst, T
	ROT	\dst, \b, \s
.endm

.macro STEP_G dst, b, c, d, x, i, s
	XK	\dst, \dst, \x, \i
	andn	T, \c, \d
	add.w	\dst, \dst, T
	and	T, \b, \d
	add.w	\dst, \dst, T
	ROT	\dst, \b, \s
.endm

/* First step of a pair: leaves S = b ^ c, the second step's c ^ d. */
.macro STEP_H1 dst, b, c, d, x, i, s
	XK	\dst, \dst, \x, \i
	xor	S, \b, \c
	xor	T, S, \d
	add.w	\dst, \dst, T
	ROT	\dst, \b, \s
.endm

.macro STEP_H2 dst, b, c, d, x, i, s
	XK	\dst, \dst, \x, \i
	xor	T, S, \b
	add.w	\dst, \dst, T
	ROT	\dst, \b, \s
.endm

.macro STEP_I dst, b, c, d, x, i, s
	XK	\dst, \dst, \x, \i
	orn	T, \b, \d
	xor	T, T, \c
	add.w	\dst, \dst, T
	ROT	\dst, \b, \s
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

	/* Round 1: F; the first four steps move A..D into NA..ND. */
	STEP_F	NA, A, B, C, D, X0, 0, 7
	STEP_F	ND, D, NA, B, C, X1, 1, 12
	STEP_F	NC, C, ND, NA, B, X2, 2, 17
	STEP_F	NB, B, NC, ND, NA, X3, 3, 22
	STEP_F	NA, NA, NB, NC, ND, X4, 4, 7
	STEP_F	ND, ND, NA, NB, NC, X5, 5, 12
	STEP_F	NC, NC, ND, NA, NB, X6, 6, 17
	STEP_F	NB, NB, NC, ND, NA, X7, 7, 22
	STEP_F	NA, NA, NB, NC, ND, X8, 8, 7
	STEP_F	ND, ND, NA, NB, NC, X9, 9, 12
	STEP_F	NC, NC, ND, NA, NB, X10, 10, 17
	STEP_F	NB, NB, NC, ND, NA, X11, 11, 22
	STEP_F	NA, NA, NB, NC, ND, X12, 12, 7
	STEP_F	ND, ND, NA, NB, NC, X13, 13, 12
	STEP_F	NC, NC, ND, NA, NB, X14, 14, 17
	STEP_F	NB, NB, NC, ND, NA, X15, 15, 22

	/* Round 2: G, x[(1 + 5i) mod 16] */
	STEP_G	NA, NB, NC, ND, X1, 16, 5
	STEP_G	ND, NA, NB, NC, X6, 17, 9
	STEP_G	NC, ND, NA, NB, X11, 18, 14
	STEP_G	NB, NC, ND, NA, X0, 19, 20
	STEP_G	NA, NB, NC, ND, X5, 20, 5
	STEP_G	ND, NA, NB, NC, X10, 21, 9
	STEP_G	NC, ND, NA, NB, X15, 22, 14
	STEP_G	NB, NC, ND, NA, X4, 23, 20
	STEP_G	NA, NB, NC, ND, X9, 24, 5
	STEP_G	ND, NA, NB, NC, X14, 25, 9
	STEP_G	NC, ND, NA, NB, X3, 26, 14
	STEP_G	NB, NC, ND, NA, X8, 27, 20
	STEP_G	NA, NB, NC, ND, X13, 28, 5
	STEP_G	ND, NA, NB, NC, X2, 29, 9
	STEP_G	NC, ND, NA, NB, X7, 30, 14
	STEP_G	NB, NC, ND, NA, X12, 31, 20

	/* Round 3: H, x[(5 + 3i) mod 16] */
	STEP_H1	NA, NB, NC, ND, X5, 32, 4
	STEP_H2	ND, NA, NB, NC, X8, 33, 11
	STEP_H1	NC, ND, NA, NB, X11, 34, 16
	STEP_H2	NB, NC, ND, NA, X14, 35, 23
	STEP_H1	NA, NB, NC, ND, X1, 36, 4
	STEP_H2	ND, NA, NB, NC, X4, 37, 11
	STEP_H1	NC, ND, NA, NB, X7, 38, 16
	STEP_H2	NB, NC, ND, NA, X10, 39, 23
	STEP_H1	NA, NB, NC, ND, X13, 40, 4
	STEP_H2	ND, NA, NB, NC, X0, 41, 11
	STEP_H1	NC, ND, NA, NB, X3, 42, 16
	STEP_H2	NB, NC, ND, NA, X6, 43, 23
	STEP_H1	NA, NB, NC, ND, X9, 44, 4
	STEP_H2	ND, NA, NB, NC, X12, 45, 11
	STEP_H1	NC, ND, NA, NB, X15, 46, 16
	STEP_H2	NB, NC, ND, NA, X2, 47, 23

	/* Round 4: I, x[7i mod 16]; S is free again: the end of the input. */
	ld.d	S, $sp, 8
	STEP_I	NA, NB, NC, ND, X0, 48, 6
	STEP_I	ND, NA, NB, NC, X7, 49, 10
	STEP_I	NC, ND, NA, NB, X14, 50, 15
	STEP_I	NB, NC, ND, NA, X5, 51, 21
	STEP_I	NA, NB, NC, ND, X12, 52, 6
	STEP_I	ND, NA, NB, NC, X3, 53, 10
	STEP_I	NC, ND, NA, NB, X10, 54, 15
	STEP_I	NB, NC, ND, NA, X1, 55, 21
	STEP_I	NA, NB, NC, ND, X8, 56, 6
	STEP_I	ND, NA, NB, NC, X15, 57, 10
	STEP_I	NC, ND, NA, NB, X6, 58, 15
	STEP_I	NB, NC, ND, NA, X13, 59, 21
	STEP_I	NA, NB, NC, ND, X4, 60, 6
	STEP_I	ND, NA, NB, NC, X11, 61, 10
	STEP_I	NC, ND, NA, NB, X2, 62, 15
	STEP_I	NB, NC, ND, NA, X9, 63, 21

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
