/*
 * ABI checker for x86_64 kernels (System V AMD64).
 *
 *   uint32_t simd_abi_call(void *fn, uint64_t a1, a2, a3, a4, a5)
 *
 * calls fn(a1, a2, a3, a4, a5) with known values in every callee-saved
 * register (rbx, rbp, r12-r15) and returns a mask of what the callee broke:
 * one ABI_* bit (see test_abi_x86_64.c) per clobbered register, rsp not
 * restored, the direction flag left set, MXCSR control bits changed, and,
 * when simd_abi_check_upper is set, the upper YMM/ZMM state of registers
 * 0-15 left dirty (XGETBV(1) XINUSE bits 2 and 6: vzeroupper missing).
 *
 * The abi_bad_* functions break one rule each: the negative controls that
 * show the checker can fail.
 */
#include "../asm/x86_64/asm.h"

#define K_RBX 0x0123456789abcdef
#define K_RBP 0x1122334455667788
#define K_R12 0x8899aabbccddeeff
#define K_R13 0xf0e1d2c3b4a59687
#define K_R14 0x7968574635241302
#define K_R15 0xdeadbeefcafef00d

    .bss
    .globl simd_abi_check_upper
    .hidden simd_abi_check_upper
simd_abi_check_upper:
    .byte 0

ENTRY(simd_abi_call)
    push %rbx
    push %rbp
    push %r12
    push %r13
    push %r14
    push %r15
    /* 6 pushes + return address: rsp = 8 mod 16; 24 more aligns it */
    sub $24, %rsp
    stmxcsr 8(%rsp)
    mov %rsp, 16(%rsp)
    mov %rdi, %rax
    mov %rsi, %rdi
    mov %rdx, %rsi
    mov %rcx, %rdx
    mov %r8, %rcx
    mov %r9, %r8
    movabs $K_RBX, %rbx
    movabs $K_RBP, %rbp
    movabs $K_R12, %r12
    movabs $K_R13, %r13
    movabs $K_R14, %r14
    movabs $K_R15, %r15
    cld
    cmpb $0, simd_abi_check_upper(%rip)
    je 1f
    vzeroupper /* start clean: a dirty state afterwards is the callee's */
1:
    call *%rax
    xor %eax, %eax
    pushfq
    pop %rcx
    test $0x400, %ecx
    jz 2f
    or $0x80, %eax
    cld
2:
    movabs $K_RBX, %rcx
    cmp %rcx, %rbx
    je 3f
    or $0x01, %eax
3:
    movabs $K_RBP, %rcx
    cmp %rcx, %rbp
    je 3f
    or $0x02, %eax
3:
    movabs $K_R12, %rcx
    cmp %rcx, %r12
    je 3f
    or $0x04, %eax
3:
    movabs $K_R13, %rcx
    cmp %rcx, %r13
    je 3f
    or $0x08, %eax
3:
    movabs $K_R14, %rcx
    cmp %rcx, %r14
    je 3f
    or $0x10, %eax
3:
    movabs $K_R15, %rcx
    cmp %rcx, %r15
    je 3f
    or $0x20, %eax
3:
    cmp %rsp, 16(%rsp)
    je 4f
    or $0x40, %eax
4:
    stmxcsr 12(%rsp)
    mov 8(%rsp), %ecx
    xor 12(%rsp), %ecx
    and $0xffc0, %ecx /* control bits only; the flags are caller-saved */
    jz 5f
    or $0x100, %eax
    ldmxcsr 8(%rsp)
5:
    cmpb $0, simd_abi_check_upper(%rip)
    je 6f
    mov %eax, %r8d
    mov $1, %ecx
    xgetbv
    test $0x44, %eax
    mov %r8d, %eax
    jz 6f
    or $0x200, %eax
    vzeroupper
6:
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
#define BAD(name, ...)                                                         \
    ENTRY(name);                                                               \
    __VA_ARGS__;                                                               \
    ret;                                                                       \
    END(name)

BAD(abi_bad_rbx, xor %ebx, %ebx)
BAD(abi_bad_rbp, xor %ebp, %ebp)
BAD(abi_bad_r12, inc %r12)
BAD(abi_bad_r13, not %r13)
BAD(abi_bad_r14, bswap %r14)
BAD(abi_bad_r15, xor %r15d, %r15d)
BAD(abi_bad_df, std)
BAD(abi_bad_mxcsr, stmxcsr -8(%rsp); xorl $0x6000, -8(%rsp); ldmxcsr -8(%rsp))
BAD(abi_bad_upper, vpcmpeqd %ymm0, %ymm0, %ymm0)
BAD(abi_clean_avx, vpcmpeqd %ymm0, %ymm0, %ymm0; vzeroupper)
BAD(abi_nothing, nop)

ELF_NOTES
