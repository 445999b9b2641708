/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What real ChaCha20 callers do per packet, through EVP exactly as they call
 * it (EVP_CipherInit with a NULL cipher and key to set only the IV, then the
 * one-shot EVP_Cipher), so the benchmark times their glue path too.
 */
#ifndef SIMDPROV_BENCH_CALLERS_H
#define SIMDPROV_BENCH_CALLERS_H

#include <stddef.h>
#include <stdint.h>

#include <openssl/evp.h>

/* OpenSSH's IV: 8-byte little-endian block counter || 8-byte big-endian
 * sequence number. */
void ssh_iv(uint8_t iv[16], uint64_t counter, uint64_t seqnr);

/* OpenSSH's chacha20-poly1305@openssh.com (cipher-chachapoly-libcrypto.c):
 * the Poly1305 key (32 bytes at block 0 of the main key), the 4-byte length
 * (header key), the payload of `len` bytes (main key from block 1), all in
 * place in pkt[0 .. 4 + len). Returns 0 on an EVP failure. */
int ssh_packet(EVP_CIPHER_CTX *main_ctx, EVP_CIPHER_CTX *header_ctx,
               uint64_t seqnr, uint8_t *pkt, size_t len, uint8_t *sink);

/* QUIC header protection (RFC 9001 5.4.4): the 16-byte ciphertext sample as
 * the IV, 5 bytes of keystream as the mask. Returns 0 on an EVP failure. */
int quic_hp_mask(EVP_CIPHER_CTX *ctx, const uint8_t sample[16],
                 uint8_t mask[5]);

#endif
