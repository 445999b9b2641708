/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20, AVX2: an 8-block kernel (one state word per ymm register,
 * lane i = block i), implementing the kernel ABI for any whole number of
 * blocks, and a 9-block hybrid built on it (whole groups only, see below).
 * 16 state words and a rotate temporary need 17 registers, so one c word
 * (x8 or x10) lives on the stack at a time in the 8-block kernel; the
 * hybrid keeps two rotate temporaries and two c words on the stack.
 * Rotates by 16/8 are vpshufb.
 * Inputs: rdi=out rsi=in rdx=len rcx=key r8=ctr (and r9=tail, the
 * 8-block kernel's tail entry). Both end with vzeroupper;
 * the 8-block kernel uses only caller-saved registers, the hybrid saves and
 * restores the callee-saved ones its scalar block needs.
 */
#include "asm.h"
#include "chacha20_macros.inc"
#include "chacha20_scalar.inc"

    .section .rodata
    .p2align 5
    CHACHA20_ROT_MASKS 2
.Linc8:
    .long 0, 1, 2, 3, 4, 5, 6, 7
.Lsigma:
    CHACHA20_SIGMA
.Leight:
    .long 8
.Lnine:
    .long 9

/* Frame (32-byte aligned): input state splat (the 8-block kernel stores
 * only the words it reads back: the counter and nonce for FINISH8, column
 * 0's for a further group), c words, the precomputed column round. No
 * keystream is ever stored: a partial group is XORed from registers. */
#define SPLAT(i) (32 * (i))(%rsp)
#define CMEM(i) (512 + 32 * (i))(%rsp)
#define PRE 640
#define FRAME8 704
#include "chacha20_groups.inc"

/* The first step of four quarter-rounds (a += b, d ^= a, d <<<= 16): it
 * does not touch the c words, so all four columns or diagonals of a
 * half-round start together whichever c words are in registers. */
.macro STEP1X4 a0, b0, d0, a1, b1, d1, a2, b2, d2, a3, b3, d3
    vpaddd %ymm\b0, %ymm\a0, %ymm\a0
    vpaddd %ymm\b1, %ymm\a1, %ymm\a1
    vpaddd %ymm\b2, %ymm\a2, %ymm\a2
    vpaddd %ymm\b3, %ymm\a3, %ymm\a3
    vpxor %ymm\a0, %ymm\d0, %ymm\d0
    vpxor %ymm\a1, %ymm\d1, %ymm\d1
    vpxor %ymm\a2, %ymm\d2, %ymm\d2
    vpxor %ymm\a3, %ymm\d3, %ymm\d3
    vpshufb .Lrot16(%rip), %ymm\d0, %ymm\d0
    vpshufb .Lrot16(%rip), %ymm\d1, %ymm\d1
    vpshufb .Lrot16(%rip), %ymm\d2, %ymm\d2
    vpshufb .Lrot16(%rip), %ymm\d3, %ymm\d3
.endm

/* The other three steps of two quarter-rounds in parallel. One rotate
 * temporary (10) serves both: each rotate writes it whole before reading
 * it, so renaming keeps the chains independent, and the register this
 * frees holds a third c word. */
.macro REST2 a0, b0, c0, d0, a1, b1, c1, d1
    vpaddd %ymm\d0, %ymm\c0, %ymm\c0
    vpaddd %ymm\d1, %ymm\c1, %ymm\c1
    vpxor %ymm\c0, %ymm\b0, %ymm\b0
    vpxor %ymm\c1, %ymm\b1, %ymm\b1
    vpsrld $20, %ymm\b0, %ymm10
    vpslld $12, %ymm\b0, %ymm\b0
    vpor %ymm10, %ymm\b0, %ymm\b0
    vpsrld $20, %ymm\b1, %ymm10
    vpslld $12, %ymm\b1, %ymm\b1
    vpor %ymm10, %ymm\b1, %ymm\b1
    vpaddd %ymm\b0, %ymm\a0, %ymm\a0
    vpaddd %ymm\b1, %ymm\a1, %ymm\a1
    vpxor %ymm\a0, %ymm\d0, %ymm\d0
    vpxor %ymm\a1, %ymm\d1, %ymm\d1
    vpshufb .Lrot8(%rip), %ymm\d0, %ymm\d0
    vpshufb .Lrot8(%rip), %ymm\d1, %ymm\d1
    vpaddd %ymm\d0, %ymm\c0, %ymm\c0
    vpaddd %ymm\d1, %ymm\c1, %ymm\c1
    vpxor %ymm\c0, %ymm\b0, %ymm\b0
    vpxor %ymm\c1, %ymm\b1, %ymm\b1
    vpsrld $25, %ymm\b0, %ymm10
    vpslld $7, %ymm\b0, %ymm\b0
    vpor %ymm10, %ymm\b0, %ymm\b0
    vpsrld $25, %ymm\b1, %ymm10
    vpslld $7, %ymm\b1, %ymm\b1
    vpor %ymm10, %ymm\b1, %ymm\b1
.endm

/* One quarter-round (first column round, column 0 only), temp t. */
.macro QR1 a, b, c, d, t
    vpaddd %ymm\b, %ymm\a, %ymm\a
    vpxor %ymm\a, %ymm\d, %ymm\d
    vpshufb .Lrot16(%rip), %ymm\d, %ymm\d
    vpaddd %ymm\d, %ymm\c, %ymm\c
    vpxor %ymm\c, %ymm\b, %ymm\b
    vpsrld $20, %ymm\b, %ymm\t
    vpslld $12, %ymm\b, %ymm\b
    vpor %ymm\t, %ymm\b, %ymm\b
    vpaddd %ymm\b, %ymm\a, %ymm\a
    vpxor %ymm\a, %ymm\d, %ymm\d
    vpshufb .Lrot8(%rip), %ymm\d, %ymm\d
    vpaddd %ymm\d, %ymm\c, %ymm\c
    vpxor %ymm\c, %ymm\b, %ymm\b
    vpsrld $25, %ymm\b, %ymm\t
    vpslld $7, %ymm\b, %ymm\b
    vpor %ymm\t, %ymm\b, %ymm\b
.endm

/*
 * The first column round of columns 1..3 sees only the constants, the key
 * and the nonce, the same in every block of a call: compute it once per
 * call as rows (one column per lane; lane 0, the counter column, is not
 * used) into PRE, and start each group from it (3 of 80 quarter-rounds
 * saved per group). Clobbers xmm0..4.
 */
.macro PRECOMPUTE
    LOAD_ROWS avx2, 0, 1, 2, 3
    vpaddd %xmm1, %xmm0, %xmm0
    vpxor %xmm0, %xmm3, %xmm3
    vpshufb .Lrot16(%rip), %xmm3, %xmm3
    vpaddd %xmm3, %xmm2, %xmm2
    vpxor %xmm2, %xmm1, %xmm1
    vpsrld $20, %xmm1, %xmm4
    vpslld $12, %xmm1, %xmm1
    vpor %xmm4, %xmm1, %xmm1
    vpaddd %xmm1, %xmm0, %xmm0
    vpxor %xmm0, %xmm3, %xmm3
    vpshufb .Lrot8(%rip), %xmm3, %xmm3
    vpaddd %xmm3, %xmm2, %xmm2
    vpxor %xmm2, %xmm1, %xmm1
    vpsrld $25, %xmm1, %xmm4
    vpslld $7, %xmm1, %xmm1
    vpor %xmm4, %xmm1, %xmm1
    vmovdqa %xmm0, PRE(%rsp)
    vmovdqa %xmm1, (PRE + 16)(%rsp)
    vmovdqa %xmm2, (PRE + 32)(%rsp)
    vmovdqa %xmm3, (PRE + 48)(%rsp)
.endm

/* 4x4 dword transpose within each 128-bit lane; rows A..D in, row j of
 * the result (a block's four consecutive words) back in A..D in order. */
.macro TRANSPOSE4 A, B, C, D, T0, T1
    vpunpckldq %ymm\B, %ymm\A, %ymm\T0
    vpunpckhdq %ymm\B, %ymm\A, %ymm\T1
    vpunpckldq %ymm\D, %ymm\C, %ymm\B
    vpunpckhdq %ymm\D, %ymm\C, %ymm\D
    vpunpcklqdq %ymm\B, %ymm\T0, %ymm\A
    vpunpckhqdq %ymm\B, %ymm\T0, %ymm\B
    vpunpcklqdq %ymm\D, %ymm\T1, %ymm\C
    vpunpckhqdq %ymm\D, %ymm\T1, %ymm\D
.endm

/* XOR 32 keystream bytes (ymm r) into out at byte offset off. */
.macro OUT32 r, off
    vpxor \off(%rsi), %ymm\r, %ymm\r
    vmovdqu %ymm\r, \off(%rdi)
.endm

/* Join the lane halves of two transposed word groups: P holds words
 * 8h..8h+3, Q words 8h+4..8h+7, lane 0 = block j, lane 1 = block 4+j;
 * the result is 32 contiguous bytes of block j and of block 4+j, XORed
 * into out. mode 0: both; mode 1 (a partial group, rdx < 512): only the
 * blocks below rdx, so no keystream goes through memory; mode 2: as 1,
 * and the block at rdx (the tail block) to the tail buffer (r9), not
 * XORed. Branching on the length (public) only. */
.macro JOIN1 mode, P, Q, j, h
.if \mode == 2
.if \j > 0
    cmp $(64 * \j), %rdx
    jb 7f
.else
    test %rdx, %rdx
.endif
    je 5f
    vperm2i128 $0x20, %ymm\Q, %ymm\P, %ymm8
    OUT32 8, (64 * \j + 32 * \h)
    cmp $(256 + 64 * \j), %rdx
    jb 7f
    je 6f
    vperm2i128 $0x31, %ymm\Q, %ymm\P, %ymm9
    OUT32 9, (256 + 64 * \j + 32 * \h)
    jmp 7f
5:
    vperm2i128 $0x20, %ymm\Q, %ymm\P, %ymm8
    vmovdqu %ymm8, (32 * \h)(%r9)
    jmp 7f
6:
    vperm2i128 $0x31, %ymm\Q, %ymm\P, %ymm9
    vmovdqu %ymm9, (32 * \h)(%r9)
7:
.elseif \mode == 0
    vperm2i128 $0x20, %ymm\Q, %ymm\P, %ymm8
    vperm2i128 $0x31, %ymm\Q, %ymm\P, %ymm9
    OUT32 8, (64 * \j + 32 * \h)
    OUT32 9, (256 + 64 * \j + 32 * \h)
.else
.if \j > 0
    cmp $(64 * \j), %rdx
    jbe 7f
.endif
    vperm2i128 $0x20, %ymm\Q, %ymm\P, %ymm8
    OUT32 8, (64 * \j + 32 * \h)
    cmp $(256 + 64 * \j), %rdx
    jbe 7f
    vperm2i128 $0x31, %ymm\Q, %ymm\P, %ymm9
    OUT32 9, (256 + 64 * \j + 32 * \h)
7:
.endif
.endm

/* x_r += the input word at m, broadcast (from memory: a load, no shuffle)
 * into ymm8, free while FINISH8 adds the input state. */
.macro ADD_WORD r, m
    vpbroadcastd \m, %ymm8
    vpaddd %ymm8, %ymm\r, %ymm\r
.endm

/* Finish an 8-block group: add the input state, transpose, XOR into out
 * (mode as in JOIN1). The constants and the key words are broadcast from
 * .Lsigma and rcx, so a key splat on the stack is needed only to start
 * further groups; the counter and nonce words come from SPLAT(12..15). */
.macro FINISH8 mode
    vmovdqa %ymm8, CMEM(0)
    vmovdqa %ymm9, CMEM(1)
    .irp i, 0, 1, 2, 3
    ADD_WORD \i, (.Lsigma + 4 * \i)(%rip)
    .endr
    .irp i, 4, 5, 6, 7
    ADD_WORD \i, (4 * (\i - 4))(%rcx)
    .endr
    vpaddd SPLAT(12), %ymm12, %ymm12
    vpaddd SPLAT(13), %ymm13, %ymm13
    vpaddd SPLAT(14), %ymm14, %ymm14
    vpaddd SPLAT(15), %ymm15, %ymm15
    TRANSPOSE4 0, 1, 2, 3, 8, 9
    TRANSPOSE4 4, 5, 6, 7, 8, 9
    JOIN1 \mode, 0, 4, 0, 0
    JOIN1 \mode, 1, 5, 1, 0
    JOIN1 \mode, 2, 6, 2, 0
    JOIN1 \mode, 3, 7, 3, 0
    vmovdqa CMEM(0), %ymm0
    vmovdqa CMEM(1), %ymm1
    vmovdqa CMEM(2), %ymm2
    vmovdqa CMEM(3), %ymm3
    .irp i, 0, 1, 2, 3
    ADD_WORD \i, (16 + 4 * \i)(%rcx)
    .endr
    TRANSPOSE4 0, 1, 2, 3, 8, 9
    TRANSPOSE4 12, 13, 14, 15, 8, 9
    JOIN1 \mode, 0, 12, 0, 1
    JOIN1 \mode, 1, 13, 1, 1
    JOIN1 \mode, 2, 14, 2, 1
    JOIN1 \mode, 3, 15, 3, 1
.endm

/*
 * The plain entry is the tail entry (asm/kernels.h, simd_chacha20_tail_fn;
 * tail in r9) with r9 = 0, falling through the alignment padding into it.
 * With a tail, the block after the len bytes is computed in the lane after
 * them: when len is a whole number of groups, by one more group.
 */
PLAIN_AND_TAIL chacha20_avx2_8x, .L8x_empty
.L8x_start:
    mov %rsp, %r11
    sub $FRAME8, %rsp
    and $-32, %rsp
    SPLAT_INPUTS avx2
    /* FINISH8 adds the counter and nonce words from here */
    .irp i, 12, 13, 14, 15
    vmovdqa %ymm\i, SPLAT(\i)
    .endr
    /* One group (counting the tail block): straight to the rounds, no
     * precomputation (it would not pay for itself) and nothing of the key
     * on the stack but the c words. r10d: more than one group. */
    xor %r10d, %r10d
    lea 64(%rdx), %rax
    test %r9, %r9
    cmovz %rdx, %rax
    cmp $512, %rax
    jbe .L8x_first
    /* More groups: the later ones start from column 0's inputs and PRE.
     * The first starts from the registers with a whole column round, not
     * from PRE: loading what PRECOMPUTE just stored would wait on its
     * whole chain and on the stores, where its rounds can run beside
     * PRECOMPUTE instead. */
    mov $1, %r10d
    vmovdqa %ymm0, SPLAT(0)
    vmovdqa %ymm4, SPLAT(4)
    vmovdqa %ymm8, SPLAT(8)
    PRECOMPUTE
    BROADCAST_ROW .Lsigma, (%rip), 0, 1, 2, 3
    vpbroadcastd (%rcx), %ymm4
.L8x_first:
    vmovdqa %ymm10, CMEM(2)
    mov $10, %eax
    jmp .L8x_round
.L8x_group:
    /* columns 1..3 start after their (precomputed) first column round */
    vmovdqa SPLAT(0), %ymm0
    vpbroadcastd (PRE + 4)(%rsp), %ymm1
    vpbroadcastd (PRE + 8)(%rsp), %ymm2
    vpbroadcastd (PRE + 12)(%rsp), %ymm3
    vmovdqa SPLAT(4), %ymm4
    vpbroadcastd (PRE + 20)(%rsp), %ymm5
    vpbroadcastd (PRE + 24)(%rsp), %ymm6
    vpbroadcastd (PRE + 28)(%rsp), %ymm7
    vmovdqa SPLAT(8), %ymm8
    vpbroadcastd (PRE + 36)(%rsp), %ymm9
    vpbroadcastd (PRE + 40)(%rsp), %ymm10
    vpbroadcastd (PRE + 44)(%rsp), %ymm11
    vmovdqa SPLAT(12), %ymm12
    vpbroadcastd (PRE + 52)(%rsp), %ymm13
    vpbroadcastd (PRE + 56)(%rsp), %ymm14
    vpbroadcastd (PRE + 60)(%rsp), %ymm15
    vmovdqa %ymm10, CMEM(2)
    /* first double round: column 0, then both diagonal pairs */
    QR1 0, 4, 8, 12, 10
    vmovdqa %ymm8, CMEM(0)
    vmovdqa CMEM(2), %ymm8
    STEP1X4 0, 5, 15, 1, 6, 12, 2, 7, 13, 3, 4, 14
    REST2 0, 5, 8, 15, 3, 4, 9, 14
    vmovdqa %ymm8, CMEM(2)
    vmovdqa CMEM(0), %ymm8
    REST2 1, 6, 11, 12, 2, 7, 8, 13
    mov $9, %eax
    /* A half-round: the c-free first step of all four quarter-rounds,
     * then the rest in two pairs. The diagonal pairs are (0,3) and (1,2):
     * diagonals 0 and 3 take their b words from columns 1 and 0, the
     * first column pair, and columns 0 and 1 theirs from diagonals 3
     * and 0, so each half-round's first pair waits only on the previous
     * first pair while the second pair is still in flight: unlike a
     * two-temporary loop, its speed does not depend on where the stack
     * lies (measurements: docs/performance.md, "The AVX2 8-block round
     * loop").
     * ymm8 holds c8 or c10, ymm9 c9, ymm11 c11; the other of c8/c10 waits
     * in CMEM. */
    .p2align 5
.L8x_round:
    STEP1X4 0, 4, 12, 1, 5, 13, 2, 6, 14, 3, 7, 15
    REST2 0, 4, 8, 12, 1, 5, 9, 13
    vmovdqa %ymm8, CMEM(0)
    vmovdqa CMEM(2), %ymm8
    REST2 2, 6, 8, 14, 3, 7, 11, 15
    STEP1X4 0, 5, 15, 1, 6, 12, 2, 7, 13, 3, 4, 14
    REST2 0, 5, 8, 15, 3, 4, 9, 14
    vmovdqa %ymm8, CMEM(2)
    vmovdqa CMEM(0), %ymm8
    REST2 1, 6, 11, 12, 2, 7, 8, 13
    dec %eax
    jnz .L8x_round
    vmovdqa %ymm11, CMEM(3)
    cmp $512, %rdx
    jb .L8x_partial
    FINISH8 0
    vpbroadcastd .Leight(%rip), %ymm0
    vpaddd SPLAT(12), %ymm0, %ymm0
    vmovdqa %ymm0, SPLAT(12)
    add $512, %rsi
    add $512, %rdi
    sub $512, %rdx
    jnz .L8x_group
    /* whole groups done: a tail block takes one more */
    test %r9, %r9
    jnz .L8x_group
    jmp .L8x_done
.L8x_partial:
    test %r9, %r9
    jnz .L8x_partial_tail
    FINISH8 1
    jmp .L8x_done
.L8x_partial_tail:
    FINISH8 2
.L8x_done:
    /* wipe the key's words (GROUP_WIPE) and PRE */
    GROUP_WIPE avx2
    vmovdqa %ymm0, PRE(%rsp)
    vmovdqa %ymm0, (PRE + 32)(%rsp)
8:
    mov %r11, %rsp
    vzeroupper
    ret
/* len 0 */
.L8x_empty:
    TAIL_ONLY_OR_RET .L8x_start
END(chacha20_avx2_8x_tail)

/* ---------------------------------------------------------------------- */
/* 9 blocks: the hybrid body of chacha20_groups.inc at this width. */

ENTRY(chacha20_avx2_9x)
    CHACHA20_HYBRID avx2, 8, 32, 640
END(chacha20_avx2_9x)

ELF_NOTES
