/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The provider's own parameters, and its ChaCha20, ChaCha20-Poly1305,
 * POLY1305 and MD5 parameters against the default provider's: an
 * application must not be able to tell them apart by what they report.
 * (The module's OSSL_PARAM codec itself: test_param_codec.c.)
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>

#include "../../asm/arch.h"
#include "testutil.h"

static tu_ctx t; /* default + simd, override from the environment */

static void test_provider_params(void)
{
    const char *name = tu_prov_param(t.simd, OSSL_PROV_PARAM_NAME);
    const char *version = tu_prov_param(t.simd, OSSL_PROV_PARAM_VERSION);
    const char *info = tu_prov_param(t.simd, OSSL_PROV_PARAM_BUILDINFO);
    const char *chacha = tu_prov_kernel(t.simd, SIMD_ALG_CHACHA20);
    const char *md5 = tu_prov_kernel(t.simd, SIMD_ALG_MD5);
    int status = -1;
    OSSL_PARAM req[] = {OSSL_PARAM_int(OSSL_PROV_PARAM_STATUS, &status),
                        OSSL_PARAM_END};

    CU_ASSERT_PTR_NOT_NULL_FATAL(name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(version);
    CU_ASSERT_PTR_NOT_NULL_FATAL(info);
    CU_ASSERT_PTR_NOT_NULL_FATAL(chacha);
    CU_ASSERT_PTR_NOT_NULL_FATAL(md5);
    CU_ASSERT(strstr(name, "simd") != NULL);
    CU_ASSERT(strchr(version, '.') != NULL);
    CU_ASSERT(strstr(info, chacha) != NULL); /* the choice is in buildinfo */
    CU_ASSERT(strstr(info, md5) != NULL);
    CU_ASSERT_STRING_EQUAL(tu_prov_param(t.simd, "simd.arch"),
                           simd_arch_this.name);
    CU_ASSERT_PTR_NOT_NULL(tu_prov_param(t.simd, "simd.caps"));
    CU_ASSERT_PTR_NOT_NULL(tu_prov_param(t.simd, "simd.level"));
    CU_ASSERT(OSSL_PROVIDER_get_params(t.simd, req));
    CU_ASSERT_EQUAL(status, 1);
    CU_ASSERT(OSSL_PROVIDER_available(t.libctx, "simd"));
}

/* One algorithm parameter, read from both ciphers into an int or a size_t
 * (each side starting from a different value), must agree. */
static void same_cipher_param(EVP_CIPHER *const c[2], const char *key,
                              int as_size)
{
    int iv[2] = {-1, -2};
    size_t sv[2] = {1, 2};

    for (int k = 0; k < 2; k++) {
        OSSL_PARAM p[] = {as_size ? OSSL_PARAM_construct_size_t(key, &sv[k])
                                  : OSSL_PARAM_construct_int(key, &iv[k]),
                          OSSL_PARAM_END};

        CU_ASSERT(EVP_CIPHER_get_params(c[k], p));
    }
    CU_ASSERT(as_size ? sv[0] == sv[1] : iv[0] == iv[1]);
}

/* What EVP reports of a ChaCha20-based cipher, simd's (c[0]) against
 * default's (c[1]): provider, flags (and the value expected), mode, nid,
 * lengths, and the algorithm parameters both list. */
static void same_cipher_identity(EVP_CIPHER *c[2], unsigned long flags,
                                 int ivlen)
{
    static const struct {
        const char *key;
        int as_size;
    } keys[] = {
        {OSSL_CIPHER_PARAM_AEAD, 0},
        {OSSL_CIPHER_PARAM_CUSTOM_IV, 0},
        {OSSL_CIPHER_PARAM_CTS, 0},
        {OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, 0},
        {OSSL_CIPHER_PARAM_HAS_RAND_KEY, 0},
        {OSSL_CIPHER_PARAM_KEYLEN, 1},
        {OSSL_CIPHER_PARAM_IVLEN, 1},
        {OSSL_CIPHER_PARAM_BLOCK_SIZE, 1},
    };

    CU_ASSERT_FATAL(c[0] != NULL && c[1] != NULL);
    CU_ASSERT_STRING_EQUAL(
        OSSL_PROVIDER_get0_name(EVP_CIPHER_get0_provider(c[0])), "simd");
    CU_ASSERT_EQUAL(EVP_CIPHER_get_flags(c[0]), EVP_CIPHER_get_flags(c[1]));
    CU_ASSERT_EQUAL(EVP_CIPHER_get_flags(c[0]), flags);
    CU_ASSERT_EQUAL(EVP_CIPHER_get_mode(c[0]), EVP_CIPHER_get_mode(c[1]));
    CU_ASSERT_EQUAL(EVP_CIPHER_get_nid(c[0]), EVP_CIPHER_get_nid(c[1]));
    CU_ASSERT_EQUAL(EVP_CIPHER_get_key_length(c[0]), 32);
    CU_ASSERT_EQUAL(EVP_CIPHER_get_iv_length(c[0]), ivlen);
    CU_ASSERT_EQUAL(EVP_CIPHER_get_block_size(c[0]), 1);
    for (size_t i = 0; i < SIMD_COUNT(keys); i++)
        same_cipher_param(c, keys[i].key, keys[i].as_size);
}

static void test_cipher_params_match_default(void)
{
    EVP_CIPHER *c[2] = {EVP_CIPHER_fetch(t.libctx, "ChaCha20", "provider=simd"),
                        EVP_CIPHER_fetch(t.libctx, "ChaCha20",
                                         "provider=default")};
    unsigned int mode = 99;
    OSSL_PARAM p[] = {OSSL_PARAM_uint(OSSL_CIPHER_PARAM_MODE, &mode),
                      OSSL_PARAM_END};

    same_cipher_identity(c, 0x100010, 16);
    CU_ASSERT(EVP_CIPHER_get_params(c[0], p));
    CU_ASSERT_EQUAL(mode, 0);
    CU_ASSERT_PTR_NOT_NULL(OSSL_PARAM_locate_const(
        EVP_CIPHER_settable_ctx_params(c[0]), OSSL_CIPHER_PARAM_KEYLEN));
    CU_ASSERT_PTR_NOT_NULL(OSSL_PARAM_locate_const(
        EVP_CIPHER_gettable_ctx_params(c[0]), OSSL_CIPHER_PARAM_IVLEN));
    EVP_CIPHER_free(c[0]);
    EVP_CIPHER_free(c[1]);
}

/* Two parameter lists name the same keys with the same types, in order. */
static int same_param_list(const OSSL_PARAM *a, const OSSL_PARAM *b)
{
    if (a == NULL || b == NULL)
        return a == b;
    for (; a->key != NULL && b->key != NULL; a++, b++)
        if (strcmp(a->key, b->key) != 0 || a->data_type != b->data_type)
            return 0;
    return a->key == NULL && b->key == NULL;
}

/*
 * Each algorithm parameter default's gettable list names (the running
 * release's list: 3.6 adds encrypt-then-mac, answered 0), asked of both with the same starting bytes: the same return,
 * the same answered-or-not, the same value.
 */
static void same_answers_to_gettable(EVP_CIPHER *const c[2])
{
    for (const OSSL_PARAM *g = EVP_CIPHER_gettable_params(c[1]);
         g != NULL && g->key != NULL; g++) {
        unsigned char v[2][16];
        int r[2], mod[2];

        if (g->data_type != OSSL_PARAM_INTEGER &&
            g->data_type != OSSL_PARAM_UNSIGNED_INTEGER)
            continue;
        memset(v, 0x5a, sizeof(v));
        for (int k = 0; k < 2; k++) {
            OSSL_PARAM p[] = {{g->key, g->data_type, v[k],
                               g->data_size ? g->data_size : sizeof(int), 0},
                              OSSL_PARAM_END};

            p[0].return_size = OSSL_PARAM_UNMODIFIED;
            r[k] = EVP_CIPHER_get_params(c[k], p);
            mod[k] = OSSL_PARAM_modified(p);
        }
        CU_ASSERT_EQUAL(r[0], r[1]);
        CU_ASSERT_EQUAL(mod[0], mod[1]);
        CU_ASSERT(memcmp(v[0], v[1], sizeof(v[0])) == 0);
        if (r[0] != r[1] || mod[0] != mod[1])
            printf("  %s: simd %d/%d %02x, default %d/%d %02x\n", g->key, r[0],
                   mod[0], v[0][0], r[1], mod[1], v[1][0]);
    }
}

static void test_aead_params_match_default(void)
{
    EVP_CIPHER *c[2] = {EVP_CIPHER_fetch(t.libctx, "ChaCha20-Poly1305",
                                         "provider=simd"),
                        EVP_CIPHER_fetch(t.libctx, "ChaCha20-Poly1305",
                                         "provider=default")};
    EVP_CIPHER_CTX *ctx[2];
    int aead = -1;
    OSSL_PARAM p[] = {OSSL_PARAM_int(OSSL_CIPHER_PARAM_AEAD, &aead),
                      OSSL_PARAM_END};

    same_cipher_identity(c, 0x300010, 12);
    CU_ASSERT(EVP_CIPHER_get_params(c[0], p));
    CU_ASSERT_EQUAL(aead, 1);
    CU_ASSERT(same_param_list(EVP_CIPHER_gettable_params(c[0]),
                              EVP_CIPHER_gettable_params(c[1])));
    same_answers_to_gettable(c);
    CU_ASSERT(same_param_list(EVP_CIPHER_gettable_ctx_params(c[0]),
                              EVP_CIPHER_gettable_ctx_params(c[1])));
    CU_ASSERT(same_param_list(EVP_CIPHER_settable_ctx_params(c[0]),
                              EVP_CIPHER_settable_ctx_params(c[1])));
    CU_ASSERT_PTR_NOT_NULL(OSSL_PARAM_locate_const(
        EVP_CIPHER_settable_ctx_params(c[0]), OSSL_CIPHER_PARAM_AEAD_TLS1_AAD));
    /* The context parameters of a keyed context, and after tlsaad. */
    for (int k = 0; k < 2; k++) {
        static const uint8_t key[32], iv[12];

        ctx[k] = EVP_CIPHER_CTX_new();
        CU_ASSERT_FATAL(ctx[k] != NULL);
        CU_ASSERT(EVP_EncryptInit_ex2(ctx[k], c[k], key, iv, NULL));
    }
    for (int round = 0; round < 2; round++) {
        static const uint8_t aad[13] = {[12] = 40};
        size_t v[2][4];

        for (int k = 0; k < 2; k++) {
            OSSL_PARAM q[] = {
                OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, &v[k][0]),
                OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, &v[k][1]),
                OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, &v[k][2]),
                OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, &v[k][3]),
                OSSL_PARAM_END};

            CU_ASSERT(EVP_CIPHER_CTX_get_params(ctx[k], q));
            CU_ASSERT_EQUAL(EVP_CIPHER_CTX_get_iv_length(ctx[k]), 12);
            CU_ASSERT_EQUAL(EVP_CIPHER_CTX_get_key_length(ctx[k]), 32);
            CU_ASSERT_EQUAL(EVP_CIPHER_CTX_get_tag_length(ctx[k]),
                            EVP_CIPHER_CTX_get_tag_length(ctx[1 - k]));
            if (round == 0)
                CU_ASSERT_EQUAL(EVP_CIPHER_CTX_ctrl(
                                    ctx[k], EVP_CTRL_AEAD_TLS1_AAD, 13,
                                    (void *)aad), 16);
        }
        CU_ASSERT(memcmp(v[0], v[1], sizeof(v[0])) == 0);
    }
    for (int k = 0; k < 2; k++) {
        EVP_CIPHER_CTX_free(ctx[k]);
        EVP_CIPHER_free(c[k]);
    }
}

