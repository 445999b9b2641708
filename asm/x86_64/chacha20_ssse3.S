/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20, SSSE3 (legacy SSE encoding, no AVX): 1-, 2- and 4-block kernels
 * (each implementing the kernel ABI of asm/kernels.h for any whole number
 * of blocks) and a 5-block hybrid (whole groups only, see below); the
 * router in chacha20_x86_64.c picks among them by length.
 *
 * Rotates by 16 and 8 are byte permutations (one pshufb); 12 and 7 need a
 * shift pair and an or. Inputs: rdi=out rsi=in rdx=len rcx=key r8=ctr
 * (and r9=tail, the tail entries of the 1/2/4-block kernels).
 * The 1/2/4-block kernels use only caller-saved registers; the hybrid
 * saves and restores the callee-saved ones it needs for its scalar block.
 */
#include "asm.h"
#include "chacha20_macros.inc"
#include "chacha20_scalar.inc"

    .section .rodata
    .p2align 4
.Lsigma:
    CHACHA20_SIGMA
    CHACHA20_ROT_MASKS
.Lone:
    .long 1, 0, 0, 0
.Ltwo:
    .long 2, 0, 0, 0
.Lfour:
    .long 4, 4, 4, 4
.Lfive:
    .long 5, 5, 5, 5
.Linc4:
    .long 0, 1, 2, 3

/* ---------------------------------------------------------------------- */
/* 1 block: the state as four rows a,b,c,d (xmm0..3); diagonals by pshufd. */

/* rows in xmm0..3, rotate temporary xmm4, masks xmm12 (16), xmm13 (8) */
.macro QR_ROWS
    ROWS_QR sse, 0, 1, 2, 3, 4, 12, 13
.endm

/*
 * The plain entry is the tail entry with no tail (r9 = 0; it falls through
 * the alignment padding into it). The tail entry (asm/kernels.h,
 * simd_chacha20_tail_fn; tail in r9) computes one more block after the len
 * bytes and stores it, without XOR, to (r9): a stream ending in a partial
 * block gets that block from this call rather than from a second one.
 */
PLAIN_AND_TAIL chacha20_ssse3_1x, .L1x_empty
.L1x_start:
    LOAD_ROWS sse, 8, 9, 10, 11
    LOAD_MASKS sse, 12, 13
    movdqa .Lone(%rip), %xmm14
.L1x_block:
    movdqa %xmm8, %xmm0
    movdqa %xmm9, %xmm1
    movdqa %xmm10, %xmm2
    movdqa %xmm11, %xmm3
    mov $10, %eax
.L1x_round:
    QR_ROWS
    /* rotate rows a,c,d left by 3,1,2 words: columns become diagonals.
     * Not b (the usual choice): b ends a quarter-round and starts the
     * next, so its shuffle would sit on the dependency chain; a, c and d
     * finish earlier and their shuffles overlap b's last steps. */
    ROWS_DIAG sse, 0, 2, 3, 0
    QR_ROWS
    ROWS_DIAG sse, 0, 2, 3, 1
    dec %eax
    jnz .L1x_round
    paddd %xmm8, %xmm0
    paddd %xmm9, %xmm1
    paddd %xmm10, %xmm2
    paddd %xmm11, %xmm3
    /* no bytes left: this is the tail block */
    test %rdx, %rdx
    jz .L1x_tail
    movdqu (%rsi), %xmm4
    movdqu 16(%rsi), %xmm5
    movdqu 32(%rsi), %xmm6
    movdqu 48(%rsi), %xmm7
    pxor %xmm4, %xmm0
    pxor %xmm5, %xmm1
    pxor %xmm6, %xmm2
    pxor %xmm7, %xmm3
    movdqu %xmm0, (%rdi)
    movdqu %xmm1, 16(%rdi)
    movdqu %xmm2, 32(%rdi)
    movdqu %xmm3, 48(%rdi)
    paddd %xmm14, %xmm11
    add $64, %rsi
    add $64, %rdi
    sub $64, %rdx
    jnz .L1x_block
    /* the blocks are done; one more for a tail */
    test %r9, %r9
    jnz .L1x_block
