/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20, 8 blocks at a time, for POWER10 (ISA 3.1).
 *   void chacha20_power10_8x(uint8_t *out, const uint8_t *in, size_t len,
 *                            const uint32_t key[8], const uint32_t ctr[4]);
 * ABI: asm/kernels.h, except that it XORs only whole 512-byte groups (len
 * rounded down) and leaves the rest to its caller; ELFv2, little-endian.
 * The table entry chacha20_xor_power10 (chacha20_ppc64le.c) hands the rest
 * to chacha20_xor_vsx. Only for CPUs whose AT_HWCAP2
 * has ARCH_3_1: lxvp/stxvp raise SIGILL on POWER8/9, and the assembler
 * accepts them whatever -mcpu says, so asm/ppc64le/arch.c's table is
 * the only guard.
 *
 * Why 8 blocks: the 4-block kernel (chacha20_vsx.S) runs four independent
 * quarter-round chains per step, each a string of dependent 2-3 cycle vector
 * ops, so it cannot fill POWER10's four vector pipes. Two 4-block groups
 * (A in v0..v15 = blocks 0..3, B in v16..v31 = blocks 4..7, one state word
 * per register as in the 4-block kernel) give eight independent chains.
 *
 * The price: all 32 vector registers hold state, yet every step needs one
 * more VR (the vpermxor control for <<<16 / <<<8, or the vrlw count 12 / 7).
 * The fix uses the other 32 VSX registers: one state word is parked in the
 * FPR half while its row is idle. Steps 1 and 3 (a += b; d = rot(d ^ a))
 * never touch row c, steps 2 and 4 (c += d; b = rot(b ^ c)) never touch
 * row a; so x11 of group B (XC, row c) is parked during steps 1/3 and x3 of
 * group B (XA, row a) during steps 2/4, and the freed register takes the
 * step's constant. That is 3 xxlor/vspltisw per step for 8 blocks.
 *
 * After the rounds, the word transpose is done with the VSX forms
 * (xxmrghw/xxmrglw/xxpermdi), which reach all 64 registers: group B's first
 * stage goes straight into the FPR half, freeing v16..v31 for group A.
 * Rows are kept in lxv order (little-endian quadword: word 0 of memory in
 * element 3), so lxvp/stxvp move 32 bytes per instruction and the XOR needs
 * no shuffles; lxvp fills the pair's second register with the lower
 * address. xxeval (ternary logic) has nothing to fuse here: each XOR has
 * two inputs and the rotates' XORs are already folded into vpermxor.
 *
 * Registers: v20..v31 and f14..f31 (the FPR half of vs14..vs31, which ELFv2
 * makes non-volatile) are saved and restored; no GPR above r12, no VRSAVE.
 */

#include "asm.h"

	.machine power10

#define FRAME	384
#define STAGE	32	/* 16 bytes to build sigma */
#define VSAVE	48	/* v20..v31 */
#define FSAVE	240	/* f14..f31 */

/* Homes in the FPR half of the VSX registers (vs0..vs13 are volatile). */
#define HCTRL16	0
#define HCTRL8	1
#define FSA	2	/* parked x3 of group B */
#define FSC	3	/* parked x11 of group B */
#define HSIGMA	4	/* rows, lxv order */
#define HKEY0	5
#define HKEY1	6
#define HCTR	7	/* counter row of the next group's block 0 */
#define HINC1	8	/* {0,0,0,1}: +1 on the counter word of a row */
#define HX12	9	/* x12 of group A: c, c+1, c+2, c+3 */
/* vs14..vs29: group B's transpose, first stage. */

#define XA	19	/* x3 of group B */
#define XC	27	/* x11 of group B */

#define OUT	3
#define INP	4
#define LEN	5

/* Step 1 or 3 on eight lanes: a += b; d = (d ^ a) <<< 16 or 8. */
.macro STEP_AD ctrl, a0,b0,d0, a1,b1,d1, a2,b2,d2, a3,b3,d3, a4,b4,d4, a5,b5,d5, a6,b6,d6, a7,b7,d7
	vadduwm	\a0, \a0, \b0
	vadduwm	\a1, \a1, \b1
	vadduwm	\a2, \a2, \b2
	vadduwm	\a3, \a3, \b3
	vadduwm	\a4, \a4, \b4
	vadduwm	\a5, \a5, \b5
	vadduwm	\a6, \a6, \b6
	vadduwm	\a7, \a7, \b7
	vpermxor \d0, \a0, \d0, \ctrl
	vpermxor \d1, \a1, \d1, \ctrl
	vpermxor \d2, \a2, \d2, \ctrl
	vpermxor \d3, \a3, \d3, \ctrl
	vpermxor \d4, \a4, \d4, \ctrl
	vpermxor \d5, \a5, \d5, \ctrl
	vpermxor \d6, \a6, \d6, \ctrl
	vpermxor \d7, \a7, \d7, \ctrl
