/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20 with AdvSIMD (NEON), for every aarch64 CPU.
 *
 * void chacha20_xor_neon(uint8_t *out, const uint8_t *in, size_t len,
 *                        const uint32_t key[8], const uint32_t ctr[4]);
 * (asm/kernels.h: any whole number of 64-byte blocks, 32-bit counter that
 * does not wrap in a call.)
 *
 * Main path, 256 bytes at a time: four blocks side by side, one state word per
 * register (v16..v31 = words 0..15, lane i = block i), so a quarter round on
 * four columns is plain lane-wise arithmetic with no shuffles. Rotations:
 * 16 = rev32 on halfwords, 8 = tbl with a byte index, 12 and 7 = ushr + sli
 * (the xor goes to a temporary, the rotated value back to the word). A
 * quarter-round step on four blocks is 14 instructions; 80 of them per four
 * blocks. The four blocks are then transposed back to byte order with two
 * zip levels, and the feed-forward of rows 0..3 is added after the transpose,
 * where each row is one register (rows 0..2 are the same for every block;
 * row 3's counter lane is added before it, lane-wise).
 *
 * The last one to three blocks: one block at a time, one row per register,
 * diagonals by rotating rows with ext. Only in[0..len) and out[0..len) are
 * touched.
 *
 * No scalar block is interleaved with the four vector ones: counted, that
 * takes 450.8 instructions per block instead of 308.5 (README.md); a scalar
 * block costs ~1000 instructions, three times a NEON block.
 *
 * Registers: v0..v3 temporaries, v4 rot8 index, v5..v7 rows 0..2 (sigma,
 * key[0..3], key[4..7]), v8 row 3 with lane 0 zeroed, v9 the four counters,
 * v10 {4,4,4,4}, v11 row 3 for the one-block path, v12 {1,0,0,0}, v13 scratch.
 * v8..v13 are callee-saved in their low 64 bits (AAPCS64): d8..d13 are saved.
 * No general-purpose callee-saved register is used; x30 stays in place.
 *
 * The 4-block group (state, rounds, transpose, XOR) is chacha20_neon.inc,
 * shared with the stitched body chacha20_poly1305_neon.S.
 */
#include "asm.h"
#include "chacha20_neon.inc"

/* One quarter round on the four rows of a single block (v16..v19). */
.macro QR1
    add v16.4s, v16.4s, v17.4s
    eor v19.16b, v19.16b, v16.16b
    rev32 v19.8h, v19.8h
    add v18.4s, v18.4s, v19.4s
    eor v0.16b, v17.16b, v18.16b
    ushr v17.4s, v0.4s, #20
    sli v17.4s, v0.4s, #12
    add v16.4s, v16.4s, v17.4s
    eor v19.16b, v19.16b, v16.16b
    tbl v19.16b, {v19.16b}, v4.16b
    add v18.4s, v18.4s, v19.4s
    eor v0.16b, v17.16b, v18.16b
    ushr v17.4s, v0.4s, #25
    sli v17.4s, v0.4s, #7
.endm

ENTRY(chacha20_xor_neon)
    cbz x2, .Lneon_return
    /* Frame: d8..d13. */
    stp d8, d9, [sp, #-48]!
    stp d10, d11, [sp, #16]
    stp d12, d13, [sp, #32]

    adrp x9, .Lneon_consts
    add x9, x9, :lo12:.Lneon_consts
    ld1 {v4.16b, v5.16b}, [x9], #32     /* rot8 index, sigma */
    ld1 {v12.16b, v13.16b}, [x9]        /* {1,0,0,0}, {0,1,2,3} */
    ld1 {v6.4s, v7.4s}, [x3]            /* key rows */
    ld1 {v11.4s}, [x4]                  /* counter, nonce */
    dup v9.4s, v11.s[0]
    add v9.4s, v9.4s, v13.4s            /* counters of the four blocks */
    mov v8.16b, v11.16b
    mov v8.s[0], wzr                    /* row 3 without its counter */
    movi v10.4s, #4

    cmp x2, #256
    b.lo .Lneon_one

.Lneon_loop4:
    NEON_LOAD4
    mov w10, #10
.Lneon_rounds4:
    NEON_COLUMNS4
    NEON_DIAGONALS4
    subs w10, w10, #1
    b.ne .Lneon_rounds4
    NEON_STORE4
    sub x2, x2, #256
    cmp x2, #256
    b.hs .Lneon_loop4
    cbz x2, .Lneon_done
    mov v11.s[0], v9.s[0]               /* next block's counter */

.Lneon_one:
    mov v16.16b, v5.16b
    mov v17.16b, v6.16b
    mov v18.16b, v7.16b
    mov v19.16b, v11.16b
    mov w10, #10
.Lneon_rounds1:
    QR1
    ext v17.16b, v17.16b, v17.16b, #4   /* columns -> diagonals */
    ext v18.16b, v18.16b, v18.16b, #8
    ext v19.16b, v19.16b, v19.16b, #12
    QR1
    ext v17.16b, v17.16b, v17.16b, #12  /* and back */
    ext v18.16b, v18.16b, v18.16b, #8
    ext v19.16b, v19.16b, v19.16b, #4
    subs w10, w10, #1
    b.ne .Lneon_rounds1
    add v16.4s, v16.4s, v5.4s
    add v17.4s, v17.4s, v6.4s
    add v18.4s, v18.4s, v7.4s
    add v19.4s, v19.4s, v11.4s
    add v11.4s, v11.4s, v12.4s
    NEON_XOR64 16, 17, 18, 19
    subs x2, x2, #64
    b.ne .Lneon_one

.Lneon_done:
    ldp d12, d13, [sp, #32]
    ldp d10, d11, [sp, #16]
    ldp d8, d9, [sp], #48
.Lneon_return:
    ret
END(chacha20_xor_neon)

    .section .rodata
    .p2align 4
.Lneon_consts:
    NEON_CONSTS_ROT8_SIGMA
    .long 1, 0, 0, 0
    .long 0, 1, 2, 3

ELF_NOTES
