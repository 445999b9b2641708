/* SPDX-License-Identifier: Apache-2.0 */
/* The ChaCha20 rows of the bad-input tables (bad_input.h). */
#include <stdint.h>
#include <string.h>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

#include "bad_input.h"

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

static const row chacha20_rows[] = {
    {"init: key of 16 bytes", 0, 1, .cipher = c_key16},
    {"init: key of 33 bytes", 0, 1, .cipher = c_key33},
    {"init: key of 0 bytes", 0, 1, .cipher = c_key0},
    {"init: IV of 12 bytes", 0, 1, .cipher = c_iv12},
    {"init: IV of 0 bytes", 0, 1, .cipher = c_iv0},
    {"init: IV of 17 bytes", 0, 1, .cipher = c_iv17},
    {"update with no key", 0, 1, .cipher = c_update_nokey},
    {"update of 0 bytes with no key", 0, 1, .cipher = c_update0_nokey},
    {"final with no key", 0, 1, .cipher = c_final_nokey},
    {"one-shot cipher with no key", 0, 1, .cipher = c_cipher_nokey},
    {"IV alone is not a key", 0, 1, .cipher = c_iv_only_no_key},
    {"params: keylen 16", 0, 1, .cipher = c_param_keylen16},
    {"params: ivlen 12", 0, 1, .cipher = c_param_ivlen12},
    {"params: keylen 32 + ivlen 16", 1, 1, .cipher = c_param_ok},
    {"params: NULL array", 1, 1, .cipher = c_param_null},
    {"params: unknown name", 1, 1, .cipher = c_param_unknown},
    {"params: keylen as a string", 0, 1, .cipher = c_param_keylen_as_string},
    {"params: keylen as a negative int", 0, 1,
     .cipher = c_param_keylen_negative_int},
    {"get keylen into an int", 1, 1, .cipher = c_get_keylen_as_int},
    {"get keylen into a string", 0, 1, .cipher = c_get_keylen_as_string},
    {"get ivlen into a size_t", 1, 1, .cipher = c_get_ivlen_size_t},
    {"get ivlen, size_t with no data", 1, 1, .cipher = c_get_ivlen_no_data},
    {"get ivlen into a uint32", 1, 1, .cipher = c_get_ivlen_uint32},
    {"get: names that are prefixes of ivlen", 1, 1,
     .cipher = c_get_ivlen_prefix_names},
    {"params: ivlen 16 as a uint32", 1, 1, .cipher = c_param_ivlen_uint32},
    /* 4.0 refuses repeated parameters (docs/behaviour.md). */
    {"params: keylen twice, first one wins (3.x)", ORACLE, 1,
     .cipher = c_param_keylen_twice},
    {"params: keylen 32 as an int32", 1, 1, .cipher = c_param_keylen_int32},
    {"params: ivlen -1 as an int64", 0, 1,
     .cipher = c_param_ivlen_int64_minus1},
    {"params: keylen 2^32 + 32 as a uint64", 0, 1,
     .cipher = c_param_keylen_uint64_wraps},
    {"params: keylen 32 in 1 byte", 1, 1, .cipher = c_param_keylen_1_byte},
    {"params: ivlen 16 in 16 bytes", 1, 1, .cipher = c_param_ivlen_16_bytes},
    {"params: ivlen 2^120 + 16 in 16 bytes", 0, 1,
     .cipher = c_param_ivlen_16_bytes_high},
    {"params: keylen 32.0 as a double", 1, 1, .cipher = c_param_keylen_double},
    {"params: keylen 32.5 as a double", 0, 1,
     .cipher = c_param_keylen_double_frac},
    {"get ivlen into a 1-byte int", 1, 1, .cipher = c_get_keylen_1_byte_int},
    {"get ivlen into 3 bytes", 1, 1, .cipher = c_get_ivlen_3_bytes},
    {"get ivlen into a double", 1, 1, .cipher = c_get_ivlen_double},
    {"get ivlen into a utf8 pointer", 0, 1, .cipher = c_get_ivlen_utf8_ptr},
    {"algorithm params: unknown name", 1, 1, .cipher = c_get_params_unknown},
    {"update: output buffer too small", 0, 1, .cipher = c_out_too_small},
    {"cipher: output buffer too small", 0, 1, .cipher = c_cipher_out_too_small},
    {"update: SIZE_MAX bytes, room SIZE_MAX-1", 0, 1, .cipher = c_size_max},
    {"update after final", 1, 1, .cipher = c_update_after_final},
    {"dup of an unkeyed context, update", 0, 1, .cipher = c_dup_unkeyed},
    {"key without IV: zero counter and nonce", 1, 1,
     .cipher = c_key_without_iv},
    {"partial blocks across the counter wrap", 1, 1, .cipher = c_wrap_partial},
    {"NULL context everywhere", 0, 0, .cipher = c_null_ctx},
    {"NULL outl", 0, 0, .cipher = c_null_outl},
    {"NULL input with a length", 0, 0, .cipher = c_null_in},
};

const row_table chacha20_table = {chacha20_rows, SIMD_COUNT(chacha20_rows),
                                  NULL};
