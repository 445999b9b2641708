/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20 for LoongArch64 with LSX (128-bit vectors).
 *
 * void chacha20_xor_lsx(uint8_t *out, const uint8_t *in, size_t len,
 *                       const uint32_t key[8], const uint32_t ctr[4]);
 * The kernel ABI of asm/kernels.h: whole 64-byte blocks, out == in allowed,
 * the 32-bit counter never wraps inside a call (the glue splits there).
 *
 * Two paths, chosen by the length left (reasoning and instruction counts in
 * README.md):
 *  - 4 blocks per pass, one state word per register for 4 blocks (vertical,
 *    ~272 instructions per 64-byte block), for as long as more than 2
 *    blocks are left; a last pass with 3 blocks left stores only those.
 *  - 1 block per pass with the rows in 4 registers (horizontal, 336
 *    instructions per block but no 4-block minimum) for the last 1 or 2
 *    blocks, so short messages never pay for 4 blocks.
 *
 * Registers: only $vr0-$vr23 and temporaries are free; the vertical path
 * also uses $vr24-$vr31, whose low 64 bits ($fs0-$fs7) the psABI makes
 * callee-saved, so it saves and restores $f24-$f31. No $s register is used.
 * Every register is written before it is read (the ABI harness, test/abi/,
 * fills all of them with garbage first).
 * Unaligned vld/vst on the caller's buffers: the probe only reports LSX
 * together with hardware unaligned access (HWCAP UAL).
 */

#include "asm.h"

#define CC_OUT $a0
#define CC_IN $a1
#include "chacha20_macros.inc" /* uses CC_OUT, CC_IN */

#define LEN $a2
#define KEY $a3
#define CTR $a4
#define CTRWORD $t2 /* counter of the next block to produce */
#define ROUNDS $t3
#define C256 $t4
#define C128 $t5

/* Vertical path: X0-X15 the working state of 4 blocks, O4-O15 the input
 * state words 4..15 (O12 holds the 4 counters), SIG the constant row. */
#define X0 $vr0
#define X1 $vr1
#define X2 $vr2
#define X3 $vr3
#define X4 $vr4
#define X5 $vr5
#define X6 $vr6
#define X7 $vr7
#define X8 $vr8
#define X9 $vr9
#define X10 $vr10
#define X11 $vr11
#define X12 $vr12
#define X13 $vr13
#define X14 $vr14
#define X15 $vr15
#define T0 $vr16
#define T1 $vr17
#define SIG $vr18
#define O4 $vr20
#define O5 $vr21
#define O6 $vr22
#define O7 $vr23
#define O8 $vr24
#define O9 $vr25
#define O10 $vr26
#define O11 $vr27
#define O12 $vr28
#define O13 $vr29
#define O14 $vr30
#define O15 $vr31

/* Horizontal path: rows A (= SIG), B, C, D of the input state, working rows
 * RA-RD, ONE adds 1 to the counter word. */
#define RA $vr0
#define RB $vr1
#define RC $vr2
#define RD $vr3
#define HB $vr19
#define HC $vr20
#define HD $vr21
#define ONE $vr22

/* Vertical output of block j, whose 16-byte chunks are in r0..r3. */
.macro OUT_BLOCK j, r0, r1, r2, r3
	CC_XOR_STORE v, \r0, 64 * \j, T0
	CC_XOR_STORE v, \r1, 64 * \j + 16, T1
	CC_XOR_STORE v, \r2, 64 * \j + 32, T0
	CC_XOR_STORE v, \r3, 64 * \j + 48, T1
.endm

	/* Read at fixed offsets from .Lsigma: keep the order and sizes. */
	.section .rodata
	.p2align 4
.Lsigma:	/* "expand 32-byte k" */
	.word	0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
.Linc4:		/* counter offsets of the 4 vertical blocks */
	.word	0, 1, 2, 3
.Lone:		/* next horizontal block */
	.word	1, 0, 0, 0

ENTRY(chacha20_xor_lsx)
	beqz	LEN, .Lreturn
	addi.d	$sp, $sp, -CC_FRAME
	pcalau12i $t0, %pc_hi20(.Lsigma)
	addi.d	$t0, $t0, %pc_lo12(.Lsigma)
	vld	SIG, $t0, 0
	ld.wu	CTRWORD, CTR, 0
	ori	C128, $zero, 128
	ori	C256, $zero, 256
	bgeu	C128, LEN, .Lone_setup		/* 1 or 2 blocks: horizontal only */

	/* ---------------- vertical, 4 blocks per pass ---------------- */
	CC_SAVE_FS
	vldrepl.w O4, KEY, 0
	vldrepl.w O5, KEY, 4
	vldrepl.w O6, KEY, 8
	vldrepl.w O7, KEY, 12
	vldrepl.w O8, KEY, 16
	vldrepl.w O9, KEY, 20
	vldrepl.w O10, KEY, 24
	vldrepl.w O11, KEY, 28
	vreplgr2vr.w O12, CTRWORD
	vld	T0, $t0, 16 /* .Linc4 */
	vadd.w	O12, O12, T0
	vldrepl.w O13, CTR, 4
	vldrepl.w O14, CTR, 8
	vldrepl.w O15, CTR, 12

