/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Poly1305, AVX-512 IFMA (vpmadd52luq/vpmadd52huq), radix 2^44: the kernel
 * ABI of asm/kernels.h for any whole number of 16-byte blocks.
 *
 *   poly1305_blocks_ifma_8x  8 blocks at once, one per 64-bit lane of a zmm
 *   poly1305_blocks_ifma_4x  4 blocks at once in ymm (AVX-512VL); an inner
 *                            kernel only (asm/x86_64/README.md: 8x is
 *                            faster where the route uses it)
 *
 * Radix 2^44: a number is a0 + a1*2^44 + a2*2^88 (limbs 44/44/42 bits), so
 * each limb product fits the 52x52-bit multipliers, which return bits 0..51
 * (luq) and 52..103 (huq) of the product added to a 64-bit accumulator.
 * Since 2^130 = 5 mod p, a product at weight 2^132 (limb 1 x limb 2, limb 2 x
 * limb 1) folds to weight 2^0 times 20 and limb 2 x limb 2 (2^176) to 2^44
 * times 20, so with s1 = 20*r1, s2 = 20*r2:
 *   d0 = a0*r0 + a1*s2 + a2*s1
 *   d1 = a0*r1 + a1*r0 + a2*s2
 *   d2 = a0*r2 + a1*r1 + a2*r0
 * each d held as lo (sum of the low 52-bit halves) + hi*2^52, then carried
 * (CARRY) once per step.
 *
 * Lanes: a message of n blocks is taken in groups of L (8 or 4); lane j
 * holds block j of every group. The first group is the short one (n mod L
 * blocks, or a full one): its blocks sit in the last lanes, loaded with
 * masks (masked-off lanes never fault, so the base address may lie before
 * `in`), the lanes before it are zero and stay zero, and h joins the first
 * occupied lane. Each later group g is added after h = h * r^L; the main
 * loop takes four groups a step with one carry chain,
 *   h = h*r^4L + g1*r^3L + g2*r^2L + g3*r^L + g4,
 * the products all summed in the same accumulators (the g products do not
 * wait for h, so the chain h -> h is one multiply and one carry), and the
 * 1-3 groups left over (mod 4) go first in one such step (two groups one at
 * a time while r^2L is not cached yet, see BUILD_HIGH). After the last group
 * lane j is multiplied by r^(L-j) and the lanes are summed: no scalar tail,
 * and h meets exactly r^n.
 *
 * Bounds (why nothing overflows). Invariant at every CARRY output:
 * a0 < 2^44, a1 < 2^44 + 2^14, a2 < 2^42. The powers of r come out of the
 * same multiply, so r0 < 2^44, r1 < 2^44 + 2^14, r2 < 2^42, s1 < 2^48.33,
 * s2 < 2^46.33. Into a multiply go message limbs (< 2^44, 2^44, 2^41: 40
 * bits + padbit*2^40) or h plus one message, a0 < 2^45, a1 < 2^45.01,
 * a2 < 2^42.6 (2^43.4 in the lane where the caller's h enters: h[2] < 8
 * gives a2 < 2^43). So every multiplier input is below 2^52, and every limb
 * product below 2^45.01 * 2^48.33 < 2^93.4: its lo half is below 2^52 and
 * its hi half below 2^41.4. A step sums at most 12 products per d (four
 * groups times three): lo < 2^55.6, hi < 2^45. CARRY: hi0 << 8 and
 * hi1 << 8 < 2^53, hi2 << 10 < 2^55; limb 1 and 2 sums lo + (hi << 8) +
 * (lo_below >> 44) < 2^56; c2 = (lo2 >> 42) + (hi2 << 10) < 2^55.1 is at
 * 2^130, so 5*c2 joins a0: below 2^57.6, no 64-bit sum overflows; that
 * limb's carry (< 2^13.6) into a1 restores the invariant. Summing the L
 * lanes at the end gives limbs below 2^47, carried in general-purpose
 * registers to a0, a1 < 2^44, a2 <= 2^42, hence h[2] = a2 >> 40 <= 4.
 *
 * Table (st->table, table_of POLY1305_TABLE_AVX512IFMA of
 * asm/x86_64/kernels.h), qword offsets: five rows r0 r1 r2 s1 s2 of eight,
 * lane j = r^(8-j) (the 4-lane kernel reads the last four of each), then
 * r^4, r^8, r^12, r^16, r^24, r^32 as five qwords each, then HIGH_BUILT:
 * 71 of the 128. Built in ymm by two local helpers shared by both kernels:
 * BUILD_TABLE (r^2; [r^4 r^3 r^2 r]; r^4 times that) whenever table_of is
 * another id, BUILD_HIGH (r^16; [r^24 r^32 r^12]) when a message of more
 * than three groups finds HIGH_BUILT clear. The state is only 8-byte
 * aligned: every table access is unaligned.
 *
 * Inputs: rdi=st rsi=in rdx=len (multiple of 16) ecx=padbit. Caller-saved
 * registers only; ends with vzeroupper. Nothing branches on or indexes by
 * r, h or the message: len picks masks, steps and loop counts, table_of and
 * HIGH_BUILT (public, like len) whether to build.
 */
