/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The ABI trampoline for ppc64le (ELFv2), as abi.h describes.
 * Words of before[]/after[] (ppc64le.c names them):
 *   0-17 r14-r31, 18-35 f14-f31, 36-59 v20-v31 (two each)   canaries
 *   60-62 the CR (for its fields cr2, cr3, cr4)             canary, observed
 *   63 r1, 64 r2 (TOC), 65 r13 (thread pointer)             observed
 * fn is entered at its global entry point (r12 = fn). Garbage goes into
 * every VSX register first (vs0-vs63: f0-f31 and v0-v31), then the
 * canaries, and into r0 and r9-r11 after the arguments.
 *
 * r1 and `st` are kept in a static area found again after the call
 * PC-relatively (bcl/mflr), and r2 and r13 are restored from the frame, so
 * a kernel that moves r1 or clobbers every register is still reported, not
 * a crash.
 *
 * Then the negative controls, abi_bad_<register>, each breaking one.
 */
#include "abi.h"

	.abiversion 2
	.machine power8

#define W(i) (8*(i)) /* no spaces: used as a macro argument */

/* Frame: 32-byte header, then the caller's r14-r31, f14-f31, v20-v31, CR,
 * r2 and r13. */
#define F_GPR 32
#define F_FPR 176
#define F_VR 320 /* 16-byte aligned */
#define F_CR 512
#define F_R2 520
#define F_R13 528
#define FR 544

/* CR2-CR4: the non-volatile fields (mask for mtcrf). */
#define CRMASK 0x38

	.section .bss
	.p2align 4
.Lstatic:
	.space 16 /* r1 at the call, st */

/* r11 = .Lstatic (clobbers LR) */
.macro FIND_STATIC
	bcl 20, 31, 9f
9:	mflr 11
	addis 11, 11, (.Lstatic - 9b)@ha
	addi 11, 11, (.Lstatic - 9b)@l
.endm

/* store (op=stvx) or load (op=lvx) v20-v31 at base + 16 * (n - 20) */
.macro VRS op, base
	.irp v, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	li 0, 16 * (\v - 20)
	\op \v, \base, 0 /* r0 as RB is a register (as RA it would read 0) */
	.endr
.endm

/* std/ld (gop) r14-r31 at gpr(base), stfd/lfd (fop) f14-f31 at fpr(base) */
.macro GFRS gop, fop, gpr, fpr, base
	.irp r, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	\gop \r, (\gpr + 8 * (\r - 14))(\base)
	\fop \r, (\fpr + 8 * (\r - 14))(\base)
	.endr
.endm

/* the CR (once for each of cr2, cr3, cr4), r1, r2, r13: words 60-65 */
.macro OBSERVED base
	mfcr 0
	.irp w, 60, 61, 62
	std 0, W(\w)(\base)
	.endr
	std 1, W(63)(\base)
	std 2, W(64)(\base)
	std 13, W(65)(\base)
.endm

/* void simd_abi_call(abi_fn fn, const uintptr_t args[6], abi_state *st) */
	.text
	.globl simd_abi_call
	.type simd_abi_call, @function
	.p2align 4
simd_abi_call:
	mflr 0
	std 0, 16(1)
	stdu 1, -FR(1)
	GFRS std, stfd, F_GPR, F_FPR, 1
	addi 11, 1, F_VR
	VRS stvx, 11
	mfcr 0
	std 0, F_CR(1)
	std 2, F_R2(1)
	std 13, F_R13(1)
	FIND_STATIC
	std 1, 0(11)
	std 5, 8(11)

	ld 9, ABI_POISON(5)
	ld 10, ABI_STEP(5)
	.irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63
	mtvsrd \n, 9
	xxpermdi \n, \n, \n, 0
	add 9, 9, 10
	.endr

	ld 0, W(60)(5)
	mtcrf CRMASK, 0
	OBSERVED 5
	addi 11, 5, W(36)
	VRS lvx, 11
	GFRS ld, lfd, W(0), W(18), 5

	mtctr 3
	mr 12, 3
	mr 11, 4
	ld 3, 0(11)
	ld 4, 8(11)
	ld 5, 16(11)
	ld 6, 24(11)
	ld 7, 32(11)
	ld 8, 40(11)
	add 9, 9, 10
	mr 0, 9
	add 9, 9, 10
	mr 11, 9
	add 9, 9, 10
	bctrl

	FIND_STATIC
	ld 10, 8(11)
	addi 10, 10, ABI_AFTER
	GFRS std, stfd, W(0), W(18), 10
	addi 9, 10, W(36)
	VRS stvx, 9
	OBSERVED 10

	ld 1, 0(11) /* our frame, whatever the callee did */
	ld 2, F_R2(1)
	ld 13, F_R13(1)
	ld 0, F_CR(1)
	mtcrf CRMASK, 0
	addi 11, 1, F_VR
	VRS lvx, 11
	GFRS ld, lfd, F_GPR, F_FPR, 1
	addi 1, 1, FR
	ld 0, 16(1)
	mtlr 0
	blr
	.size simd_abi_call, . - simd_abi_call

/* Negative controls: each damages exactly one register. */
ABI_BAD r14
	addi 14, 14, 1
	blr
ABI_BAD r31
	xori 31, 31, 0x100
	blr
ABI_BAD f14
	fneg 14, 14
	blr
ABI_BAD f26 /* the register a published POWER10 ChaCha20 clobbered */
	fmr 26, 0
	blr
ABI_BAD f31
	fneg 31, 31
	blr
ABI_BAD v20
	vxor 20, 20, 20
	blr
ABI_BAD v31
	vspltisw 31, 5
	blr
ABI_BAD cr2
	crnot 8, 8 /* CR2's LT bit */
	blr
ABI_BAD cr4
	crnot 16, 16 /* CR4's LT bit */
	blr
ABI_BAD r1
	addi 1, 1, -16
	blr
ABI_BAD r2
	addi 2, 2, 8
	blr
ABI_BAD r13
	addi 13, 13, 8
	blr

	.section .note.GNU-stack, "", @progbits
