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
 * of 16: 522 (power8) and 506 (power9) instructions per block against
 * gcc's 566. Cycles do not fall with them: both sit at the chain bound
 * (289 dependent operations per block; asm/ppc64le/README.md).
 *
 * lxvw4x in little-endian mode puts memory word e in word element e (ISA
 * numbering), so doubleword 0 of a sum vector holds word 4j in its high and
 * 4j + 1 in its low half, doubleword 1 words 4j + 2 and 4j + 3.
 *
 * Registers: r3 state, r4 in, r5/r6/r7 the offsets 16/32/48, r8..r11 a..d,
 * r12 the function temporary, r0 the high-word temporary,
 * r14..r17 the state (HA..HD; a block's first steps read it, the last add
 * to it), r18..r25 the round's eight
 * sum doublewords; v0..v15 constants, v16..v19 the block, v20 the sum
 * vector, vs0 its swapped copy (POWER8). r14..r25 and v20 are callee-saved:
 * they are kept in the ELFv2 red zone (288 bytes below r1; this function
 * calls nothing). LR is saved in r0 around the bcl that finds the table.
 */
#include "asm.h"
#include "../md5_k.inc"

	.machine power9	/* mfvsrld; only md5_blocks_power9 uses it */

#define SA 8
#define SB 9
#define SC 10
#define SD 11
#define HA 14	/* the state, a..d at the start of the block */
#define HB 15
#define HC 16
#define HD 17
#define T1 12
#define W0 18	/* the round's sums: W0 .. W0 + 7 */
#define VSAVE (-128)	/* v20: stvx needs 16-byte alignment; r14..r25 above */

/* a = in + the sum doubleword's half (hi: its high word, the even words) */
.macro ADDSUM a, in, w, hi
.if \hi
    srdi 0, \w, 32
    add \a, \in, 0
.else
    add \a, \in, \w
.endif
.endm

/*
 * One step on message word m (its sum is in W0 + m / 2): a = in + sum (in
 * is a, or for the block's first four steps the state register, so the
 * state at the start of the block needs no copy); T1 = the round function
 * fn (F, G, H or I); a += T1; a = rotl(a, s) + b. G adds its c & ~d term
 * before b is needed.
 */
.macro STEP fn, a, b, c, d, m, s, in
    ADDSUM \a, \in, W0 + (\m >> 1), (\m & 1) == 0
.ifc \fn, F
    xor T1, \c, \d
    and T1, T1, \b
    xor T1, T1, \d
.endif
.ifc \fn, G
    andc T1, \c, \d
    add \a, \a, T1
    and T1, \b, \d
.endif
/* H: c ^ d first, so only the second xor waits for b. (Sharing the first
 * step's b ^ c with the second, as on aarch64, saves an xor per pair but
 * puts two xors between b and the sum: 16 cycles more per block on the
 * llvm-mca POWER9 model.) */
.ifc \fn, H
    xor T1, \c, \d
    xor T1, T1, \b
.endif
.ifc \fn, I
    orc T1, \b, \d
    xor T1, T1, \c
.endif
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

/* Four steps with a, b, c, d rotating; first: the block's first four,
 * which read the state registers HA..HD and write SA..SD. */
.macro QUAD fn, first, m0, m1, m2, m3, s0, s1, s2, s3
.if \first
    STEP \fn, SA, HB, HC, HD, \m0, \s0, HA
    STEP \fn, SD, SA, HB, HC, \m1, \s1, HD
    STEP \fn, SC, SD, SA, HB, \m2, \s2, HC
    STEP \fn, SB, SC, SD, SA, \m3, \s3, HB
.else
    STEP \fn, SA, SB, SC, SD, \m0, \s0, SA
    STEP \fn, SD, SA, SB, SC, \m1, \s1, SD
    STEP \fn, SC, SD, SA, SB, \m2, \s2, SC
    STEP \fn, SB, SC, SD, SA, \m3, \s3, SB
.endif
.endm

/* Round r: its sums, then its 16 steps on message words m0..m15 with the
 * round's rotations s0..s3. */
.macro ROUND fn, r, p9, s0, s1, s2, s3, m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15
    ROUND_SUMS \r, \p9
    QUAD \fn, (\r==0), \m0, \m1, \m2, \m3, \s0, \s1, \s2, \s3
    QUAD \fn, 0, \m4, \m5, \m6, \m7, \s0, \s1, \s2, \s3
    QUAD \fn, 0, \m8, \m9, \m10, \m11, \s0, \s1, \s2, \s3
    QUAD \fn, 0, \m12, \m13, \m14, \m15, \s0, \s1, \s2, \s3
.endm

/* v, v+1, v+2, v+3 = the 64 bytes at p (r5..r7 hold 16, 32, 48). */
.macro LOAD4 v, p
    lxvw4x 32 + \v, 0, \p
    lxvw4x 32 + \v + 1, \p, 5
    lxvw4x 32 + \v + 2, \p, 6
    lxvw4x 32 + \v + 3, \p, 7
.endm

/* The whole function; p9 = 1 uses mfvsrld (ISA 3.0). */
.macro MD5_BODY p9
    cmpldi 5, 0
    beqlr
    mtctr 5
.irp r, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25
    std \r, 8 * (\r - 26)(1)
.endr
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
    LOAD4 0, 12
    addi 12, 12, 64
    LOAD4 4, 12
    addi 12, 12, 64
    LOAD4 8, 12
    addi 12, 12, 64
    LOAD4 12, 12
    lwz HA, 0(3)
    lwz HB, 4(3)
    lwz HC, 8(3)
    lwz HD, 12(3)
2:
    LOAD4 16, 4
    ROUND F, 0, \p9, 7, 12, 17, 22, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
    ROUND G, 1, \p9, 5, 9, 14, 20, 1, 6, 11, 0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12
    ROUND H, 2, \p9, 4, 11, 16, 23, 5, 8, 11, 14, 1, 4, 7, 10, 13, 0, 3, 6, 9, 12, 15, 2
    ROUND I, 3, \p9, 6, 10, 15, 21, 0, 7, 14, 5, 12, 3, 10, 1, 8, 15, 6, 13, 4, 11, 2, 9
    add HA, HA, SA
    add HB, HB, SB
    add HC, HC, SC
    add HD, HD, SD
    addi 4, 4, 64
    bdnz 2b

    stw HA, 0(3)
    stw HB, 4(3)
    stw HC, 8(3)
    stw HD, 12(3)
    li 0, VSAVE
    lvx 20, 1, 0
.irp r, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25
    ld \r, 8 * (\r - 26)(1)
.endr
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
