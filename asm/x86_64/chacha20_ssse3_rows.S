/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20, SSSE3: a 3-block row kernel. Each block's state is four row
 * registers a, b, c, d (as in ssse3_1x), and the three blocks' steps are
 * interleaved, each filling the others' latency.
 *
 * Why: three blocks through the word-sliced ssse3_4x cost its whole
 * group, bound by issue (~150 vector instructions a double round on four
 * vector pipes, ~40 cycles) with c words on the stack; three row chains
 * are 114 instructions a double round (~29 cycles to issue), about one
 * block's 28-step latency (docs/performance.md, "ChaCha20: a block's
 * latency or a group's issue"). Four chains
 * need a 17th register for the rotates; parking a row in the frame around
 * them made that kernel no faster than ssse3_4x (asm/x86_64/README.md), so
 * there is none.
 *
 * Any whole number of blocks (asm/kernels.h); a partial group is computed
 * whole and only the blocks below len are written, from registers.
 * Caller-saved registers only; no key material is stored (the key rows
 * are reloaded from the key for the final add). Inputs: rdi=out rsi=in
 * rdx=len rcx=key r8=ctr.
 *
 * The tail entry (asm/kernels.h, simd_chacha20_tail_fn; r9 = tail) is the
 * plain one's body with one block more (rdx = len + 64): that block, in a
 * lane the last group computes anyway, goes without XOR from registers to
 * (r9). r10 holds its byte offset (len, in step with rdx), or -1 when
 * there is none, so each block asks "am I the tail?" with one compare.
 * The plain entry is the tail entry with r9 = 0, falling through the
 * alignment padding into it.
 */
#include "asm.h"
#include "chacha20_macros.inc"

    .section .rodata
    .p2align 4
.Lsigma:
    CHACHA20_SIGMA
    CHACHA20_ROT_MASKS
/* the counter word of block k of a group: .Lblk + 16 * k */
.Lblk:
    .long 0, 0, 0, 0
    .long 1, 0, 0, 0
    .long 2, 0, 0, 0
    .long 3, 0, 0, 0

/* Frame (16-byte aligned): the group's counter row (counter and nonce:
 * no secret). */
#define RD0 0(%rsp)
#define RFRAME 32

    .text

/* Fresh rows for block k of the group at RD0. */
.macro RLOAD a, b, c, d, k
    movdqa .Lsigma(%rip), %xmm\a
    movdqu (%rcx), %xmm\b
    movdqu 16(%rcx), %xmm\c
    movdqa RD0, %xmm\d
    paddd (.Lblk + 16 * \k)(%rip), %xmm\d
.endm

/* Add block k's input rows and XOR it into out at byte offset 64k
 * (temporary xmm12); the caller has checked that len reaches it. The
 * block at offset r10 goes to the code at `tail`k instead. */
.macro ROUT a, b, c, d, k, tail
    paddd .Lsigma(%rip), %xmm\a
    movdqu (%rcx), %xmm12
    paddd %xmm12, %xmm\b
    movdqu 16(%rcx), %xmm12
    paddd %xmm12, %xmm\c
    movdqa RD0, %xmm12
    paddd (.Lblk + 16 * \k)(%rip), %xmm12
    paddd %xmm12, %xmm\d
    cmp $(64 * \k), %r10
    je \tail\()\k
    .irp r, \a, \b, \c, \d
    movdqu (64 * \k + 16 * (\r - \a))(%rsi), %xmm12
    pxor %xmm12, %xmm\r
    movdqu %xmm\r, (64 * \k + 16 * (\r - \a))(%rdi)
    .endr
.endm

PLAIN_AND_TAIL chacha20_ssse3_3x
    lea 64(%rdx), %rax
    mov $-1, %r10
    test %r9, %r9
    cmovnz %rdx, %r10
    cmovnz %rax, %rdx
    test %rdx, %rdx
    jz .L3r_ret
    mov %rsp, %r11
    sub $RFRAME, %rsp
    and $-16, %rsp
    movdqu (%r8), %xmm0
    movdqa %xmm0, RD0
    LOAD_MASKS sse, 13, 14
.L3r_group:
    RLOAD 0, 1, 2, 3, 0
    RLOAD 4, 5, 6, 7, 1
    RLOAD 8, 9, 10, 11, 2
    /* ROWS_ROUNDS3 with its loop at a 32-byte boundary: where the code
     * before it left it, the kernel was slower (README.md, "Design") */
    mov $10, %eax
    .p2align 5
.L3r_round:
    ROWS_HALF3 sse, 0
    ROWS_HALF3 sse, 1
    dec %eax
    jnz .L3r_round
    ROWS_OUT3 ROUT, 64, .L3r_tail, .L3r_done, %r10
    movdqa RD0, %xmm0
    paddd (.Lblk + 16 * 3)(%rip), %xmm0
    movdqa %xmm0, RD0
    jmp .L3r_group
.L3r_done:
    mov %r11, %rsp
.L3r_ret:
    ret
/* The tail block of lane k to (r9), out of line: the blocks XORed into
 * out run straight on. */
.macro RTAIL a, b, c, d, k
.L3r_tail\k:
    .irp r, \a, \b, \c, \d
    movdqu %xmm\r, (16 * (\r - \a))(%r9)
    .endr
    mov %r11, %rsp
    ret
.endm
    RTAIL 0, 1, 2, 3, 0
    RTAIL 4, 5, 6, 7, 1
    RTAIL 8, 9, 10, 11, 2
END(chacha20_ssse3_3x_tail)

ELF_NOTES
