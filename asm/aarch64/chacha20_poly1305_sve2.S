/*
 * Stitched ChaCha20-Poly1305 body with SVE2: the batches of
 * chacha20_sve2.S (N = VL/32 blocks, one state word per register, xar
 * rotates; any VL from 128 to 2048 bits) with scalar Poly1305 (poly1305_step.h)
 * in the same loop.
 *
 * void chacha20_poly1305_sve2_core(uint8_t *out, const uint8_t *in,
 *                                  size_t len, const uint32_t key[8],
 *                                  const uint32_t ctr[4], simd_poly1305 *st,
 *                                  const uint8_t *mac_in);
 * size_t chacha20_poly1305_sve2_batch(void);   N * 64 bytes
 *
 * len: a whole number of batches, at least one (so every predicate is
 * all-true: no partial batch here, the C entry gives the rest to the
 * two-pass kernels). Iteration i absorbs mac_in[iB, iB + B) (B the batch
 * bytes, padbit 1) during its rounds, before its own stores, as in
 * chacha20_poly1305_neon.S: mac_in = in to open, out - B to seal.
 *
 * A batch holds 4N Poly1305 blocks: N/2 in each of the first eight double
 * rounds (a loop of N/4 pairs after its two quarter-round sets; N is a
 * multiple of 4 at every legal VL), none in the last two.
 *
 * Registers: z0..z31 as in chacha20_sve2.S; x0 out, x1 in, x2 len, x6
 * mac_in, x8 sigma, w10 round count, x11..x13 h, x14 r0, x15 r1, x16 s1,
 * x5 the constant 1 (st is kept in the frame), x19 N/4, x20 the pair
 * count, x3 x4 x7 x9 x17 x21 Poly1305 scratch. d8..d15 and x19..x21 are
 * saved; x30 stays in place.
 */
#include "asm.h"
#include "poly1305_step.h"

    .arch armv8-a+sve2

.macro QR4 a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3
    add z\a0\().s, z\a0\().s, z\b0\().s
    add z\a1\().s, z\a1\().s, z\b1\().s
    add z\a2\().s, z\a2\().s, z\b2\().s
    add z\a3\().s, z\a3\().s, z\b3\().s
    xar z\d0\().s, z\d0\().s, z\a0\().s, #16
    xar z\d1\().s, z\d1\().s, z\a1\().s, #16
    xar z\d2\().s, z\d2\().s, z\a2\().s, #16
    xar z\d3\().s, z\d3\().s, z\a3\().s, #16
    add z\c0\().s, z\c0\().s, z\d0\().s
    add z\c1\().s, z\c1\().s, z\d1\().s
    add z\c2\().s, z\c2\().s, z\d2\().s
    add z\c3\().s, z\c3\().s, z\d3\().s
    xar z\b0\().s, z\b0\().s, z\c0\().s, #20
    xar z\b1\().s, z\b1\().s, z\c1\().s, #20
    xar z\b2\().s, z\b2\().s, z\c2\().s, #20
    xar z\b3\().s, z\b3\().s, z\c3\().s, #20
    add z\a0\().s, z\a0\().s, z\b0\().s
    add z\a1\().s, z\a1\().s, z\b1\().s
    add z\a2\().s, z\a2\().s, z\b2\().s
    add z\a3\().s, z\a3\().s, z\b3\().s
    xar z\d0\().s, z\d0\().s, z\a0\().s, #24
    xar z\d1\().s, z\d1\().s, z\a1\().s, #24
    xar z\d2\().s, z\d2\().s, z\a2\().s, #24
    xar z\d3\().s, z\d3\().s, z\a3\().s, #24
    add z\c0\().s, z\c0\().s, z\d0\().s
    add z\c1\().s, z\c1\().s, z\d1\().s
    add z\c2\().s, z\c2\().s, z\d2\().s
    add z\c3\().s, z\c3\().s, z\d3\().s
    xar z\b0\().s, z\b0\().s, z\c0\().s, #25
    xar z\b1\().s, z\b1\().s, z\c1\().s, #25
    xar z\b2\().s, z\b2\().s, z\c2\().s, #25
    xar z\b3\().s, z\b3\().s, z\c3\().s, #25
.endm


.macro INTERLEAVE w0, w1, w2, w3
    zip1 z0.s, z\w0\().s, z\w2\().s     /* words k, k+8 of the low half */
    zip2 z1.s, z\w0\().s, z\w2\().s     /* ... of the high half */
    zip1 z2.s, z\w1\().s, z\w3\().s     /* words k+4, k+12, low half */
    zip2 z3.s, z\w1\().s, z\w3\().s
    zip1 z\w0\().s, z0.s, z2.s          /* Q(k, 0): first quarter of blocks */
    zip2 z\w1\().s, z0.s, z2.s          /* Q(k, 1) */
    zip1 z\w2\().s, z1.s, z3.s          /* Q(k, 2) */
    zip2 z\w3\().s, z1.s, z3.s          /* Q(k, 3) */
.endm


