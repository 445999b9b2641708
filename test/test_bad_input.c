/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The bad-input table: one row per misuse, each run straight through the
 * dispatch tables (where EVP's own checks cannot hide anything) of both
 * simd and the default provider. A row passes when simd does not crash,
 * returns what the row expects, and - where the default provider survives
 * the same call - gives the default provider's outcome (and output).
 * Rows the default provider would crash on (NULL contexts) run on simd only.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>

#include "deviations.h"
#include "testutil.h"

/* What one call sequence produced. */
typedef struct {
    int ret;
    size_t outl;
    uint8_t out[96];
} outcome;

static const uint8_t key[33] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
static const uint8_t iv[17] = {0xfe, 0xff, 0xff, 0xff, 5, 6, 7};
static const uint8_t msg[96] = {42, 43, 44};

static void *keyed(const tu_cipher_fns *f)
{
    void *c = f->newctx(f->provctx);

    if (c != NULL && !f->encrypt_init(c, key, 32, iv, 16, NULL)) {
        f->freectx(c);
        return NULL;
    }
    return c;
}

/*
 * A row is a function of (f, o) that runs its body on a context c made by
 * `open`, then frees it; a context that cannot be made (or keyed) leaves
 * o->ret 0. CIPHER_ROW and DIGEST_ROW start from a fresh context,
 * KEYED_ROW from one keyed with key and iv.
 */
#define ROW(name, fns, open, ...)                                              \
    static void name(const fns *f, outcome *o)                                 \
    {                                                                          \
        void *c = open;                                                        \
        if (c == NULL)                                                         \
            return;                                                            \
        __VA_ARGS__;                                                           \
        f->freectx(c);                                                         \
    }
#define CIPHER_ROW(name, ...)                                                  \
    ROW(name, tu_cipher_fns, f->newctx(f->provctx), __VA_ARGS__)
#define KEYED_ROW(name, ...) ROW(name, tu_cipher_fns, keyed(f), __VA_ARGS__)
#define DIGEST_ROW(name, ...)                                                  \
    ROW(name, tu_digest_fns, f->newctx(f->provctx), __VA_ARGS__)

/* set_ctx_params on a keyed context: `decl` declares what the parameters
 * (the rest) point at. */
#define SET_PARAMS_ROW(name, decl, ...)                                        \
    KEYED_ROW(name, decl;                                                      \
              OSSL_PARAM p[] = {__VA_ARGS__, OSSL_PARAM_END};                  \
              o->ret = f->set_ctx_params(c, p))

/* An algorithm parameter nobody knows, into an int holding v: accepted and
 * left alone, or refused, as the default provider does. */
static void get_unknown_param(OSSL_FUNC_cipher_get_params_fn *get_params,
                              int v, outcome *o)
{
    OSSL_PARAM p[] = {OSSL_PARAM_int("simd-no-such-param", &v),
                      OSSL_PARAM_END};

    o->ret = get_params(p);
    o->out[0] = (uint8_t)v;
    o->outl = 1;
}

/* --- ChaCha20 rows --- */

CIPHER_ROW(c_key16, o->ret = f->encrypt_init(c, key, 16, iv, 16, NULL))
CIPHER_ROW(c_key33, o->ret = f->encrypt_init(c, key, 33, iv, 16, NULL))
CIPHER_ROW(c_key0, o->ret = f->encrypt_init(c, key, 0, NULL, 0, NULL))
CIPHER_ROW(c_iv12, o->ret = f->encrypt_init(c, key, 32, iv, 12, NULL))
CIPHER_ROW(c_iv0, o->ret = f->encrypt_init(c, key, 32, iv, 0, NULL))
CIPHER_ROW(c_iv17, o->ret = f->encrypt_init(c, key, 32, iv, 17, NULL))
CIPHER_ROW(c_update_nokey,
           o->ret = f->update(c, o->out, &o->outl, 96, msg, 10))
CIPHER_ROW(c_update0_nokey,
           o->ret = f->update(c, o->out, &o->outl, 96, msg, 0))
CIPHER_ROW(c_final_nokey, o->ret = f->final(c, o->out, &o->outl, 96))
CIPHER_ROW(c_cipher_nokey,
           o->ret = f->cipher(c, o->out, &o->outl, 96, msg, 10))
CIPHER_ROW(c_iv_only_no_key,
           o->ret = f->encrypt_init(c, NULL, 0, iv, 16, NULL) &&
                    f->update(c, o->out, &o->outl, 96, msg, 10))
CIPHER_ROW(c_key_without_iv,
           o->ret = f->encrypt_init(c, key, 32, NULL, 0, NULL) &&
                    f->update(c, o->out, &o->outl, 96, msg, 96))

SET_PARAMS_ROW(c_param_keylen16, size_t v = 16,
               OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, &v))
SET_PARAMS_ROW(c_param_ivlen12, size_t v = 12,
               OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, &v))
SET_PARAMS_ROW(c_param_ok, size_t k = 32; size_t i = 16,
               OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, &k),
               OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, &i))
KEYED_ROW(c_param_null, o->ret = f->set_ctx_params(c, NULL))
SET_PARAMS_ROW(c_param_unknown, int v = 1,
               OSSL_PARAM_int("simd-no-such-param", &v))
SET_PARAMS_ROW(c_param_keylen_as_string, char s[] = "32",
               OSSL_PARAM_utf8_string(OSSL_CIPHER_PARAM_KEYLEN, s, 2))
SET_PARAMS_ROW(c_param_keylen_negative_int, int v = -32,
               OSSL_PARAM_int(OSSL_CIPHER_PARAM_KEYLEN, &v))

KEYED_ROW(c_get_keylen_as_int, {
    int v = 0;
    OSSL_PARAM p[] = {OSSL_PARAM_int(OSSL_CIPHER_PARAM_KEYLEN, &v),
                      OSSL_PARAM_END};

    o->ret = f->get_ctx_params(c, p);
    memcpy(o->out, &v, sizeof(v));
    o->outl = sizeof(v);
})
KEYED_ROW(c_get_keylen_as_string, {
    char s[8] = "";
    OSSL_PARAM p[] = {OSSL_PARAM_utf8_string(OSSL_CIPHER_PARAM_KEYLEN, s,
                                             sizeof(s)),
                      OSSL_PARAM_END};

    o->ret = f->get_ctx_params(c, p);
})

/* The shapes the inline param helpers (provider/params.h) answer
 * themselves, and their near misses, which go to libcrypto: the outcome
 * records return value, value written and return_size. */
static void get_ivlen(const tu_cipher_fns *f, void *c, outcome *o,
                      OSSL_PARAM p0)
{
    OSSL_PARAM p[] = {p0, OSSL_PARAM_END};

    o->ret = f->get_ctx_params(c, p);
    if (p0.data != NULL)
        memcpy(o->out, p0.data, p0.data_size);
    memcpy(o->out + 16, &p[0].return_size, sizeof(size_t));
    o->outl = 16 + sizeof(size_t);
}
KEYED_ROW(c_get_ivlen_size_t, {
    size_t v = 0;

    get_ivlen(f, c, o, OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_IVLEN, &v));
})
KEYED_ROW(c_get_ivlen_no_data, {
    get_ivlen(f, c, o, OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_IVLEN,
                                                   NULL));
})
KEYED_ROW(c_get_ivlen_uint32, {
    uint32_t v = 0;

    get_ivlen(f, c, o, OSSL_PARAM_construct_uint32(OSSL_CIPHER_PARAM_IVLEN, &v));
})
KEYED_ROW(c_get_ivlen_prefix_names, {
    size_t v[3] = {1, 2, 3};
    OSSL_PARAM p[] = {OSSL_PARAM_size_t("ivle", &v[0]),
                      OSSL_PARAM_size_t("ivlenx", &v[1]),
                      OSSL_PARAM_size_t("keylen", &v[2]), OSSL_PARAM_END};

    o->ret = f->get_ctx_params(c, p);
    memcpy(o->out, v, sizeof(v));
    o->outl = sizeof(v);
})
SET_PARAMS_ROW(c_param_ivlen_uint32, uint32_t v = 16,
               OSSL_PARAM_uint32(OSSL_CIPHER_PARAM_IVLEN, &v))
SET_PARAMS_ROW(c_param_keylen_twice, size_t a = 32; size_t b = 16,
               OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, &a),
               OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, &b))

/* Integer conversions of the module's own OSSL_PARAM codec (params.c)
 * against libcrypto's, which default uses: a size_t parameter in other
 * integer shapes, sizes and signs. */
SET_PARAMS_ROW(c_param_keylen_int32, int32_t v = 32,
               OSSL_PARAM_int32(OSSL_CIPHER_PARAM_KEYLEN, &v))
SET_PARAMS_ROW(c_param_ivlen_int64_minus1, int64_t v = -1,
               OSSL_PARAM_int64(OSSL_CIPHER_PARAM_IVLEN, &v))
SET_PARAMS_ROW(c_param_keylen_uint64_wraps, uint64_t v = UINT64_C(1) << 32 | 32,
               OSSL_PARAM_uint64(OSSL_CIPHER_PARAM_KEYLEN, &v))
SET_PARAMS_ROW(c_param_keylen_1_byte, uint8_t v = 32,
               OSSL_PARAM_DEFN(OSSL_CIPHER_PARAM_KEYLEN,
                               OSSL_PARAM_UNSIGNED_INTEGER, &v, 1))
