/*
 * ChaCha20 with SVE2, vector-length agnostic (any VL from 128 to 2048 bits).
 *
 * void chacha20_xor_sve2(uint8_t *out, const uint8_t *in, size_t len,
 *                        const uint32_t key[8], const uint32_t ctr[4]);
 * (asm/kernels.h: any length, 32-bit counter that does not wrap in a call.)
 *
 * N = VL/32 blocks per batch (4 at 128 bits, 64 at 2048), one state word
 * per register, lane i = block i. SVE2's xar (rotate right of an xor) does
 * each "d ^= a; d <<<= n" step in one instruction, so a quarter-round step is
 * 8 instructions for N blocks (NEON needs 14 for 4).
 *
 * Nothing here depends on the vector length: N comes from cntw, the batch's
 * block count from a predicate (whilelo), and input/output are read and
 * written with gathers/scatters whose lane offsets are i*64 bytes, so word w
 * of block i lands at out + 64*i + 4*w whatever N is. Inactive lanes do not
 * touch memory, so a short batch never reads or writes past the whole blocks
 * it owns. A trailing partial block is the lane just past the batch's whole
 * blocks: its 16 keystream words are pulled out with lastb into a stack
 * buffer (wiped afterwards) and XORed bytewise. Calls of at most one block
 * go to the NEON kernel's one-block path instead (fewer instructions).
 *
 * Registers: z16..z31 working state; z0..z15 the initial state, except z12
 * (the counter row is rebuilt with index each batch), which holds the
 * gather/scatter offsets {0, 64, 128, ...}. z0 doubles as the temporary of
 * the output stage and sigma[0] is reloaded from memory each batch.
 * Touching z8..z15 clobbers v8..v15, whose low 64 bits are callee-saved:
 * d8..d15 are saved. Predicates are all caller-saved for a normal (non-SVE
 * ABI) function. No general-purpose callee-saved register is used.
 */
#include "aarch64_asm.h"

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

/* Word w of every active block: out = in ^ keystream (z<k>), then step the
 * offsets to the next word. */
.macro XOR_WORD k
    ld1w {z0.s}, p1/z, [x1, z12.s, uxtw]
    eor z\k\().d, z\k\().d, z0.d
    st1w {z\k\().s}, p1, [x0, z12.s, uxtw]
    add z12.s, z12.s, #4
.endm

