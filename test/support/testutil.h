/* SPDX-License-Identifier: Apache-2.0 */
/* Shared helpers for the CUnit suites. */
#ifndef SIMDPROV_TESTUTIL_H
#define SIMDPROV_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>

#include <CUnit/CUnit.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include "../../asm/arch.h"
#include "dispatch.h"

typedef struct {
    const char *name;
    void (*fn)(void);
} tu_test;

/* Runs the tests as one CUnit suite; returns the process exit status. */
int tu_main(const char *suite, const tu_test *tests);

/* Deterministic PRNG (splitmix64), seeded from SIMDPROV_TEST_SEED or 1. */
uint64_t tu_rand(void);
size_t tu_rand_below(size_t n); /* 0..n-1, n > 0 */
/* A random length biased to where kernels and glue change paths: block
 * edges (k * block - 1, + 0, + 1, for k * block < edges_to), short messages
 * (below short_below), sizes below mid_below (0: none), else any length to
 * max. */
size_t tu_biased_len(size_t block, size_t edges_to, size_t short_below,
                     size_t mid_below, size_t max);
void tu_rand_bytes(uint8_t *p, size_t n);
/* Case counts are multiplied by SIMDPROV_TEST_SCALE (default 1; the valgrind
 * run lowers it). Never returns less than min. */
size_t tu_scaled(size_t n, size_t min);

/*
 * A library context with "default" and "simd" loaded. The override comes
 * from the process environment unless `force` is set, in which case the
 * SIMDPROV_* variables are replaced for this load only (NULL = unset). A
 * level left unset becomes SIMDPROV_TEST_LEVEL, when that is set.
 */
typedef struct {
    int force;
    const char *level;
    const char *kernel[SIMD_NALGS]; /* indexed by SIMD_ALG_* */
} tu_override;

typedef struct {
    OSSL_LIB_CTX *libctx;
    OSSL_PROVIDER *simd, *deflt;
} tu_ctx;

int tu_ctx_open(tu_ctx *t, const tu_override *ov);
void tu_ctx_close(tu_ctx *t);
/* tu_main with t open (override from the environment) for the whole run;
 * exit status 2 when it cannot be opened. */
int tu_main_ctx(const char *suite, const tu_test *tests, tu_ctx *t);
/* c[0] = simd's and c[1] = default's cipher NAME from t; a fatal CUnit
 * failure unless both are there. */
void tu_fetch_cipher_pair(const tu_ctx *t, const char *name, EVP_CIPHER *c[2]);
/* A provider's UTF8 parameter (pointer into the provider, static). */
const char *tu_prov_param(OSSL_PROVIDER *prov, const char *key);
/* The kernel the provider reports for alg (its "simd.<key>" parameter). */
const char *tu_prov_kernel(OSSL_PROVIDER *prov, simd_alg alg);

/*
 * The capabilities under test: the probe's, lowered by SIMDPROV_TEST_LEVEL
 * (testcaps.h). Loops over kernels use these; tu_ctx_open passes the test
 * level to the module when the caller names no level, so the module's own
 * choice stays within them too. tu_cpu_caps() is the probe alone, for
 * checks of what the module does with no level cap at all.
 */
uint32_t tu_caps(void);
uint32_t tu_cpu_caps(void);

/* Every kernel of alg that tu_caps() can run: table rows, then the inner
 * kernels (never selected, reached by name), at most TU_MAX_KERNELS into
 * out (asserted); returns how many. */
#define TU_MAX_KERNELS 64
size_t tu_kernels(simd_alg alg, const simd_kernel_row *out[TU_MAX_KERNELS]);

/* check on every kernel tu_kernels() lists (asserts there is one); a
 * kernel during which a check failed is named on stderr. */
void tu_for_each_kernel(simd_alg alg, void (*check)(const simd_kernel_row *k));

/* Names of the kernels tu_caps() can run, best first, from the arch tables. */
size_t tu_runnable(simd_alg alg, const char **names, size_t max);

/* For every kernel of alg that tu_caps() runs (asserts there is one): a
 * library context with that kernel forced (other algorithms not forced, no
 * level named, so the test level applies), checked to report it, passed to
 * fn, then closed. */
void tu_for_each_runnable(simd_alg alg,
                          void (*fn)(tu_ctx *t, const char *kernel));

/*
 * ChaCha20-Poly1305's kernel combinations the CPU runs: a ChaCha20, a
 * Poly1305 and a stitched kernel forced together (checked to report them),
 * passed to fn with their names ("chacha20=.. poly1305=.. chacha20_poly1305=
 * .."). With `every_pair`, every ChaCha20 x Poly1305 pair; else each kernel
 * of each at least once. The stitched kernels go in turn, with more rounds
 * if there are more of them. Returns the number of combinations run.
 */
size_t tu_for_each_aead_kernels(int every_pair,
                                void (*fn)(tu_ctx *t, const char *what,
                                           void *arg),
                                void *arg);

/* Sorts n cut points in place, ascending (repeats kept). */
void tu_sort_cuts(size_t *cuts, size_t n);
/* m[0..len) through update in the pieces that ncuts ascending cut points
 * make (a repeated cut is a 0-byte update); 1 if every call returned 1,
 * else 0 at the first that did not. */
typedef int tu_update_fn(void *ctx, const uint8_t *p, size_t n);
int tu_update_pieces(tu_update_fn *update, void *ctx, const uint8_t *m,
                     size_t len, const size_t *cuts, size_t ncuts);

/* Hex decode into out (returns length); hex dump for messages. */
size_t tu_unhex(const char *hex, uint8_t *out, size_t max);

#endif
