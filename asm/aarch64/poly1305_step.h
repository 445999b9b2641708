/* SPDX-License-Identifier: Apache-2.0 */
/*
 * One Poly1305 block in general-purpose registers, for the scalar kernel
 * (poly1305_scalar.S, whose header explains the arithmetic and the bounds:
 * h2 <= 9 before the multiply, <= 4 after) and the stitched
 * ChaCha20-Poly1305 bodies (chacha20_poly1305_neon.S, _sve2.S), with the
 * registers named by the caller so that each body fits it around its own.
 *
 *   POLY1305_STEP p, one, h0, h1, h2, r0, r1, s1, t0, t1, t2, t3, t4, t5
 *
 * absorbs 16 bytes from [p] (p advances by 16): h = (h + m + one * 2^128)
 * * r mod 2^130 - 5, partially reduced; one holds 1 (the padbit), s1 =
 * r1 + (r1 >> 2); t0..t5 are clobbered. 28 instructions, no branch, no
 * load indexed by a secret.
 */
#ifndef SIMDPROV_AARCH64_POLY1305_STEP_H
#define SIMDPROV_AARCH64_POLY1305_STEP_H

/* h and r from the state at [st] (simd_poly1305, asm/kernels.h: h at 0,
 * r at 24) and s1 = r1 + (r1 >> 2); and h back to it. */
.macro POLY1305_LOAD_STATE st, h0, h1, h2, r0, r1, s1
    ldp \h0, \h1, [\st]
    ldr \h2, [\st, #16]
    ldp \r0, \r1, [\st, #24]
    add \s1, \r1, \r1, lsr #2
.endm

.macro POLY1305_STORE_H st, h0, h1, h2
    stp \h0, \h1, [\st]
    str \h2, [\st, #16]
.endm

.macro POLY1305_STEP p, one, h0, h1, h2, r0, r1, s1, t0, t1, t2, t3, t4, t5
    ldp \t0, \t1, [\p], #16
    adds \h0, \h0, \t0
    adcs \h1, \h1, \t1
    adc \h2, \h2, \one
    mul \t0, \h0, \r0           // d0 = h0*r0 + h1*s1
    umulh \t1, \h0, \r0
    mul \t2, \h1, \s1
    umulh \t3, \h1, \s1
    adds \t0, \t0, \t2
    adc \t1, \t1, \t3
    mul \t2, \h0, \r1           // d1 = h0*r1 + h1*r0 + h2*s1
    umulh \t3, \h0, \r1
    mul \t4, \h1, \r0
    umulh \t5, \h1, \r0
    adds \t2, \t2, \t4
    adc \t3, \t3, \t5
    mul \t4, \h2, \s1
    mul \t5, \h2, \r0           // d2 = h2*r0
    adds \t2, \t2, \t4
    adc \t3, \t3, xzr
    adds \h1, \t2, \t1          // h1 = d1.lo + d0.hi
    adc \t3, \t3, \t5           // d2 + d1.hi
    and \h2, \t3, #3
    and \t4, \t3, #~3
    add \t4, \t4, \t3, lsr #2   // 5 * (d2 >> 2)
    adds \h0, \t0, \t4
    adcs \h1, \h1, xzr
    adc \h2, \h2, xzr
.endm

#endif