.L1x_ret:
    ret
.L1x_tail:
    movdqu %xmm0, (%r9)
    movdqu %xmm1, 16(%r9)
    movdqu %xmm2, 32(%r9)
    movdqu %xmm3, 48(%r9)
    ret
/* len 0 */
.L1x_empty:
    TAIL_ONLY_OR_RET .L1x_start
END(chacha20_ssse3_1x_tail)

/* ---------------------------------------------------------------------- */
/*
 * 2 blocks: two independent row-layout blocks (rows in xmm0..3 and
 * xmm4..7) with their steps interleaved, so each fills the other's latency:
 * 128 bytes for little more than the time of one block.
 * Input rows in xmm8..11 (xmm11: the first block's counter row), rotate
 * temps xmm12/13, pshufb masks in xmm14/15.
 */
.macro AXR_ROWS2 r, x, y, z, x2, y2, z2
    paddd %xmm\y, %xmm\x
    paddd %xmm\y2, %xmm\x2
    pxor %xmm\x, %xmm\z
    pxor %xmm\x2, %xmm\z2
.if \r == 16
    pshufb %xmm14, %xmm\z
    pshufb %xmm14, %xmm\z2
.elseif \r == 8
    pshufb %xmm15, %xmm\z
    pshufb %xmm15, %xmm\z2
.else
    movdqa %xmm\z, %xmm12
    movdqa %xmm\z2, %xmm13
    pslld $\r, %xmm\z
    pslld $\r, %xmm\z2
    psrld $(32 - \r), %xmm12
    psrld $(32 - \r), %xmm13
    por %xmm12, %xmm\z
    por %xmm13, %xmm\z2
.endif
.endm

.macro QR_ROWS2
    AXR_ROWS2 16, 0, 1, 3, 4, 5, 7
    AXR_ROWS2 12, 2, 3, 1, 6, 7, 5
    AXR_ROWS2 8, 0, 1, 3, 4, 5, 7
    AXR_ROWS2 7, 2, 3, 1, 6, 7, 5
.endm

/* Rows a, c, d rotated (not b): see the 1-block rounds above. */
.macro SHUF_ROWS2 ia, ic, id
    pshufd $\ia, %xmm0, %xmm0
    pshufd $\ia, %xmm4, %xmm4
    pshufd $\ic, %xmm2, %xmm2
    pshufd $\ic, %xmm6, %xmm6
    pshufd $\id, %xmm3, %xmm3
    pshufd $\id, %xmm7, %xmm7
.endm

/* Plain and tail entry as for ssse3_1x; with a tail, the block after the
 * len bytes is the next pair's first lane (or, for an odd count, the
 * second lane of the last pair, which the plain kernel drops). */
PLAIN_AND_TAIL chacha20_ssse3_2x, .L2x_empty
.L2x_start:
    LOAD_ROWS sse, 8, 9, 10, 11
    LOAD_MASKS sse, 14, 15
.L2x_block:
    movdqa %xmm8, %xmm0
    movdqa %xmm9, %xmm1
    movdqa %xmm10, %xmm2
    movdqa %xmm11, %xmm3
    movdqa %xmm8, %xmm4
    movdqa %xmm9, %xmm5
    movdqa %xmm10, %xmm6
    movdqa %xmm11, %xmm7
    paddd .Lone(%rip), %xmm7
    mov $10, %eax
.L2x_round:
    QR_ROWS2
    SHUF_ROWS2 0x93, 0x39, 0x4e
    QR_ROWS2
    SHUF_ROWS2 0x39, 0x93, 0x4e
    dec %eax
    jnz .L2x_round
    paddd %xmm8, %xmm0
    paddd %xmm9, %xmm1
    paddd %xmm10, %xmm2
    paddd %xmm11, %xmm3
    paddd %xmm8, %xmm4
    paddd %xmm9, %xmm5
    paddd %xmm10, %xmm6
    paddd %xmm11, %xmm7
    paddd .Lone(%rip), %xmm7
    cmp $128, %rdx
    jb .L2x_one
    .irp r, 0, 1, 2, 3, 4, 5, 6, 7
    movdqu (16 * \r)(%rsi), %xmm12
    pxor %xmm12, %xmm\r
    movdqu %xmm\r, (16 * \r)(%rdi)
    .endr
    paddd .Ltwo(%rip), %xmm11
    add $128, %rsi
    add $128, %rdi
    sub $128, %rdx
    jnz .L2x_block
    /* the pairs are done; one more for a tail */
    test %r9, %r9
    jnz .L2x_block
