/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Provider lifecycle: load/unload/reload in a loop, several library contexts
 * with different overrides alive at once, fork after load, and init and
 * teardown under a stand-in core that counts the allocation upcalls. Run in the
 * ASan build, LeakSanitizer checks that nothing leaks; in the TSan build,
 * the threads here exercise independent library contexts concurrently.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include "dispatch.h"
#include "standin_core.h"
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

/* var: the digest function `name` of the dispatch table d, as its type. */
#define DIGEST_FN(var, name, ID)                                               \
    OSSL_FUNC_digest_##name##_fn *var =                                        \
        (OSSL_FUNC_digest_##name##_fn *)tu_fn_of(d, OSSL_FUNC_DIGEST_##ID)

/*
 * OSSL_provider_init straight from the module file: with any one of the
 * three allocation upcalls missing it refuses (0, nothing allocated); with
 * all of them every block of the provider context and of MD5 contexts
 * (new, dup, free) goes through them, an allocation the core refuses fails
 * the call (init, new, dup) cleanly, and MD5's copyctx carries the whole
 * state (3.0's EVP never calls it, so it is called here).
 */
static void test_core_upcalls(void)
{
    const char *path = getenv("SIMDPROV_MODULE");
    const OSSL_DISPATCH *all = tu_standin_dispatch;
    tu_provider_fns pf;
    static const uint8_t abc_md5[16] = {0x90, 0x01, 0x50, 0x98, 0x3c, 0xd2,
                                        0x4f, 0xb0, 0xd6, 0x96, 0x3f, 0x7d,
                                        0x28, 0xe1, 0x7f, 0x72};
    OSSL_provider_init_fn *init;
    const OSSL_DISPATCH *out = NULL;
    void *so, *provctx = NULL;

    CU_ASSERT_PTR_NOT_NULL_FATAL(path);
    so = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(so);
    init = (OSSL_provider_init_fn *)dlsym(so, "OSSL_provider_init");
    CU_ASSERT_PTR_NOT_NULL_FATAL(init);
    for (int missing = 0; missing < 3; missing++) {
        OSSL_DISPATCH in[TU_STANDIN_NFNS + 1];
        int n = 0;

        for (int i = 0; i <= TU_STANDIN_NFNS; i++)
            if (i != missing)
                in[n++] = all[i];
        tu_standin.blocks = tu_standin.calls = 0;
        CU_ASSERT_EQUAL(init(NULL, in, &out, &provctx), 0);
        CU_ASSERT_EQUAL(tu_standin.calls, 0);
    }
    tu_standin.blocks = tu_standin.calls = 0;
    tu_standin.out_of_memory = 1;
    CU_ASSERT_EQUAL(init(NULL, all, &out, &provctx), 0);
    CU_ASSERT(tu_standin.calls == 1 && tu_standin.blocks == 0);
    tu_standin.out_of_memory = 0;
    CU_ASSERT_FATAL(init(NULL, all, &out, &provctx) == 1);
    CU_ASSERT_EQUAL(tu_standin.blocks, 1); /* the provider context */
    CU_ASSERT_FATAL(tu_provider_fns_of(out, &pf));
    {
        int no_cache = 0;
        const OSSL_ALGORITHM *md =
            pf.query_operation(provctx, OSSL_OP_DIGEST, &no_cache);
        const OSSL_DISPATCH *d = md->implementation;
        DIGEST_FN(newctx, newctx, NEWCTX);
        DIGEST_FN(dupctx, dupctx, DUPCTX);
        DIGEST_FN(freectx, freectx, FREECTX);
        DIGEST_FN(dinit, init, INIT);
        DIGEST_FN(update, update, UPDATE);
        DIGEST_FN(final, final, FINAL);
        /* id 15 in 3.5's core_dispatch.h: void (*)(void *dst, void *src) */
        void (*copyctx)(void *, void *) =
            (void (*)(void *, void *))tu_fn_of(d, 15);
        void *a, *b, *c;
        uint8_t dig[2][16];
        size_t n = 0;

        CU_ASSERT_FATAL(newctx != NULL && dupctx != NULL && freectx != NULL &&
                        copyctx != NULL);
        a = newctx(provctx);
        b = newctx(provctx);
        CU_ASSERT_FATAL(a != NULL && b != NULL);
        CU_ASSERT(dinit(a, NULL) && update(a, (const uint8_t *)"a", 1));
        CU_ASSERT(dinit(b, NULL) && update(b, msg, 70)); /* other state */
        copyctx(b, a);
        tu_standin.out_of_memory = 1;
        CU_ASSERT_PTR_NULL(newctx(provctx));
        CU_ASSERT_PTR_NULL(dupctx(a));
        tu_standin.out_of_memory = 0;
        c = dupctx(a);
        CU_ASSERT_EQUAL(tu_standin.blocks, 4);
        CU_ASSERT(update(b, (const uint8_t *)"bc", 2) &&
                  final(b, dig[0], &n, 16));
        CU_ASSERT(update(c, (const uint8_t *)"bc", 2) &&
                  final(c, dig[1], &n, 16));
        CU_ASSERT_EQUAL(memcmp(dig[0], abc_md5, 16), 0);
        CU_ASSERT_EQUAL(memcmp(dig[1], abc_md5, 16), 0);
        freectx(a);
        freectx(b);
        freectx(c);
        CU_ASSERT_EQUAL(tu_standin.blocks, 1);
        pf.teardown(provctx);
        CU_ASSERT_EQUAL(tu_standin.blocks, 0);
    }
    dlclose(so);
}

int main(void)
{
    static const tu_test tests[] = {
        {"load, use, unload, reload x40", test_reload_loop},
        {"library contexts with different overrides, threads",
         test_contexts_with_different_overrides},
        {"fork after load", test_fork_after_load},
        {"a core without (or with counted) allocation upcalls",
         test_core_upcalls},
        {NULL, NULL},
    };

    expected();
    return tu_main("lifecycle", tests);
}
