/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20 for LoongArch64 with LASX (256-bit vectors).
 *
 * void chacha20_xor_lasx(uint8_t *out, const uint8_t *in, size_t len,
 *                        const uint32_t key[8], const uint32_t ctr[4]);
 * The kernel ABI of asm/kernels.h: whole 64-byte blocks, out == in allowed,
 * the 32-bit counter never wraps inside a call (the glue splits there).
 *
 * Two paths, chosen by the length left (reasoning and instruction counts in
 * README.md):
 *  - 8 blocks per pass, one state word per register for 8 blocks (vertical:
 *    blocks 0-3 in the low 128-bit lanes, 4-7 in the high ones; ~139
 *    instructions per 64-byte block), for as long as more than 4 blocks
 *    are left; a last pass with 5..7 blocks left stores only those.
 *  - 2 blocks per pass with the rows of block n in the low lanes and of
 *    block n+1 in the high lanes (horizontal, ~172 instructions per block)
 *    for the last 1..4 blocks, so short messages never pay for 8 blocks;
 *    with 1 block left the pass stores only the low lanes' block.
 *    A 1-block LSX pass would cost as many instructions as this 2-block one.
 *
 * Registers: only $xr0-$xr23 and temporaries are free; the vertical path
 * also uses $xr24-$xr31, whose low 64 bits ($fs0-$fs7) the psABI makes
 * callee-saved, so it saves and restores $f24-$f31. No $s register is used.
 * Every register is written before it is read (the ABI harness, test/abi/,
 * fills all of them with garbage first); where
 * an LSX instruction writes a register (leaving its high 128 bits
 * undefined), only its low lane is read afterwards (xvreplve0.q).
 * Unaligned xvld/xvst on the caller's buffers: the probe only reports LASX
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
#define C512 $t4
#define C256 $t5
#define C128 $t6

/* Vertical path: X0-X15 the working state of 8 blocks, O4-O15 the input
 * state words 4..15 (O12 holds the 8 counters), SIG the constant row in
 * both lanes. */
#define X0 $xr0
#define X1 $xr1
#define X2 $xr2
#define X3 $xr3
#define X4 $xr4
#define X5 $xr5
#define X6 $xr6
#define X7 $xr7
#define X8 $xr8
#define X9 $xr9
#define X10 $xr10
#define X11 $xr11
#define X12 $xr12
#define X13 $xr13
#define X14 $xr14
#define X15 $xr15
#define T0 $xr16
#define T1 $xr17
#define SIG $xr18
#define O4 $xr20
#define O5 $xr21
#define O6 $xr22
#define O7 $xr23
#define O8 $xr24
#define O9 $xr25
#define O10 $xr26
#define O11 $xr27
#define O12 $xr28
#define O13 $xr29
#define O14 $xr30
#define O15 $xr31

/* Horizontal path: rows A (= SIG), B, C, D of the input state of blocks
 * n (low lane) and n+1 (high lane), working rows RA-RD, TWO adds 2 to both
 * counter words. */
#define RA $xr0
#define RB $xr1
#define RC $xr2
#define RD $xr3
#define HB $xr19
#define HC $xr20
#define HD $xr21
#define HD_LOW $vr21
#define TWO $xr22

/*
 * p, q hold the same 16-byte chunk pair of blocks j (low lane) and j+4
 * (high lane): afterwards f = {p.lo, q.lo} (block j) and q = {p.hi, q.hi}
 * (block j+4). xvpermi.q xd, xj, imm takes lane imm&3 (low) and
 * (imm>>4)&3 (high) of {xj.lo, xj.hi, xd.lo, xd.hi}.
 */
.macro LANES p, q, f
	xvori.b		\f, \q, 0
	xvpermi.q	\f, \p, 0x20
	xvpermi.q	\q, \p, 0x31
.endm

/* Vertical output for blocks j and j+4: chunks (p0, q0) are their bytes
 * 0..31, (p1, q1) bytes 32..63. XORed into out: block j, and block j+4 if
 * `high`; otherwise q0, q1 keep block j+4's two halves for OUT_HIGH. */
.macro OUT_PAIR j, p0, q0, p1, q1, high
	LANES	\p0, \q0, T0
	CC_XOR_STORE xv, T0, 64 * \j, T1
.if \high
	CC_XOR_STORE xv, \q0, 64 * (\j + 4), T1
