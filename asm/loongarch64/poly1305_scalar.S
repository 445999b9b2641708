/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Poly1305, one stream in general-purpose registers (every LoongArch64
 * CPU): poly1305_blocks_loongarch64, the asm/kernels.h ABI.
 *
 * h = h0 + h1*2^64 + h2*2^128, r = r0 + r1*2^64 clamped, s1 = r1 + r1/4
 * (exact: r1 is a multiple of 4), so that h1*r1*2^128 = h1*s1 and
 * h2*r1*2^192 = h2*s1*2^64 mod p. Per block:
 *   d0 = h0*r0 + h1*s1                  (128 bits: mul.d + mulh.du)
 *   d1 = h0*r1 + h1*r0 + h2*s1 + d0>>64 (h2 <= 9: h2*s1 < 2^64, low half only)
 *   d2 = h2*r0 + d1>>64                 (< 2^64)
 * then h = d0 mod 2^64 + (d1 mod 2^64)*2^64 + (d2 & 3)*2^128 + 5*(d2 >> 2),
 * which leaves h2 <= 4 (h2 < 8 on entry and exit, as the ABI asks).
 * LoongArch has no carry flag: each carry is an sltu after the add.
 * No branch or address depends on the key, the message or h.
 *
 * The message is read with ld.d, which need not be aligned: cores with
 * hardware unaligned access (UAL) do it, and Linux emulates it on others.
 * Only temporaries and argument registers are used ($t0-$t8, $a0-$a7):
 * nothing to save, nothing called.
 */
#include "asm.h"

#define ST $a0
#define IN $a1
#define ENDP $a2
#define PAD $a3
#define R0 $a4
#define R1 $a5
#define S1 $a6
#define H0 $a7
#define H1 $t7
#define H2 $t8

    .text

/* void poly1305_blocks_loongarch64(simd_poly1305 *st, const uint8_t *in,
 *                                  size_t len, uint32_t padbit) */
ENTRY(poly1305_blocks_loongarch64)
    beqz        $a2, 2f
    bstrpick.d  PAD, $a3, 31, 0
    add.d       ENDP, IN, $a2
    ld.d        H0, ST, 0
    ld.d        H1, ST, 8
    ld.d        H2, ST, 16
    ld.d        R0, ST, 24
    ld.d        R1, ST, 32
    srli.d      S1, R1, 2
    add.d       S1, S1, R1
1:
    /* h += m + padbit*2^128 */
    ld.d        $t0, IN, 0
    ld.d        $t1, IN, 8
    addi.d      IN, IN, 16
    add.d       H0, H0, $t0
    sltu        $t0, H0, $t0
    add.d       H1, H1, $t1
    sltu        $t1, H1, $t1
    add.d       H1, H1, $t0
    sltu        $t0, H1, $t0
    add.d       H2, H2, PAD
    add.d       $t1, $t1, $t0           /* at most one of the two carries */
    add.d       H2, H2, $t1

    /* d0 = h0*r0 + h1*s1 -> $t2 (low), $t3 (high) */
    mul.d       $t2, H0, R0
    mulh.du     $t3, H0, R0
    mul.d       $t4, H1, S1
    mulh.du     $t5, H1, S1
    add.d       $t2, $t2, $t4
    sltu        $t4, $t2, $t4
    add.d       $t3, $t3, $t5
    add.d       $t3, $t3, $t4

    /* d1 = h0*r1 + h1*r0 + h2*s1 + d0>>64 -> $t4 (low), $t5 (high) */
    mul.d       $t4, H0, R1
    mulh.du     $t5, H0, R1
    mul.d       $t6, H1, R0
    mulh.du     $t0, H1, R0
    mul.d       $t1, H2, S1
    mul.d       H2, H2, R0              /* d2, before the carries */
    add.d       $t4, $t4, $t6
    sltu        $t6, $t4, $t6
    add.d       $t5, $t5, $t0
    add.d       $t4, $t4, $t1
    sltu        $t1, $t4, $t1
    add.d       $t4, $t4, $t3
    sltu        $t3, $t4, $t3
    add.d       $t5, $t5, $t6
    add.d       $t1, $t1, $t3
    add.d       $t5, $t5, $t1
    add.d       H2, H2, $t5

    /* fold 2^130 and up back in times 5 */
    srli.d      $t0, H2, 2
    andi        H2, H2, 3
    alsl.d      $t0, $t0, $t0, 2
    add.d       H0, $t2, $t0
    sltu        $t0, H0, $t0
    add.d       H1, $t4, $t0
    sltu        $t0, H1, $t0
    add.d       H2, H2, $t0
    bne         IN, ENDP, 1b

    st.d        H0, ST, 0
    st.d        H1, ST, 8
    st.d        H2, ST, 16
2:
    jr          $ra
END(poly1305_blocks_loongarch64)

ELF_NOTES