ENTRY(chacha20_xor_sve2)
    /* Up to one block: a batch costs ~800 instructions whatever N is, the
     * NEON one-block path ~400, so hand short calls over (a tail call: a
     * direct branch needs no BTI pad, and nothing is saved yet). */
    cmp x2, #64
    b.ls chacha20_xor_neon
    /* Frame: d8..d15 at [sp, 0..63], tail buffer at [sp, 64..127]. */
    stp d8, d9, [sp, #-128]!
    stp d10, d11, [sp, #16]
    stp d12, d13, [sp, #32]
    stp d14, d15, [sp, #48]

    ptrue p0.s
    adrp x9, .Lsve2_sigma
    add x9, x9, :lo12:.Lsve2_sigma
    ld1rw {z1.s}, p0/z, [x9, #4]
    ld1rw {z2.s}, p0/z, [x9, #8]
    ld1rw {z3.s}, p0/z, [x9, #12]
    ld1rw {z4.s}, p0/z, [x3]
    ld1rw {z5.s}, p0/z, [x3, #4]
    ld1rw {z6.s}, p0/z, [x3, #8]
    ld1rw {z7.s}, p0/z, [x3, #12]
    ld1rw {z8.s}, p0/z, [x3, #16]
    ld1rw {z9.s}, p0/z, [x3, #20]
    ld1rw {z10.s}, p0/z, [x3, #24]
    ld1rw {z11.s}, p0/z, [x3, #28]
    ld1rw {z13.s}, p0/z, [x4, #4]
    ld1rw {z14.s}, p0/z, [x4, #8]
    ld1rw {z15.s}, p0/z, [x4, #12]
    ldr w13, [x4]                       /* counter of the next block */
    mov w10, #64
    index z12.s, #0, w10                /* lane i: byte offset of block i */
    cntw x14                            /* N: blocks per batch */
    lsr x15, x2, #6                     /* whole blocks left */
    and x2, x2, #63                     /* bytes of a final partial block */

.Lsve2_batch:
    ld1rw {z0.s}, p0/z, [x9]
    cmp x15, x14
    csel x10, x15, x14, lo              /* whole blocks in this batch */
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
    index z28.s, w13, #1
    mov z29.d, z13.d
    mov z30.d, z14.d
    mov z31.d, z15.d
    mov w11, #10
.Lsve2_rounds:
    QR4 16, 20, 24, 28,  17, 21, 25, 29,  18, 22, 26, 30,  19, 23, 27, 31
    QR4 16, 21, 26, 31,  17, 22, 27, 28,  18, 23, 24, 29,  19, 20, 25, 30
    subs w11, w11, #1
    b.ne .Lsve2_rounds

    /* Feed-forward; z0 (sigma[0]) is free afterwards and holds the
     * counters, then serves as the load temporary. */
    add z16.s, z16.s, z0.s
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
    index z0.s, w13, #1
    add z28.s, z28.s, z0.s
    add z29.s, z29.s, z13.s
    add z30.s, z30.s, z14.s
    add z31.s, z31.s, z15.s

    whilelo p1.s, xzr, x10              /* lanes of whole blocks */
    XOR_WORD 16
    XOR_WORD 17
    XOR_WORD 18
    XOR_WORD 19
    XOR_WORD 20
    XOR_WORD 21
    XOR_WORD 22
    XOR_WORD 23
    XOR_WORD 24
    XOR_WORD 25
    XOR_WORD 26
    XOR_WORD 27
    XOR_WORD 28
    XOR_WORD 29
    XOR_WORD 30
    XOR_WORD 31
    sub z12.s, z12.s, #64               /* offsets back to word 0 */

    add x1, x1, x10, lsl #6
    add x0, x0, x10, lsl #6
    add w13, w13, w10
    sub x15, x15, x10
    cmp x10, x14
    b.lo .Lsve2_last                    /* a short batch is the last one */
    cbnz x15, .Lsve2_batch
    cbnz x2, .Lsve2_batch               /* only the partial block is left */
    b .Lsve2_done

.Lsve2_last:
    cbz x2, .Lsve2_done
    /* Lane x10 (just past the whole blocks) is the partial block's
     * keystream: the eor above left it alone (inactive loads give 0). */
    add x11, x10, #1
    whilelo p2.s, xzr, x11              /* lastb picks lane x10 */
    add x9, sp, #64
    lastb w10, p2, z16.s
    lastb w11, p2, z17.s
    stp w10, w11, [x9]
    lastb w10, p2, z18.s
    lastb w11, p2, z19.s
    stp w10, w11, [x9, #8]
    lastb w10, p2, z20.s
    lastb w11, p2, z21.s
    stp w10, w11, [x9, #16]
    lastb w10, p2, z22.s
    lastb w11, p2, z23.s
    stp w10, w11, [x9, #24]
    lastb w10, p2, z24.s
    lastb w11, p2, z25.s
    stp w10, w11, [x9, #32]
    lastb w10, p2, z26.s
    lastb w11, p2, z27.s
    stp w10, w11, [x9, #40]
    lastb w10, p2, z28.s
    lastb w11, p2, z29.s
    stp w10, w11, [x9, #48]
    lastb w10, p2, z30.s
    lastb w11, p2, z31.s
    stp w10, w11, [x9, #56]
    mov x10, #0
.Lsve2_bytes:
    ldrb w11, [x1, x10]
    ldrb w12, [x9, x10]
    eor w11, w11, w12
    strb w11, [x0, x10]
    add x10, x10, #1
    cmp x10, x2
    b.ne .Lsve2_bytes
    stp xzr, xzr, [x9]                  /* no keystream left behind */
    stp xzr, xzr, [x9, #16]
    stp xzr, xzr, [x9, #32]
    stp xzr, xzr, [x9, #48]

.Lsve2_done:
    ldp d14, d15, [sp, #48]
    ldp d12, d13, [sp, #32]
    ldp d10, d11, [sp, #16]
    ldp d8, d9, [sp], #128
    ret
END(chacha20_xor_sve2)

    .section .rodata
    .p2align 4
.Lsve2_sigma:
    .long 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574 /* "expand 32-byte k" */

ELF_NOTES
