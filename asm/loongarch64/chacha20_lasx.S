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

#define CC_VREG $xr
#define C512 $t4
#define C256 $t5
#define C128 $t6
#include "chacha20_macros.inc"

/* The horizontal path holds blocks n (low lane) and n+1 (high lane);
 * TWO adds 2 to both counter words. */
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
	CC_ENTRY xv, C256, .Ltwo_setup, C512	/* 1..4 blocks: horizontal only */

	/* ---------------- vertical, 8 blocks per pass ---------------- */
	CC_VERTICAL_SETUP xv, 32 /* .Linc8 */
.Lloop8:
	CC_VERTICAL_PASS xv, 8
	bltu	LEN, C512, .Lpartial8

	OUT_8BLOCKS 1
	CC_ADVANCE 512
	bltu	C256, LEN, .Lloop8		/* > 4 blocks left: another pass */
	CC_VERTICAL_DONE xv, .Ltwo_setup

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
	CC_HORIZONTAL_PASS xv, TWO
	/* Block n: {RA.lo, RB.lo} {RC.lo, RD.lo}; block n+1 the high lanes. */
	LANES	RA, RB, T0
	LANES	RC, RD, T1
	bltu	LEN, C128, .Lpartial2
	CC_XOR_STORE4 xv, T0, T1, RB, RD, 32
	CC_HORIZONTAL_NEXT 128, .Lloop2

.Lpartial2:	/* 1 block left: the low lanes' */
	CC_XOR_STORE xv, T0, 0, $xr4
	CC_XOR_STORE xv, T1, 32, $xr5
	addi.d	$sp, $sp, CC_FRAME
	ret
END(chacha20_xor_lasx)

ELF_NOTES