SET_PARAMS_ROW(c_param_ivlen_16_bytes, uint8_t v[16] = {16},
               OSSL_PARAM_DEFN(OSSL_CIPHER_PARAM_IVLEN,
                               OSSL_PARAM_UNSIGNED_INTEGER, v, 16))
SET_PARAMS_ROW(c_param_ivlen_16_bytes_high, uint8_t v[16] = {16}; v[15] = 1,
               OSSL_PARAM_DEFN(OSSL_CIPHER_PARAM_IVLEN,
                               OSSL_PARAM_UNSIGNED_INTEGER, v, 16))
SET_PARAMS_ROW(c_param_keylen_double, double v = 32.0,
               OSSL_PARAM_double(OSSL_CIPHER_PARAM_KEYLEN, &v))
SET_PARAMS_ROW(c_param_keylen_double_frac, double v = 32.5,
               OSSL_PARAM_double(OSSL_CIPHER_PARAM_KEYLEN, &v))
KEYED_ROW(c_get_keylen_1_byte_int, {
    int8_t v = 0;

    get_ivlen(f, c, o, (OSSL_PARAM)OSSL_PARAM_DEFN(OSSL_CIPHER_PARAM_IVLEN,
                                                   OSSL_PARAM_INTEGER, &v, 1));
})
KEYED_ROW(c_get_ivlen_3_bytes, {
    uint8_t v[3] = {9, 9, 9};

    get_ivlen(f, c, o, (OSSL_PARAM)OSSL_PARAM_DEFN(OSSL_CIPHER_PARAM_IVLEN,
                                                   OSSL_PARAM_UNSIGNED_INTEGER,
                                                   v, 3));
})
KEYED_ROW(c_get_ivlen_double, {
    double v = 0;

    get_ivlen(f, c, o,
              OSSL_PARAM_construct_double(OSSL_CIPHER_PARAM_IVLEN, &v));
})
KEYED_ROW(c_get_ivlen_utf8_ptr, {
    const char *v = NULL;

    get_ivlen(f, c, o, OSSL_PARAM_construct_utf8_ptr(OSSL_CIPHER_PARAM_IVLEN,
                                                     (char **)&v, 0));
})

static void c_get_params_unknown(const tu_cipher_fns *f, outcome *o)
{
    get_unknown_param(f->get_params, 7, o);
}

KEYED_ROW(c_out_too_small,
          o->ret = f->update(c, o->out, &o->outl, 9, msg, 10))
KEYED_ROW(c_cipher_out_too_small,
          o->ret = f->cipher(c, o->out, &o->outl, 0, msg, 1))
/* SIZE_MAX input with one byte less room: refused before any byte moves. */
KEYED_ROW(c_size_max, o->ret = f->update(c, o->out, &o->outl, SIZE_MAX - 1,
                                         msg, SIZE_MAX))
KEYED_ROW(c_update_after_final, {
    size_t n = 0;

    o->ret = f->update(c, o->out, &n, 96, msg, 10) &&
             f->final(c, o->out + 10, &n, 86) &&
             f->update(c, o->out + 10, &n, 86, msg, 70);
    o->outl = 80;
})
/* Keystream of the 32-bit counter wrap, partial blocks on both sides. */
KEYED_ROW(c_wrap_partial, {
    size_t n;

    o->ret = f->update(c, o->out, &n, 96, msg, 30) &&
             f->update(c, o->out + 30, &n, 66, msg + 30, 66);
    o->outl = 96;
})
CIPHER_ROW(c_dup_unkeyed, {
    void *d = f->dupctx(c);

    o->ret = d != NULL && f->update(d, o->out, &o->outl, 96, msg, 10);
    f->freectx(d);
})

/* Rows the default provider does not survive: simd only. */
static void c_null_ctx(const tu_cipher_fns *f, outcome *o)
{
    size_t n = 0;
    OSSL_PARAM p[] = {OSSL_PARAM_END};

    o->ret = f->update(NULL, o->out, &n, 96, msg, 10) |
             f->final(NULL, o->out, &n, 96) |
             f->cipher(NULL, o->out, &n, 96, msg, 10) |
             f->encrypt_init(NULL, key, 32, iv, 16, NULL) |
             f->get_ctx_params(NULL, p) | f->set_ctx_params(NULL, p) |
             (f->dupctx(NULL) != NULL);
    f->freectx(NULL);
}

KEYED_ROW(c_null_outl, o->ret = f->update(c, o->out, NULL, 96, msg, 10) |
                                f->final(c, o->out, NULL, 96) |
                                f->cipher(c, o->out, NULL, 96, msg, 10))
KEYED_ROW(c_null_in, o->ret = f->update(c, o->out, &o->outl, 96, NULL, 10))

/* One row of either algorithm; expect 1: the call succeeds, 0: it fails;
 * oracle: also run on the default provider and compare. */
/* expect ORACLE: what the default provider of the running release returns
 * (the releases differ there; see the rows). */
#define ORACLE (-1)

typedef struct {
    const char *name;
    int expect, oracle;
    void (*cipher)(const tu_cipher_fns *f, outcome *o);
    void (*digest)(const tu_digest_fns *f, outcome *o);
} row;

static const row cipher_rows[] = {
    {"init: key of 16 bytes", 0, 1, c_key16, NULL},
    {"init: key of 33 bytes", 0, 1, c_key33, NULL},
    {"init: key of 0 bytes", 0, 1, c_key0, NULL},
    {"init: IV of 12 bytes", 0, 1, c_iv12, NULL},
    {"init: IV of 0 bytes", 0, 1, c_iv0, NULL},
    {"init: IV of 17 bytes", 0, 1, c_iv17, NULL},
    {"update with no key", 0, 1, c_update_nokey, NULL},
    {"update of 0 bytes with no key", 0, 1, c_update0_nokey, NULL},
    {"final with no key", 0, 1, c_final_nokey, NULL},
    {"one-shot cipher with no key", 0, 1, c_cipher_nokey, NULL},
    {"IV alone is not a key", 0, 1, c_iv_only_no_key, NULL},
    {"params: keylen 16", 0, 1, c_param_keylen16, NULL},
    {"params: ivlen 12", 0, 1, c_param_ivlen12, NULL},
    {"params: keylen 32 + ivlen 16", 1, 1, c_param_ok, NULL},
    {"params: NULL array", 1, 1, c_param_null, NULL},
    {"params: unknown name", 1, 1, c_param_unknown, NULL},
    {"params: keylen as a string", 0, 1, c_param_keylen_as_string, NULL},
    {"params: keylen as a negative int", 0, 1, c_param_keylen_negative_int,
     NULL},
    {"get keylen into an int", 1, 1, c_get_keylen_as_int, NULL},
    {"get keylen into a string", 0, 1, c_get_keylen_as_string, NULL},
    {"get ivlen into a size_t", 1, 1, c_get_ivlen_size_t, NULL},
    {"get ivlen, size_t with no data", 1, 1, c_get_ivlen_no_data, NULL},
    {"get ivlen into a uint32", 1, 1, c_get_ivlen_uint32, NULL},
    {"get: names that are prefixes of ivlen", 1, 1, c_get_ivlen_prefix_names,
     NULL},
    {"params: ivlen 16 as a uint32", 1, 1, c_param_ivlen_uint32, NULL},
    /* 4.0 refuses repeated parameters (docs/behaviour.md). */
    {"params: keylen twice, first one wins (3.x)", ORACLE, 1,
     c_param_keylen_twice, NULL},
    {"params: keylen 32 as an int32", 1, 1, c_param_keylen_int32, NULL},
    {"params: ivlen -1 as an int64", 0, 1, c_param_ivlen_int64_minus1, NULL},
    {"params: keylen 2^32 + 32 as a uint64", 0, 1, c_param_keylen_uint64_wraps,
     NULL},
    {"params: keylen 32 in 1 byte", 1, 1, c_param_keylen_1_byte, NULL},
    {"params: ivlen 16 in 16 bytes", 1, 1, c_param_ivlen_16_bytes, NULL},
    {"params: ivlen 2^120 + 16 in 16 bytes", 0, 1, c_param_ivlen_16_bytes_high,
     NULL},
    {"params: keylen 32.0 as a double", 1, 1, c_param_keylen_double, NULL},
    {"params: keylen 32.5 as a double", 0, 1, c_param_keylen_double_frac, NULL},
    {"get ivlen into a 1-byte int", 1, 1, c_get_keylen_1_byte_int, NULL},
    {"get ivlen into 3 bytes", 1, 1, c_get_ivlen_3_bytes, NULL},
    {"get ivlen into a double", 1, 1, c_get_ivlen_double, NULL},
    {"get ivlen into a utf8 pointer", 0, 1, c_get_ivlen_utf8_ptr, NULL},
    {"algorithm params: unknown name", 1, 1, c_get_params_unknown, NULL},
    {"update: output buffer too small", 0, 1, c_out_too_small, NULL},
    {"cipher: output buffer too small", 0, 1, c_cipher_out_too_small, NULL},
    {"update: SIZE_MAX bytes, room SIZE_MAX-1", 0, 1, c_size_max, NULL},
    {"update after final", 1, 1, c_update_after_final, NULL},
    {"dup of an unkeyed context, update", 0, 1, c_dup_unkeyed, NULL},
    {"key without IV: zero counter and nonce", 1, 1, c_key_without_iv, NULL},
    {"partial blocks across the counter wrap", 1, 1, c_wrap_partial, NULL},
    {"NULL context everywhere", 0, 0, c_null_ctx, NULL},
    {"NULL outl", 0, 0, c_null_outl, NULL},
    {"NULL input with a length", 0, 0, c_null_in, NULL},
};

