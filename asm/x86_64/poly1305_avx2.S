/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Poly1305, AVX2: four blocks per step in radix 2^26 (vpmuludq), the kernel
 * ABI of asm/kernels.h for whole 64-byte groups (len rounded down to a
 * multiple of 64; the C entry in poly1305_x86_64.c gives the other blocks
 * to a scalar kernel).
 *
 * Lanes. A group of four blocks m0..m3 is loaded as two ymm of two blocks
 * each and split with vpunpck[lh]qdq, which puts the blocks in lane order
 * (m0, m2, m1, m3). Each lane is its own Horner accumulator stepping by
 * r^4; h (converted from base 2^64) joins lane 0 on entry. The last group
 * is multiplied by the lane powers (r^4, r^2, r^3, r) instead, so that
 * block t of n gets r^(n-t+1), and the lanes are summed: exactly
 * sum m_t r^(n-t+1) + h r^n, the serial result mod p.
 *
 * Steps. The loop takes two groups m, m' at a time: a = a r^8 + m r^4 + m'
 * (a already holds h + the group before), so one carry chain serves 128
 * bytes and the loop-carried path (a -> a r^8 -> carry -> + m') is half
 * of what a group-per-step loop has per byte; m r^4 does not depend on a.
 * An odd group left takes one a = a r^4 + m step.
 *
 * Limbs: x = x0 + x1 2^26 + x2 2^52 + x3 2^78 + x4 2^104, one per qword
 * lane, used as 32-bit vpmuludq operands. 2^130 = 5 mod p, so a product
 * limb i+j >= 5 folds into limb i+j-5 times 5: the table keeps 5 r_i.
 *
 * Table (st->table, table_of = POLY1305_TABLE_AVX2), 27 ymm of 4 qwords:
 *   R4(i), i = 0..4   r^4 limb i in every lane; S4(i), i = 1..4: 5 r^4_i
 *   P(i),  i = 0..4   (r^4, r^2, r^3, r) limb i; PS(i): 5 times those
 *   R8(i), S8(i)      r^8, as R4 and S4
 * rebuilt whenever table_of is another id. The state is only 8-byte
 * aligned: every table access is an unaligned vmovdqu or memory operand.
 * poly1305_blocks_avx2_4x_once builds the same table in its stack frame
 * instead (32-byte aligned) and zeroes it before returning, leaving
 * st->table and table_of as they were: for a key's only call. r11 is the
 * table's base in both.
 *
 * Bounds (M = 2^26; "carried" limbs: 0, 2, 3 < M, 1 < M + 2^11,
 * 4 < M + 2^9; CARRY below makes carried limbs of any limbs < 2^60):
 * - table powers are carried (r itself has limbs < M), so r_i < 2^26.0001
 *   and 5 r_i < 2^28.33;
 * - the multiplicand a = h + m: message limbs are < M (limb 4 < 2^25 with
 *   the pad bit), h limbs carried, or on entry (from base 2^64 with
 *   h[2] < 8) limbs 0..3 < M and limb 4 < 2^27; so every a_i < 2^27.33;
 * - each product limb is a sum of five terms, at most one times r_i and
 *   four times 5 r_j: a r < 2^27.33 * 21 * 2^26.0001 < 2^57.73, and m r^4
 *   (m_i < M) < 2^56.4, so a double step's limbs are < 2^58.14 < 2^60:
 *   CARRY applies, and no qword overflows;
 * - the four lanes' final products sum to < 2^59.73, carried in 64-bit
 *   registers serially (exact: each carry is < 2^34, 5 times it < 2^37),
 *   which leaves limbs < M (limb 1 < M + 2^11), so the base 2^64 value
 *   has h[2] = (limb 4 >> 24) + carry <= 4 < 8.
 *
 * CARRY (why "carried"): two interleaved chains, d0->d1->d2->d3 and
 * d3->d4->(5x)d0->d1. With inputs < 2^60: after the first pair d1, d4 <
 * 2^60 + 2^34; then d2 < 2^60 + 2^34.01 and d0 < M + 5 (2^34.01) <
 * 2^36.34; then d3 < M + 2^34.01 and d1 < M + 2^10.34; last
 * d4 < M + 2^8.02.
 *
 * Registers: ymm0-4 the accumulator a, ymm5-9 the product d, ymm10-13
 * temps, ymm14 the pad bit (2^24 per lane or 0), ymm15 the 26-bit mask.
 * Inputs: rdi = st, rsi = in, rdx = len, ecx = padbit. Only caller-saved
 * registers are used (and rbp, saved, for the once kernel's frame); ends
 * with vzeroupper.
 */
#include "asm.h"
#include "kernels.h"
#include "poly1305_macros.inc"

/* simd_poly1305 offsets (checked against the C struct in poly1305_x86_64.c)
 * and the table's halves, as assembler symbols so that macro arguments stay
 * single words. */
    .set ST_H, 0
    .set ST_R, 24
    .set ST_TABLE_OF, 56
    .set ST_TABLE, 64
    /* Table offsets from its base, r11 (st->table, or the once kernel's
     * stack copy) */
    .set TBL_R4, 0              /* R4(i) at TBL_R4 + 32 i, S4(i) at + 32 (4 + i) */
    .set TBL_P, TBL_R4 + 32 * 9 /* P(i) at TBL_P + 32 i, PS(i) at + 32 (4 + i) */
    .set TBL_R8, TBL_P + 32 * 9 /* R8(i), S8(i) as R4, S4 */

    .section .rodata
    .p2align 3
.Lmask26:
    .quad 0x3ffffff
.Lone:
    .quad 1

/* One product term: d (ymm\d) = or += a (ymm\j) * the table vector k at
 * offset \o; temp ymm10. */
.macro PROD o, k, j, d, first
.if \first
    vpmuludq (\o+32*\k)(%r11), %ymm\j, %ymm\d
.else
    vpmuludq (\o+32*\k)(%r11), %ymm\j, %ymm10
    vpaddq %ymm10, %ymm\d, %ymm\d
.endif
.endm

/* d (ymm5-9) = (first) or += a (ymm0-4) * b, b the table's 9 vectors at
 * offset o: b_i at o + 32 i, 5 b_i at o + 32 (4 + i). Not carried. */
.macro MUL o, first
    PROD \o, 0, 0, 5, \first
    PROD \o, 1, 0, 6, \first
    PROD \o, 2, 0, 7, \first
    PROD \o, 3, 0, 8, \first
    PROD \o, 4, 0, 9, \first

    PROD \o, 8, 1, 5, 0
    PROD \o, 0, 1, 6, 0
    PROD \o, 1, 1, 7, 0
    PROD \o, 2, 1, 8, 0
    PROD \o, 3, 1, 9, 0

    PROD \o, 7, 2, 5, 0
    PROD \o, 8, 2, 6, 0
    PROD \o, 0, 2, 7, 0
    PROD \o, 1, 2, 8, 0
    PROD \o, 2, 2, 9, 0

    PROD \o, 6, 3, 5, 0
    PROD \o, 7, 3, 6, 0
    PROD \o, 8, 3, 7, 0
    PROD \o, 0, 3, 8, 0
    PROD \o, 1, 3, 9, 0

    PROD \o, 5, 4, 5, 0
    PROD \o, 6, 4, 6, 0
    PROD \o, 7, 4, 7, 0
    PROD \o, 8, 4, 8, 0
    PROD \o, 0, 4, 9, 0
.endm

/* ymm0-4 = carried ymm5-9 (see the bounds above); temps ymm10-12. */
.macro CARRY
    vpsrlq $26, %ymm5, %ymm10
    vpand %ymm15, %ymm5, %ymm5
    vpsrlq $26, %ymm8, %ymm11
    vpand %ymm15, %ymm8, %ymm8
    vpaddq %ymm10, %ymm6, %ymm6
    vpaddq %ymm11, %ymm9, %ymm9

    vpsrlq $26, %ymm6, %ymm10
    vpand %ymm15, %ymm6, %ymm1
    vpsrlq $26, %ymm9, %ymm11
    vpand %ymm15, %ymm9, %ymm4
    vpaddq %ymm10, %ymm7, %ymm7
    vpsllq $2, %ymm11, %ymm12
    vpaddq %ymm12, %ymm11, %ymm11
    vpaddq %ymm11, %ymm5, %ymm5

    vpsrlq $26, %ymm7, %ymm10
    vpand %ymm15, %ymm7, %ymm2
    vpsrlq $26, %ymm5, %ymm11
    vpand %ymm15, %ymm5, %ymm0
    vpaddq %ymm10, %ymm8, %ymm8
    vpaddq %ymm11, %ymm1, %ymm1

    vpsrlq $26, %ymm8, %ymm10
    vpand %ymm15, %ymm8, %ymm3
    vpaddq %ymm10, %ymm4, %ymm4
.endm

/* ymm0-4 += the 4-block group at rsi, split into limbs (lanes m0 m2 m1 m3;
 * limb 4 gets the pad bit); rsi += 64. Temps ymm10-13. */
.macro ADD_GROUP
    vmovdqu (%rsi), %ymm10
    vmovdqu 32(%rsi), %ymm11
    vpunpckhqdq %ymm11, %ymm10, %ymm12 /* high qwords (m0 m2 m1 m3) */
    vpunpcklqdq %ymm11, %ymm10, %ymm10 /* low qwords */
    addq $64, %rsi

    vpand %ymm15, %ymm10, %ymm11
    vpsrlq $26, %ymm10, %ymm13
    vpaddq %ymm11, %ymm0, %ymm0
    vpand %ymm15, %ymm13, %ymm13
    vpsrlq $52, %ymm10, %ymm10
    vpaddq %ymm13, %ymm1, %ymm1
    vpsllq $12, %ymm12, %ymm11
    vpor %ymm11, %ymm10, %ymm10
    vpsrlq $14, %ymm12, %ymm13
    vpand %ymm15, %ymm10, %ymm10
    vpand %ymm15, %ymm13, %ymm13
    vpaddq %ymm10, %ymm2, %ymm2
    vpsrlq $40, %ymm12, %ymm12
    vpaddq %ymm13, %ymm3, %ymm3
    vpor %ymm14, %ymm12, %ymm12
    vpaddq %ymm12, %ymm4, %ymm4
.endm

/* ymm0-4 = the 4-block group at rsi split into limbs, as ADD_GROUP (the
 * second group of a double step, multiplied by r^4 without h); rsi += 64.
 * Temps ymm10-12. */
.macro SPLIT_GROUP
    vmovdqu (%rsi), %ymm10
    vmovdqu 32(%rsi), %ymm11
    vpunpckhqdq %ymm11, %ymm10, %ymm12
    vpunpcklqdq %ymm11, %ymm10, %ymm10
    addq $64, %rsi

    vpand %ymm15, %ymm10, %ymm0
    vpsrlq $26, %ymm10, %ymm1
    vpsrlq $52, %ymm10, %ymm10
    vpsllq $12, %ymm12, %ymm2
    vpsrlq $14, %ymm12, %ymm3
    vpsrlq $40, %ymm12, %ymm4
    vpand %ymm15, %ymm1, %ymm1
    vpor %ymm10, %ymm2, %ymm2
    vpand %ymm15, %ymm3, %ymm3
    vpor %ymm14, %ymm4, %ymm4
    vpand %ymm15, %ymm2, %ymm2
.endm

/* The limbs of lo + hi 2^64 + top 2^128 (top < 8, a register) into the low
 * qword of xmm0-4, upper lanes zeroed; clobbers rax, r8, r10. */
.macro TO_LIMBS lo, hi, top
    movq \lo, %rax
    movq \hi, %r8
    movl %eax, %r10d
    andl $0x3ffffff, %r10d
    vmovd %r10d, %xmm0
    movq %rax, %r10
    shrq $26, %r10
    andl $0x3ffffff, %r10d
    vmovd %r10d, %xmm1
    shrdq $52, %r8, %rax
    andl $0x3ffffff, %eax
    vmovd %eax, %xmm2
    movq %r8, %r10
    shrq $14, %r10
    andl $0x3ffffff, %r10d
    vmovd %r10d, %xmm3
    shrdq $40, \top, %r8
    vmovd %r8d, %xmm4
.endm

/* One register product term of RMUL: d (ymm\d) = or += ymm\a * ymm\b;
 * temp ymm15. */
.macro RPROD a, b, d, first
.if \first
    vpmuludq %ymm\b, %ymm\a, %ymm\d
.else
    vpmuludq %ymm\b, %ymm\a, %ymm15
    vpaddq %ymm15, %ymm\d, %ymm\d
.endif
.endm

/* b_j (ymm\b) = 5 b_j in place, once its unwrapped terms are done; temp
 * ymm15. */
.macro TIMES5_REG b
    vpsllq $2, %ymm\b, %ymm15
    vpaddq %ymm15, %ymm\b, %ymm\b
.endm

/* d (ymm5-9) = a (ymm0-4) * b (ymm10-14), all in registers, for the table
 * build: b_j serves the terms a_i b_j with i + j < 5, then becomes 5 b_j in
 * place for the wrapped ones (so b is clobbered). Not carried; clobbers
 * ymm15 (the caller reloads the mask). Same terms, same bounds as MUL. */
.macro RMUL
    RMUL_COL 10, 5, 5, 6, 7, 8, 9
    RMUL_COL 11, 4, 6, 7, 8, 9, 5
    RMUL_COL 12, 3, 7, 8, 9, 5, 6
    RMUL_COL 13, 2, 8, 9, 5, 6, 7
    RMUL_COL 14, 1, 9, 5, 6, 7, 8
.endm

/* The terms of b_j (ymm\b, j = b - 10): a_i b_j into d_(i+j mod 5) (ymm\di),
 * b_j made 5 b_j before the first wrapped term, i = wrap = 5 - j. The
 * first column (b = ymm10) starts each sum. */
.macro RMUL_COL b, wrap, d0, d1, d2, d3, d4
    RMUL_TERM 0, \b, \d0, \wrap
    RMUL_TERM 1, \b, \d1, \wrap
    RMUL_TERM 2, \b, \d2, \wrap
    RMUL_TERM 3, \b, \d3, \wrap
    RMUL_TERM 4, \b, \d4, \wrap
.endm

.macro RMUL_TERM a, b, d, wrap
.if \a == \wrap
    TIMES5_REG \b
.endif
.if \b == 10
    RPROD \a, \b, \d, 1
.else
    RPROD \a, \b, \d, 0
.endif
.endm

/* Store ymm0-4 (carried limbs of a power) at offset \o and their 5x
 * multiples (limbs 1-4) at \o + 32 (4 + i), as MUL reads them; temp ymm10. */
.macro STORE_POWER o
    vmovdqu %ymm0, (\o+32*0)(%r11)
    vmovdqu %ymm1, (\o+32*1)(%r11)
    vmovdqu %ymm2, (\o+32*2)(%r11)
    vmovdqu %ymm3, (\o+32*3)(%r11)
    vmovdqu %ymm4, (\o+32*4)(%r11)
    TIMES5 1, \o+32*5
    TIMES5 2, \o+32*6
    TIMES5 3, \o+32*7
    TIMES5 4, \o+32*8
.endm

/* ymm10-14 = ymm0-4 with lanes \lanes (vpblendd dword mask) replaced by 1
 * in limb form (limb 0 = 1, limbs 1-4 = 0); temps ymm15, ymm5. */
.macro BLEND_ONE lanes
    vpbroadcastq .Lone(%rip), %ymm15
    vpxor %xmm5, %xmm5, %xmm5
    vpblendd $\lanes, %ymm15, %ymm10, %ymm10
    vpblendd $\lanes, %ymm5, %ymm11, %ymm11
    vpblendd $\lanes, %ymm5, %ymm12, %ymm12
    vpblendd $\lanes, %ymm5, %ymm13, %ymm13
    vpblendd $\lanes, %ymm5, %ymm14, %ymm14
.endm

/* The table, from st->r: three multiplies on lanes, operands and products
 * in registers (a product read back from a store just made waits for the
 * store, which made the build several times its multiplies' latency):
 *   (r, r, r, r)     * (r, r, r, 1)   = (r^2, r^2, r^2, r)   = L
 *   L                * (r^2, 1, r, 1) = (r^4, r^2, r^3, r)   = P
 *   (r^4, ..., r^4)  * (r^4, ..., r^4) = r^8 in every lane
 * the second multiplier taken from L's lanes 0 and 3 (r * 1 = r, carried
 * as r was), R4 broadcast from lane 0 of P. Leaves ymm15 the mask. */
.macro BUILD_TABLE
    xorl %r9d, %r9d
    TO_LIMBS ST_R(%rdi), ST_R+8(%rdi), %r9
    vpbroadcastq %xmm0, %ymm0
    vpbroadcastq %xmm1, %ymm1
    vpbroadcastq %xmm2, %ymm2
    vpbroadcastq %xmm3, %ymm3
    vpbroadcastq %xmm4, %ymm4
    vmovdqa %ymm0, %ymm10
    vmovdqa %ymm1, %ymm11
    vmovdqa %ymm2, %ymm12
    vmovdqa %ymm3, %ymm13
    vmovdqa %ymm4, %ymm14
    BLEND_ONE 0xc0              /* lane 3 (dwords 6, 7) */
    RMUL
    vpbroadcastq .Lmask26(%rip), %ymm15
    CARRY
    /* (r^2, r^2 -> 1, r, 1): lane 2 from lane 3 of L, then lanes 1, 3 */
    vpermq $0x30, %ymm0, %ymm10
    vpermq $0x30, %ymm1, %ymm11
    vpermq $0x30, %ymm2, %ymm12
    vpermq $0x30, %ymm3, %ymm13
    vpermq $0x30, %ymm4, %ymm14
    BLEND_ONE 0xcc
    RMUL
    vpbroadcastq .Lmask26(%rip), %ymm15
    CARRY
    STORE_POWER TBL_P
    vpermq $0, %ymm0, %ymm0
    vpermq $0, %ymm1, %ymm1
    vpermq $0, %ymm2, %ymm2
    vpermq $0, %ymm3, %ymm3
    vpermq $0, %ymm4, %ymm4
    STORE_POWER TBL_R4
    vmovdqa %ymm0, %ymm10
    vmovdqa %ymm1, %ymm11
    vmovdqa %ymm2, %ymm12
    vmovdqa %ymm3, %ymm13
    vmovdqa %ymm4, %ymm14
    RMUL
    vpbroadcastq .Lmask26(%rip), %ymm15
    CARRY
    STORE_POWER TBL_R8
.endm

/* Store 5 * ymm\i at offset \off of the state; temp ymm10. */
.macro TIMES5 i, off
    vpsllq $2, %ymm\i, %ymm10
    vpaddq %ymm\i, %ymm10, %ymm10
    vmovdqu %ymm10, (\off)(%r11)
.endm

/* Serial carry of limb \a into limb \b (64-bit registers); temp r11. */
.macro CARRY1 a, b
    movq \a, %r11
    shrq $26, %r11
    andq $0x3ffffff, \a
    addq %r11, \b
.endm

/* Zero the once kernel's stack table (27 ymm at r11) after its last read:
 * every word the build wrote. */
.macro WIPE_STACK_TABLE
    vpxor %xmm0, %xmm0, %xmm0
    .irp k, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26
    vmovdqa %ymm0, (32*\k)(%r11)
    .endr
.endm

/* The kernel; once = 1: the table is built in a 32-byte-aligned stack frame
 * and wiped there before returning, st->table and table_of untouched. */
.macro KERNEL once
    andq $-64, %rdx
    jz .Lret\@
    vpbroadcastq .Lmask26(%rip), %ymm15
.if \once
    pushq %rbp
    movq %rsp, %rbp
    subq $(32 * 27), %rsp
    andq $-32, %rsp
    movq %rsp, %r11
    BUILD_TABLE
.else
    leaq ST_TABLE(%rdi), %r11
    cmpq $POLY1305_TABLE_AVX2, ST_TABLE_OF(%rdi)
    je .Lhave_table\@
    BUILD_TABLE
    movq $POLY1305_TABLE_AVX2, ST_TABLE_OF(%rdi)
.endif
.Lhave_table\@:
    movl %ecx, %ecx
    shlq $24, %rcx
    vmovq %rcx, %xmm14
    vpbroadcastq %xmm14, %ymm14
    movq ST_H+16(%rdi), %r9
    TO_LIMBS ST_H(%rdi), ST_H+8(%rdi), %r9
    ADD_GROUP
    subq $64, %rdx
    cmpq $128, %rdx
    jb .Lsingle\@

    /* a = a r^8 + m r^4 + m' for the next two groups m, m' */
    .p2align 5
.Lloop\@:
    MUL TBL_R8, 1
    SPLIT_GROUP
    MUL TBL_R4, 0
    CARRY
    ADD_GROUP
    subq $128, %rdx
    cmpq $128, %rdx
    jae .Lloop\@

.Lsingle\@:
    testq %rdx, %rdx
    jz .Lfinal\@
    MUL TBL_R4, 1
    CARRY
    ADD_GROUP

.Lfinal\@:
    MUL TBL_P, 1
.if \once
    WIPE_STACK_TABLE
    movq %rbp, %rsp
    popq %rbp
.endif
    HSUM_YMM 5, %rax, 10
    HSUM_YMM 6, %rcx, 10
    HSUM_YMM 7, %rdx, 10
    HSUM_YMM 8, %r8, 10
    HSUM_YMM 9, %r9, 10
    vzeroupper
    /* limbs rax, rcx, rdx, r8, r9 (each < 2^59.73): carry serially */
    CARRY1 %rax, %rcx
    CARRY1 %rcx, %rdx
    CARRY1 %rdx, %r8
    CARRY1 %r8, %r9
    movq %r9, %r11
    shrq $26, %r11
    andq $0x3ffffff, %r9
    leaq (%r11, %r11, 4), %r11
    addq %r11, %rax
    CARRY1 %rax, %rcx
    /* to base 2^64: h0 = l0 + l1 2^26 + l2 2^52, h1 = l2 >> 12 | l3 << 14
     * | l4 << 40 (no overlap), h2 = l4 >> 24 plus the carries */
    shlq $26, %rcx
    addq %rcx, %rax
    movq %rdx, %r10
    shlq $52, %r10
    shrq $12, %rdx
    movq %r8, %r11
    shlq $14, %r11
    orq %r11, %rdx
    movq %r9, %r11
    shlq $40, %r11
    orq %r11, %rdx
    shrq $24, %r9
    addq %r10, %rax
    adcq $0, %rdx
    adcq $0, %r9
    movq %rax, ST_H(%rdi)
    movq %rdx, (ST_H + 8)(%rdi)
    movq %r9, (ST_H + 16)(%rdi)
.Lret\@:
    ret
.endm


ENTRY(poly1305_blocks_avx2_4x)
    KERNEL 0
END(poly1305_blocks_avx2_4x)

ENTRY(poly1305_blocks_avx2_4x_once)
    KERNEL 1
END(poly1305_blocks_avx2_4x_once)

ELF_NOTES