.endm

/* Step 2 or 4 on eight lanes: c += d; b = (b ^ c) <<< 12 or 7. */
.macro STEP_CB rot, c0,d0,b0, c1,d1,b1, c2,d2,b2, c3,d3,b3, c4,d4,b4, c5,d5,b5, c6,d6,b6, c7,d7,b7
	vadduwm	\c0, \c0, \d0
	vadduwm	\c1, \c1, \d1
	vadduwm	\c2, \c2, \d2
	vadduwm	\c3, \c3, \d3
	vadduwm	\c4, \c4, \d4
	vadduwm	\c5, \c5, \d5
	vadduwm	\c6, \c6, \d6
	vadduwm	\c7, \c7, \d7
	vxor	\b0, \b0, \c0
	vxor	\b1, \b1, \c1
	vxor	\b2, \b2, \c2
	vxor	\b3, \b3, \c3
	vxor	\b4, \b4, \c4
	vxor	\b5, \b5, \c5
	vxor	\b6, \b6, \c6
	vxor	\b7, \b7, \c7
	vrlw	\b0, \b0, \rot
	vrlw	\b1, \b1, \rot
	vrlw	\b2, \b2, \rot
	vrlw	\b3, \b3, \rot
	vrlw	\b4, \b4, \rot
	vrlw	\b5, \b5, \rot
	vrlw	\b6, \b6, \rot
	vrlw	\b7, \b7, \rot
.endm

/* Park XC, bring XA back, constant into XC's register (steps 1 and 3). */
.macro FREE_XC home
	xxlor	FSC, 32+XC, 32+XC
	xxlor	32+XA, FSA, FSA
	xxlor	32+XC, \home, \home
.endm

/* Park XA, bring XC back, count into XA's register (steps 2 and 4). */
.macro FREE_XA count
	xxlor	FSA, 32+XA, 32+XA
	xxlor	32+XC, FSC, FSC
	vspltisw XA, \count
.endm

/*
 * One round on eight lanes (a, b, c, d of each). On entry and exit XA is
 * parked in FSA and XC is in its register.
 */
.macro ROUND8 a0,b0,c0,d0, a1,b1,c1,d1, a2,b2,c2,d2, a3,b3,c3,d3, a4,b4,c4,d4, a5,b5,c5,d5, a6,b6,c6,d6, a7,b7,c7,d7
	FREE_XC	HCTRL16
	STEP_AD	XC, \a0,\b0,\d0, \a1,\b1,\d1, \a2,\b2,\d2, \a3,\b3,\d3, \a4,\b4,\d4, \a5,\b5,\d5, \a6,\b6,\d6, \a7,\b7,\d7
	FREE_XA	12
	STEP_CB	XA, \c0,\d0,\b0, \c1,\d1,\b1, \c2,\d2,\b2, \c3,\d3,\b3, \c4,\d4,\b4, \c5,\d5,\b5, \c6,\d6,\b6, \c7,\d7,\b7
	FREE_XC	HCTRL8
	STEP_AD	XC, \a0,\b0,\d0, \a1,\b1,\d1, \a2,\b2,\d2, \a3,\b3,\d3, \a4,\b4,\d4, \a5,\b5,\d5, \a6,\b6,\d6, \a7,\b7,\d7
	FREE_XA	7
	STEP_CB	XA, \c0,\d0,\b0, \c1,\d1,\b1, \c2,\d2,\b2, \c3,\d3,\b3, \c4,\d4,\b4, \c5,\d5,\b5, \c6,\d6,\b6, \c7,\d7,\b7
.endm

/*
 * Transpose, first stage, for words a..d (VSX numbers) of four blocks into
 * t0..t3 (VSX numbers): t0 = b0 a0 b1 a1, t1 = d0 c0 d1 c1,
 * t2 = b2 a2 b3 a3, t3 = d2 c2 d3 c3.
 */
