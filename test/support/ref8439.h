/* SPDX-License-Identifier: Apache-2.0 */
/*
 * An independent RFC 8439 reference for the tests: ChaCha20 (section 2.4),
 * Poly1305 (2.5), the one-time key (2.6) and the AEAD (2.8), written from
 * the RFC's text with no streaming state and none of the module's code.
 * Each call takes a whole message, so a test that fed the module in pieces
 * (fragmented AAD, zero-length calls, copies midway) gets its expected
 * bytes from the concatenation. Slow on purpose: plain C, one block at a
 * time, Poly1305 over 130 bits in five 26-bit limbs.
 */
#ifndef SIMDPROV_REF8439_H
#define SIMDPROV_REF8439_H

#include <stddef.h>
#include <stdint.h>

/*
 * out = in ^ ChaCha20 keystream, OpenSSL's IV layout: iv[0..3] the 32-bit
 * little-endian block counter, iv[4..15] the nonce. As OpenSSL's ChaCha20
 * does, IV bytes 0..7 count as one 64-bit little-endian counter: at the
 * 32-bit wrap of word 0 the carry goes into word 1 (nonce bytes 0..3), and
 * word 1 wraps with no carry further. Keystream starts at block `iv`;
 * `skip` bytes of it are dropped first (a stream that stands mid-block).
 */
void ref_chacha20(uint8_t *out, const uint8_t *in, size_t len,
                  const uint8_t key[32], const uint8_t iv[16], uint64_t skip);

/* RFC 8439 2.5: the 16-byte tag of msg under the 32-byte one-time key. */
void ref_poly1305(uint8_t tag[16], const uint8_t *msg, size_t len,
                  const uint8_t key[32]);

/* RFC 8439 2.8: the tag of a ciphertext under key and nonce (the one-time
 * key from block 0, Poly1305 over aad, ct, their pads and lengths). */
void ref_aead_tag(uint8_t tag[16], const uint8_t key[32],
                  const uint8_t nonce[12], const uint8_t *aad, size_t aadlen,
                  const uint8_t *ct, size_t len);

/* RFC 8439 2.8: seal; ct may equal pt. */
void ref_aead_seal(uint8_t *ct, uint8_t tag[16], const uint8_t key[32],
                   const uint8_t nonce[12], const uint8_t *aad, size_t aadlen,
                   const uint8_t *pt, size_t len);

/* RFC 8439 2.8: the expected tag of a ciphertext (what open compares),
 * and the plaintext into pt (may equal ct). */
void ref_aead_open(uint8_t *pt, uint8_t tag[16], const uint8_t key[32],
                   const uint8_t nonce[12], const uint8_t *aad, size_t aadlen,
                   const uint8_t *ct, size_t len);

#endif
