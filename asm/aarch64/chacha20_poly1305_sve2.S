/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Stitched ChaCha20-Poly1305 body with SVE2: the batches of
 * chacha20_sve2.S (N = VL/32 blocks, one state word per register, xar
 * rotates; any VL from 128 to 2048 bits) with scalar Poly1305 (poly1305_step.inc)
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
 * Registers: z0..z31 as in chacha20_sve2.inc (the batch of
 * chacha20_sve2.S); x0 out, x1 in, x2 len, x6 mac_in, x8 sigma, w10 round
 * count, x11..x13 h, x14 r0, x15 r1, x16 s1, x5 the constant 1 (st is kept
 * in the frame), x19 N/4, x20 the pair count, x3 x4 x7 x9 x17 x21 Poly1305
 * scratch. d8..d15 and x19..x21 are saved; x30 stays in place.
 */
#include "asm.h"
#include "poly1305_step.inc"

    .arch armv8-a+sve2

#include "chacha20_sve2.inc"

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
    SVE2_SAVE_D8_D15 96
    stp x19, x20, [sp, #64]
    stp x21, x5, [sp, #80]

    ptrue p0.s
    adrp x8, .Lcps_sigma
    add x8, x8, :lo12:.Lcps_sigma
    SVE2_LOAD_KEY
    cntw x19
    lsr x19, x19, #2                    /* N/4 */

    POLY1305_LOAD_STATE x5, x11, x12, x13, x14, x15, x16
    mov x5, #1

.Lcps_batch:
    SVE2_LOAD_SIGMA
    SVE2_COPY_STATE
    mov w10, #8
    /* The first eight double rounds, each followed by N/2 Poly1305 blocks:
     * chacha20_sve2.S's round loop with the MAC woven in. */
.Lcps_rounds_mac:
    SVE2_COLUMNS4
    SVE2_DIAGONALS4
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
    SVE2_COLUMNS4
    SVE2_DIAGONALS4
    subs w10, w10, #1
    b.ne .Lcps_rounds

    SVE2_FEED_FORWARD
    SVE2_INTERLEAVE_ALL
    SVE2_XOR_BATCH p0, p0, p0, p0         /* whole batches only */

    addvl x1, x1, #16                   /* one batch: 16 vectors */
    addvl x0, x0, #16
    cntb x9
    subs x2, x2, x9, lsl #4
    b.ne .Lcps_batch

    ldp x21, x5, [sp, #80]
    POLY1305_STORE_H x5, x11, x12, x13
    ldp x19, x20, [sp, #64]
    SVE2_RESTORE_D8_D15 96
    ret
END(chacha20_poly1305_sve2_core)

    .section .rodata
    .p2align 4
.Lcps_sigma:
    SVE2_SIGMA

ELF_NOTES
