/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What the steps of every context kind share: parameters of a
 * fuzzer-chosen type, the buffers, the dup step, and the init and
 * parameter steps of both cipher kinds.
 */
#include <stdio.h>
#include <string.h>

#include <openssl/params.h>

#include "harness.h"

uint8_t inbuf[BUF], out[2][BUF + 64];

OSSL_PARAM fuzz_param(reader *r, const char *key, void *store)
{
    size_t v = length(r, 70);

    memset(store, 0, 16); /* both sides start from the same bytes */
    switch (byte(r) % 5) {
    case 0:
        *(size_t *)store = v;
        return OSSL_PARAM_construct_size_t(key, store);
    case 1:
        *(int *)store = (int)v - 35;
        return OSSL_PARAM_construct_int(key, store);
    case 2:
        *(unsigned int *)store = (unsigned int)v;
        return OSSL_PARAM_construct_uint(key, store);
    case 3:
        snprintf(store, 16, "%zu", v);
        return OSSL_PARAM_construct_utf8_string(key, store, 15);
    default:
        memset(store, (int)v, 16);
        return OSSL_PARAM_construct_octet_string(key, store, v % 17);
    }
}

void dup_context(void **ctx, void *(*dup)(void *), void (*free_ctx)(void *))
{
    void *copy = dup(*ctx);

    CHECK(copy != NULL);
    free_ctx(*ctx);
    *ctx = copy;
}

void init_both(reader *r, const tu_cipher_fns *const f[2], void *const ctx[2],
               size_t ivlen, init_input *in, int ret[2])
{
    int flags = in->flags = byte(r), enc = flags & 4;
    size_t kl = flags & 8 ? length(r, 40) : 32;
    size_t vl = flags & 16 ? length(r, 20) : ivlen;

    bytes(r, 40, in->k);
    bytes(r, 20, in->v);
    for (int i = 0; i < 2; i++)
        ret[i] = (enc ? f[i]->encrypt_init : f[i]->decrypt_init)(
            ctx[i], flags & 1 ? in->k : NULL, kl, flags & 2 ? in->v : NULL,
            vl, NULL);
}

void dup_both(const tu_cipher_fns *const f[2], void *ctx[2])
{
    for (int i = 0; i < 2; i++)
        dup_context(&ctx[i], f[i]->dupctx, f[i]->freectx);
}

void params_both(reader *r, const tu_cipher_fns *const f[2],
                 void *const ctx[2], const char *const *keys, size_t nkeys,
                 int get, param_call *pc)
{
    reader again;

    pc->key = keys[byte(r) % nkeys];
    again = *r;
    /* Both sides read the same bytes: the same parameter. */
    for (int i = 0; i < 2; i++) {
        reader mine = again;

        pc->p[i][0] = fuzz_param(&mine, pc->key, pc->store[i]);
        pc->p[i][1] = OSSL_PARAM_construct_end();
        pc->ret[i] = get ? f[i]->get_ctx_params(ctx[i], pc->p[i])
                         : f[i]->set_ctx_params(ctx[i], pc->p[i]);
        *r = mine;
    }
}
