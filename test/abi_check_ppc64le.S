/*
 * ELFv2 callee-saved register checker for the ppc64le kernels.
 *
 *   void ppc_abi_call(simd_chacha20_fn fn, uint8_t *out, const uint8_t *in,
 *                     size_t len, const uint32_t key[8], const uint32_t ctr[4],
 *                     const ppc_abi_regs *canary, ppc_abi_regs *after);
 *
 * Loads every non-volatile register the ELFv2 ABI lists - r14..r31,
 * f14..f31, v20..v31 and the condition register fields CR2..CR4 - from
 * *canary, calls fn(out, in, len, key, ctr) the ELFv2 way (r12 = entry), and
 * stores what fn left in them into *after, plus r1 after minus r1 before.
 * The C side compares. The caller's own registers are saved and restored
 * around all this.
 *
 * r1 is recovered without trusting anything fn could have changed: the
 * original r1 and the `after` pointer are kept in a static area that is
 * found again after the call PC-relatively (bcl/mflr), so a kernel that
 * moves r1 or clobbers every register is still reported, not a crash.
 * Not reentrant (one static area), which a test does not need.
 *
 * Layout of ppc_abi_regs (test/test_abi_ppc64le.c): gpr[18] at 0, fpr[18]
 * at 144, vr[12][16] at 288, cr at 480, sp_delta at 488.
 *
 * Also here: deliberately broken "kernels" that the test must catch.
 */

	.abiversion 2
	.machine power8

#define R_GPR	0
#define R_FPR	144
#define R_VR	288
#define R_CR	480
#define R_SP	488

/* Frame: 32-byte header, then the caller's r14..r31, f14..f31, v20..v31. */
#define F_GPR	32
#define F_FPR	176
#define F_VR	320	/* 16-byte aligned */
#define F_CR	512
#define FR	528

/* CR2..CR4: the non-volatile fields (mask for mtcrf). */
#define CRMASK	0x38

	.section .bss
	.p2align 4
.Lstatic:
	.space	16	/* r1 before the call, `after` pointer */

	.text
	.globl	ppc_abi_call
	.type	ppc_abi_call, @function
	.p2align 4
ppc_abi_call:
	mflr	0
	std	0, 16(1)
	stdu	1, -FR(1)

	/* The caller's non-volatile registers. */
	std	14, F_GPR+0(1)
	std	15, F_GPR+8(1)
	std	16, F_GPR+16(1)
	std	17, F_GPR+24(1)
	std	18, F_GPR+32(1)
	std	19, F_GPR+40(1)
	std	20, F_GPR+48(1)
	std	21, F_GPR+56(1)
	std	22, F_GPR+64(1)
	std	23, F_GPR+72(1)
	std	24, F_GPR+80(1)
	std	25, F_GPR+88(1)
	std	26, F_GPR+96(1)
	std	27, F_GPR+104(1)
	std	28, F_GPR+112(1)
	std	29, F_GPR+120(1)
	std	30, F_GPR+128(1)
	std	31, F_GPR+136(1)
	stfd	14, F_FPR+0(1)
	stfd	15, F_FPR+8(1)
	stfd	16, F_FPR+16(1)
	stfd	17, F_FPR+24(1)
	stfd	18, F_FPR+32(1)
	stfd	19, F_FPR+40(1)
	stfd	20, F_FPR+48(1)
	stfd	21, F_FPR+56(1)
	stfd	22, F_FPR+64(1)
	stfd	23, F_FPR+72(1)
	stfd	24, F_FPR+80(1)
	stfd	25, F_FPR+88(1)
	stfd	26, F_FPR+96(1)
	stfd	27, F_FPR+104(1)
	stfd	28, F_FPR+112(1)
	stfd	29, F_FPR+120(1)
	stfd	30, F_FPR+128(1)
	stfd	31, F_FPR+136(1)
	addi	11, 1, F_VR
	li	0, 0		/* r0 as RB is a register (as RA it would read as 0) */
	stvx	20, 11, 0
	li	0, 16
	stvx	21, 11, 0
	li	0, 32
	stvx	22, 11, 0
	li	0, 48
	stvx	23, 11, 0
	li	0, 64
	stvx	24, 11, 0
	li	0, 80
	stvx	25, 11, 0
	li	0, 96
	stvx	26, 11, 0
	li	0, 112
	stvx	27, 11, 0
	li	0, 128
	stvx	28, 11, 0
	li	0, 144
	stvx	29, 11, 0
	li	0, 160
	stvx	30, 11, 0
	li	0, 176
	stvx	31, 11, 0
	mfcr	0
	std	0, F_CR(1)

	/* Remember r1 and `after` where fn cannot reach them by register. */
	bcl	20, 31, 1f