.L2x_ret:
    ret
.L2x_one:
    /* no bytes left (only with a tail): xmm0..3 is the tail block */
    test %rdx, %rdx
    jz .L2x_tail0
    /* one block left (an odd count): its keystream is xmm0..3; the second
     * block's is the tail block, or dropped */
    .irp r, 0, 1, 2, 3
    movdqu (16 * \r)(%rsi), %xmm12
    pxor %xmm12, %xmm\r
    movdqu %xmm\r, (16 * \r)(%rdi)
    .endr
    test %r9, %r9
    jz .L2x_ret
    .irp r, 4, 5, 6, 7
    movdqu %xmm\r, (16 * (\r - 4))(%r9)
    .endr
    ret
.L2x_tail0:
    .irp r, 0, 1, 2, 3
    movdqu %xmm\r, (16 * \r)(%r9)
    .endr
    ret
/* len 0 */
.L2x_empty:
    TAIL_ONLY_OR_RET .L2x_start
END(chacha20_ssse3_2x_tail)

/* ---------------------------------------------------------------------- */
/*
 * 4 blocks: one state word per register, lane i = block i, so rounds need
 * no shuffles. Both the 4-block kernel and the 5-block hybrid run the
 * quarter-rounds of a half round in pairs with two rotate temporaries, so
 * two of the c words x8..x11 live on the stack at a time, one swap per
 * half-round (the kernel: P2 below; the hybrid: HYBRID_QR2 in
 * chacha20_groups.inc, its scalar steps woven in).
 * Frame (16-byte aligned): SPLAT 16x16 input state (the 4-block kernel
 * stores only the words it reads back: the counter and nonce for FINISH4,
 * column 0's for a further group), CMEM 4x16 c words, PS 16x16 the
 * precomputed first column round (see PRECOMPUTE4).
 * No keystream is ever stored (but a tail block, to the caller's buffer):
 * a partial group is XORed from registers.
 */
#define SPLAT(i) (16 * (i))(%rsp)
#define CMEM(i) (256 + 16 * (i))(%rsp)
#define PS(i) (320 + 16 * (i))(%rsp)
#define FRAME4 576
#include "chacha20_groups.inc"

/* 4x4 dword transpose of rows A..D (temps T0,T1); result j (= block j's
 * four words) lands in: j0 -> B, j1 -> T0, j2 -> D, j3 -> A. */
.macro TRANSPOSE4_SSE A, B, C, D, T0, T1
    UNPACK_SSE dq, \A, \B, \T0
    UNPACK_SSE dq, \C, \D, \T1
    UNPACK_SSE qdq, \T0, \T1, \B
    UNPACK_SSE qdq, \A, \C, \D
.endm

/* Interleave a and b by unit u (dq, qdq): the low halves into t, the high
 * halves into a. */
.macro UNPACK_SSE u, a, b, t
    movdqa %xmm\a, %xmm\t
    punpckl\u %xmm\b, %xmm\t
    punpckh\u %xmm\b, %xmm\a
.endm

/* XOR one 16-byte keystream register into out at byte offset off of the
 * group (temp t). */
.macro OUT16 r, off, t
    movdqu \off(%rsi), %xmm\t
    pxor %xmm\t, %xmm\r
    movdqu %xmm\r, \off(%rdi)
.endm

