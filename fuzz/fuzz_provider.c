/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer harness: drives simd and OpenSSL's default provider through
 * their dispatch tables with the same fuzzer-chosen sequence (new/dup/free,
 * init with keys and IVs of any length, updates and one-shot calls of any
 * size and split, parameters of any type, final; ChaCha20, MD5, and
 * ChaCha20-Poly1305 with its tags and TLS records) and aborts when their
 * outcomes or outputs differ. The first input byte picks
 * which simd instance runs: one per kernel this CPU can run.
 *
 * ChaCha20-Poly1305's bytes are judged by the whole-message model too
 * (test/aead_model.h: the independent RFC 8439 reference over the message
 * so far): simd's data output, tags and open verdicts must be its answers.
 * Where a row of the deviations table (docs/deviations.md) covers a call on
 * the running release, default is not compared from that call until an
 * init with an IV restarts both messages; the model still is.
 *
 * Built with clang -fsanitize=fuzzer,address,undefined (meson -Dfuzz=true).
 */
#define _GNU_SOURCE /* setenv */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include "../asm/arch.h"
#include "../test/aead_model.h"
#include "../test/deviations.h"
#include "../test/dispatch.h"
#include "../test/testcaps.h"

#define MAX_INSTANCES 16
static tu_alg_fns simd[MAX_INSTANCES], deflt;
static int ninstances;
/* ChaCha20-Poly1305 of the same instances. */
static tu_cipher_fns simd_aead[MAX_INSTANCES], deflt_aead;
/* SIMDPROV_FUZZ_AEAD=1: every step is a ChaCha20-Poly1305 one (a long run
 * on the AEAD alone). */
static int aead_only;

static void load(OSSL_PROVIDER *p, tu_alg_fns *f)
{
    if (!tu_load_algs(p, f))
        abort(); /* a missing entry is a harness bug */
}

/*
 * Every library context and provider made here lives for the whole process
 * and stays reachable from these tables, so LeakSanitizer has nothing to
 * report; one is made only for a kernel that will be used.
 */
static OSSL_LIB_CTX *libctxs[MAX_INSTANCES + 1];
static OSSL_PROVIDER *providers[MAX_INSTANCES + 1];
static int nlibctxs;

static OSSL_PROVIDER *load_in_new_libctx(const char *name)
{
    OSSL_LIB_CTX *lc = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *p = lc != NULL ? OSSL_PROVIDER_load(lc, name) : NULL;

    if (p == NULL) {
        ERR_print_errors_fp(stderr);
        abort();
    }
    libctxs[nlibctxs] = lc;
    providers[nlibctxs++] = p;
    return p;
}

