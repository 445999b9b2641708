/*
 * EXPERIMENT (not kept): the NEON 4-block loop with a fifth, scalar block
 * interleaved (320 bytes per iteration), to count instructions per byte.
 * Whole 320-byte groups only; the rest goes to chacha20_xor_neon.
 */
#include "aarch64_asm.h"

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


ENTRY(chacha20_xor_neon_mix)
    stp x29, x30, [sp, #-160]!
    mov x29, sp
    stp x19, x20, [sp, #16]
    stp x21, x22, [sp, #32]
    stp x23, x24, [sp, #48]
    stp x25, x26, [sp, #64]
    stp d8, d9, [sp, #80]
    stp d10, d11, [sp, #96]
    stp d12, d13, [sp, #112]
    /* [sp, #128..143]: counter block for the tail call */

    adrp x9, .Lmix_consts
    add x9, x9, :lo12:.Lmix_consts
    ld1 {v4.16b, v5.16b}, [x9]          /* rot8 index, sigma */
    add x10, x9, #32
    ld1 {v12.16b, v13.16b}, [x10]       /* {1,0,0,0}, {0,1,2,3} */
    ld1 {v6.4s, v7.4s}, [x3]
    ld1 {v11.4s}, [x4]
    dup v9.4s, v11.s[0]
    add v9.4s, v9.4s, v13.4s
    mov v8.16b, v11.16b
    mov v8.s[0], wzr
    movi v10.4s, #5
    ldr w24, [x4]
    add w24, w24, #4                    /* the scalar block's counter */

    cmp x2, #320
    b.lo .Lmix_rest
.Lmix_loop:
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
    ldp w5, w6, [x9, #16]
    ldp w7, w8, [x9, #24]
    ldp w11, w12, [x3]
    ldp w13, w14, [x3, #8]
    ldp w15, w16, [x3, #16]
    ldp w17, w19, [x3, #24]
    mov w20, w24
    ldp w21, w22, [x4, #4]
    ldr w23, [x4, #12]
    mov w10, #10
.Lmix_rounds:
    QR4 16, 20, 24, 28,  17, 21, 25, 29,  18, 22, 26, 30,  19, 23, 27, 31
    add w5, w5, w11
    eor w20, w20, w5
    ror w20, w20, #16
    add w15, w15, w20
    eor w11, w11, w15
    ror w11, w11, #20
    add w5, w5, w11
    eor w20, w20, w5
    ror w20, w20, #24
    add w15, w15, w20
    eor w11, w11, w15
    ror w11, w11, #25
    add w6, w6, w12
    eor w21, w21, w6
    ror w21, w21, #16
    add w16, w16, w21
    eor w12, w12, w16
    ror w12, w12, #20
    add w6, w6, w12
    eor w21, w21, w6
    ror w21, w21, #24
    add w16, w16, w21
    eor w12, w12, w16
    ror w12, w12, #25
    add w7, w7, w13
    eor w22, w22, w7
    ror w22, w22, #16
    add w17, w17, w22
    eor w13, w13, w17
    ror w13, w13, #20
    add w7, w7, w13
    eor w22, w22, w7
    ror w22, w22, #24
    add w17, w17, w22
    eor w13, w13, w17
    ror w13, w13, #25
    add w8, w8, w14
    eor w23, w23, w8
    ror w23, w23, #16
    add w19, w19, w23
    eor w14, w14, w19
    ror w14, w14, #20
    add w8, w8, w14
    eor w23, w23, w8
    ror w23, w23, #24
    add w19, w19, w23
    eor w14, w14, w19
    ror w14, w14, #25
    QR4 16, 21, 26, 31,  17, 22, 27, 28,  18, 23, 24, 29,  19, 20, 25, 30
    add w5, w5, w12
    eor w23, w23, w5
    ror w23, w23, #16
    add w17, w17, w23
    eor w12, w12, w17
    ror w12, w12, #20
    add w5, w5, w12
    eor w23, w23, w5
    ror w23, w23, #24
    add w17, w17, w23
    eor w12, w12, w17
    ror w12, w12, #25
    add w6, w6, w13
    eor w20, w20, w6
    ror w20, w20, #16
    add w19, w19, w20
    eor w13, w13, w19
    ror w13, w13, #20
    add w6, w6, w13
    eor w20, w20, w6
    ror w20, w20, #24
    add w19, w19, w20
    eor w13, w13, w19
    ror w13, w13, #25
    add w7, w7, w14
    eor w21, w21, w7
    ror w21, w21, #16
    add w15, w15, w21
    eor w14, w14, w15
    ror w14, w14, #20
    add w7, w7, w14
    eor w21, w21, w7
    ror w21, w21, #24
    add w15, w15, w21
    eor w14, w14, w15
    ror w14, w14, #25
    add w8, w8, w11
    eor w22, w22, w8
    ror w22, w22, #16
    add w16, w16, w22
    eor w11, w11, w16
    ror w11, w11, #20
    add w8, w8, w11
    eor w22, w22, w8
    ror w22, w22, #24
    add w16, w16, w22
    eor w11, w11, w16
    ror w11, w11, #25
    subs w10, w10, #1
    b.ne .Lmix_rounds

    add v28.4s, v28.4s, v9.4s
    add v9.4s, v9.4s, v10.4s
    TRANSPOSE_ADD 16, 17, 18, 19, 5
    TRANSPOSE_ADD 20, 21, 22, 23, 6
    TRANSPOSE_ADD 24, 25, 26, 27, 7
    TRANSPOSE_ADD 28, 29, 30, 31, 8
    XOR64 16, 20, 24, 28
    XOR64 17, 21, 25, 29
    XOR64 18, 22, 26, 30
    XOR64 19, 23, 27, 31

    /* scalar feed-forward, combine, XOR, store */
    ldp w25, w26, [x9, #16]
    add w5, w5, w25
    add w6, w6, w26
    ldp w25, w26, [x9, #24]
    add w7, w7, w25
    add w8, w8, w26
    ldp w25, w26, [x3]
    add w11, w11, w25
    add w12, w12, w26
    ldp w25, w26, [x3, #8]
    add w13, w13, w25
    add w14, w14, w26
    ldp w25, w26, [x3, #16]
    add w15, w15, w25
    add w16, w16, w26
    ldp w25, w26, [x3, #24]
    add w17, w17, w25
    add w19, w19, w26
    add w20, w20, w24
    ldp w25, w26, [x4, #4]
    add w21, w21, w25
    add w22, w22, w26
    ldr w25, [x4, #12]
    add w23, w23, w25
    orr x5, x5, x6, lsl #32
    orr x7, x7, x8, lsl #32
    orr x11, x11, x12, lsl #32
    orr x13, x13, x14, lsl #32
    orr x15, x15, x16, lsl #32
    orr x17, x17, x19, lsl #32
    orr x20, x20, x21, lsl #32
    orr x22, x22, x23, lsl #32
    ldp x25, x26, [x1, #0]
    eor x5, x5, x25
    eor x7, x7, x26
    stp x5, x7, [x0, #0]
    ldp x25, x26, [x1, #16]
    eor x11, x11, x25
    eor x13, x13, x26
    stp x11, x13, [x0, #16]
    ldp x25, x26, [x1, #32]
    eor x15, x15, x25
    eor x17, x17, x26
    stp x15, x17, [x0, #32]
    ldp x25, x26, [x1, #48]
    eor x20, x20, x25
    eor x22, x22, x26
    stp x20, x22, [x0, #48]
    add x1, x1, #64
    add x0, x0, #64
    add w24, w24, #5
    sub x2, x2, #320
    cmp x2, #320
    b.hs .Lmix_loop

.Lmix_rest:
    sub w24, w24, #4
    ldr q0, [x4]
    mov v0.s[0], w24
    add x4, sp, #128
    str q0, [x4]
    bl chacha20_xor_neon
    ldp d12, d13, [sp, #112]
    ldp d10, d11, [sp, #96]
    ldp d8, d9, [sp, #80]
    ldp x25, x26, [sp, #64]
    ldp x23, x24, [sp, #48]
    ldp x21, x22, [sp, #32]
    ldp x19, x20, [sp, #16]
    ldp x29, x30, [sp], #160
    ret
END(chacha20_xor_neon_mix)

    .section .rodata
    .p2align 4
.Lmix_consts:
    .byte 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14
    .long 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
    .long 1, 0, 0, 0
    .long 0, 1, 2, 3

ELF_NOTES