/* Transpose one word group (rows A..D = words 4g..4g+3) and XOR it into
 * out. mode 0: all four blocks; mode 1 (a partial group, rdx < 256): only
 * the blocks below rdx, so no keystream goes through memory; mode 2: as 1,
 * and the block at rdx (the tail block) to the tail buffer (r9), not
 * XORed. Branching on the length (public) only. With row (a memory
 * operand), the group's input words, the same in every block, are added
 * after the transpose (C is free then) instead of splatted before it. */
.macro GROUP4_SSE mode, A, B, C, D, T0, T1, off, row
    TRANSPOSE4_SSE \A, \B, \C, \D, \T0, \T1
.ifnb \row
    movdqu \row, %xmm\C
    paddd %xmm\C, %xmm\B
    paddd %xmm\C, %xmm\T0
    paddd %xmm\C, %xmm\D
    paddd %xmm\C, %xmm\A
.endif
.if \mode == 2
    test %rdx, %rdx
    jz 4f
    OUT16 \B, (\off + 0), \C
    cmp $64, %rdx
    je 5f
    OUT16 \T0, (\off + 64), \C
    cmp $128, %rdx
    je 6f
    OUT16 \D, (\off + 128), \C
    movdqu %xmm\A, \off(%r9)
    jmp 7f
4:
    movdqu %xmm\B, \off(%r9)
    jmp 7f
5:
    movdqu %xmm\T0, \off(%r9)
    jmp 7f
6:
    movdqu %xmm\D, \off(%r9)
.else
    OUT16 \B, (\off + 0), \C
.if \mode == 1
    cmp $64, %rdx
    jbe 7f
.endif
    OUT16 \T0, (\off + 64), \C
.if \mode == 1
    cmp $128, %rdx
    jbe 7f
.endif
    OUT16 \D, (\off + 128), \C
.if \mode == 0
    OUT16 \A, (\off + 192), \C
.endif
.endif
7:
.endm

/* Finish a 4-block group: add the input state, transpose, XOR into out
 * (mode as in GROUP4_SSE). The constants and the key (rcx) are added as
 * rows after the transposes, so a key splat on the stack is needed only
 * to start further groups; the counter and nonce words differ per block
 * or group and are added from SPLAT(12..15). */
.macro FINISH4 mode
    movdqa %xmm8, CMEM(0)
    movdqa %xmm9, CMEM(1)
    paddd SPLAT(12), %xmm12
    paddd SPLAT(13), %xmm13
    paddd SPLAT(14), %xmm14
    paddd SPLAT(15), %xmm15
    GROUP4_SSE \mode, 0, 1, 2, 3, 8, 9, 0, .Lsigma(%rip)
    GROUP4_SSE \mode, 4, 5, 6, 7, 8, 9, 16, (%rcx)
    GROUP4_SSE \mode, 12, 13, 14, 15, 8, 9, 48
    movdqa CMEM(0), %xmm0
    movdqa CMEM(1), %xmm1
    movdqa CMEM(2), %xmm2
    movdqa CMEM(3), %xmm3
    GROUP4_SSE \mode, 0, 1, 2, 3, 8, 9, 32, 16(%rcx)
.endm


/*
 * P2: two quarter-rounds side by side, each step on both before the next;
 * the pair's c words in xmm8/xmm9 (the other two in CMEM), rotate
 * temporaries xmm10/xmm11, and the pshufb mask in whichever temporary is
 * free (m, holding the mask on entry; o, loaded with the next half's mask
 * on exit): two chains with a register mask rather than four with a memory
 * operand and an a word parked on the stack. Each shift rotate is two
 * shifts of one word then the ORs of both, which llvm-mca-19 finds as fast
 * or faster than the other orders tried on every x86 core it models
 * (docs/performance.md, "The SSSE3 4-block round loop").
 */
