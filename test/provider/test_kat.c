/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Known answers: every vector of test/support/data/ (RFC 8439, Wycheproof, pyca,
 * OpenSSL's evp tests, Linux's testmgr.h; test/support/data/README.md) through
 *
 * - the independent reference test/support/ref8439.c (ChaCha20, Poly1305, the AEAD;
 *   MD5 has none), which the vectors validate;
 * - OpenSSL's default provider, which must give the same answers;
 * - simd on every kernel this CPU runs: each ChaCha20 kernel, each Poly1305
 *   kernel (EVP_MAC POLY1305), each MD5 kernel, and ChaCha20-Poly1305 on
 *   every ChaCha20 x Poly1305 kernel pair (the stitched kernels in turn).
 *
 * Through EVP each vector runs whole, in random pieces (AAD and data split
 * at a few points, tu_scaled times) and in place. An AEAD vector marked
 * invalid must fail to open (the final returns 0, with no output). A nonce
 * of other than 12 bytes is refused by simd (the IV length control fails);
 * if the default provider takes the length, the vector must still not open.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>

#include "kat_data.h"
#include "ref8439.h"
#include "testutil.h"

static kat_set set;
static size_t splits; /* random piecewise runs per vector and way */
static int failures;  /* reported vectors in the current test */

static void report(const kat_vector *v, const char *who, const char *what)
{
    if (failures++ < 20)
        fprintf(stderr, "\n  %s %s: %s: %s", kat_kind_name[v->kind], v->where,
                who, what);
}

/* Up to 4 cut points in 0..n, ascending, ends included: pieces[0] = 0,
 * pieces[k] = n. random == 0: one piece. */
static size_t cuts(size_t n, size_t pieces[6], int random)
{
    size_t k = 1 + (random ? tu_rand_below(4) : 0);

    pieces[0] = 0;
    for (size_t i = 1; i < k; i++)
        pieces[i] = tu_rand_below(n + 1);
    pieces[k] = n;
    for (size_t i = 1; i < k; i++) /* sort the inner points */
        for (size_t j = i + 1; j < k; j++)
            if (pieces[j] < pieces[i]) {
                size_t t = pieces[i];

                pieces[i] = pieces[j];
                pieces[j] = t;
            }
    return k;
}

/* --- ChaCha20 --- */

static void chacha_on(const EVP_CIPHER *c, const kat_vector *v, const char *who)
{
    size_t n = v->in.n, pc[6];
    uint8_t *buf = malloc(n + 1);
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();

    CU_ASSERT_FATAL(buf != NULL && ctx != NULL);
    for (size_t run = 0; run < 1 + 2 * splits; run++) {
        /* run 0 whole; then random pieces, odd runs in place, even runs
         * decrypting out -> in (the stream is its own inverse) */
        int inplace = run % 2 == 1, decrypt = run > 0 && run % 2 == 0;
        const kat_buf *from = decrypt ? &v->out : &v->in;
        const kat_buf *want = decrypt ? &v->in : &v->out;
        size_t k = cuts(n, pc, run > 0), done = 0;
        int ok, outl, fl;

        memcpy(buf, from->p, n);
        ok = EVP_CipherInit_ex2(ctx, c, v->key.p, v->iv.p, !decrypt, NULL);
        for (size_t i = 0; ok && i < k; i++) {
            const uint8_t *src = inplace ? buf + pc[i] : from->p + pc[i];

            ok = EVP_CipherUpdate(ctx, buf + pc[i], &outl, src,
                                  (int)(pc[i + 1] - pc[i])) &&
                 (size_t)outl == pc[i + 1] - pc[i];
            done += (size_t)outl;
        }
        ok = ok && EVP_CipherFinal_ex(ctx, buf + done, &fl) && fl == 0;
        if (!ok || done != n || memcmp(buf, want->p, n) != 0)
            report(v, who, run == 0 ? "whole" : inplace ? "in place, pieces"
                                                        : "decrypt, pieces");
    }
    EVP_CIPHER_CTX_free(ctx);
    free(buf);
}

/* --- Poly1305 --- */

