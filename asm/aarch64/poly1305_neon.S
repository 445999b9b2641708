/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Poly1305 with AdvSIMD (NEON): the vector body behind the neon entry
 * (poly1305_aarch64.c), eight blocks per iteration in radix 2^26.
 *
 * void poly1305_neon_core(uint32_t hl[10], const uint8_t *in, size_t groups,
 *                         uint32_t padbit, const uint32_t *table);
 * hl: h as two lanes of five 26-bit limbs, limb i at hl[2i] (lane 0) and
 * hl[2i+1] (lane 1); in and out. groups >= 1 whole 128-byte groups.
 * table: the powers of r the entry built (poly1305_aarch64.c lays it out).
 *
 * Two 64-bit lanes: lane 0 takes blocks 0, 2, 4, 6 of each group, lane 1
 * blocks 1, 3, 5, 7. One ld4 of 64 bytes puts word j of four blocks in one
 * register (element b = block b), so the limbs are four shift/insert/mask
 * steps with no transposition; umull/umlal take elements 0-1 (blocks 0, 1),
 * umlal2 elements 2-3 (blocks 2, 3), both into the same two lanes. A group
 * is the pair step h = (h + m)*r^2 four times over, written as
 *   h = (h + M01)*r^8 + M23*r^6 + M45*r^4 + M67*r^2      (per lane)
 * with one carry pass at the end (the products of 20 terms stay below
 * 2^60: limbs below 2^27, 5*r limbs below 2^29). The last group multiplies
 * lane 1 by one power less (r^7, r^5, r^3, r^1): then lane 0 + lane 1 is
 * the Horner sum of the whole message, which the entry adds up.
 *
 * Steady-state group: 2 loads, 24 to split the blocks into limbs, 5 adds,
 * 100 multiply-accumulates, 22 for the carry pass, 2 for the loop: 155
 * instructions per 128 bytes, 19.4 per 16-byte block.
 *
 * Registers: v0-v4 the five 2x64-bit sums (scratch while splitting), v5-v9
 * h (2x32 bits), v10-v14 and v15-v19 the limbs of blocks 0-3 and 4-7,
 * v20-v28 the powers (by element: r^8, r^6, r^4, r^2 as {r0 r1 r2 r3},
 * {r4 5r1 5r2 5r3}, then {5r4} of the four; the last group loads its own
 * pairs), v29 {2^26 - 1} in 32-bit lanes, v30 the same in 64-bit lanes,
 * v31 padbit << 24. d8-d15 are callee-saved (AAPCS64): saved on the stack.
 */
#include "asm.h"

/* sums d0..d4 (v0-v4) op= x * r mod 2^130 - 5: first is umull or umlal
 * for the first product of each sum; r0..r4, s1..s4 (5*r_i) are
 * by-element or vector operands. */
.macro PRODUCT first, op, xs, x0, x1, x2, x3, x4, r0, r1, r2, r3, r4, s1, s2, s3, s4
    \first v0.2d, v\x0\().\xs, \r0
    \first v1.2d, v\x0\().\xs, \r1
    \first v2.2d, v\x0\().\xs, \r2
    \first v3.2d, v\x0\().\xs, \r3
    \first v4.2d, v\x0\().\xs, \r4
    \op v0.2d, v\x1\().\xs, \s4
    \op v1.2d, v\x1\().\xs, \r0
    \op v2.2d, v\x1\().\xs, \r1
    \op v3.2d, v\x1\().\xs, \r2
    \op v4.2d, v\x1\().\xs, \r3
    \op v0.2d, v\x2\().\xs, \s3
    \op v1.2d, v\x2\().\xs, \s4
    \op v2.2d, v\x2\().\xs, \r0
    \op v3.2d, v\x2\().\xs, \r1
    \op v4.2d, v\x2\().\xs, \r2
    \op v0.2d, v\x3\().\xs, \s2
    \op v1.2d, v\x3\().\xs, \s3
    \op v2.2d, v\x3\().\xs, \s4
    \op v3.2d, v\x3\().\xs, \r0
    \op v4.2d, v\x3\().\xs, \r1
    \op v0.2d, v\x4\().\xs, \s1
    \op v1.2d, v\x4\().\xs, \s2
    \op v2.2d, v\x4\().\xs, \s3
    \op v3.2d, v\x4\().\xs, \s4
    \op v4.2d, v\x4\().\xs, \r0
.endm

/* A power by element: a = {r0 r1 r2 r3}, b = {r4 5r1 5r2 5r3}, 5r4 in
 * v28.s[c]. */
.macro BYELEM first, op, xs, x0, x1, x2, x3, x4, a, b, c
    PRODUCT \first, \op, \xs, \x0, \x1, \x2, \x3, \x4, \
        v\a\().s[0], v\a\().s[1], v\a\().s[2], v\a\().s[3], \
        v\b\().s[0], v\b\().s[1], v\b\().s[2], v\b\().s[3], v28.s[\c]
.endm

/* Pairs of powers per lane, one coefficient per register v20-v28 (r0..r4,
 * 5r1..5r4); vs 2s for the low pair, 4s for the high pair (umlal2). */
.macro BYLANE first, op, xs, x0, x1, x2, x3, x4
    PRODUCT \first, \op, \xs, \x0, \x1, \x2, \x3, \x4, \
        v20.\xs, v21.\xs, v22.\xs, v23.\xs, v24.\xs, \
        v25.\xs, v26.\xs, v27.\xs, v28.\xs
