/* SPDX-License-Identifier: Apache-2.0 */
/*
 * POLY1305 (EVP_MAC) steps: a simd instance per runnable Poly1305 kernel
 * against default's MAC (instances.c). The same input, read again from
 * the start (its first byte picks the instance), becomes a MAC call
 * sequence: init with a key of any length
 * (by argument, parameter, both or neither), updates of any size and
 * alignment, final with any room, dup, key parameters of any type,
 * algorithm parameters.
 */
#include <stdint.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/params.h>

#include "deviations.h"
#include "harness.h"

/*
 * 3.0's default crashes after a final (its state is wiped, key still
 * marked set; deviations row poly1305-after-final): on another final and
 * on updates adding up to a block. It
 * also writes 16 bytes whatever room final is given. This model of its
 * state tells when a call is one of those: then only simd runs it, and it
 * must refuse.
 */
typedef struct {
    int key_set, finished;
    size_t after_final;
} mac_model;

static void model_key(mac_model *m)
{
    m->key_set = 1;
    m->finished = 0;
    m->after_final = 0;
}

/* Before 3.0.22 default has no "no key" check: with no key it buffers
 * short updates and dereferences NULL on a whole block or a final
 * (deviations row poly1305-no-key). There simd alone runs and refuses. */
static int no_key_crash(const mac_model *m)
{
    return !m->key_set && dev_applies("poly1305-no-key");
}

/* A key parameter: octet or UTF-8 string of any length (mostly 32), or an
 * integer, which 3.0 takes as a key when its size is 32. */
static OSSL_PARAM mac_key_param(reader *r, uint8_t *store /* 48, aligned */)
{
    int kind = byte(r);
    size_t len = kind & 8 ? length(r, 48) : 32;

    bytes(r, 48, store);
    store[47] = 0; /* a UTF-8 string of length 0 is measured with strlen */
    switch (kind % 3) {
    case 0:
        return OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_KEY, store,
                                                 len);
    case 1:
        return OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_KEY,
                                                (char *)store, len);
    default:
        return OSSL_PARAM_construct_int(OSSL_MAC_PARAM_KEY, (int *)store);
    }
}

/* Whether default's setkey takes this parameter (so its state restarts). */
static int key_param_ok(const OSSL_PARAM *p)
{
    return p->data != NULL && p->data_size == 32;
}

void fuzz_mac(const uint8_t *data, size_t size)
{
    reader r = {data, size};
    const tu_mac_fns *f[2];
    void *c[2];
    mac_model m = {0, 0, 0};

    if (nmac == 0)
        abort();
    f[0] = &mac_simd_fns[byte(&r) % nmac];
    f[1] = &mac_default_fns;
    for (int i = 0; i < 2; i++) {
        c[i] = f[i]->newctx(f[i]->provctx);
        CHECK(c[i] != NULL);
    }
    for (int steps = 0; r.n > 0 && steps < 64; steps++) {
        int ret[2] = {0, 0}, sides = 2;
        size_t outl[2] = {0, 0};

        switch (byte(&r) % 8) {
        case 0:
        case 1: { /* init: key argument and/or key parameter, or neither */
            uint8_t k[40];
            _Alignas(8) uint8_t store[48];
            int flags = byte(&r);
            size_t kl = flags & 2 ? length(&r, 40) : 32;
            OSSL_PARAM p[2] = {OSSL_PARAM_END, OSSL_PARAM_END};
            int params_ok = 1;

            bytes(&r, 40, k);
            if (flags & 4) {
                p[0] = mac_key_param(&r, store);
                params_ok = key_param_ok(&p[0]);
            }
            for (int i = 0; i < 2; i++)
                ret[i] = f[i]->init(c[i], flags & 1 ? k : NULL, kl,
                                    flags & 8 ? NULL : p);
            CHECK(ret[0] == ret[1]);
            if ((flags & 12) == 4 && params_ok)
                model_key(&m);
            if ((flags & 1) && kl == 32 && ((flags & 12) != 4 || params_ok))
                model_key(&m);
            break;
        }
        case 2:
        case 3: { /* update of any size at any alignment */
            size_t len = byte(&r) & 1 ? length(&r, BUF) : byte(&r) % 40;
            size_t off = byte(&r) % 64;

            bytes(&r, len < 64 ? len : 64, inbuf + off);
            if ((m.finished && m.after_final + len >= 16) || no_key_crash(&m))
                sides = 1;
            for (int i = 0; i < sides; i++)
                ret[i] = f[i]->update(c[i], inbuf + off, len);
            if (sides == 1) {
                CHECK(ret[0] == 0);
                break;
            }
            CHECK(ret[0] == ret[1]);
            if (ret[0] && m.finished)
                m.after_final += len;
            break;
        }
        case 4: { /* final with any room */
            int room_byte = byte(&r);
            size_t room = room_byte & 0x80 ? SIZE_MAX : (size_t)room_byte % 24;

            if ((m.key_set && (m.finished || room < 16)) || no_key_crash(&m))
                sides = 1;
            for (int i = 0; i < sides; i++)
                ret[i] = f[i]->final(c[i], out[i], &outl[i], room);
            if (sides == 1) {
                CHECK(ret[0] == 0);
                break;
            }
            CHECK(ret[0] == ret[1]);
            CHECK(!ret[0] || (outl[0] == 16 && outl[1] == 16 &&
                              memcmp(out[0], out[1], 16) == 0));
            if (ret[0]) {
                m.finished = 1;
                m.after_final = 0;
            }
            break;
        }
        case 5: /* dup, then carry on with the copy */
            for (int i = 0; i < 2; i++)
                dup_context(&c[i], f[i]->dupctx, f[i]->freectx);
            break;
        case 6: { /* a key parameter, or another parameter of any type */
            _Alignas(8) uint8_t store[2][48];
            OSSL_PARAM p[2][2];
            int key = byte(&r) & 1;
            reader again = r;

            for (int i = 0; i < 2; i++) {
                reader mine = again;

                p[i][0] = key ? mac_key_param(&mine, store[i])
                              : fuzz_param(&mine, "size", store[i]);
                p[i][1] = OSSL_PARAM_construct_end();
                ret[i] = f[i]->set_ctx_params(c[i], p[i]);
                r = mine;
            }
            CHECK(ret[0] == ret[1]);
            /* 3.6+ take only an octet string (the call then fails). */
            if (key && ret[1] && key_param_ok(&p[0][0]))
                model_key(&m);
            break;
        }
        default: { /* algorithm parameters into any type */
            uint8_t store[2][16];
            OSSL_PARAM p[2][2];
            static const char *const keys[] = {OSSL_MAC_PARAM_SIZE,
                                               OSSL_MAC_PARAM_BLOCK_SIZE,
                                               "simd-unknown"};
            const char *key = keys[byte(&r) % 3];
            reader again = r;

            for (int i = 0; i < 2; i++) {
                reader mine = again;

                p[i][0] = fuzz_param(&mine, key, store[i]);
                p[i][1] = OSSL_PARAM_construct_end();
                ret[i] = f[i]->get_params(p[i]);
                r = mine;
            }
            CHECK(ret[0] == ret[1]);
            CHECK(!ret[0] || p[0][0].return_size == p[1][0].return_size);
            CHECK(!ret[0] || memcmp(store[0], store[1], 16) == 0);
        }
        }
        ERR_clear_error();
    }
    for (int i = 0; i < 2; i++)
        f[i]->freectx(c[i]);
}
