/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What every part of the fuzz harness shares: the instances it drives
 * (instances.c), the input reader and the parameter maker that turn input
 * bytes into calls (input.c), the buffers the calls read and write, the
 * checks that end a run with a finding, and the step sequences of each
 * context kind (cipher_steps.c, aead_steps.c, mac_steps.c).
 *
 * The input format is fixed: the seed corpus (fuzz/corpus,
 * fuzz/make_seeds.py) encodes it, so every byte is read in the order the
 * steps below read it.
 */
#ifndef SIMDPROV_FUZZ_HARNESS_H
#define SIMDPROV_FUZZ_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <openssl/core.h>

#include "dispatch.h"

/* Instances (instances.c). One simd instance per runnable kernel, each in
 * a library context of its own, against default's. */
#define MAX_INSTANCES 16

/* ChaCha20 and MD5 of one provider, and its ChaCha20-Poly1305. */
typedef struct {
    tu_alg_fns algs;
    tu_cipher_fns aead;
} provider_fns;

extern provider_fns simd_fns[MAX_INSTANCES], default_fns;
extern int nsimd;
/* POLY1305: one simd instance per runnable Poly1305 kernel. */
extern tu_mac_fns mac_simd_fns[MAX_INSTANCES], mac_default_fns;
extern int nmac;

/* Loads default and the simd instances of every kernel the CPU (caps) can
 * run; then the POLY1305 ones. Aborts when one cannot be loaded. */
void load_instances(uint32_t caps);
void load_mac_instances(uint32_t caps);

/* Input reader: runs out gracefully (zeros) at the end. */
typedef struct {
    const uint8_t *p;
    size_t n;
} reader;

static inline uint8_t byte(reader *r)
{
    if (r->n == 0)
        return 0;
    r->n--;
    return *r->p++;
}

/* Two bytes, big-endian, modulo max + 1. */
static inline size_t length(reader *r, size_t max)
{
    size_t v = byte(r);

    v = v << 8 | byte(r);
    return v % (max + 1);
}

static inline const uint8_t *bytes(reader *r, size_t want, uint8_t *scratch)
{
    for (size_t i = 0; i < want; i++)
        scratch[i] = byte(r);
    return scratch;
}

/* A parameter of a fuzzer-chosen type for a fuzzer-chosen key; store is 16
 * bytes. */
OSSL_PARAM fuzz_param(reader *r, const char *key, void *store);

/* The buffers the steps read from and write to, one output per side. */
#define BUF 70000
extern uint8_t inbuf[BUF], out[2][BUF + 64];

/* A finding: what was wrong, the condition, the line; then abort. */
#define FAIL_UNLESS(cond, what)                                                \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fprintf(stderr, "%s: %s (line %d)\n", what, #cond, __LINE__);      \
            abort();                                                           \
        }                                                                      \
    } while (0)
#define CHECK(cond) FAIL_UNLESS(cond, "simd and default differ")

/* Dup, then carry on with the copy: one side's context of any kind. */
void dup_context(void **ctx, void *(*dup)(void *), void (*free_ctx)(void *));

/* Steps both cipher kinds (ChaCha20, ChaCha20-Poly1305) share, each on
 * both sides: f[0] and ctx[0] simd's, f[1] and ctx[1] default's. */

/* Init with a key and an IV of any length (ivlen unless the input says
 * otherwise), either may be absent: the input read. */
typedef struct {
    int flags; /* 1 key, 2 IV, 4 encrypt, 8 key length, 16 IV length */
    uint8_t k[40], v[20];
} init_input;

void init_both(reader *r, const tu_cipher_fns *const f[2], void *const ctx[2],
               size_t ivlen, init_input *in, int ret[2]);

/* Dups both contexts and carries on with the copies. */
void dup_both(const tu_cipher_fns *const f[2], void *ctx[2]);

/* Sets (get: gets) a parameter of any type, its key one of keys[nkeys]. */
typedef struct {
    const char *key;
    uint8_t store[2][16];
    OSSL_PARAM p[2][2];
    int ret[2];
} param_call;

void params_both(reader *r, const tu_cipher_fns *const f[2],
                 void *const ctx[2], const char *const *keys, size_t nkeys,
                 int get, param_call *pc);

/* ChaCha20 and MD5 (cipher_steps.c): a simd instance's contexts and
 * default's, driven in lock step. */
typedef struct {
    const tu_alg_fns *f[2];
    void *c[2], *d[2];
} alg_pair;

void alg_pair_new(alg_pair *pair, const tu_alg_fns *simd,
                  const tu_alg_fns *deflt);
/* One step, op: the step byte. */
void alg_step(reader *r, int op, alg_pair *pair);
void alg_pair_free(alg_pair *pair);

/* ChaCha20-Poly1305 (aead_steps.c): step bytes from AEAD_OPS on are its
 * steps, (op - AEAD_OPS) % 9. */
#define AEAD_OPS 0xc0
typedef struct aead_pair aead_pair;

aead_pair *aead_pair_new(const tu_cipher_fns *simd,
                         const tu_cipher_fns *deflt);
void aead_step(reader *r, int op, aead_pair *ap);
void aead_pair_free(aead_pair *ap);

/* POLY1305 (mac_steps.c): the whole input read again from its second byte
 * as a MAC call sequence. */
void fuzz_mac(const uint8_t *data, size_t size);

#endif
