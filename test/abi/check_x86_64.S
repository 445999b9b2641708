/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The ABI trampoline for x86_64 (System V AMD64), as abi.h describes.
 * Words of before[]/after[] (x86_64.c names them):
 *   0 rbx, 1 rbp, 2-5 r12-r15   canaries
 *   6 rsp                       observed
 *   7 rflags                    observed after cld: the direction flag
 *   8 MXCSR                     observed: its control bits
 *   9 XGETBV(1) XINUSE          0 before (vzeroupper), observed after; only
 *                               with ABI_FLAG_UPPER (else 0 and 0)
 * Garbage goes into rax, r10, r11 and xmm0-xmm15.
 *
 * Then the negative controls, abi_bad_* (each breaks one rule) and two that
 * break nothing.
 */
#include "../../asm/x86_64/asm.h"
#include "abi.h"

#define W(i) (8 * (i))

    .bss
    .p2align 3
saved_rsp:
    .quad 0
saved_st:
    .quad 0

/* void simd_abi_call(abi_fn fn, const uintptr_t args[6], abi_state *st) */
ENTRY(simd_abi_call)
    push %rbx
    push %rbp
    push %r12
    push %r13
    push %r14
    push %r15
    /* 6 pushes + return address: rsp = 8 mod 16; 24 more aligns it.
     * 0(%rsp) fn, 8(%rsp) the caller's MXCSR. */
    sub $24, %rsp
    mov %rdi, (%rsp)
    stmxcsr 8(%rsp)
    mov %rsp, saved_rsp(%rip)
    mov %rdx, saved_st(%rip)

    mov ABI_POISON(%rdx), %r10
    mov ABI_STEP(%rdx), %r11
    .irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
    movq %r10, %xmm\n
    punpcklqdq %xmm\n, %xmm\n
    add %r11, %r10
    .endr
    testb $ABI_FLAG_UPPER, ABI_FLAGS(%rdx)
    jz 1f
    vzeroupper /* start clean: a dirty state afterwards is the callee's */
1:
    cld
    mov %rsp, W(6)(%rdx)
    pushfq
    popq W(7)(%rdx)
    movq $0, W(8)(%rdx)
    stmxcsr W(8)(%rdx)
    movq $0, W(9)(%rdx)
    mov W(0)(%rdx), %rbx
    mov W(1)(%rdx), %rbp
    mov W(2)(%rdx), %r12
    mov W(3)(%rdx), %r13
    mov W(4)(%rdx), %r14
    mov W(5)(%rdx), %r15

    mov %rsi, %rax
    mov (%rax), %rdi
    mov 8(%rax), %rsi
    mov 16(%rax), %rdx
    mov 24(%rax), %rcx
    mov 32(%rax), %r8
    mov 40(%rax), %r9
    mov %r10, %rax
    not %rax
    mov %r10, %r11
    bswap %r11
    call *(%rsp)

    mov saved_st(%rip), %rax
    mov %rbx, ABI_AFTER + W(0)(%rax)
    mov %rbp, ABI_AFTER + W(1)(%rax)
    mov %r12, ABI_AFTER + W(2)(%rax)
    mov %r13, ABI_AFTER + W(3)(%rax)
    mov %r14, ABI_AFTER + W(4)(%rax)
    mov %r15, ABI_AFTER + W(5)(%rax)
    mov %rsp, ABI_AFTER + W(6)(%rax)
    mov saved_rsp(%rip), %rsp /* our frame, whatever the callee did */
    pushfq
    popq ABI_AFTER + W(7)(%rax)
    cld
    movq $0, ABI_AFTER + W(8)(%rax)
    stmxcsr ABI_AFTER + W(8)(%rax)
    ldmxcsr 8(%rsp)
    movq $0, ABI_AFTER + W(9)(%rax)
    testb $ABI_FLAG_UPPER, ABI_FLAGS(%rax)
    jz 2f
    mov %rax, %rsi
    mov $1, %ecx
    xgetbv
    mov %eax, ABI_AFTER + W(9)(%rsi)
    vzeroupper
2:
    add $24, %rsp
    pop %r15
    pop %r14
    pop %r13
    pop %r12
    pop %rbp
    pop %rbx
    ret
END(simd_abi_call)

/* Negative controls. */
ABI_CONTROL(abi_bad_rbx, xor %ebx, %ebx)
ABI_CONTROL(abi_bad_rbp, xor %ebp, %ebp)
ABI_CONTROL(abi_bad_r12, inc %r12)
ABI_CONTROL(abi_bad_r13, not %r13)
ABI_CONTROL(abi_bad_r14, bswap %r14)
ABI_CONTROL(abi_bad_r15, xor %r15d, %r15d)
ABI_CONTROL(abi_bad_df, std)
ABI_CONTROL(abi_bad_mxcsr, stmxcsr -8(%rsp); xorl $0x6000, -8(%rsp); ldmxcsr -8(%rsp))
ABI_CONTROL(abi_bad_upper, vpcmpeqd %ymm0, %ymm0, %ymm0)
ABI_CONTROL(abi_clean_avx, vpcmpeqd %ymm0, %ymm0, %ymm0; vzeroupper)
ABI_CONTROL(abi_nothing, nop)

ELF_NOTES
