/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20-Poly1305 steps (step bytes from AEAD_OPS on pick one): init,
 * AAD, data, one-shot calls, final, dup, parameters of any type (tags,
 * tlsaad, tlsivfixed, lengths, unknown ones), TLS 1.2 records; each run on
 * simd and on default. Default dereferences a NULL input when a TLS record
 * is pending, so a NULL input goes only with a NULL output or no bytes
 * (final-like calls).
 *
 * The bytes are judged by the whole-message model too (test/support/aead_model.h:
 * the independent RFC 8439 reference over the message so far): simd's
 * data output, tags and open verdicts must be its answers. Where a row of
 * the deviations table (docs/deviations.md) covers a call on the running
 * release, default is not compared from that call until an init with an IV
 * restarts both messages; the model still is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "aead_model.h"
#include "deviations.h"
#include "harness.h"

/* simd must give the model's answer (aead_model.h), whatever default does. */
#define MODEL_CHECK(cond) FAIL_UNLESS(cond, "simd is not RFC 8439")

static uint8_t want[BUF];

static const char *const aead_param_keys[] = {
    OSSL_CIPHER_PARAM_KEYLEN,       OSSL_CIPHER_PARAM_IVLEN,
    OSSL_CIPHER_PARAM_AEAD_TAG,     OSSL_CIPHER_PARAM_AEAD_TAGLEN,
    OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD,
    OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED, OSSL_CIPHER_PARAM_TLS_VERSION,
    "simd-unknown"};

/* One input's ChaCha20-Poly1305 pair: the two contexts and what judges
 * them. */
struct aead_pair {
    const tu_cipher_fns *f[2];
    void *a[2];
    aead_model m;
    int enc;       /* simd's direction */
    int detached;  /* a deviations row applied: default not compared */
    int tag_apart; /* since then: the tags held differ (they outlive inits) */
};

aead_pair *aead_pair_new(const tu_cipher_fns *simd, const tu_cipher_fns *deflt)
{
    aead_pair *ap = calloc(1, sizeof(*ap));

    if (ap == NULL)
        abort();
    ap->f[0] = simd;
    ap->f[1] = deflt;
    am_new(&ap->m);
    for (int i = 0; i < 2; i++) {
        ap->a[i] = ap->f[i]->newctx(ap->f[i]->provctx);
        CHECK(ap->a[i] != NULL);
    }
    return ap;
}

void aead_pair_free(aead_pair *ap)
{
    for (int i = 0; i < 2; i++)
        ap->f[i]->freectx(ap->a[i]);
    am_free(&ap->m);
    free(ap);
}

/* Default is compared only while no deviation row has applied. */
#define CHECK_DEFAULT(ap, cond)                                                \
    do {                                                                       \
        if (!(ap)->detached)                                                   \
            CHECK(cond);                                                       \
    } while (0)

static void deviation(aead_pair *ap, const char *row)
{
    if (dev_applies(row))
        ap->detached = ap->tag_apart = 1;
}

/* A final on simd (ret: the dispatch function's) against the model
 * (am_judge_final). */
static void model_final(aead_pair *ap, int ret, int by_cipher)
{
    uint8_t got[16];
    OSSL_PARAM p[] = {
        OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, got, 16),
        OSSL_PARAM_END};
    int seal = ap->enc && ret == 1;
    const char *wrong;

    /* A seal's tag can always be read afterwards. */
    MODEL_CHECK(!seal || ap->f[0]->get_ctx_params(ap->a[0], p) == 1);
    wrong = am_judge_final(&ap->m, ap->enc, by_cipher, ret == 1,
                           seal ? got : NULL);

    if (wrong != NULL) {
        fprintf(stderr, "simd is not RFC 8439: %s\n", wrong);
        abort();
    }
}

/* AAD or data that simd accepted (in: the input as given, NULL for a
 * final-like call), against the model: refused where the model refuses,
 * data output the reference's. */