.Lloop4:
	vreplvei.w X0, SIG, 0
	vreplvei.w X1, SIG, 1
	vreplvei.w X2, SIG, 2
	vreplvei.w X3, SIG, 3
	vori.b	X4, O4, 0
	vori.b	X5, O5, 0
	vori.b	X6, O6, 0
	vori.b	X7, O7, 0
	vori.b	X8, O8, 0
	vori.b	X9, O9, 0
	vori.b	X10, O10, 0
	vori.b	X11, O11, 0
	vori.b	X12, O12, 0
	vori.b	X13, O13, 0
	vori.b	X14, O14, 0
	vori.b	X15, O15, 0
	ori	ROUNDS, $zero, 5
.Lrounds4:	/* two double rounds per iteration */
	CC_DOUBLEROUND_V v, X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12, X13, X14, X15
	CC_DOUBLEROUND_V v, X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12, X13, X14, X15
	addi.w	ROUNDS, ROUNDS, -1
	bnez	ROUNDS, .Lrounds4

	/* Words 4..15 get their input added while still vertical; words 0..3
	 * are the same for every block, so SIG is added after the transpose. */
	CC_ADD4	v, X4, O4, X5, O5, X6, O6, X7, O7
	CC_ADD4	v, X8, O8, X9, O9, X10, O10, X11, O11
	CC_ADD4	v, X12, O12, X13, O13, X14, O14, X15, O15
	vaddi.wu O12, O12, 4
	/* Block j's 16-byte chunk g ends up in X(4g + (2, 3, 0, 1)[j]). */
	CC_TRANSPOSE4 v, X0, X1, X2, X3, T0, T1
	CC_ADD4	v, X0, SIG, X1, SIG, X2, SIG, X3, SIG
	CC_TRANSPOSE4 v, X4, X5, X6, X7, T0, T1
	CC_TRANSPOSE4 v, X8, X9, X10, X11, T0, T1
	CC_TRANSPOSE4 v, X12, X13, X14, X15, T0, T1
	bltu	LEN, C256, .Lpartial4

	OUT_BLOCK 0, X2, X6, X10, X14
	OUT_BLOCK 1, X3, X7, X11, X15
	OUT_BLOCK 2, X0, X4, X8, X12
	OUT_BLOCK 3, X1, X5, X9, X13
	addi.d	CC_IN, CC_IN, 256
	addi.d	CC_OUT, CC_OUT, 256
	addi.d	LEN, LEN, -256
	bltu	C128, LEN, .Lloop4		/* > 2 blocks left: another pass */

	/* 0..2 blocks left: the horizontal path goes on from the counter of
	 * the next block (word 0 of O12). */
	vpickve2gr.wu CTRWORD, O12, 0
	CC_RESTORE_FS
	bnez	LEN, .Lone_setup
	addi.d	$sp, $sp, CC_FRAME
.Lreturn:
	ret

.Lpartial4:	/* 3 blocks left */
	OUT_BLOCK 0, X2, X6, X10, X14
	OUT_BLOCK 1, X3, X7, X11, X15
	OUT_BLOCK 2, X0, X4, X8, X12
	CC_RESTORE_FS
	addi.d	$sp, $sp, CC_FRAME
	ret

	/* ---------------- horizontal, 1 block per pass ---------------- */
.Lone_setup:	/* 1 or 2 blocks; SIG and CTRWORD are set, t0 = .Lsigma */
	vld	HB, KEY, 0
	vld	HC, KEY, 16
	vld	HD, CTR, 0
	vinsgr2vr.w HD, CTRWORD, 0
	vld	ONE, $t0, 32 /* .Lone */
.Lloop1:
	vori.b	RA, SIG, 0
	vori.b	RB, HB, 0
	vori.b	RC, HC, 0
	vori.b	RD, HD, 0
	ori	ROUNDS, $zero, 5
.Lrounds1:
	CC_DOUBLEROUND_H v, RA, RB, RC, RD
	CC_DOUBLEROUND_H v, RA, RB, RC, RD
	addi.w	ROUNDS, ROUNDS, -1
	bnez	ROUNDS, .Lrounds1
	vadd.w	RA, RA, SIG
	vadd.w	RB, RB, HB
	vadd.w	RC, RC, HC
	vadd.w	RD, RD, HD
	vadd.w	HD, HD, ONE
	CC_XOR_STORE v, RA, 0, $vr4
	CC_XOR_STORE v, RB, 16, $vr5
	CC_XOR_STORE v, RC, 32, $vr6
	CC_XOR_STORE v, RD, 48, $vr7
	addi.d	CC_IN, CC_IN, 64
	addi.d	CC_OUT, CC_OUT, 64
	addi.d	LEN, LEN, -64
	bnez	LEN, .Lloop1
	addi.d	$sp, $sp, CC_FRAME
	ret
END(chacha20_xor_lsx)

ELF_NOTES