1:	mflr	11
	addis	11, 11, (.Lstatic - 1b)@ha
	addi	11, 11, (.Lstatic - 1b)@l
	std	1, 0(11)
	std	10, 8(11)

	/* Canaries. */
	ld	0, R_CR(9)
	mtcrf	CRMASK, 0
	addi	11, 9, R_VR
	li	0, 0		/* r0 as RB is a register (as RA it would read as 0) */
	lvx	20, 11, 0
	li	0, 16
	lvx	21, 11, 0
	li	0, 32
	lvx	22, 11, 0
	li	0, 48
	lvx	23, 11, 0
	li	0, 64
	lvx	24, 11, 0
	li	0, 80
	lvx	25, 11, 0
	li	0, 96
	lvx	26, 11, 0
	li	0, 112
	lvx	27, 11, 0
	li	0, 128
	lvx	28, 11, 0
	li	0, 144
	lvx	29, 11, 0
	li	0, 160
	lvx	30, 11, 0
	li	0, 176
	lvx	31, 11, 0
	lfd	14, R_FPR+0(9)
	lfd	15, R_FPR+8(9)
	lfd	16, R_FPR+16(9)
	lfd	17, R_FPR+24(9)
	lfd	18, R_FPR+32(9)
	lfd	19, R_FPR+40(9)
	lfd	20, R_FPR+48(9)
	lfd	21, R_FPR+56(9)
	lfd	22, R_FPR+64(9)
	lfd	23, R_FPR+72(9)
	lfd	24, R_FPR+80(9)
	lfd	25, R_FPR+88(9)
	lfd	26, R_FPR+96(9)
	lfd	27, R_FPR+104(9)
	lfd	28, R_FPR+112(9)
	lfd	29, R_FPR+120(9)
	lfd	30, R_FPR+128(9)
	lfd	31, R_FPR+136(9)
	ld	14, R_GPR+0(9)
	ld	15, R_GPR+8(9)
	ld	16, R_GPR+16(9)
	ld	17, R_GPR+24(9)
	ld	18, R_GPR+32(9)
	ld	19, R_GPR+40(9)
	ld	20, R_GPR+48(9)
	ld	21, R_GPR+56(9)
	ld	22, R_GPR+64(9)
	ld	23, R_GPR+72(9)
	ld	24, R_GPR+80(9)
	ld	25, R_GPR+88(9)
	ld	26, R_GPR+96(9)
	ld	27, R_GPR+104(9)
	ld	28, R_GPR+112(9)
	ld	29, R_GPR+120(9)
	ld	30, R_GPR+128(9)
	ld	31, R_GPR+136(9)

	/* fn(out, in, len, key, ctr), entered at its global entry point. */
	mtctr	3
	mr	12, 3
	mr	3, 4
	mr	4, 5
	mr	5, 6
	mr	6, 7
	mr	7, 8
	bctrl

	/* What fn left behind. */
	bcl	20, 31, 2f