#include "asm.h"
#include "kernels.h"
#include "poly1305_macros.inc"

/* simd_poly1305 offsets (checked by _Static_assert in poly1305_x86_64.c) */
#define ST_H 0
#define ST_R 24
#define ST_TABLE_OF 56
#define ST_TABLE 64
#define T_R0 (ST_TABLE + 0)
#define T_R1 (ST_TABLE + 64)
#define T_R2 (ST_TABLE + 128)
#define T_S1 (ST_TABLE + 192)
#define T_S2 (ST_TABLE + 256)
#define TABLE_ID POLY1305_TABLE_AVX512IFMA

    .section .rodata
    .p2align 6
.Lidx_lo:
    .quad 0, 2, 4, 6, 8, 10, 12, 14
.Lidx_hi:
    .quad 1, 3, 5, 7, 9, 11, 13, 15
.Lmask44:
    .quad 0xfffffffffff
.Lmask42:
    .quad 0x3ffffffffff

/* Register numbers, shared by both widths (w = y or z). */
#define H0 0
#define H1 1
#define H2 2
#define R0 3 /* the power multiplying h: r^L, r^4L; at the end the lanes' */
#define R1 4
#define R2 5
#define S1 6
#define S2 7
#define M44 8
#define M42 9
#define PAD 10
#define IDXLO 11
#define IDXHI 12
#define L0 13 /* accumulators: lo and hi halves of d0, d1, d2 */
#define U0 14
#define L1 15
#define U1 16
#define L2 17
#define U2 18
#define T 19
#define X 20 /* message temporaries (20..23) */
#define Y 21
#define Z 22
#define W 23
#define Q0 24 /* r^L in the 4-group loop (24..28) */
#define Q1 25
#define Q2 26
#define Q3 27
#define Q4 28

/* The single powers r^4, r^8, r^12, r^16, r^24, r^32 (entries 0..5) after
 * the five rows, five qwords each: r0 r1 r2 s1 s2. */
#define ENT(i, limb) (ST_TABLE + 320 + 40 * (i) + 8 * (limb))
/* 1 when entries 2..5 are filled (qword 70) */
#define HIGH_BUILT (ST_TABLE + 560)

.macro ZERO_ACC w
    vpxorq %\w\()mm\()L0, %\w\()mm\()L0, %\w\()mm\()L0
    vpxorq %\w\()mm\()U0, %\w\()mm\()U0, %\w\()mm\()U0
    vpxorq %\w\()mm\()L1, %\w\()mm\()L1, %\w\()mm\()L1
    vpxorq %\w\()mm\()U1, %\w\()mm\()U1, %\w\()mm\()U1
    vpxorq %\w\()mm\()L2, %\w\()mm\()L2, %\w\()mm\()L2
    vpxorq %\w\()mm\()U2, %\w\()mm\()U2, %\w\()mm\()U2
.endm

/*
 * Accumulate a * r into L0..U2 (a: register numbers; r0..s2: operands, a
 * register or a {1toN} broadcast from the table). a2 first, a1 last: in a
 * multiply of h, a1 is the last limb the previous carry chain delivers.
 */
