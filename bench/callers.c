/* SPDX-License-Identifier: Apache-2.0 */
#include "callers.h"

void ssh_iv(uint8_t iv[16], uint64_t counter, uint64_t seqnr)
{
    for (int i = 0; i < 8; i++) {
        iv[i] = (uint8_t)(counter >> (8 * i));
        iv[8 + i] = (uint8_t)(seqnr >> (56 - 8 * i));
    }
}

/* OpenSSH treats a negative EVP_Cipher result as the failure; a provider
 * cipher can also return 0 (update path), so anything below 1 fails here. */
static int cipher_at(EVP_CIPHER_CTX *ctx, const uint8_t iv[16], uint8_t *out,
                     const uint8_t *in, size_t len)
{
    return EVP_CipherInit(ctx, NULL, NULL, iv, -1) &&
           EVP_Cipher(ctx, out, in, (unsigned int)len) > 0;
}

int ssh_packet(EVP_CIPHER_CTX *main_ctx, EVP_CIPHER_CTX *header_ctx,
               uint64_t seqnr, uint8_t *pkt, size_t len, uint8_t *sink)
{
    uint8_t iv[16], poly_key[32] = {0};

    ssh_iv(iv, 0, seqnr);
    if (!cipher_at(main_ctx, iv, poly_key, poly_key, sizeof(poly_key)) ||
        !cipher_at(header_ctx, iv, pkt, pkt, 4))
        return 0;
    ssh_iv(iv, 1, seqnr);
    if (!cipher_at(main_ctx, iv, pkt + 4, pkt + 4, len))
        return 0;
    *sink ^= poly_key[0]; /* Poly1305 would consume it */
    return 1;
}

int quic_hp_mask(EVP_CIPHER_CTX *ctx, const uint8_t sample[16],
                 uint8_t mask[5])
{
    static const uint8_t zeros[5];

    return cipher_at(ctx, sample, mask, zeros, sizeof(zeros));
}