/* POLY1305, at the end of this file. */
static void load_mac_instances(uint32_t caps);
static void fuzz_mac(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    /* The CPU under test: SIMDPROV_TEST_LEVEL lowers it (test/testcaps.h). */
    uint32_t caps = simd_test_caps();

    (void)argc, (void)argv;
    aead_only = getenv("SIMDPROV_FUZZ_AEAD") != NULL &&
                strcmp(getenv("SIMDPROV_FUZZ_AEAD"), "1") == 0;
    if (getenv("OPENSSL_MODULES") == NULL)
        setenv("OPENSSL_MODULES", SIMDPROV_BUILD_DIR, 1);
    load(load_in_new_libctx("default"), &deflt);
    if (!tu_load_aead(providers[nlibctxs - 1], &deflt_aead))
        abort();
    /* One simd instance per runnable ChaCha20 kernel, MD5, Poly1305 and
     * stitched ChaCha20-Poly1305 kernels in turn. */
    const simd_table *ct = &simd_arch_this.tables[SIMD_ALG_CHACHA20];
    const simd_table *mt = &simd_arch_this.tables[SIMD_ALG_MD5];
    const simd_table *pt = &simd_arch_this.tables[SIMD_ALG_POLY1305];
    const simd_table *st = &simd_arch_this.tables[SIMD_ALG_CHACHA20_POLY1305];

    for (size_t i = 0; i < ct->n; i++) {
        const simd_kernel *k = &ct->kernels[i];
        const simd_kernel *m = &mt->kernels[(size_t)ninstances % mt->n];
        const simd_kernel *p = &pt->kernels[(size_t)ninstances % pt->n];
        const simd_kernel *s = &st->kernels[(size_t)ninstances % st->n];

        if (!simd_runnable(k->needs, caps) || ninstances == MAX_INSTANCES)
            continue;
        setenv("SIMDPROV_CHACHA20", k->name, 1);
        setenv("SIMDPROV_MD5",
               simd_runnable(m->needs, caps) ? m->name : "portable", 1);
        setenv("SIMDPROV_POLY1305",
               simd_runnable(p->needs, caps) ? p->name : "portable", 1);
        setenv("SIMDPROV_CHACHA20_POLY1305",
               simd_runnable(s->needs, caps) ? s->name : "portable", 1);
        load(load_in_new_libctx("simd"), &simd[ninstances]);
        if (!tu_load_aead(providers[nlibctxs - 1], &simd_aead[ninstances]))
            abort();
        ninstances++;
    }
    unsetenv("SIMDPROV_CHACHA20");
    unsetenv("SIMDPROV_MD5");
    unsetenv("SIMDPROV_POLY1305");
    unsetenv("SIMDPROV_CHACHA20_POLY1305");
    fprintf(stderr, "fuzz_provider: %d simd instances (caps %#x%s%s)\n",
            ninstances, caps, simd_test_level() ? ", SIMDPROV_TEST_LEVEL=" : "",
            simd_test_level() ? simd_test_level() : "");
    load_mac_instances(caps);
    ERR_clear_error();
    return 0;
}

/* Input reader: runs out gracefully (zeros) at the end. */
typedef struct {
    const uint8_t *p;
    size_t n;
} reader;

static uint8_t byte(reader *r)
{
    if (r->n == 0)
        return 0;
    r->n--;
    return *r->p++;
}

static size_t length(reader *r, size_t max)
{
    size_t v = byte(r);

    v = v << 8 | byte(r);
    return v % (max + 1);
}

static const uint8_t *bytes(reader *r, size_t want, uint8_t *scratch)
{
    for (size_t i = 0; i < want; i++)
        scratch[i] = byte(r);
    return scratch;
}

/* A finding: what was wrong, the condition, the line; then abort. */
#define FAIL_UNLESS(cond, what)                                                \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fprintf(stderr, "%s: %s (line %d)\n", what, #cond, __LINE__);      \
            abort();                                                           \
        }                                                                      \
    } while (0)
#define CHECK(cond) FAIL_UNLESS(cond, "simd and default differ")
/* simd must give the model's answer (aead_model.h), whatever default does. */
#define MODEL_CHECK(cond) FAIL_UNLESS(cond, "simd is not RFC 8439")

#define BUF 70000
static uint8_t inbuf[BUF], out[2][BUF + 64], want[BUF];

/* A parameter of a fuzzer-chosen type for a fuzzer-chosen key. */
static OSSL_PARAM fuzz_param(reader *r, const char *key, void *store)
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

static const char *const param_keys[] = {
    OSSL_CIPHER_PARAM_KEYLEN, OSSL_CIPHER_PARAM_IVLEN, "simd-unknown",
    OSSL_CIPHER_PARAM_MODE};

/*
 * ChaCha20-Poly1305 steps (input bytes from AEAD_OPS on pick one): init,
 * AAD, data, one-shot calls, final, dup, parameters of any type (tags,
 * tlsaad, tlsivfixed, lengths, unknown ones), TLS 1.2 records. Default
 * dereferences a NULL input when a TLS record is pending, so a NULL input
 * goes only with a NULL output or no bytes (final-like calls).
 */