.macro MACC w, a0, a1, a2, r0, r1, r2, s1, s2
    vpmadd52luq \s1, %\w\()mm\a2, %\w\()mm\()L0
    vpmadd52huq \s1, %\w\()mm\a2, %\w\()mm\()U0
    vpmadd52luq \s2, %\w\()mm\a2, %\w\()mm\()L1
    vpmadd52huq \s2, %\w\()mm\a2, %\w\()mm\()U1
    vpmadd52luq \r0, %\w\()mm\a2, %\w\()mm\()L2
    vpmadd52huq \r0, %\w\()mm\a2, %\w\()mm\()U2
    vpmadd52luq \r0, %\w\()mm\a0, %\w\()mm\()L0
    vpmadd52huq \r0, %\w\()mm\a0, %\w\()mm\()U0
    vpmadd52luq \r1, %\w\()mm\a0, %\w\()mm\()L1
    vpmadd52huq \r1, %\w\()mm\a0, %\w\()mm\()U1
    vpmadd52luq \r2, %\w\()mm\a0, %\w\()mm\()L2
    vpmadd52huq \r2, %\w\()mm\a0, %\w\()mm\()U2
    vpmadd52luq \s2, %\w\()mm\a1, %\w\()mm\()L0
    vpmadd52huq \s2, %\w\()mm\a1, %\w\()mm\()U0
    vpmadd52luq \r0, %\w\()mm\a1, %\w\()mm\()L1
    vpmadd52huq \r0, %\w\()mm\a1, %\w\()mm\()U1
    vpmadd52luq \r1, %\w\()mm\a1, %\w\()mm\()L2
    vpmadd52huq \r1, %\w\()mm\a1, %\w\()mm\()U2
.endm

/*
 * o = the accumulated d, partially reduced (see the bounds above). The hi
 * halves sit 52 bits up: 8 bits above the next limb's 44, 10 above limb 2's
 * 42; they join the next limb before the lo carries arrive, so the serial
 * chain is one shift and one add per limb.
 */
.macro CARRY w, o0, o1, o2
    vpsllq $8, %\w\()mm\()U0, %\w\()mm\()U0
    vpsllq $8, %\w\()mm\()U1, %\w\()mm\()U1
    vpsllq $10, %\w\()mm\()U2, %\w\()mm\()U2
    vpaddq %\w\()mm\()U0, %\w\()mm\()L1, %\w\()mm\()L1
    vpaddq %\w\()mm\()U1, %\w\()mm\()L2, %\w\()mm\()L2
    vpsrlq $44, %\w\()mm\()L0, %\w\()mm\()T
    vpandq %\w\()mm\()M44, %\w\()mm\()L0, %\w\()mm\o0
    vpaddq %\w\()mm\()T, %\w\()mm\()L1, %\w\()mm\()L1
    vpsrlq $44, %\w\()mm\()L1, %\w\()mm\()T
    vpandq %\w\()mm\()M44, %\w\()mm\()L1, %\w\()mm\o1
    vpaddq %\w\()mm\()T, %\w\()mm\()L2, %\w\()mm\()L2
    vpsrlq $42, %\w\()mm\()L2, %\w\()mm\()T
    vpandq %\w\()mm\()M42, %\w\()mm\()L2, %\w\()mm\o2
    vpaddq %\w\()mm\()T, %\w\()mm\()U2, %\w\()mm\()U2
    /* c2 is at 2^130 = 5: o0 += c2 + 4*c2 */
    vpaddq %\w\()mm\()U2, %\w\()mm\o0, %\w\()mm\o0
    vpsllq $2, %\w\()mm\()U2, %\w\()mm\()U2
    vpaddq %\w\()mm\()U2, %\w\()mm\o0, %\w\()mm\o0
    vpsrlq $44, %\w\()mm\o0, %\w\()mm\()T
    vpandq %\w\()mm\()M44, %\w\()mm\o0, %\w\()mm\o0
    vpaddq %\w\()mm\()T, %\w\()mm\o1, %\w\()mm\o1
.endm