.macro P2_HALF a0, b0, c0, d0, a1, b1, c1, d1, r, m, o, next
    paddd %xmm\b0, %xmm\a0
    paddd %xmm\b1, %xmm\a1
    pxor %xmm\a0, %xmm\d0
    pxor %xmm\a1, %xmm\d1
    pshufb %xmm\m, %xmm\d0
    pshufb %xmm\m, %xmm\d1
    paddd %xmm\d0, %xmm\c0
    paddd %xmm\d1, %xmm\c1
    pxor %xmm\c0, %xmm\b0
    pxor %xmm\c1, %xmm\b1
    movdqa %xmm\b0, %xmm\o
    pslld $\r, %xmm\b0
    psrld $(32 - \r), %xmm\o
    movdqa %xmm\b1, %xmm\m
    pslld $\r, %xmm\b1
    psrld $(32 - \r), %xmm\m
    por %xmm\o, %xmm\b0
    por %xmm\m, %xmm\b1
    movdqa \next(%rip), %xmm\o
.endm

/* A pair's two halves (a, b, d words; c in xmm8/xmm9): the rot16 mask in
 * xmm11 on entry and again on exit. */
.macro P2 a0, b0, d0, a1, b1, d1
    P2_HALF \a0, \b0, 8, \d0, \a1, \b1, 9, \d1, 12, 11, 10, .Lrot8
    P2_HALF \a0, \b0, 8, \d0, \a1, \b1, 9, \d1, 7, 10, 11, .Lrot16
.endm

/* Store xmm8/xmm9 to CMEM(o0)/CMEM(o1), load CMEM(i0)/CMEM(i1) into them. */
.macro P2_SWAP o0, o1, i0, i1
    movdqa %xmm8, CMEM(\o0)
    movdqa %xmm9, CMEM(\o1)
    movdqa CMEM(\i0), %xmm8
    movdqa CMEM(\i1), %xmm9
.endm

/* Columns (0,4,8,12) (1,5,9,13), then (2,6,10,14) (3,7,11,15): on entry x8
 * and x9 in xmm8/xmm9, x10 and x11 in CMEM(2)/CMEM(3); on exit x10 and x11
 * in the registers, x8 and x9 in CMEM(0)/CMEM(1). */
.macro COLUMNS4
    P2 0, 4, 12, 1, 5, 13
    P2_SWAP 0, 1, 2, 3
    P2 2, 6, 14, 3, 7, 15
.endm

/* Diagonals (0,5,10,15) (1,6,11,12), then (2,7,8,13) (3,4,9,14): the
 * reverse of COLUMNS4's placement of the c words. */
.macro DIAGONALS4
    P2 0, 5, 15, 1, 6, 12
    P2_SWAP 2, 3, 0, 1
    P2 2, 7, 13, 3, 4, 14
.endm

/*
 * The first column round of columns 1..3 sees only the constants, the key
 * and the nonce, the same in every block of a call: compute it once (as
 * rows, one column per lane; lane 0, the counter column, is not used) and
 * keep its words splatted in PS(i) for i = 1..3, 5..7, 9..11, 13..15, so
 * each group after that starts from it (3 of 80 quarter-rounds saved).
 */
.macro PRECOMPUTE4
    LOAD_ROWS sse, 0, 1, 2, 3
    LOAD_MASKS sse, 12, 13
    QR_ROWS
    .irp r, 0, 1, 2, 3
    pshufd $0x55, %xmm\r, %xmm4
    movdqa %xmm4, PS(4 * \r + 1)
    pshufd $0xaa, %xmm\r, %xmm4
    movdqa %xmm4, PS(4 * \r + 2)
    pshufd $0xff, %xmm\r, %xmm4
    movdqa %xmm4, PS(4 * \r + 3)
    .endr
.endm

/* Plain and tail entry as for ssse3_1x; with a tail, the block after the
 * len bytes is the lane at len in the last group (FINISH4 2), or the
 * first lane of one more group when len is a whole number of groups.
 * r10d says whether PRECOMPUTE4 ran. */