.macro TSTAGE1 a, b, c, d, t0, t1, t2, t3
	xxmrghw	\t0, \b, \a
	xxmrghw	\t1, \d, \c
	xxmrglw	\t2, \b, \a
	xxmrglw	\t3, \d, \c
.endm

/* Second stage: r_k = (d, c, b, a) of block k, i.e. the row in lxv order. */
.macro TSTAGE2 t0, t1, t2, t3, r0, r1, r2, r3
	xxpermdi \r0, \t1, \t0, 0
	xxpermdi \r1, \t1, \t0, 3
	xxpermdi \r2, \t3, \t2, 0
	xxpermdi \r3, \t3, \t2, 3
.endm

/*
 * Rows in v0..v15 (register 4g+b = row g of block b) plus the input state,
 * XORed with 256 bytes at in+off, stored at out+off. v23 is the counter row
 * of block 0 on entry and of block 4 on exit.
 */
.macro FINISH4 off
	vadduwm	0, 0, 20
	vadduwm	1, 1, 20
	vadduwm	2, 2, 20
	vadduwm	3, 3, 20
	vadduwm	4, 4, 21
	vadduwm	5, 5, 21
	vadduwm	6, 6, 21
	vadduwm	7, 7, 21
	vadduwm	8, 8, 22
	vadduwm	9, 9, 22
	vadduwm	10, 10, 22
	vadduwm	11, 11, 22
	vadduwm	12, 12, 23
	vadduwm	23, 23, 24
	vadduwm	13, 13, 23
	vadduwm	23, 23, 24
	vadduwm	14, 14, 23
	vadduwm	23, 23, 24
	vadduwm	15, 15, 23
	vadduwm	23, 23, 24
	/* lxvp: the pair's odd register gets the lower 16 bytes. */
	lxvp	32+16, \off+0(INP)
	lxvp	32+18, \off+32(INP)
	lxvp	32+26, \off+64(INP)
	lxvp	32+28, \off+96(INP)
	vxor	17, 17, 0
	vxor	16, 16, 4
	vxor	19, 19, 8
	vxor	18, 18, 12
	vxor	27, 27, 1
	vxor	26, 26, 5
	vxor	29, 29, 9
	vxor	28, 28, 13
	stxvp	32+16, \off+0(OUT)
	stxvp	32+18, \off+32(OUT)
	stxvp	32+26, \off+64(OUT)
	stxvp	32+28, \off+96(OUT)
	lxvp	32+16, \off+128(INP)
	lxvp	32+18, \off+160(INP)
	lxvp	32+26, \off+192(INP)
	lxvp	32+28, \off+224(INP)
	vxor	17, 17, 2
	vxor	16, 16, 6
	vxor	19, 19, 10
	vxor	18, 18, 14
	vxor	27, 27, 3
	vxor	26, 26, 7
	vxor	29, 29, 11
	vxor	28, 28, 15
	stxvp	32+16, \off+128(OUT)
	stxvp	32+18, \off+160(OUT)
	stxvp	32+26, \off+192(OUT)
	stxvp	32+28, \off+224(OUT)
.endm

