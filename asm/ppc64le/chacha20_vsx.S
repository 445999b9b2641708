/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20, 4 blocks at a time with VMX/VSX, for POWER8 and later (ISA 2.07).
 *   void chacha20_xor_vsx(uint8_t *out, const uint8_t *in, size_t len,
 *                         const uint32_t key[8], const uint32_t ctr[4]);
 * ABI: asm/kernels.h; ELFv2, little-endian.
 *
 * Layout: "one word per register": v0..v15 hold state word i of four
 * consecutive blocks (element b = block b), so a quarter round on four
 * columns is one vector instruction per operation and no lane shuffles are
 * needed between column and diagonal rounds.
 *
 * Per quarter-round step: d ^= a; d <<<= 16 (and <<<= 8) is ONE vpermxor
 * (ISA 2.07): with every control byte = src*0x11 it picks the same rotated
 * byte from a and d and XORs them, i.e. rot(a ^ d) = rot(a) ^ rot(d).
 * The 12- and 7-bit rotates are vxor + vrlw by splatted counts.
 *
 * After the rounds a 4x4 word transpose (vmrghw/vmrglw + xxpermdi) turns the
 * registers back into rows of each block, and the input state is added in
 * that row form: sigma and the key rows are the same for every block, only
 * the counter row differs (four counter rows kept in v28..v31). lxvw4x /
 * stxvw4x keep word i of memory in element i in little-endian mode, which is
 * exactly the row order, and they accept any alignment.
 *
 * Whole blocks only (asm/kernels.h): whole 256-byte groups go straight
 * through; a final group of 1..3 blocks is XORed and stored block by block,
 * so nothing outside in[0..len) / out[0..len) is touched. Branches depend
 * on len only.
 *
 * Registers: v0..v19 are volatile; v20..v31 (non-volatile in ELFv2) are
 * saved in the frame and restored. r14..r22 hold load/store offsets and are
 * saved too. No FPR and no VRSAVE is touched (Linux ELFv2 does not use
 * VRSAVE). r2 and r13 are never used.
 */

#include "asm.h"

	.machine power8

/* Offsets of the frame (16-byte aligned; stdu keeps the back chain). */
#define FRAME	320
#define STAGE	32	/* 16 bytes to build sigma */
#define VSAVE	48	/* v20..v31, 12 x 16 bytes (stvx: 16-byte aligned) */
#define GSAVE	240	/* r14..r22, 9 x 8 bytes */

/* Vector registers: state words x0..x15 are v0..v15. */
#define CTRL16	16	/* vpermxor control for <<< 16 */
#define CTRL8	17	/* vpermxor control for <<< 8 */
#define ROT12	18	/* vspltisw 12 */
#define ROT7	19	/* vspltisw 7 */
#define SIGMA	20	/* row 0: "expand 32-byte k" */
#define KEY0	21	/* row 1: key[0..3] */
#define KEY1	22	/* row 2: key[4..7] */
#define CTRINC	23	/* {4,0,0,0}: counter step per iteration */
#define T0	24	/* temporaries for the transpose and loads */
#define T1	25
#define T2	26
#define T3	27
#define CROW	28	/* rows 3 of blocks 0..3: v28..v31 */

/* GPRs: offsets 16..240 for indexed loads/stores (r0 is fine as RB). */
#define O16	0
#define O32	8
#define O48	9
#define O64	10
#define O80	11
#define O96	12
#define O112	14
#define O128	15
#define O144	16
#define O160	17
#define O176	18
#define O192	19
#define O208	20
#define O224	21
#define O240	22

#define OUT	3
#define INP	4
#define LEN	5