/* --- ChaCha20-Poly1305 rows (through its own dispatch table) --- */

static void *aead_keyed(const tu_cipher_fns *f, int enc)
{
    void *c = f->newctx(f->provctx);

    if (c != NULL &&
        !(enc ? f->encrypt_init : f->decrypt_init)(c, key, 32, iv, 12, NULL)) {
        f->freectx(c);
        return NULL;
    }
    return c;
}

#define AEAD_ROW(name, ...) CIPHER_ROW(name, __VA_ARGS__)
#define SEAL_ROW(name, ...)                                                    \
    ROW(name, tu_cipher_fns, aead_keyed(f, 1), __VA_ARGS__)
#define OPEN_ROW(name, ...)                                                    \
    ROW(name, tu_cipher_fns, aead_keyed(f, 0), __VA_ARGS__)
/* One octet-string parameter set on a keyed context. */
#define AEAD_SET_PARAMS_ROW(name, decl, ...)                                   \
    SEAL_ROW(name, decl;                                                       \
             OSSL_PARAM p[] = {__VA_ARGS__, OSSL_PARAM_END};                   \
             o->ret = f->set_ctx_params(c, p))
#define OCTETS_ROW(open_row, name, pkey, data, len)                            \
    open_row(name, OSSL_PARAM p[] = {OSSL_PARAM_octet_string(pkey, data, len), \
                                     OSSL_PARAM_END};                          \
             o->ret = f->set_ctx_params(c, p))

/* The tag (or its first n bytes) of an encrypt context, into o->out. */
static int get_tag_into(const tu_cipher_fns *f, void *c, outcome *o, size_t n)
{
    OSSL_PARAM p[] = {OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG,
                                              o->out + o->outl, n),
                      OSSL_PARAM_END};
    int ret = f->get_ctx_params(c, p);

    o->outl += n;
    return ret;
}

AEAD_ROW(a_key16, o->ret = f->encrypt_init(c, key, 16, iv, 12, NULL))
AEAD_ROW(a_key33, o->ret = f->encrypt_init(c, key, 33, iv, 12, NULL))
AEAD_ROW(a_iv16, o->ret = f->encrypt_init(c, key, 32, iv, 16, NULL))
AEAD_ROW(a_iv8, o->ret = f->decrypt_init(c, key, 32, iv, 8, NULL))
AEAD_ROW(a_iv0, o->ret = f->encrypt_init(c, key, 32, iv, 0, NULL))
/* No key: default seals with an all-zero key and nonce. */
AEAD_ROW(a_no_key_seal, {
    size_t n;

    o->ret = f->update(c, o->out, &n, 96, msg, 40) &&
             f->final(c, o->out + 40, &n, 56) &&
             f->encrypt_init(c, NULL, 0, NULL, 0, NULL);
    o->outl = 40;
    o->ret = o->ret && get_tag_into(f, c, o, 16);
})
AEAD_ROW(a_get_tag_fresh, o->ret = get_tag_into(f, c, o, 16))
SEAL_ROW(a_get_tag_before_final, o->ret = get_tag_into(f, c, o, 16))
SEAL_ROW(a_seal_get_tag_7, {
    size_t n;

    o->ret = f->update(c, NULL, &n, 96, msg, 13) &&
             f->update(c, o->out, &n, 96, msg, 50) &&
             f->final(c, o->out + 50, &n, 46);
    o->outl = 50;
    o->ret = o->ret && get_tag_into(f, c, o, 7);
})
SEAL_ROW(a_get_tag_0, o->ret = get_tag_into(f, c, o, 0))
SEAL_ROW(a_get_tag_17, o->ret = get_tag_into(f, c, o, 17))
OPEN_ROW(a_get_tag_on_decrypt, o->ret = get_tag_into(f, c, o, 16))
SEAL_ROW(a_get_tag_as_size_t, {
    size_t v = 0;
    OSSL_PARAM p[] = {OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAG, &v),
                      OSSL_PARAM_END};

    o->ret = f->get_ctx_params(c, p);
})
SEAL_ROW(a_get_all, {
    size_t v[4] = {0};
    uint8_t t[16];
    OSSL_PARAM p[] = {
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, &v[0]),
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, &v[1]),
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, &v[2]),
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, &v[3]),
        OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, t, 16),
        OSSL_PARAM_END};

    o->ret = f->get_ctx_params(c, p);
    memcpy(o->out, v, sizeof(v));
    memcpy(o->out + sizeof(v), t, 16);
    o->outl = sizeof(v) + 16;
})
SEAL_ROW(a_get_ivlen_as_string, {
    char s[8] = "";
    OSSL_PARAM p[] = {OSSL_PARAM_utf8_string(OSSL_CIPHER_PARAM_IVLEN, s,
                                             sizeof(s)),
                      OSSL_PARAM_END};

    o->ret = f->get_ctx_params(c, p);
})
OCTETS_ROW(SEAL_ROW, a_set_tag_len_only, OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 12)
OCTETS_ROW(SEAL_ROW, a_set_tag_data_on_encrypt, OSSL_CIPHER_PARAM_AEAD_TAG,
           (void *)msg, 16)
OCTETS_ROW(OPEN_ROW, a_set_tag_0, OSSL_CIPHER_PARAM_AEAD_TAG, (void *)msg, 0)
OCTETS_ROW(OPEN_ROW, a_set_tag_17, OSSL_CIPHER_PARAM_AEAD_TAG, (void *)msg,
           17)
OCTETS_ROW(OPEN_ROW, a_set_tag_16, OSSL_CIPHER_PARAM_AEAD_TAG, (void *)msg,
           16)
OPEN_ROW(a_set_tag_as_string, {
    char s[] = "0123456789abcdef";
    OSSL_PARAM p[] = {OSSL_PARAM_utf8_string(OSSL_CIPHER_PARAM_AEAD_TAG, s,
                                             16),
                      OSSL_PARAM_END};

    o->ret = f->set_ctx_params(c, p);
})
/* A wrong tag, a right tag's 5-byte prefix, no tag at all. */
OPEN_ROW(a_open_wrong_tag, {
    size_t n;
    OSSL_PARAM p[] = {OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG,
                                              (void *)msg, 16),
                      OSSL_PARAM_END};

    o->ret = f->update(c, o->out, &n, 96, msg, 30) &&
             f->set_ctx_params(c, p) && f->final(c, o->out + 30, &n, 66);
})
static void a_open_prefix_tag(const tu_cipher_fns *f, outcome *o)
{
    void *s = aead_keyed(f, 1), *c = aead_keyed(f, 0);
    uint8_t ct[30], tag[16];
    size_t n;
    OSSL_PARAM p[] = {OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, tag,
                                              5),
                      OSSL_PARAM_END};
    OSSL_PARAM g[] = {OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, tag,
                                              16),
                      OSSL_PARAM_END};

    o->ret = s != NULL && c != NULL && f->update(s, ct, &n, 30, msg, 30) &&
             f->final(s, ct, &n, 0) && f->get_ctx_params(s, g) &&
             f->update(c, o->out, &n, 96, ct, 30) && f->set_ctx_params(c, p) &&
             f->final(c, o->out + 30, &n, 66);
    o->outl = 30;
    f->freectx(s);
    f->freectx(c);
}
OPEN_ROW(a_open_no_tag, {
    size_t n;

    o->ret = f->update(c, o->out, &n, 96, msg, 30) &&
             f->final(c, o->out + 30, &n, 66);
    o->outl = 30;
})
OPEN_ROW(a_second_decrypt_final, {
    size_t n;
    OSSL_PARAM p[] = {OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG,
                                              (void *)msg, 16),
                      OSSL_PARAM_END};

    o->ret = f->set_ctx_params(c, p);
    f->final(c, o->out, &n, 96);
    o->ret = o->ret && f->final(c, o->out, &n, 96);
})
SEAL_ROW(a_second_encrypt_final, {
    size_t n;

    o->ret = f->update(c, o->out, &n, 96, msg, 20) &&
             f->final(c, o->out, &n, 96) && f->final(c, o->out, &n, 96);
    o->outl = 0;
    o->ret = o->ret && get_tag_into(f, c, o, 16);
})
SEAL_ROW(a_aad_after_data, {
    size_t n;

    o->ret = f->update(c, NULL, &n, 96, msg, 7) &&
             f->update(c, o->out, &n, 96, msg, 21) &&
             f->update(c, NULL, &n, 96, msg + 40, 9) &&
             f->update(c, o->out + 21, &n, 75, msg, 30) &&
             f->final(c, o->out, &n, 96);
    o->outl = 51;
    o->ret = o->ret && get_tag_into(f, c, o, 16);
})
/* The refused (or absorbed) AAD's result and outl go into the output,
 * which is compared with the tag. */
