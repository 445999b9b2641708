/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20, AVX2 row kernels for 2-6 blocks: two blocks per ymm register
 * (block 2g in the low 128-bit lane, block 2g+1 in the high one), a block's
 * state as four row registers a, b, c, d, diagonals by vpshufd within each
 * lane. avx2_2x runs one such group of two blocks, avx2_4x and avx2_6x two
 * and three groups with their steps interleaved, each filling the others'
 * latency.
 *
 * Why rows here: a call of 2-6 blocks is held up by one double round's
 * dependency chain (28 steps with the shift-pair rotates by 12 and 7), not
 * by issue width. The word-sliced kernels (ssse3_4x, avx2_8x) cost a
 * whole group whatever the blocks asked for, bound by issue: ~150 vector
 * instructions per double round on four vector pipes (~40 cycles), a
 * transposition at the end and c words on the stack. A row group issues
 * 38 per double round, with no spills (three groups: 114, still about the
 * chain), and its keystream leaves by two vperm2i128 per block. Measured
 * crossovers: asm/x86_64/README.md.
 *
 * Any whole number of blocks (asm/kernels.h); a partial group is computed
 * whole and only the blocks below len are written, straight from
 * registers. Caller-saved registers only; ends with vzeroupper.
 * Inputs: rdi=out rsi=in rdx=len rcx=key r8=ctr.
 *
 * Each kernel has a tail entry (asm/kernels.h, simd_chacha20_tail_fn; r9
 * = tail), and its plain entry is that entry with r9 = 0, falling through
 * the alignment padding into it. With a tail the body computes one block
 * more (rdx = len + 64) and that block, in a lane its last group computes
 * anyway, goes without XOR from registers to (r9); r11 holds its byte
 * offset (len, in step with rdx), or -1 when there is none, so each block
 * asks "am I the tail?" with one compare and no test of r9.
 */
#include "asm.h"
#include "chacha20_macros.inc"

    .section .rodata
    .p2align 5
.Lsigma2:
    CHACHA20_SIGMA 2
    CHACHA20_ROT_MASKS 2
/* counter word of the high lane: the group's second block */
.Llane1:
    .long 0, 0, 0, 0, 1, 0, 0, 0
.Ltwo2:
    .long 2, 0, 0, 0, 2, 0, 0, 0
.Lfour2:
    .long 4, 0, 0, 0, 4, 0, 0, 0
.Lsix2:
    .long 6, 0, 0, 0, 6, 0, 0, 0
/* avx2_6x: the counter words of group g's two blocks, .Lgrp + 32 * g */
.Lgrp:
    .long 0, 0, 0, 0, 1, 0, 0, 0
    .long 2, 0, 0, 0, 3, 0, 0, 0
    .long 4, 0, 0, 0, 5, 0, 0, 0

    .text

/*
 * One quarter-round on the rows of one group (a0..d0, temp t0) or, with
 * n == 2, of two groups in lockstep, sub-step by sub-step. Rotate masks in
 * ymm10 (16), ymm11 (8).
 */
.macro QRR n, a0, b0, c0, d0, t0, a1, b1, c1, d1, t1
    .irp k, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14
    ROWS_QSUB avx2, \k, \a0, \b0, \c0, \d0, \t0, 10, 11
.if \n == 2
    ROWS_QSUB avx2, \k, \a1, \b1, \c1, \d1, \t1, 10, 11
.endif
    .endr
.endm

/*
 * Add the input rows to a group (a..d; d's input in ymm\din, b's and c's
 * in ymm12/13) and XOR its blocks into out at byte offset off: the low
 * lanes make the first block, the high lanes the second, written only if
 * len (rdx) reaches it. The block at offset r11 goes to `tail` instead,
 * with its keystream in ymm8, ymm9. Clobbers ymm8, ymm9.
 */
.macro ROWS_OUT a, b, c, d, din, off, skip, tail
    vpaddd .Lsigma2(%rip), %ymm\a, %ymm\a
    vpaddd %ymm12, %ymm\b, %ymm\b
    vpaddd %ymm13, %ymm\c, %ymm\c
    vpaddd %ymm\din, %ymm\d, %ymm\d
    vperm2i128 $0x20, %ymm\b, %ymm\a, %ymm8
    vperm2i128 $0x20, %ymm\d, %ymm\c, %ymm9
    cmp $(\off), %r11
    je \tail
    vpxor (\off)(%rsi), %ymm8, %ymm8
    vpxor (\off + 32)(%rsi), %ymm9, %ymm9
    vmovdqu %ymm8, (\off)(%rdi)
    vmovdqu %ymm9, (\off + 32)(%rdi)
    cmp $(\off + 64), %rdx
    jbe \skip
    vperm2i128 $0x31, %ymm\b, %ymm\a, %ymm8
    vperm2i128 $0x31, %ymm\d, %ymm\c, %ymm9
    cmp $(\off + 64), %r11
    je \tail
    vpxor (\off + 64)(%rsi), %ymm8, %ymm8
    vpxor (\off + 96)(%rsi), %ymm9, %ymm9
    vmovdqu %ymm8, (\off + 64)(%rdi)
    vmovdqu %ymm9, (\off + 96)(%rdi)