/* One quarter-round on four lanes at once (a, b, c, d of each lane). */
.macro QR4 a0,b0,c0,d0, a1,b1,c1,d1, a2,b2,c2,d2, a3,b3,c3,d3
	vadduwm	\a0, \a0, \b0
	vadduwm	\a1, \a1, \b1
	vadduwm	\a2, \a2, \b2
	vadduwm	\a3, \a3, \b3
	vpermxor \d0, \a0, \d0, CTRL16
	vpermxor \d1, \a1, \d1, CTRL16
	vpermxor \d2, \a2, \d2, CTRL16
	vpermxor \d3, \a3, \d3, CTRL16
	vadduwm	\c0, \c0, \d0
	vadduwm	\c1, \c1, \d1
	vadduwm	\c2, \c2, \d2
	vadduwm	\c3, \c3, \d3
	vxor	\b0, \b0, \c0
	vxor	\b1, \b1, \c1
	vxor	\b2, \b2, \c2
	vxor	\b3, \b3, \c3
	vrlw	\b0, \b0, ROT12
	vrlw	\b1, \b1, ROT12
	vrlw	\b2, \b2, ROT12
	vrlw	\b3, \b3, ROT12
	vadduwm	\a0, \a0, \b0
	vadduwm	\a1, \a1, \b1
	vadduwm	\a2, \a2, \b2
	vadduwm	\a3, \a3, \b3
	vpermxor \d0, \a0, \d0, CTRL8
	vpermxor \d1, \a1, \d1, CTRL8
	vpermxor \d2, \a2, \d2, CTRL8
	vpermxor \d3, \a3, \d3, CTRL8
	vadduwm	\c0, \c0, \d0
	vadduwm	\c1, \c1, \d1
	vadduwm	\c2, \c2, \d2
	vadduwm	\c3, \c3, \d3
	vxor	\b0, \b0, \c0
	vxor	\b1, \b1, \c1
	vxor	\b2, \b2, \c2
	vxor	\b3, \b3, \c3
	vrlw	\b0, \b0, ROT7
	vrlw	\b1, \b1, ROT7
	vrlw	\b2, \b2, ROT7
	vrlw	\b3, \b3, ROT7
.endm

/*
 * Words a, b, c, d of four blocks (element = block) -> register a holds
 * (a,b,c,d) of block 0, b of block 1, c of block 2, d of block 3.
 */
.macro TRANSPOSE4 a, b, c, d
	vmrghw	T0, \a, \b		/* a0 b0 a1 b1 */
	vmrghw	T1, \c, \d		/* c0 d0 c1 d1 */
	vmrglw	T2, \a, \b		/* a2 b2 a3 b3 */
	vmrglw	T3, \c, \d		/* c2 d2 c3 d3 */
	xxpermdi 32+\a, 32+T0, 32+T1, 0
	xxpermdi 32+\b, 32+T0, 32+T1, 3
	xxpermdi 32+\c, 32+T2, 32+T3, 0
	xxpermdi 32+\d, 32+T2, 32+T3, 3
.endm

/*
 * Block b of a partial group (rows in registers b, 4+b, 8+b, 12+b) XORed
 * with the 64 bytes at in and stored at out; both pointers move on by 64.
 */
.macro XOR_BLOCK b
	lxvw4x	32+T0, 0, INP
	lxvw4x	32+T1, INP, O16
	lxvw4x	32+T2, INP, O32
	lxvw4x	32+T3, INP, O48
	vxor	\b, \b, T0
	vxor	4+\b, 4+\b, T1
	vxor	8+\b, 8+\b, T2
	vxor	12+\b, 12+\b, T3
	stxvw4x	32+\b, 0, OUT
	stxvw4x	32+4+\b, OUT, O16
	stxvw4x	32+8+\b, OUT, O32
	stxvw4x	32+12+\b, OUT, O48
	addi	INP, INP, 64
	addi	OUT, OUT, 64
.endm