ENTRY(chacha20_power10_8x)
	cmpldi	LEN, 512
	bltlr				/* no whole group */
	stdu	1, -FRAME(1)
	stxv	32+20, VSAVE+0(1)
	stxv	32+21, VSAVE+16(1)
	stxv	32+22, VSAVE+32(1)
	stxv	32+23, VSAVE+48(1)
	stxv	32+24, VSAVE+64(1)
	stxv	32+25, VSAVE+80(1)
	stxv	32+26, VSAVE+96(1)
	stxv	32+27, VSAVE+112(1)
	stxv	32+28, VSAVE+128(1)
	stxv	32+29, VSAVE+144(1)
	stxv	32+30, VSAVE+160(1)
	stxv	32+31, VSAVE+176(1)
	stfd	14, FSAVE+0(1)
	stfd	15, FSAVE+8(1)
	stfd	16, FSAVE+16(1)
	stfd	17, FSAVE+24(1)
	stfd	18, FSAVE+32(1)
	stfd	19, FSAVE+40(1)
	stfd	20, FSAVE+48(1)
	stfd	21, FSAVE+56(1)
	stfd	22, FSAVE+64(1)
	stfd	23, FSAVE+72(1)
	stfd	24, FSAVE+80(1)
	stfd	25, FSAVE+88(1)
	stfd	26, FSAVE+96(1)
	stfd	27, FSAVE+104(1)
	stfd	28, FSAVE+112(1)
	stfd	29, FSAVE+120(1)
	stfd	30, FSAVE+128(1)
	stfd	31, FSAVE+136(1)

	/* Rows in lxv order; sigma through the frame (no TOC, no relocations). */
	lxv	HKEY0, 0(6)
	lxv	HKEY1, 16(6)
	lxv	HCTR, 0(7)
	lis	8, 0x6170
	ori	8, 8, 0x7865
	stw	8, STAGE+0(1)
	lis	8, 0x3320
	ori	8, 8, 0x646e
	stw	8, STAGE+4(1)
	lis	8, 0x7962
	ori	8, 8, 0x2d32
	stw	8, STAGE+8(1)
	lis	8, 0x6b20
	ori	8, 8, 0x6574
	stw	8, STAGE+12(1)
	lxv	HSIGMA, STAGE(1)

	/* vpermxor controls, as in chacha20_vsx.S (r1 is 16-byte aligned). */
	lvsl	0, 0, 1
	vspltisb 1, 4
	vslb	2, 0, 1
	vor	0, 0, 2
	vspltisw 1, -16
	vrlw	2, 0, 1
	xxlor	HCTRL16, 32+2, 32+2
	vspltisw 1, 8
	vrlw	2, 0, 1
	xxlor	HCTRL8, 32+2, 32+2

	/* {0,0,0,1} and x12 of group A = counter + {0,1,2,3}. */
	vspltisw 1, 1
	vxor	2, 2, 2
	vsldoi	3, 2, 1, 4		/* 0 0 0 1 */
	xxlor	HINC1, 32+3, 32+3
	vsldoi	4, 2, 1, 8		/* 0 0 1 1 */
	vsldoi	5, 2, 1, 12		/* 0 1 1 1 */
	vadduwm	4, 4, 5			/* 0 1 2 2 */
	vadduwm	4, 4, 3			/* 0 1 2 3 */
	xxspltw	32+5, HCTR, 3
	vadduwm	5, 5, 4
	xxlor	HX12, 32+5, 32+5

	.p2align 5
.Lgroup8:
	/* Both groups from the rows (word i of a row is element 3 - i). */
	xxlor	32+12, HX12, HX12
	vspltisw 29, 4
	vadduwm	28, 12, 29		/* x12 of group B: c+4 .. c+7 */
	vspltisw 30, 8
	vadduwm	30, 12, 30
	xxlor	HX12, 32+30, 32+30	/* next group's x12 */
	xxspltw	32+0, HSIGMA, 3
	xxspltw	32+1, HSIGMA, 2
	xxspltw	32+2, HSIGMA, 1
	xxspltw	32+3, HSIGMA, 0
	xxspltw	32+4, HKEY0, 3
	xxspltw	32+5, HKEY0, 2
	xxspltw	32+6, HKEY0, 1
	xxspltw	32+7, HKEY0, 0
	xxspltw	32+8, HKEY1, 3
	xxspltw	32+9, HKEY1, 2
	xxspltw	32+10, HKEY1, 1
	xxspltw	32+11, HKEY1, 0
	xxspltw	32+13, HCTR, 2
	xxspltw	32+14, HCTR, 1
	xxspltw	32+15, HCTR, 0
	xxspltw	32+16, HSIGMA, 3
	xxspltw	32+17, HSIGMA, 2
	xxspltw	32+18, HSIGMA, 1
	xxspltw	FSA, HSIGMA, 0		/* XA starts parked */
	xxspltw	32+20, HKEY0, 3
	xxspltw	32+21, HKEY0, 2
	xxspltw	32+22, HKEY0, 1
	xxspltw	32+23, HKEY0, 0
	xxspltw	32+24, HKEY1, 3
	xxspltw	32+25, HKEY1, 2
	xxspltw	32+26, HKEY1, 1
	xxspltw	32+27, HKEY1, 0
	xxspltw	32+29, HCTR, 2
	xxspltw	32+30, HCTR, 1
	xxspltw	32+31, HCTR, 0
	li	8, 10
	mtctr	8

	.p2align 6