/*
 * EVP_CIPHER_CTX_get_updated_iv and _get_original_iv ("updated-iv", "iv"):
 * whatever the running default answers (3.6's ChaCha20 answers updated-iv,
 * 3.0-3.5 neither), in every form a caller may ask it, at every point of a
 * message. One query of each form to both contexts, the same starting bytes:
 * the same return, answered-or-not, size and bytes.
 */
static void same_iv_answers(EVP_CIPHER_CTX *const ctx[2], const char *when)
{
    static const struct {
        const char *key;
        unsigned int type;
        size_t size;
    } forms[] = {
        {OSSL_CIPHER_PARAM_UPDATED_IV, OSSL_PARAM_OCTET_STRING, 16},
        {OSSL_CIPHER_PARAM_UPDATED_IV, OSSL_PARAM_OCTET_STRING, 32},
        {OSSL_CIPHER_PARAM_UPDATED_IV, OSSL_PARAM_OCTET_STRING, 15},
        {OSSL_CIPHER_PARAM_UPDATED_IV, OSSL_PARAM_OCTET_STRING, 0}, /* NULL */
        {OSSL_CIPHER_PARAM_UPDATED_IV, OSSL_PARAM_OCTET_PTR, sizeof(void *)},
        {OSSL_CIPHER_PARAM_UPDATED_IV, OSSL_PARAM_UNSIGNED_INTEGER,
         sizeof(size_t)},
        {OSSL_CIPHER_PARAM_IV, OSSL_PARAM_OCTET_STRING, 16},
        {OSSL_CIPHER_PARAM_IV, OSSL_PARAM_OCTET_PTR, sizeof(void *)},
    };

    for (size_t f = 0; f < sizeof(forms) / sizeof(forms[0]); f++) {
        unsigned char v[2][32];
        size_t rs[2];
        int r[2];

        memset(v, 0x5a, sizeof(v));
        for (int k = 0; k < 2; k++) {
            OSSL_PARAM p[] = {{forms[f].key, forms[f].type,
                               forms[f].size ? v[k] : NULL, forms[f].size,
                               OSSL_PARAM_UNMODIFIED},
                              OSSL_PARAM_END};

            r[k] = EVP_CIPHER_CTX_get_params(ctx[k], p);
            rs[k] = p[0].return_size;
            ERR_clear_error();
        }
        /* An octet pointer answered points into each context: compare the
         * bytes it points to, not the pointers. */
        if (forms[f].type == OSSL_PARAM_OCTET_PTR && r[0] && r[1] &&
            rs[0] == rs[1] && rs[0] != OSSL_PARAM_UNMODIFIED && rs[0] <= 16) {
            const unsigned char *q[2];

            memcpy(&q[0], v[0], sizeof(q[0]));
            memcpy(&q[1], v[1], sizeof(q[1]));
            CU_ASSERT(q[0] != NULL && q[1] != NULL &&
                      memcmp(q[0], q[1], rs[0]) == 0);
            memset(v, 0x5a, sizeof(v));
        }
        CU_ASSERT_EQUAL(r[0], r[1]);
        CU_ASSERT_EQUAL(rs[0], rs[1]);
        CU_ASSERT(memcmp(v[0], v[1], sizeof(v[0])) == 0);
        if (r[0] != r[1] || rs[0] != rs[1] || memcmp(v[0], v[1], sizeof(v[0])))
            printf("  %s, %s type %u size %zu: simd %d/%zx %02x%02x, "
                   "default %d/%zx %02x%02x\n",
                   when, forms[f].key, forms[f].type, forms[f].size, r[0],
                   rs[0], v[0][0], v[0][4], r[1], rs[1], v[1][0], v[1][4]);
    }
    for (int orig = 0; orig < 2; orig++) {
        unsigned char v[2][16];
        int r[2];

        memset(v, 0x5a, sizeof(v));
        for (int k = 0; k < 2; k++) {
            r[k] = orig ? EVP_CIPHER_CTX_get_original_iv(ctx[k], v[k], 16)
                        : EVP_CIPHER_CTX_get_updated_iv(ctx[k], v[k], 16);
            ERR_clear_error();
        }
        CU_ASSERT_EQUAL(r[0], r[1]);
        CU_ASSERT(memcmp(v[0], v[1], sizeof(v[0])) == 0);
    }
}