static void poly_on(EVP_MAC *mac, const kat_vector *v, const char *who)
{
    size_t pc[6];

    for (size_t run = 0; run < 1 + splits; run++) {
        EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);
        OSSL_PARAM p[] = {OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, v->key.p,
                                                  v->key.n),
                          OSSL_PARAM_END};
        uint8_t tag[16];
        size_t k = cuts(v->in.n, pc, run > 0), tl = 0;
        int ok = ctx != NULL && EVP_MAC_init(ctx, NULL, 0, p);

        for (size_t i = 0; ok && i < k; i++)
            ok = EVP_MAC_update(ctx, v->in.p + pc[i], pc[i + 1] - pc[i]);
        ok = ok && EVP_MAC_final(ctx, tag, &tl, sizeof(tag)) && tl == 16;
        if (!ok || memcmp(tag, v->tag.p, 16) != 0)
            report(v, who, run == 0 ? "whole" : "pieces");
        EVP_MAC_CTX_free(ctx);
    }
}

/* --- MD5 --- */

static void md5_on(const EVP_MD *md, const kat_vector *v, const char *who)
{
    size_t pc[6];
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();

    CU_ASSERT_FATAL(ctx != NULL);
    for (size_t run = 0; run < 1 + splits; run++) {
        uint8_t d[16];
        unsigned int dl = 0;
        size_t k = cuts(v->in.n, pc, run > 0);
        int ok = EVP_DigestInit_ex2(ctx, md, NULL);

        for (size_t i = 0; ok && i < k; i++)
            ok = EVP_DigestUpdate(ctx, v->in.p + pc[i], pc[i + 1] - pc[i]);
        ok = ok && EVP_DigestFinal_ex(ctx, d, &dl) && dl == 16;
        if (!ok || memcmp(d, v->tag.p, 16) != 0)
            report(v, who, run == 0 ? "whole" : "pieces");
    }
    EVP_MD_CTX_free(ctx);
}

/* --- ChaCha20-Poly1305 --- */

static size_t ivlen_refused, ivlen_taken; /* nonces of other than 12 bytes */

/* One seal or open: AAD and data in the pieces given (random or whole), in
 * place or not. Returns the final's result (-1: an earlier call failed);
 * out gets the output, tag the tag (seal). */
static int aead_once(const EVP_CIPHER *c, const kat_vector *v, int enc,
                     int random, int inplace, uint8_t *out, uint8_t tag[16])
{
    const kat_buf *in = enc ? &v->in : &v->out;
    size_t n = in->n, pa[6], pd[6], ka, kd, done = 0;
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int ok, outl, fl = -1, r = -1;

    CU_ASSERT_FATAL(ctx != NULL);
    ka = cuts(v->aad.n, pa, random);
    kd = cuts(n, pd, random);
    if (inplace)
        memcpy(out, in->p, n);
    ok = EVP_CipherInit_ex2(ctx, c, v->key.p, v->iv.p, enc, NULL);
    for (size_t i = 0; ok && i < ka; i++)
        ok = EVP_CipherUpdate(ctx, NULL, &outl, v->aad.p + pa[i],
                              (int)(pa[i + 1] - pa[i]));
    for (size_t i = 0; ok && i < kd; i++) {
        ok = EVP_CipherUpdate(ctx, out + done,
                              &outl, (inplace ? out : in->p) + pd[i],
                              (int)(pd[i + 1] - pd[i])) &&
             (size_t)outl == pd[i + 1] - pd[i];
        done += (size_t)outl;
    }
    if (ok && !enc)
        ok = EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, (int)v->tag.n,
                                 v->tag.p) > 0;
    if (ok) {
        r = EVP_CipherFinal_ex(ctx, out + done, &fl);
        if (fl != 0)
            r = -2; /* output from the final of a stream AEAD: never */
    }
    if (r == 1 && enc &&
        EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, tag) <= 0)
        r = -3;
    EVP_CIPHER_CTX_free(ctx);
    return r;
}

/* A nonce of other than 12 bytes: simd refuses the length; the default
 * provider may take up to 12 (zero-padded on the left), and then the
 * vector must still not open (every such vector here is invalid). */