.endif
	LANES	\p1, \q1, T0
	CC_XOR_STORE xv, T0, 64 * \j + 32, T1
.if \high
	CC_XOR_STORE xv, \q1, 64 * (\j + 4) + 32, T1
.endif
.endm

/* Block j+4 after OUT_PAIR j, ..., 0. */
.macro OUT_HIGH j, q0, q1
	CC_XOR_STORE xv, \q0, 64 * (\j + 4), T1
	CC_XOR_STORE xv, \q1, 64 * (\j + 4) + 32, T1
.endm

/* After the transposes, block j's chunk g is in X(4g + (2, 3, 0, 1)[j]).
 * high = 0: blocks 0..4 only (a last pass has at least 5 blocks left),
 * leaving blocks 5..7 for OUT_HIGH. */
.macro OUT_8BLOCKS high
	OUT_PAIR 0, X2, X6, X10, X14, 1
	OUT_PAIR 1, X3, X7, X11, X15, \high
	OUT_PAIR 2, X0, X4, X8, X12, \high
	OUT_PAIR 3, X1, X5, X9, X13, \high
.endm

	/* Read at fixed offsets from .Lsigma: keep the order and sizes. */
	.section .rodata
	.p2align 5
.Lsigma:	/* "expand 32-byte k", in both lanes */
	.word	0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
	.word	0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
.Linc8:		/* counter offsets of the 8 vertical blocks */
	.word	0, 1, 2, 3, 4, 5, 6, 7
.Linc_h:	/* the high lane's block is the next one */
	.word	0, 0, 0, 0, 1, 0, 0, 0
.Ltwo:		/* next horizontal pair */
	.word	2, 0, 0, 0, 2, 0, 0, 0

ENTRY(chacha20_xor_lasx)
	beqz	LEN, .Lreturn
	addi.d	$sp, $sp, -CC_FRAME
	pcalau12i $t0, %pc_hi20(.Lsigma)
	addi.d	$t0, $t0, %pc_lo12(.Lsigma)
	xvld	SIG, $t0, 0
	ld.wu	CTRWORD, CTR, 0
	ori	C128, $zero, 128
	ori	C256, $zero, 256
	ori	C512, $zero, 512
	bgeu	C256, LEN, .Ltwo_setup		/* 1..4 blocks: horizontal only */

	/* ---------------- vertical, 8 blocks per pass ---------------- */
	CC_SAVE_FS
	xvldrepl.w O4, KEY, 0
	xvldrepl.w O5, KEY, 4
	xvldrepl.w O6, KEY, 8
	xvldrepl.w O7, KEY, 12
	xvldrepl.w O8, KEY, 16
	xvldrepl.w O9, KEY, 20
	xvldrepl.w O10, KEY, 24
	xvldrepl.w O11, KEY, 28
	xvreplgr2vr.w O12, CTRWORD
	xvld	T0, $t0, 32 /* .Linc8 */
	xvadd.w	O12, O12, T0
	xvldrepl.w O13, CTR, 4
	xvldrepl.w O14, CTR, 8
	xvldrepl.w O15, CTR, 12

.Lloop8:
	xvrepl128vei.w X0, SIG, 0
	xvrepl128vei.w X1, SIG, 1
	xvrepl128vei.w X2, SIG, 2
	xvrepl128vei.w X3, SIG, 3
	xvori.b	X4, O4, 0
	xvori.b	X5, O5, 0
	xvori.b	X6, O6, 0
	xvori.b	X7, O7, 0
	xvori.b	X8, O8, 0
	xvori.b	X9, O9, 0
	xvori.b	X10, O10, 0
	xvori.b	X11, O11, 0
	xvori.b	X12, O12, 0
	xvori.b	X13, O13, 0
	xvori.b	X14, O14, 0
	xvori.b	X15, O15, 0
	ori	ROUNDS, $zero, 5