.Ldouble_round8:
	ROUND8	0,4,8,12, 1,5,9,13, 2,6,10,14, 3,7,11,15, 16,20,24,28, 17,21,25,29, 18,22,26,30, 19,23,27,31
	ROUND8	0,5,10,15, 1,6,11,12, 2,7,8,13, 3,4,9,14, 16,21,26,31, 17,22,27,28, 18,23,24,29, 19,20,25,30
	bdnz	.Ldouble_round8
	xxlor	32+XA, FSA, FSA

	/* Group B, first transpose stage, into the FPR half (vs14..vs29). */
	TSTAGE1	32+16, 32+17, 32+18, 32+19, 14, 15, 16, 17
	TSTAGE1	32+20, 32+21, 32+22, 32+23, 18, 19, 20, 21
	TSTAGE1	32+24, 32+25, 32+26, 32+27, 22, 23, 24, 25
	TSTAGE1	32+28, 32+29, 32+30, 32+31, 26, 27, 28, 29
	/* Group A, both stages through v16..v19. */
	TSTAGE1	32+0, 32+1, 32+2, 32+3, 32+16, 32+17, 32+18, 32+19
	TSTAGE2	32+16, 32+17, 32+18, 32+19, 32+0, 32+1, 32+2, 32+3
	TSTAGE1	32+4, 32+5, 32+6, 32+7, 32+16, 32+17, 32+18, 32+19
	TSTAGE2	32+16, 32+17, 32+18, 32+19, 32+4, 32+5, 32+6, 32+7
	TSTAGE1	32+8, 32+9, 32+10, 32+11, 32+16, 32+17, 32+18, 32+19
	TSTAGE2	32+16, 32+17, 32+18, 32+19, 32+8, 32+9, 32+10, 32+11
	TSTAGE1	32+12, 32+13, 32+14, 32+15, 32+16, 32+17, 32+18, 32+19
	TSTAGE2	32+16, 32+17, 32+18, 32+19, 32+12, 32+13, 32+14, 32+15

	xxlor	32+20, HSIGMA, HSIGMA
	xxlor	32+21, HKEY0, HKEY0
	xxlor	32+22, HKEY1, HKEY1
	xxlor	32+23, HCTR, HCTR
	xxlor	32+24, HINC1, HINC1
	FINISH4	0

	/* Group B, second stage, into v0..v15. */
	TSTAGE2	14, 15, 16, 17, 32+0, 32+1, 32+2, 32+3
	TSTAGE2	18, 19, 20, 21, 32+4, 32+5, 32+6, 32+7
	TSTAGE2	22, 23, 24, 25, 32+8, 32+9, 32+10, 32+11
	TSTAGE2	26, 27, 28, 29, 32+12, 32+13, 32+14, 32+15
	FINISH4	256
	xxlor	HCTR, 32+23, 32+23	/* counter row of the next group */

	addi	INP, INP, 512
	addi	OUT, OUT, 512
	addi	LEN, LEN, -512
	cmpldi	LEN, 512
	bge	.Lgroup8

	lxv	32+20, VSAVE+0(1)
	lxv	32+21, VSAVE+16(1)
	lxv	32+22, VSAVE+32(1)
	lxv	32+23, VSAVE+48(1)
	lxv	32+24, VSAVE+64(1)
	lxv	32+25, VSAVE+80(1)
	lxv	32+26, VSAVE+96(1)
	lxv	32+27, VSAVE+112(1)
	lxv	32+28, VSAVE+128(1)
	lxv	32+29, VSAVE+144(1)
	lxv	32+30, VSAVE+160(1)
	lxv	32+31, VSAVE+176(1)
	lfd	14, FSAVE+0(1)
	lfd	15, FSAVE+8(1)
	lfd	16, FSAVE+16(1)
	lfd	17, FSAVE+24(1)
	lfd	18, FSAVE+32(1)
	lfd	19, FSAVE+40(1)
	lfd	20, FSAVE+48(1)
	lfd	21, FSAVE+56(1)
	lfd	22, FSAVE+64(1)
	lfd	23, FSAVE+72(1)
	lfd	24, FSAVE+80(1)
	lfd	25, FSAVE+88(1)
	lfd	26, FSAVE+96(1)
	lfd	27, FSAVE+104(1)
	lfd	28, FSAVE+112(1)
	lfd	29, FSAVE+120(1)
	lfd	30, FSAVE+128(1)
	lfd	31, FSAVE+136(1)
	addi	1, 1, FRAME
	blr
END(chacha20_power10_8x)

ELF_NOTES
