/*
 * ChaCha20 with SVE2, vector-length agnostic (any VL from 128 to 2048 bits).
 *
 * void chacha20_sve2_blocks(uint8_t *out, const uint8_t *in, size_t len,
 *                           const uint32_t key[8], const uint32_t ctr[4]);
 * (asm/kernels.h: any whole number of 64-byte blocks, 32-bit counter that
 * does not wrap in a call.) The table's sve2 entry is chacha20_xor_sve2 in
 * chacha20_aarch64.c, which sends calls of one block or less to the NEON
 * kernel and the rest here. Called with len 0, this computes one batch and
 * writes nothing.
 *
 * N = VL/32 blocks per batch (4 at 128 bits, 64 at 2048), one state word
 * per register, lane i = block i. SVE2's xar (rotate right of an xor) does
 * each "d ^= a; d <<<= n" step in one instruction, so a quarter-round step is
 * 8 instructions for N blocks (NEON needs 14 for 4).
 *
 * Back to byte order without gathers or scatters (which crack into one
 * memory operation per element on real cores): for each k = 0..3, two zip
 * levels interleave words k, k+4, k+8, k+12 of all N blocks into four
 * registers Q(k, q), q = 0..3, where Q(k, q) holds those words of blocks
 * qN/4 .. qN/4 + N/4 - 1 in the order (block, word). Then for each quarter q,
 * st4w {Q(0,q), Q(1,q), Q(2,q), Q(3,q)} writes element j of register k to
 * word 4j + k, which is exactly blocks qN/4.. in memory order; ld4w reads the
 * input in the same shape, so the XOR is lane-wise. The zips write Q(k, q)
 * into the register that held word 4q + k, so each quarter's four registers
 * are consecutive, as st4w wants. N is a multiple of 4 at every legal VL.
 *
 * Nothing depends on the vector length: N comes from cntw, and a batch's
 * blocks from whilelo predicates (quarter q's element j belongs to block
 * qN/4 + j/4, so its predicate is "qN + j < 4 * blocks"). Inactive elements
 * are neither read nor written, so the last batch may hold fewer than N
 * blocks.
 *
 * Registers: z16..z31 working state; z4..z11, z13..z15 the initial key and
 * nonce rows, z12 the counters (advanced by N each batch), z0..z3 sigma,
 * reloaded each batch because they are the zips' temporaries and ld4w's
 * destination. Touching z8..z15 clobbers v8..v15, whose low 64 bits are
 * callee-saved: d8..d15 are saved. Predicates are all caller-saved for a
 * normal (non-SVE ABI) function. No general-purpose callee-saved register
 * is used, and x30 stays in place.
 */
#include "asm.h"

    .arch armv8-a+sve2

/* Four quarter rounds side by side (columns or diagonals). */
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

/* Words k, k+4, k+8, k+12 of all blocks, in z<w0>, z<w1>, z<w2>, z<w3>
 * (w0 = 16 + k, ...), become Q(k, 0..3) in the same registers, through the
 * temporaries z0..z3. */
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

/* Quarter q: XOR and store blocks qN/4 .. qN/4 + N/4 - 1 (predicate p). */
.macro XOR_QUARTER q, p, r0, r1, r2, r3
    ld4w {z0.s - z3.s}, \p/z, [x1, #(4 * \q), mul vl]
    eor z\r0\().d, z\r0\().d, z0.d
    eor z\r1\().d, z\r1\().d, z1.d
    eor z\r2\().d, z\r2\().d, z2.d
    eor z\r3\().d, z\r3\().d, z3.d
    st4w {z\r0\().s - z\r3\().s}, \p, [x0, #(4 * \q), mul vl]
.endm

ENTRY(chacha20_sve2_blocks)
    /* Frame: d8..d15. */
    stp d8, d9, [sp, #-64]!
    stp d10, d11, [sp, #16]
    stp d12, d13, [sp, #32]
    stp d14, d15, [sp, #48]

    ptrue p0.s
    adrp x8, .Lsve2_sigma
    add x8, x8, :lo12:.Lsve2_sigma
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
    cntw x14                            /* N: blocks per batch */
    add x16, x14, x14                   /* 2N, 3N: first element of */
    add x17, x16, x14                   /* quarters 2 and 3 */
    lsr x15, x2, #6                     /* blocks left */

.Lsve2_batch:
    ld1rw {z0.s}, p0/z, [x8]
    ld1rw {z1.s}, p0/z, [x8, #4]
    ld1rw {z2.s}, p0/z, [x8, #8]
    ld1rw {z3.s}, p0/z, [x8, #12]
    cmp x15, x14
    csel x10, x15, x14, lo              /* blocks in this batch */
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
    mov w11, #10
.Lsve2_rounds:
    QR4 16, 20, 24, 28,  17, 21, 25, 29,  18, 22, 26, 30,  19, 23, 27, 31
    QR4 16, 21, 26, 31,  17, 22, 27, 28,  18, 23, 24, 29,  19, 20, 25, 30
    subs w11, w11, #1
    b.ne .Lsve2_rounds

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
    lsl x11, x10, #2                    /* elements of the batch's blocks */
    whilelo p1.s, xzr, x11
    whilelo p2.s, x14, x11
    whilelo p3.s, x16, x11
    whilelo p4.s, x17, x11
    XOR_QUARTER 0, p1, 16, 17, 18, 19
    XOR_QUARTER 1, p2, 20, 21, 22, 23
    XOR_QUARTER 2, p3, 24, 25, 26, 27
    XOR_QUARTER 3, p4, 28, 29, 30, 31

    add x1, x1, x10, lsl #6
    add x0, x0, x10, lsl #6
    sub x15, x15, x10                   /* 0 after a short (last) batch */
    cbnz x15, .Lsve2_batch

    ldp d14, d15, [sp, #48]
    ldp d12, d13, [sp, #32]
    ldp d10, d11, [sp, #16]
    ldp d8, d9, [sp], #64
    ret
END(chacha20_sve2_blocks)

    .section .rodata
    .p2align 4
.Lsve2_sigma:
    .long 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574 /* "expand 32-byte k" */

ELF_NOTES
