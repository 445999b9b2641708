/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Portable Poly1305 (RFC 8439 section 2.5): 64-bit limbs, 128-bit products.
 * The reference every Poly1305 kernel is tested against, and the set-up and
 * finish every kernel shares. Constant time: no branch or index depends on
 * the key, the message or h.
 *
 * h = h0 + h1*2^64 + h2*2^128 and r = r0 + r1*2^64 with r clamped, so r0 and
 * r1 are below 2^60 and r1 is a multiple of 4. Since 2^130 = 5 mod p,
 * h1*r1*2^128 = h1*(5*r1/4) and h2*r1*2^192 = h2*(5*r1/4)*2^64 mod p, with
 * 5*r1/4 = r1 + (r1 >> 2) exact: the product folds into three 128-bit sums
 * that cannot overflow while h2 < 8.
 */
#include "../kernels.h"
#include "../le.h"

typedef struct {
    uint64_t lo, hi;
} u128;

static inline u128 mul64(uint64_t a, uint64_t b)
{
    u128 r;
#ifdef __SIZEOF_INT128__
    unsigned __int128 p = (unsigned __int128)a * b;

    r.lo = (uint64_t)p;
    r.hi = (uint64_t)(p >> 64);
#else
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;

    r.lo = (mid << 32) | (uint32_t)p00;
    r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
#endif
    return r;
}

static inline u128 add128(u128 a, u128 b)
{
    a.lo += b.lo;
    a.hi += b.hi + (a.lo < b.lo);
    return a;
}

/* x + y + *carry, the carry out left in *carry (0 or 1). */
static inline uint64_t adc(uint64_t x, uint64_t y, uint64_t *carry)
{
    uint64_t t = x + *carry, s = t + y;

    *carry = (t < x) + (s < t);
    return s;
}

void simd_poly1305_init(simd_poly1305 *st, const uint8_t key[SIMD_POLY1305_KEY])
{
    st->h[0] = st->h[1] = st->h[2] = 0;
    st->r[0] = le64_load(key) & 0x0ffffffc0fffffffu;
    st->r[1] = le64_load(key + 8) & 0x0ffffffc0ffffffcu;
    st->s[0] = le64_load(key + 16);
    st->s[1] = le64_load(key + 24);
    st->table_of = 0;
}

void poly1305_blocks_portable(simd_poly1305 *st, const uint8_t *in, size_t len,
                              uint32_t padbit)
{
    const uint64_t r0 = st->r[0], r1 = st->r[1], s1 = r1 + (r1 >> 2);
    uint64_t h0 = st->h[0], h1 = st->h[1], h2 = st->h[2];

    for (; len >= SIMD_POLY1305_BLOCK; len -= SIMD_POLY1305_BLOCK) {
        uint64_t c = 0;
        u128 d0, d1;
        uint64_t d2;

        h0 = adc(h0, le64_load(in), &c);
        h1 = adc(h1, le64_load(in + 8), &c);
        h2 += c + padbit;
        in += SIMD_POLY1305_BLOCK;

        d0 = add128(mul64(h0, r0), mul64(h1, s1));
        d1 = add128(add128(mul64(h0, r1), mul64(h1, r0)), mul64(h2, s1));
        d2 = h2 * r0;

        /* Carry into 64-bit limbs, then fold everything from 2^130 up
         * back in times 5: h2 ends below 5. */
        h0 = d0.lo;
        d1 = add128(d1, (u128){d0.hi, 0});
        h1 = d1.lo;
        d2 += d1.hi;
        h2 = d2 & 3;
        c = 0;
        h0 = adc(h0, (d2 & ~(uint64_t)3) + (d2 >> 2), &c);
        h1 = adc(h1, 0, &c);
        h2 += c;
    }
    st->h[0] = h0;
    st->h[1] = h1;
    st->h[2] = h2;
}

void simd_poly1305_emit(const simd_poly1305 *st, uint8_t tag[SIMD_POLY1305_TAG])
{
    uint64_t h0 = st->h[0], h1 = st->h[1], h2 = st->h[2], c = 0;
    uint64_t g0, g1, g2, mask;

    /* Fold the bits from 2^130 up (h < 2^131): then h < 2^130 + 35 < 2p,
     * and one conditional subtraction of p reduces it fully. */
    h0 = adc(h0, (h2 >> 2) * 5, &c);
    h1 = adc(h1, 0, &c);
    h2 = (h2 & 3) + c;

    /* g = h + 5 - 2^130: keep it when it did not go negative (bit 2 of
     * g2 set means h + 5 >= 2^130, i.e. h >= p). */
    c = 0;
    g0 = adc(h0, 5, &c);
    g1 = adc(h1, 0, &c);
    g2 = h2 + c;
    mask = 0 - (g2 >> 2); /* all ones when h >= p */
    h0 = (h0 & ~mask) | (g0 & mask);
    h1 = (h1 & ~mask) | (g1 & mask);

    c = 0;
    h0 = adc(h0, st->s[0], &c);
    h1 = adc(h1, st->s[1], &c);
    le64_store(tag, h0);
    le64_store(tag + 8, h1);
}
