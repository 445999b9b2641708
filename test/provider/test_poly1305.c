/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The POLY1305 MAC through EVP_MAC, simd against OpenSSL's default provider,
 * for every Poly1305 kernel this CPU can run: the RFC 8439 vectors (2.5.2,
 * A.3), every length 0..2048 and random ones to 1 MiB with random update
 * splits (0-byte updates included) at random misalignments, the tag written
 * over its own input, copies mid-stream that both carry on, re-keying (by
 * init and by the "key" parameter) mid-message and after final, init without
 * a key, and random call scripts whose every return value must match.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>

#include "poly1305_vectors.h"
#include "deviations.h"
#include "testutil.h"

#define MAX_LEN (1u << 20)

static uint8_t *msg;
static int mismatches;

static int mac_once(EVP_MAC *mac, const uint8_t *key, const uint8_t *m,
                    size_t len, uint8_t tag[16])
{
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);
    size_t outl = 0;
    int ok = ctx != NULL && EVP_MAC_init(ctx, key, 32, NULL) &&
             EVP_MAC_update(ctx, m, len) && EVP_MAC_final(ctx, tag, &outl, 16) &&
             outl == 16;

    EVP_MAC_CTX_free(ctx);
    return ok;
}

static void kat(OSSL_LIB_CTX *lib, EVP_MAC *simd, EVP_MAC *deflt)
{
    static uint8_t m[512];

    for (size_t v = 0; v < SIMD_COUNT(poly1305_vectors); v++) {
        const poly1305_vector *pv = &poly1305_vectors[v];
        uint8_t key[32], want[16], got[16], dflt[16];
        size_t len;

        CU_ASSERT_EQUAL_FATAL(tu_unhex(pv->key_hex, key, 32), 32);
        CU_ASSERT_EQUAL_FATAL(tu_unhex(pv->tag_hex, want, 16), 16);
        if (pv->text != NULL) {
            len = strlen(pv->text);
            memcpy(m, pv->text, len);
        } else {
            len = tu_unhex(pv->msg_hex, m, sizeof(m));
        }
        CU_ASSERT(mac_once(simd, key, m, len, got));
        CU_ASSERT(mac_once(deflt, key, m, len, dflt));
        if (v == 0) { /* the one-shot EVP_Q_mac: new, init, update, final */
            uint8_t q[16];
            size_t ql = 0;

            CU_ASSERT_PTR_NOT_NULL(EVP_Q_mac(lib, "POLY1305", "provider=simd",
                                             NULL, NULL, key, 32, m, len, q,
                                             sizeof(q), &ql));
            CU_ASSERT(ql == 16 && memcmp(q, want, 16) == 0);
        }
        if (memcmp(got, want, 16) != 0 || memcmp(dflt, want, 16) != 0) {
            fprintf(stderr, "\n  vector %s (%zu bytes): simd %s, default %s\n",
                    pv->what, len, memcmp(got, want, 16) ? "wrong" : "right",
                    memcmp(dflt, want, 16) ? "wrong" : "right");
            mismatches++;
        }
    }
}

/* A length biased to block edges, short messages and the kernels' size
 * thresholds, else anything to 1 MiB. */
static size_t biased_len(void)
{
    return tu_biased_len(16, 4096 * 16, 300, 70000, MAX_LEN);
}

/* Sorted random cut points in 0..len, repeats allowed (0-byte updates). */
static size_t random_cuts(size_t len, size_t *cuts, size_t max)
{
    size_t n = tu_rand_below(max + 1);

    for (size_t i = 0; i < n; i++)
        cuts[i] = tu_rand_below(4) ? tu_rand_below(len + 1)
                                   : (tu_rand_below(len / 16 + 1) * 16);
    tu_sort_cuts(cuts, n);
    return n;
}

static int mac_update(void *ctx, const uint8_t *p, size_t n)
{
    return EVP_MAC_update(ctx, p, n);
}

/* init, updates split at cuts, final into out (which may overlap m). */
static int mac_split(EVP_MAC_CTX *ctx, const uint8_t *key, const uint8_t *m,
                     size_t len, const size_t *cuts, size_t ncuts,
                     uint8_t *out)
{
    size_t outl = 0;

    return EVP_MAC_init(ctx, key, 32, NULL) &&
           tu_update_pieces(mac_update, ctx, m, len, cuts, ncuts) &&
           EVP_MAC_final(ctx, out, &outl, 16) && outl == 16;
}

static void report(const char *what, size_t a, size_t b)
{
    if (mismatches++ < 5)
        fprintf(stderr, "\n  %s mismatch: %zu, %zu\n", what, a, b);
}

/* Every length 0..2048, then random ones; the same context reused (re-keyed
 * by init each time), as a caller that MACs one record after another. */
