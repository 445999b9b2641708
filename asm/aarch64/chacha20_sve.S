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

/* "d ^= a, d <<<= n" for n = 12 or 7 and one pair, through the temporary
 * z<t>, the factor 2^n in z<k>: t = d ^ a, d = (t >> (32 - n)) + t * 2^n. */
.macro SVE_XOR_ROTATE_MLA n, k, t, d, a
    eor z\t\().d, z\d\().d, z\a\().d
    lsr z\d\().s, z\t\().s, #(32 - \n)
    mla z\d\().s, p0/m, z\t\().s, z\k\().s
.endm

/* The same for four pairs, one after the other (below). */
.macro SVE_XOR_ROTATE4_MLA n, k, d0, a0, d1, a1, d2, a2, d3, a3
    SVE_XOR_ROTATE_MLA \n, \k, 0, \d0, \a0
    SVE_XOR_ROTATE_MLA \n, \k, 1, \d1, \a1
    SVE_XOR_ROTATE_MLA \n, \k, 2, \d2, \a2
    SVE_XOR_ROTATE_MLA \n, \k, 3, \d3, \a3
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

/* z<d_i> += z<s_i>, i = 0..3 (words). */
.macro SVE_ADD4 d0, d1, d2, d3, s0, s1, s2, s3
    add z\d0\().s, z\d0\().s, z\s0\().s
    add z\d1\().s, z\d1\().s, z\s1\().s
    add z\d2\().s, z\d2\().s, z\s2\().s
    add z\d3\().s, z\d3\().s, z\s3\().s
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
    SVE2_BATCH_COUNTS

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

    /* Feed-forward: sigma, then the counters and the nonce, into z0..z3. */
    SVE_LOAD_SIGMA 0, 1, 2, 3
    SVE_ADD4 16, 17, 18, 19,  0, 1, 2, 3
    SVE_ADD4 20, 21, 22, 23,  4, 5, 6, 7
    SVE_ADD4 24, 25, 26, 27,  8, 9, 10, 11
    index z0.s, w9, #1
    ld1rw {z1.s}, p0/z, [x4, #4]
    ld1rw {z2.s}, p0/z, [x4, #8]
    ld1rw {z3.s}, p0/z, [x4, #12]
    SVE_ADD4 28, 29, 30, 31,  0, 1, 2, 3
    add w9, w9, w14                     /* next batch's first counter */

    SVE2_STORE_BATCH .Lsve_batch

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
