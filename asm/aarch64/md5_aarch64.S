/* SPDX-License-Identifier: Apache-2.0 */
/*
 * MD5 compression in scalar aarch64 assembly, for every aarch64 CPU.
 *
 * void md5_blocks_aarch64(uint32_t state[4], const uint8_t *in, size_t nblocks);
 *
 * A single MD5 stream is one long dependency chain through b, so what counts
 * is the number of instructions per step and how many of them wait for b:
 *   F = (b & c) | (d & ~b) -> and + bic, added separately (the terms are
 *                              disjoint, so + is |)
 *   G = (b & d) | (c & ~d) -> bic (c & ~d, ready before b) + and, added
 *   H = b ^ c ^ d          -> the first step of a pair xors c ^ d before b
 *                              arrives (one eor waits on b) and keeps b ^ c,
 *                              which is the second step's c ^ d (4 eor/2 steps;
 *                              sharing c ^ d as 3 eor put two on b's path:
 *                              8 more llvm-mca cycles a block, 297 against
 *                              289, on Neoverse N1/V1/V2 and Cortex-A72)
 *   I = c ^ (b | ~d)       -> orn + eor
 * and a += k + x is done before the function value is needed. Rotations are
 * `ror` by 32 - s.
 *
 * The 16 message words sit in eight 64-bit registers (x8..x15, loaded with
 * four ldp) and the 64 constants are loaded four at a time (ldp of two
 * 64-bit registers, each holding a pair). The high word of a pair is added
 * with `add xA, xA, xP, lsr #32`: a 64-bit add whose low 32 bits are the
 * right sum (carries only move upwards); the next 32-bit operation on A
 * discards the upper half. So every word costs one add and no extraction.
 *
 * Registers: x0 state, x1 in, x2 blocks left, x3 constants, w4..w7 A..D,
 * x8..x15 message, x16/x17 constants, w19/w20 temporaries (callee-saved:
 * saved on the stack). x30 is never touched.
 */
#include "asm.h"
#include "../md5_k.inc"

/* a += 32-bit half h (0 low, 1 high) of x<r> */
.macro ADDHALF a, r, h
.if \h
    add x\a, x\a, x\r, lsr #32
.else
    add w\a, w\a, w\r
.endif
.endm

/* Step arguments: a, b, c, d (register numbers), message register and half,
 * constant register and half, rotation s (left). */
.macro STEP_F a, b, c, d, mr, mh, kr, kh, s
    ADDHALF \a, \kr, \kh
    ADDHALF \a, \mr, \mh
    and w19, w\b, w\c
    bic w20, w\d, w\b
    add w\a, w\a, w19
    add w\a, w\a, w20
    ror w\a, w\a, #(32 - \s)
    add w\a, w\a, w\b
.endm

.macro STEP_G a, b, c, d, mr, mh, kr, kh, s
    ADDHALF \a, \kr, \kh
    ADDHALF \a, \mr, \mh
    bic w19, w\c, w\d
    and w20, w\b, w\d
    add w\a, w\a, w19
    add w\a, w\a, w20
    ror w\a, w\a, #(32 - \s)
    add w\a, w\a, w\b
.endm

/* First H step of a pair: c ^ d before b arrives, so one eor waits on b,
 * and b ^ c (the second step's c ^ d) into w20 beside it. */
.macro STEP_H1 a, b, c, d, mr, mh, kr, kh, s
    ADDHALF \a, \kr, \kh
    ADDHALF \a, \mr, \mh
    eor w19, w\c, w\d
    eor w19, w19, w\b
    eor w20, w\b, w\c
    add w\a, w\a, w19
    ror w\a, w\a, #(32 - \s)
    add w\a, w\a, w\b
.endm

/* Second H step: its c ^ d is the first step's b ^ c (w20). */
.macro STEP_H2 a, b, c, d, mr, mh, kr, kh, s
    ADDHALF \a, \kr, \kh
    ADDHALF \a, \mr, \mh
    eor w19, w20, w\b
    add w\a, w\a, w19
    ror w\a, w\a, #(32 - \s)
    add w\a, w\a, w\b
