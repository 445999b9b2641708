/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20 with base SVE (no SVE2 instruction), vector-length agnostic.
 *
 * void chacha20_sve_blocks(uint8_t *out, const uint8_t *in, size_t len,
 *                          const uint32_t key[8], const uint32_t ctr[4]);
 * (asm/kernels.h: any whole number of 64-byte blocks, 32-bit counter that
 * does not wrap in a call.) The table's sve entry is chacha20_xor_sve in
 * chacha20_aarch64.c, which sends short calls to the NEON kernel and the
 * rest here. Called with len 0, this computes one batch and writes nothing.
 *
 * The shape is chacha20_sve2.S's: N = VL/32 blocks per batch, one state
 * word per register (lane i = block i), the same rounds, interleave and
 * predicated ld4w/st4w XOR (chacha20_sve2.inc). Only the rotations differ,
 * since base SVE has no xar. "d ^= a, d <<<= n" becomes:
 *   n = 16: eor + revh (halfwords swapped in each word), 2 instructions;
 *   n = 8:  eor + tbl (a byte permutation, index register z12), 2;
 *   n = 12, 7: t = eor, d = lsr(t, 32 - n), mla d += t * 2^n, 3.
 * These are the shortest base-SVE forms. Base SVE has no shift-and-insert
 * (sli/sri/usra are SVE2), so a rotation by a non-multiple of 8 needs
 * both halves of the word; lsl + lsr + orr would take three instructions
 * after the eor, while the predicated multiply-accumulate by a constant
 * (base SVE) shifts left and combines in one, the two parts being disjoint
 * bits so that the add is the or. revh and tbl do the byte-multiple
 * rotations in one (tbl for 16 too would equal revh; shifts for 8 would
 * cost 2 more). A quarter round is then 14 instructions for N blocks,
 * against SVE2's 8 and NEON's 14 for 4: fewer than NEON per block once
 * N >= 8, so the kernel is chosen only at VL >= 256 bits (arch.c).
 *
 * Registers: z16..z31 the working state; z0..z3 the temporaries of the
 * 12/7 rotations (four quarter rounds side by side) and of the interleave;
 * z12 tbl's index; z13, z14 the factors 2^12 and 2^7; z4..z11 the key
 * rows. With those taken, sigma and the nonce rows are loaded from memory
 * into the state for each batch and again for the feed-forward, and the
 * counters are rebuilt from w9 (index) each time, instead of living in
 * registers as in SVE2's kernel (z15 is free).
 * Touching z8..z15 clobbers v8..v15, whose low 64 bits are callee-saved:
 * d8..d15 are saved. Predicates are caller-saved for a normal (non-SVE ABI)
 * function; no general-purpose callee-saved register is used.
 */
#include "asm.h"

    .arch armv8-a+sve

#include "chacha20_sve2.inc"

/* "d ^= a, d <<<= n" for n = 12 or 7, the factor 2^n in z<k>: t = d ^ a,
 * d = (t >> (32 - n)) + t * 2^n, pair by pair (below). */
.macro SVE_XOR_ROTATE4_MLA n, k, d0, a0, d1, a1, d2, a2, d3, a3
    eor z0.d, z\d0\().d, z\a0\().d
    lsr z\d0\().s, z0.s, #(32 - \n)
    mla z\d0\().s, p0/m, z0.s, z\k\().s
    eor z1.d, z\d1\().d, z\a1\().d
    lsr z\d1\().s, z1.s, #(32 - \n)
    mla z\d1\().s, p0/m, z1.s, z\k\().s
    eor z2.d, z\d2\().d, z\a2\().d
    lsr z\d2\().s, z2.s, #(32 - \n)
    mla z\d2\().s, p0/m, z2.s, z\k\().s
    eor z3.d, z\d3\().d, z\a3\().d
    lsr z\d3\().s, z3.s, #(32 - \n)
    mla z\d3\().s, p0/m, z3.s, z\k\().s
.endm

/* "d ^= a, d <<<= n" for four (d, a) pairs, in base SVE (see above). The
 * 12/7 form runs pair by pair: on Neoverse V1 SVE shifts issue on one of
 * the two vector pipes (V1) and multiplies on the other (V0), so spread
 * among the other work they keep both pipes busy. */
.macro SVE_XOR_ROTATE4 n, d0, a0, d1, a1, d2, a2, d3, a3
.if \n == 16
    eor z\d0\().d, z\d0\().d, z\a0\().d
    eor z\d1\().d, z\d1\().d, z\a1\().d
    eor z\d2\().d, z\d2\().d, z\a2\().d
    eor z\d3\().d, z\d3\().d, z\a3\().d
    revh z\d0\().s, p0/m, z\d0\().s
    revh z\d1\().s, p0/m, z\d1\().s
    revh z\d2\().s, p0/m, z\d2\().s
    revh z\d3\().s, p0/m, z\d3\().s
.elseif \n == 8
    eor z\d0\().d, z\d0\().d, z\a0\().d
    eor z\d1\().d, z\d1\().d, z\a1\().d
    eor z\d2\().d, z\d2\().d, z\a2\().d
    eor z\d3\().d, z\d3\().d, z\a3\().d
    tbl z\d0\().b, {z\d0\().b}, z12.b
    tbl z\d1\().b, {z\d1\().b}, z12.b
    tbl z\d2\().b, {z\d2\().b}, z12.b
    tbl z\d3\().b, {z\d3\().b}, z12.b