/* o = a * r mod p, lane by lane (all register numbers); o may be a or r. */
.macro MUL w, a0, a1, a2, r0, r1, r2, s1, s2, o0, o1, o2
    ZERO_ACC \w
    MACC \w, \a0, \a1, \a2, %\w\()mm\r0, %\w\()mm\r1, %\w\()mm\r2, %\w\()mm\s1, %\w\()mm\s2
    CARRY \w, \o0, \o1, \o2
.endm

/* o = 20 * a (a < 2^45, so o < 2^50). */
.macro TIMES20 w, a, o
    vpsllq $2, %\w\()mm\a, %\w\()mm\()T
    vpaddq %\w\()mm\a, %\w\()mm\()T, %\w\()mm\o
    vpsllq $2, %\w\()mm\o, %\w\()mm\o
.endm

/*
 * Split one group, its first half in X and second in Y, into limbs:
 * Z = m0, W = m1, X = m2 (PAD at 2^128 included). Clobbers Y.
 */
.macro SPLIT w
    vmovdqa64 %\w\()mm\()IDXLO, %\w\()mm\()Z
    vpermi2q %\w\()mm\()Y, %\w\()mm\()X, %\w\()mm\()Z        /* low qwords */
    vpermt2q %\w\()mm\()Y, %\w\()mm\()IDXHI, %\w\()mm\()X    /* high qwords */
    vpsrlq $44, %\w\()mm\()Z, %\w\()mm\()W
    vpandq %\w\()mm\()M44, %\w\()mm\()Z, %\w\()mm\()Z
    vpsllq $20, %\w\()mm\()X, %\w\()mm\()Y
    vpternlogq $0xa8, %\w\()mm\()M44, %\w\()mm\()Y, %\w\()mm\()W /* (W|Y)&M44 */
    vpsrlq $24, %\w\()mm\()X, %\w\()mm\()X
    vporq %\w\()mm\()PAD, %\w\()mm\()X, %\w\()mm\()X
.endm

/* Load the group at `off`(%rsi) (L blocks) and split it. */
.macro LOAD_SPLIT w, L, off
    vmovdqu64 \off(%rsi), %\w\()mm\()X
    vmovdqu64 \off+8*\L(%rsi), %\w\()mm\()Y
    SPLIT \w
.endm

.macro ADD_H w
    vpaddq %\w\()mm\()Z, %\w\()mm\()H0, %\w\()mm\()H0
    vpaddq %\w\()mm\()W, %\w\()mm\()H1, %\w\()mm\()H1
    vpaddq %\w\()mm\()X, %\w\()mm\()H2, %\w\()mm\()H2
.endm

/* Store lane `lane` (0..2) of registers a0, a1, a2, s1, s2 (numbers below
 * 16, ymm) as table entry i. */
.macro STORE_ENTRY lane, i, a0, a1, a2, s1, s2
    STORE_LANE \lane, \a0, ENT(\i, 0)
    STORE_LANE \lane, \a1, ENT(\i, 1)
    STORE_LANE \lane, \a2, ENT(\i, 2)
    STORE_LANE \lane, \s1, ENT(\i, 3)
    STORE_LANE \lane, \s2, ENT(\i, 4)
.endm
.macro STORE_LANE lane, n, off
.if \lane == 0
    vmovq %xmm\n, \off(%rdi)
.elseif \lane == 1
    vpextrq $1, %xmm\n, \off(%rdi)
.else
    vextracti128 $1, %ymm\n, %xmm13
    vmovq %xmm13, \off(%rdi)
.endif
.endm
/* hi += lo >> 44, lo &= 2^44 - 1 (the mask in r11; r10 scratch). */
.macro CARRY44 lo, hi
    movq \lo, %r10
    shrq $44, %r10
    andq %r11, \lo
    addq %r10, \hi
.endm

/* The product in ymm3..5 into the lanes of ymm0..2 that mask selects. */
.macro BLEND_PRODUCT mask
    movl $\mask, %eax
    kmovw %eax, %k1
    vmovdqa64 %ymm3, %ymm0{%k1}
    vmovdqa64 %ymm4, %ymm1{%k1}
    vmovdqa64 %ymm5, %ymm2{%k1}
