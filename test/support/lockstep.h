/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Lock-step scripts: one EVP cipher context on simd and one on the default
 * provider (the oracle), driven by the same random script of operations,
 * every outcome compared. The suites (test_chacha20.c,
 * test_chacha20_poly1305.c) bring the operations; this runs the cases,
 * keeps the script of the current case for messages, counts mismatches
 * and holds the shared buffers.
 */
#ifndef SIMDPROV_LOCKSTEP_H
#define SIMDPROV_LOCKSTEP_H

#include <stddef.h>
#include <stdint.h>

#include <openssl/evp.h>

#define LS_MAX_LEN 70000 /* the longest input an operation draws */
#define LS_SLACK 64      /* room for misaligned buffers */

/* The two contexts of a case. A suite with more state per case puts this
 * first in its own struct. */
typedef struct {
    EVP_CIPHER_CTX *ctx[2]; /* [0] simd, [1] default */
    const EVP_CIPHER *cipher[2];
    int started; /* initialised with the cipher once */
} ls_pair;

/* Input, and one output per side: LS_MAX_LEN + 2 * LS_SLACK bytes, the
 * outputs `out_extra` more; all zeroed (a call that fails on both sides
 * leaves both outputs as they were, and those bytes are compared too). */
extern uint8_t *ls_in, *ls_out[2];
int ls_buffers(size_t out_extra);

/* Mismatches since the caller last set it to 0; the first ten are printed
 * with the script of their case. */
extern int ls_mismatches;

/* Starts the script shown with a mismatch anew; appends one operation. */
void ls_note_reset(void);
void ls_note(const char *fmt, ...);
void ls_mismatch(const char *what);
void ls_expect_same(int a, int b, const char *what);
/* n bytes of both sides the same, else a mismatch naming the first byte
 * that differs. */
void ls_compare(const uint8_t *a, const uint8_t *b, size_t n,
                const char *what);

/* total split into at most max random pieces (some of them empty). */
void ls_random_lens(size_t total, size_t pieces[], size_t *npieces,
                    size_t max);

/* Copies both contexts mid-stream; the originals are advanced and dropped,
 * and the copies must not notice. */
void ls_op_copy(ls_pair *p);

/* One operation of a script, drawn with the given weight. */
typedef struct {
    void (*op)(ls_pair *p);
    unsigned int weight;
} ls_op;

typedef struct {
    size_t size;                 /* of the suite's pair struct, zeroed */
    void (*begin)(ls_pair *p);   /* per case, contexts made; or NULL */
    void (*init)(ls_pair *p);    /* the first operation of every case */
    size_t min_ops, more_ops;    /* then min_ops + rand(more_ops) draws */
    const ls_op *ops;
    size_t nops;
    void (*end)(ls_pair *p);     /* before the contexts go; or NULL */
} ls_script;

/* `cases` random scripts, each in p (s->size bytes) on a fresh pair of
 * contexts of simd and deflt. */
void ls_run_scripts(ls_pair *p, const ls_script *s, const EVP_CIPHER *simd,
                    const EVP_CIPHER *deflt, size_t cases);

#endif
