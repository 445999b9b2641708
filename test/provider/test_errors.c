/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Errors: through EVP, the same outcome as the default provider's plus our
 * reason; straight through the dispatch tables (the checks EVP cannot
 * reach), each refusal with exactly one error of the right reason; and the
 * reason strings reach ERR_reason_error_string.
 */
#include <stdio.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>

#include "testutil.h"

static tu_ctx t; /* default + simd, override from the environment */

static void test_evp_errors(void)
{
    static const uint8_t key[32] = {1}, iv[16] = {2};
    static const char *const props[2] = {"provider=simd", "provider=default"};
    uint8_t buf[64] = {0};
    int outl, r[2][6];

    for (int k = 0; k < 2; k++) {
        EVP_CIPHER *c = EVP_CIPHER_fetch(t.libctx, "ChaCha20", props[k]);
        EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
        size_t len12 = 12, len16 = 16;
        OSSL_PARAM ivp[] = {OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, &len12),
                            OSSL_PARAM_END};
        OSSL_PARAM keyp[] = {
            OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, &len16),
            OSSL_PARAM_END};

        CU_ASSERT_FATAL(c != NULL && ctx != NULL);
        ERR_clear_error();
        r[k][0] = EVP_EncryptInit_ex2(ctx, c, NULL, iv, NULL); /* IV only */
        r[k][1] = EVP_EncryptUpdate(ctx, buf, &outl, buf, 10);
        if (k == 0)
            CU_ASSERT(tu_errors_matching("no key set") >= 1);
        r[k][2] = EVP_EncryptFinal_ex(ctx, buf, &outl);
        r[k][3] = EVP_CIPHER_CTX_set_key_length(ctx, 16);
        if (k == 0)
            CU_ASSERT(tu_errors_matching("invalid key length") >= 1);
        r[k][4] = EVP_CIPHER_CTX_set_params(ctx, ivp);
        if (k == 0)
            CU_ASSERT(tu_errors_matching("invalid iv length") >= 1);
        r[k][5] = EVP_CIPHER_CTX_set_params(ctx, keyp) +
                  2 * EVP_CIPHER_CTX_set_key_length(ctx, 32) +
                  4 * EVP_EncryptInit_ex2(ctx, NULL, key, NULL, NULL) +
                  8 * EVP_EncryptUpdate(ctx, buf, &outl, buf, 0);
        ERR_clear_error();
        EVP_CIPHER_CTX_free(ctx);
        EVP_CIPHER_free(c);
    }
    CU_ASSERT_EQUAL(memcmp(r[0], r[1], sizeof(r[0])), 0);
    CU_ASSERT_EQUAL(r[0][1], 0);
    CU_ASSERT_EQUAL(r[0][5], 2 + 4 + 8);
}

/* A call through the dispatch table that must fail with exactly one error
 * whose reason contains `reason`. */
static void refused(int ret, const char *reason)
{
    int errors = tu_errors_matching(reason);

    if (ret != 0 || errors != 1)
        fprintf(stderr, "\n  want a refusal with one \"%s\": returned %d, "
                "%d such errors\n", reason, ret, errors);
    CU_ASSERT_EQUAL(ret, 0);
    CU_ASSERT_EQUAL(errors, 1);
}

static void cipher_dispatch_errors(const tu_cipher_fns *f)
{
    static const uint8_t key[33] = {3}, iv[17] = {4};
    /* Bad key and IV lengths at init, each refused. */
    static const struct {
        size_t keylen;
        const uint8_t *iv;
        size_t ivlen;
        const char *reason;
    } bad_init[] = {
        {16, iv, 16, "invalid key length"},
        {33, NULL, 0, "invalid key length"},
        {32, iv, 12, "invalid iv length"},
        {32, iv, 17, "invalid iv length"},
    };
    uint8_t buf[64] = {0};
    size_t outl = 99;
    void *cc = f->newctx(f->provctx);

    CU_ASSERT_FATAL(cc != NULL);
    ERR_clear_error();
    for (size_t i = 0; i < SIMD_COUNT(bad_init); i++)
        refused(f->encrypt_init(cc, key, bad_init[i].keylen, bad_init[i].iv,
                         bad_init[i].ivlen, NULL),
                bad_init[i].reason);
    refused(f->update(cc, buf, &outl, sizeof(buf), buf, 1), "no key set");
    CU_ASSERT_EQUAL(f->encrypt_init(cc, key, 32, iv, 16, NULL), 1);
    refused(f->update(cc, buf, &outl, 10, buf, 11), "output buffer too small");
    refused(f->cipher(cc, buf, &outl, 10, buf, 11), "output buffer too small");
    refused(f->update(cc, buf, &outl, 64, NULL, 11), "null argument");
    outl = 99;
    CU_ASSERT_EQUAL(f->update(cc, buf, &outl, 64, buf, 64), 1);
    CU_ASSERT_EQUAL(outl, 64);
    CU_ASSERT_EQUAL(f->cipher(cc, buf, &outl, 64, buf, 0), 1);
    CU_ASSERT_EQUAL(outl, 0);
    f->freectx(cc);
}

static void digest_dispatch_errors(const tu_digest_fns *f)
{
    uint8_t buf[64] = {0};
    size_t outl = 99;
    void *dc = f->newctx(f->provctx);

    CU_ASSERT_FATAL(dc != NULL);
    CU_ASSERT(f->init(dc, NULL));
    CU_ASSERT(f->update(dc, buf, sizeof(buf)));
    refused(f->update(dc, NULL, 5), "null argument");
    refused(f->final(dc, buf, &outl, 15), "output buffer too small");
    CU_ASSERT_EQUAL(f->final(dc, buf, &outl, 16), 1);
    CU_ASSERT_EQUAL(outl, 16);
    f->freectx(dc);
}

/* Errors straight through the dispatch tables (EVP can't reach them). */
static void test_dispatch_errors(void)
{
    tu_alg_fns f;

    CU_ASSERT_FATAL(tu_load_algs(t.simd, &f));
    cipher_dispatch_errors(&f.c);
    digest_dispatch_errors(&f.d);
}

/* Reason strings reach ERR_print_errors. */
static void test_reason_strings(void)
{
    EVP_CIPHER *c = EVP_CIPHER_fetch(t.libctx, "ChaCha20", "provider=simd");
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    unsigned long e;

    ERR_clear_error();
    CU_ASSERT_FATAL(c != NULL && ctx != NULL);
    CU_ASSERT(EVP_EncryptInit_ex2(ctx, c, NULL, NULL, NULL));
    CU_ASSERT_EQUAL(EVP_CIPHER_CTX_set_key_length(ctx, 31), 0);
    e = ERR_peek_last_error();
    CU_ASSERT_PTR_NOT_NULL_FATAL(ERR_reason_error_string(e));
    CU_ASSERT_STRING_EQUAL(ERR_reason_error_string(e), "invalid key length");
    ERR_clear_error();
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(c);
}

int main(void)
{
    static const tu_test tests[] = {
        {"errors through EVP match default", test_evp_errors},
        {"errors through the dispatch tables", test_dispatch_errors},
        {"reason strings reach the error queue", test_reason_strings},
        {NULL, NULL},
    };

    return tu_main_ctx("errors", tests, &t);
}
