/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20 and MD5 steps: new/dup/free, init with keys and IVs of any
 * length, updates and one-shot calls of any size and split, parameters of
 * any type, final; each run on simd and on default, whose outcomes and
 * outputs must be the same.
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "harness.h"

static const char *const param_keys[] = {
    OSSL_CIPHER_PARAM_KEYLEN, OSSL_CIPHER_PARAM_IVLEN, "simd-unknown",
    OSSL_CIPHER_PARAM_MODE};

void alg_pair_new(alg_pair *pair, const tu_alg_fns *simd,
                  const tu_alg_fns *deflt)
{
    pair->f[0] = simd;
    pair->f[1] = deflt;
    for (int i = 0; i < 2; i++) {
        pair->c[i] = pair->f[i]->c.newctx(pair->f[i]->c.provctx);
        pair->d[i] = pair->f[i]->d.newctx(pair->f[i]->d.provctx);
        CHECK(pair->c[i] != NULL && pair->d[i] != NULL);
    }
}

void alg_pair_free(alg_pair *pair)
{
    for (int i = 0; i < 2; i++) {
        pair->f[i]->c.freectx(pair->c[i]);
        pair->f[i]->d.freectx(pair->d[i]);
    }
}

/* Steps op % 12: 0-7 ChaCha20, 8-11 MD5. */
void alg_step(reader *r, int op, alg_pair *pair)
{
    const tu_alg_fns *const *f = pair->f;
    const tu_cipher_fns *const cf[2] = {&f[0]->c, &f[1]->c};
    void **c = pair->c, **d = pair->d;
    param_call pc;
    int ret[2];
    size_t outl[2] = {0, 0};

    switch (op % 12) {
    case 0: { /* init: key and IV of any length, either may be absent */
        init_input in;

        init_both(r, cf, c, 16, &in, ret);
        CHECK(ret[0] == ret[1]);
        break;
    }
    case 1:
    case 2:
    case 3: { /* update or one-shot, maybe in place, maybe short room */
        size_t len = length(r, BUF), room = len;
        int mode = byte(r), in_place = mode & 1, one_shot = mode & 4;
        size_t off = (size_t)(mode >> 3) % 64;

        if (mode & 2)
            room = length(r, BUF);
        bytes(r, len < 64 ? len : 64, inbuf);
        for (int i = 0; i < 2; i++) {
            uint8_t *o = out[i] + off;
            const uint8_t *in = inbuf;

            if (in_place) {
                memcpy(o, inbuf, len);
                in = o;
            }
            ret[i] = (one_shot ? f[i]->c.cipher : f[i]->c.update)(
                c[i], o, &outl[i], room, in, len);
        }
        CHECK(ret[0] == ret[1]);
        CHECK(!ret[0] || (outl[0] == outl[1] &&
                          memcmp(out[0] + off, out[1] + off, outl[0]) == 0));
        break;
    }
    case 4:
        for (int i = 0; i < 2; i++)
            ret[i] = f[i]->c.final(c[i], out[i], &outl[i], BUF);
        CHECK(ret[0] == ret[1] && (!ret[0] || outl[0] == outl[1]));
        break;
    case 5: /* dup, then carry on with the copy */
        dup_both(cf, c);
        break;
    case 6: /* set parameters of any type */
        params_both(r, cf, c, param_keys, 4, 0, &pc);
        CHECK(pc.ret[0] == pc.ret[1]);
        break;
    case 7: /* get parameters into any type */
        params_both(r, cf, c, param_keys, 4, 1, &pc);
        CHECK(pc.ret[0] == pc.ret[1]);
        CHECK(!pc.ret[0] || pc.p[0][0].return_size == pc.p[1][0].return_size);
        CHECK(!pc.ret[0] || memcmp(pc.store[0], pc.store[1], 16) == 0);
        break;
    case 8: /* MD5 init */
        for (int i = 0; i < 2; i++)
            ret[i] = f[i]->d.init(d[i], NULL);
        CHECK(ret[0] == ret[1]);
        break;
    case 9: { /* MD5 update of any size at any alignment */
        size_t len = length(r, BUF);
        size_t off = byte(r) % 64;

        bytes(r, len < 64 ? len : 64, inbuf + off);
        for (int i = 0; i < 2; i++)
            ret[i] = f[i]->d.update(d[i], inbuf + off, len);
        CHECK(ret[0] == ret[1]);
        break;
    }
    case 10: { /* MD5 final with any room */
        size_t room = byte(r) % 24;

        for (int i = 0; i < 2; i++)
            ret[i] = f[i]->d.final(d[i], out[i], &outl[i], room);
        CHECK(ret[0] == ret[1]);
        CHECK(!ret[0] || (outl[0] == 16 && outl[1] == 16 &&
                          memcmp(out[0], out[1], 16) == 0));
        break;
    }
    default: /* dup, then carry on with the copy */
        for (int i = 0; i < 2; i++)
            dup_context(&d[i], f[i]->d.dupctx, f[i]->d.freectx);
    }
}