SEAL_ROW(a_aad_after_data_tag, {
    size_t n = 99;

    o->ret = f->update(c, o->out, &n, 96, msg, 21);
    o->out[21] = (uint8_t)f->update(c, NULL, &n, 96, msg + 40, 9);
    o->out[22] = (uint8_t)n;
    o->ret = o->ret && f->update(c, o->out + 23, &n, 73, msg, 30) &&
             f->final(c, o->out, &n, 96);
    o->outl = 53;
    o->ret = o->ret && get_tag_into(f, c, o, 16);
})
AEAD_ROW(a_get_aead_twice, {
    int a = 0, b = 0;
    OSSL_PARAM p[] = {OSSL_PARAM_int(OSSL_CIPHER_PARAM_AEAD, &a),
                      OSSL_PARAM_int(OSSL_CIPHER_PARAM_AEAD, &b),
                      OSSL_PARAM_END};

    (void)c;
    o->ret = f->get_params(p);
})
SEAL_ROW(a_get_taglen_twice, {
    size_t a = 0, b = 0;
    OSSL_PARAM p[] = {OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, &a),
                      OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, &b),
                      OSSL_PARAM_END};

    o->ret = f->get_ctx_params(c, p);
})
SEAL_ROW(a_update_after_final, {
    size_t n;

    o->ret = f->update(c, o->out, &n, 96, msg, 10) &&
             f->final(c, o->out + 10, &n, 86) &&
             f->update(c, o->out + 10, &n, 86, msg, 70);
    o->outl = 80;
})
/* update(NULL input, n bytes) is default's final and reports n bytes. */
SEAL_ROW(a_update_null_in, {
    o->ret = f->update(c, o->out, &o->outl, 96, NULL, 10);
    o->ret = o->ret && get_tag_into(f, c, o, 16);
})
SEAL_ROW(a_update0, o->ret = f->update(c, o->out, &o->outl, 96, msg, 0))
SEAL_ROW(a_cipher_null_null_0, {
    o->ret = f->update(c, o->out, &o->outl, 96, msg, 10) &&
             f->cipher(c, NULL, &o->outl, 0, NULL, 0);
    o->outl = 0;
    o->ret = o->ret && get_tag_into(f, c, o, 16);
})
SEAL_ROW(a_out_too_small,
         o->ret = f->update(c, o->out, &o->outl, 9, msg, 10))
SEAL_ROW(a_aad_room_too_small,
         o->ret = f->update(c, NULL, &o->outl, 9, msg, 10))
SEAL_ROW(a_cipher_out_too_small,
         o->ret = f->cipher(c, o->out, &o->outl, 0, msg, 1))
SEAL_ROW(a_size_max, o->ret = f->update(c, o->out, &o->outl, SIZE_MAX - 1,
                                        msg, SIZE_MAX))
SEAL_ROW(a_aad_size_max, o->ret = f->update(c, NULL, &o->outl, SIZE_MAX - 1,
                                            msg, SIZE_MAX))
AEAD_SET_PARAMS_ROW(a_param_ivlen12, size_t v = 12,
               OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, &v))
AEAD_SET_PARAMS_ROW(a_param_ivlen8, size_t v = 8,
               OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, &v))
AEAD_SET_PARAMS_ROW(a_param_ivlen16, size_t v = 16,
               OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, &v))
AEAD_SET_PARAMS_ROW(a_param_keylen16, size_t v = 16,
               OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, &v))
AEAD_SET_PARAMS_ROW(a_param_ivlen_as_string, char s[] = "12",
               OSSL_PARAM_utf8_string(OSSL_CIPHER_PARAM_IVLEN, s, 2))
AEAD_SET_PARAMS_ROW(a_param_ivlen_twice, size_t v = 12; size_t w = 12,
               OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, &v),
               OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, &w))
/* libssl's TLS 1.2 key set-up: parameters the cipher does not use. */
AEAD_SET_PARAMS_ROW(a_param_tls_unused, unsigned int v = 0x0303; size_t m = 0,
               OSSL_PARAM_uint(OSSL_CIPHER_PARAM_TLS_VERSION, &v),
               OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_TLS_MAC_SIZE, &m))
AEAD_SET_PARAMS_ROW(a_param_tls_unused_bad_ivlen, unsigned int v = 0x0303;
               size_t m = 0; size_t l = 11,
               OSSL_PARAM_uint(OSSL_CIPHER_PARAM_TLS_VERSION, &v),
               OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_TLS_MAC_SIZE, &m),
               OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, &l))
OCTETS_ROW(SEAL_ROW, a_tlsaad_12, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD,
           (void *)msg, 12)
OCTETS_ROW(SEAL_ROW, a_tlsaad_14, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD,
           (void *)msg, 14)
OPEN_ROW(a_tlsaad_as_size_t, {
    size_t v = 13;
    OSSL_PARAM p[] = {OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, &v),
                      OSSL_PARAM_END};

    o->ret = f->set_ctx_params(c, p);
})
OCTETS_ROW(SEAL_ROW, a_tlsivfixed_11, OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED,
           (void *)msg, 11)
OCTETS_ROW(SEAL_ROW, a_tlsivfixed_12, OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED,
           (void *)msg, 12)

/* A TLS 1.2 record of `len` bytes (payload + tag) on decrypt; the tag in
 * msg is wrong, so a record that gets that far fails and is wiped. */
static int tls_open(const tu_cipher_fns *f, void *c, outcome *o, size_t len,
                    size_t call)
{
    uint8_t aad[13] = {0, 0, 0, 0, 0, 0, 0, 1, 23, 3, 3};
    size_t pad = 0;
    OSSL_PARAM p[] = {OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD,
                                              aad, 13),
                      OSSL_PARAM_END};
    OSSL_PARAM g[] = {OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD,
                                        &pad),
                      OSSL_PARAM_END};

    aad[11] = (uint8_t)(len >> 8);
    aad[12] = (uint8_t)len;
    memcpy(o->out, msg, sizeof(msg));
    o->outl = sizeof(o->out);
    return f->set_ctx_params(c, p) && f->get_ctx_params(c, g) && pad == 16 &&
           f->update(c, o->out, &len, sizeof(o->out), o->out, call);
}

OPEN_ROW(a_tls_record_15, o->ret = tls_open(f, c, o, 15, 15))
OPEN_ROW(a_tls_record_16_bad_tag, o->ret = tls_open(f, c, o, 16, 16))
OPEN_ROW(a_tls_record_80_bad_tag, o->ret = tls_open(f, c, o, 80, 80))
OPEN_ROW(a_tls_record_wrong_call, o->ret = tls_open(f, c, o, 80, 79))
/* A sealed TLS record, opened by the same provider. */
static void a_tls_round_trip(const tu_cipher_fns *f, outcome *o)
{
    void *s = aead_keyed(f, 1), *c = aead_keyed(f, 0);
    uint8_t aad[13] = {0, 0, 0, 0, 0, 0, 0, 9, 23, 3, 3, 0, 40};
    size_t n = 0;
    OSSL_PARAM p[] = {OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD,
                                              aad, 13),
                      OSSL_PARAM_END};

    memcpy(o->out, msg, 40);
    o->ret = s != NULL && c != NULL && f->set_ctx_params(s, p) &&
             f->update(s, o->out, &n, 96, o->out, 56) && n == 56;
    aad[12] = 56;
    o->ret = o->ret && f->set_ctx_params(c, p) &&
             f->update(c, o->out, &n, 96, o->out, 56) && n == 40;
    o->outl = 96;
    f->freectx(s);
    f->freectx(c);
}
SEAL_ROW(a_tls_call_before_update, {
    uint8_t aad[13] = {0, 0, 0, 0, 0, 0, 0, 1, 23, 3, 3, 0, 8};
    OSSL_PARAM p[] = {OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD,
                                              aad, 13),
                      OSSL_PARAM_END};

    /* A final with the record pending fails; AAD then starts a message. */
    o->ret = f->set_ctx_params(c, p) && !f->final(c, o->out, &o->outl, 96) &&
             f->update(c, NULL, &o->outl, 96, msg, 5) &&
             f->update(c, o->out, &o->outl, 96, msg, 24);
    o->outl = 24;
})
SEAL_ROW(a_dup_mid_stream, {
    void *d;
    size_t n;

    o->ret = f->update(c, NULL, &n, 96, msg, 5) &&
             f->update(c, o->out, &n, 96, msg, 33) &&
             (d = f->dupctx(c)) != NULL;
    if (o->ret) {
        o->ret = f->update(d, o->out + 33, &n, 63, msg, 20) &&
                 f->final(d, o->out, &n, 0);
        o->outl = 53;
        o->ret = o->ret && get_tag_into(f, d, o, 16);
        f->freectx(d);
    }
})

/* Rows the default provider does not survive: simd only. */
static void a_null_ctx(const tu_cipher_fns *f, outcome *o)
{
    size_t n = 0;
    OSSL_PARAM p[] = {OSSL_PARAM_END};
    size_t v = 12;
    OSSL_PARAM q[] = {OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, &v),
                      OSSL_PARAM_END};

    o->ret = f->update(NULL, o->out, &n, 96, msg, 10) |
             f->final(NULL, o->out, &n, 96) |
             f->cipher(NULL, o->out, &n, 96, msg, 10) |
             f->encrypt_init(NULL, key, 32, iv, 12, NULL) |
             f->decrypt_init(NULL, key, 32, iv, 12, NULL) |
             f->get_ctx_params(NULL, p) | f->set_ctx_params(NULL, q) |
             (f->dupctx(NULL) != NULL);
    f->freectx(NULL);
}
SEAL_ROW(a_null_outl, o->ret = f->update(c, o->out, NULL, 96, msg, 10) |
                               f->final(c, o->out, NULL, 96) |
                               f->cipher(c, o->out, NULL, 96, msg, 10))