static void test_updated_iv_matches_default(void)
{
    /* Counter 0xfffffffe, word 1 0xffffffff: the carry stops at word 1. */
    static const uint8_t key[32] = {1}, iv[16] = {0xfe, 0xff, 0xff, 0xff,
                                                  0xff, 0xff, 0xff, 0xff, 9};
    static const uint8_t in[300];
    uint8_t out[300];
    EVP_CIPHER *c[2] = {
        EVP_CIPHER_fetch(t.libctx, "ChaCha20", "provider=simd"),
        EVP_CIPHER_fetch(t.libctx, "ChaCha20", "provider=default")};
    EVP_CIPHER *a[2] = {
        EVP_CIPHER_fetch(t.libctx, "ChaCha20-Poly1305", "provider=simd"),
        EVP_CIPHER_fetch(t.libctx, "ChaCha20-Poly1305", "provider=default")};
    EVP_CIPHER_CTX *ctx[2], *dup[2];
    int outl;

    CU_ASSERT_FATAL(c[0] && c[1] && a[0] && a[1]);
    CU_ASSERT(same_param_list(EVP_CIPHER_gettable_ctx_params(c[0]),
                              EVP_CIPHER_gettable_ctx_params(c[1])));
    for (int k = 0; k < 2; k++)
        CU_ASSERT_FATAL((ctx[k] = EVP_CIPHER_CTX_new()) != NULL);
    same_iv_answers(ctx, "no cipher");
#define BOTH(call, when)                                                       \
    do {                                                                       \
        for (int k = 0; k < 2; k++)                                            \
            CU_ASSERT(call);                                                   \
        same_iv_answers(ctx, when);                                            \
    } while (0)
    BOTH(EVP_EncryptInit_ex2(ctx[k], c[k], NULL, NULL, NULL), "cipher only");
    BOTH(EVP_EncryptInit_ex2(ctx[k], NULL, key, NULL, NULL), "key only");
    BOTH(EVP_EncryptInit_ex2(ctx[k], NULL, NULL, iv, NULL), "iv");
    BOTH(EVP_EncryptUpdate(ctx[k], out, &outl, in, 10), "10 bytes");
    BOTH(EVP_EncryptUpdate(ctx[k], out, &outl, in, 54), "64 bytes");
    BOTH(EVP_EncryptUpdate(ctx[k], out, &outl, in, 100), "164, carried");
    BOTH(EVP_EncryptInit_ex2(ctx[k], NULL, key, NULL, NULL), "key re-init");
    BOTH(EVP_Cipher(ctx[k], out, in, 200) > 0, "EVP_Cipher 200");
    for (int k = 0; k < 2; k++) {
        CU_ASSERT_FATAL((dup[k] = EVP_CIPHER_CTX_new()) != NULL);
        CU_ASSERT(EVP_CIPHER_CTX_copy(dup[k], ctx[k]));
    }
    same_iv_answers(dup, "copy");
    BOTH(EVP_DecryptInit_ex2(ctx[k], NULL, NULL, iv, NULL), "decrypt iv");
    BOTH(EVP_DecryptUpdate(ctx[k], out, &outl, in, 130), "decrypt 130");
    BOTH(EVP_DecryptFinal_ex(ctx[k], out, &outl), "final");
    for (int k = 0; k < 2; k++) {
        EVP_CIPHER_CTX_free(dup[k]);
        EVP_CIPHER_CTX_free(ctx[k]);
        CU_ASSERT_FATAL((ctx[k] = EVP_CIPHER_CTX_new()) != NULL);
    }
    BOTH(EVP_EncryptInit_ex2(ctx[k], a[k], NULL, NULL, NULL), "AEAD, cipher");
    BOTH(EVP_EncryptInit_ex2(ctx[k], NULL, key, iv + 4, NULL), "AEAD key, iv");
    BOTH(EVP_EncryptUpdate(ctx[k], NULL, &outl, in, 13), "AEAD aad");
    BOTH(EVP_EncryptUpdate(ctx[k], out, &outl, in, 100), "AEAD 100 bytes");
    BOTH(EVP_EncryptFinal_ex(ctx[k], out, &outl), "AEAD final");
    BOTH(EVP_EncryptInit_ex2(ctx[k], NULL, NULL, iv, NULL), "AEAD iv re-init");
#undef BOTH
    for (int k = 0; k < 2; k++) {
        EVP_CIPHER_CTX_free(ctx[k]);
        EVP_CIPHER_free(c[k]);
        EVP_CIPHER_free(a[k]);
    }
}

