/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20 through EVP, simd against OpenSSL's default provider (the oracle),
 * for every kernel this CPU can run. Each case is a random script of
 * operations applied to both providers in lock step: init with key and/or
 * IV (counters biased to the 32-bit wrap, sometimes with the carry word at
 * 0xffffffff too), updates of lengths biased to block boundaries +-1 split at
 * random, in-place and misaligned buffers, one-shot EVP_Cipher, final,
 * context copies mid-stream, key-only / IV-only / empty re-inits and
 * switches to decrypt. Outputs, lengths and return codes must all agree.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/err.h>

#include "testutil.h"

#define MAX_LEN 70000
#define SLACK 64
#define AHEAD_MAX 700 /* room for an output before its input */

typedef struct {
    EVP_CIPHER_CTX *ctx[2]; /* [0] simd, [1] default */
    const EVP_CIPHER *cipher[2];
    int started;
} pair;

static uint8_t *inbuf, *outbuf[2];
static int mismatches;
static char history[1024]; /* the current case's script, for messages */

/* Appends one operation to the script shown when a mismatch is found. */
static void note_op(const char *fmt, ...)
{
    size_t used = strlen(history);
    va_list ap;

    if (used > 0 && used + 2 < sizeof(history))
        strcpy(history + used, "; "), used += 2;
    va_start(ap, fmt);
    vsnprintf(history + used, sizeof(history) - used, fmt, ap);
    va_end(ap);
}

static void mismatch(const char *what)
{
    if (mismatches++ < 10)
        fprintf(stderr, "\n  mismatch in %s; script: %s\n", what, history);
}

static size_t biased_len(void)
{
    switch (tu_rand_below(4)) {
    case 0:
    case 1: {
        size_t k = tu_rand_below(MAX_LEN / 64);

        return k * 64 + tu_rand_below(3) - (k > 0); /* k*64 - 1, +0, +1 */
    }
    case 2:
        return tu_rand_below(200);
    default:
        return tu_rand_below(MAX_LEN + 1);
    }
}

static void random_iv(uint8_t iv[16])
{
    tu_rand_bytes(iv, 16);
    switch (tu_rand_below(4)) {
    case 0: /* counter just below the 32-bit wrap */
        iv[0] = (uint8_t)(0xff - tu_rand_below(24));
        iv[1] = iv[2] = iv[3] = 0xff;
        break;
    case 1: /* ... and the carry word full too: no carry into word 2 */
        iv[0] = (uint8_t)(0xff - tu_rand_below(24));
        memset(iv + 1, 0xff, 7);
        break;
    case 2:
        memset(iv, 0, 4);
        break;
    }
}

static void op_init(pair *p)
{
    uint8_t key[32], iv[16];
    int which = p->started ? (int)tu_rand_below(5) : (int)tu_rand_below(8);
    int has_key = which != 1 && which != 3;
    int has_iv = which != 2 && which != 3;
    int enc = (int)tu_rand_below(2);
    int r[2];

    tu_rand_bytes(key, 32);
    random_iv(iv);
    note_op("init key=%d iv=%d enc=%d", has_key,
             has_iv, enc);
    for (int i = 0; i < 2; i++)
        r[i] = EVP_CipherInit_ex2(p->ctx[i], p->started ? NULL : p->cipher[i],
                                  has_key ? key : NULL, has_iv ? iv : NULL,
                                  enc, NULL);
    p->started = 1;
    if (r[0] != r[1])
        mismatch("init return");
}

static void compare_out(const uint8_t *a, const uint8_t *b, size_t n,
                        const char *what)
{
    if (memcmp(a, b, n) != 0) {
        size_t i = 0;

        while (a[i] == b[i])
            i++;
        mismatch(what);
        if (mismatches < 10)
            fprintf(stderr, "  first difference at byte %zu of %zu\n", i, n);
    }
}

