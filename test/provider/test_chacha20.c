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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/err.h>

#include "lockstep.h"
#include "testutil.h"

#define AHEAD_MAX 700 /* room for an output before its input */

typedef ls_pair pair;

static size_t biased_len(void)
{
    return tu_biased_len(64, LS_MAX_LEN, 200, 0, LS_MAX_LEN);
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
    ls_note("init key=%d iv=%d enc=%d", has_key,
             has_iv, enc);
    for (int i = 0; i < 2; i++)
        r[i] = EVP_CipherInit_ex2(p->ctx[i], p->started ? NULL : p->cipher[i],
                                  has_key ? key : NULL, has_iv ? iv : NULL,
                                  enc, NULL);
    p->started = 1;
    if (r[0] != r[1])
        ls_mismatch("init return");
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
    size_t in_off = tu_rand_below(LS_SLACK), out_off[2];
    size_t pieces[16], npieces;
    int ok[2] = {1, 1};

    ls_random_lens(len, pieces, &npieces, SIMD_COUNT(pieces));
    ls_note("update len=%zu pieces=%zu layout=%d ahead=%zu", len, npieces,
            layout, ahead);
    tu_rand_bytes(ls_in + in_off, len);
    for (int i = 0; i < 2; i++) {
        const uint8_t *src = ls_in + in_off;
        uint8_t *dst;

        out_off[i] = layout ? in_off : tu_rand_below(LS_SLACK);
        dst = ls_out[i] + out_off[i];
        if (layout) {
            memcpy(dst + ahead, src, len);
            src = dst + ahead;
        }
        for (size_t k = 0; k < npieces && ok[i]; k++) {
            int outl = -1;

            ok[i] = EVP_CipherUpdate(p->ctx[i], dst, &outl, src,
                                     (int)pieces[k]);
            if (ok[i] && (size_t)outl != pieces[k])
                ls_mismatch("update length");
            src += pieces[k];
            dst += pieces[k];
        }
    }
    if (ok[0] != ok[1])
        ls_mismatch("update return");
    else if (ok[0])
        ls_compare(ls_out[0] + out_off[0], ls_out[1] + out_off[1], len,
                    "update output");
    ERR_clear_error();
}

static void op_cipher(pair *p)
{
    size_t len = biased_len();
    int r[2];

    ls_note("EVP_Cipher len=%zu", len);
    tu_rand_bytes(ls_in, len);
    for (int i = 0; i < 2; i++)
        r[i] = EVP_Cipher(p->ctx[i], ls_out[i], ls_in, (unsigned int)len);
    if (r[0] != r[1])
        ls_mismatch("EVP_Cipher return");
    else if (r[0] > 0)
        ls_compare(ls_out[0], ls_out[1], len, "EVP_Cipher output");
    ERR_clear_error();
}

static void op_final(pair *p)
{
    int outl[2] = {-1, -1}, r[2];

    ls_note("final");
    for (int i = 0; i < 2; i++)
        r[i] = EVP_CipherFinal_ex(p->ctx[i], ls_out[i], &outl[i]);
    if (r[0] != r[1] || (r[0] && outl[0] != outl[1]))
        ls_mismatch("final");
    ERR_clear_error();
}

/* The operations of a script and how often each is drawn. */
static const ls_op script_ops[] = {
    {op_init, 1}, {op_cipher, 1}, {op_final, 1}, {ls_op_copy, 1},
    {op_update, 6},
};
static const ls_script script = {
    .size = sizeof(pair),
    .init = op_init,
    .min_ops = 2,
    .more_ops = 8,
    .ops = script_ops,
    .nops = SIMD_COUNT(script_ops),
};

static void run_scripts(const EVP_CIPHER *simd, const EVP_CIPHER *deflt,
                        size_t cases)
{
    pair p;

    ls_run_scripts(&p, &script, simd, deflt, cases);
}

/* A long stream across the 2^32-block wrap in uneven pieces. */
static void run_wrap_stream(const EVP_CIPHER *simd, const EVP_CIPHER *deflt)
{
    ls_note_reset();
    pair p = {{EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_new()}, {simd, deflt}, 0};
    uint8_t key[32], iv[16];

    tu_rand_bytes(key, 32);
    tu_rand_bytes(iv, 16);
    memset(iv, 0xff, 8); /* counter 0xffffffff, carry word 0xffffffff */
    iv[0] = 0xf0;
    ls_note("wrap stream");
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

    ls_mismatches = 0;
    tu_fetch_cipher_pair(t, "ChaCha20", c);
    run_scripts(c[0], c[1], tu_scaled(400, 20));
    run_wrap_stream(c[0], c[1]);
    if (ls_mismatches)
        fprintf(stderr, "  kernel %s: %d mismatches\n", kernel,
                ls_mismatches);
    CU_ASSERT_EQUAL(ls_mismatches, 0);
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

    ls_mismatches = 0;
    CU_ASSERT_FATAL(tu_ctx_open(&t, NULL));
    tu_fetch_cipher_pair(&t, "ChaCha20", c);
    run_scripts(c[0], c[1], tu_scaled(100, 10));
    CU_ASSERT_EQUAL(ls_mismatches, 0);
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

    if (!ls_buffers(AHEAD_MAX))
        return 2;
    return tu_main("chacha20", tests);
}