static void test_digest_params_match_default(void)
{
    EVP_MD *m[2] = {EVP_MD_fetch(t.libctx, "MD5", "provider=simd"),
                    EVP_MD_fetch(t.libctx, "SSL3-MD5", "provider=default")};
    EVP_MD *by_oid = EVP_MD_fetch(t.libctx, "1.2.840.113549.2.5",
                                  "provider=simd");

    CU_ASSERT_FATAL(m[0] != NULL && m[1] != NULL);
    CU_ASSERT_PTR_NOT_NULL(by_oid);
    CU_ASSERT_EQUAL(EVP_MD_get_size(m[0]), 16);
    CU_ASSERT_EQUAL(EVP_MD_get_block_size(m[0]), 64);
    CU_ASSERT_EQUAL(EVP_MD_get_size(m[0]), EVP_MD_get_size(m[1]));
    CU_ASSERT_EQUAL(EVP_MD_get_flags(m[0]), EVP_MD_get_flags(m[1]));
    CU_ASSERT(EVP_MD_is_a(m[0], "SSL3-MD5"));
    for (int k = 0; k < 2; k++) {
        int xof = -1, absent = -1;
        OSSL_PARAM p[] = {OSSL_PARAM_int(OSSL_DIGEST_PARAM_XOF, &xof),
                          OSSL_PARAM_int(OSSL_DIGEST_PARAM_ALGID_ABSENT,
                                         &absent),
                          OSSL_PARAM_END};

        CU_ASSERT(EVP_MD_get_params(m[k], p));
        CU_ASSERT_EQUAL(xof, 0);
        CU_ASSERT_EQUAL(absent, 0);
    }
    EVP_MD_free(by_oid);
    EVP_MD_free(m[0]);
    EVP_MD_free(m[1]);
}


