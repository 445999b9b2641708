/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20-Poly1305 and POLY1305 shapes: what TLS does per record, a
 * one-shot message and the EVP_MAC, default vs simd per round like the
 * ChaCha20 shapes. A side that does not serve an algorithm (simd before it
 * had them, or a side loaded from an older build) is reported and its rows
 * skipped.
 */
#ifndef SIMDPROV_BENCH_AEAD_H
#define SIMDPROV_BENCH_AEAD_H

#include <openssl/types.h>

#include "run.h"

/* One side as these shapes see it: its library context, the property query
 * that picks its provider, and its label for the report. */
typedef struct {
    OSSL_LIB_CTX *libctx;
    const char *propq;
    const char *label;
} aead_side;

/* Adds a row (report.h) for each shape -f keeps that both sides can
 * run. */
void bench_aead(const aead_side *a, const aead_side *b, const run_opts *o);

#endif