.endm

.macro STEP_I a, b, c, d, mr, mh, kr, kh, s
    ADDHALF \a, \kr, \kh
    ADDHALF \a, \mr, \mh
    orn w19, w\b, w\d
    eor w19, w19, w\c
    add w\a, w\a, w19
    ror w\a, w\a, #(32 - \s)
    add w\a, w\a, w\b
.endm

ENTRY(md5_blocks_aarch64)
    cbz x2, .Lmd5_return
    stp x19, x20, [sp, #-16]!
    ldp w4, w5, [x0]
    ldp w6, w7, [x0, #8]
    adrp x3, .Lmd5_k
    add x3, x3, :lo12:.Lmd5_k

.Lmd5_block:
    ldp x8, x9, [x1]
    ldp x10, x11, [x1, #16]
    ldp x12, x13, [x1, #32]
    ldp x14, x15, [x1, #48]
    add x1, x1, #64

    /* Round 1: F */
    ldp x16, x17, [x3], #16
    STEP_F 4, 5, 6, 7,  8, 0,  16, 0,  7
    STEP_F 7, 4, 5, 6,  8, 1,  16, 1,  12
    STEP_F 6, 7, 4, 5,  9, 0,  17, 0,  17
    STEP_F 5, 6, 7, 4,  9, 1,  17, 1,  22
    ldp x16, x17, [x3], #16
    STEP_F 4, 5, 6, 7,  10, 0,  16, 0,  7
    STEP_F 7, 4, 5, 6,  10, 1,  16, 1,  12
    STEP_F 6, 7, 4, 5,  11, 0,  17, 0,  17
    STEP_F 5, 6, 7, 4,  11, 1,  17, 1,  22
    ldp x16, x17, [x3], #16
    STEP_F 4, 5, 6, 7,  12, 0,  16, 0,  7
    STEP_F 7, 4, 5, 6,  12, 1,  16, 1,  12
    STEP_F 6, 7, 4, 5,  13, 0,  17, 0,  17
    STEP_F 5, 6, 7, 4,  13, 1,  17, 1,  22
    ldp x16, x17, [x3], #16
    STEP_F 4, 5, 6, 7,  14, 0,  16, 0,  7
    STEP_F 7, 4, 5, 6,  14, 1,  16, 1,  12
    STEP_F 6, 7, 4, 5,  15, 0,  17, 0,  17
    STEP_F 5, 6, 7, 4,  15, 1,  17, 1,  22
    /* Round 2: G */
    ldp x16, x17, [x3], #16
    STEP_G 4, 5, 6, 7,  8, 1,  16, 0,  5
    STEP_G 7, 4, 5, 6,  11, 0,  16, 1,  9
    STEP_G 6, 7, 4, 5,  13, 1,  17, 0,  14
    STEP_G 5, 6, 7, 4,  8, 0,  17, 1,  20
    ldp x16, x17, [x3], #16
    STEP_G 4, 5, 6, 7,  10, 1,  16, 0,  5
    STEP_G 7, 4, 5, 6,  13, 0,  16, 1,  9
    STEP_G 6, 7, 4, 5,  15, 1,  17, 0,  14
    STEP_G 5, 6, 7, 4,  10, 0,  17, 1,  20
    ldp x16, x17, [x3], #16
    STEP_G 4, 5, 6, 7,  12, 1,  16, 0,  5
    STEP_G 7, 4, 5, 6,  15, 0,  16, 1,  9
    STEP_G 6, 7, 4, 5,  9, 1,  17, 0,  14
    STEP_G 5, 6, 7, 4,  12, 0,  17, 1,  20
    ldp x16, x17, [x3], #16
    STEP_G 4, 5, 6, 7,  14, 1,  16, 0,  5
    STEP_G 7, 4, 5, 6,  9, 0,  16, 1,  9
    STEP_G 6, 7, 4, 5,  11, 1,  17, 0,  14
    STEP_G 5, 6, 7, 4,  14, 0,  17, 1,  20
    /* Round 3: H */
    ldp x16, x17, [x3], #16
    STEP_H1 4, 5, 6, 7,  10, 1,  16, 0,  4
    STEP_H2 7, 4, 5, 6,  12, 0,  16, 1,  11
    STEP_H1 6, 7, 4, 5,  13, 1,  17, 0,  16
    STEP_H2 5, 6, 7, 4,  15, 0,  17, 1,  23
    ldp x16, x17, [x3], #16
    STEP_H1 4, 5, 6, 7,  8, 1,  16, 0,  4
    STEP_H2 7, 4, 5, 6,  10, 0,  16, 1,  11
    STEP_H1 6, 7, 4, 5,  11, 1,  17, 0,  16
    STEP_H2 5, 6, 7, 4,  13, 0,  17, 1,  23
    ldp x16, x17, [x3], #16
    STEP_H1 4, 5, 6, 7,  14, 1,  16, 0,  4
    STEP_H2 7, 4, 5, 6,  8, 0,  16, 1,  11
    STEP_H1 6, 7, 4, 5,  9, 1,  17, 0,  16
    STEP_H2 5, 6, 7, 4,  11, 0,  17, 1,  23
    ldp x16, x17, [x3], #16
    STEP_H1 4, 5, 6, 7,  12, 1,  16, 0,  4
    STEP_H2 7, 4, 5, 6,  14, 0,  16, 1,  11
    STEP_H1 6, 7, 4, 5,  15, 1,  17, 0,  16
    STEP_H2 5, 6, 7, 4,  9, 0,  17, 1,  23
    /* Round 4: I */
    ldp x16, x17, [x3], #16
    STEP_I 4, 5, 6, 7,  8, 0,  16, 0,  6
    STEP_I 7, 4, 5, 6,  11, 1,  16, 1,  10
    STEP_I 6, 7, 4, 5,  15, 0,  17, 0,  15
    STEP_I 5, 6, 7, 4,  10, 1,  17, 1,  21
    ldp x16, x17, [x3], #16
    STEP_I 4, 5, 6, 7,  14, 0,  16, 0,  6
    STEP_I 7, 4, 5, 6,  9, 1,  16, 1,  10
    STEP_I 6, 7, 4, 5,  13, 0,  17, 0,  15
    STEP_I 5, 6, 7, 4,  8, 1,  17, 1,  21
    ldp x16, x17, [x3], #16
    STEP_I 4, 5, 6, 7,  12, 0,  16, 0,  6
    STEP_I 7, 4, 5, 6,  15, 1,  16, 1,  10
    STEP_I 6, 7, 4, 5,  11, 0,  17, 0,  15
    STEP_I 5, 6, 7, 4,  14, 1,  17, 1,  21
    ldp x16, x17, [x3], #16
    STEP_I 4, 5, 6, 7,  10, 0,  16, 0,  6
    STEP_I 7, 4, 5, 6,  13, 1,  16, 1,  10
    STEP_I 6, 7, 4, 5,  9, 0,  17, 0,  15
    STEP_I 5, 6, 7, 4,  12, 1,  17, 1,  21

    /* Feed-forward from the state in memory (saves four registers). */
    ldp w19, w20, [x0]
    add w4, w4, w19
    add w5, w5, w20
    ldp w19, w20, [x0, #8]
    add w6, w6, w19
    add w7, w7, w20
    stp w4, w5, [x0]
    stp w6, w7, [x0, #8]
    sub x3, x3, #256
    subs x2, x2, #1
    b.ne .Lmd5_block

    ldp x19, x20, [sp], #16
.Lmd5_return:
    ret
END(md5_blocks_aarch64)

    .section .rodata
    .p2align 4
.Lmd5_k: /* K[i], RFC 1321 (../md5_k.inc) */
    MD5_K_TABLE

ELF_NOTES