/* Two parameter descriptor lists name the same keys with the same types, in
 * any order (NULL: no list at all, which must then hold on both sides). */
static int same_mac_param_list(const OSSL_PARAM *a, const OSSL_PARAM *b)
{
    size_t na = 0, nb = 0;

    if (a == NULL || b == NULL)
        return a == b;
    for (; a[na].key != NULL; na++) {
        const OSSL_PARAM *q = OSSL_PARAM_locate_const(b, a[na].key);

        if (q == NULL || q->data_type != a[na].data_type)
            return 0;
    }
    while (b[nb].key != NULL)
        nb++;
    return na == nb;
}

/* The MAC's three descriptor lists, each compared with default's. */
static const OSSL_PARAM *(*const mac_lists[])(const EVP_MAC *) = {
    EVP_MAC_gettable_params,
    EVP_MAC_gettable_ctx_params,
    EVP_MAC_settable_ctx_params,
};

static void test_mac_params_match_default(void)
{
    EVP_MAC *m[2] = {EVP_MAC_fetch(t.libctx, "POLY1305", "provider=simd"),
                     EVP_MAC_fetch(t.libctx, "POLY1305", "provider=default")};
    EVP_MAC_CTX *ctx[2];
    static const uint8_t key[32] = {7};

    CU_ASSERT_FATAL(m[0] != NULL && m[1] != NULL);
    CU_ASSERT_STRING_EQUAL(OSSL_PROVIDER_get0_name(EVP_MAC_get0_provider(m[0])),
                           "simd");
    CU_ASSERT(EVP_MAC_is_a(m[0], "POLY1305"));
    for (size_t i = 0; i < SIMD_COUNT(mac_lists); i++)
        CU_ASSERT(same_mac_param_list(mac_lists[i](m[0]), mac_lists[i](m[1])));
    CU_ASSERT_PTR_NOT_NULL(OSSL_PARAM_locate_const(
        EVP_MAC_settable_ctx_params(m[0]), OSSL_MAC_PARAM_KEY));
    for (int k = 0; k < 2; k++) {
        size_t size = 0, block = 99;
        int isize = 0;
        OSSL_PARAM p[] = {OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, &size),
                          OSSL_PARAM_size_t(OSSL_MAC_PARAM_BLOCK_SIZE, &block),
                          OSSL_PARAM_END};
        OSSL_PARAM q[] = {OSSL_PARAM_int(OSSL_MAC_PARAM_SIZE, &isize),
                          OSSL_PARAM_END};

        CU_ASSERT(EVP_MAC_get_params(m[k], p));
        CU_ASSERT(EVP_MAC_get_params(m[k], q));
        CU_ASSERT_EQUAL(size, 16);
        CU_ASSERT_EQUAL(isize, 16);
        CU_ASSERT_EQUAL(block, 99); /* not reported by either */
        ctx[k] = EVP_MAC_CTX_new(m[k]);
        CU_ASSERT_FATAL(ctx[k] != NULL);
        CU_ASSERT(EVP_MAC_init(ctx[k], key, sizeof(key), NULL));
        CU_ASSERT_EQUAL(EVP_MAC_CTX_get_mac_size(ctx[k]), 16);
        CU_ASSERT_EQUAL(EVP_MAC_CTX_get_block_size(ctx[k]), 0);
    }
    CU_ASSERT(same_mac_param_list(EVP_MAC_CTX_gettable_params(ctx[0]),
                              EVP_MAC_CTX_gettable_params(ctx[1])));
    CU_ASSERT(same_mac_param_list(EVP_MAC_CTX_settable_params(ctx[0]),
                              EVP_MAC_CTX_settable_params(ctx[1])));
    for (int k = 0; k < 2; k++) {
        EVP_MAC_CTX_free(ctx[k]);
        EVP_MAC_free(m[k]);
    }
}