.endm

/* The tail entry's prologue: rdx = the bytes computed (len, + 64 with a
 * tail), r11 = the tail block's offset or -1. Clobbers rax. */
.macro TAIL_SETUP
    lea 64(%rdx), %rax
    mov $-1, %r11
    test %r9, %r9
    cmovnz %rdx, %r11
    cmovnz %rax, %rdx
.endm

/* Load the constant rows, the key rows (ymm12, ymm13), the rotate masks
 * and the first group's d row (ymm14: counter, counter + 1). */
.macro ROWS_SETUP
    vbroadcasti128 (%rcx), %ymm12
    vbroadcasti128 16(%rcx), %ymm13
    vbroadcasti128 (%r8), %ymm14
    vpaddd .Llane1(%rip), %ymm14, %ymm14
    LOAD_MASKS avx2, 10, 11
.endm

/* ---------------------------------------------------------------------- */
/*
 * 2 blocks (n = 1): one group, ymm0..3. 4 blocks (n = 2): groups ymm0..3
 * (blocks 0, 1) and ymm4..7 (blocks 2, 3), the second group's d row input
 * in ymm15. One body, so the two kernels cannot drift apart; labels start
 * with p.
 */
.macro ROWS_KERNEL name, n, p
PLAIN_AND_TAIL \name
    TAIL_SETUP
    test %rdx, %rdx
    jz \p\()_ret
    ROWS_SETUP
.if \n == 2
    vpaddd .Ltwo2(%rip), %ymm14, %ymm15
.endif
\p\()_group:
    vmovdqa .Lsigma2(%rip), %ymm0
    vmovdqa %ymm12, %ymm1
    vmovdqa %ymm13, %ymm2
    vmovdqa %ymm14, %ymm3
.if \n == 2
    vmovdqa %ymm0, %ymm4
    vmovdqa %ymm12, %ymm5
    vmovdqa %ymm13, %ymm6
    vmovdqa %ymm15, %ymm7
.endif
    mov $10, %eax
\p\()_round:
    .irp undo, 0, 1
    QRR \n, 0, 1, 2, 3, 8, 4, 5, 6, 7, 9
    ROWS_DIAG avx2, 0, 2, 3, \undo
.if \n == 2
    ROWS_DIAG avx2, 4, 6, 7, \undo
.endif
    .endr
    dec %eax
    jnz \p\()_round
    ROWS_OUT 0, 1, 2, 3, 14, 0, \p\()_done, \p\()_tail
.if \n == 2
    cmp $128, %rdx
    jbe \p\()_done
    ROWS_OUT 4, 5, 6, 7, 15, 128, \p\()_done, \p\()_tail
.endif
    sub $(128 * \n), %rdx
    jz \p\()_done
    add $(128 * \n), %rsi
    add $(128 * \n), %rdi
    sub $(128 * \n), %r11
.if \n == 1
    vpaddd .Ltwo2(%rip), %ymm14, %ymm14
.else
    vpaddd .Lfour2(%rip), %ymm14, %ymm14
    vpaddd .Lfour2(%rip), %ymm15, %ymm15
.endif
    jmp \p\()_group
\p\()_tail:
    vmovdqu %ymm8, (%r9)
    vmovdqu %ymm9, 32(%r9)
\p\()_done:
    vzeroupper
\p\()_ret:
    ret
END(\name\()_tail)
.endm

    ROWS_KERNEL chacha20_avx2_2x, 1, .L2r
    ROWS_KERNEL chacha20_avx2_4x, 2, .L4r

/* ---------------------------------------------------------------------- */
/*
 * 6 blocks: three groups, ymm0..3, 4..7, 8..11. One rotate temporary
 * (ymm12) serves all three: each rotate takes it whole, and renaming keeps
 * them independent. Masks in ymm13 (by 16) and ymm14 (by 8); ymm15 the
 * group's counter row (both lanes the first block's). The key rows are
 * read from the key again for the final add. Four groups would need a
 * 17th register (see chacha20_ssse3_rows.S). The rounds are ssse3_3x's
 * (ROWS_ROUNDS3); loads and output differ on purpose: the masks are
 * reloaded per group because the final add borrows ymm13/14 for the key
 * rows, the counter row lives in ymm15 rather than in a frame, and each
 * block takes two vperm2i128 through the one temporary.
 */

