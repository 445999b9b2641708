/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Portable ChaCha20 kernel (RFC 8439 section 2.3), one block at a time with the
 * whole state in locals so the compiler keeps it in registers. This is the
 * reference every SIMD kernel is tested against: keep it obviously correct.
 */
#include "../kernels.h"
#include "../le.h"

#define QR(a, b, c, d)                                                         \
    do {                                                                       \
        a += b; d = rotl32(d ^ a, 16);                                         \
        c += d; b = rotl32(b ^ c, 12);                                         \
        a += b; d = rotl32(d ^ a, 8);                                          \
        c += d; b = rotl32(b ^ c, 7);                                          \
    } while (0)

/* "expand 32-byte k" as little-endian words. */
static const uint32_t sigma[4] = {0x61707865, 0x3320646e, 0x79622d32,
                                  0x6b206574};

static void chacha20_block(uint32_t ks[16], const uint32_t key[8],
                           uint32_t counter, const uint32_t ctr[4])
{
    uint32_t x0 = sigma[0], x1 = sigma[1], x2 = sigma[2], x3 = sigma[3];
    uint32_t x4 = key[0], x5 = key[1], x6 = key[2], x7 = key[3];
    uint32_t x8 = key[4], x9 = key[5], x10 = key[6], x11 = key[7];
    uint32_t x12 = counter, x13 = ctr[1], x14 = ctr[2], x15 = ctr[3];

    for (int i = 0; i < 10; i++) {
        QR(x0, x4, x8, x12);
        QR(x1, x5, x9, x13);
        QR(x2, x6, x10, x14);
        QR(x3, x7, x11, x15);
        QR(x0, x5, x10, x15);
        QR(x1, x6, x11, x12);
        QR(x2, x7, x8, x13);
        QR(x3, x4, x9, x14);
    }
    ks[0] = x0 + sigma[0];
    ks[1] = x1 + sigma[1];
    ks[2] = x2 + sigma[2];
    ks[3] = x3 + sigma[3];
    ks[4] = x4 + key[0];
    ks[5] = x5 + key[1];
    ks[6] = x6 + key[2];
    ks[7] = x7 + key[3];
    ks[8] = x8 + key[4];
    ks[9] = x9 + key[5];
    ks[10] = x10 + key[6];
    ks[11] = x11 + key[7];
    ks[12] = x12 + counter;
    ks[13] = x13 + ctr[1];
    ks[14] = x14 + ctr[2];
    ks[15] = x15 + ctr[3];
}

void chacha20_xor_portable(uint8_t *out, const uint8_t *in, size_t len,
                           const uint32_t key[8], const uint32_t ctr[4])
{
    uint32_t counter = ctr[0];
    uint32_t ks[16];

    for (; len >= SIMD_CHACHA20_BLOCK; len -= SIMD_CHACHA20_BLOCK) {
        chacha20_block(ks, key, counter++, ctr);
        for (int i = 0; i < 16; i++)
            le32_store(out + 4 * i, le32_load(in + 4 * i) ^ ks[i]);
        in += SIMD_CHACHA20_BLOCK;
        out += SIMD_CHACHA20_BLOCK;
    }
}