/*
 * One stream, fed to both providers with the same random split. (The split
 * must be the same: OpenSSL advances the counter lazily, so where a key-only
 * re-init lands depends on how the previous updates were cut.)
 */
static void op_update(pair *p)
{
    size_t len = biased_len();
    /* 0: separate buffers, 1: in place, 2: output `ahead` bytes before the
     * input and overlapping it (OpenSSL streams forward: same bytes) */
    int layout = tu_rand_below(4) == 0 ? 1 + (int)tu_rand_below(2) : 0;
    size_t ahead = layout == 2 ? 1 + tu_rand_below(tu_rand_below(2) ? 64 : 700)
                               : 0;
    size_t in_off = tu_rand_below(SLACK), out_off[2];
    size_t pieces[16], npieces = 0, done = 0;
    int ok[2] = {1, 1};

    while (done < len && npieces < 15) {
        size_t piece = tu_rand_below(2) ? tu_rand_below(len - done + 1)
                                        : len - done;

        pieces[npieces++] = piece;
        done += piece;
    }
    if (done < len || npieces == 0)
        pieces[npieces++] = len - done;
    note_op("update len=%zu pieces=%zu layout=%d ahead=%zu", len, npieces,
            layout, ahead);
    tu_rand_bytes(inbuf + in_off, len);
    for (int i = 0; i < 2; i++) {
        const uint8_t *src = inbuf + in_off;
        uint8_t *dst;

        out_off[i] = layout ? in_off : tu_rand_below(SLACK);
        dst = outbuf[i] + out_off[i];
        if (layout) {
            memcpy(dst + ahead, src, len);
            src = dst + ahead;
        }
        for (size_t k = 0; k < npieces && ok[i]; k++) {
            int outl = -1;

            ok[i] = EVP_CipherUpdate(p->ctx[i], dst, &outl, src,
                                     (int)pieces[k]);
            if (ok[i] && (size_t)outl != pieces[k])
                mismatch("update length");
            src += pieces[k];
            dst += pieces[k];
        }
    }
    if (ok[0] != ok[1])
        mismatch("update return");
    else if (ok[0])
        compare_out(outbuf[0] + out_off[0], outbuf[1] + out_off[1], len,
                    "update output");
    ERR_clear_error();
}

static void op_cipher(pair *p)
{
    size_t len = biased_len();
    int r[2];

    note_op("EVP_Cipher len=%zu", len);
    tu_rand_bytes(inbuf, len);
    for (int i = 0; i < 2; i++)
        r[i] = EVP_Cipher(p->ctx[i], outbuf[i], inbuf, (unsigned int)len);
    if (r[0] != r[1])
        mismatch("EVP_Cipher return");
    else if (r[0] > 0)
        compare_out(outbuf[0], outbuf[1], len, "EVP_Cipher output");
    ERR_clear_error();
}

static void op_final(pair *p)
{
    int outl[2] = {-1, -1}, r[2];

    note_op("final");
    for (int i = 0; i < 2; i++)
        r[i] = EVP_CipherFinal_ex(p->ctx[i], outbuf[i], &outl[i]);
    if (r[0] != r[1] || (r[0] && outl[0] != outl[1]))
        mismatch("final");
    ERR_clear_error();
}

/* Copy mid-stream; the copy and the original must then run independently. */
static void op_copy(pair *p)
{
    note_op("copy");
    for (int i = 0; i < 2; i++) {
        EVP_CIPHER_CTX *copy = EVP_CIPHER_CTX_new();

        if (copy == NULL || !EVP_CIPHER_CTX_copy(copy, p->ctx[i])) {
            mismatch("copy");
            EVP_CIPHER_CTX_free(copy);
            return;
        }
        /* Advance the original and drop it: the copy must not notice. */
        if (p->started) {
            int outl;

            EVP_CipherUpdate(p->ctx[i], outbuf[i], &outl, inbuf, 100);
            ERR_clear_error();
        }
        EVP_CIPHER_CTX_free(p->ctx[i]);
        p->ctx[i] = copy;
    }
}