static void model_input(aead_pair *ap, int ret, int aad, const uint8_t *in,
                        const uint8_t *o, size_t len, size_t outl)
{
    if (in == NULL || len == 0)
        return;
    if (aad) {
        MODEL_CHECK(!ret || !am_refuses_aad(&ap->m));
        if (ret)
            am_aad(&ap->m, in, len);
        return;
    }
    MODEL_CHECK(!ret || !am_refuses_input(&ap->m));
    if (!ret || outl != len)
        return; /* a TLS record's shape: the model is lost there already */
    am_data_want(&ap->m, in, len, want);
    MODEL_CHECK(!ap->m.known || memcmp(want, o, len) == 0);
    am_data(&ap->m, ap->enc ? o : in, len);
}

/* A parameter simd took (s) and default took (d), for the model: a tag,
 * or a TLS AAD or fixed IV (which the model cannot follow). */
static void model_param(aead_pair *ap, const char *key, const OSSL_PARAM *p,
                        int s, int d)
{
    if (!s)
        return;
    if (strcmp(key, OSSL_CIPHER_PARAM_AEAD_TAG) == 0) {
        am_set_tag(&ap->m, p->data, p->data_size);
        if (d && p->data != NULL && p->data_size == 16)
            ap->tag_apart = 0;
    } else if (strcmp(key, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD) == 0) {
        am_lose(&ap->m, 1);
    } else if (strcmp(key, OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED) == 0) {
        am_lose(&ap->m, 0);
    }
}