.elseif \n == 12
    SVE_XOR_ROTATE4_MLA 12, 13, \d0, \a0, \d1, \a1, \d2, \a2, \d3, \a3
.else
    SVE_XOR_ROTATE4_MLA 7, 14, \d0, \a0, \d1, \a1, \d2, \a2, \d3, \a3
.endif
.endm

/* Sigma's four words broadcast into z<r>..z<r+3>. */
.macro SVE_LOAD_SIGMA r0, r1, r2, r3
    ld1rw {z\r0\().s}, p0/z, [x8]
    ld1rw {z\r1\().s}, p0/z, [x8, #4]
    ld1rw {z\r2\().s}, p0/z, [x8, #8]
    ld1rw {z\r3\().s}, p0/z, [x8, #12]
.endm

ENTRY(chacha20_sve_blocks)
    /* Frame: d8..d15. */
    SVE2_SAVE_D8_D15 64

    ptrue p0.s
    adrp x8, .Lsve_sigma
    add x8, x8, :lo12:.Lsve_sigma
    ld1rw {z4.s}, p0/z, [x3]            /* key rows */
    ld1rw {z5.s}, p0/z, [x3, #4]
    ld1rw {z6.s}, p0/z, [x3, #8]
    ld1rw {z7.s}, p0/z, [x3, #12]
    ld1rw {z8.s}, p0/z, [x3, #16]
    ld1rw {z9.s}, p0/z, [x3, #20]
    ld1rw {z10.s}, p0/z, [x3, #24]
    ld1rw {z11.s}, p0/z, [x3, #28]
    ldr w9, [x4]                        /* the batch's first counter */
    mov z13.s, #4096                    /* 2^12 and 2^7: "<< 12", "<< 7" */
    mov z14.s, #128                     /* as multiplications (mla) */
    /* tbl index of "<<< 8" in each word: result byte i of word w is byte
     * (i + 3) mod 4 of it, so bytes 3, 0, 1, 2 (0x02010003), plus 4 per
     * word (0x04040404; no carry between bytes up to VL 2048). */
    mov w10, #0x0003
    movk w10, #0x0201, lsl #16
    mov w11, #0x04040404
    index z12.s, w10, w11
    cntw x14                            /* N: blocks per batch */
    add x16, x14, x14                   /* 2N, 3N: first element of */
    add x17, x16, x14                   /* quarters 2 and 3 */
    lsr x15, x2, #6                     /* blocks left */

.Lsve_batch:
    cmp x15, x14
    csel x10, x15, x14, lo              /* blocks in this batch */
    SVE_LOAD_SIGMA 16, 17, 18, 19
    mov z20.d, z4.d
    mov z21.d, z5.d
    mov z22.d, z6.d
    mov z23.d, z7.d
    mov z24.d, z8.d
    mov z25.d, z9.d
    mov z26.d, z10.d
    mov z27.d, z11.d
    index z28.s, w9, #1                 /* counters of the batch's blocks */
    ld1rw {z29.s}, p0/z, [x4, #4]       /* nonce rows */
    ld1rw {z30.s}, p0/z, [x4, #8]
    ld1rw {z31.s}, p0/z, [x4, #12]
    mov w11, #10
.Lsve_rounds:
    CHACHA_SVE_COLUMNS4 SVE_XOR_ROTATE4
    CHACHA_SVE_DIAGONALS4 SVE_XOR_ROTATE4
    subs w11, w11, #1
    b.ne .Lsve_rounds

    /* Feed-forward: sigma, the counters and the nonce again into z0..z3. */
    SVE_LOAD_SIGMA 0, 1, 2, 3
    add z16.s, z16.s, z0.s
    add z17.s, z17.s, z1.s
    add z18.s, z18.s, z2.s
    add z19.s, z19.s, z3.s
    index z0.s, w9, #1
    ld1rw {z1.s}, p0/z, [x4, #4]
    ld1rw {z2.s}, p0/z, [x4, #8]
    ld1rw {z3.s}, p0/z, [x4, #12]
    add z20.s, z20.s, z4.s
    add z21.s, z21.s, z5.s
    add z22.s, z22.s, z6.s
    add z23.s, z23.s, z7.s
    add z24.s, z24.s, z8.s
    add z25.s, z25.s, z9.s
    add z26.s, z26.s, z10.s
    add z27.s, z27.s, z11.s
    add z28.s, z28.s, z0.s
    add z29.s, z29.s, z1.s
    add z30.s, z30.s, z2.s
    add z31.s, z31.s, z3.s
    add w9, w9, w14                     /* next batch's first counter */

    SVE2_INTERLEAVE_ALL
    lsl x11, x10, #2                    /* elements of the batch's blocks */
    whilelo p1.s, xzr, x11
    whilelo p2.s, x14, x11
    whilelo p3.s, x16, x11
    whilelo p4.s, x17, x11
    SVE2_XOR_BATCH p1, p2, p3, p4

    add x1, x1, x10, lsl #6
    add x0, x0, x10, lsl #6
    sub x15, x15, x10                   /* 0 after a short (last) batch */
    cbnz x15, .Lsve_batch

    SVE2_RESTORE_D8_D15 64
    ret
END(chacha20_sve_blocks)

/* The SVE vector length in bytes (rdvl), for the probe (arch.c); only
 * called where AT_HWCAP has SVE. */
ENTRY(simd_aarch64_sve_bytes)
    rdvl x0, #1
    ret
END(simd_aarch64_sve_bytes)

    .section .rodata
    .p2align 4
.Lsve_sigma:
    SVE2_SIGMA

ELF_NOTES
