/* SPDX-License-Identifier: Apache-2.0 */
/* The ChaCha20-Poly1305 rows of the bad-input tables (bad_input.h), run
 * through the AEAD's own dispatch table. */
#include <stdint.h>
#include <string.h>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

#include "bad_input.h"
#include "deviations.h"

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
    {"init: key of 16 bytes", 0, 1, .cipher = a_key16},
    {"init: key of 33 bytes", 0, 1, .cipher = a_key33},
    {"init: IV of 16 bytes", 0, 1, .cipher = a_iv16},
    {"init: IV of 8 bytes (decrypt)", 0, 1, .cipher = a_iv8},
    {"init: IV of 0 bytes", 0, 1, .cipher = a_iv0},
    /* Its final is a decrypt's with no tag: 4.0 refuses it. */
    {"no key: seals with a zero key", ORACLE, 1, .cipher = a_no_key_seal},
    {"get tag on a fresh context", 0, 1, .cipher = a_get_tag_fresh},
    {"get tag before final", 1, 1, .cipher = a_get_tag_before_final},
    {"seal, get 7 bytes of tag", 1, 1, .cipher = a_seal_get_tag_7},
    {"get tag of 0 bytes", 0, 1, .cipher = a_get_tag_0},
    {"get tag of 17 bytes", 0, 1, .cipher = a_get_tag_17},
    {"get tag on decrypt", 0, 1, .cipher = a_get_tag_on_decrypt},
    {"get tag into a size_t", 0, 1, .cipher = a_get_tag_as_size_t},
    {"get every ctx param at once", 1, 1, .cipher = a_get_all},
    {"get ivlen into a string", 0, 1, .cipher = a_get_ivlen_as_string},
    {"set tag length only (encrypt)", 1, 1, .cipher = a_set_tag_len_only},
    {"set tag with data on encrypt", 0, 1, .cipher = a_set_tag_data_on_encrypt},
    {"set tag of 0 bytes", 0, 1, .cipher = a_set_tag_0},
    {"set tag of 17 bytes", 0, 1, .cipher = a_set_tag_17},
    {"set tag of 16 bytes (decrypt)", 1, 1, .cipher = a_set_tag_16},
    {"set tag as a string", 0, 1, .cipher = a_set_tag_as_string},
    {"open: wrong tag", 0, 1, .cipher = a_open_wrong_tag},
    {"open: right 5-byte tag prefix", 1, 1, .cipher = a_open_prefix_tag},
    /* 4.0 refuses a decrypt final with no tag set. */
    {"open: no tag set", ORACLE, 1, .cipher = a_open_no_tag},
    {"open: second final", 0, 1, .cipher = a_second_decrypt_final},
    {"seal: second final, tag", 1, 1, .cipher = a_second_encrypt_final},
    /* Refused on every release (3.0's default absorbs it: deviations). */
    {"seal: AAD after data", 0, 1, .cipher = a_aad_after_data},
    {"seal: AAD after data, then the tag", 1, 1,
     .cipher = a_aad_after_data_tag},
    {"params: ivlen twice", ORACLE, 1, .cipher = a_param_ivlen_twice},
    {"get params: taglen twice", ORACLE, 1, .cipher = a_get_taglen_twice},
    {"algorithm params: aead twice", ORACLE, 1, .cipher = a_get_aead_twice},
    /* 4.0 refuses input after a final until a new IV. */
    {"update after final", ORACLE, 1, .cipher = a_update_after_final},
    {"update of NULL input, 10 bytes", 1, 1, .cipher = a_update_null_in},
    {"update of 0 bytes", 1, 1, .cipher = a_update0},
    {"cipher(NULL, NULL, 0) is a final", 1, 1, .cipher = a_cipher_null_null_0},
    {"update: output buffer too small", 0, 1, .cipher = a_out_too_small},
    {"AAD: room below its length", 0, 1, .cipher = a_aad_room_too_small},
    {"cipher: output buffer too small", 0, 1, .cipher = a_cipher_out_too_small},
    {"update: SIZE_MAX bytes, room SIZE_MAX-1", 0, 1, .cipher = a_size_max},
    {"AAD: SIZE_MAX bytes, room SIZE_MAX-1", 0, 1, .cipher = a_aad_size_max},
    {"params: ivlen 12", 1, 1, .cipher = a_param_ivlen12},
    {"params: ivlen 8", 0, 1, .cipher = a_param_ivlen8},
    {"params: ivlen 16", 0, 1, .cipher = a_param_ivlen16},
    {"params: keylen 16", 0, 1, .cipher = a_param_keylen16},
    {"params: ivlen as a string", 0, 1, .cipher = a_param_ivlen_as_string},
    {"params: tls-version, tls-mac-size", 1, 1, .cipher = a_param_tls_unused},
    {"params: the same with ivlen 11", 0, 1,
     .cipher = a_param_tls_unused_bad_ivlen},
    {"tlsaad of 12 bytes", 0, 1, .cipher = a_tlsaad_12},
    {"tlsaad of 14 bytes", 0, 1, .cipher = a_tlsaad_14},
    {"tlsaad as a size_t", 0, 1, .cipher = a_tlsaad_as_size_t},
    {"tlsivfixed of 11 bytes", 0, 1, .cipher = a_tlsivfixed_11},
    {"tlsivfixed of 12 bytes", 1, 1, .cipher = a_tlsivfixed_12},
    {"TLS record of 15 bytes (under the tag)", 0, 1, .cipher = a_tls_record_15},
    {"TLS record of 16 bytes, bad tag", 0, 1,
     .cipher = a_tls_record_16_bad_tag},
    {"TLS record of 80 bytes, bad tag: wiped", 0, 1,
     .cipher = a_tls_record_80_bad_tag},
    {"TLS record, call of the wrong length", 0, 1,
     .cipher = a_tls_record_wrong_call},
    {"TLS record sealed and opened", 1, 1, .cipher = a_tls_round_trip},
    {"TLS record pending: final, then AAD", 1, 1,
     .cipher = a_tls_call_before_update},
    {"dup mid-stream, the copy finishes", 1, 1, .cipher = a_dup_mid_stream},
    {"NULL context everywhere", 0, 0, .cipher = a_null_ctx},
    {"NULL outl", 0, 0, .cipher = a_null_outl},
    {"get tag into a NULL buffer", 0, 0, .cipher = a_get_tag_null_buffer},
    {"tlsaad with NULL data", 0, 0, .cipher = a_tlsaad_null},
    {"TLS record from a NULL input", 0, 0, .cipher = a_tls_record_null_in},
    {"tlsivfixed with NULL data", 0, 0, .cipher = a_tlsivfixed_null},
};

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

static int aead_deviates(const row *r)
{
    for (size_t i = 0; i < SIMD_COUNT(aead_deviations); i++)
        if (aead_deviations[i].cipher == r->cipher &&
            dev_applies(aead_deviations[i].dev))
            return 1;
    return 0;
}

const row_table aead_table = {aead_rows, SIMD_COUNT(aead_rows), aead_deviates};