static void aead_odd_iv(const EVP_CIPHER *c, const kat_vector *v,
                        const char *who, int is_simd)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int r;

    CU_ASSERT_FATAL(ctx != NULL);
    r = EVP_CipherInit_ex2(ctx, c, NULL, NULL, 0, NULL) &&
        EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, (int)v->iv.n,
                            NULL) > 0;
    if (r && is_simd)
        report(v, who, "took a nonce of other than 12 bytes");
    if (!r) {
        ivlen_refused++;
    } else if (!is_simd) {
        uint8_t *buf = malloc(v->out.n + 1);
        int outl, fl, opened;

        ivlen_taken++;
        CU_ASSERT_FATAL(buf != NULL);
        opened = EVP_CipherInit_ex2(ctx, NULL, v->key.p, v->iv.p, 0, NULL) &&
                 EVP_CipherUpdate(ctx, NULL, &outl, v->aad.p, (int)v->aad.n) &&
                 EVP_CipherUpdate(ctx, buf, &outl, v->out.p, (int)v->out.n) &&
                 EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, (int)v->tag.n,
                                     v->tag.p) > 0 &&
                 EVP_CipherFinal_ex(ctx, buf, &fl) == 1;
        if (opened != v->valid)
            report(v, who, v->valid ? "odd nonce length: does not open"
                                    : "odd nonce length: opened");
        free(buf);
    }
    ERR_clear_error();
    EVP_CIPHER_CTX_free(ctx);
}

static void aead_on(const EVP_CIPHER *c, const kat_vector *v, const char *who,
                    int is_simd)
{
    size_t n = v->in.n;
    uint8_t *buf = malloc(n + 1), tag[16];

    CU_ASSERT_FATAL(buf != NULL);
    if (v->iv.n != 12) {
        aead_odd_iv(c, v, who, is_simd);
        free(buf);
        return;
    }
    for (size_t run = 0; run < 1 + 2 * splits; run++) {
        int random = run > 0, inplace = run % 2 == 1, r;

        if (v->valid) {
            r = aead_once(c, v, 1, random, inplace, buf, tag);
            if (r != 1 || memcmp(buf, v->out.p, n) != 0 ||
                v->tag.n != 16 || memcmp(tag, v->tag.p, 16) != 0)
                report(v, who, random ? "seal, pieces" : "seal");
        }
        r = aead_once(c, v, 0, random, !inplace, buf, tag);
        if (v->valid && (r != 1 || memcmp(buf, v->in.p, n) != 0))
            report(v, who, random ? "open, pieces" : "open");
        if (!v->valid && r != 0)
            report(v, who, r == 1 ? "invalid vector opened" :
                           "invalid vector: failed before the final");
        ERR_clear_error();
    }
    free(buf);
}

/* --- Drivers --- */

static void every(kat_kind kind, void (*fn)(const kat_vector *, void *),
                  void *arg)
{
    for (size_t i = 0; i < set.n; i++)
        if (set.v[i].kind == kind)
            fn(&set.v[i], arg);
}

typedef struct {
    const void *alg; /* EVP_CIPHER, EVP_MAC or EVP_MD */
    const char *who;
    int is_simd;
} runner;

static void run_chacha(const kat_vector *v, void *a)
{
    chacha_on(((runner *)a)->alg, v, ((runner *)a)->who);
}

static void run_poly(const kat_vector *v, void *a)
{
    poly_on((EVP_MAC *)((runner *)a)->alg, v, ((runner *)a)->who);
}

static void run_md5(const kat_vector *v, void *a)
{
    md5_on(((runner *)a)->alg, v, ((runner *)a)->who);
}

static void run_aead(const kat_vector *v, void *a)
{
    aead_on(((runner *)a)->alg, v, ((runner *)a)->who, ((runner *)a)->is_simd);
}

static void end_test(const char *what)
{
    if (failures)
        fprintf(stderr, "\n  %s: %d failures\n", what, failures);
    CU_ASSERT_EQUAL(failures, 0);
    failures = 0;
}

