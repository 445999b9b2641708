/*
 * Stitched ChaCha20-Poly1305 body: NEON ChaCha20 four blocks at a time (the
 * 4-block loop of chacha20_neon.S) with scalar Poly1305 (the arithmetic of
 * poly1305_scalar.S) in the same loop, so the integer pipes absorb 256
 * bytes of ciphertext while the vector pipes make the next 256 bytes of
 * keystream.
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
 * Registers: vector as chacha20_neon.S's 4-block loop (v0..v3 temporaries,
 * v4 rot8 index, v5..v8 rows, v9 counters, v10 {4,4,4,4}, v16..v31 state);
 * only d8..d10 of the callee-saved ones are used, and saved. General:
 * x0 out, x1 in, x2 len, x6 mac_in, w10 round count, x11..x13 h, x14 r0,
 * x15 r1, x16 s1 = r1 + (r1 >> 2), x5 the constant 1 (padbit; st is kept
 * in the frame), x3 x4 x7 x8 x9 x17 Poly1305 scratch (key and ctr are in
 * vector registers by then). No callee-saved general register is written.
 */
#include "asm.h"
#include "poly1305_step.h"

/* A quarter-round set on four columns or diagonals of four blocks:
 * chacha20_neon.S's QR4, repeated here so that each file stands alone. */
.macro QR4 a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3
    add v\a0\().4s, v\a0\().4s, v\b0\().4s
    add v\a1\().4s, v\a1\().4s, v\b1\().4s
    add v\a2\().4s, v\a2\().4s, v\b2\().4s
    add v\a3\().4s, v\a3\().4s, v\b3\().4s
    eor v\d0\().16b, v\d0\().16b, v\a0\().16b
    eor v\d1\().16b, v\d1\().16b, v\a1\().16b
    eor v\d2\().16b, v\d2\().16b, v\a2\().16b
    eor v\d3\().16b, v\d3\().16b, v\a3\().16b
    rev32 v\d0\().8h, v\d0\().8h
    rev32 v\d1\().8h, v\d1\().8h
    rev32 v\d2\().8h, v\d2\().8h
    rev32 v\d3\().8h, v\d3\().8h
    add v\c0\().4s, v\c0\().4s, v\d0\().4s
    add v\c1\().4s, v\c1\().4s, v\d1\().4s
    add v\c2\().4s, v\c2\().4s, v\d2\().4s
    add v\c3\().4s, v\c3\().4s, v\d3\().4s
    eor v0.16b, v\b0\().16b, v\c0\().16b
    eor v1.16b, v\b1\().16b, v\c1\().16b
    eor v2.16b, v\b2\().16b, v\c2\().16b
    eor v3.16b, v\b3\().16b, v\c3\().16b
    ushr v\b0\().4s, v0.4s, #20
    ushr v\b1\().4s, v1.4s, #20
    ushr v\b2\().4s, v2.4s, #20
    ushr v\b3\().4s, v3.4s, #20
    sli v\b0\().4s, v0.4s, #12
    sli v\b1\().4s, v1.4s, #12
    sli v\b2\().4s, v2.4s, #12
    sli v\b3\().4s, v3.4s, #12
    add v\a0\().4s, v\a0\().4s, v\b0\().4s
    add v\a1\().4s, v\a1\().4s, v\b1\().4s
    add v\a2\().4s, v\a2\().4s, v\b2\().4s
    add v\a3\().4s, v\a3\().4s, v\b3\().4s
    eor v\d0\().16b, v\d0\().16b, v\a0\().16b
    eor v\d1\().16b, v\d1\().16b, v\a1\().16b
    eor v\d2\().16b, v\d2\().16b, v\a2\().16b
    eor v\d3\().16b, v\d3\().16b, v\a3\().16b
    tbl v\d0\().16b, {v\d0\().16b}, v4.16b
    tbl v\d1\().16b, {v\d1\().16b}, v4.16b
    tbl v\d2\().16b, {v\d2\().16b}, v4.16b
    tbl v\d3\().16b, {v\d3\().16b}, v4.16b
    add v\c0\().4s, v\c0\().4s, v\d0\().4s
    add v\c1\().4s, v\c1\().4s, v\d1\().4s
    add v\c2\().4s, v\c2\().4s, v\d2\().4s
    add v\c3\().4s, v\c3\().4s, v\d3\().4s
    eor v0.16b, v\b0\().16b, v\c0\().16b
    eor v1.16b, v\b1\().16b, v\c1\().16b
    eor v2.16b, v\b2\().16b, v\c2\().16b
    eor v3.16b, v\b3\().16b, v\c3\().16b
    ushr v\b0\().4s, v0.4s, #25
    ushr v\b1\().4s, v1.4s, #25
    ushr v\b2\().4s, v2.4s, #25
    ushr v\b3\().4s, v3.4s, #25
    sli v\b0\().4s, v0.4s, #7
    sli v\b1\().4s, v1.4s, #7
    sli v\b2\().4s, v2.4s, #7
    sli v\b3\().4s, v3.4s, #7
