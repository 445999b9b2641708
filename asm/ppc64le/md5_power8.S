/* SPDX-License-Identifier: Apache-2.0 */
/*
 * MD5 compression for ppc64le (ISA 2.07, POWER8 and later; ELFv2).
 *
 * void md5_blocks_power8(uint32_t state[4], const uint8_t *in, size_t nblocks);
 * void md5_blocks_power9(uint32_t state[4], const uint8_t *in, size_t nblocks);
 *
 * One MD5 stream is one dependency chain through b; the steps run in GPRs
 * with the shortest chains the ISA gives (rotlwi for the rotation):
 *   F = d ^ (b & (c ^ d))  xor (before b is ready), and, xor
 *   G = (b & d) + (c & ~d) andc (added before b is ready), and; the terms
 *                          are disjoint, so + is |
 *   H = (c ^ d) ^ b        xor (before b is ready), xor
 *   I = c ^ (b | ~d)       orc, xor
 *
 * What a scalar kernel cannot shorten is a += x[m] + K[i]: a 32-bit constant
 * costs addis + addi (or a load and an add) on every step, 3 instructions
 * per step with the message word, which is what gcc and clang emit. Here
 * the vector unit does those sums: the block is four lxvw4x (any
 * alignment), and for each round four vadduwm add the message to the
 * round's constants, laid out by message word (MD5_K_BY_WORD in
 * ../md5_k.inc) so the message needs no permutation. The 16 vectors of
 * constants are loaded once per call and stay in v0..v15. Each sum vector
 * goes to two GPRs as doublewords (mfvsrd, and xxswapd + mfvsrd on POWER8
 * or mfvsrld on POWER9): the low word is added as is (add is 64-bit, and
 * only the low 32 bits of a are ever used: rotlwi reads and writes only
 * them), the high word after a srdi. Per step that is 2.25 (POWER9) or 2.5
 * (POWER8) instructions instead of 3, and the message loads are 4 instead
 * of 16.
 *
 * lxvw4x in little-endian mode puts memory word e in word element e (ISA
 * numbering), so doubleword 0 of a sum vector holds word 4j in its high and
 * 4j + 1 in its low half, doubleword 1 words 4j + 2 and 4j + 3.
 *
 * Registers: r3 state, r4 in, r5/r6/r7 the offsets 16/32/48, r8..r11 a..d,
 * r12 the function temporary, r0 the high-word temporary,
 * r14..r17 the state at the start of the block, r18..r25 the round's eight
 * sum doublewords; v0..v15 constants, v16..v19 the block, v20 the sum
 * vector, vs0 its swapped copy (POWER8). r14..r25 and v20 are callee-saved:
 * they are kept in the ELFv2 red zone (288 bytes below r1; this function
 * calls nothing). LR is saved in r0 around the bcl that finds the table.
 */
#include "asm.h"
#include "../md5_k.inc"

	.machine power9

#define SA 8
#define SB 9
#define SC 10
#define SD 11
#define T1 12
#define W0 18
#define W1 19
#define W2 20
#define W3 21
#define W4 22
#define W5 23
#define W6 24
#define W7 25
#define VSAVE (-128)	/* v20: stvx needs 16-byte alignment; r14..r25 above */

/* a += the sum doubleword's half (hi: its high word) */
.macro ADDSUM a, w, hi
.if \hi
    srdi 0, \w, 32
    add \a, \a, 0
.else
    add \a, \a, \w
.endif
.endm

.macro STEP_F a, b, c, d, w, hi, s
    ADDSUM \a, \w, \hi
    xor T1, \c, \d
    and T1, T1, \b
    xor T1, T1, \d
    add \a, \a, T1
    rotlwi \a, \a, \s
    add \a, \a, \b
.endm

.macro STEP_G a, b, c, d, w, hi, s
    ADDSUM \a, \w, \hi
    andc T1, \c, \d
    add \a, \a, T1
    and T1, \b, \d
    add \a, \a, T1
    rotlwi \a, \a, \s
    add \a, \a, \b
.endm

/* c ^ d first: only the second xor waits for b. (Sharing the first
 * step's b ^ c with the second, as on aarch64, saves an xor per pair but
 * puts two xors between b and the sum: 16 cycles more per block on the
 * llvm-mca POWER9 model.) */
.macro STEP_H a, b, c, d, w, hi, s
    ADDSUM \a, \w, \hi
    xor T1, \c, \d
    xor T1, T1, \b
    add \a, \a, T1
    rotlwi \a, \a, \s
    add \a, \a, \b
.endm

.macro STEP_I a, b, c, d, w, hi, s
    ADDSUM \a, \w, \hi
    orc T1, \b, \d
    xor T1, T1, \c
    add \a, \a, T1
    rotlwi \a, \a, \s
    add \a, \a, \b
.endm

/* Round r's sums: block vector j + constants vector 4r + j, to W(2j) and
 * W(2j+1). */