/* GET_TAG into a NULL buffer: default copies into it. */
SEAL_ROW(a_get_tag_null_buffer, {
    OSSL_PARAM p[] = {OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL,
                                              16),
                      OSSL_PARAM_END};

    o->ret = f->get_ctx_params(c, p);
})
/* A TLS record pending, its call with a NULL input: default reads it. */
SEAL_ROW(a_tls_record_null_in, {
    uint8_t aad[13] = {0, 0, 0, 0, 0, 0, 0, 1, 23, 3, 3, 0, 8};
    OSSL_PARAM p[] = {OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD,
                                              aad, 13),
                      OSSL_PARAM_END};

    o->ret = f->set_ctx_params(c, p) &&
             f->update(c, o->out, &o->outl, 96, NULL, 24);
})
/* tlsaad / tlsivfixed of the right length with no bytes behind them. */
OCTETS_ROW(SEAL_ROW, a_tlsaad_null, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, NULL, 13)
OCTETS_ROW(SEAL_ROW, a_tlsivfixed_null, OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED,
           NULL, 12)

static const row aead_rows[] = {
    {"init: key of 16 bytes", 0, 1, a_key16, NULL},
    {"init: key of 33 bytes", 0, 1, a_key33, NULL},
    {"init: IV of 16 bytes", 0, 1, a_iv16, NULL},
    {"init: IV of 8 bytes (decrypt)", 0, 1, a_iv8, NULL},
    {"init: IV of 0 bytes", 0, 1, a_iv0, NULL},
    /* Its final is a decrypt's with no tag: 4.0 refuses it. */
    {"no key: seals with a zero key", ORACLE, 1, a_no_key_seal, NULL},
    {"get tag on a fresh context", 0, 1, a_get_tag_fresh, NULL},
    {"get tag before final", 1, 1, a_get_tag_before_final, NULL},
    {"seal, get 7 bytes of tag", 1, 1, a_seal_get_tag_7, NULL},
    {"get tag of 0 bytes", 0, 1, a_get_tag_0, NULL},
    {"get tag of 17 bytes", 0, 1, a_get_tag_17, NULL},
    {"get tag on decrypt", 0, 1, a_get_tag_on_decrypt, NULL},
    {"get tag into a size_t", 0, 1, a_get_tag_as_size_t, NULL},
    {"get every ctx param at once", 1, 1, a_get_all, NULL},
    {"get ivlen into a string", 0, 1, a_get_ivlen_as_string, NULL},
    {"set tag length only (encrypt)", 1, 1, a_set_tag_len_only, NULL},
    {"set tag with data on encrypt", 0, 1, a_set_tag_data_on_encrypt, NULL},
    {"set tag of 0 bytes", 0, 1, a_set_tag_0, NULL},
    {"set tag of 17 bytes", 0, 1, a_set_tag_17, NULL},
    {"set tag of 16 bytes (decrypt)", 1, 1, a_set_tag_16, NULL},
    {"set tag as a string", 0, 1, a_set_tag_as_string, NULL},
    {"open: wrong tag", 0, 1, a_open_wrong_tag, NULL},
    {"open: right 5-byte tag prefix", 1, 1, a_open_prefix_tag, NULL},
    /* 4.0 refuses a decrypt final with no tag set. */
    {"open: no tag set", ORACLE, 1, a_open_no_tag, NULL},
    {"open: second final", 0, 1, a_second_decrypt_final, NULL},
    {"seal: second final, tag", 1, 1, a_second_encrypt_final, NULL},
    /* Refused on every release (3.0's default absorbs it: deviations). */
    {"seal: AAD after data", 0, 1, a_aad_after_data, NULL},
    {"seal: AAD after data, then the tag", 1, 1, a_aad_after_data_tag, NULL},
    {"params: ivlen twice", ORACLE, 1, a_param_ivlen_twice, NULL},
    {"get params: taglen twice", ORACLE, 1, a_get_taglen_twice, NULL},
    {"algorithm params: aead twice", ORACLE, 1, a_get_aead_twice, NULL},
    /* 4.0 refuses input after a final until a new IV. */
    {"update after final", ORACLE, 1, a_update_after_final, NULL},
    {"update of NULL input, 10 bytes", 1, 1, a_update_null_in, NULL},
    {"update of 0 bytes", 1, 1, a_update0, NULL},
    {"cipher(NULL, NULL, 0) is a final", 1, 1, a_cipher_null_null_0, NULL},
    {"update: output buffer too small", 0, 1, a_out_too_small, NULL},
    {"AAD: room below its length", 0, 1, a_aad_room_too_small, NULL},
    {"cipher: output buffer too small", 0, 1, a_cipher_out_too_small, NULL},
    {"update: SIZE_MAX bytes, room SIZE_MAX-1", 0, 1, a_size_max, NULL},
    {"AAD: SIZE_MAX bytes, room SIZE_MAX-1", 0, 1, a_aad_size_max, NULL},
    {"params: ivlen 12", 1, 1, a_param_ivlen12, NULL},
    {"params: ivlen 8", 0, 1, a_param_ivlen8, NULL},
    {"params: ivlen 16", 0, 1, a_param_ivlen16, NULL},
    {"params: keylen 16", 0, 1, a_param_keylen16, NULL},
    {"params: ivlen as a string", 0, 1, a_param_ivlen_as_string, NULL},
    {"params: tls-version, tls-mac-size", 1, 1, a_param_tls_unused, NULL},
    {"params: the same with ivlen 11", 0, 1, a_param_tls_unused_bad_ivlen,
     NULL},
    {"tlsaad of 12 bytes", 0, 1, a_tlsaad_12, NULL},
    {"tlsaad of 14 bytes", 0, 1, a_tlsaad_14, NULL},
    {"tlsaad as a size_t", 0, 1, a_tlsaad_as_size_t, NULL},
    {"tlsivfixed of 11 bytes", 0, 1, a_tlsivfixed_11, NULL},
    {"tlsivfixed of 12 bytes", 1, 1, a_tlsivfixed_12, NULL},
    {"TLS record of 15 bytes (under the tag)", 0, 1, a_tls_record_15, NULL},
    {"TLS record of 16 bytes, bad tag", 0, 1, a_tls_record_16_bad_tag, NULL},
    {"TLS record of 80 bytes, bad tag: wiped", 0, 1, a_tls_record_80_bad_tag,
     NULL},
    {"TLS record, call of the wrong length", 0, 1, a_tls_record_wrong_call,
     NULL},
    {"TLS record sealed and opened", 1, 1, a_tls_round_trip, NULL},
    {"TLS record pending: final, then AAD", 1, 1, a_tls_call_before_update,
     NULL},
    {"dup mid-stream, the copy finishes", 1, 1, a_dup_mid_stream, NULL},
    {"NULL context everywhere", 0, 0, a_null_ctx, NULL},
    {"NULL outl", 0, 0, a_null_outl, NULL},
    {"get tag into a NULL buffer", 0, 0, a_get_tag_null_buffer, NULL},
    {"tlsaad with NULL data", 0, 0, a_tlsaad_null, NULL},
    {"TLS record from a NULL input", 0, 0, a_tls_record_null_in, NULL},
    {"tlsivfixed with NULL data", 0, 0, a_tlsivfixed_null, NULL},
};

/* --- MD5 rows --- */

DIGEST_ROW(d_final_15,
           o->ret = f->init(c, NULL) && f->final(c, o->out, &o->outl, 15))
DIGEST_ROW(d_final_0,
           o->ret = f->init(c, NULL) && f->final(c, o->out, &o->outl, 0))
DIGEST_ROW(d_update_after_final, {
    size_t n;

    o->ret = f->init(c, NULL) && f->update(c, msg, 70) &&
             f->final(c, o->out, &n, 16) && f->update(c, msg, 33) &&
             f->final(c, o->out + 16, &n, 16);
    o->outl = 32;
})
DIGEST_ROW(d_null_in_zero_len,
           o->ret = f->init(c, NULL) && f->update(c, NULL, 0) &&
                    f->final(c, o->out, &o->outl, 16))
DIGEST_ROW(d_init_unknown_param, {
    int v = 1;
    OSSL_PARAM p[] = {OSSL_PARAM_int("simd-no-such-param", &v),
                      OSSL_PARAM_END};

    o->ret = f->init(c, p) && f->final(c, o->out, &o->outl, 16);
})
DIGEST_ROW(d_no_init, o->ret = f->update(c, msg, 50) &&
                               f->final(c, o->out, &o->outl, 16))
DIGEST_ROW(d_dup_mid_stream, {
    void *d;
    size_t n;

    o->ret = f->init(c, NULL) && f->update(c, msg, 70) &&
             (d = f->dupctx(c)) != NULL;
    if (o->ret) {
        o->ret = f->update(c, msg, 5) && f->update(d, msg, 9) &&
                 f->final(c, o->out, &n, 16) && f->final(d, o->out + 16, &n, 16);
        f->freectx(d);
    }
    o->outl = 32;
})

static void d_get_params_unknown(const tu_digest_fns *f, outcome *o)
{
    get_unknown_param(f->get_params, 3, o);
}

static void d_get_size_as_string(const tu_digest_fns *f, outcome *o)
{
    char s[8] = "";
    OSSL_PARAM p[] = {OSSL_PARAM_utf8_string(OSSL_DIGEST_PARAM_SIZE, s,
                                             sizeof(s)),
                      OSSL_PARAM_END};

    o->ret = f->get_params(p);
}