.endm
/* Copy row lane `lane` (0..7) into table entry i. */
.macro COPY_ROW lane, i
    movq T_R0+8*\lane(%rdi), %rax
    movq %rax, ENT(\i, 0)(%rdi)
    movq T_R1+8*\lane(%rdi), %rax
    movq %rax, ENT(\i, 1)(%rdi)
    movq T_R2+8*\lane(%rdi), %rax
    movq %rax, ENT(\i, 2)(%rdi)
    movq T_S1+8*\lane(%rdi), %rax
    movq %rax, ENT(\i, 3)(%rdi)
    movq T_S2+8*\lane(%rdi), %rax
    movq %rax, ENT(\i, 4)(%rdi)
.endm

/*
 * Fill st->table (see the top), called when table_of is not ours. ymm
 * only; needs M44, M42. Clobbers rax, r8-r10, k1, registers 0..7 and the
 * temporaries.
 */
.macro BUILD_TABLE
    /* r in radix 2^44 */
    movq ST_R(%rdi), %rax
    movq ST_R+8(%rdi), %r8
    movq %rax, %r9
    shrq $44, %r9
    movq %r8, %r10
    shlq $20, %r10
    orq %r10, %r9
    movabsq $0xfffffffffff, %r10
    andq %r10, %rax
    andq %r10, %r9
    shrq $24, %r8
    vpbroadcastq %rax, %ymm0
    vpbroadcastq %r9, %ymm1
    vpbroadcastq %r8, %ymm2
    /* [r r r r]^2 -> r^2 everywhere (registers 3..5), into lanes 0, 2 */
    TIMES20 y, 1, 6
    TIMES20 y, 2, 7
    MUL y, 0, 1, 2, 0, 1, 2, 6, 7, 3, 4, 5
    BLEND_PRODUCT 0x5
    /* [r^2 r r^2 r] * r^2 -> [r^4 r^3 . .], into lanes 0, 1 */
    TIMES20 y, 4, 6
    TIMES20 y, 5, 7
    MUL y, 0, 1, 2, 3, 4, 5, 6, 7, 3, 4, 5
    BLEND_PRODUCT 0x3
    /* rows' second halves: r^4 r^3 r^2 r^1 */
    vmovdqu64 %ymm0, T_R0+32(%rdi)
    vmovdqu64 %ymm1, T_R1+32(%rdi)
    vmovdqu64 %ymm2, T_R2+32(%rdi)
    TIMES20 y, 1, 6
    TIMES20 y, 2, 7
    vmovdqu64 %ymm6, T_S1+32(%rdi)
    vmovdqu64 %ymm7, T_S2+32(%rdi)
    /* times r^4 (lane 0, broadcast) -> r^8 r^7 r^6 r^5 */
    vpbroadcastq %xmm0, %ymm3
    vpbroadcastq %xmm1, %ymm4
    vpbroadcastq %xmm2, %ymm5
    TIMES20 y, 4, 6
    TIMES20 y, 5, 7
    MUL y, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2
    vmovdqu64 %ymm0, T_R0(%rdi)
    vmovdqu64 %ymm1, T_R1(%rdi)
    vmovdqu64 %ymm2, T_R2(%rdi)
    TIMES20 y, 1, 6
    TIMES20 y, 2, 7
    vmovdqu64 %ymm6, T_S1(%rdi)
    vmovdqu64 %ymm7, T_S2(%rdi)
    COPY_ROW 4, 0
    COPY_ROW 0, 1
    movq $0, HIGH_BUILT(%rdi)
    movq $TABLE_ID, ST_TABLE_OF(%rdi)
.endm

/*
 * Fill entries 2..5 (r^12 r^16 r^24 r^32), called when HIGH_BUILT says
 * they are not there: only messages of more than three groups need them
 * (three groups take their two leftover groups one at a time when they are
 * missing), so a fresh key with a shorter message does not pay the two
 * multiplies. Same registers as BUILD_TABLE.
 */
