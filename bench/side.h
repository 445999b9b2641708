/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A side of the comparison (-a, -b): default, or simd with its overrides,
 * loaded into a library context of its own.
 *   SIDE: default | simd | simd:KEY=VALUE[,KEY=VALUE]  (KEY: level,
 *         chacha20, md5, poly1305 - the provider override; path - load
 *         simd.so from that folder, e.g. another build)
 */
#ifndef SIMDPROV_BENCH_SIDE_H
#define SIMDPROV_BENCH_SIDE_H

#include <openssl/evp.h>
#include <openssl/provider.h>

#include "../asm/arch.h"
#include "aead.h"

typedef struct {
    const char *spec;
    OSSL_LIB_CTX *libctx;
    OSSL_PROVIDER *prov[2];
    EVP_CIPHER *chacha20;
    EVP_MD *md5;
    EVP_MAC *poly1305; /* NULL when the side does not serve it */
    /* simd's ChaCha20 kernel; NULL for default */
    const simd_kernel_row *kernel;
    char label[160];
    char steps_aside[512]; /* simd's simd.steps_aside ("none"), else "" */
} side;

/* Loads s->spec's providers and fetches its algorithms; exits on a
 * failure. */
void open_side(side *s);
void close_side(side *s);

/* The side as the ChaCha20-Poly1305 and POLY1305 shapes see it (aead.h). */
aead_side aead_side_of(const side *s);
/* The property query a side fetches with: simd's is "?provider=simd", so an
 * algorithm simd steps aside for is the default's, as in applications. */
const char *side_query(const side *s);

#endif