static void d_null_ctx(const tu_digest_fns *f, outcome *o)
{
    size_t n;

    o->ret = f->init(NULL, NULL) | f->update(NULL, msg, 3) |
             f->final(NULL, o->out, &n, 16) | (f->dupctx(NULL) != NULL);
    f->freectx(NULL);
}

DIGEST_ROW(d_null_in, o->ret = f->init(c, NULL) && f->update(c, NULL, 10))
DIGEST_ROW(d_null_out, {
    size_t n;

    o->ret = f->init(c, NULL) &&
             (f->final(c, NULL, &n, 16) | f->final(c, o->out, NULL, 16));
})

static const row digest_rows[] = {
    {"final: output of 15 bytes", 0, 1, NULL, d_final_15},
    {"final: output of 0 bytes", 0, 1, NULL, d_final_0},
    {"update after final", 1, 1, NULL, d_update_after_final},
    {"update of NULL, 0 bytes", 1, 1, NULL, d_null_in_zero_len},
    {"init with an unknown param", 1, 1, NULL, d_init_unknown_param},
    {"update and final with no init", 1, 1, NULL, d_no_init},
    {"dup mid-stream, both continue", 1, 1, NULL, d_dup_mid_stream},
    {"algorithm params: unknown name", 1, 1, NULL, d_get_params_unknown},
    {"algorithm params: size as a string", 0, 1, NULL, d_get_size_as_string},
    {"NULL context everywhere", 0, 0, NULL, d_null_ctx},
    {"NULL input with a length", 0, 0, NULL, d_null_in},
    {"NULL output or outl", 0, 0, NULL, d_null_out},
};


/* --- POLY1305 rows (EVP_MAC) --- */

static void *mac_keyed(const tu_mac_fns *f)
{
    void *c = f->newctx(f->provctx);

    if (c != NULL && !f->init(c, key, 32, NULL)) {
        f->freectx(c);
        return NULL;
    }
    return c;
}

#define MAC_ROW(name, ...)                                                     \
    ROW(name, tu_mac_fns, f->newctx(f->provctx), __VA_ARGS__)
#define MAC_KEYED_ROW(name, ...) ROW(name, tu_mac_fns, mac_keyed(f), __VA_ARGS__)
/* set_ctx_params on a fresh context, then a 40-byte message and its tag. */
#define MAC_PARAMS_ROW(name, decl, ...)                                        \
    MAC_ROW(name, decl;                                                        \
            OSSL_PARAM p[] = {__VA_ARGS__, OSSL_PARAM_END};                    \
            o->ret = f->set_ctx_params(c, p) && f->update(c, msg, 40) &&       \
                     f->final(c, o->out, &o->outl, 16))

MAC_ROW(m_key0, o->ret = f->init(c, key, 0, NULL))
MAC_ROW(m_key16, o->ret = f->init(c, key, 16, NULL))
MAC_ROW(m_key31, o->ret = f->init(c, key, 31, NULL))
MAC_ROW(m_key33, o->ret = f->init(c, key, 33, NULL))
MAC_ROW(m_key_size_max, o->ret = f->init(c, key, SIZE_MAX, NULL))
/* A refused key leaves the message under way as it was. */
MAC_KEYED_ROW(m_bad_key_keeps_state,
              o->ret = f->update(c, msg, 20) && !f->init(c, msg, 31, NULL) &&
                       !f->init(c, msg, SIZE_MAX, NULL) &&
                       f->update(c, msg + 20, 10) &&
                       f->final(c, o->out, &o->outl, 16))
MAC_ROW(m_update_nokey, o->ret = f->update(c, msg, 5))
MAC_ROW(m_update16_nokey, o->ret = f->update(c, msg, 16))
MAC_ROW(m_update0_nokey, o->ret = f->update(c, msg, 0))
MAC_ROW(m_final_nokey, o->ret = f->final(c, o->out, &o->outl, 16))
MAC_ROW(m_bad_key_then_final, o->ret = !f->init(c, key, 31, NULL) &&
                                       f->final(c, o->out, &o->outl, 16))
MAC_ROW(m_init_nokey_fresh, o->ret = f->init(c, NULL, 0, NULL) &&
                                     f->init(c, NULL, 32, NULL))
MAC_ROW(m_init_nokey_then_update,
        o->ret = f->init(c, NULL, 0, NULL) && f->update(c, msg, 3))
MAC_KEYED_ROW(m_init_nokey_before_data,
              o->ret = f->init(c, NULL, 0, NULL) && f->update(c, msg, 33) &&
                       f->final(c, o->out, &o->outl, 16))
MAC_KEYED_ROW(m_init_nokey_after_data,
              o->ret = f->update(c, msg, 5) && f->init(c, NULL, 0, NULL))
MAC_KEYED_ROW(m_init_nokey_after_0_bytes,
              o->ret = f->update(c, msg, 0) && f->init(c, NULL, 0, NULL))
MAC_KEYED_ROW(m_init_nokey_after_final, {
    size_t n;

    o->ret = f->final(c, o->out, &n, 16) && f->init(c, NULL, 0, NULL);
})
MAC_KEYED_ROW(m_rekey_mid_message,
              o->ret = f->update(c, msg, 21) && f->init(c, msg, 32, NULL) &&
                       f->update(c, msg, 50) &&
                       f->final(c, o->out, &o->outl, 16))
MAC_KEYED_ROW(m_null_in_zero_len, o->ret = f->update(c, NULL, 0) &&
                                           f->final(c, o->out, &o->outl, 16))
MAC_KEYED_ROW(m_final_room_size_max,
              o->ret = f->update(c, msg, 17) &&
                       f->final(c, o->out, &o->outl, SIZE_MAX))
/* After final 3.0.19's state is wiped: updates under one block are taken
 * into its buffer and go nowhere; a new key starts over. */
MAC_KEYED_ROW(m_short_update_after_final, {
    size_t n;

    o->ret = f->final(c, o->out, &n, 16) && f->update(c, msg, 0) &&
             f->update(c, msg, 10) && f->update(c, msg, 5) &&
             !f->init(c, NULL, 0, NULL) && f->init(c, msg, 32, NULL) &&
             f->update(c, msg, 7) && f->final(c, o->out + 16, &n, 16);
    o->outl = 32;
})
MAC_ROW(m_dup_unkeyed, {
    void *d = f->dupctx(c);

    o->ret = d != NULL && f->update(d, msg, 10);
    f->freectx(d);
})
MAC_KEYED_ROW(m_dup_mid_stream, {
    void *d;
    size_t n;

    o->ret = f->update(c, msg, 37) && (d = f->dupctx(c)) != NULL;
    if (o->ret) {
        o->ret = f->update(c, msg, 5) && f->update(d, msg, 29) &&
                 f->final(d, o->out, &n, 16) && f->final(c, o->out + 16, &n, 16);
        f->freectx(d);
    }
    o->outl = 32;
})

MAC_PARAMS_ROW(m_param_key, (void)0,
               OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, (void *)key, 32))
MAC_PARAMS_ROW(m_param_key31, (void)0,
               OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, (void *)key, 31))
MAC_PARAMS_ROW(m_param_key0, (void)0,
               OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, (void *)key, 0))
MAC_PARAMS_ROW(m_param_key_no_data, (void)0,
               OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, NULL, 32))
/* 3.0 takes any parameter type whose size is 32 as the key. */
MAC_PARAMS_ROW(m_param_key_as_string, char s[33]; memcpy(s, key, 32),
               OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_KEY, s, 32))
MAC_PARAMS_ROW(m_param_key_as_int, int v = 32,
               OSSL_PARAM_int(OSSL_MAC_PARAM_KEY, &v))
MAC_PARAMS_ROW(m_param_key_twice, (void)0,
               OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, (void *)key, 32),
               OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, (void *)msg, 31))
MAC_PARAMS_ROW(m_param_unknown_then_key, int v = 1,
               OSSL_PARAM_int("simd-no-such-param", &v),
               OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, (void *)key, 32))
MAC_KEYED_ROW(m_param_null, o->ret = f->set_ctx_params(c, NULL))
MAC_KEYED_ROW(m_param_size, {
    size_t v = 8;
    OSSL_PARAM p[] = {OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, &v),
                      OSSL_PARAM_END};

    o->ret = f->set_ctx_params(c, p) && f->final(c, o->out, &o->outl, 16);
})
/* Both: the parameters come first, the key argument last. */
MAC_ROW(m_init_param_and_arg, {
    OSSL_PARAM p[] = {OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, (void *)msg,
                                              32),
                      OSSL_PARAM_END};

    o->ret = f->init(c, key, 32, p) && f->final(c, o->out, &o->outl, 16);
})
MAC_ROW(m_init_string_param_good_arg, {
    char str[33];
    OSSL_PARAM p[] = {OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_KEY, str, 32),
                      OSSL_PARAM_END};

    memcpy(str, msg, 32);
    str[32] = 0;
    o->ret = f->init(c, key, 32, p) && f->final(c, o->out, &o->outl, 16);
})
MAC_ROW(m_init_bad_param_good_arg, {
    OSSL_PARAM p[] = {OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, (void *)msg,
                                              31),
                      OSSL_PARAM_END};

    o->ret = f->init(c, key, 32, p);
})

static void m_get_size_twice(const tu_mac_fns *f, outcome *o)
{
    size_t v = 0, w = 0;
    OSSL_PARAM p[] = {OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, &v),
                      OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, &w),
                      OSSL_PARAM_END};

    o->ret = f->get_params(p);
}