.macro BUILD_HIGH
    /* r^8 squared -> r^16 everywhere (3..5) */
    vpbroadcastq ENT(1, 0)(%rdi), %ymm0
    vpbroadcastq ENT(1, 1)(%rdi), %ymm1
    vpbroadcastq ENT(1, 2)(%rdi), %ymm2
    vpbroadcastq ENT(1, 3)(%rdi), %ymm6
    vpbroadcastq ENT(1, 4)(%rdi), %ymm7
    MUL y, 0, 1, 2, 0, 1, 2, 6, 7, 3, 4, 5
    TIMES20 y, 4, 6
    TIMES20 y, 5, 7
    STORE_ENTRY 0, 3, 3, 4, 5, 6, 7
    /* [r^8 r^16 r^8 r^8] * [r^16 r^16 r^4 r^4] -> [r^24 r^32 r^12 r^12] */
    movl $0x2, %eax
    kmovw %eax, %k1
    vmovdqa64 %ymm3, %ymm0{%k1}
    vmovdqa64 %ymm4, %ymm1{%k1}
    vmovdqa64 %ymm5, %ymm2{%k1}
    movl $0xc, %eax
    kmovw %eax, %k1
    vpbroadcastq ENT(0, 0)(%rdi), %ymm3{%k1}
    vpbroadcastq ENT(0, 1)(%rdi), %ymm4{%k1}
    vpbroadcastq ENT(0, 2)(%rdi), %ymm5{%k1}
    TIMES20 y, 4, 6
    TIMES20 y, 5, 7
    MUL y, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2
    TIMES20 y, 1, 6
    TIMES20 y, 2, 7
    STORE_ENTRY 0, 4, 0, 1, 2, 6, 7
    STORE_ENTRY 1, 5, 0, 1, 2, 6, 7
    STORE_ENTRY 2, 2, 0, 1, 2, 6, 7
    movq $1, HIGH_BUILT(%rdi)
.endm

/* Sum the lanes of register n (width w) into its low qword, then into gpr.
 * n must be below 16 for the VEX-only forms; 13 is the scratch. */
.macro HSUM w, n, gpr
.ifc \w, z
    vextracti64x4 $1, %zmm\n, %ymm13
    vpaddq %ymm13, %ymm\n, %ymm\n
.endif
    HSUM_YMM \n, \gpr, 13
.endm

/* Broadcast table entry i into registers a0..s2 (numbers), width w. */
.macro BCAST_ENTRY w, i, a0, a1, a2, s1, s2
    vpbroadcastq ENT(\i, 0)(%rdi), %\w\()mm\a0
    vpbroadcastq ENT(\i, 1)(%rdi), %\w\()mm\a1
    vpbroadcastq ENT(\i, 2)(%rdi), %\w\()mm\a2
    vpbroadcastq ENT(\i, 3)(%rdi), %\w\()mm\s1
    vpbroadcastq ENT(\i, 4)(%rdi), %\w\()mm\s2
.endm

/* Accumulate a * (table entry i), broadcast from memory. */
.macro MACC_ENT w, L, a0, a1, a2, i
    MACC \w, \a0, \a1, \a2, ENT(\i, 0)(%rdi){1to\L}, ENT(\i, 1)(%rdi){1to\L}, ENT(\i, 2)(%rdi){1to\L}, ENT(\i, 3)(%rdi){1to\L}, ENT(\i, 4)(%rdi){1to\L}
.endm

/*
 * k (1..3) groups at rsi in one carry chain:
 * h = h * r^kL + g1 * r^(k-1)L + ... + gk; rsi advanced past them.
 */
.macro STEP w, L, k, iL, i2L, i3L
    ZERO_ACC \w
.if \k == 3
    LOAD_SPLIT \w, \L, 0
    MACC_ENT \w, \L, Z, W, X, \i2L
    LOAD_SPLIT \w, \L, 16*\L
    MACC_ENT \w, \L, Z, W, X, \iL
    MACC_ENT \w, \L, H0, H1, H2, \i3L
.elseif \k == 2
    LOAD_SPLIT \w, \L, 0
    MACC_ENT \w, \L, Z, W, X, \iL
    MACC_ENT \w, \L, H0, H1, H2, \i2L
.else
    MACC_ENT \w, \L, H0, H1, H2, \iL
.endif
    CARRY \w, H0, H1, H2
    LOAD_SPLIT \w, \L, 16*\L*(\k - 1)
    ADD_H \w
    addq $16*\L*\k, %rsi
.endm

/*
 * The kernel body for L lanes of width w; iL, i2L, i3L, i4L: the table
 * entries of r^L, r^2L, r^3L, r^4L.
 */