/* The provider parameters in shapes other than a UTF8 pointer (a string
 * buffer too small or large enough, an int, a pointer with no data):
 * simd's get_params must end as default's (both set UTF8 pointers). */
static void test_provider_param_shapes(void)
{
    OSSL_PROVIDER *provs[2] = {t.simd, t.deflt};
    int ret[2][4];
    size_t rs[2][4];

    for (int i = 0; i < 2; i++) {
        char small[4] = "", big[256] = "";
        int v = 0;
        OSSL_PARAM shapes[4][2] = {
            {OSSL_PARAM_utf8_string(OSSL_PROV_PARAM_NAME, small, sizeof(small)),
             OSSL_PARAM_END},
            {OSSL_PARAM_utf8_string(OSSL_PROV_PARAM_NAME, big, sizeof(big)),
             OSSL_PARAM_END},
            {OSSL_PARAM_int(OSSL_PROV_PARAM_NAME, &v), OSSL_PARAM_END},
            {OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_NAME, NULL, 0),
             OSSL_PARAM_END},
        };

        for (int s = 0; s < 4; s++) {
            ret[i][s] = OSSL_PROVIDER_get_params(provs[i], shapes[s]);
            rs[i][s] = shapes[s][0].return_size;
        }
        ERR_clear_error();
    }
    const char *name = tu_prov_param(t.simd, OSSL_PROV_PARAM_NAME);

    for (int s = 0; s < 4; s++) {
        CU_ASSERT_EQUAL(ret[0][s], ret[1][s]);
        if (ret[0][s] == 1) /* the pointer query: the name's length */
            CU_ASSERT_EQUAL(rs[0][s], strlen(name));
    }
}

int main(void)
{
    static const tu_test tests[] = {
        {"provider parameters", test_provider_params},
        {"ChaCha20 parameters match default", test_cipher_params_match_default},
        {"POLY1305 parameters match default", test_mac_params_match_default},
        {"MD5 parameters match default", test_digest_params_match_default},
        {"ChaCha20-Poly1305 parameters match default",
         test_aead_params_match_default},
        {"updated-iv and iv match default (both ciphers)",
         test_updated_iv_matches_default},
        {"provider parameters in other shapes, as default",
         test_provider_param_shapes},
        {NULL, NULL},
    };

    return tu_main_ctx("params", tests, &t);
}
