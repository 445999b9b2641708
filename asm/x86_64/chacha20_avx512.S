/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20, AVX-512 (F + VL): every rotate is one vprold, and the 32
 * vector registers hold a whole 16-word state with room to spare.
 *
 *   chacha20_avx512_16x  16 blocks, one state word per zmm (lane i = block i)
 *   chacha20_avx512_8x    8 blocks as rows: two groups of four zmm rows
 *   chacha20_avx512_4x    4 blocks as rows of a zmm (one block per 128-bit lane)
 *   chacha20_avx512_2x    2 blocks as rows of a ymm (AVX-512VL)
 *   chacha20_avx512_1x    1 block as rows of an xmm (AVX-512VL)
 * each implementing the kernel ABI for any whole number of blocks, and
 *   chacha20_avx512_32x  two independent 16-block groups interleaved; it
 *                        processes only whole 2048-byte groups and leaves
 *                        the rest (len mod 2048) to the caller.
 * Word-sliced 4- and 8-block kernels in xmm/ymm were measured too and lost
 * to the row layouts at every size they would serve: below 16 blocks the
 * rounds are latency-bound, and a row layout needs a quarter of the
 * instructions and no transpose (docs/performance.md, "ChaCha20: a block's
 * latency or a group's issue").
 * After the final transposition every kernel holds block b of its group
 * whole in one register (zmm b; a ymm pair in the 2-block kernel), so a
 * partial group (fewer blocks than the kernel computes at once) is XORed
 * from registers block by block, stopping after the last wanted one: no
 * keystream goes through memory, and no byte outside [in, in+len) /
 * [out, out+len) is touched. All end with vzeroupper.
 * Inputs: rdi=out rsi=in rdx=len rcx=key r8=ctr (and r9=tail in the tail
 * entries); caller-saved registers only.
 *
 * The 1-16-block kernels each have a tail entry (asm/kernels.h,
 * simd_chacha20_tail_fn; tail in r9), and the plain entry is that entry
 * with r9 = 0, falling through the alignment padding into it: one body.
 * With a tail the kernel computes len / 64 + 1 blocks, XORs the ones below
 * len as the plain entry does and stores the next one, not XORed, from its
 * register to (r9); when len is a whole number of groups that takes one
 * more group. The plain path pays only a test of r9 where a partial group
 * or the last group ends. The 32-block kernel has none: the route gives it
 * whole groups of the message only, so the tail block is never its own.
 */
#include "asm.h"
#include "chacha20_macros.inc"

    .section .rodata
    .p2align 6
.Linc16:
    .long 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
.Lsigma:
    CHACHA20_SIGMA
.Lrowinc1:
    .long 1, 0, 0, 0
.Lrowlane1:
    .long 0, 0, 0, 0, 1, 0, 0, 0
.Lrowinc2:
    .long 2, 0, 0, 0, 2, 0, 0, 0
    .p2align 6
.Lzrowlane:
    .long 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0
.Lzrowinc4:
    .long 4, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0
.Lzrowinc8:
    .long 8, 0, 0, 0, 8, 0, 0, 0, 8, 0, 0, 0, 8, 0, 0, 0
.Lc16:
    .long 16
.Lc32:
    .long 32

/* --------------------------------------------------------------------- */
/* Word-sliced rounds: four quarter-rounds (given as register numbers). */

.macro AXR w, r, x0, y0, z0, x1, y1, z1, x2, y2, z2, x3, y3, z3
    vpaddd %\w\()mm\y0, %\w\()mm\x0, %\w\()mm\x0
    vpaddd %\w\()mm\y1, %\w\()mm\x1, %\w\()mm\x1
    vpaddd %\w\()mm\y2, %\w\()mm\x2, %\w\()mm\x2
    vpaddd %\w\()mm\y3, %\w\()mm\x3, %\w\()mm\x3
    vpxord %\w\()mm\x0, %\w\()mm\z0, %\w\()mm\z0
    vpxord %\w\()mm\x1, %\w\()mm\z1, %\w\()mm\z1
    vpxord %\w\()mm\x2, %\w\()mm\z2, %\w\()mm\z2
    vpxord %\w\()mm\x3, %\w\()mm\z3, %\w\()mm\z3
    vprold $\r, %\w\()mm\z0, %\w\()mm\z0
    vprold $\r, %\w\()mm\z1, %\w\()mm\z1
    vprold $\r, %\w\()mm\z2, %\w\()mm\z2
    vprold $\r, %\w\()mm\z3, %\w\()mm\z3
.endm

.macro QR4 w, a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3
    AXR \w, 16, \a0, \b0, \d0, \a1, \b1, \d1, \a2, \b2, \d2, \a3, \b3, \d3
    AXR \w, 12, \c0, \d0, \b0, \c1, \d1, \b1, \c2, \d2, \b2, \c3, \d3, \b3
    AXR \w, 8, \a0, \b0, \d0, \a1, \b1, \d1, \a2, \b2, \d2, \a3, \b3, \d3
    AXR \w, 7, \c0, \d0, \b0, \c1, \d1, \b1, \c2, \d2, \b2, \c3, \d3, \b3
.endm

/* One double round on the state in registers 0..15. */
.macro DROUND w
    QR4 \w, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15
    QR4 \w, 0, 5, 10, 15, 1, 6, 11, 12, 2, 7, 8, 13, 3, 4, 9, 14
.endm

/* One add-xor-rotate step of a quarter-round on rows x, y, z of width w
 * (x, y or z: xmm, ymm or zmm). */
.macro AXR1 w, r, x, y, z
    vpaddd %\w\()mm\y, %\w\()mm\x, %\w\()mm\x
    vpxord %\w\()mm\x, %\w\()mm\z, %\w\()mm\z
    vprold $\r, %\w\()mm\z, %\w\()mm\z
.endm

/*
 * The first column round of columns 1..3 sees only the constants, the key
 * and the nonce, which are the same in every block of a call: compute it
 * once per call (as rows, one column per lane; lane 0, the counter column,
 * is discarded) into 64 bytes at \dst(%rsp), and start each group from it.
 * That saves 3 of the 80 quarter-rounds per group.
 */
.macro PRECOMPUTE dst
    LOAD_ROWS avx512, 16, 17, 18, 19
    AXR1 x, 16, 16, 17, 19
    AXR1 x, 12, 18, 19, 17
    AXR1 x, 8, 16, 17, 19
    AXR1 x, 7, 18, 19, 17
    vmovdqa32 %xmm16, (\dst)(%rsp)
    vmovdqa32 %xmm17, (\dst + 16)(%rsp)
    vmovdqa32 %xmm18, (\dst + 32)(%rsp)
    vmovdqa32 %xmm19, (\dst + 48)(%rsp)
.endm

/* Fresh state in w-registers 0..15: constants, key and nonce broadcast
 * to every lane, columns 1..3 already through the first column round (from
 * PRECOMPUTE at \pre(%rsp)); x12, the per-lane counters, from register \ctr. */
.macro INIT_WS_PRE w, ctr, pre
    vpbroadcastd .Lsigma(%rip), %\w\()mm0
    vpbroadcastd (\pre + 4)(%rsp), %\w\()mm1
    vpbroadcastd (\pre + 8)(%rsp), %\w\()mm2
    vpbroadcastd (\pre + 12)(%rsp), %\w\()mm3
    vpbroadcastd (%rcx), %\w\()mm4
    vpbroadcastd (\pre + 20)(%rsp), %\w\()mm5
    vpbroadcastd (\pre + 24)(%rsp), %\w\()mm6
    vpbroadcastd (\pre + 28)(%rsp), %\w\()mm7
    vpbroadcastd 16(%rcx), %\w\()mm8
    vpbroadcastd (\pre + 36)(%rsp), %\w\()mm9
    vpbroadcastd (\pre + 40)(%rsp), %\w\()mm10
    vpbroadcastd (\pre + 44)(%rsp), %\w\()mm11
    vmovdqa32 %\w\()mm\ctr, %\w\()mm12
    vpbroadcastd (\pre + 52)(%rsp), %\w\()mm13
    vpbroadcastd (\pre + 56)(%rsp), %\w\()mm14
    vpbroadcastd (\pre + 60)(%rsp), %\w\()mm15
.endm

/* Column 0's first quarter-round (the rest of that column round was
 * precomputed), for one state (a..d) or, interleaved, two. */
.macro QR_COL0 w, a, b, c, d, a2=-1, b2=-1, c2=-1, d2=-1
    .irp step, 0, 1, 2, 3
    .if \step == 0 || \step == 2
        QR_COL0_AXR \w, \step, \a, \b, \d, \a2, \b2, \d2
    .else
        QR_COL0_AXR \w, \step, \c, \d, \b, \c2, \d2, \b2
    .endif
    .endr
.endm

.macro QR_COL0_AXR w, step, x, y, z, x2, y2, z2
    vpaddd %\w\()mm\y, %\w\()mm\x, %\w\()mm\x
.if \x2 >= 0
    vpaddd %\w\()mm\y2, %\w\()mm\x2, %\w\()mm\x2
.endif
    vpxord %\w\()mm\x, %\w\()mm\z, %\w\()mm\z
.if \x2 >= 0
    vpxord %\w\()mm\x2, %\w\()mm\z2, %\w\()mm\z2
.endif
.if \step == 0
    vprold $16, %\w\()mm\z, %\w\()mm\z
.elseif \step == 1
    vprold $12, %\w\()mm\z, %\w\()mm\z
.elseif \step == 2
    vprold $8, %\w\()mm\z, %\w\()mm\z
.else
    vprold $7, %\w\()mm\z, %\w\()mm\z
.endif
.if \x2 >= 0
.if \step == 0
    vprold $16, %\w\()mm\z2, %\w\()mm\z2
.elseif \step == 1
    vprold $12, %\w\()mm\z2, %\w\()mm\z2
.elseif \step == 2
    vprold $8, %\w\()mm\z2, %\w\()mm\z2
.else
    vprold $7, %\w\()mm\z2, %\w\()mm\z2
.endif
.endif
.endm

/* Add the input state back (x12 excepted: the caller adds the counters). */
.macro ADDIN_WS w, n
    .irp i, 0, 1, 2, 3
    vpaddd (.Lsigma + 4 * \i)(%rip){1to\n}, %\w\()mm\i, %\w\()mm\i
    .endr
    .irp i, 4, 5, 6, 7, 8, 9, 10, 11
    vpaddd (4 * (\i - 4))(%rcx){1to\n}, %\w\()mm\i, %\w\()mm\i
    .endr
    .irp i, 13, 14, 15
    vpaddd (4 * (\i - 12))(%r8){1to\n}, %\w\()mm\i, %\w\()mm\i
    .endr
.endm

/* 4x4 dword transpose inside each 128-bit lane; afterwards register j of
 * the group holds, in lane L, words 4g..4g+3 of block 4L+j. */
.macro TRANSPOSE4 w, A, B, C, D, T0, T1
    vpunpckldq %\w\()mm\B, %\w\()mm\A, %\w\()mm\T0
    vpunpckhdq %\w\()mm\B, %\w\()mm\A, %\w\()mm\T1
    vpunpckldq %\w\()mm\D, %\w\()mm\C, %\w\()mm\B
    vpunpckhdq %\w\()mm\D, %\w\()mm\C, %\w\()mm\D
    vpunpcklqdq %\w\()mm\B, %\w\()mm\T0, %\w\()mm\A
    vpunpckhqdq %\w\()mm\B, %\w\()mm\T0, %\w\()mm\B
    vpunpcklqdq %\w\()mm\D, %\w\()mm\T1, %\w\()mm\C
    vpunpckhqdq %\w\()mm\D, %\w\()mm\T1, %\w\()mm\D
.endm

.macro TRANSPOSE_GROUPS w
    TRANSPOSE4 \w, 0, 1, 2, 3, 16, 17
    TRANSPOSE4 \w, 4, 5, 6, 7, 16, 17
    TRANSPOSE4 \w, 8, 9, 10, 11, 16, 17
    TRANSPOSE4 \w, 12, 13, 14, 15, 16, 17
.endm

/* XOR register r into out at byte offset off. */
.macro OUTW w, r, off
    vpxord \off(%rsi), %\w\()mm\r, %\w\()mm\r
    vmovdqu32 %\w\()mm\r, \off(%rdi)
.endm

/*
 * A partial group: XOR blocks first..last (block b whole in zmm b) into
 * out, jumping to `done` at the first block at or past rdx (whole blocks,
 * fewer than the group); block `first` is wanted (the caller has checked).
 * Branches on the length (public) only.
 */
.macro XOR_BLOCKS first, last, done
    .irp b, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
    .if \b >= \first && \b <= \last
    .if \b > \first
    cmp $(64 * \b), %rdx
    jbe \done
    .endif
    OUTW z, \b, (64 * \b)
    .endif
    .endr
.endm

/*
 * XOR_BLOCKS for a tail entry: blocks first..last-1 below rdx XORed into
 * out, the block at rdx (the tail block, at most `last`: the caller has
 * checked) stored to (r9) without XOR, then on to `done`. Branches on the
 * length (public) only.
 */
.macro XOR_TAIL first, last, done
    .irp b, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
    .if \b >= \first && \b < \last
    cmp $(64 * \b), %rdx
    jne 1f
    vmovdqu32 %zmm\b, (%r9)
    jmp \done
1:
    OUTW z, \b, (64 * \b)
    .elseif \b == \last
    vmovdqu32 %zmm\b, (%r9)
    .endif
    .endr
.endm

/* zmm: lanes L of P,Q,R,S (word groups 0..3 of blocks 4L+j) -> whole
 * blocks j, 4+j, 8+j, 12+j in P, Q, R, S. */
.macro JOIN16 P, Q, R, S
    vshufi32x4 $0x88, %zmm\Q, %zmm\P, %zmm16
    vshufi32x4 $0xdd, %zmm\Q, %zmm\P, %zmm17
    vshufi32x4 $0x88, %zmm\S, %zmm\R, %zmm18
    vshufi32x4 $0xdd, %zmm\S, %zmm\R, %zmm19
    vshufi32x4 $0x88, %zmm18, %zmm16, %zmm\P
    vshufi32x4 $0xdd, %zmm18, %zmm16, %zmm\R
    vshufi32x4 $0x88, %zmm19, %zmm17, %zmm\Q
    vshufi32x4 $0xdd, %zmm19, %zmm17, %zmm\S
.endm

/* Transpose 16 finished blocks (after ADDIN + counters): block b whole in
 * zmm b. */
.macro JOIN_ALL16
    TRANSPOSE_GROUPS z
    JOIN16 0, 4, 8, 12
    JOIN16 1, 5, 9, 13
    JOIN16 2, 6, 10, 14
    JOIN16 3, 7, 11, 15
.endm

/* Emit 16 finished blocks at byte offset base. */
.macro EMIT16 base=0
    JOIN_ALL16
    .irp b, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
    OUTW z, \b, (\base + 64 * \b)
    .endr
.endm

/*
 * Word-sliced kernel for n blocks in w registers (used for 16 in zmm).
 * State in 0..15, transpose temps 16..19, per-lane counters in 31.
 */
.macro WS_KERNEL name, w, n
PLAIN_AND_TAIL \name, 10f
11:
    mov %rsp, %r11
    sub $128, %rsp
    and $-64, %rsp
    PRECOMPUTE 0
    vpbroadcastd (%r8), %\w\()mm31
    vpaddd .Linc16(%rip), %\w\()mm31, %\w\()mm31
5:
    INIT_WS_PRE \w, 31, 0
    QR_COL0 \w, 0, 4, 8, 12
    QR4 \w, 0, 5, 10, 15, 1, 6, 11, 12, 2, 7, 8, 13, 3, 4, 9, 14
    mov $9, %eax
6:
    DROUND \w
    dec %eax
    jnz 6b
    ADDIN_WS \w, \n
    vpaddd %\w\()mm31, %\w\()mm12, %\w\()mm12
    cmp $(64 * \n), %rdx
    jb 7f
    EMIT\n
    vpaddd .Lc\n(%rip){1to\n}, %\w\()mm31, %\w\()mm31
    add $(64 * \n), %rsi
    add $(64 * \n), %rdi
    sub $(64 * \n), %rdx
    jnz 5b
    /* whole groups done: a tail block takes one more */
    test %r9, %r9
    jnz 5b
    jmp 8f
7:
    JOIN_ALL\n
    test %r9, %r9
    jnz 12f
    XOR_BLOCKS 0, (\n - 2), 8f
8:
    /* wipe the precomputed round (key-derived) */
    vpxorq %xmm16, %xmm16, %xmm16
    vmovdqa64 %zmm16, (%rsp)
    mov %r11, %rsp
    vzeroupper
9:
    ret
/* with a tail: the block at rdx is it */
12:
    XOR_TAIL 0, (\n - 1), 8b
    jmp 8b
/* len 0 */
10:
    TAIL_ONLY_OR_RET 11b
END(\name\()_tail)
.endm


    WS_KERNEL chacha20_avx512_16x, z, 16

/* --------------------------------------------------------------------- */
/* Row kernels: rows a,b,c,d in registers 0..3 (one block per 128-bit lane),
 * diagonals by vpshufd; input rows in 16..19, counter step in 20.
 * The diagonal step rotates rows a, c and d (by 3, 1 and 2 words), not b, c
 * and d as usual: the same quarter-rounds on other lanes. b is the last row
 * a quarter-round finishes and the first the next one reads (a += b), so
 * shuffling it puts one shuffle's latency on the dependency chain twice per
 * double round; a, c and d are done earlier and their shuffles overlap the
 * end of b's chain: 24 instead of 26 dependent instructions per double
 * round, and these kernels are latency-bound. */

.macro QR_ROWS w
    AXR1 \w, 16, 0, 1, 3
    AXR1 \w, 12, 2, 3, 1
    AXR1 \w, 8, 0, 1, 3
    AXR1 \w, 7, 2, 3, 1
.endm

.macro ROW_ROUNDS w
    mov $10, %eax
6:
    QR_ROWS \w
    vpshufd $0x93, %\w\()mm0, %\w\()mm0
    vpshufd $0x4e, %\w\()mm3, %\w\()mm3
    vpshufd $0x39, %\w\()mm2, %\w\()mm2
    QR_ROWS \w
    vpshufd $0x39, %\w\()mm0, %\w\()mm0
    vpshufd $0x4e, %\w\()mm3, %\w\()mm3
    vpshufd $0x93, %\w\()mm2, %\w\()mm2
    dec %eax
    jnz 6b
    vpaddd %\w\()mm16, %\w\()mm0, %\w\()mm0
    vpaddd %\w\()mm17, %\w\()mm1, %\w\()mm1
    vpaddd %\w\()mm18, %\w\()mm2, %\w\()mm2
    vpaddd %\w\()mm19, %\w\()mm3, %\w\()mm3
.endm

PLAIN_AND_TAIL chacha20_avx512_1x, 10f
11:
    LOAD_ROWS avx512, 16, 17, 18, 19
    vmovdqu32 .Lrowinc1(%rip), %xmm20
5:
    vmovdqa32 %xmm16, %xmm0
    vmovdqa32 %xmm17, %xmm1
    vmovdqa32 %xmm18, %xmm2
    vmovdqa32 %xmm19, %xmm3
    ROW_ROUNDS x
    /* no bytes left: this is the tail block */
    test %rdx, %rdx
    jz 12f
    .irp r, 0, 1, 2, 3
    OUTW x, \r, (16 * \r)
    .endr
    vpaddd %xmm20, %xmm19, %xmm19
    add $64, %rsi
    add $64, %rdi
    sub $64, %rdx
    jnz 5b
    /* the blocks are done; one more for a tail */
    test %r9, %r9
    jnz 5b
    vzeroupper
9:
    ret
12:
    .irp r, 0, 1, 2, 3
    vmovdqu32 %xmm\r, (16 * \r)(%r9)
    .endr
    vzeroupper
    ret
/* len 0 */
10:
    TAIL_ONLY_OR_RET 11b
END(chacha20_avx512_1x_tail)

/* ymm rows: one block's 64 bytes into ymm t0, t1 from the row pairs
 * (a, b) and (c, d): sel 0 takes lanes 0 (block 0), sel 3 lanes 1
 * (block 1). */
.macro BLOCK2 sel, t0, t1
    vshufi32x4 $\sel, %ymm1, %ymm0, %ymm\t0
    vshufi32x4 $\sel, %ymm3, %ymm2, %ymm\t1
.endm

/* Block 0 (into ymm4, ymm5) and block 1 (ymm6, ymm7) XORed into out.
 * mode 0: both blocks; mode 1: block 0 only (the one-block partial
 * group). */
.macro EMIT2 mode
    BLOCK2 0, 4, 5
    OUTW y, 4, 0
    OUTW y, 5, 32
.if \mode == 0
    BLOCK2 3, 6, 7
    OUTW y, 6, 64
    OUTW y, 7, 96
.endif
.endm

/* Block sel (as BLOCK2) to the tail buffer (r9), not XORed. */
.macro TAIL2 sel, t0, t1
    BLOCK2 \sel, \t0, \t1
    vmovdqu32 %ymm\t0, (%r9)
    vmovdqu32 %ymm\t1, 32(%r9)
.endm

PLAIN_AND_TAIL chacha20_avx512_2x, 10f
11:
    vbroadcasti32x4 .Lsigma(%rip), %ymm16
    vbroadcasti32x4 (%rcx), %ymm17
    vbroadcasti32x4 16(%rcx), %ymm18
    vbroadcasti32x4 (%r8), %ymm19
    vpaddd .Lrowlane1(%rip), %ymm19, %ymm19
    vmovdqu32 .Lrowinc2(%rip), %ymm20
5:
    vmovdqa32 %ymm16, %ymm0
    vmovdqa32 %ymm17, %ymm1
    vmovdqa32 %ymm18, %ymm2
    vmovdqa32 %ymm19, %ymm3
    ROW_ROUNDS y
    cmp $128, %rdx
    jb 7f
    EMIT2 0
    vpaddd %ymm20, %ymm19, %ymm19
    add $128, %rsi
    add $128, %rdi
    sub $128, %rdx
    jnz 5b
    /* whole groups done: a tail block takes one more */
    test %r9, %r9
    jnz 5b
    jmp 8f
7:
    test %r9, %r9
    jnz 12f
    EMIT2 1
8:
    vzeroupper
9:
    ret
/* with a tail: block 0 is it (rdx 0), or block 0 is XORed and block 1 is
 * it (rdx 64) */
12:
    test %rdx, %rdx
    jz 13f
    EMIT2 1
    TAIL2 3, 6, 7
    jmp 8b
13:
    TAIL2 0, 4, 5
    jmp 8b
/* len 0 */
10:
    TAIL_ONLY_OR_RET 11b
END(chacha20_avx512_2x_tail)

/* --------------------------------------------------------------------- */
/*
 * 32 blocks: two independent 16-block states, A in zmm0..15 and B in
 * zmm16..31, their quarter-round steps interleaved so that each step of
 * one state fills the latency of the other's. vprold needs no temporaries,
 * so the rounds fit the 32 registers exactly; the per-lane counters live on
 * the stack, and B is parked there while A is transposed and written.
 * Only whole 2048-byte groups are processed (rdx rounded down); the caller
 * runs the remainder through the 16/8/4/2/1-block kernels.
 */
.macro DROUND2
    AXR z, 16, 0, 4, 12, 1, 5, 13, 2, 6, 14, 3, 7, 15
    AXR z, 16, 16, 20, 28, 17, 21, 29, 18, 22, 30, 19, 23, 31
    AXR z, 12, 8, 12, 4, 9, 13, 5, 10, 14, 6, 11, 15, 7
    AXR z, 12, 24, 28, 20, 25, 29, 21, 26, 30, 22, 27, 31, 23
    AXR z, 8, 0, 4, 12, 1, 5, 13, 2, 6, 14, 3, 7, 15
    AXR z, 8, 16, 20, 28, 17, 21, 29, 18, 22, 30, 19, 23, 31
    AXR z, 7, 8, 12, 4, 9, 13, 5, 10, 14, 6, 11, 15, 7
    AXR z, 7, 24, 28, 20, 25, 29, 21, 26, 30, 22, 27, 31, 23
    AXR z, 16, 0, 5, 15, 1, 6, 12, 2, 7, 13, 3, 4, 14
    AXR z, 16, 16, 21, 31, 17, 22, 28, 18, 23, 29, 19, 20, 30
    AXR z, 12, 10, 15, 5, 11, 12, 6, 8, 13, 7, 9, 14, 4
    AXR z, 12, 26, 31, 21, 27, 28, 22, 24, 29, 23, 25, 30, 20
    AXR z, 8, 0, 5, 15, 1, 6, 12, 2, 7, 13, 3, 4, 14
    AXR z, 8, 16, 21, 31, 17, 22, 28, 18, 23, 29, 19, 20, 30
    AXR z, 7, 10, 15, 5, 11, 12, 6, 8, 13, 7, 9, 14, 4
    AXR z, 7, 26, 31, 21, 27, 28, 22, 24, 29, 23, 25, 30, 20
.endm

.macro DIAG2
    AXR z, 16, 0, 5, 15, 1, 6, 12, 2, 7, 13, 3, 4, 14
    AXR z, 16, 16, 21, 31, 17, 22, 28, 18, 23, 29, 19, 20, 30
    AXR z, 12, 10, 15, 5, 11, 12, 6, 8, 13, 7, 9, 14, 4
    AXR z, 12, 26, 31, 21, 27, 28, 22, 24, 29, 23, 25, 30, 20
    AXR z, 8, 0, 5, 15, 1, 6, 12, 2, 7, 13, 3, 4, 14
    AXR z, 8, 16, 21, 31, 17, 22, 28, 18, 23, 29, 19, 20, 30
    AXR z, 7, 10, 15, 5, 11, 12, 6, 8, 13, 7, 9, 14, 4
    AXR z, 7, 26, 31, 21, 27, 28, 22, 24, 29, 23, 25, 30, 20
.endm

#define CV 0
#define BSAVE 64
#define PRE 1088

ENTRY(chacha20_avx512_32x)
    cmp $2048, %rdx
    jb 9f
    mov %rsp, %r11
    sub $(64 + 1024 + 64), %rsp
    and $-64, %rsp
    PRECOMPUTE PRE
    vpbroadcastd (%r8), %zmm31
    vpaddd .Linc16(%rip), %zmm31, %zmm31
    vmovdqa32 %zmm31, CV(%rsp)
5:
    INIT_WS_PRE z, 31, PRE
    vpaddd .Lc16(%rip){1to16}, %zmm12, %zmm28
    vmovdqa32 %zmm0, %zmm16
    vmovdqa32 %zmm1, %zmm17
    vmovdqa32 %zmm2, %zmm18
    vmovdqa32 %zmm3, %zmm19
    vmovdqa32 %zmm4, %zmm20
    vmovdqa32 %zmm5, %zmm21
    vmovdqa32 %zmm6, %zmm22
    vmovdqa32 %zmm7, %zmm23
    vmovdqa32 %zmm8, %zmm24
    vmovdqa32 %zmm9, %zmm25
    vmovdqa32 %zmm10, %zmm26
    vmovdqa32 %zmm11, %zmm27
    vmovdqa32 %zmm13, %zmm29
    vmovdqa32 %zmm14, %zmm30
    vmovdqa32 %zmm15, %zmm31
    QR_COL0 z, 0, 4, 8, 12, 16, 20, 24, 28
    DIAG2
    mov $9, %eax
6:
    DROUND2
    dec %eax
    jnz 6b
    .irp i, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
    vmovdqa32 %zmm\i, (BSAVE + 64 * (\i - 16))(%rsp)
    .endr
    ADDIN_WS z, 16
    vpaddd CV(%rsp), %zmm12, %zmm12
    EMIT16 0
    .irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
    vmovdqa32 (BSAVE + 64 * \i)(%rsp), %zmm\i
    .endr
    ADDIN_WS z, 16
    vpaddd CV(%rsp), %zmm12, %zmm12
    vpaddd .Lc16(%rip){1to16}, %zmm12, %zmm12
    EMIT16 1024
    vmovdqa32 CV(%rsp), %zmm31
    vpaddd .Lc32(%rip){1to16}, %zmm31, %zmm31
    vmovdqa32 %zmm31, CV(%rsp)
    add $2048, %rsi
    add $2048, %rdi
    sub $2048, %rdx
    cmp $2048, %rdx
    jae 5b
    /* wipe the parked state */
    vpxorq %zmm0, %zmm0, %zmm0
    .irp off, 0, 64, 128, 192, 256, 320, 384, 448, 512, 576, 640, 704, 768, 832, 896, 960, 1024, PRE
    vmovdqa64 %zmm0, \off(%rsp)
    .endr
    mov %r11, %rsp
    vzeroupper
9:
    ret
END(chacha20_avx512_32x)

/* --------------------------------------------------------------------- */
/*
 * zmm row kernels: a zmm row register holds the same row of four blocks
 * (128-bit lane L = block L), so four blocks cost the instruction count of
 * one; for short messages that beats the word-sliced layout, whose
 * transposes and 16-register state only pay off from about 16 blocks. The
 * 8-block form runs two such 4-block groups (rows 0..3 and 4..7) with
 * their steps interleaved. Input rows in 16..19, counter step in 20,
 * transpose temps 21..24. Not the SSSE3/AVX2 rows' ROWS_QSUB
 * (chacha20_macros.inc), though the lockstep looks alike: here each rotate
 * is one vprold and the XOR is EVEX vpxord, 3 steps per quarter-round
 * against 14, with no mask registers or rotate temporaries.
 */
.macro AXRZ2 sets, r, x, y, z, x2, y2, z2
    vpaddd %zmm\y, %zmm\x, %zmm\x
.if \sets == 2
    vpaddd %zmm\y2, %zmm\x2, %zmm\x2
.endif
    vpxord %zmm\x, %zmm\z, %zmm\z
.if \sets == 2
    vpxord %zmm\x2, %zmm\z2, %zmm\z2
.endif
    vprold $\r, %zmm\z, %zmm\z
.if \sets == 2
    vprold $\r, %zmm\z2, %zmm\z2
.endif
.endm

.macro QRZ sets
    AXRZ2 \sets, 16, 0, 1, 3, 4, 5, 7
    AXRZ2 \sets, 12, 2, 3, 1, 6, 7, 5
    AXRZ2 \sets, 8, 0, 1, 3, 4, 5, 7
    AXRZ2 \sets, 7, 2, 3, 1, 6, 7, 5
.endm

.macro SHUFZ sets, ia, ic, id
    vpshufd $\ia, %zmm0, %zmm0
.if \sets == 2
    vpshufd $\ia, %zmm4, %zmm4
.endif
    vpshufd $\ic, %zmm2, %zmm2
.if \sets == 2
    vpshufd $\ic, %zmm6, %zmm6
.endif
    vpshufd $\id, %zmm3, %zmm3
.if \sets == 2
    vpshufd $\id, %zmm7, %zmm7
.endif
.endm

/* rows a..d (lane L = block L) -> whole blocks 0..3 in a..d */
.macro JOINZR a, b, c, d
    vshufi32x4 $0x44, %zmm\b, %zmm\a, %zmm21
    vshufi32x4 $0xee, %zmm\b, %zmm\a, %zmm22
    vshufi32x4 $0x44, %zmm\d, %zmm\c, %zmm23
    vshufi32x4 $0xee, %zmm\d, %zmm\c, %zmm24
    vshufi32x4 $0x88, %zmm23, %zmm21, %zmm\a
    vshufi32x4 $0xdd, %zmm23, %zmm21, %zmm\b
    vshufi32x4 $0x88, %zmm24, %zmm22, %zmm\c
    vshufi32x4 $0xdd, %zmm24, %zmm22, %zmm\d
.endm

/* ... and XOR them into out at base */
.macro EMITZR a, b, c, d, base
    JOINZR \a, \b, \c, \d
    OUTW z, \a, (\base)
    OUTW z, \b, (\base + 64)
    OUTW z, \c, (\base + 128)
    OUTW z, \d, (\base + 192)
.endm

.macro ZROWS_KERNEL name, sets
PLAIN_AND_TAIL \name, 10f
11:
    vbroadcasti32x4 .Lsigma(%rip), %zmm16
    vbroadcasti32x4 (%rcx), %zmm17
    vbroadcasti32x4 16(%rcx), %zmm18
    vbroadcasti32x4 (%r8), %zmm19
    vpaddd .Lzrowlane(%rip), %zmm19, %zmm19
.if \sets == 1
    vmovdqa32 .Lzrowinc4(%rip), %zmm20
.else
    vmovdqa32 .Lzrowinc8(%rip), %zmm20
.endif
5:
    vmovdqa32 %zmm16, %zmm0
    vmovdqa32 %zmm17, %zmm1
    vmovdqa32 %zmm18, %zmm2
    vmovdqa32 %zmm19, %zmm3
.if \sets == 2
    vmovdqa32 %zmm16, %zmm4
    vmovdqa32 %zmm17, %zmm5
    vmovdqa32 %zmm18, %zmm6
    vpaddd .Lzrowinc4(%rip), %zmm19, %zmm7
.endif
    mov $10, %eax
6:
    QRZ \sets
    SHUFZ \sets, 0x93, 0x39, 0x4e
    QRZ \sets
    SHUFZ \sets, 0x39, 0x93, 0x4e
    dec %eax
    jnz 6b
    vpaddd %zmm16, %zmm0, %zmm0
    vpaddd %zmm17, %zmm1, %zmm1
    vpaddd %zmm18, %zmm2, %zmm2
    vpaddd %zmm19, %zmm3, %zmm3
.if \sets == 2
    vpaddd %zmm16, %zmm4, %zmm4
    vpaddd %zmm17, %zmm5, %zmm5
    vpaddd %zmm18, %zmm6, %zmm6
    vpaddd %zmm19, %zmm7, %zmm7
    vpaddd .Lzrowinc4(%rip), %zmm7, %zmm7
.endif
    cmp $(256 * \sets), %rdx
    jb 7f
    EMITZR 0, 1, 2, 3, 0
.if \sets == 2
    EMITZR 4, 5, 6, 7, 256
.endif
    vpaddd %zmm20, %zmm19, %zmm19
    add $(256 * \sets), %rsi
    add $(256 * \sets), %rdi
    sub $(256 * \sets), %rdx
    jnz 5b
    /* whole groups done: a tail block takes one more */
    test %r9, %r9
    jnz 5b
    jmp 8f
7:
    /* partial group: blocks 0..3 (then 4..7) whole in zmm0..3 (4..7); the
     * second set is transposed only if a block of it is wanted */
    JOINZR 0, 1, 2, 3
    test %r9, %r9
    jnz 12f
.if \sets == 1
    XOR_BLOCKS 0, 2, 8f
.else
    XOR_BLOCKS 0, 3, 8f
    cmp $256, %rdx
    jbe 8f
    JOINZR 4, 5, 6, 7
    XOR_BLOCKS 4, 6, 8f
.endif
8:
    vzeroupper
9:
    ret
/* with a tail: the block at rdx is it */
12:
.if \sets == 1
    XOR_TAIL 0, 3, 8b
.else
    cmp $256, %rdx
    jae 13f
    XOR_TAIL 0, 3, 8b
    jmp 8b
13:
    .irp b, 0, 1, 2, 3
    OUTW z, \b, (64 * \b)
    .endr
    JOINZR 4, 5, 6, 7
    XOR_TAIL 4, 7, 8b
.endif
    jmp 8b
/* len 0 */
10:
    TAIL_ONLY_OR_RET 11b
END(\name\()_tail)
.endm

    ZROWS_KERNEL chacha20_avx512_4x, 1
    ZROWS_KERNEL chacha20_avx512_8x, 2


ELF_NOTES
