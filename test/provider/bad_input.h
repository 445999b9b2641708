/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The bad-input tables (test_bad_input.c runs them): one row per misuse,
 * each run straight through a provider's dispatch tables (where EVP's own
 * checks cannot hide anything). One file per algorithm holds its rows:
 * bad_input_chacha20.c, bad_input_aead.c, bad_input_md5.c and
 * bad_input_poly1305.c.
 */
#ifndef SIMDPROV_BAD_INPUT_H
#define SIMDPROV_BAD_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include "testutil.h"

/* What one call sequence produced. */
typedef struct {
    int ret;
    size_t outl;
    uint8_t out[96];
} outcome;

/* The key, IV and message every row starts from (longer than any valid
 * size, so the rows can pass one byte too many). */
extern const uint8_t key[33];
extern const uint8_t iv[17];
extern const uint8_t msg[96];

/* A context of f keyed with key and a 16-byte iv; NULL if that fails. */
void *keyed(const tu_cipher_fns *f);

/* An algorithm parameter nobody knows, into an int holding v: accepted and
 * left alone, or refused, as the default provider does. */
void get_unknown_param(OSSL_FUNC_cipher_get_params_fn *get_params, int v,
                       outcome *o);

/* An algorithm's size parameter (key) asked for as an 8-byte string. */
void get_size_as_string(OSSL_FUNC_cipher_get_params_fn *get_params,
                        const char *key, outcome *o);

/*
 * A row is a function of (f, o) that runs its body on a context c made by
 * `open`, then frees it; a context that cannot be made (or keyed) leaves
 * o->ret 0. CIPHER_ROW and DIGEST_ROW start from a fresh context,
 * KEYED_ROW from one keyed with key and iv.
 */
#define ROW(name, fns, open, ...)                                              \
    static void name(const fns *f, outcome *o)                                 \
    {                                                                          \
        void *c = open;                                                        \
        if (c == NULL)                                                         \
            return;                                                            \
        __VA_ARGS__;                                                           \
        f->freectx(c);                                                         \
    }
#define CIPHER_ROW(name, ...)                                                  \
    ROW(name, tu_cipher_fns, f->newctx(f->provctx), __VA_ARGS__)
#define KEYED_ROW(name, ...) ROW(name, tu_cipher_fns, keyed(f), __VA_ARGS__)
#define DIGEST_ROW(name, ...)                                                  \
    ROW(name, tu_digest_fns, f->newctx(f->provctx), __VA_ARGS__)

/* set_ctx_params on a keyed context: `decl` declares what the parameters
 * (the rest) point at. */
#define SET_PARAMS_ROW(name, decl, ...)                                        \
    KEYED_ROW(name, decl;                                                      \
              OSSL_PARAM p[] = {__VA_ARGS__, OSSL_PARAM_END};                  \
              o->ret = f->set_ctx_params(c, p))

/* expect ORACLE: what the default provider of the running release returns
 * (the releases differ there; see the rows). */
#define ORACLE (-1)

/* One row of any algorithm: expect 1, the call succeeds; 0, it fails;
 * oracle: also run on the default provider and compare. Exactly one of
 * cipher, digest and mac is set, for the table's kind of algorithm. */
typedef struct {
    const char *name;
    int expect, oracle;
    void (*cipher)(const tu_cipher_fns *f, outcome *o);
    void (*digest)(const tu_digest_fns *f, outcome *o);
    void (*mac)(const tu_mac_fns *f, outcome *o);
} row;

/* A table: its rows, and (or NULL) whether a deviations row
 * (docs/deviations.md) covers a row on the running release, which leaves
 * that row to simd alone, judged by its expectation. */
typedef struct {
    const row *rows;
    size_t n;
    int (*deviates)(const row *r);
} row_table;

extern const row_table chacha20_table, aead_table, md5_table, poly1305_table;

#endif
