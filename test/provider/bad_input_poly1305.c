/* SPDX-License-Identifier: Apache-2.0 */
/* The POLY1305 rows of the bad-input tables (bad_input.h), through the
 * EVP_MAC dispatch table. */
#include <stdint.h>
#include <string.h>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

#include "bad_input.h"

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
    get_size_as_string(f->get_params, OSSL_MAC_PARAM_SIZE, o);
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

/* The no-key rows run on simd only: before 3.0.22 default has no "no key"
 * check (it takes short updates and crashes on a whole block or a final);
 * simd refuses them all, as 3.0.22 does. */
static const row poly1305_rows[] = {
    {"init: key of 0 bytes", 0, 1, .mac = m_key0},
    {"init: key of 16 bytes", 0, 1, .mac = m_key16},
    {"init: key of 31 bytes", 0, 1, .mac = m_key31},
    {"init: key of 33 bytes", 0, 1, .mac = m_key33},
    {"init: key of SIZE_MAX bytes", 0, 1, .mac = m_key_size_max},
    {"refused keys keep the message", 1, 1, .mac = m_bad_key_keeps_state},
    {"update with no key", 0, 0, .mac = m_update_nokey},
    {"update of 16 bytes with no key", 0, 0, .mac = m_update16_nokey},
    {"update of 0 bytes with no key", 0, 0, .mac = m_update0_nokey},
    {"final with no key", 0, 0, .mac = m_final_nokey},
    {"refused key, then final", 0, 0, .mac = m_bad_key_then_final},
    {"init without key on a fresh context", 1, 1, .mac = m_init_nokey_fresh},
    {"init without key is no key", 0, 0, .mac = m_init_nokey_then_update},
    {"init without key before data", 1, 1, .mac = m_init_nokey_before_data},
    {"init without key after data", 0, 1, .mac = m_init_nokey_after_data},
    {"init without key after 0 bytes", 0, 1, .mac = m_init_nokey_after_0_bytes},
    {"init without key after final", 0, 1, .mac = m_init_nokey_after_final},
    {"new key mid-message restarts", 1, 1, .mac = m_rekey_mid_message},
    {"update of NULL, 0 bytes", 1, 1, .mac = m_null_in_zero_len},
    {"final: room SIZE_MAX", 1, 1, .mac = m_final_room_size_max},
    {"short updates after final, new key", 1, 1,
     .mac = m_short_update_after_final},
    {"dup of an unkeyed context, update", 0, 0, .mac = m_dup_unkeyed},
    {"dup mid-stream, both continue", 1, 1, .mac = m_dup_mid_stream},
    {"params: key of 32 bytes", 1, 1, .mac = m_param_key},
    {"params: key of 31 bytes", 0, 1, .mac = m_param_key31},
    {"params: key of 0 bytes", 0, 1, .mac = m_param_key0},
    {"params: key of 32 bytes, no data", 0, 0, .mac = m_param_key_no_data},
    /* 3.0-3.5 take any type's bytes; 3.6+ only an octet string. */
    {"params: key as a 32-byte string", ORACLE, 1,
     .mac = m_param_key_as_string},
    {"params: key as an int", 0, 1, .mac = m_param_key_as_int},
    /* 3.0-3.5: the first counts; 3.6+ refuse a repeated parameter. */
    {"params: key twice", ORACLE, 1, .mac = m_param_key_twice},
    {"params: unknown name, then key", 1, 1, .mac = m_param_unknown_then_key},
    {"params: NULL array", 1, 1, .mac = m_param_null},
    {"params: size is not settable", 1, 1, .mac = m_param_size},
    {"init: key param and key argument", 1, 1, .mac = m_init_param_and_arg},
    {"init: bad key param, good argument", 0, 1,
     .mac = m_init_bad_param_good_arg},
    /* 3.0-3.5 take the string's bytes, 3.6+ refuse it (then no key). */
    {"init: key param as a string, good argument", ORACLE, 1,
     .mac = m_init_string_param_good_arg},
    {"algorithm params: size", 1, 1, .mac = m_get_size},
    {"algorithm params: size twice", ORACLE, 1, .mac = m_get_size_twice},
    {"algorithm params: size as a string", 0, 1, .mac = m_get_size_as_string},
    {"algorithm params: unknown name", 1, 1, .mac = m_get_params_unknown},
    {"final: output of 15 bytes", 0, 0, .mac = m_final_15},
    {"final: output of 0 bytes", 0, 0, .mac = m_final_0},
    {"final twice", 0, 0, .mac = m_final_twice},
    {"update of a block after final", 0, 0, .mac = m_block_after_final},
    {"updates adding up to a block after final", 0, 0,
     .mac = m_blocks_add_up_after_final},
    {"dup after final, final", 0, 0, .mac = m_dup_after_final_final},
    {"NULL input with a length", 0, 0, .mac = m_null_in},
    {"NULL output or outl", 0, 0, .mac = m_null_out},
    {"params: key as a pointer", 0, 0, .mac = m_param_key_as_ptr},
    {"NULL context everywhere", 0, 0, .mac = m_null_ctx},
};

const row_table poly1305_table = {poly1305_rows, SIMD_COUNT(poly1305_rows),
                                  NULL};
