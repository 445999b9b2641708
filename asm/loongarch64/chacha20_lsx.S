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

#define CC_VREG $vr
#define C256 $t4
#define C128 $t5
#include "chacha20_macros.inc"

#define ONE $vr22 /* adds 1 to the horizontal counter word */

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
	CC_ENTRY v, C128, .Lone_setup		/* 1 or 2 blocks: horizontal only */

	/* ---------------- vertical, 4 blocks per pass ---------------- */
	CC_VERTICAL_SETUP v, 16 /* .Linc4 */
.Lloop4:
	CC_VERTICAL_PASS v, 4
	bltu	LEN, C256, .Lpartial4

	OUT_BLOCK 0, X2, X6, X10, X14
	OUT_BLOCK 1, X3, X7, X11, X15
	OUT_BLOCK 2, X0, X4, X8, X12
	OUT_BLOCK 3, X1, X5, X9, X13
	CC_ADVANCE 256
	bltu	C128, LEN, .Lloop4		/* > 2 blocks left: another pass */
	CC_VERTICAL_DONE v, .Lone_setup

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
	CC_HORIZONTAL_PASS v, ONE
	CC_XOR_STORE4 v, RA, RB, RC, RD, 16
	CC_HORIZONTAL_NEXT 64, .Lloop1
END(chacha20_xor_lsx)

ELF_NOTES