/* Quarter q of a whole batch: XOR and store blocks qN/4 .. qN/4 + N/4 - 1. */
.macro XOR_QUARTER q, r0, r1, r2, r3
    ld4w {z0.s - z3.s}, p0/z, [x1, #(4 * \q), mul vl]
    eor z\r0\().d, z\r0\().d, z0.d
    eor z\r1\().d, z\r1\().d, z1.d
    eor z\r2\().d, z\r2\().d, z2.d
    eor z\r3\().d, z\r3\().d, z3.d
    st4w {z\r0\().s - z\r3\().s}, p0, [x0, #(4 * \q), mul vl]
.endm

.macro POLY1
    POLY1305_STEP x6, x5, x11, x12, x13, x14, x15, x16, x3, x4, x7, x21, x9, x17
.endm

ENTRY(chacha20_poly1305_sve2_batch)
    cntb x0
    lsl x0, x0, #4                      /* N * 64 = VL/8 * 16 */
    ret
END(chacha20_poly1305_sve2_batch)

ENTRY(chacha20_poly1305_sve2_core)
    /* Frame: d8..d15, x19..x21, st. */
    stp d8, d9, [sp, #-96]!
    stp d10, d11, [sp, #16]
    stp d12, d13, [sp, #32]
    stp d14, d15, [sp, #48]
    stp x19, x20, [sp, #64]
    stp x21, x5, [sp, #80]

    ptrue p0.s
    adrp x8, .Lcps_sigma
    add x8, x8, :lo12:.Lcps_sigma
    ld1rw {z4.s}, p0/z, [x3]
    ld1rw {z5.s}, p0/z, [x3, #4]
    ld1rw {z6.s}, p0/z, [x3, #8]
    ld1rw {z7.s}, p0/z, [x3, #12]
    ld1rw {z8.s}, p0/z, [x3, #16]
    ld1rw {z9.s}, p0/z, [x3, #20]
    ld1rw {z10.s}, p0/z, [x3, #24]
    ld1rw {z11.s}, p0/z, [x3, #28]
    ldr w9, [x4]
    index z12.s, w9, #1                 /* counters of the batch's blocks */
    ld1rw {z13.s}, p0/z, [x4, #4]
    ld1rw {z14.s}, p0/z, [x4, #8]
    ld1rw {z15.s}, p0/z, [x4, #12]
    cntw x19
    lsr x19, x19, #2                    /* N/4 */

    ldp x11, x12, [x5]                  /* h */
    ldr x13, [x5, #16]
    ldp x14, x15, [x5, #24]             /* r */
    add x16, x15, x15, lsr #2
    mov x5, #1

.Lcps_batch:
    ld1rw {z0.s}, p0/z, [x8]
    ld1rw {z1.s}, p0/z, [x8, #4]
    ld1rw {z2.s}, p0/z, [x8, #8]
    ld1rw {z3.s}, p0/z, [x8, #12]
    mov z16.d, z0.d
    mov z17.d, z1.d
    mov z18.d, z2.d
    mov z19.d, z3.d
    mov z20.d, z4.d
    mov z21.d, z5.d
    mov z22.d, z6.d
    mov z23.d, z7.d
    mov z24.d, z8.d
    mov z25.d, z9.d
    mov z26.d, z10.d
    mov z27.d, z11.d
    mov z28.d, z12.d
    mov z29.d, z13.d
    mov z30.d, z14.d
    mov z31.d, z15.d
    mov w10, #8
.Lcps_rounds_mac:
    QR4 16, 20, 24, 28,  17, 21, 25, 29,  18, 22, 26, 30,  19, 23, 27, 31
    QR4 16, 21, 26, 31,  17, 22, 27, 28,  18, 23, 24, 29,  19, 20, 25, 30
    mov x20, x19
.Lcps_mac:
    POLY1
    POLY1
    subs x20, x20, #1
    b.ne .Lcps_mac
    subs w10, w10, #1
    b.ne .Lcps_rounds_mac
    mov w10, #2
.Lcps_rounds:
    QR4 16, 20, 24, 28,  17, 21, 25, 29,  18, 22, 26, 30,  19, 23, 27, 31
    QR4 16, 21, 26, 31,  17, 22, 27, 28,  18, 23, 24, 29,  19, 20, 25, 30
    subs w10, w10, #1
    b.ne .Lcps_rounds

    add z16.s, z16.s, z0.s              /* feed-forward */
    add z17.s, z17.s, z1.s
    add z18.s, z18.s, z2.s
    add z19.s, z19.s, z3.s
    add z20.s, z20.s, z4.s
    add z21.s, z21.s, z5.s
    add z22.s, z22.s, z6.s
    add z23.s, z23.s, z7.s
    add z24.s, z24.s, z8.s
    add z25.s, z25.s, z9.s
    add z26.s, z26.s, z10.s
    add z27.s, z27.s, z11.s
    add z28.s, z28.s, z12.s
    add z29.s, z29.s, z13.s
    add z30.s, z30.s, z14.s
    add z31.s, z31.s, z15.s
    incw z12.s                          /* next batch's counters */

    INTERLEAVE 16, 20, 24, 28
    INTERLEAVE 17, 21, 25, 29
    INTERLEAVE 18, 22, 26, 30
    INTERLEAVE 19, 23, 27, 31
    XOR_QUARTER 0, 16, 17, 18, 19
    XOR_QUARTER 1, 20, 21, 22, 23
    XOR_QUARTER 2, 24, 25, 26, 27
    XOR_QUARTER 3, 28, 29, 30, 31

    addvl x1, x1, #16                   /* one batch: 16 vectors */
    addvl x0, x0, #16
    cntb x9
    subs x2, x2, x9, lsl #4
    b.ne .Lcps_batch

    ldp x21, x5, [sp, #80]
    stp x11, x12, [x5]
    str x13, [x5, #16]
    ldp x19, x20, [sp, #64]
    ldp d14, d15, [sp, #48]
    ldp d12, d13, [sp, #32]
    ldp d10, d11, [sp, #16]
    ldp d8, d9, [sp], #96
    ret
END(chacha20_poly1305_sve2_core)

    .section .rodata
    .p2align 4
.Lcps_sigma:
    .long 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574 /* "expand 32-byte k" */

ELF_NOTES