static void random_messages(EVP_MAC *simd, EVP_MAC *deflt)
{
    EVP_MAC_CTX *a = EVP_MAC_CTX_new(simd), *b = EVP_MAC_CTX_new(deflt);
    size_t cases = tu_scaled(400, 20);

    CU_ASSERT_FATAL(a != NULL && b != NULL);
    for (size_t c = 0; c < 2049 + cases; c++) {
        size_t len = c <= 2048 ? c : biased_len();
        size_t off = tu_rand_below(64), cuts[10], ncuts;
        uint8_t key[32], ta[16], tb[16];

        tu_rand_bytes(key, 32);
        tu_rand_bytes(msg + off, len < 4096 ? len : 4096);
        if (len > 4096) /* cheaper than random bytes, still varied */
            for (size_t i = 4096; i < len; i++)
                msg[off + i] = (uint8_t)(msg[off + i - 4096] * 5 + i);
        ncuts = random_cuts(len, cuts, 10);
        if (!mac_split(a, key, msg + off, len, cuts, ncuts, ta) ||
            !mac_split(b, key, msg + off, len, NULL, 0, tb) ||
            memcmp(ta, tb, 16) != 0)
            report("message", len, ncuts);
    }
    EVP_MAC_CTX_free(a);
    EVP_MAC_CTX_free(b);
}

/* The tag written over the start of its own message (in place), on both
 * sides, at every misalignment. */
static void in_place(EVP_MAC *simd, EVP_MAC *deflt)
{
    EVP_MAC *macs[2] = {simd, deflt};

    for (size_t off = 0; off < 64; off++) {
        uint8_t key[32], tags[2][16];
        size_t len = 16 + tu_rand_below(3000);

        tu_rand_bytes(key, 32);
        for (int i = 0; i < 2; i++) {
            EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(macs[i]);
            size_t cuts[6], ncuts;

            CU_ASSERT_FATAL(ctx != NULL);
            memset(msg + off, (int)off, len);
            ncuts = random_cuts(len, cuts, 6);
            CU_ASSERT(mac_split(ctx, key, msg + off, len, cuts, ncuts,
                                msg + off));
            memcpy(tags[i], msg + off, 16);
            EVP_MAC_CTX_free(ctx);
        }
        if (memcmp(tags[0], tags[1], 16) != 0)
            report("in-place", off, len);
    }
}

/* A copy taken mid-stream: both the copy and the original carry on with
 * different data, and either may be finished first. */
static void copies(EVP_MAC *simd, EVP_MAC *deflt)
{
    EVP_MAC *macs[2] = {simd, deflt};
    size_t cases = tu_scaled(300, 10);

    for (size_t c = 0; c < cases; c++) {
        size_t l1 = biased_len() % 5000, l2 = biased_len() % 5000;
        size_t l3 = biased_len() % 5000;
        uint8_t key[32], tags[2][2][16];
        int copy_first = (int)tu_rand_below(2);

        tu_rand_bytes(key, 32);
        tu_rand_bytes(msg, l1 + l2 + l3);
        for (int i = 0; i < 2; i++) {
            EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(macs[i]), *copy;
            size_t n;

            CU_ASSERT_FATAL(ctx != NULL);
            CU_ASSERT(EVP_MAC_init(ctx, key, 32, NULL));
            CU_ASSERT(EVP_MAC_update(ctx, msg, l1));
            copy = EVP_MAC_CTX_dup(ctx);
            CU_ASSERT_FATAL(copy != NULL);
            CU_ASSERT(EVP_MAC_update(ctx, msg + l1, l2));
            CU_ASSERT(EVP_MAC_update(copy, msg + l1 + l2, l3));
            CU_ASSERT(EVP_MAC_final(copy_first ? copy : ctx,
                                    tags[i][copy_first], &n, 16));
            CU_ASSERT(EVP_MAC_final(copy_first ? ctx : copy,
                                    tags[i][!copy_first], &n, 16));
            EVP_MAC_CTX_free(ctx);
            EVP_MAC_CTX_free(copy);
        }
        if (memcmp(tags[0], tags[1], sizeof(tags[0])) != 0)
            report("copy", l1, l2);
    }
}

/* Re-keying: by init mid-message (the data so far is dropped), by the "key"
 * parameter, after final; init with no key before any data keeps the key,
 * after data it fails; a key of the wrong length fails and keeps the state. */