/* The reference, on every vector it covers. */
static void test_reference(void)
{
    size_t ran = 0, skipped_iv = 0;

    for (size_t i = 0; i < set.n; i++) {
        const kat_vector *v = &set.v[i];
        size_t n = v->in.n;
        uint8_t *buf = malloc(n + 1), tag[16];

        CU_ASSERT_FATAL(buf != NULL);
        switch (v->kind) {
        case KAT_CHACHA20:
            ref_chacha20(buf, v->in.p, n, v->key.p, v->iv.p, 0);
            if (memcmp(buf, v->out.p, n) != 0)
                report(v, "reference", "keystream");
            ran++;
            break;
        case KAT_POLY1305:
            ref_poly1305(tag, v->in.p, n, v->key.p);
            if (memcmp(tag, v->tag.p, 16) != 0)
                report(v, "reference", "tag");
            ran++;
            break;
        case KAT_AEAD:
            if (v->iv.n != 12) { /* RFC 8439 has 12-byte nonces only */
                skipped_iv++;
                break;
            }
            if (v->valid) {
                ref_aead_seal(buf, tag, v->key.p, v->iv.p, v->aad.p,
                              v->aad.n, v->in.p, n);
                if (memcmp(buf, v->out.p, n) != 0 || v->tag.n != 16 ||
                    memcmp(tag, v->tag.p, 16) != 0)
                    report(v, "reference", "seal");
            }
            ref_aead_open(buf, tag, v->key.p, v->iv.p, v->aad.p, v->aad.n,
                          v->out.p, n);
            if (v->valid && (memcmp(buf, v->in.p, n) != 0 ||
                             memcmp(tag, v->tag.p, 16) != 0))
                report(v, "reference", "open");
            if (!v->valid && v->tag.n == 16 && memcmp(tag, v->tag.p, 16) == 0)
                report(v, "reference", "invalid vector's tag matches");
            ran++;
            break;
        default: /* MD5: no reference; the known answers alone */
            break;
        }
        free(buf);
    }
    printf("\n  reference: %zu vectors, %zu with a nonce of other than 12 "
           "bytes not applicable ",
           ran, skipped_iv);
    end_test("reference");
}

/* OpenSSL's default provider: it must give every known answer too. */
static void test_default(void)
{
    tu_ctx t;
    EVP_CIPHER *c[2], *aead[2];
    EVP_MAC *mac;
    EVP_MD *md;

    CU_ASSERT_FATAL(tu_ctx_open(&t, NULL));
    tu_fetch_cipher_pair(&t, "ChaCha20", c);
    tu_fetch_cipher_pair(&t, "ChaCha20-Poly1305", aead);
    mac = EVP_MAC_fetch(t.libctx, "POLY1305", "provider=default");
    md = EVP_MD_fetch(t.libctx, "MD5", "provider=default");
    CU_ASSERT_FATAL(mac != NULL && md != NULL);
    {
        runner rc = {c[1], "default", 0}, ra = {aead[1], "default", 0},
               rm = {mac, "default", 0}, rd = {md, "default", 0};

        ivlen_refused = ivlen_taken = 0;
        every(KAT_CHACHA20, run_chacha, &rc);
        every(KAT_POLY1305, run_poly, &rm);
        every(KAT_MD5, run_md5, &rd);
        every(KAT_AEAD, run_aead, &ra);
        printf("\n  default: nonces of other than 12 bytes: %zu refused, %zu "
               "taken (and not opened) ",
               ivlen_refused, ivlen_taken);
    }
    end_test("default provider");
    EVP_MAC_free(mac);
    EVP_MD_free(md);
    for (int i = 0; i < 2; i++) {
        EVP_CIPHER_free(c[i]);
        EVP_CIPHER_free(aead[i]);
    }
    tu_ctx_close(&t);
}

/* Every vector of `kind` on simd's `alg` (fetched for one kernel), named
 * "simd <what>=<kernel>" in failures ("simd <what>" with no kernel). */
static void on_simd_kernel(const void *alg, const char *what,
                           const char *kernel, kat_kind kind,
                           void (*fn)(const kat_vector *, void *))
{
    char who[160];
    runner r = {alg, who, 1};

    snprintf(who, sizeof(who), "simd %s%s%s", what, kernel ? "=" : "",
             kernel ? kernel : "");
    CU_ASSERT_FATAL(alg != NULL);
    every(kind, fn, &r);
}

static void chacha_kernel(tu_ctx *t, const char *kernel)
{
    EVP_CIPHER *c = EVP_CIPHER_fetch(t->libctx, "ChaCha20", "provider=simd");

    on_simd_kernel(c, "chacha20", kernel, KAT_CHACHA20, run_chacha);
    EVP_CIPHER_free(c);
}

static void poly_kernel(tu_ctx *t, const char *kernel)
{
    EVP_MAC *mac = EVP_MAC_fetch(t->libctx, "POLY1305", "provider=simd");

    on_simd_kernel(mac, "poly1305", kernel, KAT_POLY1305, run_poly);
    EVP_MAC_free(mac);
}

