/*
 * Checker trampoline for the x86_64 MD5 kernels (System V AMD64 ABI).
 *
 * void md5_abi_call(simd_md5_fn fn, uint32_t state[4], const uint8_t *in,
 *                   size_t nblocks, uint64_t report[MD5_ABI_NREPORT],
 *                   int check_xinuse);
 *
 * Loads rbx, rbp, r12..r15 with distinct 64-bit canaries (both halves
 * non-zero, so a 32-bit write that zero-extends is caught too), clears the
 * upper YMM/ZMM state, calls fn(state, in, nblocks) on a 16-byte aligned
 * stack, then records into report[]:
 *   [0..5] rbx, rbp, r12, r13, r14, r15 as fn left them
 *   [6]    rsp after the call minus rsp before it (must be 0)
 *   [7]    RFLAGS.DF after the call (must be 0)
 *   [8]    XINUSE (XGETBV ecx=1) & (YMM_Hi128 | ZMM_Hi256) if check_xinuse,
 *          i.e. whether fn left dirty upper state (must be 0)
 * The canary values are md5_abi_canary[0..5] (below) for the C side.
 *
 * Also: md5_abi_bad_<reg>, kernels that break exactly one rule each, so the
 * test can prove the checker notices.
 */

	.section .rodata
	.globl	md5_abi_canary
	.type	md5_abi_canary, @object
	.p2align 3
md5_abi_canary:
	.quad	0x1111deadbeef0001, 0x2222cafef00d0002, 0x3333badc0ffe0003
	.quad	0x4444feedface0004, 0x5555d00dfeed0005, 0x6666abad1dea0006
	.size	md5_abi_canary, . - md5_abi_canary

	.text
	.globl	md5_abi_call
	.type	md5_abi_call, @function
	.p2align 4
md5_abi_call:
	endbr64
	push	%rbx
	push	%rbp
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	push	%r8			/* report; also makes rsp 16-byte aligned */
	sub	$16, %rsp		/* 0(%rsp) = check_xinuse, 8 = rsp before */
	mov	%r9, 0(%rsp)

	mov	%rdi, %rax
	mov	%rsi, %rdi
	mov	%rdx, %rsi
	mov	%rcx, %rdx
	mov	md5_abi_canary+0(%rip), %rbx
	mov	md5_abi_canary+8(%rip), %rbp
	mov	md5_abi_canary+16(%rip), %r12
	mov	md5_abi_canary+24(%rip), %r13
	mov	md5_abi_canary+32(%rip), %r14
	mov	md5_abi_canary+40(%rip), %r15
	vzeroupper
	mov	%rsp, 8(%rsp)
	cld
	call	*%rax

	mov	%rsp, %r10
	sub	8(%rsp), %r10		/* would be nonzero if fn moved rsp */
	pushf
	pop	%r11
	and	$0x400, %r11		/* DF */
	cld				/* never hand a set DF back to C */
	xor	%eax, %eax
	cmpq	$0, 0(%rsp)
	je	1f
	mov	$1, %ecx
	xgetbv
	and	$0x44, %eax		/* YMM_Hi128 (bit 2) | ZMM_Hi256 (bit 6) */
1:
	mov	16(%rsp), %r8
	mov	%rbx, 0(%r8)
	mov	%rbp, 8(%r8)
	mov	%r12, 16(%r8)
	mov	%r13, 24(%r8)
	mov	%r14, 32(%r8)
	mov	%r15, 40(%r8)
	mov	%r10, 48(%r8)
	mov	%r11, 56(%r8)
	mov	%rax, 64(%r8)

	add	$24, %rsp
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbp
	pop	%rbx
	ret
	.size	md5_abi_call, . - md5_abi_call

/* Deliberately broken "kernels", one broken rule each. */
.macro BAD name, insn:vararg
	.globl	md5_abi_bad_\name
	.type	md5_abi_bad_\name, @function
	.p2align 4
md5_abi_bad_\name:
	endbr64
	\insn
	ret
	.size	md5_abi_bad_\name, . - md5_abi_bad_\name
.endm

	BAD rbx, xor %ebx, %ebx
	BAD rbp, mov %ebp, %ebp		/* 32-bit write: clears the top half */
	BAD r12, inc %r12
	BAD r13, not %r13d
	BAD r14, bswap %r14
	BAD r15, rol $1, %r15
	BAD df, std
	BAD ymm, vpcmpeqd %ymm0, %ymm0, %ymm0	/* dirty upper state */

#include "../asm/x86_64/md5_elf_notes.h"