.endm

/* One Poly1305 block from [x6] (poly1305_step.h). */
.macro POLY1
    POLY1305_STEP x6, x5, x11, x12, x13, x14, x15, x16, x3, x4, x7, x8, x9, x17
.endm

.macro TRANSPOSE_ADD r0, r1, r2, r3, ff
    zip1 v0.4s, v\r0\().4s, v\r1\().4s
    zip2 v1.4s, v\r0\().4s, v\r1\().4s
    zip1 v2.4s, v\r2\().4s, v\r3\().4s
    zip2 v3.4s, v\r2\().4s, v\r3\().4s
    zip1 v\r0\().2d, v0.2d, v2.2d
    zip2 v\r1\().2d, v0.2d, v2.2d
    zip1 v\r2\().2d, v1.2d, v3.2d
    zip2 v\r3\().2d, v1.2d, v3.2d
    add v\r0\().4s, v\r0\().4s, v\ff\().4s
    add v\r1\().4s, v\r1\().4s, v\ff\().4s
    add v\r2\().4s, v\r2\().4s, v\ff\().4s
    add v\r3\().4s, v\r3\().4s, v\ff\().4s
.endm

.macro XOR64 w0, w1, w2, w3
    ld1 {v0.16b-v3.16b}, [x1], #64
    eor v0.16b, v0.16b, v\w0\().16b
    eor v1.16b, v1.16b, v\w1\().16b
    eor v2.16b, v2.16b, v\w2\().16b
    eor v3.16b, v3.16b, v\w3\().16b
    st1 {v0.16b-v3.16b}, [x0], #64
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
    ld1 {v8.4s}, [x4]                   /* counter, nonce */
    dup v9.4s, v8.s[0]
    add v9.4s, v9.4s, v0.4s             /* counters of the four blocks */
    mov v8.s[0], wzr                    /* row 3 without its counter */
    movi v10.4s, #4

    ldp x11, x12, [x5]                  /* h */
    ldr x13, [x5, #16]
    ldp x14, x15, [x5, #24]             /* r */
    add x16, x15, x15, lsr #2
    mov x5, #1

.Lcp_loop:
    dup v16.4s, v5.s[0]
    dup v17.4s, v5.s[1]
    dup v18.4s, v5.s[2]
    dup v19.4s, v5.s[3]
    dup v20.4s, v6.s[0]
    dup v21.4s, v6.s[1]
    dup v22.4s, v6.s[2]
    dup v23.4s, v6.s[3]
    dup v24.4s, v7.s[0]
    dup v25.4s, v7.s[1]
    dup v26.4s, v7.s[2]
    dup v27.4s, v7.s[3]
    mov v28.16b, v9.16b
    dup v29.4s, v8.s[1]
    dup v30.4s, v8.s[2]
    dup v31.4s, v8.s[3]
    mov w10, #8
.Lcp_rounds_mac:
    QR4 16, 20, 24, 28,  17, 21, 25, 29,  18, 22, 26, 30,  19, 23, 27, 31
    POLY1
    QR4 16, 21, 26, 31,  17, 22, 27, 28,  18, 23, 24, 29,  19, 20, 25, 30
    POLY1
    subs w10, w10, #1
    b.ne .Lcp_rounds_mac
    mov w10, #2
.Lcp_rounds:
    QR4 16, 20, 24, 28,  17, 21, 25, 29,  18, 22, 26, 30,  19, 23, 27, 31
    QR4 16, 21, 26, 31,  17, 22, 27, 28,  18, 23, 24, 29,  19, 20, 25, 30
    subs w10, w10, #1
    b.ne .Lcp_rounds

    add v28.4s, v28.4s, v9.4s           /* counter lanes of the feed-forward */
    add v9.4s, v9.4s, v10.4s
    TRANSPOSE_ADD 16, 17, 18, 19, 5
    TRANSPOSE_ADD 20, 21, 22, 23, 6
    TRANSPOSE_ADD 24, 25, 26, 27, 7
    TRANSPOSE_ADD 28, 29, 30, 31, 8
    XOR64 16, 20, 24, 28
    XOR64 17, 21, 25, 29
    XOR64 18, 22, 26, 30
    XOR64 19, 23, 27, 31
    subs x2, x2, #256
    b.ne .Lcp_loop

    ldr d10, [sp, #16]
    ldr x5, [sp, #24]
    stp x11, x12, [x5]
    str x13, [x5, #16]
    ldp d8, d9, [sp], #32
    ret
END(chacha20_poly1305_neon_core)

    .section .rodata
    .p2align 4
.Lcp_consts:
    /* tbl index: rotate each 32-bit lane left by 8 */
    .byte 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14
    /* "expand 32-byte k" */
    .long 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
    .long 0, 1, 2, 3

ELF_NOTES
