/* SPDX-License-Identifier: Apache-2.0 */
/*
 * One ChaCha20 block in general-purpose registers, written as steps to be
 * interleaved into a vector kernel's rounds. The SSSE3 and AVX2 rounds are
 * held back by their dependency chains and vector ports while integer ALU
 * slots go unused, so a scalar block computed alongside comes nearly free
 * (measured: 5 blocks cost about what 4 did, 9 about what 8 did). The
 * AVX-512 rounds leave no such slack (a 33-block variant was slower).
 * GNU as macros, included by the vector .S files.
 *
 * Registers (32-bit): a = x0..x3 in eax ebx ecx edx, b = x4..x7 in esi edi
 * ebp r8d, d = x12..x15 in r9d r10d r11d r12d, and two of the c words in
 * r13d r14d: the other two wait in 32-bit stack slots at
 * scalar_sc + 4 * i (%rsp) (i = 8..11; the includer sets the gas symbol
 * scalar_sc before using the steps), swapped once per
 * half-round exactly as the SSSE3/AVX2 vector kernels do. r15 is free.
 * The quarter-rounds run in pairs: (0,4,8,12)+(1,5,9,13), swap,
 * (2,6,10,14)+(3,7,11,15), then (0,5,10,15)+(1,6,11,12), swap,
 * (2,7,8,13)+(3,4,9,14): 16 steps of 6 instructions per double round, with
 * the two swaps after steps 3 and 11 (SCALAR_STEP n, n = 0..15).
 */
#ifndef SIMDPROV_CHACHA20_SCALAR_H
#define SIMDPROV_CHACHA20_SCALAR_H

/* x += y; z ^= x; z <<<= r, for two quarter-rounds */
.macro SP3 x0, y0, z0, x1, y1, z1, r
    add \y0, \x0
    add \y1, \x1
    xor \x0, \z0
    xor \x1, \z1
    rol $\r, \z0
    rol $\r, \z1
.endm

/* step k (0..3) of the quarter-round pair (a0,b0,c0,d0), (a1,b1,c1,d1) */
.macro SQR_STEP k, a0, b0, c0, d0, a1, b1, c1, d1
.if \k == 0
    SP3 \a0, \b0, \d0, \a1, \b1, \d1, 16
.elseif \k == 1
    SP3 \c0, \d0, \b0, \c1, \d1, \b1, 12
.elseif \k == 2
    SP3 \a0, \b0, \d0, \a1, \b1, \d1, 8
.else
    SP3 \c0, \d0, \b0, \c1, \d1, \b1, 7
.endif
.endm

/* c-word swap: park r13d/r14d in slots o0/o1, fetch slots i0/i1 */
.macro SSWAP o0, o1, i0, i1
    mov %r13d, (scalar_sc + 4 * \o0)(%rsp)
    mov %r14d, (scalar_sc + 4 * \o1)(%rsp)
    mov (scalar_sc + 4 * \i0)(%rsp), %r13d
    mov (scalar_sc + 4 * \i1)(%rsp), %r14d
.endm

/* Step n (0..15) of a scalar double round. */
.macro SCALAR_STEP n
.if \n < 4
    SQR_STEP \n, %eax, %esi, %r13d, %r9d, %ebx, %edi, %r14d, %r10d
.elseif \n < 8
.if \n == 4
    SSWAP 8, 9, 10, 11
.endif
    SQR_STEP (\n - 4), %ecx, %ebp, %r13d, %r11d, %edx, %r8d, %r14d, %r12d
.elseif \n < 12
    SQR_STEP (\n - 8), %eax, %edi, %r13d, %r12d, %ebx, %ebp, %r14d, %r9d
.else
.if \n == 12
    SSWAP 10, 11, 8, 9
.endif
    SQR_STEP (\n - 12), %ecx, %r8d, %r13d, %r10d, %edx, %esi, %r14d, %r11d
.endif
.endm

