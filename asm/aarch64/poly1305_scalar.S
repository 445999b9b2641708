/*
 * Poly1305 in general-purpose registers, for every aarch64 CPU.
 *
 * void poly1305_blocks_aarch64(simd_poly1305 *st, const uint8_t *in,
 *                              size_t len, uint32_t padbit);
 * (asm/kernels.h: whole 16-byte blocks, h base 2^64 with h[2] < 8.)
 *
 * One block per iteration, the same arithmetic as the portable kernel:
 * s1 = r1 + (r1 >> 2) = 5*r1/4 (exact: clamping makes r1 a multiple of 4),
 * so h1*r1*2^128 = h1*s1 and h2*r1*2^192 = h2*s1*2^64 mod p (2^130 = 5):
 *   d0 = h0*r0 + h1*s1           (128 bits)
 *   d1 = h0*r1 + h1*r0 + h2*s1   (128 bits; h2*s1 < 2^64 as h2 <= 9)
 *   d2 = h2*r0                   (64 bits: r0 < 2^60)
 * then the bits from 2^130 up fold back times 5 ((d2 & ~3) + (d2 >> 2)),
 * leaving h2 <= 4. mul/umulh have data-independent timing on the cores
 * this targets; there is no branch or load indexed by the key or data.
 *
 * Registers: x4..x6 h, x7 r0, x8 r1, x9 s1, x3 padbit, x10..x17 scratch
 * (all caller-saved: nothing to save).
 */
#include "asm.h"

ENTRY(poly1305_blocks_aarch64)
    lsr x2, x2, #4
    cbz x2, 2f
    mov w3, w3                  // padbit zero-extended
    ldp x4, x5, [x0]
    ldr x6, [x0, #16]
    ldp x7, x8, [x0, #24]
    add x9, x8, x8, lsr #2
1:
    ldp x10, x11, [x1], #16
    adds x4, x4, x10
    adcs x5, x5, x11
    adc x6, x6, x3

    mul x12, x4, x7             // d0 = h0*r0 + h1*s1
    umulh x13, x4, x7
    mul x14, x5, x9
    umulh x15, x5, x9
    adds x12, x12, x14
    adc x13, x13, x15

    mul x14, x4, x8             // d1 = h0*r1 + h1*r0 + h2*s1
    umulh x15, x4, x8
    mul x16, x5, x7
    umulh x17, x5, x7
    adds x14, x14, x16
    adc x15, x15, x17
    mul x16, x6, x9
    mul x17, x6, x7             // d2 = h2*r0
    adds x14, x14, x16
    adc x15, x15, xzr

    adds x5, x14, x13           // h1 = d1.lo + d0.hi
    adc x15, x15, x17           // d2 + d1.hi
    and x6, x15, #3
    and x16, x15, #~3
    add x16, x16, x15, lsr #2   // 5 * (d2 >> 2)
    adds x4, x12, x16
    adcs x5, x5, xzr
    adc x6, x6, xzr
    subs x2, x2, #1
    b.ne 1b

    stp x4, x5, [x0]
    str x6, [x0, #16]
2:
    ret
END(poly1305_blocks_aarch64)

ELF_NOTES