PLAIN_AND_TAIL chacha20_ssse3_4x, .L4x_empty
.L4x_setup:
    mov %rsp, %r11
    sub $FRAME4, %rsp
    and $-16, %rsp
    /* splat every input word across the four lanes */
    SPLAT_INPUTS sse
    /* FINISH4 adds the counter and nonce words from here */
    movdqa %xmm12, SPLAT(12)
    movdqa %xmm13, SPLAT(13)
    movdqa %xmm14, SPLAT(14)
    movdqa %xmm15, SPLAT(15)
    /* One group (counting the tail block): straight to the rounds, no
     * precomputation (it would not pay for itself) and nothing of the key
     * on the stack but the c words. */
    xor %r10d, %r10d
    lea 64(%rdx), %rax
    test %r9, %r9
    cmovz %rdx, %rax
    cmp $256, %rax
    jbe .L4x_start
    /* more groups: each starts from column 0's inputs and PS */
    movdqa %xmm0, SPLAT(0)
    movdqa %xmm4, SPLAT(4)
    movdqa %xmm8, SPLAT(8)
    PRECOMPUTE4
    mov $1, %r10d
.L4x_pgroup:
    movdqa SPLAT(0), %xmm0
    movdqa PS(1), %xmm1
    movdqa PS(2), %xmm2
    movdqa PS(3), %xmm3
    movdqa SPLAT(4), %xmm4
    movdqa PS(5), %xmm5
    movdqa PS(6), %xmm6
    movdqa PS(7), %xmm7
    movdqa SPLAT(8), %xmm8
    movdqa PS(9), %xmm9
    movdqa %xmm9, CMEM(1)
    movdqa SPLAT(12), %xmm12
    movdqa PS(13), %xmm13
    movdqa PS(14), %xmm14
    movdqa PS(15), %xmm15
    /* first double round: column 0 (temporary xmm9, masks in xmm11 and
     * xmm10, so the rot16 mask is in xmm11 after it), then the diagonals,
     * which take x8 and x9 from CMEM and x10 and x11 in xmm8/xmm9 */
    LOAD_MASKS sse, 11, 10
    ROWS_QR sse, 0, 4, 8, 12, 9, 11, 10
    movdqa %xmm8, CMEM(0)
    movdqa PS(10), %xmm8
    movdqa PS(11), %xmm9
    DIAGONALS4
    mov $9, %eax
    jmp .L4x_round
.L4x_start:
    /* COLUMNS4 takes x10 and x11 from CMEM, the rot16 mask in xmm11 */
    movdqa %xmm10, CMEM(2)
    movdqa %xmm11, CMEM(3)
    movdqa .Lrot16(%rip), %xmm11
    mov $10, %eax
    .p2align 5
.L4x_round:
    COLUMNS4
    DIAGONALS4
    dec %eax
    jnz .L4x_round
    /* x8, x9 in xmm8/xmm9, x10, x11 in CMEM(2)/CMEM(3), as FINISH4 takes
     * them (the hybrid's convention) */
    cmp $256, %rdx
    jb .L4x_partial
    FINISH4 0
    movdqa SPLAT(12), %xmm0
    paddd .Lfour(%rip), %xmm0
    movdqa %xmm0, SPLAT(12)
    add $256, %rsi
    add $256, %rdi
    /* Another group (only in a call of more than one: r10d set) for the
     * bytes left or, with whole groups done, for a tail block. */
    sub $256, %rdx
    jnz .L4x_pgroup
    test %r9, %r9
    jnz .L4x_pgroup
    jmp .L4x_done
.L4x_partial:
    test %r9, %r9
    jnz .L4x_partial_tail
    FINISH4 1
    jmp .L4x_done
.L4x_partial_tail:
    FINISH4 2
.L4x_done:
    /* wipe the key's words (GROUP_WIPE) and PS */
    GROUP_WIPE sse
    .irp i, 1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15
    movdqa %xmm0, PS(\i)
    .endr
8:
    mov %r11, %rsp
    ret
/* len 0 */
.L4x_empty:
    TAIL_ONLY_OR_RET .L4x_setup
END(chacha20_ssse3_4x_tail)

/* ---------------------------------------------------------------------- */
/* 5 blocks: the hybrid body of chacha20_groups.inc at this width. */

ENTRY(chacha20_ssse3_5x)
    CHACHA20_HYBRID sse, 4, 16, 576
END(chacha20_ssse3_5x)

ELF_NOTES
