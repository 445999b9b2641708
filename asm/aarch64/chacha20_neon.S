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
 * Interleaving a scalar block with the four vector ones was tried and not
 * kept: 450.8 instructions per block instead of 308.5 (README.md); a scalar
 * block costs ~1000 instructions, three times a NEON block.
 *
 * Registers: v0..v3 temporaries, v4 rot8 index, v5..v7 rows 0..2 (sigma,
 * key[0..3], key[4..7]), v8 row 3 with lane 0 zeroed, v9 the four counters,
 * v10 {4,4,4,4}, v11 row 3 for the one-block path, v12 {1,0,0,0}, v13 scratch.
 * v8..v13 are callee-saved in their low 64 bits (AAPCS64): d8..d13 are saved.
 * No general-purpose callee-saved register is used; x30 stays in place.
 */
#include "asm.h"

/* One quarter-round step set on four columns/diagonals of four blocks. */
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

/*
 * 4x4 transpose of words: on entry register r<i> lane <j> is word i of
 * block j; on exit r<j> holds words 0..3 of block j (in byte order), plus
 * the feed-forward row `ff`.
 */
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

/* XOR 64 bytes of input with the keystream rows w0..w3. */
.macro XOR64 w0, w1, w2, w3
    ld1 {v0.16b-v3.16b}, [x1], #64
    eor v0.16b, v0.16b, v\w0\().16b
    eor v1.16b, v1.16b, v\w1\().16b
    eor v2.16b, v2.16b, v\w2\().16b
    eor v3.16b, v3.16b, v\w3\().16b
    st1 {v0.16b-v3.16b}, [x0], #64
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
    mov w10, #10
.Lneon_rounds4:
    QR4 16, 20, 24, 28,  17, 21, 25, 29,  18, 22, 26, 30,  19, 23, 27, 31
    QR4 16, 21, 26, 31,  17, 22, 27, 28,  18, 23, 24, 29,  19, 20, 25, 30
    subs w10, w10, #1
    b.ne .Lneon_rounds4

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
    XOR64 16, 17, 18, 19
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
    /* tbl index: rotate each 32-bit lane left by 8 */
    .byte 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14
    /* "expand 32-byte k" */
    .long 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
    .long 1, 0, 0, 0
    .long 0, 1, 2, 3

ELF_NOTES
