/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Key material is wiped: after a re-key the old key is in no block OpenSSL
 * holds, and freeing the context leaves the key in no freed block. The
 * allocator hook (allochook.h) sees every block; the first check proves it
 * can see the key at all.
 */
#include <string.h>

#include "allochook.h"
#include "testutil.h"

static tu_ctx t; /* default + simd, override from the environment */

/*
 * POLY1305: the one-time key lives on as r (clamped) and s, and a vector
 * kernel keeps powers of r in its table. With r's clamp bits already clear
 * the stored r || s is the key's 32 bytes, which the hook can look for; the
 * table's first 32 bytes are computed with the same kernel through the
 * kernel ABI (the same whole-block update fills it alike), when it uses one.
 */
static void clamp(uint8_t key[32])
{
    for (int i = 3; i < 16; i += 4)
        key[i] &= 15;
    for (int i = 4; i < 16; i += 4)
        key[i] &= 252;
}

static int table_secret(const char *kernel, const uint8_t key[32],
                        const uint8_t *m, size_t len, uint8_t out[32])
{
    const simd_kernel_row *k =
        simd_find(&simd_arch_this.tables[SIMD_ALG_POLY1305], kernel);
    static simd_poly1305 st;

    CU_ASSERT_FATAL(k != NULL);
    simd_poly1305_init(&st, key);
    k->fn.poly1305(&st, m, len, 1);
    memcpy(out, st.table, 32);
    return st.table_of != 0 && !(st.table_of & SIMD_POLY1305_TABLE_PUBLIC);
}

static void mac_key_wiped_for(tu_ctx *tc, const char *kernel)
{
    static uint8_t buf[65536];
    uint8_t key1[32], key2[32], table1[32], table2[32], tag[16];
    EVP_MAC *mac = EVP_MAC_fetch(tc->libctx, "POLY1305", "provider=simd");
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);
    int tables;
    size_t n;

    CU_ASSERT_FATAL(mac != NULL && ctx != NULL);
    tu_rand_bytes(key1, 32);
    tu_rand_bytes(key2, 32);
    tu_rand_bytes(buf, sizeof(buf));
    clamp(key1);
    clamp(key2);
    tables = table_secret(kernel, key1, buf, sizeof(buf), table1) &
             table_secret(kernel, key2, buf, sizeof(buf), table2);
    CU_ASSERT(EVP_MAC_init(ctx, key1, 32, NULL));
    CU_ASSERT(EVP_MAC_update(ctx, buf, sizeof(buf)));
    CU_ASSERT(tu_alloc_live_contains(key1)); /* the test can see the key */
    if (tables)
        CU_ASSERT(tu_alloc_live_contains(table1));
    CU_ASSERT(EVP_MAC_init(ctx, key2, 32, NULL)); /* re-key mid-message */
    CU_ASSERT(!tu_alloc_live_contains(key1));
    CU_ASSERT(!tables || !tu_alloc_live_contains(table1));
    CU_ASSERT(EVP_MAC_update(ctx, buf, sizeof(buf)));
    CU_ASSERT(tu_alloc_live_contains(key2));
    CU_ASSERT(EVP_MAC_final(ctx, tag, &n, sizeof(tag))); /* final wipes too */
    CU_ASSERT(!tu_alloc_live_contains(key2));
    CU_ASSERT(!tables || !tu_alloc_live_contains(table2));
    CU_ASSERT(EVP_MAC_init(ctx, key2, 32, NULL));
    CU_ASSERT(EVP_MAC_update(ctx, buf, sizeof(buf)));
    if (tables)
        CU_ASSERT(tu_alloc_live_contains(table2));
    tu_alloc_watch(key2);
    EVP_MAC_CTX_free(ctx); /* freeing must not leave it behind */
    CU_ASSERT_EQUAL(tu_alloc_unwatch(), 0);
    CU_ASSERT(!tu_alloc_live_contains(key2));
    CU_ASSERT(!tables || !tu_alloc_live_contains(table2));
    EVP_MAC_free(mac);
}