/* Fresh scalar state: key and nonce through the pointers stored at the
 * memory operands keyslot/ctrslot, the block counter from cntslot. */
.macro SCALAR_INIT keyslot, ctrslot, cntslot
    mov \keyslot, %r15
    mov \ctrslot, %rax
    mov 4(%rax), %r10d
    mov 8(%rax), %r11d
    mov 12(%rax), %r12d
    mov \cntslot, %r9d
    mov (%r15), %esi
    mov 4(%r15), %edi
    mov 8(%r15), %ebp
    mov 12(%r15), %r8d
    mov 16(%r15), %r13d
    mov 20(%r15), %r14d
    mov 24(%r15), %eax
    mov %eax, (scalar_sc + 40)(%rsp)
    mov 28(%r15), %eax
    mov %eax, (scalar_sc + 44)(%rsp)
    mov $0x61707865, %eax
    mov $0x3320646e, %ebx
    mov $0x79622d32, %ecx
    mov $0x6b206574, %edx
.endm

/* Store the 16 state words at dst(%rsp) (x10, x11 come from their slots). */
.macro SCALAR_PARK dst
    mov %eax, (\dst + 0)(%rsp)
    mov %ebx, (\dst + 4)(%rsp)
    mov %ecx, (\dst + 8)(%rsp)
    mov %edx, (\dst + 12)(%rsp)
    mov %esi, (\dst + 16)(%rsp)
    mov %edi, (\dst + 20)(%rsp)
    mov %ebp, (\dst + 24)(%rsp)
    mov %r8d, (\dst + 28)(%rsp)
    mov %r13d, (\dst + 32)(%rsp)
    mov %r14d, (\dst + 36)(%rsp)
    mov %r9d, (\dst + 48)(%rsp)
    mov %r10d, (\dst + 52)(%rsp)
    mov %r11d, (\dst + 56)(%rsp)
    mov %r12d, (\dst + 60)(%rsp)
.if \dst != scalar_sc
    mov (scalar_sc + 40)(%rsp), %eax
    mov %eax, (\dst + 40)(%rsp)
    mov (scalar_sc + 44)(%rsp), %eax
    mov %eax, (\dst + 44)(%rsp)
.endif
.endm

/* Finish a parked block: add the input words (key at rcx, nonce at r8,
 * counter at cntslot), XOR into out at byte offset off (rsi/rdi). */
.macro SCALAR_OUT src, cntslot, off
    mov (\src + 0)(%rsp), %eax
    add $0x61707865, %eax
    mov (\src + 4)(%rsp), %ebx
    add $0x3320646e, %ebx
    mov (\src + 8)(%rsp), %edx
    add $0x79622d32, %edx
    mov (\src + 12)(%rsp), %r9d
    add $0x6b206574, %r9d
    xor (\off + 0)(%rsi), %eax
    xor (\off + 4)(%rsi), %ebx
    xor (\off + 8)(%rsi), %edx
    xor (\off + 12)(%rsi), %r9d
    mov %eax, (\off + 0)(%rdi)
    mov %ebx, (\off + 4)(%rdi)
    mov %edx, (\off + 8)(%rdi)
    mov %r9d, (\off + 12)(%rdi)
    .irp i, 4, 5, 6, 7, 8, 9, 10, 11
    mov (\src + 4 * \i)(%rsp), %eax
    add (4 * (\i - 4))(%rcx), %eax
    xor (\off + 4 * \i)(%rsi), %eax
    mov %eax, (\off + 4 * \i)(%rdi)
    .endr
    mov (\src + 48)(%rsp), %eax
    add \cntslot, %eax
    xor (\off + 48)(%rsi), %eax
    mov %eax, (\off + 48)(%rdi)
    .irp i, 13, 14, 15
    mov (\src + 4 * \i)(%rsp), %eax
    add (4 * (\i - 12))(%r8), %eax
    xor (\off + 4 * \i)(%rsi), %eax
    mov %eax, (\off + 4 * \i)(%rdi)
    .endr
.endm

#endif
