/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Poly1305 block function for one stream in general-purpose registers, in
 * two builds of the same schedule:
 *   poly1305_blocks_x86_64 - base x86-64 (one-operand mul into rdx:rax);
 *   poly1305_blocks_bmi2   - BMI2 mulx (any destinations, flags untouched:
 *                            no rax/rdx shuffling, 6 fewer instructions).
 * ABI: asm/kernels.h (st, in, len = whole 16-byte blocks, padbit). System V.
 *
 * Arithmetic as in asm/portable/poly1305_portable.c: h in base 2^64,
 * r = r0 + r1*2^64 clamped (r0, r1 < 2^60, 4 | r1), s1 = r1 + (r1 >> 2), and
 *   d0 = h0*r0 + h1*s1,  d1 = h0*r1 + h1*r0 + h2*s1 + (d0 >> 64),
 *   d2 = h2*r0 + (d1 >> 64),  h' = d0lo + d1lo*2^64 + (d2&3)*2^128 + 5*(d2>>2).
 *
 * One stream is one dependency chain (d2 -> fold -> products -> d2), so the
 * schedule shortens that chain rather than the instruction count:
 *   - The next block is added to d0lo/d1lo/(d2&3) before the fold, so only
 *     the fold's own add (h0 = t0 + c) is left between d2 and the products.
 *   - The fold's carry out of h0 (cy, rare) is never rippled into h1 and h2:
 *     h = h0 + (t1 + cy)*2^64 + u*2^128 is kept with t1, u as they were before
 *     the fold, so the four products of t1 and u start up to 4 cycles before
 *     h0 is final; (t1 + cy)*x = t1*x + (x & -cy) adds cy back with two ANDs
 *     of the mask -cy (sbb), constant time.
 *   - Products are issued in the order their inputs arrive (t1*s1, t1*r0,
 *     u*s1, u*r0, h0*r0, h0*r1); each sum adds its latest operand last.
 *     The one multiplier is the scarce unit (most of a block's cycles:
 *     README.md, "Scalar"), so program order decides which product waits:
 *     u*r0 placed last (where its result is needed) costs a cycle per
 *     block, measured.
 *
 * Bounds, with h2 < 8 on entry: u <= 7 + 1 + 1 on the first block and
 * u <= 3 + 1 + 1 afterwards, so u*s1 and u*r0 fit 64 bits, d0 < 2^126,
 * d1 < 2^125 + 2^64, d2 < 11*2^60 and c = 5*(d2>>2) < 2^64; t1 + cy <= 2^64
 * exactly (the products see the integer, not t1 + cy mod 2^64). The last
 * block is folded the plain way, so h2 <= 4 on exit.
 *
 * Registers (both builds): the loop-carried values sit in rcx, r8, r9, r10,
 * rbx, rbp, r12; r0/r1 are read from st, s1 and padbit from the red zone
 * (memory operands: loads, not instructions); rsi = in, r11 = end,
 * rdi = st. rbx, rbp, r12 (and r13 in the BMI2 build) are saved on the stack.
 */
#include "asm.h"

/* Loop-carried and scratch values (see the header). */
#define D0 %rcx  /* d0lo, then t0 */
#define D1 %r8   /* d1lo, then t1 */
#define D2 %r9   /* d2 */
#define U %r10   /* u = (d2&3) + padbit + carry */
#define H0 %rbx  /* h0 = t0 + c */
#define M %rbp   /* -cy, then cy ? r0 : 0 */
#define C1 %r12  /* d0hi */
#define Q %r13   /* BMI2: high half of a product */

#define R0 24(%rdi)
#define R1 32(%rdi)
#define S1 -8(%rsp)
#define PAD -16(%rsp)

/*
 * Fold d = (D0, D1, D2) and add the next block at (%rsi): leaves H0, D1 = t1,
 * U = u, M = -cy, with h = H0 + (t1 + cy)*2^64 + u*2^128.
 */