/* Steps op % 9, op: the step byte less AEAD_OPS. */
void aead_step(reader *r, int op, aead_pair *ap)
{
    const tu_cipher_fns *const *f = ap->f;
    void **a = ap->a;
    int ret[2];
    size_t outl[2] = {0, 0};

    switch (op % 9) {
    case 0: { /* init: key and IV of any length, either may be absent */
        init_input in;
        int flags;

        init_both(r, f, a, 12, &in, ret);
        flags = in.flags;
        CHECK_DEFAULT(ap, ret[0] == ret[1]);
        ap->enc = (flags & 4) != 0;
        if (ret[0])
            am_init(&ap->m, flags & 1 ? in.k : NULL, flags & 2 ? in.v : NULL);
        if (ret[0] && ret[1] && (flags & 2))
            ap->detached = 0; /* a new IV: both messages start afresh */
        break;
    }
    case 1:
    case 2:
    case 3: { /* AAD (no output) or data, update or one-shot */
        size_t len = length(r, BUF), room = len;
        int mode = byte(r), in_place = mode & 1, one_shot = mode & 4;
        int aad = (mode & 0x30) == 0x10, null_in = (mode & 0xc0) == 0xc0;
        size_t off = (size_t)(mode >> 3) % 64;

        if (mode & 2)
            room = length(r, BUF);
        if (null_in && !aad)
            len = 0;
        bytes(r, len < 64 ? len : 64, inbuf);
        /* EVP_Cipher of 0 bytes, or of no input (its final): the rows
         * where releases' defaults went wrong. */
        if (one_shot && (null_in || len == 0)) {
            deviation(ap, "aead-oneshot-zero");
            deviation(ap, null_in ? "aead-final-mid-aad"
                                  : "aead-zero-len-mid-aad");
        }
        memcpy(out[1] + off, out[0] + off, len); /* same bytes before */
        for (int i = 0; i < 2; i++) {
            uint8_t *o = aad ? NULL : out[i] + off;
            const uint8_t *in = null_in ? NULL : inbuf;

            if (in_place && o != NULL && in != NULL) {
                memcpy(o, inbuf, len);
                in = o;
            }
            ret[i] = (one_shot ? f[i]->cipher : f[i]->update)(
                a[i], o, &outl[i], room, in, len);
            /* simd names this refusal; 3.0's default absorbed such AAD. */
            if (i == 0 && tu_errors_matching("AAD after data") > 0)
                deviation(ap, "aead-aad-after-data");
        }
        CHECK_DEFAULT(ap, ret[0] == ret[1]);
        CHECK_DEFAULT(ap, !ret[0] || outl[0] == outl[1]);
        CHECK_DEFAULT(ap, !ret[0] || aad || null_in ||
                              memcmp(out[0] + off, out[1] + off, len) == 0);
        if (null_in && (one_shot || len > 0) && room < len)
            MODEL_CHECK(ret[0] == 0); /* refused before the final */
        else if (null_in && (one_shot || len > 0))
            model_final(ap, ret[0], one_shot); /* no input: a final */
        else
            model_input(ap, ret[0], aad, inbuf, aad ? NULL : out[0] + off,
                        len, outl[0]);
        break;
    }
    case 4:
        for (int i = 0; i < 2; i++)
            ret[i] = f[i]->final(a[i], out[i], &outl[i], BUF);
        /* An open's verdict compares the tag held, which may differ. */
        if (ap->enc || !ap->tag_apart)
            CHECK_DEFAULT(ap, ret[0] == ret[1] &&
                                  (!ret[0] || outl[0] == outl[1]));
        if (!ap->detached && ap->enc && ret[0] && ret[1])
            ap->tag_apart = 0; /* both hold the tag just made */
        model_final(ap, ret[0], 0);
        break;
    case 5: /* dup, then carry on with the copy */
        dup_both(f, a);
        break;
    case 6: /* set parameters of any type */
    case 7: { /* get parameters into any type */
        param_call pc;
        int get = op % 9 == 7;

        params_both(r, f, a, aead_param_keys, 9, get, &pc);
        CHECK_DEFAULT(ap, pc.ret[0] == pc.ret[1]);
        if (!get) {
            model_param(ap, pc.key, &pc.p[1][0], pc.ret[0], pc.ret[1]);
            break;
        }
        CHECK_DEFAULT(ap, !pc.ret[0] ||
                              pc.p[0][0].return_size == pc.p[1][0].return_size);
        if (!ap->tag_apart || strcmp(pc.key, OSSL_CIPHER_PARAM_AEAD_TAG) != 0)
            CHECK_DEFAULT(ap, !pc.ret[0] ||
                                  memcmp(pc.store[0], pc.store[1], 16) == 0);
        break;
    }
    default: { /* a TLS 1.2 record: tlsaad, then one in-place call */
        uint8_t aad[13];
        size_t rec = length(r, 2000), call;
        int delta = (int)(byte(r) % 8) - 4;

        bytes(r, 13, aad);
        aad[11] = (uint8_t)(rec >> 8);
        aad[12] = (uint8_t)rec;
        call = rec + 16 + (size_t)(delta < -2 || delta > 2 ? delta : 0);
        bytes(r, call < 64 ? call : 64, inbuf);
        for (int i = 0; i < 2; i++) {
            OSSL_PARAM p[] = {OSSL_PARAM_octet_string(
                                  OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, aad, 13),
                              OSSL_PARAM_END};

            memcpy(out[i], inbuf, call);
            ret[i] = f[i]->set_ctx_params(a[i], p);
            if (ret[i])
                ret[i] = 2 + f[i]->update(a[i], out[i], &outl[i], BUF + 64,
                                          out[i], call);
        }
        CHECK_DEFAULT(ap, ret[0] == ret[1]);
        CHECK_DEFAULT(ap, ret[0] != 3 || outl[0] == outl[1]);
        CHECK_DEFAULT(ap, memcmp(out[0], out[1], call) == 0);
        if (ret[0] >= 2) {
            am_lose(&ap->m, 1); /* a TLS record: compared with default */
            if (ap->enc && ret[0] == 3)
                ap->tag_apart = ap->detached; /* both made this tag, or not */
        }
        break;
    }
    }
}
