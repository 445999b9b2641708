/*
 * The update path takes no allocation and no lock: after init, thousands of
 * updates of random sizes (every kernel this CPU runs) must not reach
 * OpenSSL's allocator or any pthread lock. Allocations are counted through
 * CRYPTO_set_mem_functions, locks by interposing the pthread lock calls that
 * libcrypto and the module make through the PLT.
 */
#define _GNU_SOURCE /* RTLD_NEXT */
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static int counting;
static long allocs, locks;

static void *c_malloc(size_t n, const char *f, int l)
{
    (void)f, (void)l;
    if (counting)
        __atomic_add_fetch(&allocs, 1, __ATOMIC_RELAXED);
    return malloc(n);
}

static void *c_realloc(void *p, size_t n, const char *f, int l)
{
    (void)f, (void)l;
    if (counting)
        __atomic_add_fetch(&allocs, 1, __ATOMIC_RELAXED);
    return realloc(p, n);
}

static void c_free(void *p, const char *f, int l)
{
    (void)f, (void)l;
    if (counting && p != NULL)
        __atomic_add_fetch(&allocs, 1, __ATOMIC_RELAXED);
    free(p);
}

#define INTERPOSE(name, type)                                                  \
    int name(type *m)                                                          \
    {                                                                          \
        static int (*real)(type *);                                            \
        if (real == NULL)                                                      \
            real = (int (*)(type *))dlsym(RTLD_NEXT, #name);                   \
        if (counting)                                                          \
            __atomic_add_fetch(&locks, 1, __ATOMIC_RELAXED);                   \
        return real(m);                                                        \
    }
INTERPOSE(pthread_mutex_lock, pthread_mutex_t)
INTERPOSE(pthread_rwlock_rdlock, pthread_rwlock_t)
INTERPOSE(pthread_rwlock_wrlock, pthread_rwlock_t)

static uint8_t buf[70000 + 64];

static void chacha20_updates(const char *kernel)
{
    tu_override ov = {1, NULL, {kernel, NULL}};
    tu_ctx t;
    EVP_CIPHER *c;
    EVP_CIPHER_CTX *ctx;
    static const uint8_t key[32] = {1}, iv[16] = {2};
    int outl;

    CU_ASSERT_FATAL(tu_ctx_open(&t, &ov));
    c = EVP_CIPHER_fetch(t.libctx, "ChaCha20", "provider=simd");
    ctx = EVP_CIPHER_CTX_new();
    CU_ASSERT_FATAL(c != NULL && ctx != NULL);
    CU_ASSERT(EVP_EncryptInit_ex2(ctx, c, key, iv, NULL));
    allocs = locks = 0;
    counting = 1;
    for (int i = 0; i < 3000; i++) {
        int len = (int)tu_rand_below(i % 10 ? 300 : 70000);

        CU_ASSERT(EVP_EncryptUpdate(ctx, buf, &outl, buf + 1, len));
    }
    counting = 0;
    CU_ASSERT_EQUAL(allocs, 0);
    CU_ASSERT_EQUAL(locks, 0);
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(c);
    tu_ctx_close(&t);
}

static void md5_updates(const char *kernel)
{
    tu_override ov = {1, NULL, {NULL, kernel}};
    tu_ctx t;
    EVP_MD *md;
    EVP_MD_CTX *ctx;

    CU_ASSERT_FATAL(tu_ctx_open(&t, &ov));
    md = EVP_MD_fetch(t.libctx, "MD5", "provider=simd");
    ctx = EVP_MD_CTX_new();
    CU_ASSERT_FATAL(md != NULL && ctx != NULL);
    CU_ASSERT(EVP_DigestInit_ex2(ctx, md, NULL));
    allocs = locks = 0;
    counting = 1;
    for (int i = 0; i < 3000; i++)
        CU_ASSERT(EVP_DigestUpdate(ctx, buf + 1,
                                   tu_rand_below(i % 10 ? 300 : 70000)));
    counting = 0;
    CU_ASSERT_EQUAL(allocs, 0);
    CU_ASSERT_EQUAL(locks, 0);
    EVP_MD_CTX_free(ctx);
    EVP_MD_free(md);
    tu_ctx_close(&t);
}

static void test_chacha20(void)
{
    const char *names[16];
    size_t n = tu_runnable(SIMD_ALG_CHACHA20, names, 16);

    for (size_t i = 0; i < n; i++)
        chacha20_updates(names[i]);
}

static void test_md5(void)
{
    const char *names[16];
    size_t n = tu_runnable(SIMD_ALG_MD5, names, 16);

    for (size_t i = 0; i < n; i++)
        md5_updates(names[i]);
}

/* The counters work: creating a context allocates, and fetching locks. */
static void test_counters_see_things(void)
{
    tu_ctx t;
    EVP_CIPHER *c;
    EVP_CIPHER_CTX *ctx;
    static const uint8_t key[32] = {1}, iv[16] = {2};

    CU_ASSERT_FATAL(tu_ctx_open(&t, NULL));
    allocs = locks = 0;
    counting = 1;
    c = EVP_CIPHER_fetch(t.libctx, "ChaCha20", "provider=simd");
    ctx = EVP_CIPHER_CTX_new();
    CU_ASSERT(EVP_EncryptInit_ex2(ctx, c, key, iv, NULL));
    counting = 0;
    CU_ASSERT(allocs > 0);
    CU_ASSERT(locks > 0);
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(c);
    tu_ctx_close(&t);
}

int main(void)
{
    static const tu_test tests[] = {
        {"the counters see allocations and locks", test_counters_see_things},
        {"ChaCha20 updates: no allocation, no lock", test_chacha20},
        {"MD5 updates: no allocation, no lock", test_md5},
        {NULL, NULL},
    };

    if (!CRYPTO_set_mem_functions(c_malloc, c_realloc, c_free))
        return 2;
    return tu_main("hotpath", tests);
}