ENTRY(chacha20_xor_vsx)
	cmpldi	LEN, 0
	beqlr

	stdu	1, -FRAME(1)
	std	14, GSAVE+0(1)
	std	15, GSAVE+8(1)
	std	16, GSAVE+16(1)
	std	17, GSAVE+24(1)
	std	18, GSAVE+32(1)
	std	19, GSAVE+40(1)
	std	20, GSAVE+48(1)
	std	21, GSAVE+56(1)
	std	22, GSAVE+64(1)
	li	O16, 16
	li	O32, 32
	li	O48, 48
	li	O64, 64
	li	O80, 80
	li	O96, 96
	li	O112, 112
	li	O128, 128
	li	O144, 144
	li	O160, 160
	li	O176, 176
	li	O192, 192
	li	O208, 208
	li	O224, 224
	li	O240, 240

	/* Key and counter/nonce rows from the caller's arrays (any alignment). */
	lxvw4x	32+0, 0, 6
	lxvw4x	32+1, 6, O16
	lxvw4x	32+2, 0, 7

	addi	6, 1, VSAVE
	stvx	20, 0, 6
	stvx	21, 6, O16
	stvx	22, 6, O32
	stvx	23, 6, O48
	stvx	24, 6, O64
	stvx	25, 6, O80
	stvx	26, 6, O96
	stvx	27, 6, O112
	stvx	28, 6, O128
	stvx	29, 6, O144
	stvx	30, 6, O160
	stvx	31, 6, O176

	vor	KEY0, 0, 0
	vor	KEY1, 1, 1
	vor	CROW, 2, 2

	/* sigma = "expand 32-byte k", built in the frame: no TOC, no relocations. */
	lis	7, 0x6170
	ori	7, 7, 0x7865
	stw	7, STAGE+0(1)
	lis	7, 0x3320
	ori	7, 7, 0x646e
	stw	7, STAGE+4(1)
	lis	7, 0x7962
	ori	7, 7, 0x2d32
	stw	7, STAGE+8(1)
	lis	7, 0x6b20
	ori	7, 7, 0x6574
	stw	7, STAGE+12(1)
	addi	6, 1, STAGE
	lxvw4x	32+SIGMA, 0, 6

	/*
	 * Rotate controls without a constant pool: lvsl of a 16-byte aligned
	 * address (r1) gives bytes 0..15; times 0x11 puts each index in both
	 * nibbles; rotating each word of that by 16 or 8 gives the byte
	 * permutation of the word rotate.
	 */
	vspltisw ROT12, 12
	vspltisw ROT7, 7
	lvsl	T0, 0, 1
	vspltisb T1, 4
	vslb	T2, T0, T1
	vor	T0, T0, T2
	vspltisw T1, -16		/* vrlw uses the low 5 bits: 16 */
	vrlw	CTRL16, T0, T1
	vspltisw T1, 8
	vrlw	CTRL8, T0, T1

	/* Counter rows of blocks 1..3, and the per-iteration step {4,0,0,0}. */
	vspltisw T1, 1
	vxor	T2, T2, T2
	vsldoi	T3, T1, T2, 12		/* {1,0,0,0} */
	vadduwm	CROW+1, CROW, T3
	vadduwm	CROW+2, CROW+1, T3
	vadduwm	CROW+3, CROW+2, T3
	vspltisw T1, 4
	vsldoi	CTRINC, T1, T2, 12

	.p2align 5
.Lgroup:
	vspltw	0, SIGMA, 0
	vspltw	1, SIGMA, 1
	vspltw	2, SIGMA, 2
	vspltw	3, SIGMA, 3
	vspltw	4, KEY0, 0
	vspltw	5, KEY0, 1
	vspltw	6, KEY0, 2
	vspltw	7, KEY0, 3
	vspltw	8, KEY1, 0
	vspltw	9, KEY1, 1
	vspltw	10, KEY1, 2
	vspltw	11, KEY1, 3
	vmrghw	T0, CROW, CROW+1	/* c c+1 n0 n0 */
	vmrghw	T1, CROW+2, CROW+3	/* c+2 c+3 n0 n0 */
	xxpermdi 32+12, 32+T0, 32+T1, 0	/* c c+1 c+2 c+3 */
	vspltw	13, CROW, 1
	vspltw	14, CROW, 2
	vspltw	15, CROW, 3
	li	6, 10
	mtctr	6

	.p2align 5