/* Fresh rows for group g. */
.macro LOAD6 a, b, c, d, g
    vmovdqa .Lsigma2(%rip), %ymm\a
    vbroadcasti128 (%rcx), %ymm\b
    vbroadcasti128 16(%rcx), %ymm\c
    vpaddd (.Lgrp + 32 * \g)(%rip), %ymm15, %ymm\d
.endm

/* As ROWS_OUT for group g at byte offset 128g, with ymm12 the only
 * temporary (key rows in ymm13/14 by then); the block at offset r11 goes
 * to TAIL6's code for it instead. */
.macro OUT6 a, b, c, d, g, skip
    vpaddd .Lsigma2(%rip), %ymm\a, %ymm\a
    vpaddd %ymm13, %ymm\b, %ymm\b
    vpaddd %ymm14, %ymm\c, %ymm\c
    vpaddd (.Lgrp + 32 * \g)(%rip), %ymm15, %ymm12
    vpaddd %ymm12, %ymm\d, %ymm\d
    cmp $(128 * \g), %r11
    je .L6r_tail\g\()_0
    vperm2i128 $0x20, %ymm\b, %ymm\a, %ymm12
    vpxor (128 * \g)(%rsi), %ymm12, %ymm12
    vmovdqu %ymm12, (128 * \g)(%rdi)
    vperm2i128 $0x20, %ymm\d, %ymm\c, %ymm12
    vpxor (128 * \g + 32)(%rsi), %ymm12, %ymm12
    vmovdqu %ymm12, (128 * \g + 32)(%rdi)
    cmp $(128 * \g + 64), %rdx
    jbe \skip
    cmp $(128 * \g + 64), %r11
    je .L6r_tail\g\()_1
    vperm2i128 $0x31, %ymm\b, %ymm\a, %ymm12
    vpxor (128 * \g + 64)(%rsi), %ymm12, %ymm12
    vmovdqu %ymm12, (128 * \g + 64)(%rdi)
    vperm2i128 $0x31, %ymm\d, %ymm\c, %ymm12
    vpxor (128 * \g + 96)(%rsi), %ymm12, %ymm12
    vmovdqu %ymm12, (128 * \g + 96)(%rdi)
.endm

/* The tail block in lane `lane` of group g (out of line, so that the
 * blocks XORed into out run straight on): the tail is the last block
 * computed, so the key rows in ymm13/14 are free. */
.macro TAIL6 a, b, c, d, g, lane
.L6r_tail\g\()_\lane:
    vperm2i128 $(0x20 + 0x11 * \lane), %ymm\b, %ymm\a, %ymm12
    vperm2i128 $(0x20 + 0x11 * \lane), %ymm\d, %ymm\c, %ymm13
    jmp .L6r_tail
.endm

PLAIN_AND_TAIL chacha20_avx2_6x
    TAIL_SETUP
    test %rdx, %rdx
    jz .L6r_ret
    vbroadcasti128 (%r8), %ymm15
.L6r_group:
    LOAD_MASKS avx2, 13, 14
    LOAD6 0, 1, 2, 3, 0
    LOAD6 4, 5, 6, 7, 1
    LOAD6 8, 9, 10, 11, 2
    ROWS_ROUNDS3 avx2, .L6r_round
    vbroadcasti128 (%rcx), %ymm13
    vbroadcasti128 16(%rcx), %ymm14
    ROWS_OUT3 OUT6, 128, .L6r_done, .L6r_done, %r11
    vpaddd .Lsix2(%rip), %ymm15, %ymm15
    jmp .L6r_group
.L6r_done:
    vzeroupper
.L6r_ret:
    ret
    TAIL6 0, 1, 2, 3, 0, 0
    TAIL6 0, 1, 2, 3, 0, 1
    TAIL6 4, 5, 6, 7, 1, 0
    TAIL6 4, 5, 6, 7, 1, 1
    TAIL6 8, 9, 10, 11, 2, 0
    TAIL6 8, 9, 10, 11, 2, 1
.L6r_tail:
    vmovdqu %ymm12, (%r9)
    vmovdqu %ymm13, 32(%r9)
    vzeroupper
    ret
END(chacha20_avx2_6x_tail)

ELF_NOTES
