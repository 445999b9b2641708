/*
 * Key material is wiped: after a re-key the old key is in no block OpenSSL
 * holds, and freeing the context leaves the key in no freed block. The
 * allocator hook (allochook.h) sees every block; the first check proves it
 * can see the key at all.
 */
#include "allochook.h"
#include "testutil.h"

static tu_ctx t; /* default + simd, override from the environment */

static void test_key_wiped(void)
{
    uint8_t key1[32], key2[32], iv[16] = {0}, buf[100];
    EVP_CIPHER *c = EVP_CIPHER_fetch(t.libctx, "ChaCha20", "provider=simd");
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int outl;

    CU_ASSERT_FATAL(c != NULL && ctx != NULL);
    tu_rand_bytes(key1, 32);
    tu_rand_bytes(key2, 32);
    tu_rand_bytes(buf, sizeof(buf));
    CU_ASSERT(EVP_EncryptInit_ex2(ctx, c, key1, iv, NULL));
    CU_ASSERT(EVP_EncryptUpdate(ctx, buf, &outl, buf, 33));
    CU_ASSERT(tu_alloc_live_contains(key1)); /* the test can see the key... */
    CU_ASSERT(EVP_EncryptInit_ex2(ctx, NULL, key2, NULL, NULL));
    CU_ASSERT(!tu_alloc_live_contains(key1)); /* ...and re-keying removed it */
    CU_ASSERT(tu_alloc_live_contains(key2));
    tu_alloc_watch(key2);
    EVP_CIPHER_CTX_free(ctx); /* freeing must not leave it behind */
    CU_ASSERT_EQUAL(tu_alloc_unwatch(), 0);
    CU_ASSERT(!tu_alloc_live_contains(key2));
    EVP_CIPHER_free(c);
}

int main(void)
{
    static const tu_test tests[] = {
        {"key material wiped on re-key and free", test_key_wiped},
        {NULL, NULL},
    };

    /* Must precede every allocation OpenSSL makes. */
    if (!tu_alloc_hook())
        return 2;
    return tu_main_ctx("key_wipe", tests, &t);
}