.macro SUM1 r, j, p9
    vadduwm 20, 16 + \j, 4 * \r + \j
    mfvsrd W0 + 2 * \j, 32 + 20
.if \p9
    mfvsrld W0 + 2 * \j + 1, 32 + 20
.else
    xxpermdi 0, 32 + 20, 32 + 20, 2
    mfvsrd W0 + 2 * \j + 1, 0
.endif
.endm

.macro ROUND_SUMS r, p9
    SUM1 \r, 0, \p9
    SUM1 \r, 1, \p9
    SUM1 \r, 2, \p9
    SUM1 \r, 3, \p9
.endm

/* The whole function; p9 = 1 uses mfvsrld (ISA 3.0). */
.macro MD5_BODY p9
    cmpldi 5, 0
    beqlr
    mtctr 5
    std 14, -96(1)
    std 15, -88(1)
    std 16, -80(1)
    std 17, -72(1)
    std 18, -64(1)
    std 19, -56(1)
    std 20, -48(1)
    std 21, -40(1)
    std 22, -32(1)
    std 23, -24(1)
    std 24, -16(1)
    std 25, -8(1)
    li 0, VSAVE
    stvx 20, 1, 0
    mflr 0
    bcl 20, 31, 1f
1:  mflr 12
    mtlr 0
    addis 12, 12, (.Lmd5_kw - 1b)@ha
    addi 12, 12, (.Lmd5_kw - 1b)@l
    li 5, 16
    li 6, 32
    li 7, 48
    lxvw4x 32 + 0, 0, 12
    lxvw4x 32 + 1, 12, 5
    lxvw4x 32 + 2, 12, 6
    lxvw4x 32 + 3, 12, 7
    addi 12, 12, 64
    lxvw4x 32 + 4, 0, 12
    lxvw4x 32 + 5, 12, 5
    lxvw4x 32 + 6, 12, 6
    lxvw4x 32 + 7, 12, 7
    addi 12, 12, 64
    lxvw4x 32 + 8, 0, 12
    lxvw4x 32 + 9, 12, 5
    lxvw4x 32 + 10, 12, 6
    lxvw4x 32 + 11, 12, 7
    addi 12, 12, 64
    lxvw4x 32 + 12, 0, 12
    lxvw4x 32 + 13, 12, 5
    lxvw4x 32 + 14, 12, 6
    lxvw4x 32 + 15, 12, 7
    lwz SA, 0(3)
    lwz SB, 4(3)
    lwz SC, 8(3)
    lwz SD, 12(3)