.Ldouble_round:
	QR4	0,4,8,12, 1,5,9,13, 2,6,10,14, 3,7,11,15
	QR4	0,5,10,15, 1,6,11,12, 2,7,8,13, 3,4,9,14
	bdnz	.Ldouble_round

	TRANSPOSE4 0, 1, 2, 3
	TRANSPOSE4 4, 5, 6, 7
	TRANSPOSE4 8, 9, 10, 11
	TRANSPOSE4 12, 13, 14, 15
	/* Register 4g+b now holds row g of block b: add the input state. */
	vadduwm	0, 0, SIGMA
	vadduwm	1, 1, SIGMA
	vadduwm	2, 2, SIGMA
	vadduwm	3, 3, SIGMA
	vadduwm	4, 4, KEY0
	vadduwm	5, 5, KEY0
	vadduwm	6, 6, KEY0
	vadduwm	7, 7, KEY0
	vadduwm	8, 8, KEY1
	vadduwm	9, 9, KEY1
	vadduwm	10, 10, KEY1
	vadduwm	11, 11, KEY1
	vadduwm	12, 12, CROW
	vadduwm	13, 13, CROW+1
	vadduwm	14, 14, CROW+2
	vadduwm	15, 15, CROW+3
	vadduwm	CROW, CROW, CTRINC
	vadduwm	CROW+1, CROW+1, CTRINC
	vadduwm	CROW+2, CROW+2, CTRINC
	vadduwm	CROW+3, CROW+3, CTRINC

	cmpldi	LEN, 256
	blt	.Lpartial

	/* Block b's rows are registers b, 4+b, 8+b, 12+b at in/out + 64b. */
	lxvw4x	32+T0, 0, INP
	lxvw4x	32+T1, INP, O16
	lxvw4x	32+T2, INP, O32
	lxvw4x	32+T3, INP, O48
	vxor	0, 0, T0
	vxor	4, 4, T1
	vxor	8, 8, T2
	vxor	12, 12, T3
	lxvw4x	32+T0, INP, O64
	lxvw4x	32+T1, INP, O80
	lxvw4x	32+T2, INP, O96
	lxvw4x	32+T3, INP, O112
	vxor	1, 1, T0
	vxor	5, 5, T1
	vxor	9, 9, T2
	vxor	13, 13, T3
	lxvw4x	32+T0, INP, O128
	lxvw4x	32+T1, INP, O144
	lxvw4x	32+T2, INP, O160
	lxvw4x	32+T3, INP, O176
	vxor	2, 2, T0
	vxor	6, 6, T1
	vxor	10, 10, T2
	vxor	14, 14, T3
	lxvw4x	32+T0, INP, O192
	lxvw4x	32+T1, INP, O208
	lxvw4x	32+T2, INP, O224
	lxvw4x	32+T3, INP, O240
	vxor	3, 3, T0
	vxor	7, 7, T1
	vxor	11, 11, T2
	vxor	15, 15, T3
	stxvw4x	32+0, 0, OUT
	stxvw4x	32+4, OUT, O16
	stxvw4x	32+8, OUT, O32
	stxvw4x	32+12, OUT, O48
	stxvw4x	32+1, OUT, O64
	stxvw4x	32+5, OUT, O80
	stxvw4x	32+9, OUT, O96
	stxvw4x	32+13, OUT, O112
	stxvw4x	32+2, OUT, O128
	stxvw4x	32+6, OUT, O144
	stxvw4x	32+10, OUT, O160
	stxvw4x	32+14, OUT, O176
	stxvw4x	32+3, OUT, O192
	stxvw4x	32+7, OUT, O208
	stxvw4x	32+11, OUT, O224
	stxvw4x	32+15, OUT, O240
	addi	INP, INP, 256
	addi	OUT, OUT, 256
	addic.	LEN, LEN, -256
	bne	.Lgroup
	b	.Ldone

.Lpartial:
	/* A group of 1..3 blocks: as many blocks as len says. */
	XOR_BLOCK 0
	cmpldi	LEN, 128
	blt	.Ldone
	XOR_BLOCK 1
	cmpldi	LEN, 192
	blt	.Ldone
	XOR_BLOCK 2

.Ldone:
	addi	6, 1, VSAVE
	lvx	20, 0, 6
	lvx	21, 6, O16
	lvx	22, 6, O32
	lvx	23, 6, O48
	lvx	24, 6, O64
	lvx	25, 6, O80
	lvx	26, 6, O96
	lvx	27, 6, O112
	lvx	28, 6, O128
	lvx	29, 6, O144
	lvx	30, 6, O160
	lvx	31, 6, O176
	ld	14, GSAVE+0(1)
	ld	15, GSAVE+8(1)
	ld	16, GSAVE+16(1)
	ld	17, GSAVE+24(1)
	ld	18, GSAVE+32(1)
	ld	19, GSAVE+40(1)
	ld	20, GSAVE+48(1)
	ld	21, GSAVE+56(1)
	ld	22, GSAVE+64(1)
	addi	1, 1, FRAME
	blr
END(chacha20_xor_vsx)

ELF_NOTES