static void run_scripts(const EVP_CIPHER *simd, const EVP_CIPHER *deflt,
                        size_t cases)
{
    for (size_t c = 0; c < cases; c++) {
        pair p = {{EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_new()},
                  {simd, deflt}, 0};
        size_t ops = 2 + tu_rand_below(8);

        history[0] = '\0';

        CU_ASSERT_FATAL(p.ctx[0] != NULL && p.ctx[1] != NULL);
        op_init(&p);
        for (size_t o = 0; o < ops; o++) {
            switch (tu_rand_below(10)) {
            case 0:
                op_init(&p);
                break;
            case 1:
                op_cipher(&p);
                break;
            case 2:
                op_final(&p);
                break;
            case 3:
                op_copy(&p);
                break;
            default:
                op_update(&p);
            }
        }
        EVP_CIPHER_CTX_free(p.ctx[0]);
        EVP_CIPHER_CTX_free(p.ctx[1]);
    }
}

/* A long stream across the 2^32-block wrap in uneven pieces. */
static void run_wrap_stream(const EVP_CIPHER *simd, const EVP_CIPHER *deflt)
{
    history[0] = '\0';
    pair p = {{EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_new()}, {simd, deflt}, 0};
    uint8_t key[32], iv[16];

    tu_rand_bytes(key, 32);
    tu_rand_bytes(iv, 16);
    memset(iv, 0xff, 8); /* counter 0xffffffff, carry word 0xffffffff */
    iv[0] = 0xf0;
    note_op("wrap stream");
    for (int i = 0; i < 2; i++)
        CU_ASSERT(EVP_EncryptInit_ex2(p.ctx[i], p.cipher[i], key, iv, NULL));
    p.started = 1;
    for (int k = 0; k < 40; k++)
        op_update(&p);
    EVP_CIPHER_CTX_free(p.ctx[0]);
    EVP_CIPHER_CTX_free(p.ctx[1]);
}

static void differential_for(tu_ctx *t, const char *kernel)
{
    EVP_CIPHER *c[2];

    mismatches = 0;
    tu_fetch_cipher_pair(t, "ChaCha20", c);
    run_scripts(c[0], c[1], tu_scaled(400, 20));
    run_wrap_stream(c[0], c[1]);
    if (mismatches)
        fprintf(stderr, "  kernel %s: %d mismatches\n", kernel, mismatches);
    CU_ASSERT_EQUAL(mismatches, 0);
    EVP_CIPHER_free(c[0]);
    EVP_CIPHER_free(c[1]);
}

static void test_every_kernel(void)
{
    tu_for_each_runnable(SIMD_ALG_CHACHA20, differential_for);
}

/* With the override taken from the environment, as a user would run it. */
static void test_as_configured(void)
{
    tu_ctx t;
    EVP_CIPHER *c[2];

    mismatches = 0;
    CU_ASSERT_FATAL(tu_ctx_open(&t, NULL));
    tu_fetch_cipher_pair(&t, "ChaCha20", c);
    run_scripts(c[0], c[1], tu_scaled(100, 10));
    CU_ASSERT_EQUAL(mismatches, 0);
    EVP_CIPHER_free(c[0]);
    EVP_CIPHER_free(c[1]);
    tu_ctx_close(&t);
}

int main(void)
{
    static const tu_test tests[] = {
        {"simd == default, every kernel, random scripts", test_every_kernel},
        {"simd == default, override from environment", test_as_configured},
        {NULL, NULL},
    };

    inbuf = malloc(MAX_LEN + 2 * SLACK);
    outbuf[0] = malloc(MAX_LEN + 2 * SLACK + AHEAD_MAX);
    outbuf[1] = malloc(MAX_LEN + 2 * SLACK + AHEAD_MAX);
    if (inbuf == NULL || outbuf[0] == NULL || outbuf[1] == NULL)
        return 2;
    return tu_main("chacha20", tests);
}
