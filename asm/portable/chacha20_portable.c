/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Portable ChaCha20 kernel (RFC 8439 section 2.3), one block at a time with the
 * whole state in a local array the compiler keeps in registers. This is the
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
    const uint32_t input[16] = {
        sigma[0], sigma[1], sigma[2], sigma[3], key[0],  key[1],
        key[2],   key[3],   key[4],   key[5],   key[6],  key[7],
        counter,  ctr[1],   ctr[2],   ctr[3],
    };
    uint32_t x[16];

    for (int i = 0; i < 16; i++)
        x[i] = input[i];
    for (int i = 0; i < 10; i++) {
        QR(x[0], x[4], x[8], x[12]);
        QR(x[1], x[5], x[9], x[13]);
        QR(x[2], x[6], x[10], x[14]);
        QR(x[3], x[7], x[11], x[15]);
        QR(x[0], x[5], x[10], x[15]);
        QR(x[1], x[6], x[11], x[12]);
        QR(x[2], x[7], x[8], x[13]);
        QR(x[3], x[4], x[9], x[14]);
    }
    for (int i = 0; i < 16; i++)
        ks[i] = x[i] + input[i];
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