static void md5_kernel(tu_ctx *t, const char *kernel)
{
    EVP_MD *md = EVP_MD_fetch(t->libctx, "MD5", "provider=simd");

    on_simd_kernel(md, "md5", kernel, KAT_MD5, run_md5);
    EVP_MD_free(md);
}

static void test_simd_chacha20(void)
{
    tu_for_each_runnable(SIMD_ALG_CHACHA20, chacha_kernel);
    end_test("simd ChaCha20");
}

static void test_simd_poly1305(void)
{
    tu_for_each_runnable(SIMD_ALG_POLY1305, poly_kernel);
    end_test("simd Poly1305");
}

static void test_simd_md5(void)
{
    tu_for_each_runnable(SIMD_ALG_MD5, md5_kernel);
    end_test("simd MD5");
}

static void aead_kernels(tu_ctx *t, const char *what, void *arg)
{
    EVP_CIPHER *c = EVP_CIPHER_fetch(t->libctx, "ChaCha20-Poly1305",
                                     "provider=simd");
    (void)arg;
    on_simd_kernel(c, what, NULL, KAT_AEAD, run_aead);
    EVP_CIPHER_free(c);
}

/* Every ChaCha20 kernel with every Poly1305 kernel, the stitched
 * ChaCha20-Poly1305 kernels in turn (more rounds if there are more of
 * them than pairs). */
static void test_simd_aead(void)
{
    size_t rounds;

    ivlen_refused = ivlen_taken = 0;
    rounds = tu_for_each_aead_kernels(1, aead_kernels, NULL);
    printf("\n  simd: %zu kernel combinations; nonces of other than 12 bytes "
           "refused %zu times ",
           rounds, ivlen_refused);
    end_test("simd ChaCha20-Poly1305");
}

/* What was loaded, per file and algorithm; every algorithm has vectors. */
static void test_loaded(void)
{
    size_t total[KAT_NKINDS] = {0}, invalid = 0, oddiv = 0;

    printf("\n");
    for (size_t f = 0; f < kat_nfiles; f++) {
        size_t per[KAT_NKINDS] = {0};

        for (size_t i = 0; i < set.n; i++)
            if (set.v[i].file == f)
                per[set.v[i].kind]++;
        printf("  %-54s", kat_files[f].path);
        for (int k = 0; k < KAT_NKINDS; k++)
            if (per[k])
                printf(" %s %zu", kat_kind_name[k], per[k]), total[k] += per[k];
        printf("\n");
    }
    for (size_t i = 0; i < set.n; i++)
        if (set.v[i].kind == KAT_AEAD) {
            invalid += !set.v[i].valid;
            oddiv += set.v[i].iv.n != 12;
            /* simd refuses such a nonce and the reference skips it: a
             * valid one would go unchecked. */
            if (set.v[i].iv.n != 12 && set.v[i].valid)
                report(&set.v[i], "loader", "valid with a nonce of other "
                                            "than 12 bytes");
        }
    printf("  total:");
    for (int k = 0; k < KAT_NKINDS; k++) {
        printf(" %s %zu", kat_kind_name[k], total[k]);
        CU_ASSERT(total[k] > 0);
    }
    printf(" (AEAD: %zu invalid, %zu with a nonce of other than 12 bytes) ",
           invalid, oddiv);
    CU_ASSERT(invalid > 0 && oddiv > 0);
    end_test("loaded");
}

int main(void)
{
    static const tu_test tests[] = {
        {"vectors loaded", test_loaded},
        {"independent reference (ref8439)", test_reference},
        {"default provider", test_default},
        {"simd ChaCha20, every kernel", test_simd_chacha20},
        {"simd Poly1305 (EVP_MAC), every kernel", test_simd_poly1305},
        {"simd MD5, every kernel", test_simd_md5},
        {"simd ChaCha20-Poly1305, every ChaCha20 x Poly1305 kernel pair",
         test_simd_aead},
        {NULL, NULL},
    };
    const char *root = getenv("SIMDPROV_SOURCE_ROOT");
    char dir[4096];
    int rc;

    snprintf(dir, sizeof(dir), "%s/test/support/data", root != NULL ? root : ".");
    if (!kat_load(dir, &set))
        return 2;
    splits = tu_scaled(2, 1);
    rc = tu_main("kat", tests);
    kat_free(&set);
    return rc;
}
