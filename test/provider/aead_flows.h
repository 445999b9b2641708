/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The fixed flows of the ChaCha20-Poly1305 suite (aead_flows.c), each on
 * c[0] = simd's and c[1] = default's cipher in lock step (lockstep.h);
 * mismatches go to ls_mismatches.
 */
#ifndef SIMDPROV_AEAD_FLOWS_H
#define SIMDPROV_AEAD_FLOWS_H

#include <stddef.h>

#include <openssl/evp.h>

typedef struct {
    const char *origin, *key, *nonce, *aad, *plain_hex, *cipher, *tag;
} aead_vector;

extern const aead_vector aead_vectors[];
extern const size_t n_aead_vectors;

/* Seals and opens one vector on one cipher; returns 1 when both match. */
int vector_on(const EVP_CIPHER *c, const aead_vector *v);

/* A length for one operation, biased to block edges and short messages. */
size_t biased_len(void);

/* Seals on both, then opens on both with one thing changed or nothing. */
void run_round_trips(const EVP_CIPHER *const c[2], size_t cases);
/* TLS 1.3 and TLS 1.2 (RFC 7905) records as libssl drives them. */
void run_tls13(const EVP_CIPHER *const c[2], size_t records);
void run_tls12(const EVP_CIPHER *const c[2], size_t records);

#endif
