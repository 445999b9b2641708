/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Poly1305 blocks for plain rv64gc: one block at a time in base 2^64 with
 * mul/mulhu, the same algebra as the portable kernel (5*r1/4 folds the
 * 2^128 and 2^192 products back, h2 stays small), but 64-bit loads instead
 * of byte loads and the h2 * s1 product added to d0's high word before it
 * joins d1 (both fit in 64 bits), one carry chain fewer.
 * Zbb would save nothing here: there is no add-with-carry in it and every
 * mask is an andi.
 *
 * void poly1305_blocks_rv64(simd_poly1305 *st, const uint8_t *in,
 *                           size_t len, uint32_t padbit)
 * len is a whole number of 16-byte blocks (asm/kernels.h).
 *
 * Registers:
 *   a0 st   a1 in (the aligned base on the unaligned path)   a2 end of in
 *   a3 padbit   a4 a5 a6 h0 h1 h2   a7 r0   t0 r1   t1 s1 = r1 + r1/4
 *   t2..t6 scratch; s0 s1 (saved) the unaligned path's shift counts,
 *   ra its carried word
 *
 * Bounds (as in asm/portable/poly1305_portable.c): r0, r1 < 2^60 and
 * s1 < 2^61; h2 <= 9 after the absorb (h2 < 8 on entry, < 5 after every
 * block), so h2 * s1 + hi(d0) < 2^64 and d2 * 5/4 < 2^64.
 *
 * Unaligned input: a misaligned ld may trap and be emulated (orders of
 * magnitude slower), so when `in` is not 8-byte aligned each message word is
 * rebuilt from the two aligned words it straddles (3 instructions more per
 * word). Those aligned words also hold up to 7 bytes before the first and
 * after the last input byte: an aligned 8-byte word never crosses a page,
 * so this reads nothing unmapped, and the extra bytes are shifted out.
 * The branches depend only on the pointer and the length, never on data.
 */
#include "asm.h"

#define ST a0
#define IN a1
#define INEND a2
#define PAD a3
#define H0 a4
#define H1 a5
#define H2 a6
#define R0 a7
#define R1 t0
#define S1 t1

    .option arch, +m

/* h = (h + m + padbit * 2^128) * r mod p, partially reduced; m = \m0, \m1
 * (clobbered, as are t2..t6). */
.macro BLOCK m0, m1
    /* absorb: h += m, carries into h2 */
    add     H0, H0, \m0
    sltu    \m0, H0, \m0
    add     H1, H1, \m1
    sltu    \m1, H1, \m1
    add     H1, H1, \m0
    sltu    \m0, H1, \m0
    add     H2, H2, PAD
    add     H2, H2, \m1
    add     H2, H2, \m0
    /* d0 = h0 r0 + h1 s1 (t2 low, t3 high) */
    mul     t2, H0, R0
    mulhu   t3, H0, R0
    mul     t4, H1, S1
    mulhu   t5, H1, S1
    add     t2, t2, t4
    sltu    t4, t2, t4
    add     t3, t3, t5
    add     t3, t3, t4
    /* d1 = h0 r1 + h1 r0 + (h2 s1 + hi(d0)) (t4 low, t5 high) */
    mul     t4, H0, R1
    mulhu   t5, H0, R1
    mul     t6, H1, R0
    mulhu   H1, H1, R0
    add     t4, t4, t6
    sltu    t6, t4, t6
    add     t5, t5, H1
    add     t5, t5, t6
    mul     t6, H2, S1
    add     t6, t6, t3
    add     t4, t4, t6
    sltu    t6, t4, t6
    add     t5, t5, t6
    /* d2 = h2 r0 + hi(d1); h = lo(d0) + lo(d1) 2^64 + (d2 & 3) 2^128
     * + (d2 >> 2) * 5 */
    mul     H2, H2, R0
    add     t5, t5, H2
    andi    H2, t5, 3
    andi    t3, t5, -4
    srli    t5, t5, 2
    add     t3, t3, t5
    add     H0, t2, t3
    sltu    t3, H0, t3
    add     H1, t4, t3
    sltu    t3, H1, t3
    add     H2, H2, t3
.endm

ENTRY(poly1305_blocks_rv64)
    beqz    a2, 9f
    ld      H0, 0(ST)
    ld      H1, 8(ST)
    ld      H2, 16(ST)
    ld      R0, 24(ST)
    ld      R1, 32(ST)
    srli    S1, R1, 2
    add     S1, S1, R1
    add     INEND, IN, a2
    andi    t2, IN, 7
    bnez    t2, .Lunaligned

1:  ld      t2, 0(IN)
    ld      t3, 8(IN)
    addi    IN, IN, 16
    BLOCK   t2, t3
    bne     IN, INEND, 1b

.Lstore:
    sd      H0, 0(ST)
    sd      H1, 8(ST)
    sd      H2, 16(ST)
9:  ret

/*
 * m0 = carry | (w1 << (64 - 8o)), m1 = (w1 >> 8o) | (w2 << (64 - 8o)),
 * carry = w2 >> 8o, for the aligned words w1, w2 after the carried one;
 * sll takes its count mod 64, so s1 = -8o shifts by 64 - 8o.
 */
.Lunaligned:
    addi    sp, sp, -32
    sd      s0, 0(sp)
    sd      s1, 8(sp)
    sd      ra, 16(sp)
    slli    s0, t2, 3
    neg     s1, s0
    sub     IN, IN, t2
    sub     INEND, INEND, t2
    ld      ra, 0(IN)
    srl     ra, ra, s0
2:  ld      t2, 8(IN)
    ld      t4, 16(IN)
    addi    IN, IN, 16
    sll     t3, t2, s1
    or      t3, t3, ra
    srl     t2, t2, s0
    sll     ra, t4, s1
    or      t2, t2, ra
    srl     ra, t4, s0
    /* BLOCK clobbers t2..t6: the words go in as t3 (m0), t2 (m1) */
    BLOCK   t3, t2
    bne     IN, INEND, 2b
    ld      s0, 0(sp)
    ld      s1, 8(sp)
    ld      ra, 16(sp)
    addi    sp, sp, 32
    j       .Lstore
END(poly1305_blocks_rv64)

ELF_NOTES