static void test_mac_key_wiped(void)
{
    tu_for_each_runnable(SIMD_ALG_POLY1305, mac_key_wiped_for);
}

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

/* ChaCha20 block 0 under key and nonce (default's ChaCha20, freed and so
 * wiped before the scan): the AEAD's Poly1305 one-time key. */
static void one_time_key(const uint8_t key[32], const uint8_t nonce[12],
                         uint8_t otk[32])
{
    EVP_CIPHER *c = EVP_CIPHER_fetch(t.libctx, "ChaCha20", "provider=default");
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    uint8_t iv[16] = {0}, zero[32] = {0};
    int outl;

    memcpy(iv + 4, nonce, 12);
    CU_ASSERT_FATAL(c != NULL && ctx != NULL);
    CU_ASSERT(EVP_EncryptInit_ex2(ctx, c, key, iv, NULL));
    CU_ASSERT(EVP_EncryptUpdate(ctx, otk, &outl, zero, 32));
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(c);
}

/* ChaCha20-Poly1305: the key and the message's one-time MAC key (kept with
 * the keystream) are gone after a re-key and after free. */
static void test_aead_key_wiped(void)
{
    uint8_t key1[32], key2[32], nonce[12], otk1[32], otk2[32], buf[64],
        tag[16];
    EVP_CIPHER *c = EVP_CIPHER_fetch(t.libctx, "ChaCha20-Poly1305",
                                     "provider=simd");
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int outl;

    CU_ASSERT_FATAL(c != NULL && ctx != NULL);
    tu_rand_bytes(key1, 32);
    tu_rand_bytes(key2, 32);
    tu_rand_bytes(nonce, 12);
    tu_rand_bytes(buf, sizeof(buf));
    one_time_key(key1, nonce, otk1);
    one_time_key(key2, nonce, otk2);
    CU_ASSERT(EVP_EncryptInit_ex2(ctx, c, key1, nonce, NULL));
    CU_ASSERT(EVP_EncryptUpdate(ctx, NULL, &outl, buf, 13));
    CU_ASSERT(EVP_EncryptUpdate(ctx, buf, &outl, buf, 64));
    CU_ASSERT(tu_alloc_live_contains(key1)); /* the test can see both... */
    CU_ASSERT(tu_alloc_live_contains(otk1));
    CU_ASSERT(EVP_EncryptFinal_ex(ctx, buf, &outl));
    CU_ASSERT(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, tag) == 1);
    /* The nonce again: 4.0 refuses input after a final until an IV comes
     * (docs/behaviour.md); the same one keeps otk2 what it was. */
    CU_ASSERT(EVP_EncryptInit_ex2(ctx, NULL, key2, nonce, NULL));
    CU_ASSERT(!tu_alloc_live_contains(key1)); /* ...and re-keying removed them */
    CU_ASSERT(!tu_alloc_live_contains(otk1));
    CU_ASSERT(EVP_EncryptUpdate(ctx, buf, &outl, buf, 64));
    CU_ASSERT(tu_alloc_live_contains(key2));
    CU_ASSERT(tu_alloc_live_contains(otk2));
    tu_alloc_watch(key2);
    EVP_CIPHER_CTX_free(ctx);
    CU_ASSERT_EQUAL(tu_alloc_unwatch(), 0);
    CU_ASSERT(!tu_alloc_live_contains(key2));
    CU_ASSERT(!tu_alloc_live_contains(otk2));
    EVP_CIPHER_free(c);
}

int main(void)
{
    static const tu_test tests[] = {
        {"POLY1305 key wiped on re-key, final and free", test_mac_key_wiped},
        {"key material wiped on re-key and free", test_key_wiped},
        {"ChaCha20-Poly1305: key and one-time key wiped on re-key and free",
         test_aead_key_wiped},
        {NULL, NULL},
    };

    /* Must precede every allocation OpenSSL makes. */
    if (!tu_alloc_hook())
        return 2;
    return tu_main_ctx("key_wipe", tests, &t);
}