static void rekeying(EVP_MAC *simd, EVP_MAC *deflt)
{
    EVP_MAC *macs[2] = {simd, deflt};
    size_t cases = tu_scaled(200, 10);

    for (size_t c = 0; c < cases; c++) {
        uint8_t k1[33], k2[32], out[2][4][16];
        size_t l1 = tu_rand_below(200), l2 = tu_rand_below(3000);
        int rets[2][8];

        tu_rand_bytes(k1, 33);
        tu_rand_bytes(k2, 32);
        tu_rand_bytes(msg, l1 + l2);
        memset(out, 0, sizeof(out));
        for (int i = 0; i < 2; i++) {
            EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(macs[i]);
            OSSL_PARAM p[] = {OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, k2,
                                                      32),
                              OSSL_PARAM_END};
            size_t n;
            int *r = rets[i];

            CU_ASSERT_FATAL(ctx != NULL);
            r[0] = EVP_MAC_init(ctx, k1, 32, NULL) &&
                   EVP_MAC_init(ctx, NULL, 0, NULL) && /* no data yet: ok */
                   EVP_MAC_update(ctx, msg, l1);
            r[1] = EVP_MAC_init(ctx, NULL, 0, NULL); /* after data: fails */
            r[2] = EVP_MAC_init(ctx, k1, 1 + tu_rand_below(2) * 32, NULL);
            r[3] = EVP_MAC_update(ctx, msg + l1, l2) &&
                   EVP_MAC_final(ctx, out[i][0], &n, 16); /* k1, l1 + l2 */
            r[4] = EVP_MAC_init(ctx, k2, 32, NULL) &&
                   EVP_MAC_update(ctx, msg, l1) &&
                   EVP_MAC_init(ctx, k1, 32, NULL) && /* restarts under k1 */
                   EVP_MAC_update(ctx, msg + l1, l2) &&
                   EVP_MAC_final(ctx, out[i][1], &n, 16);
            r[5] = EVP_MAC_CTX_set_params(ctx, p) &&
                   EVP_MAC_update(ctx, msg, l1 + l2) &&
                   EVP_MAC_final(ctx, out[i][2], &n, 16);
            r[6] = EVP_MAC_init(ctx, NULL, 0, NULL); /* after final: fails */
            r[7] = EVP_MAC_init(ctx, k2, 32, p) && /* both: the argument wins */
                   EVP_MAC_final(ctx, out[i][3], &n, 16);
            ERR_clear_error();
            EVP_MAC_CTX_free(ctx);
        }
        if (memcmp(rets[0], rets[1], sizeof(rets[0])) != 0 ||
            memcmp(out[0], out[1], sizeof(out[0])) != 0)
            report("re-key", l1, l2);
    }
}

/*
 * Random call scripts on one context pair: init with a key of a random
 * length or none, by argument or parameter; updates of random sizes; final;
 * dup. Every return value and tag must match. 3.0's default crashes after
 * a final (its state is wiped there): on a second final, and on updates
 * adding up to a whole block. Before 3.0.22 it also has no "no key" check:
 * with no key it buffers short updates and crashes on a whole block or a
 * final (3.0.22 refuses all of them). A small model of that state keeps
 * those calls away from default, and simd must refuse them, as 3.0.22 does.
 */
typedef struct {
    int keyed;          /* a key was taken */
    int finished;       /* final ran and no key came since */
    size_t after_final; /* bytes default buffered since */
} crash_model;

/* 0: default may run it; else the error simd must refuse it with (rows
 * poly1305-no-key and poly1305-after-final of docs/deviations.md). */
static const char *default_would_crash(const crash_model *m, int op,
                                       size_t len)
{
    if (!m->keyed && (op == 'u' || op == 'f') &&
        dev_applies("poly1305-no-key"))
        return "no key set";
    if (m->finished && (op == 'f' || m->after_final + len >= 16) &&
        dev_applies("poly1305-after-final"))
        return "already finished";
    return NULL;
}

