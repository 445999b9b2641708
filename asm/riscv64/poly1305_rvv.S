/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Poly1305 with RVV 1.0, eight blocks at a time in base 2^26, any VLEN >= 128.
 *
 * void poly1305_rvv_8x_core(uint64_t io[5], const uint8_t *in, size_t groups,
 *                           const uint32_t table[9 * 8], uint64_t pad24)
 *
 * Eight lanes, one block each: lane i takes blocks i, i + 8, i + 16, ... of
 * `groups` (>= 1) 128-byte groups; `in` is 4-byte aligned (the segment
 * load's 32-bit elements). Each lane holds h in five 26-bit limbs (32-bit
 * elements, widened into 64-bit products with vwmulu/vwmaccu). On entry io
 * holds h's limbs, which start lane 0 (the others start at 0); between
 * groups every lane is multiplied by r^8 (scalars: the same in every lane,
 * so .vx forms), and after the last group lane i is multiplied by
 * r^(8 - i) (vectors from the table) and the lanes are summed: io gets the
 * five 64-bit limb sums, unreduced (< 2^61 each), for poly1305_riscv64.c to
 * carry back into base 2^64. pad24 is padbit << 24, the 2^128 bit in limb 4.
 *
 * table: nine rows of eight 32-bit words, row k lane i the k-th of
 * R0..R4, 5R1..5R4 for r^(8 - i) (fully reduced, so R < 2^26), built by
 * poly1305_riscv64.c. Lane 0 holds r^8, the loop's scalars.
 *
 * The lane count is fixed at eight (vsetivli 8): every VLEN >= 128 holds
 * eight 32-bit elements in two registers (m2) and their products in four
 * (m4), so the code is the same for every VLEN; a longer vector would only
 * leave its upper part idle.
 *
 * Bounds: limbs entering a multiply are < 2^27 (carried limbs < 2^26 plus
 * a message limb < 2^26; lane 0's first limb 4 < 2^27.5), 5R < 2^28.4, so a
 * 64-bit sum of five products is < 2^57.5 and its carry (>> 26) fits in 32
 * bits: the carries are narrowed (vnsrl) and added back widened (vwaddu.wv)
 * without leaving SEW = 32, so the loop needs no vsetvli.
 *
 * Registers: v8 v12 v16 v20 v24 the products d0..d4 (e64, m4); v2 v4 v6
 * v28 v30 the limbs h0..h4 (e32, m2); v0 scratch (v8..v19 also, while the
 * products are dead: the message's four words, v8..v15, from the segment
 * load). a0 io  a1 in  a2 end of in  a3 table  a4 pad24  t0..t4 R0..R4
 * t5 t6 a5 a6 5R1..5R4 (of r^8)  a7 2^26 - 1  s0 5 (saved)
 */
#include "asm.h"

    .option arch, +v

#define D0 v8
#define D1 v12
#define D2 v16
#define D3 v20
#define D4 v24
#define H0 v2
#define H1 v4
#define H2 v6
#define H3 v28
#define H4 v30
#define R0 t0
#define R1 t1
#define R2 t2
#define R3 t3
#define R4 t4
#define S1 t5
#define S2 t6
#define S3 a5
#define S4 a6
#define MASK a7
#define FIVE s0

/* d = h * (r0..r4, 5r1..5r4), each product row starting with vwmulu. */
.macro MUL_SCALARS
    vwmulu.vx  D0, H0, R0
    vwmulu.vx  D1, H0, R1
    vwmulu.vx  D2, H0, R2
    vwmulu.vx  D3, H0, R3
    vwmulu.vx  D4, H0, R4
    vwmaccu.vx D0, S4, H1
    vwmaccu.vx D1, R0, H1
    vwmaccu.vx D2, R1, H1
    vwmaccu.vx D3, R2, H1
    vwmaccu.vx D4, R3, H1
    vwmaccu.vx D0, S3, H2
    vwmaccu.vx D1, S4, H2
    vwmaccu.vx D2, R0, H2
    vwmaccu.vx D3, R1, H2
    vwmaccu.vx D4, R2, H2
    vwmaccu.vx D0, S2, H3
    vwmaccu.vx D1, S3, H3
    vwmaccu.vx D2, S4, H3
    vwmaccu.vx D3, R0, H3
    vwmaccu.vx D4, R1, H3
    vwmaccu.vx D0, S1, H4
    vwmaccu.vx D1, S2, H4
    vwmaccu.vx D2, S3, H4
    vwmaccu.vx D3, S4, H4
    vwmaccu.vx D4, R0, H4
.endm

/* h_k = d_k mod 2^26 with d_k's carry into d_{k+1}; d4's carry times 5
 * into h0 (64-bit: it may reach 2^34) and that one's carry into h1. */
.macro CARRY_ONE d, dnext, h
    vnsrl.wi   v0, \d, 26
    vwaddu.wv  \dnext, \dnext, v0
    vnsrl.wi   \h, \d, 0
    vand.vx    \h, \h, MASK
.endm

.macro CARRY
    CARRY_ONE  D0, D1, H0
    CARRY_ONE  D1, D2, H1
    CARRY_ONE  D2, D3, H2
    CARRY_ONE  D3, D4, H3
    vnsrl.wi   v0, D4, 26
    vnsrl.wi   H4, D4, 0
    vand.vx    H4, H4, MASK
    vwmulu.vx  D0, v0, FIVE
    vwaddu.wv  D0, D0, H0
    vnsrl.wi   H0, D0, 0
    vand.vx    H0, H0, MASK
    vnsrl.wi   v0, D0, 26
    vadd.vv    H1, H1, v0
.endm

/* h += the next group's eight blocks, split into 26-bit limbs; the bits of
 * the two words a limb straddles do not overlap, so or joins them. */
.macro ABSORB
    vlseg4e32.v v8, (a1)
    addi       a1, a1, 128
    vand.vx    v16, v8, MASK
    vadd.vv    H0, H0, v16
    vsrl.vi    v16, v8, 26
    vsll.vi    v18, v10, 6
    vor.vv     v16, v16, v18
    vand.vx    v16, v16, MASK
    vadd.vv    H1, H1, v16
    vsrl.vi    v16, v10, 20
    vsll.vi    v18, v12, 12
    vor.vv     v16, v16, v18
    vand.vx    v16, v16, MASK
    vadd.vv    H2, H2, v16
    vsrl.vi    v16, v12, 14
    vsll.vi    v18, v14, 18
    vor.vv     v16, v16, v18
    vand.vx    v16, v16, MASK
    vadd.vv    H3, H3, v16
    vsrl.vi    v16, v14, 8
    vor.vx     v16, v16, a4
    vadd.vv    H4, H4, v16
.endm

ENTRY(poly1305_rvv_8x_core)
    addi    sp, sp, -16
    sd      s0, 0(sp)
    li      FIVE, 5
    li      MASK, 0x3ffffff
    slli    a2, a2, 7
    add     a2, a2, a1
    /* lanes 1..7 start at 0, lane 0 at the caller's h (tail undisturbed,
     * so vmv.s.x leaves the zeroed lanes alone) */
    vsetivli zero, 8, e32, m2, tu, ma
    vmv.v.i H0, 0
    vmv.v.i H1, 0
    vmv.v.i H2, 0
    vmv.v.i H3, 0
    vmv.v.i H4, 0
    ld      t0, 0(a0)
    ld      t1, 8(a0)
    ld      t2, 16(a0)
    ld      t3, 24(a0)
    ld      t4, 32(a0)
    vmv.s.x H0, t0
    vmv.s.x H1, t1
    vmv.s.x H2, t2
    vmv.s.x H3, t3
    vmv.s.x H4, t4
    vsetivli zero, 8, e32, m2, ta, ma
    lwu     R0, 0(a3)
    lwu     R1, 32(a3)
    lwu     R2, 64(a3)
    lwu     R3, 96(a3)
    lwu     R4, 128(a3)
    lwu     S1, 160(a3)
    lwu     S2, 192(a3)
    lwu     S3, 224(a3)
    lwu     S4, 256(a3)
    j       2f

1:  MUL_SCALARS
    CARRY
2:  ABSORB
    bne     a1, a2, 1b

    /* h_lane * r^(8 - lane), row by row (t6 addresses the rows: 5R2 is
     * no longer needed): R0, R1, 5R1, R2, 5R2, ... */
    vle32.v    v0, (a3)               /* R0 */
    vwmulu.vv  D0, H0, v0
    vwmulu.vv  D1, H1, v0
    vwmulu.vv  D2, H2, v0
    vwmulu.vv  D3, H3, v0
    vwmulu.vv  D4, H4, v0
    addi       t6, a3, 32
    vle32.v    v0, (t6)               /* R1 */
    vwmaccu.vv D1, v0, H0
    vwmaccu.vv D2, v0, H1
    vwmaccu.vv D3, v0, H2
    vwmaccu.vv D4, v0, H3
    addi       t6, a3, 160
    vle32.v    v0, (t6)               /* 5R1 */
    vwmaccu.vv D0, v0, H4
    addi       t6, a3, 64
    vle32.v    v0, (t6)               /* R2 */
    vwmaccu.vv D2, v0, H0
    vwmaccu.vv D3, v0, H1
    vwmaccu.vv D4, v0, H2
    addi       t6, a3, 192
    vle32.v    v0, (t6)               /* 5R2 */
    vwmaccu.vv D0, v0, H3
    vwmaccu.vv D1, v0, H4
    addi       t6, a3, 96
    vle32.v    v0, (t6)               /* R3 */
    vwmaccu.vv D3, v0, H0
    vwmaccu.vv D4, v0, H1
    addi       t6, a3, 224
    vle32.v    v0, (t6)               /* 5R3 */
    vwmaccu.vv D0, v0, H2
    vwmaccu.vv D1, v0, H3
    vwmaccu.vv D2, v0, H4
    addi       t6, a3, 128
    vle32.v    v0, (t6)               /* R4 */
    vwmaccu.vv D4, v0, H0
    addi       t6, a3, 256
    vle32.v    v0, (t6)               /* 5R4 */
    vwmaccu.vv D0, v0, H1
    vwmaccu.vv D1, v0, H2
    vwmaccu.vv D2, v0, H3
    vwmaccu.vv D3, v0, H4

    /* sum the lanes: v1..v5 get the five sums in element 0 */
    vsetivli zero, 8, e64, m4, ta, ma
    vmv.s.x    v0, zero
    vredsum.vs v1, D0, v0
    vredsum.vs v2, D1, v0
    vredsum.vs v3, D2, v0
    vredsum.vs v4, D3, v0
    vredsum.vs v5, D4, v0
    vmv.x.s    t0, v1
    vmv.x.s    t1, v2
    vmv.x.s    t2, v3
    vmv.x.s    t3, v4
    vmv.x.s    t4, v5
    sd         t0, 0(a0)
    sd         t1, 8(a0)
    sd         t2, 16(a0)
    sd         t3, 24(a0)
    sd         t4, 32(a0)
    ld         s0, 0(sp)
    addi       sp, sp, 16
    ret
END(poly1305_rvv_8x_core)

ELF_NOTES