2:	mflr	11
	addis	11, 11, (.Lstatic - 2b)@ha
	addi	11, 11, (.Lstatic - 2b)@l
	ld	10, 8(11)
	std	14, R_GPR+0(10)
	std	15, R_GPR+8(10)
	std	16, R_GPR+16(10)
	std	17, R_GPR+24(10)
	std	18, R_GPR+32(10)
	std	19, R_GPR+40(10)
	std	20, R_GPR+48(10)
	std	21, R_GPR+56(10)
	std	22, R_GPR+64(10)
	std	23, R_GPR+72(10)
	std	24, R_GPR+80(10)
	std	25, R_GPR+88(10)
	std	26, R_GPR+96(10)
	std	27, R_GPR+104(10)
	std	28, R_GPR+112(10)
	std	29, R_GPR+120(10)
	std	30, R_GPR+128(10)
	std	31, R_GPR+136(10)
	stfd	14, R_FPR+0(10)
	stfd	15, R_FPR+8(10)
	stfd	16, R_FPR+16(10)
	stfd	17, R_FPR+24(10)
	stfd	18, R_FPR+32(10)
	stfd	19, R_FPR+40(10)
	stfd	20, R_FPR+48(10)
	stfd	21, R_FPR+56(10)
	stfd	22, R_FPR+64(10)
	stfd	23, R_FPR+72(10)
	stfd	24, R_FPR+80(10)
	stfd	25, R_FPR+88(10)
	stfd	26, R_FPR+96(10)
	stfd	27, R_FPR+104(10)
	stfd	28, R_FPR+112(10)
	stfd	29, R_FPR+120(10)
	stfd	30, R_FPR+128(10)
	stfd	31, R_FPR+136(10)
	addi	9, 10, R_VR
	li	0, 0		/* r0 as RB is a register (as RA it would read as 0) */
	stvx	20, 9, 0
	li	0, 16
	stvx	21, 9, 0
	li	0, 32
	stvx	22, 9, 0
	li	0, 48
	stvx	23, 9, 0
	li	0, 64
	stvx	24, 9, 0
	li	0, 80
	stvx	25, 9, 0
	li	0, 96
	stvx	26, 9, 0
	li	0, 112
	stvx	27, 9, 0
	li	0, 128
	stvx	28, 9, 0
	li	0, 144
	stvx	29, 9, 0
	li	0, 160
	stvx	30, 9, 0
	li	0, 176
	stvx	31, 9, 0
	mfcr	0
	std	0, R_CR(10)
	ld	0, 0(11)
	subf	9, 0, 1
	std	9, R_SP(10)
	mr	1, 0

	/* Back to the caller's registers. */
	ld	0, F_CR(1)
	mtcrf	CRMASK, 0
	addi	11, 1, F_VR
	li	0, 0		/* r0 as RB is a register (as RA it would read as 0) */
	lvx	20, 11, 0
	li	0, 16
	lvx	21, 11, 0
	li	0, 32
	lvx	22, 11, 0
	li	0, 48
	lvx	23, 11, 0
	li	0, 64
	lvx	24, 11, 0
	li	0, 80
	lvx	25, 11, 0
	li	0, 96
	lvx	26, 11, 0
	li	0, 112
	lvx	27, 11, 0
	li	0, 128
	lvx	28, 11, 0
	li	0, 144
	lvx	29, 11, 0
	li	0, 160
	lvx	30, 11, 0
	li	0, 176
	lvx	31, 11, 0
	lfd	14, F_FPR+0(1)
	lfd	15, F_FPR+8(1)
	lfd	16, F_FPR+16(1)
	lfd	17, F_FPR+24(1)
	lfd	18, F_FPR+32(1)
	lfd	19, F_FPR+40(1)
	lfd	20, F_FPR+48(1)
	lfd	21, F_FPR+56(1)
	lfd	22, F_FPR+64(1)
	lfd	23, F_FPR+72(1)
	lfd	24, F_FPR+80(1)
	lfd	25, F_FPR+88(1)
	lfd	26, F_FPR+96(1)
	lfd	27, F_FPR+104(1)
	lfd	28, F_FPR+112(1)
	lfd	29, F_FPR+120(1)
	lfd	30, F_FPR+128(1)
	lfd	31, F_FPR+136(1)
	ld	14, F_GPR+0(1)
	ld	15, F_GPR+8(1)
	ld	16, F_GPR+16(1)
	ld	17, F_GPR+24(1)
	ld	18, F_GPR+32(1)
	ld	19, F_GPR+40(1)
	ld	20, F_GPR+48(1)
	ld	21, F_GPR+56(1)
	ld	22, F_GPR+64(1)
	ld	23, F_GPR+72(1)
	ld	24, F_GPR+80(1)
	ld	25, F_GPR+88(1)
	ld	26, F_GPR+96(1)
	ld	27, F_GPR+104(1)
	ld	28, F_GPR+112(1)
	ld	29, F_GPR+120(1)
	ld	30, F_GPR+128(1)
	ld	31, F_GPR+136(1)
	addi	1, 1, FR
	ld	0, 16(1)
	mtlr	0
	blr
	.size	ppc_abi_call, .-ppc_abi_call

/*
 * Broken kernels: each damages exactly one thing the checker must notice.
 * They take the kernel's arguments and ignore them.
 */
.macro BAD name
	.globl	ppc_abi_bad_\name
	.type	ppc_abi_bad_\name, @function
	.p2align 4
ppc_abi_bad_\name:
.endm

BAD r14
	addi	14, 14, 1
	blr
BAD r31
	xori	31, 31, 0x100
	blr
BAD f14
	fneg	14, 14
	blr
BAD f26			/* the register a published POWER10 ChaCha20 clobbered */
	fmr	26, 0
	blr
BAD f31
	fneg	31, 31
	blr
BAD v20
	vxor	20, 20, 20
	blr
BAD v31
	vspltisw 31, 5
	blr
BAD cr2
	crnot	8, 8		/* CR2's LT bit */
	blr
BAD sp
	addi	1, 1, -16
	blr

	.section .note.GNU-stack, "", @progbits