.macro FOLD_NEXT
	mov	D2, U
	and	$3, U
	shr	$2, D2
	lea	(D2, D2, 4), H0		/* c = 5*(d2 >> 2) */
	add	0(%rsi), D0
	adc	8(%rsi), D1
	adc	PAD, U
	add	D0, H0
	sbb	M, M
	add	$16, %rsi
.endm

/* The products of cy (M = -cy) and u with r, added into d: both forms
 * of the multiply make them the same way. */
.macro MUL_CY_U
	mov	M, %rax
	and	S1, %rax		/* cy*s1 */
	add	%rax, D0
	adc	$0, C1
	mov	U, %rax
	imul	S1, %rax		/* u*s1 */
	imul	R0, U			/* u*r0 */
	and	R0, M			/* cy*r0 */
	add	M, %rax			/* < 2^64: no carry */
	add	%rax, D1
	adc	U, D2
.endm

/* hi:lo = a*b (add = 0) or hi:lo += a*b (add = 1), through rdx:rax. */
.macro MUL_ACC a, b, lo, hi, add
	mov	\a, %rax
	mulq	\b
.if \add
	add	%rax, \lo
	adc	%rdx, \hi
.else
	mov	%rax, \lo
	mov	%rdx, \hi
.endif
.endm

/* d = h*r, base x86-64: products in rdx:rax. */
.macro MUL_X86_64
	MUL_ACC	D1, S1, D0, C1, 0	/* t1*s1 */
	MUL_ACC	D1, R0, D1, D2, 0	/* t1*r0 */
	MUL_CY_U
	MUL_ACC	R0, H0, D0, C1, 1	/* h0*r0 */
	MUL_ACC	R1, H0, D1, D2, 1	/* h0*r1 */
	add	C1, D1
	adc	$0, D2
.endm

/* d = h*r, BMI2: mulx src, lo, hi (hi:lo = rdx * src). */
.macro MUL_BMI2
	mov	D1, %rdx
	mulx	S1, D0, C1		/* t1*s1 */
	mulx	R0, D1, D2		/* t1*r0 */
	MUL_CY_U
	mov	H0, %rdx
	mulx	R0, %rax, Q		/* h0*r0 */
	add	%rax, D0
	adc	Q, C1
	mulx	R1, %rax, Q		/* h0*r1 */
	add	%rax, D1
	adc	Q, D2
	add	C1, D1
	adc	$0, D2
.endm

.macro POLY1305_BLOCKS name, bmi2
ENTRY(\name)
	and	$-16, %rdx
	jz	9f
	push	%rbx
	push	%rbp
	push	%r12
.if \bmi2
	push	%r13
.endif
	lea	(%rsi, %rdx), %r11
	mov	%ecx, %ecx		/* padbit: upper half undefined */
	mov	%rcx, PAD
	mov	R1, %rax
	shr	$2, %rax
	add	R1, %rax
	mov	%rax, S1
	/* First block: h + m, no fold; cy = 0. */
	xor	%ebp, %ebp
	mov	0(%rdi), H0
	mov	8(%rdi), D1
	mov	16(%rdi), U
	add	0(%rsi), H0
	adc	8(%rsi), D1
	adc	%rcx, U
	add	$16, %rsi
	jmp	2f
.p2align 5
1:
	FOLD_NEXT
2:
.if \bmi2
	MUL_BMI2
.else
	MUL_X86_64
.endif
	cmp	%rsi, %r11
	jne	1b
	/* Last fold, plain: carry into h1 and h2. */
	mov	D2, U
	and	$3, U
	shr	$2, D2
	lea	(D2, D2, 4), D2
	add	D2, D0
	adc	$0, D1
	adc	$0, U
	mov	D0, 0(%rdi)
	mov	D1, 8(%rdi)
	mov	U, 16(%rdi)
.if \bmi2
	pop	%r13
.endif
	pop	%r12
	pop	%rbp
	pop	%rbx
9:
	ret
END(\name)
.endm

	POLY1305_BLOCKS poly1305_blocks_x86_64, 0
	POLY1305_BLOCKS poly1305_blocks_bmi2, 1

ELF_NOTES