#define AEAD_OPS 0xc0
static const char *const aead_param_keys[] = {
    OSSL_CIPHER_PARAM_KEYLEN,       OSSL_CIPHER_PARAM_IVLEN,
    OSSL_CIPHER_PARAM_AEAD_TAG,     OSSL_CIPHER_PARAM_AEAD_TAGLEN,
    OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD,
    OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED, OSSL_CIPHER_PARAM_TLS_VERSION,
    "simd-unknown"};

/* One input's ChaCha20-Poly1305 pair: the two contexts and what judges
 * them. */
typedef struct {
    const tu_cipher_fns *f[2];
    void *a[2];
    aead_model m;
    int enc;       /* simd's direction */
    int detached;  /* a deviations row applied: default not compared */
    int tag_apart; /* since then: the tags held differ (they outlive inits) */
} aead_pair;

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

static void aead_step(reader *r, int op, aead_pair *ap)
{
    const tu_cipher_fns *const *f = ap->f;
    void **a = ap->a;
    int ret[2];
    size_t outl[2] = {0, 0};

    switch (op % 9) {
    case 0: { /* init: key and IV of any length, either may be absent */
        uint8_t k[40], v[20];
        int flags = byte(r), enc = flags & 4;
        size_t kl = flags & 8 ? length(r, 40) : 32;
        size_t vl = flags & 16 ? length(r, 20) : 12;

        bytes(r, 40, k);
        bytes(r, 20, v);
        for (int i = 0; i < 2; i++)
            ret[i] = (enc ? f[i]->encrypt_init : f[i]->decrypt_init)(
                a[i], flags & 1 ? k : NULL, kl, flags & 2 ? v : NULL, vl, NULL);
        CHECK_DEFAULT(ap, ret[0] == ret[1]);
        ap->enc = enc != 0;
        if (ret[0])
            am_init(&ap->m, flags & 1 ? k : NULL, flags & 2 ? v : NULL);
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
    case 5:
        for (int i = 0; i < 2; i++) {
            void *dup = f[i]->dupctx(a[i]);

            CHECK(dup != NULL);
            f[i]->freectx(a[i]);
            a[i] = dup;
        }
        break;
    case 6: { /* set parameters of any type */
        uint8_t store[2][16];
        OSSL_PARAM p[2];
        const char *key = aead_param_keys[byte(r) % 9];
        reader again = *r;

        for (int i = 0; i < 2; i++) {
            reader mine = again;

            p[0] = fuzz_param(&mine, key, store[i]);
            p[1] = OSSL_PARAM_construct_end();
            ret[i] = f[i]->set_ctx_params(a[i], p);
            *r = mine;
        }
        CHECK_DEFAULT(ap, ret[0] == ret[1]);
        model_param(ap, key, &p[0], ret[0], ret[1]);
        break;
    }
    case 7: { /* get parameters into any type */
        uint8_t store[2][16];
        OSSL_PARAM p[2][2];
        const char *key = aead_param_keys[byte(r) % 9];
        reader again = *r;

        for (int i = 0; i < 2; i++) {
            reader mine = again;

            p[i][0] = fuzz_param(&mine, key, store[i]);
            p[i][1] = OSSL_PARAM_construct_end();
            ret[i] = f[i]->get_ctx_params(a[i], p[i]);
            *r = mine;
        }
        CHECK_DEFAULT(ap, ret[0] == ret[1]);
        CHECK_DEFAULT(ap, !ret[0] || p[0][0].return_size == p[1][0].return_size);
        if (!ap->tag_apart || strcmp(key, OSSL_CIPHER_PARAM_AEAD_TAG) != 0)
            CHECK_DEFAULT(ap, !ret[0] || memcmp(store[0], store[1], 16) == 0);
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size};
    const tu_alg_fns *f[2];
    aead_pair ap = {.enc = 0};
    void *c[2], *d[2];
    int pick;

    if (ninstances == 0)
        abort();
    pick = byte(&r) % ninstances;
    f[0] = &simd[pick];
    f[1] = &deflt;
    ap.f[0] = &simd_aead[pick];
    ap.f[1] = &deflt_aead;
    am_new(&ap.m);
    for (int i = 0; i < 2; i++) {
        ap.a[i] = ap.f[i]->newctx(ap.f[i]->provctx);
        CHECK(ap.a[i] != NULL);
    }
    for (int i = 0; i < 2; i++) {
        c[i] = f[i]->c.newctx(f[i]->c.provctx);
        d[i] = f[i]->d.newctx(f[i]->d.provctx);
        CHECK(c[i] != NULL && d[i] != NULL);
    }
    for (int steps = 0; r.n > 0 && steps < 64; steps++) {
        int ret[2];
        size_t outl[2] = {0, 0};
        int op = byte(&r);

        if (aead_only)
            op = AEAD_OPS + op % 9;
        if (op >= AEAD_OPS) {
            aead_step(&r, op - AEAD_OPS, &ap);
            ERR_clear_error();
            continue;
        }
        switch (op % 12) {
        case 0: { /* init: key and IV of any length, either may be absent */
            uint8_t k[40], v[20];
            int flags = byte(&r), enc = flags & 4;
            size_t kl = flags & 8 ? length(&r, 40) : 32;
            size_t vl = flags & 16 ? length(&r, 20) : 16;

            bytes(&r, 40, k);
            bytes(&r, 20, v);
            for (int i = 0; i < 2; i++)
                ret[i] = (enc ? f[i]->c.encrypt_init : f[i]->c.decrypt_init)(
                    c[i], flags & 1 ? k : NULL, kl, flags & 2 ? v : NULL, vl,
                    NULL);
            CHECK(ret[0] == ret[1]);
            break;
        }
        case 1:
        case 2:
        case 3: { /* update or one-shot, maybe in place, maybe short room */
            size_t len = length(&r, BUF), room = len;
            int mode = byte(&r), in_place = mode & 1, one_shot = mode & 4;
            size_t off = (size_t)(mode >> 3) % 64;

            if (mode & 2)
                room = length(&r, BUF);
            bytes(&r, len < 64 ? len : 64, inbuf);
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
            for (int i = 0; i < 2; i++) {
                void *dup = f[i]->c.dupctx(c[i]);

                CHECK(dup != NULL);
                f[i]->c.freectx(c[i]);
                c[i] = dup;
            }
            break;
        case 6: { /* set parameters of any type */
            uint8_t store[2][16];
            OSSL_PARAM p[2];
            const char *key = param_keys[byte(&r) % 4];
            reader again = r;

            for (int i = 0; i < 2; i++) {
                reader mine = again;

                p[0] = fuzz_param(&mine, key, store[i]);
                p[1] = OSSL_PARAM_construct_end();
                ret[i] = f[i]->c.set_ctx_params(c[i], p);
                r = mine;
            }
            CHECK(ret[0] == ret[1]);
            break;
        }
        case 7: { /* get parameters into any type */
            uint8_t store[2][16];
            OSSL_PARAM p[2][2];
            const char *key = param_keys[byte(&r) % 4];
            reader again = r;

            for (int i = 0; i < 2; i++) {
                reader mine = again;

                p[i][0] = fuzz_param(&mine, key, store[i]);
                p[i][1] = OSSL_PARAM_construct_end();
                ret[i] = f[i]->c.get_ctx_params(c[i], p[i]);
                r = mine;
            }
            CHECK(ret[0] == ret[1]);
            CHECK(!ret[0] || p[0][0].return_size == p[1][0].return_size);
            CHECK(!ret[0] || memcmp(store[0], store[1], 16) == 0);
            break;
        }
        case 8:
            for (int i = 0; i < 2; i++)
                ret[i] = f[i]->d.init(d[i], NULL);
            CHECK(ret[0] == ret[1]);
            break;
        case 9: {
            size_t len = length(&r, BUF);
            size_t off = byte(&r) % 64;

            bytes(&r, len < 64 ? len : 64, inbuf + off);
            for (int i = 0; i < 2; i++)
                ret[i] = f[i]->d.update(d[i], inbuf + off, len);
            CHECK(ret[0] == ret[1]);
            break;
        }
        case 10: {
            size_t room = byte(&r) % 24;

            for (int i = 0; i < 2; i++)
                ret[i] = f[i]->d.final(d[i], out[i], &outl[i], room);
            CHECK(ret[0] == ret[1]);
            CHECK(!ret[0] || (outl[0] == 16 && outl[1] == 16 &&
                              memcmp(out[0], out[1], 16) == 0));
            break;
        }
        default:
            for (int i = 0; i < 2; i++) {
                void *dup = f[i]->d.dupctx(d[i]);

                CHECK(dup != NULL);
                f[i]->d.freectx(d[i]);
                d[i] = dup;
            }
        }
        ERR_clear_error();
    }
    for (int i = 0; i < 2; i++) {
        f[i]->c.freectx(c[i]);
        f[i]->d.freectx(d[i]);
        ap.f[i]->freectx(ap.a[i]);
    }
    am_free(&ap.m);
    if (!aead_only)
        fuzz_mac(data, size);
    return 0;
}

/*
 * POLY1305 (EVP_MAC): one simd instance per runnable Poly1305 kernel, in
 * library contexts of its own, and default's MAC from a library context of
 * its own too. The same input, read again from its second byte, becomes a
 * MAC call sequence: init with a key of any length (by argument, parameter,
 * both or neither), updates of any size and alignment, final with any room,
 * dup, key parameters of any type, algorithm parameters.
 */
static tu_mac_fns mac_simd[MAX_INSTANCES], mac_deflt;
static int nmac;
static OSSL_LIB_CTX *mac_libctxs[MAX_INSTANCES + 1];
static OSSL_PROVIDER *mac_providers[MAX_INSTANCES + 1];

static void load_mac(int slot, const char *name, tu_mac_fns *f)
{
    OSSL_LIB_CTX *lc = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *p = lc != NULL ? OSSL_PROVIDER_load(lc, name) : NULL;

    if (p == NULL || !tu_load_mac(p, "POLY1305", f)) {
        ERR_print_errors_fp(stderr);
        abort();
    }
    mac_libctxs[slot] = lc;
    mac_providers[slot] = p;
}

static void load_mac_instances(uint32_t caps)
{
    const simd_table *pt = &simd_arch_this.tables[SIMD_ALG_POLY1305];

    load_mac(0, "default", &mac_deflt);
    for (size_t i = 0; i < pt->n && nmac < MAX_INSTANCES; i++) {
        if (!simd_runnable(pt->kernels[i].needs, caps))
            continue;
        setenv("SIMDPROV_POLY1305", pt->kernels[i].name, 1);
        load_mac(1 + nmac, "simd", &mac_simd[nmac]);
        nmac++;
    }
    unsetenv("SIMDPROV_POLY1305");
    unsetenv("SIMDPROV_CHACHA20_POLY1305");
    fprintf(stderr, "fuzz_provider: %d simd instances for POLY1305\n", nmac);
}

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

static void fuzz_mac(const uint8_t *data, size_t size)
{
    reader r = {data, size};
    const tu_mac_fns *f[2];
    void *c[2];
    mac_model m = {0, 0, 0};

    if (nmac == 0)
        abort();
    f[0] = &mac_simd[byte(&r) % nmac];
    f[1] = &mac_deflt;
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
            for (int i = 0; i < 2; i++) {
                void *dup = f[i]->dupctx(c[i]);

                CHECK(dup != NULL);
                f[i]->freectx(c[i]);
                c[i] = dup;
            }
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
