/*
 * ChaCha20, SSSE3: a 3-block row kernel. Each block's state is four row
 * registers a, b, c, d (as in ssse3_1x), and the three blocks' steps are
 * interleaved, each filling the others' latency.
 *
 * Why: three blocks through the word-sliced ssse3_4x cost its whole
 * group, bound by issue (~150 vector instructions a double round on four
 * vector pipes, ~40 cycles) with c words on the stack; three row chains
 * issue 114 (~29 cycles), about one block's 28-step latency. Four chains
 * need a 17th register for the rotates; parking a row in the frame around
 * them made that kernel no faster than ssse3_4x (asm/x86_64/README.md), so
 * there is none.
 *
 * Any whole number of blocks (asm/kernels.h); a partial group is computed
 * whole and only the blocks below len are written, from registers.
 * Caller-saved registers only; no key material is stored (the key rows
 * are reloaded from the key for the final add). Inputs: rdi=out rsi=in
 * rdx=len rcx=key r8=ctr.
 */
#include "asm.h"
#include "chacha20_macros.h"

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
 * (temporary xmm12); the caller has checked that len reaches it. */
.macro ROUT a, b, c, d, k
    paddd .Lsigma(%rip), %xmm\a
    movdqu (%rcx), %xmm12
    paddd %xmm12, %xmm\b
    movdqu 16(%rcx), %xmm12
    paddd %xmm12, %xmm\c
    movdqa RD0, %xmm12
    paddd (.Lblk + 16 * \k)(%rip), %xmm12
    paddd %xmm12, %xmm\d
    .irp r, \a, \b, \c, \d
    movdqu (64 * \k + 16 * (\r - \a))(%rsi), %xmm12
    pxor %xmm12, %xmm\r
    movdqu %xmm\r, (64 * \k + 16 * (\r - \a))(%rdi)
    .endr
.endm

ENTRY(chacha20_ssse3_3x)
    test %rdx, %rdx
    jz .L3r_ret
    mov %rsp, %r11
    sub $RFRAME, %rsp
    and $-16, %rsp
    movdqu (%r8), %xmm0
    movdqa %xmm0, RD0
    movdqa .Lrot16(%rip), %xmm13
    movdqa .Lrot8(%rip), %xmm14
.L3r_group:
    RLOAD 0, 1, 2, 3, 0
    RLOAD 4, 5, 6, 7, 1
    RLOAD 8, 9, 10, 11, 2
    ROWS_ROUNDS3 sse, .L3r_round
    ROUT 0, 1, 2, 3, 0
    cmp $64, %rdx
    jbe .L3r_done
    ROUT 4, 5, 6, 7, 1
    cmp $128, %rdx
    jbe .L3r_done
    ROUT 8, 9, 10, 11, 2
    sub $192, %rdx
    jz .L3r_done
    add $192, %rsi
    add $192, %rdi
    movdqa RD0, %xmm0
    paddd (.Lblk + 16 * 3)(%rip), %xmm0
    movdqa %xmm0, RD0
    jmp .L3r_group
.L3r_done:
    mov %r11, %rsp
.L3r_ret:
    ret
END(chacha20_ssse3_3x)

ELF_NOTES