static void scripts(EVP_MAC *simd, EVP_MAC *deflt)
{
    size_t cases = tu_scaled(300, 10);

    for (size_t c = 0; c < cases; c++) {
        EVP_MAC_CTX *ctx[2] = {EVP_MAC_CTX_new(simd), EVP_MAC_CTX_new(deflt)};
        crash_model m = {0, 0, 0};

        CU_ASSERT_FATAL(ctx[0] != NULL && ctx[1] != NULL);
        for (int step = 0; step < 24; step++) {
            int op = "kkKnuuuufd"[tu_rand_below(10)], ret[2];
            size_t len = tu_rand_below(8) ? tu_rand_below(100)
                                          : tu_rand_below(5000);
            size_t keylen = tu_rand_below(4) ? 32 : tu_rand_below(40);
            uint8_t key[40], tag[2][16] = {{0}};
            const char *why;

            tu_rand_bytes(key, sizeof(key));
            tu_rand_bytes(msg, len);
            why = default_would_crash(&m, op, op == 'u' ? len : 0);
            if (why != NULL) {
                size_t n;

                ret[0] = op == 'f' ? EVP_MAC_final(ctx[0], tag[0], &n, 16)
                                   : EVP_MAC_update(ctx[0], msg, len);
                CU_ASSERT_EQUAL(ret[0], 0);
                CU_ASSERT(tu_errors_matching(why) == 1);
                continue;
            }
            for (int i = 0; i < 2; i++) {
                OSSL_PARAM p[] = {OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY,
                                                          key, keylen),
                                  OSSL_PARAM_END};
                size_t n = 0;
                EVP_MAC_CTX *d;

                switch (op) {
                case 'k':
                    ret[i] = EVP_MAC_init(ctx[i], key, keylen, NULL);
                    break;
                case 'K':
                    ret[i] = EVP_MAC_init(ctx[i], NULL, 0, p);
                    break;
                case 'n':
                    ret[i] = EVP_MAC_init(ctx[i], NULL, 0, NULL);
                    break;
                case 'u':
                    ret[i] = EVP_MAC_update(ctx[i], msg, len);
                    break;
                case 'f':
                    ret[i] = EVP_MAC_final(ctx[i], tag[i], &n, 16);
                    if (ret[i] && n != 16)
                        ret[i] = -1;
                    break;
                default:
                    d = EVP_MAC_CTX_dup(ctx[i]);
                    ret[i] = d != NULL;
                    if (d != NULL) {
                        EVP_MAC_CTX_free(ctx[i]);
                        ctx[i] = d;
                    }
                }
            }
            ERR_clear_error();
            if (ret[0] != ret[1] || memcmp(tag[0], tag[1], 16) != 0) {
                report("script step", (size_t)op, (size_t)step);
                break;
            }
            if ((op == 'k' || op == 'K') && ret[0])
                m.keyed = 1, m.finished = 0, m.after_final = 0;
            else if (op == 'f' && ret[0])
                m.finished = 1, m.after_final = 0;
            else if (op == 'u' && ret[0] && m.finished)
                m.after_final += len;
        }
        EVP_MAC_CTX_free(ctx[0]);
        EVP_MAC_CTX_free(ctx[1]);
    }
}

/* What EVP reports about the two: size 16, no block size, the same
 * settable and gettable lists' keys. */
static void sizes(EVP_MAC *simd, EVP_MAC *deflt)
{
    EVP_MAC_CTX *a = EVP_MAC_CTX_new(simd), *b = EVP_MAC_CTX_new(deflt);
    uint8_t key[32] = {1};

    CU_ASSERT_FATAL(a != NULL && b != NULL);
    CU_ASSERT(EVP_MAC_init(a, key, 32, NULL) && EVP_MAC_init(b, key, 32, NULL));
    CU_ASSERT_EQUAL(EVP_MAC_CTX_get_mac_size(a), 16);
    CU_ASSERT_EQUAL(EVP_MAC_CTX_get_mac_size(b), 16);
    CU_ASSERT_EQUAL(EVP_MAC_CTX_get_block_size(a),
                    EVP_MAC_CTX_get_block_size(b));
    EVP_MAC_CTX_free(a);
    EVP_MAC_CTX_free(b);
}

static void differential_for(tu_ctx *t, const char *kernel)
{
    EVP_MAC *simd = EVP_MAC_fetch(t->libctx, "POLY1305", "provider=simd");
    EVP_MAC *deflt = EVP_MAC_fetch(t->libctx, "POLY1305", "provider=default");

    mismatches = 0;
    CU_ASSERT_FATAL(simd != NULL && deflt != NULL);
    CU_ASSERT_STRING_EQUAL(OSSL_PROVIDER_get0_name(EVP_MAC_get0_provider(simd)),
                           "simd");
    kat(t->libctx, simd, deflt);
    random_messages(simd, deflt);
    in_place(simd, deflt);
    copies(simd, deflt);
    rekeying(simd, deflt);
    scripts(simd, deflt);
    sizes(simd, deflt);
    if (mismatches)
        fprintf(stderr, "\n  kernel %s: %d mismatches\n", kernel, mismatches);
    CU_ASSERT_EQUAL(mismatches, 0);
    EVP_MAC_free(simd);
    EVP_MAC_free(deflt);
}

static void test_against_default(void)
{
    tu_for_each_runnable(SIMD_ALG_POLY1305, differential_for);
}

int main(void)
{
    static const tu_test tests[] = {
        {"POLY1305 against default, every kernel", test_against_default},
        {NULL, NULL},
    };
    int rc;

    msg = malloc(MAX_LEN + 64);
    if (msg == NULL)
        return 2;
    rc = tu_main("poly1305", tests);
    free(msg);
    return rc;
}
