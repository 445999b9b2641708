/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Provider lifecycle: load/unload/reload in a loop, several library contexts
 * with different overrides alive at once, and fork after load. Run in the
 * ASan build, LeakSanitizer checks that nothing leaks; in the TSan build,
 * the threads here exercise independent library contexts concurrently.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"

static const uint8_t key[32] = {5, 4, 3}, iv[16] = {0xfd, 0xff, 0xff, 0xff, 1};
static uint8_t msg[3000];
static uint8_t want_ct[3000], want_md[16];

/* Encrypts and hashes msg with simd in lc; 1 if both match the expected. */
static int use(OSSL_LIB_CTX *lc)
{
    EVP_CIPHER *c = EVP_CIPHER_fetch(lc, "ChaCha20", "provider=simd");
    EVP_MD *md = EVP_MD_fetch(lc, "MD5", "provider=simd");
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    uint8_t ct[3000], d[16];
    unsigned int dl;
    int outl, ok;

    ok = c != NULL && md != NULL && ctx != NULL &&
         EVP_EncryptInit_ex2(ctx, c, key, iv, NULL) &&
         EVP_EncryptUpdate(ctx, ct, &outl, msg, sizeof(msg)) &&
         EVP_Digest(msg, sizeof(msg), d, &dl, md, NULL) &&
         memcmp(ct, want_ct, sizeof(ct)) == 0 && memcmp(d, want_md, 16) == 0;
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(c);
    EVP_MD_free(md);
    return ok;
}

static void expected(void)
{
    tu_ctx t;
    EVP_CIPHER *c;
    EVP_MD *md;
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    unsigned int dl;
    int outl;

    tu_rand_bytes(msg, sizeof(msg));
    if (!tu_ctx_open(&t, NULL))
        return;
    c = EVP_CIPHER_fetch(t.libctx, "ChaCha20", "provider=default");
    EVP_EncryptInit_ex2(ctx, c, key, iv, NULL);
    EVP_EncryptUpdate(ctx, want_ct, &outl, msg, sizeof(msg));
    md = EVP_MD_fetch(t.libctx, "MD5", "provider=default");
    EVP_Digest(msg, sizeof(msg), want_md, &dl, md, NULL);
    EVP_MD_free(md);
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(c);
    tu_ctx_close(&t);
}

static void test_reload_loop(void)
{
    int bad = 0;

    for (int i = 0; i < 40; i++) {
        OSSL_LIB_CTX *lc = OSSL_LIB_CTX_new();
        OSSL_PROVIDER *p = OSSL_PROVIDER_load(lc, "simd");
        OSSL_PROVIDER *again = OSSL_PROVIDER_load(lc, "simd"); /* refcount */

        bad += p == NULL || again == NULL || !use(lc);
        OSSL_PROVIDER_unload(again);
        bad += !use(lc); /* still loaded once */
        OSSL_PROVIDER_unload(p);
        OSSL_LIB_CTX_free(lc);
    }
    CU_ASSERT_EQUAL(bad, 0);
}

/* Every kernel in its own library context, all alive, used from threads. */
typedef struct {
    tu_ctx t;
    const char *kernel;
    int ok;
} slot;

static void *hammer(void *arg)
{
    slot *s = arg;

    s->ok = 1;
    for (int i = 0; i < 30; i++)
        s->ok &= use(s->t.libctx);
    return NULL;
}

static void test_contexts_with_different_overrides(void)
{
    const char *names[16];
    size_t n = tu_runnable(SIMD_ALG_CHACHA20, names, 15);
    slot slots[16];
    pthread_t th[16];

    names[n++] = NULL; /* plus one with the probe's own choice */
    for (size_t i = 0; i < n; i++) {
        tu_override ov = {1, NULL, {names[i], "portable"}};

        slots[i].kernel = names[i];
        CU_ASSERT_FATAL(tu_ctx_open(&slots[i].t, &ov));
        if (names[i] != NULL)
            CU_ASSERT_STRING_EQUAL(tu_prov_param(slots[i].t.simd,
                                                 "simd.chacha20"),
                                   names[i]);
        CU_ASSERT_STRING_EQUAL(tu_prov_param(slots[i].t.simd, "simd.md5"),
                               "portable");
    }
    for (size_t i = 0; i < n; i++)
        CU_ASSERT_FATAL(pthread_create(&th[i], NULL, hammer, &slots[i]) == 0);
    for (size_t i = 0; i < n; i++) {
        pthread_join(th[i], NULL);
        CU_ASSERT(slots[i].ok);
        tu_ctx_close(&slots[i].t);
    }
}

static void test_fork_after_load(void)
{
    tu_ctx t;
    pid_t pid;
    int status = -1;

    CU_ASSERT_FATAL(tu_ctx_open(&t, NULL));
    CU_ASSERT(use(t.libctx));
    fflush(NULL);
    pid = fork();
    CU_ASSERT_FATAL(pid >= 0);
    if (pid == 0)
        _exit(use(t.libctx) ? 0 : 3);
    CU_ASSERT(use(t.libctx)); /* the parent goes on too */
    CU_ASSERT_EQUAL(waitpid(pid, &status, 0), pid);
    CU_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    tu_ctx_close(&t);
}

int main(void)
{
    static const tu_test tests[] = {
        {"load, use, unload, reload x40", test_reload_loop},
        {"library contexts with different overrides, threads",
         test_contexts_with_different_overrides},
        {"fork after load", test_fork_after_load},
        {NULL, NULL},
    };

    expected();
    return tu_main("lifecycle", tests);
}