.macro POLY1305_IFMA name, w, L, iL, i2L, i3L, i4L
ENTRY(\name)
    shrq $4, %rdx                 /* n blocks */
    jz 9f
    vpbroadcastq .Lmask44(%rip), %\w\()mm\()M44
    vpbroadcastq .Lmask42(%rip), %\w\()mm\()M42
    cmpq $TABLE_ID, ST_TABLE_OF(%rdi)
    je 7f
    call poly1305_ifma_table
7:
    cmpq $(3 * \L), %rdx         /* more than three groups? */
    jbe 7f
    cmpq $1, HIGH_BUILT(%rdi)
    je 7f
    call poly1305_ifma_high
7:
    vmovdqa64 .Lidx_lo(%rip), %\w\()mm\()IDXLO
    vmovdqa64 .Lidx_hi(%rip), %\w\()mm\()IDXHI
    movl %ecx, %ecx               /* padbit is 32 bits wide */
    shlq $40, %rcx
    vpbroadcastq %rcx, %\w\()mm\()PAD

    /* lead = (-n) mod L empty lanes before the first group's blocks */
    movq %rdx, %rcx
    negq %rcx
    andq $(\L - 1), %rcx
    movl $1, %eax
    shll %cl, %eax
    kmovw %eax, %k1               /* the lane h joins */
    movl $0xff, %eax
    shll %cl, %eax
    kmovw %eax, %k2               /* the lanes holding blocks */
    movl $0xffff, %eax
    shll %cl, %eax
    shll %cl, %eax
    kmovw %eax, %k3               /* qwords of the first load */
    shrl $\L, %eax
    kmovw %eax, %k4               /* qwords of the second load */
    movq %rcx, %rax
    shlq $4, %rax
    subq %rax, %rsi               /* group base (may precede in) */
    addq %rcx, %rdx               /* n rounded up to a whole group */

    /* h in radix 2^44, into lane `lead` */
    movq ST_H(%rdi), %rax
    movq ST_H+8(%rdi), %r8
    movq ST_H+16(%rdi), %r9
    movq %rax, %r10
    shrq $44, %r10
    movq %r8, %r11
    shlq $20, %r11
    orq %r11, %r10
    shrq $24, %r8
    shlq $40, %r9
    orq %r9, %r8
    movabsq $0xfffffffffff, %r11
    andq %r11, %rax
    andq %r11, %r10
    vpbroadcastq %rax, %\w\()mm\()H0{%k1}{z}
    vpbroadcastq %r10, %\w\()mm\()H1{%k1}{z}
    vpbroadcastq %r8, %\w\()mm\()H2{%k1}{z}

    vmovdqu64 (%rsi), %\w\()mm\()X{%k3}{z}
    vmovdqu64 8*\L(%rsi), %\w\()mm\()Y{%k4}{z}
    vmovdqa64 %\w\()mm\()PAD, %\w\()mm\()T
    vmovdqa64 %\w\()mm\()T, %\w\()mm\()PAD{%k2}{z}
    SPLIT \w
    ADD_H \w
    vmovdqa64 %\w\()mm\()T, %\w\()mm\()PAD
    addq $16*\L, %rsi
    shrq $(\L / 4 + 1), %rdx      /* groups (log2 L = L/4 + 1 for 4, 8) */
    decq %rdx                     /* groups left */
    jz 2f

    /* The 0..3 groups left over mod 4 in one step, then 4 a step. */
    movq %rdx, %rax
    shrq $2, %rdx                 /* 4-group steps */
    andq $3, %rax
    cmpq $2, %rax
    jb 5f
    je 6f
    STEP \w, \L, 3, \iL, \i2L, \i3L
    jmp 3f
6:  /* r^2L may be missing (three groups build no high powers) */
    cmpq $1, HIGH_BUILT(%rdi)
    jne 8f
    STEP \w, \L, 2, \iL, \i2L, \i3L
    jmp 3f
8:
    STEP \w, \L, 1, \iL, \i2L, \i3L
    STEP \w, \L, 1, \iL, \i2L, \i3L
    jmp 3f
5:
    testq %rax, %rax
    jz 3f
    STEP \w, \L, 1, \iL, \i2L, \i3L
