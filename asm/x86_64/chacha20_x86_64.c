/*
 * x86_64 ChaCha20 entries: one per ISA level, each choosing among that
 * level's block-count kernels by length. A wide kernel computes a whole
 * group even for a partial one, so the remainder after the full groups goes
 * to the narrowest kernel that covers it in one call. The thresholds are the
 * crossover points measured on AMD Zen 5 (bench, README): e.g. at the
 * SSSE3 level one 4-block group costs about as much as two single blocks.
 */
#include "kernels_x86_64.h"

/* Run `kernel` over the whole groups of `group` bytes at the front. */
static size_t whole_groups(simd_chacha20_fn kernel, size_t group,
                           uint8_t *out, const uint8_t *in, size_t len,
                           const uint32_t key[8], const uint32_t ctr[4])
{
    size_t n = len - len % group;

    if (n > 0)
        kernel(out, in, n, key, ctr);
    return n;
}

/* The counter words for a call starting `done` bytes (whole blocks) in. */
static void advance(uint32_t c[4], const uint32_t ctr[4], size_t done)
{
    c[0] = ctr[0] + (uint32_t)(done / SIMD_CHACHA20_BLOCK);
    c[1] = ctr[1];
    c[2] = ctr[2];
    c[3] = ctr[3];
}

void chacha20_xor_ssse3(uint8_t *out, const uint8_t *in, size_t len,
                        const uint32_t key[8], const uint32_t ctr[4])
{
    size_t done;
    uint32_t c[4];

    if (len <= 128) {
        chacha20_ssse3_1x(out, in, len, key, ctr);
        return;
    }
    done = whole_groups(chacha20_ssse3_4x, 256, out, in, len, key, ctr);
    if (done == len)
        return;
    advance(c, ctr, done);
    if (len - done <= 128)
        chacha20_ssse3_1x(out + done, in + done, len - done, key, c);
    else
        chacha20_ssse3_4x(out + done, in + done, len - done, key, c);
}

void chacha20_xor_avx2(uint8_t *out, const uint8_t *in, size_t len,
                       const uint32_t key[8], const uint32_t ctr[4])
{
    size_t done, rest;
    uint32_t c[4];

    done = whole_groups(chacha20_avx2_8x, 512, out, in, len, key, ctr);
    rest = len - done;
    if (rest == 0)
        return;
    advance(c, ctr, done);
    if (rest > 256)
        chacha20_avx2_8x(out + done, in + done, rest, key, c);
    else if (rest > 128)
        chacha20_ssse3_4x(out + done, in + done, rest, key, c);
    else
        chacha20_ssse3_1x(out + done, in + done, rest, key, c);
}

void chacha20_xor_avx512(uint8_t *out, const uint8_t *in, size_t len,
                         const uint32_t key[8], const uint32_t ctr[4])
{
    size_t done, rest;
    uint32_t c[4];

    done = whole_groups(chacha20_avx512_32x, 2048, out, in, len, key, ctr);
    advance(c, ctr, done);
    done += whole_groups(chacha20_avx512_16x, 1024, out + done, in + done,
                         len - done, key, c);
    rest = len - done;
    if (rest == 0)
        return;
    advance(c, ctr, done);
    out += done;
    in += done;
    if (rest > 512)
        chacha20_avx512_16x(out, in, rest, key, c);
    else if (rest > 256)
        chacha20_avx512_8x(out, in, rest, key, c);
    else if (rest > 128)
        chacha20_avx512_4x(out, in, rest, key, c);
    else if (rest > 64)
        chacha20_avx512_2x(out, in, rest, key, c);
    else
        chacha20_avx512_1x(out, in, rest, key, c);
}
