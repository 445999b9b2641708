/* SPDX-License-Identifier: Apache-2.0 */
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
 *
 * The batch (state, rounds, feed-forward, interleave, XOR) and the d8..d15
 * frame are chacha20_sve2.inc, shared with chacha20_poly1305_sve2.S.
 */
#include "asm.h"

    .arch armv8-a+sve2

#include "chacha20_sve2.inc"

ENTRY(chacha20_sve2_blocks)
    /* Frame: d8..d15. */
    SVE2_SAVE_D8_D15 64

    ptrue p0.s
    adrp x8, .Lsve2_sigma
    add x8, x8, :lo12:.Lsve2_sigma
    SVE2_LOAD_KEY
    SVE2_BATCH_COUNTS

.Lsve2_batch:
    SVE2_LOAD_SIGMA
    cmp x15, x14
    csel x10, x15, x14, lo              /* blocks in this batch */
    SVE2_COPY_STATE
    mov w11, #10
.Lsve2_rounds:
    SVE2_COLUMNS4
    SVE2_DIAGONALS4
    subs w11, w11, #1
    b.ne .Lsve2_rounds

    SVE2_FEED_FORWARD
    SVE2_STORE_BATCH .Lsve2_batch

    SVE2_RESTORE_D8_D15 64
    ret
END(chacha20_sve2_blocks)

    .section .rodata
    .p2align 4
.Lsve2_sigma:
    SVE2_SIGMA

ELF_NOTES
