/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Threads share fetched algorithms, each with its own contexts: every
 * thread's ciphertext and digest must equal the default provider's.
 */
#include <pthread.h>
#include <string.h>

#include "testutil.h"

#define THREADS 4
#define ROUNDS 200

static tu_ctx t; /* default + simd, override from the environment */
static EVP_CIPHER *shared_cipher;
static EVP_MD *shared_md;
static uint8_t thread_in[5000], expect_ct[5000], expect_md[16];
static const uint8_t key[32] = {9}, iv[16] = {7};

static void *worker(void *arg)
{
    intptr_t bad = 0;

    (void)arg;
    for (int r = 0; r < ROUNDS; r++) {
        EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
        uint8_t out[5000], md[16];
        unsigned int mdl;
        int outl, fin;

        bad += !EVP_EncryptInit_ex2(ctx, shared_cipher, key, iv, NULL) ||
               !EVP_EncryptUpdate(ctx, out, &outl, thread_in, 1234) ||
               !EVP_EncryptUpdate(ctx, out + 1234, &outl, thread_in + 1234,
                                  5000 - 1234) ||
               !EVP_EncryptFinal_ex(ctx, out, &fin) ||
               memcmp(out, expect_ct, 5000) != 0;
        EVP_CIPHER_CTX_free(ctx);
        bad += !EVP_Digest(thread_in, sizeof(thread_in), md, &mdl, shared_md,
                           NULL) ||
               memcmp(md, expect_md, 16) != 0;
    }
    return (void *)bad;
}

static void test_threads(void)
{
    pthread_t th[THREADS];
    EVP_CIPHER *dc = EVP_CIPHER_fetch(t.libctx, "ChaCha20", "provider=default");
    EVP_MD *dm;
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    unsigned int mdl;
    int outl;
    intptr_t bad = 0;

    shared_cipher = EVP_CIPHER_fetch(t.libctx, "ChaCha20", "provider=simd");
    shared_md = EVP_MD_fetch(t.libctx, "MD5", "provider=simd");
    CU_ASSERT_FATAL(dc && ctx && shared_cipher && shared_md);
    tu_rand_bytes(thread_in, sizeof(thread_in));
    CU_ASSERT(EVP_EncryptInit_ex2(ctx, dc, key, iv, NULL));
    CU_ASSERT(EVP_EncryptUpdate(ctx, expect_ct, &outl, thread_in, 5000));
    dm = EVP_MD_fetch(t.libctx, "MD5", "provider=default");
    CU_ASSERT(EVP_Digest(thread_in, sizeof(thread_in), expect_md, &mdl, dm,
                         NULL));
    EVP_MD_free(dm);
    for (int i = 0; i < THREADS; i++)
        CU_ASSERT_FATAL(pthread_create(&th[i], NULL, worker, NULL) == 0);
    for (int i = 0; i < THREADS; i++) {
        void *ret;

        pthread_join(th[i], &ret);
        bad += (intptr_t)ret;
    }
    CU_ASSERT_EQUAL(bad, 0);
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(dc);
    EVP_CIPHER_free(shared_cipher);
    EVP_MD_free(shared_md);
}

int main(void)
{
    static const tu_test tests[] = {
        {"threads share fetched algorithms", test_threads},
        {NULL, NULL},
    };

    return tu_main_ctx("threads", tests, &t);
}
