/* SPDX-License-Identifier: Apache-2.0 */
/* Lock-step scripts on simd and the default provider (lockstep.h). */
#include "lockstep.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/err.h>

#include "testutil.h"

uint8_t *ls_in, *ls_out[2];
int ls_mismatches;
static char history[2048]; /* the current case's script, for messages */

int ls_buffers(size_t out_extra)
{
    ls_in = calloc(1, LS_MAX_LEN + 2 * LS_SLACK);
    ls_out[0] = calloc(1, LS_MAX_LEN + 2 * LS_SLACK + out_extra);
    ls_out[1] = calloc(1, LS_MAX_LEN + 2 * LS_SLACK + out_extra);
    return ls_in != NULL && ls_out[0] != NULL && ls_out[1] != NULL;
}

void ls_note_reset(void)
{
    history[0] = '\0';
}

void ls_note(const char *fmt, ...)
{
    size_t used = strlen(history);
    va_list ap;

    if (used + 40 > sizeof(history))
        return;
    if (used > 0)
        strcpy(history + used, "; "), used += 2;
    va_start(ap, fmt);
    vsnprintf(history + used, sizeof(history) - used, fmt, ap);
    va_end(ap);
}

void ls_mismatch(const char *what)
{
    if (ls_mismatches++ < 10)
        fprintf(stderr, "\n  mismatch in %s; script: %s\n", what, history);
}

void ls_expect_same(int a, int b, const char *what)
{
    if (a != b)
        ls_mismatch(what);
}

void ls_compare(const uint8_t *a, const uint8_t *b, size_t n,
                const char *what)
{
    if (memcmp(a, b, n) != 0) {
        size_t i = 0;

        while (a[i] == b[i])
            i++;
        ls_mismatch(what);
        if (ls_mismatches < 10)
            fprintf(stderr, "  first difference at byte %zu of %zu\n", i, n);
    }
}

void ls_random_lens(size_t total, size_t pieces[], size_t *npieces,
                    size_t max)
{
    size_t done = 0, n = 0;

    while (done < total && n + 1 < max) {
        size_t piece = tu_rand_below(2) ? tu_rand_below(total - done + 1)
                                        : total - done;

        pieces[n++] = piece;
        done += piece;
    }
    if (done < total || n == 0)
        pieces[n++] = total - done;
    *npieces = n;
}

void ls_op_copy(ls_pair *p)
{
    ls_note("copy");
    for (int i = 0; i < 2; i++) {
        EVP_CIPHER_CTX *copy = EVP_CIPHER_CTX_new();
        int outl;

        if (copy == NULL || !EVP_CIPHER_CTX_copy(copy, p->ctx[i])) {
            ls_mismatch("copy");
            EVP_CIPHER_CTX_free(copy);
            return;
        }
        if (p->started)
            EVP_CipherUpdate(p->ctx[i], ls_out[i], &outl, ls_in, 100);
        ERR_clear_error();
        EVP_CIPHER_CTX_free(p->ctx[i]);
        p->ctx[i] = copy;
    }
}

/* The operation that a draw below the scripts' total weight picks. */
static const ls_op *draw(const ls_script *s)
{
    size_t total = 0, r;

    for (size_t i = 0; i < s->nops; i++)
        total += s->ops[i].weight;
    r = tu_rand_below(total);
    for (size_t i = 0; i + 1 < s->nops; i++) {
        if (r < s->ops[i].weight)
            return &s->ops[i];
        r -= s->ops[i].weight;
    }
    return &s->ops[s->nops - 1];
}

void ls_run_scripts(ls_pair *p, const ls_script *s, const EVP_CIPHER *simd,
                    const EVP_CIPHER *deflt, size_t cases)
{
    for (size_t c = 0; c < cases; c++) {
        size_t ops;

        memset(p, 0, s->size);
        p->ctx[0] = EVP_CIPHER_CTX_new();
        p->ctx[1] = EVP_CIPHER_CTX_new();
        p->cipher[0] = simd;
        p->cipher[1] = deflt;
        if (s->begin != NULL)
            s->begin(p);
        ops = s->min_ops + tu_rand_below(s->more_ops);
        ls_note_reset();
        CU_ASSERT_FATAL(p->ctx[0] != NULL && p->ctx[1] != NULL);
        s->init(p);
        for (size_t o = 0; o < ops; o++)
            draw(s)->op(p);
        if (s->end != NULL)
            s->end(p);
        EVP_CIPHER_CTX_free(p->ctx[0]);
        EVP_CIPHER_CTX_free(p->ctx[1]);
    }
}
