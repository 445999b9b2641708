/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Stitched ChaCha20-Poly1305 body: NEON ChaCha20 four blocks at a time (the
 * 4-block group of chacha20_neon.S, chacha20_neon.inc) with scalar Poly1305
 * (the arithmetic of poly1305_scalar.S) in the same loop, so the integer
 * pipes absorb 256 bytes of ciphertext while the vector pipes make the next
 * 256 bytes of keystream.
 *
 * void chacha20_poly1305_neon_core(uint8_t *out, const uint8_t *in,
 *                                  size_t len, const uint32_t key[8],
 *                                  const uint32_t ctr[4], simd_poly1305 *st,
 *                                  const uint8_t *mac_in);
 *
 * len: a whole number of 256-byte groups, at least one. Iteration i XORs
 * in/out[256i, 256i + 256) and absorbs mac_in[256i, 256i + 256) (padbit 1)
 * during its rounds, before its own stores: the C entry
 * (chacha20_poly1305_aarch64.c) passes mac_in = in to open (in place: read
 * before overwritten) and mac_in = out - 256 to seal (the ciphertext the
 * previous iteration wrote). h follows the Poly1305 ABI (base 2^64, h[2] < 8
 * in and out); r, s and the table are never written.
 *
 * Sixteen Poly1305 blocks per iteration: two in each of the first eight
 * double rounds, one after each quarter-round set; the last two double
 * rounds have none. A Poly1305 block is 28 instructions (its loop is the
 * ChaCha20 one), the four ChaCha20 blocks 1234, so 1682 per 256 bytes.
 *
 * Registers: vector as chacha20_neon.inc's group (v0..v3 temporaries,
 * v4 rot8 index, v5..v8 rows, v9 counters, v10 {4,4,4,4}, v16..v31 state);
 * only d8..d10 of the callee-saved ones are used, and saved. General:
 * x0 out, x1 in, x2 len, x6 mac_in, w10 round count, x11..x13 h, x14 r0,
 * x15 r1, x16 s1 = r1 + (r1 >> 2), x5 the constant 1 (padbit; st is kept
 * in the frame), x3 x4 x7 x8 x9 x17 Poly1305 scratch (key and ctr are in
 * vector registers by then). No callee-saved general register is written.
 */
#include "asm.h"
#include "chacha20_neon.inc"
#include "poly1305_step.inc"

/* One Poly1305 block from [x6] (poly1305_step.inc). */
.macro POLY1
    POLY1305_STEP x6, x5, x11, x12, x13, x14, x15, x16, x3, x4, x7, x8, x9, x17
.endm

ENTRY(chacha20_poly1305_neon_core)
    /* Frame: d8..d10, st. */
    stp d8, d9, [sp, #-32]!
    str d10, [sp, #16]
    str x5, [sp, #24]

    adrp x9, .Lcp_consts
    add x9, x9, :lo12:.Lcp_consts
    ld1 {v4.16b, v5.16b}, [x9], #32     /* rot8 index, sigma */
    ld1 {v0.16b}, [x9]                  /* {0,1,2,3} */
    ld1 {v6.4s, v7.4s}, [x3]            /* key rows */
    /* Not chacha20_neon.S's set-up: with no one-block path, row 3 is built
     * in v8 directly and only d8..d10 are touched. */
    ld1 {v8.4s}, [x4]                   /* counter, nonce */
    dup v9.4s, v8.s[0]
    add v9.4s, v9.4s, v0.4s             /* counters of the four blocks */
    mov v8.s[0], wzr                    /* row 3 without its counter */
    movi v10.4s, #4

    POLY1305_LOAD_STATE x5, x11, x12, x13, x14, x15, x16
    mov x5, #1

.Lcp_loop:
    NEON_LOAD4
    mov w10, #8
    /* The first eight double rounds: a Poly1305 block after each half. */
.Lcp_rounds_mac:
    NEON_COLUMNS4
    POLY1
    NEON_DIAGONALS4
    POLY1
    subs w10, w10, #1
    b.ne .Lcp_rounds_mac
    mov w10, #2
.Lcp_rounds:
    NEON_COLUMNS4
    NEON_DIAGONALS4
    subs w10, w10, #1
    b.ne .Lcp_rounds
    NEON_STORE4
    subs x2, x2, #256
    b.ne .Lcp_loop

    ldr d10, [sp, #16]
    ldr x5, [sp, #24]
    POLY1305_STORE_H x5, x11, x12, x13
    ldp d8, d9, [sp], #32
    ret
END(chacha20_poly1305_neon_core)

    .section .rodata
    .p2align 4
.Lcp_consts:
    NEON_CONSTS_ROT8_SIGMA
    .long 0, 1, 2, 3

ELF_NOTES
