/* SPDX-License-Identifier: Apache-2.0 */
/*
 * GNU as macros shared by the x86_64 ChaCha20 kernels (included through
 * cpp; GNU as and LLVM's integrated assembler): the constant tables, and
 * the row-layout quarter-round of the SSSE3 and AVX2 row kernels, written
 * once for both encodings.
 *
 * Form f: "sse" = legacy SSE on xmm registers (two operands, dst op= src),
 * "avx2" = VEX on ymm registers (dst = dst op src). Registers are given by
 * number. Each form emits, in order, the instructions its kernels were
 * first written out with: folding them here changed no byte of the
 * objects (objdump before and after).
 */
#ifndef SIMDPROV_CHACHA20_MACROS_H
#define SIMDPROV_CHACHA20_MACROS_H

/* ---------------------------------------------------------------------- */
/* Constants: n copies of a 16-byte row (one per 128-bit lane). */

/* sigma, "expand 32-byte k" */
.macro CHACHA20_SIGMA n=1
    .rept \n
    .long 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
    .endr
.endm

/* .Lrot16 and .Lrot8: the pshufb masks that rotate each dword left by 16
 * and by 8, n copies each. */
.macro CHACHA20_ROT_MASKS n=1
.Lrot16:
    .rept \n
    .byte 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13
    .endr
.Lrot8:
    .rept \n
    .byte 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14
    .endr
.endm

/* ---------------------------------------------------------------------- */
/* Row layout: a block's state as four row registers a, b, c, d. */

/* dst op= src */
.macro ROWS_OP f, op, src, dst
.ifc \f, avx2
    v\op %ymm\src, %ymm\dst, %ymm\dst
.else
    \op %xmm\src, %xmm\dst
.endif
.endm

/* First half of b <<<= r: b << r into b, b >> (32 - r) into t (SSE copies
 * b to t first: it has no three-operand shift). */
.macro ROWS_SHIFTS f, r, b, t
.ifc \f, avx2
    vpsrld $(32 - \r), %ymm\b, %ymm\t
    vpslld $\r, %ymm\b, %ymm\b
.else
    movdqa %xmm\b, %xmm\t
    pslld $\r, %xmm\b
    psrld $(32 - \r), %xmm\t
.endif
.endm

/*
 * Sub-step k (1..14) of a quarter-round on one block's rows, rotate
 * temporary t, pshufb masks m16 and m8. A kernel interleaves its blocks at
 * this grain or at pairs of sub-steps (ROWS_HALF3):
 *   1 a += b   2 d ^= a   3 d <<<= 16   4 c += d   5 b ^= c   6-7 b <<<= 12
 *   8 a += b   9 d ^= a  10 d <<<= 8   11 c += d  12 b ^= c  13-14 b <<<= 7
 */
.macro ROWS_QSUB f, k, a, b, c, d, t, m16, m8
.if \k == 1 || \k == 8
    ROWS_OP \f, paddd, \b, \a
.elseif \k == 2 || \k == 9
    ROWS_OP \f, pxor, \a, \d
.elseif \k == 3
    ROWS_OP \f, pshufb, \m16, \d
.elseif \k == 10
    ROWS_OP \f, pshufb, \m8, \d
.elseif \k == 4 || \k == 11
    ROWS_OP \f, paddd, \d, \c
.elseif \k == 5 || \k == 12
    ROWS_OP \f, pxor, \c, \b
.elseif \k == 6
    ROWS_SHIFTS \f, 12, \b, \t
.elseif \k == 13
    ROWS_SHIFTS \f, 7, \b, \t
.else
    ROWS_OP \f, por, \t, \b
.endif
.endm

/* A whole quarter-round on one block's rows, one sub-step after another. */
.macro ROWS_QR f, a, b, c, d, t, m16, m8
    .irp k, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14
    ROWS_QSUB \f, \k, \a, \b, \c, \d, \t, \m16, \m8
    .endr
.endm

/* Rows a, c, d by 3, 1, 2 words (columns to diagonals), or back (undo =
 * 1). Not b: it ends one quarter-round and starts the next, so its shuffle
 * would lie on the dependency chain (see ssse3_1x). */
.macro ROWS_DIAG f, a, c, d, undo
.if \undo
    ROWS_PSHUFD \f, 0x39, \a
    ROWS_PSHUFD \f, 0x4e, \d
    ROWS_PSHUFD \f, 0x93, \c
.else
    ROWS_PSHUFD \f, 0x93, \a
    ROWS_PSHUFD \f, 0x4e, \d
    ROWS_PSHUFD \f, 0x39, \c
.endif
.endm

.macro ROWS_PSHUFD f, imm, r
.ifc \f, avx2
    vpshufd $\imm, %ymm\r, %ymm\r
.else
    pshufd $\imm, %xmm\r, %xmm\r
.endif
.endm

/*
 * Three-block (SSE) or three-group (AVX2) row kernels: the rows of block or
 * group g in registers 4g..4g+3, one rotate temporary (12) for all three
 * (each rotate takes it whole, so renaming keeps them independent), masks
 * in 13 (by 16) and 14 (by 8). Sub-steps k and, unless 0, k2 on each
 * group in turn.
 */
.macro ROWS_ON3 f, k, k2
    .irp g, "0, 1, 2, 3", "4, 5, 6, 7", "8, 9, 10, 11"
    ROWS_STEP3 \f, \k, \k2, \g
    .endr
.endm

.macro ROWS_STEP3 f, k, k2, a, b, c, d
    ROWS_QSUB \f, \k, \a, \b, \c, \d, 12, 13, 14
.if \k2
    ROWS_QSUB \f, \k2, \a, \b, \c, \d, 12, 13, 14
.endif
.endm

/* A quarter-round on the three groups, in pairs of sub-steps (the shift
 * pair and its por stay together), then their diagonal rotation. */
.macro ROWS_HALF3 f, undo
    ROWS_ON3 \f, 1, 0
    ROWS_ON3 \f, 2, 3
    ROWS_ON3 \f, 4, 5
    ROWS_ON3 \f, 6, 7
    ROWS_ON3 \f, 8, 0
    ROWS_ON3 \f, 9, 10
    ROWS_ON3 \f, 11, 12
    ROWS_ON3 \f, 13, 14
    ROWS_DIAG \f, 0, 2, 3, \undo
    ROWS_DIAG \f, 4, 6, 7, \undo
    ROWS_DIAG \f, 8, 10, 11, \undo
.endm

/* The ten double rounds of a three-group kernel (eax counts; label l). */
.macro ROWS_ROUNDS3 f, l
    mov $10, %eax
\l:
    ROWS_HALF3 \f, 0
    ROWS_HALF3 \f, 1
    dec %eax
    jnz \l
.endm

/* The end of a tail entry's len = 0 path (asm/kernels.h): with a tail
 * (r9 set) on to `start` to make the tail block alone, else nothing. */
.macro TAIL_ONLY_OR_RET start
    test %r9, %r9
    jnz \start
    ret
.endm

#endif