static void m_get_size(const tu_mac_fns *f, outcome *o)
{
    size_t v = 0;
    int i = 0;
    OSSL_PARAM p[] = {OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, &v),
                      OSSL_PARAM_END};
    OSSL_PARAM q[] = {OSSL_PARAM_int(OSSL_MAC_PARAM_SIZE, &i), OSSL_PARAM_END};

    o->ret = f->get_params(p) && f->get_params(q);
    memcpy(o->out, &v, sizeof(v));
    memcpy(o->out + sizeof(v), &i, sizeof(i));
    o->outl = sizeof(v) + sizeof(i);
}

static void m_get_size_as_string(const tu_mac_fns *f, outcome *o)
{
    char s[8] = "";
    OSSL_PARAM p[] = {OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_SIZE, s,
                                             sizeof(s)),
                      OSSL_PARAM_END};

    o->ret = f->get_params(p);
}

static void m_get_params_unknown(const tu_mac_fns *f, outcome *o)
{
    get_unknown_param(f->get_params, 5, o);
}

/* Rows the default provider does not survive (or where it writes past the
 * room it was given): simd only. */
MAC_KEYED_ROW(m_final_15, o->ret = f->final(c, o->out, &o->outl, 15))
MAC_KEYED_ROW(m_final_0, o->ret = f->final(c, o->out, &o->outl, 0))
MAC_KEYED_ROW(m_final_twice, {
    size_t n;

    o->ret = f->final(c, o->out, &n, 16) && f->final(c, o->out, &n, 16);
})
MAC_KEYED_ROW(m_block_after_final, {
    size_t n;

    o->ret = f->final(c, o->out, &n, 16) && f->update(c, msg, 16);
})
MAC_KEYED_ROW(m_blocks_add_up_after_final, {
    size_t n;

    o->ret = f->final(c, o->out, &n, 16) && f->update(c, msg, 15) &&
             f->update(c, msg, 1);
})
MAC_KEYED_ROW(m_dup_after_final_final, {
    void *d;
    size_t n;

    o->ret = f->final(c, o->out, &n, 16) && (d = f->dupctx(c)) != NULL;
    if (o->ret) {
        o->ret = f->final(d, o->out, &n, 16);
        f->freectx(d);
    }
})
MAC_KEYED_ROW(m_null_in, o->ret = f->update(c, NULL, 10))
MAC_KEYED_ROW(m_null_out, o->ret = f->final(c, NULL, &o->outl, 16) |
                                   f->final(c, o->out, NULL, 16))
/* A pointer type: 3.0 would read 32 bytes from an 8-byte pointer. */
MAC_ROW(m_param_key_as_ptr, {
    const void *k = key;
    OSSL_PARAM p[] = {OSSL_PARAM_octet_ptr(OSSL_MAC_PARAM_KEY, (void **)&k, 32),
                      OSSL_PARAM_END};

    o->ret = f->set_ctx_params(c, p);
})

static void m_null_ctx(const tu_mac_fns *f, outcome *o)
{
    size_t n;
    OSSL_PARAM p[] = {OSSL_PARAM_END};

    o->ret = f->init(NULL, key, 32, NULL) | f->init(NULL, NULL, 0, NULL) |
             f->update(NULL, msg, 3) | f->final(NULL, o->out, &n, 16) |
             f->set_ctx_params(NULL, p) | (f->dupctx(NULL) != NULL);
    f->freectx(NULL);
}

typedef struct {
    const char *name;
    int expect, oracle;
    void (*fn)(const tu_mac_fns *f, outcome *o);
} mac_row;

/* The no-key rows run on simd only: before 3.0.22 default has no "no key"
 * check (it takes short updates and crashes on a whole block or a final);
 * simd refuses them all, as 3.0.22 does. */
static const mac_row mac_rows[] = {
    {"init: key of 0 bytes", 0, 1, m_key0},
    {"init: key of 16 bytes", 0, 1, m_key16},
    {"init: key of 31 bytes", 0, 1, m_key31},
    {"init: key of 33 bytes", 0, 1, m_key33},
    {"init: key of SIZE_MAX bytes", 0, 1, m_key_size_max},
    {"refused keys keep the message", 1, 1, m_bad_key_keeps_state},
    {"update with no key", 0, 0, m_update_nokey},
    {"update of 16 bytes with no key", 0, 0, m_update16_nokey},
    {"update of 0 bytes with no key", 0, 0, m_update0_nokey},
    {"final with no key", 0, 0, m_final_nokey},
    {"refused key, then final", 0, 0, m_bad_key_then_final},
    {"init without key on a fresh context", 1, 1, m_init_nokey_fresh},
    {"init without key is no key", 0, 0, m_init_nokey_then_update},
    {"init without key before data", 1, 1, m_init_nokey_before_data},
    {"init without key after data", 0, 1, m_init_nokey_after_data},
    {"init without key after 0 bytes", 0, 1, m_init_nokey_after_0_bytes},
    {"init without key after final", 0, 1, m_init_nokey_after_final},
    {"new key mid-message restarts", 1, 1, m_rekey_mid_message},
    {"update of NULL, 0 bytes", 1, 1, m_null_in_zero_len},
    {"final: room SIZE_MAX", 1, 1, m_final_room_size_max},
    {"short updates after final, new key", 1, 1, m_short_update_after_final},
    {"dup of an unkeyed context, update", 0, 0, m_dup_unkeyed},
    {"dup mid-stream, both continue", 1, 1, m_dup_mid_stream},
    {"params: key of 32 bytes", 1, 1, m_param_key},
    {"params: key of 31 bytes", 0, 1, m_param_key31},
    {"params: key of 0 bytes", 0, 1, m_param_key0},
    {"params: key of 32 bytes, no data", 0, 0, m_param_key_no_data},
    /* 3.0-3.5 take any type's bytes; 3.6+ only an octet string. */
    {"params: key as a 32-byte string", ORACLE, 1, m_param_key_as_string},
    {"params: key as an int", 0, 1, m_param_key_as_int},
    /* 3.0-3.5: the first counts; 3.6+ refuse a repeated parameter. */
    {"params: key twice", ORACLE, 1, m_param_key_twice},
    {"params: unknown name, then key", 1, 1, m_param_unknown_then_key},
    {"params: NULL array", 1, 1, m_param_null},
    {"params: size is not settable", 1, 1, m_param_size},
    {"init: key param and key argument", 1, 1, m_init_param_and_arg},
    {"init: bad key param, good argument", 0, 1, m_init_bad_param_good_arg},
    /* 3.0-3.5 take the string's bytes, 3.6+ refuse it (then no key). */
    {"init: key param as a string, good argument", ORACLE, 1,
     m_init_string_param_good_arg},
    {"algorithm params: size", 1, 1, m_get_size},
    {"algorithm params: size twice", ORACLE, 1, m_get_size_twice},
    {"algorithm params: size as a string", 0, 1, m_get_size_as_string},
    {"algorithm params: unknown name", 1, 1, m_get_params_unknown},
    {"final: output of 15 bytes", 0, 0, m_final_15},
    {"final: output of 0 bytes", 0, 0, m_final_0},
    {"final twice", 0, 0, m_final_twice},
    {"update of a block after final", 0, 0, m_block_after_final},
    {"updates adding up to a block after final", 0, 0,
     m_blocks_add_up_after_final},
    {"dup after final, final", 0, 0, m_dup_after_final_final},
    {"NULL input with a length", 0, 0, m_null_in},
    {"NULL output or outl", 0, 0, m_null_out},
    {"params: key as a pointer", 0, 0, m_param_key_as_ptr},
    {"NULL context everywhere", 0, 0, m_null_ctx},
};

static tu_ctx t;

static int same(const outcome *a, const outcome *b)
{
    return a->ret == b->ret &&
           (!a->ret || (a->outl == b->outl && memcmp(a->out, b->out,
                                                     a->outl) == 0));
}

static void run(const row *r, const tu_alg_fns *f, outcome *o)
{
    if (r->cipher != NULL)
        r->cipher(&f->c, o);
    else
        r->digest(&f->d, o);
}

/*
 * The verdict on one row, printed: it passes when simd (s) returned what
 * the row expects (ORACLE: what the default provider returned) and, where
 * the default provider ran it too (oracle; its outcome in d), gave the same
 * outcome and output. Returns 1 for a failure, so callers count them.
 */
static int judge(const char *kind, const char *name, int expect, int oracle,
                 const outcome *s, const outcome *d)
{
    int ok = (expect == ORACLE ? s->ret == d->ret : s->ret == expect) &&
             (!oracle || same(s, d));

    printf("    %-5s %-8s %-42s simd=%d%s\n", ok ? "ok" : "FAIL", kind, name,
           s->ret, oracle ? (d->ret ? " default=1" : " default=0") : "");
    ERR_clear_error();
    return !ok;
}