.endm

/* 64 bytes at x1 (four blocks) to limbs v\l0..v\l0+4 (4x32 bits), with
 * v0-v2 as scratch. */
.macro SPLIT l0, l1, l2, l3, l4
    ld4 {v\l0\().4s, v\l1\().4s, v\l2\().4s, v\l3\().4s}, [x1], #64
    ushr v\l4\().4s, v\l3\().4s, #8
    orr v\l4\().16b, v\l4\().16b, v31.16b
    ushr v0.4s, v\l2\().4s, #14
    sli v0.4s, v\l3\().4s, #18
    and v\l3\().16b, v0.16b, v29.16b
    ushr v1.4s, v\l1\().4s, #20
    sli v1.4s, v\l2\().4s, #12
    and v\l2\().16b, v1.16b, v29.16b
    ushr v2.4s, v\l0\().4s, #26
    sli v2.4s, v\l1\().4s, #6
    and v\l1\().16b, v2.16b, v29.16b
    and v\l0\().16b, v\l0\().16b, v29.16b
.endm

/* One group's blocks split, blocks 0-1 added to h. */
.macro LOAD_GROUP
    SPLIT 10, 11, 12, 13, 14
    SPLIT 15, 16, 17, 18, 19
    add v5.2s, v5.2s, v10.2s
    add v6.2s, v6.2s, v11.2s
    add v7.2s, v7.2s, v12.2s
    add v8.2s, v8.2s, v13.2s
    add v9.2s, v9.2s, v14.2s
.endm

/* hi += lo >> 26, lo &= 2^26 - 1 (the mask in v30), both lanes. */
.macro CARRY26 hi, lo
    usra \hi\().2d, \lo\().2d, #26
    and \lo\().16b, \lo\().16b, v30.16b
.endm

/* One carry pass over d0..d4 (each < 2^61) into h (v5-v9): limbs below
 * 2^26 but d1, d4 below 2^26 + 2^12. v10 scratch. */
.macro REDUCE
    CARRY26 v1, v0
    CARRY26 v4, v3
    CARRY26 v2, v1
    ushr v10.2d, v4.2d, #26
    and v4.16b, v4.16b, v30.16b
    add v0.2d, v0.2d, v10.2d
    shl v10.2d, v10.2d, #2
    add v0.2d, v0.2d, v10.2d
    CARRY26 v3, v2
    CARRY26 v1, v0
    CARRY26 v4, v3
    xtn v5.2s, v0.2d
    xtn v6.2s, v1.2d
    xtn v7.2s, v2.2d
    xtn v8.2s, v3.2d
    xtn v9.2s, v4.2d
.endm

ENTRY(poly1305_neon_core)
    stp d8, d9, [sp, #-64]!
    stp d10, d11, [sp, #16]
    stp d12, d13, [sp, #32]
    stp d14, d15, [sp, #48]

    ldp d5, d6, [x0]
    ldp d7, d8, [x0, #16]
    ldr d9, [x0, #32]
    mvni v29.4s, #0xfc, lsl #24
    ushr v30.2d, v29.2d, #32
    lsl w3, w3, #24
    dup v31.4s, w3
    ld1 {v20.4s, v21.4s, v22.4s, v23.4s}, [x4], #64
    ld1 {v24.4s, v25.4s, v26.4s, v27.4s}, [x4], #64
    ld1 {v28.4s}, [x4], #16

    subs x2, x2, #1
    b.eq 2f
1:
    LOAD_GROUP
    BYELEM umull, umlal, 2s, 5, 6, 7, 8, 9, 20, 21, 0
    BYELEM umlal2, umlal2, 4s, 10, 11, 12, 13, 14, 22, 23, 1
    BYELEM umlal, umlal, 2s, 15, 16, 17, 18, 19, 24, 25, 2
    BYELEM umlal2, umlal2, 4s, 15, 16, 17, 18, 19, 26, 27, 3
    REDUCE
    subs x2, x2, #1
    b.ne 1b
2:
    /* The last group: lane 0 by r^8, r^6, r^4, r^2, lane 1 by r^7, r^5,
     * r^3, r^1 (the table's {r^8 r^7 r^6 r^5} and {r^4 r^3 r^2 r^1} per
     * coefficient). */
    LOAD_GROUP
    ld1 {v20.4s, v21.4s, v22.4s, v23.4s}, [x4], #64
    ld1 {v24.4s, v25.4s, v26.4s, v27.4s}, [x4], #64
    ld1 {v28.4s}, [x4], #16
    BYLANE umull, umlal, 2s, 5, 6, 7, 8, 9
    BYLANE umlal2, umlal2, 4s, 10, 11, 12, 13, 14
    ld1 {v20.4s, v21.4s, v22.4s, v23.4s}, [x4], #64
    ld1 {v24.4s, v25.4s, v26.4s, v27.4s}, [x4], #64
    ld1 {v28.4s}, [x4]
    BYLANE umlal, umlal, 2s, 15, 16, 17, 18, 19
    BYLANE umlal2, umlal2, 4s, 15, 16, 17, 18, 19
    REDUCE

    stp d5, d6, [x0]
    stp d7, d8, [x0, #16]
    str d9, [x0, #32]

    ldp d10, d11, [sp, #16]
    ldp d12, d13, [sp, #32]
    ldp d14, d15, [sp, #48]
    ldp d8, d9, [sp], #64
    ret
END(poly1305_neon_core)

ELF_NOTES