3:
    testq %rdx, %rdx
    jz 2f
    /* 4 groups a step, one carry chain:
     * h = h * r^4L + g1 * r^3L + g2 * r^2L + g3 * r^L + g4 */
    BCAST_ENTRY \w, \i4L, R0, R1, R2, S1, S2
    BCAST_ENTRY \w, \iL, Q0, Q1, Q2, Q3, Q4
    .p2align 5
4:
    ZERO_ACC \w
    LOAD_SPLIT \w, \L, 0
    MACC_ENT \w, \L, Z, W, X, \i3L
    LOAD_SPLIT \w, \L, 16*\L
    MACC_ENT \w, \L, Z, W, X, \i2L
    LOAD_SPLIT \w, \L, 32*\L
    MACC \w, Z, W, X, %\w\()mm\()Q0, %\w\()mm\()Q1, %\w\()mm\()Q2, %\w\()mm\()Q3, %\w\()mm\()Q4
    MACC \w, H0, H1, H2, %\w\()mm\()R0, %\w\()mm\()R1, %\w\()mm\()R2, %\w\()mm\()S1, %\w\()mm\()S2
    CARRY \w, H0, H1, H2
    LOAD_SPLIT \w, \L, 48*\L
    ADD_H \w
    addq $64*\L, %rsi
    decq %rdx
    jnz 4b

2:  /* lane j times r^(L-j), then the lanes summed */
    vmovdqu64 T_R0+8*(8-\L)(%rdi), %\w\()mm\()R0
    vmovdqu64 T_R1+8*(8-\L)(%rdi), %\w\()mm\()R1
    vmovdqu64 T_R2+8*(8-\L)(%rdi), %\w\()mm\()R2
    vmovdqu64 T_S1+8*(8-\L)(%rdi), %\w\()mm\()S1
    vmovdqu64 T_S2+8*(8-\L)(%rdi), %\w\()mm\()S2
    MUL \w, H0, H1, H2, R0, R1, R2, S1, S2, H0, H1, H2
    HSUM \w, 0, %rax
    HSUM \w, 1, %r8
    HSUM \w, 2, %r9
    vzeroupper

    /* limbs < 2^47: carry 0 -> 1 -> 2 -> 5x into 0 -> 1 -> 2; then
     * a0, a1 < 2^44, a2 <= 2^42 */
    movabsq $0xfffffffffff, %r11
    CARRY44 %rax, %r8
    CARRY44 %r8, %r9
    movq %r9, %r10
    shrq $42, %r10
    movabsq $0x3ffffffffff, %rdx
    andq %rdx, %r9
    leaq (%r10,%r10,4), %r10
    addq %r10, %rax
    CARRY44 %rax, %r8
    CARRY44 %r8, %r9
    /* back to base 2^64: h[2] = a2 >> 40 <= 4 */
    movq %r8, %r10
    shlq $44, %r10
    orq %r10, %rax
    movq %rax, ST_H(%rdi)
    shrq $20, %r8
    movq %r9, %r10
    shlq $24, %r10
    orq %r10, %r8
    movq %r8, ST_H+8(%rdi)
    shrq $40, %r9
    movq %r9, ST_H+16(%rdi)
9:
    ret
END(\name)
.endm

/*
 * The table builders, shared by both kernels (ymm only, so either width may
 * call them). Local: reached only by direct calls, no landing pad needed.
 */
    .text
    .p2align 5
    .type poly1305_ifma_table, %function
poly1305_ifma_table:
    BUILD_TABLE
    ret
    .size poly1305_ifma_table, .-poly1305_ifma_table
    .p2align 5
    .type poly1305_ifma_high, %function
poly1305_ifma_high:
    BUILD_HIGH
    ret
    .size poly1305_ifma_high, .-poly1305_ifma_high

/* entries: r^4 0, r^8 1, r^12 2, r^16 3, r^24 4, r^32 5 */
POLY1305_IFMA poly1305_blocks_ifma_8x, z, 8, 1, 3, 4, 5
POLY1305_IFMA poly1305_blocks_ifma_4x, y, 4, 0, 1, 2, 3

ELF_NOTES