/* Every row on simd and, where the row says so, on the default provider. */
static void run_rows(const char *kind, const row *rows, size_t n)
{
    tu_alg_fns fs, fd;
    int bad = 0;

    CU_ASSERT_FATAL(tu_load_algs(t.simd, &fs));
    CU_ASSERT_FATAL(tu_load_algs(t.deflt, &fd));
    printf("\n");
    for (size_t i = 0; i < n; i++) {
        const row *r = &rows[i];
        outcome s = {0}, d = {0};

        run(r, &fs, &s);
        if (r->oracle)
            run(r, &fd, &d);
        bad += judge(kind, r->name, r->expect, r->oracle, &s, &d);
    }
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_cipher_table(void)
{
    run_rows("chacha20", cipher_rows, SIMD_COUNT(cipher_rows));
}

/* AEAD rows that a deviations row (docs/deviations.md) covers: on the
 * releases it lists, simd alone is judged, by the row's expectation. */
static const struct {
    void (*cipher)(const tu_cipher_fns *f, outcome *o);
    const char *dev;
} aead_deviations[] = {
    {a_aad_after_data, "aead-aad-after-data"},
    {a_aad_after_data_tag, "aead-aad-after-data"},
    {a_cipher_null_null_0, "aead-oneshot-zero"},
};

static int deviates(const row *r)
{
    for (size_t i = 0; i < SIMD_COUNT(aead_deviations); i++)
        if (aead_deviations[i].cipher == r->cipher &&
            dev_applies(aead_deviations[i].dev))
            return 1;
    return 0;
}

/* The AEAD's rows through its own dispatch tables, as run_rows does. */
static void test_aead_table(void)
{
    tu_cipher_fns fs, fd;
    int bad = 0;

    CU_ASSERT_FATAL(tu_load_aead(t.simd, &fs));
    CU_ASSERT_FATAL(tu_load_aead(t.deflt, &fd));
    printf("\n");
    for (size_t i = 0; i < SIMD_COUNT(aead_rows); i++) {
        const row *r = &aead_rows[i];
        int oracle = r->oracle && !deviates(r);
        outcome s = {0}, d = {0};

        r->cipher(&fs, &s);
        if (oracle)
            r->cipher(&fd, &d);
        /* ORACLE rows are never the one left to simd above. */
        bad += judge("aead", r->name, r->expect, oracle, &s, &d);
    }
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_digest_table(void)
{
    run_rows("md5", digest_rows, SIMD_COUNT(digest_rows));
}


/* The MAC rows, as run_rows does the others. */
static void test_mac_table(void)
{
    tu_mac_fns fs, fd;
    int bad = 0;

    CU_ASSERT_FATAL(tu_load_mac(t.simd, "POLY1305", &fs));
    CU_ASSERT_FATAL(tu_load_mac(t.deflt, "POLY1305", &fd));
    printf("\n");
    for (size_t i = 0; i < SIMD_COUNT(mac_rows); i++) {
        const mac_row *r = &mac_rows[i];
        outcome s = {0}, d = {0};

        r->fn(&fs, &s);
        if (r->oracle)
            r->fn(&fd, &d);
        bad += judge("poly1305", r->name, r->expect, r->oracle, &s, &d);
    }
    CU_ASSERT_EQUAL(bad, 0);
}

/* ------------------------------------------ a core of our own making */

/* The module's memory must all come from the core's upcalls: a stand-in
 * core counts the blocks it hands out. */
typedef void (*fn_ptr_t)(void);
static long core_blocks, core_calls;
static int core_out_of_memory; /* the stand-in core's zalloc fails */

static void *fake_zalloc(size_t n, const char *file, int line)
{
    (void)file, (void)line;
    core_calls++;
    if (core_out_of_memory)
        return NULL;
    core_blocks++;
    return calloc(1, n);
}

static void fake_free(void *p, const char *file, int line)
{
    (void)file, (void)line;
    core_blocks -= p != NULL;
    free(p);
}

static void fake_clear_free(void *p, size_t n, const char *file, int line)
{
    (void)file, (void)line;
    if (p != NULL)
        memset(p, 0, n);
    core_blocks -= p != NULL;
    free(p);
}

/* The running libcrypto's version, so the module's per-process release
 * (prov_ctx.h) stays what the real core told it. */
static int fake_get_params(const OSSL_CORE_HANDLE *h, OSSL_PARAM params[])
{
    OSSL_PARAM *p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_CORE_VERSION);

    (void)h;
    return p == NULL ||
           OSSL_PARAM_set_utf8_ptr(p, OpenSSL_version(OPENSSL_VERSION_STRING));
}

static fn_ptr_t find_fn(const OSSL_DISPATCH *d, int id)
{
    for (; d != NULL && d->function_id != 0; d++)
        if (d->function_id == id)
            return d->function;
    return NULL;
}

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
    const OSSL_DISPATCH all[] = {
        {OSSL_FUNC_CRYPTO_ZALLOC, (fn_ptr_t)fake_zalloc},
        {OSSL_FUNC_CRYPTO_FREE, (fn_ptr_t)fake_free},
        {OSSL_FUNC_CRYPTO_CLEAR_FREE, (fn_ptr_t)fake_clear_free},
        {OSSL_FUNC_CORE_GET_PARAMS, (fn_ptr_t)fake_get_params},
        {0, NULL},
    };
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
        OSSL_DISPATCH in[5];
        int n = 0;

        for (int i = 0; i < 5; i++)
            if (i != missing)
                in[n++] = all[i];
        core_blocks = core_calls = 0;
        CU_ASSERT_EQUAL(init(NULL, in, &out, &provctx), 0);
        CU_ASSERT_EQUAL(core_calls, 0);
    }
    core_blocks = core_calls = 0;
    core_out_of_memory = 1;
    CU_ASSERT_EQUAL(init(NULL, all, &out, &provctx), 0);
    CU_ASSERT(core_calls == 1 && core_blocks == 0);
    core_out_of_memory = 0;
    CU_ASSERT_FATAL(init(NULL, all, &out, &provctx) == 1);
    CU_ASSERT_EQUAL(core_blocks, 1); /* the provider context */
    {
        OSSL_FUNC_provider_query_operation_fn *query =
            (OSSL_FUNC_provider_query_operation_fn *)find_fn(
                out, OSSL_FUNC_PROVIDER_QUERY_OPERATION);
        OSSL_FUNC_provider_teardown_fn *teardown =
            (OSSL_FUNC_provider_teardown_fn *)find_fn(
                out, OSSL_FUNC_PROVIDER_TEARDOWN);
        int no_cache = 0;
        const OSSL_ALGORITHM *md = query(provctx, OSSL_OP_DIGEST, &no_cache);
        const OSSL_DISPATCH *d = md->implementation;
        OSSL_FUNC_digest_newctx_fn *newctx =
            (OSSL_FUNC_digest_newctx_fn *)find_fn(d, OSSL_FUNC_DIGEST_NEWCTX);
        OSSL_FUNC_digest_dupctx_fn *dupctx =
            (OSSL_FUNC_digest_dupctx_fn *)find_fn(d, OSSL_FUNC_DIGEST_DUPCTX);
        OSSL_FUNC_digest_freectx_fn *freectx =
            (OSSL_FUNC_digest_freectx_fn *)find_fn(d, OSSL_FUNC_DIGEST_FREECTX);
        OSSL_FUNC_digest_init_fn *dinit =
            (OSSL_FUNC_digest_init_fn *)find_fn(d, OSSL_FUNC_DIGEST_INIT);
        OSSL_FUNC_digest_update_fn *update =
            (OSSL_FUNC_digest_update_fn *)find_fn(d, OSSL_FUNC_DIGEST_UPDATE);
        OSSL_FUNC_digest_final_fn *final =
            (OSSL_FUNC_digest_final_fn *)find_fn(d, OSSL_FUNC_DIGEST_FINAL);
        /* id 15 in 3.5's core_dispatch.h: void (*)(void *dst, void *src) */
        void (*copyctx)(void *, void *) =
            (void (*)(void *, void *))find_fn(d, 15);
        void *a, *b, *c;
        uint8_t dig[2][16];
        size_t n = 0;

        CU_ASSERT_FATAL(newctx != NULL && dupctx != NULL && freectx != NULL &&
                        copyctx != NULL && teardown != NULL);
        a = newctx(provctx);
        b = newctx(provctx);
        CU_ASSERT_FATAL(a != NULL && b != NULL);
        CU_ASSERT(dinit(a, NULL) && update(a, (const uint8_t *)"a", 1));
        CU_ASSERT(dinit(b, NULL) && update(b, msg, 70)); /* other state */
        copyctx(b, a);
        core_out_of_memory = 1;
        CU_ASSERT_PTR_NULL(newctx(provctx));
        CU_ASSERT_PTR_NULL(dupctx(a));
        core_out_of_memory = 0;
        c = dupctx(a);
        CU_ASSERT_EQUAL(core_blocks, 4);
        CU_ASSERT(update(b, (const uint8_t *)"bc", 2) &&
                  final(b, dig[0], &n, 16));
        CU_ASSERT(update(c, (const uint8_t *)"bc", 2) &&
                  final(c, dig[1], &n, 16));
        CU_ASSERT_EQUAL(memcmp(dig[0], abc_md5, 16), 0);
        CU_ASSERT_EQUAL(memcmp(dig[1], abc_md5, 16), 0);
        freectx(a);
        freectx(b);
        freectx(c);
        CU_ASSERT_EQUAL(core_blocks, 1);
        teardown(provctx);
        CU_ASSERT_EQUAL(core_blocks, 0);
    }
    dlclose(so);
}

int main(void)
{
    static const tu_test tests[] = {
        {"ChaCha20 bad-input table", test_cipher_table},
        {"POLY1305 bad-input table", test_mac_table},
        {"MD5 bad-input table", test_digest_table},
        {"ChaCha20-Poly1305 bad-input table", test_aead_table},
        {"a core without (or with counted) allocation upcalls",
         test_core_upcalls},
        {NULL, NULL},
    };

    return tu_main_ctx("bad_input", tests, &t);
}