2:
    lxvw4x 32 + 16, 0, 4
    lxvw4x 32 + 17, 4, 5
    lxvw4x 32 + 18, 4, 6
    lxvw4x 32 + 19, 4, 7
    mr 14, SA
    mr 15, SB
    mr 16, SC
    mr 17, SD
    ROUND_SUMS 0, \p9
    STEP_F   SA, SB, SC, SD,  W0, 1,  7    /* x[0] */
    STEP_F   SD, SA, SB, SC,  W0, 0, 12    /* x[1] */
    STEP_F   SC, SD, SA, SB,  W1, 1, 17    /* x[2] */
    STEP_F   SB, SC, SD, SA,  W1, 0, 22    /* x[3] */
    STEP_F   SA, SB, SC, SD,  W2, 1,  7    /* x[4] */
    STEP_F   SD, SA, SB, SC,  W2, 0, 12    /* x[5] */
    STEP_F   SC, SD, SA, SB,  W3, 1, 17    /* x[6] */
    STEP_F   SB, SC, SD, SA,  W3, 0, 22    /* x[7] */
    STEP_F   SA, SB, SC, SD,  W4, 1,  7    /* x[8] */
    STEP_F   SD, SA, SB, SC,  W4, 0, 12    /* x[9] */
    STEP_F   SC, SD, SA, SB,  W5, 1, 17    /* x[10] */
    STEP_F   SB, SC, SD, SA,  W5, 0, 22    /* x[11] */
    STEP_F   SA, SB, SC, SD,  W6, 1,  7    /* x[12] */
    STEP_F   SD, SA, SB, SC,  W6, 0, 12    /* x[13] */
    STEP_F   SC, SD, SA, SB,  W7, 1, 17    /* x[14] */
    STEP_F   SB, SC, SD, SA,  W7, 0, 22    /* x[15] */
    ROUND_SUMS 1, \p9
    STEP_G   SA, SB, SC, SD,  W0, 0,  5    /* x[1] */
    STEP_G   SD, SA, SB, SC,  W3, 1,  9    /* x[6] */
    STEP_G   SC, SD, SA, SB,  W5, 0, 14    /* x[11] */
    STEP_G   SB, SC, SD, SA,  W0, 1, 20    /* x[0] */
    STEP_G   SA, SB, SC, SD,  W2, 0,  5    /* x[5] */
    STEP_G   SD, SA, SB, SC,  W5, 1,  9    /* x[10] */
    STEP_G   SC, SD, SA, SB,  W7, 0, 14    /* x[15] */
    STEP_G   SB, SC, SD, SA,  W2, 1, 20    /* x[4] */
    STEP_G   SA, SB, SC, SD,  W4, 0,  5    /* x[9] */
    STEP_G   SD, SA, SB, SC,  W7, 1,  9    /* x[14] */
    STEP_G   SC, SD, SA, SB,  W1, 0, 14    /* x[3] */
    STEP_G   SB, SC, SD, SA,  W4, 1, 20    /* x[8] */
    STEP_G   SA, SB, SC, SD,  W6, 0,  5    /* x[13] */
    STEP_G   SD, SA, SB, SC,  W1, 1,  9    /* x[2] */
    STEP_G   SC, SD, SA, SB,  W3, 0, 14    /* x[7] */
    STEP_G   SB, SC, SD, SA,  W6, 1, 20    /* x[12] */
    ROUND_SUMS 2, \p9
    STEP_H   SA, SB, SC, SD,  W2, 0,  4    /* x[5] */
    STEP_H   SD, SA, SB, SC,  W4, 1, 11    /* x[8] */
    STEP_H   SC, SD, SA, SB,  W5, 0, 16    /* x[11] */
    STEP_H   SB, SC, SD, SA,  W7, 1, 23    /* x[14] */
    STEP_H   SA, SB, SC, SD,  W0, 0,  4    /* x[1] */
    STEP_H   SD, SA, SB, SC,  W2, 1, 11    /* x[4] */
    STEP_H   SC, SD, SA, SB,  W3, 0, 16    /* x[7] */
    STEP_H   SB, SC, SD, SA,  W5, 1, 23    /* x[10] */
    STEP_H   SA, SB, SC, SD,  W6, 0,  4    /* x[13] */
    STEP_H   SD, SA, SB, SC,  W0, 1, 11    /* x[0] */
    STEP_H   SC, SD, SA, SB,  W1, 0, 16    /* x[3] */
    STEP_H   SB, SC, SD, SA,  W3, 1, 23    /* x[6] */
    STEP_H   SA, SB, SC, SD,  W4, 0,  4    /* x[9] */
    STEP_H   SD, SA, SB, SC,  W6, 1, 11    /* x[12] */
    STEP_H   SC, SD, SA, SB,  W7, 0, 16    /* x[15] */
    STEP_H   SB, SC, SD, SA,  W1, 1, 23    /* x[2] */
    ROUND_SUMS 3, \p9
    STEP_I   SA, SB, SC, SD,  W0, 1,  6    /* x[0] */
    STEP_I   SD, SA, SB, SC,  W3, 0, 10    /* x[7] */
    STEP_I   SC, SD, SA, SB,  W7, 1, 15    /* x[14] */
    STEP_I   SB, SC, SD, SA,  W2, 0, 21    /* x[5] */
    STEP_I   SA, SB, SC, SD,  W6, 1,  6    /* x[12] */
    STEP_I   SD, SA, SB, SC,  W1, 0, 10    /* x[3] */
    STEP_I   SC, SD, SA, SB,  W5, 1, 15    /* x[10] */
    STEP_I   SB, SC, SD, SA,  W0, 0, 21    /* x[1] */
    STEP_I   SA, SB, SC, SD,  W4, 1,  6    /* x[8] */
    STEP_I   SD, SA, SB, SC,  W7, 0, 10    /* x[15] */
    STEP_I   SC, SD, SA, SB,  W3, 1, 15    /* x[6] */
    STEP_I   SB, SC, SD, SA,  W6, 0, 21    /* x[13] */
    STEP_I   SA, SB, SC, SD,  W2, 1,  6    /* x[4] */
    STEP_I   SD, SA, SB, SC,  W5, 0, 10    /* x[11] */
    STEP_I   SC, SD, SA, SB,  W1, 1, 15    /* x[2] */
    STEP_I   SB, SC, SD, SA,  W4, 0, 21    /* x[9] */
    add SA, SA, 14
    add SB, SB, 15
    add SC, SC, 16
    add SD, SD, 17
    addi 4, 4, 64
    bdnz 2b

    stw SA, 0(3)
    stw SB, 4(3)
    stw SC, 8(3)
    stw SD, 12(3)
    li 0, VSAVE
    lvx 20, 1, 0
    ld 14, -96(1)
    ld 15, -88(1)
    ld 16, -80(1)
    ld 17, -72(1)
    ld 18, -64(1)
    ld 19, -56(1)
    ld 20, -48(1)
    ld 21, -40(1)
    ld 22, -32(1)
    ld 23, -24(1)
    ld 24, -16(1)
    ld 25, -8(1)
    blr
.endm

ENTRY(md5_blocks_power8)
    MD5_BODY 0
END(md5_blocks_power8)

ENTRY(md5_blocks_power9)
    MD5_BODY 1
END(md5_blocks_power9)

    .section .rodata
    .p2align 4
.Lmd5_kw: /* K by message word (../md5_k.inc) */
    MD5_K_BY_WORD

ELF_NOTES