.Lrounds8:	/* two double rounds per iteration */
	CC_DOUBLEROUND_V xv, X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12, X13, X14, X15
	CC_DOUBLEROUND_V xv, X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12, X13, X14, X15
	addi.w	ROUNDS, ROUNDS, -1
	bnez	ROUNDS, .Lrounds8

	/* Words 4..15 get their input added while still vertical; words 0..3
	 * are the same for every block, so SIG is added after the transpose. */
	CC_ADD4	xv, X4, O4, X5, O5, X6, O6, X7, O7
	CC_ADD4	xv, X8, O8, X9, O9, X10, O10, X11, O11
	CC_ADD4	xv, X12, O12, X13, O13, X14, O14, X15, O15
	xvaddi.wu O12, O12, 8
	CC_TRANSPOSE4 xv, X0, X1, X2, X3, T0, T1
	CC_ADD4	xv, X0, SIG, X1, SIG, X2, SIG, X3, SIG
	CC_TRANSPOSE4 xv, X4, X5, X6, X7, T0, T1
	CC_TRANSPOSE4 xv, X8, X9, X10, X11, T0, T1
	CC_TRANSPOSE4 xv, X12, X13, X14, X15, T0, T1
	bltu	LEN, C512, .Lpartial8

	OUT_8BLOCKS 1
	addi.d	CC_IN, CC_IN, 512
	addi.d	CC_OUT, CC_OUT, 512
	addi.d	LEN, LEN, -512
	bltu	C256, LEN, .Lloop8		/* > 4 blocks left: another pass */

	/* 0..4 blocks left: the horizontal path goes on from the counter of
	 * the next block (word 0 of O12). */
	xvpickve2gr.wu CTRWORD, O12, 0
	CC_RESTORE_FS
	bnez	LEN, .Ltwo_setup
	addi.d	$sp, $sp, CC_FRAME
.Lreturn:
	ret

.Lpartial8:	/* 5..7 blocks left: 0..4, then 5 and 6 as len says */
	OUT_8BLOCKS 0
	ori	$t1, $zero, 384
	bltu	LEN, $t1, 1f			/* 5 blocks */
	OUT_HIGH 1, X7, X15
	beq	LEN, $t1, 1f			/* 6 blocks */
	OUT_HIGH 2, X4, X12
1:
	CC_RESTORE_FS
	addi.d	$sp, $sp, CC_FRAME
	ret

	/* ---------------- horizontal, 2 blocks per pass ---------------- */
.Ltwo_setup:	/* 1..4 blocks; SIG and CTRWORD are set, t0 = .Lsigma */
	xvld	T0, KEY, 0
	xvreplve0.q HB, T0			/* key words 0..3 in both lanes */
	xvpermi.d HC, T0, 0xee			/* key words 4..7 in both lanes */
	vld	HD_LOW, CTR, 0
	vinsgr2vr.w HD_LOW, CTRWORD, 0
	xvreplve0.q HD, HD			/* reads the low lane only */
	xvld	T1, $t0, 64 /* .Linc_h */
	xvadd.w	HD, HD, T1
	xvld	TWO, $t0, 96 /* .Ltwo */
.Lloop2:
	xvori.b	RA, SIG, 0
	xvori.b	RB, HB, 0
	xvori.b	RC, HC, 0
	xvori.b	RD, HD, 0
	ori	ROUNDS, $zero, 5
.Lrounds2:
	CC_DOUBLEROUND_H xv, RA, RB, RC, RD
	CC_DOUBLEROUND_H xv, RA, RB, RC, RD
	addi.w	ROUNDS, ROUNDS, -1
	bnez	ROUNDS, .Lrounds2
	xvadd.w	RA, RA, SIG
	xvadd.w	RB, RB, HB
	xvadd.w	RC, RC, HC
	xvadd.w	RD, RD, HD
	xvadd.w	HD, HD, TWO
	/* Block n: {RA.lo, RB.lo} {RC.lo, RD.lo}; block n+1 the high lanes. */
	LANES	RA, RB, T0
	LANES	RC, RD, T1
	bltu	LEN, C128, .Lpartial2
	CC_XOR_STORE xv, T0, 0, $xr4
	CC_XOR_STORE xv, T1, 32, $xr5
	CC_XOR_STORE xv, RB, 64, $xr6
	CC_XOR_STORE xv, RD, 96, $xr7
	addi.d	CC_IN, CC_IN, 128
	addi.d	CC_OUT, CC_OUT, 128
	addi.d	LEN, LEN, -128
	bnez	LEN, .Lloop2
	addi.d	$sp, $sp, CC_FRAME
	ret

.Lpartial2:	/* 1 block left: the low lanes' */
	CC_XOR_STORE xv, T0, 0, $xr4
	CC_XOR_STORE xv, T1, 32, $xr5
	addi.d	$sp, $sp, CC_FRAME
	ret
END(chacha20_xor_lasx)

ELF_NOTES
