/* SPDX-License-Identifier: Apache-2.0 */
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
 * Registers: x4..x6 h, x7 r0, x8 r1, x9 s1, x3 padbit, x12..x17 scratch
 * (all caller-saved: nothing to save).
 */
#include "asm.h"
#include "poly1305_step.inc"

ENTRY(poly1305_blocks_aarch64)
    lsr x2, x2, #4
    cbz x2, 2f
    mov w3, w3                  // padbit zero-extended
    POLY1305_LOAD_STATE x0, x4, x5, x6, x7, x8, x9
1:
    POLY1305_STEP x1, x3, x4, x5, x6, x7, x8, x9, x12, x13, x14, x15, x16, x17
    subs x2, x2, #1
    b.ne 1b

    POLY1305_STORE_H x0, x4, x5, x6
2:
    ret
END(poly1305_blocks_aarch64)

ELF_NOTES
