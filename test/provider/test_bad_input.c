/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The bad-input tables (bad_input.h): one row per misuse, each run straight
 * through the dispatch tables (where EVP's own checks cannot hide anything)
 * of both simd and the default provider. A row passes when simd does not
 * crash, returns what the row expects, and - where the default provider
 * survives the same call - gives the default provider's outcome (and
 * output). Rows the default provider would crash on (NULL contexts) run on
 * simd only.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <openssl/core_dispatch.h>
#include <openssl/err.h>
#include <openssl/params.h>

#include "bad_input.h"

const uint8_t key[33] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
const uint8_t iv[17] = {0xfe, 0xff, 0xff, 0xff, 5, 6, 7};
const uint8_t msg[96] = {42, 43, 44};

void *keyed(const tu_cipher_fns *f)
{
    void *c = f->newctx(f->provctx);

    if (c != NULL && !f->encrypt_init(c, key, 32, iv, 16, NULL)) {
        f->freectx(c);
        return NULL;
    }
    return c;
}

void get_unknown_param(OSSL_FUNC_cipher_get_params_fn *get_params, int v,
                       outcome *o)
{
    OSSL_PARAM p[] = {OSSL_PARAM_int("simd-no-such-param", &v),
                      OSSL_PARAM_END};

    o->ret = get_params(p);
    o->out[0] = (uint8_t)v;
    o->outl = 1;
}

void get_size_as_string(OSSL_FUNC_cipher_get_params_fn *get_params,
                        const char *key, outcome *o)
{
    char s[8] = "";
    OSSL_PARAM p[] = {OSSL_PARAM_utf8_string(key, s, sizeof(s)),
                      OSSL_PARAM_END};

    o->ret = get_params(p);
}

static tu_ctx t;

static int same(const outcome *a, const outcome *b)
{
    return a->ret == b->ret &&
           (!a->ret || (a->outl == b->outl && memcmp(a->out, b->out,
                                                     a->outl) == 0));
}

/*
 * The verdict on one row, printed: it passes when simd (s) returned what
 * the row expects (ORACLE: what the default provider returned) and, where
 * the default provider ran it too (oracle; its outcome in d), gave the same
 * outcome and output. Returns 1 for a failure, so callers count them.
 */
static int judge(const char *kind, const char *name, int expect, int oracle,
                 const outcome *s, const outcome *d)
{
    int ok = (expect == ORACLE ? s->ret == d->ret : s->ret == expect) &&
             (!oracle || same(s, d));

    printf("    %-5s %-8s %-42s simd=%d%s\n", ok ? "ok" : "FAIL", kind, name,
           s->ret, oracle ? (d->ret ? " default=1" : " default=0") : "");
    ERR_clear_error();
    return !ok;
}

/* One row on one provider's functions (fns: the table's kind of them). */
static void run(const row *r, const void *fns, outcome *o)
{
    if (r->cipher != NULL)
        r->cipher(fns, o);
    else if (r->digest != NULL)
        r->digest(fns, o);
    else
        r->mac(fns, o);
}

/* Every row of tab on simd (fs) and, where the row says so and no
 * deviations row covers it, on the default provider (fd). */
static void run_table(const char *kind, const row_table *tab, const void *fs,
                      const void *fd)
{
    int bad = 0;

    printf("\n");
    for (size_t i = 0; i < tab->n; i++) {
        const row *r = &tab->rows[i];
        int oracle = r->oracle && !(tab->deviates && tab->deviates(r));
        outcome s = {0}, d = {0};

        run(r, fs, &s);
        if (oracle)
            run(r, fd, &d);
        /* ORACLE rows are never the ones left to simd above. */
        bad += judge(kind, r->name, r->expect, oracle, &s, &d);
    }
    CU_ASSERT_EQUAL(bad, 0);
}

/* Every provider function the tables call, of one provider. */
typedef struct {
    tu_alg_fns algs; /* ChaCha20 (c) and MD5 (d) */
    tu_cipher_fns aead;
    tu_mac_fns mac;
} all_fns;

/* The tables, one CUnit test each, in this order: fns is where in
 * all_fns a table's kind of functions stands. */
static const struct {
    const char *kind;
    const row_table *tab;
    size_t fns;
} tables[] = {
    {"chacha20", &chacha20_table, offsetof(all_fns, algs.c)},
    {"poly1305", &poly1305_table, offsetof(all_fns, mac)},
    {"md5", &md5_table, offsetof(all_fns, algs.d)},
    {"aead", &aead_table, offsetof(all_fns, aead)},
};
static size_t next_table;

static void load(OSSL_PROVIDER *prov, all_fns *f)
{
    CU_ASSERT_FATAL(tu_load_algs(prov, &f->algs));
    CU_ASSERT_FATAL(tu_load_aead(prov, &f->aead));
    CU_ASSERT_FATAL(tu_load_mac(prov, "POLY1305", &f->mac));
}

/* The next table of `tables` on simd and default. */
static void test_next_table(void)
{
    size_t i = next_table++;
    all_fns fs, fd;

    CU_ASSERT_FATAL(i < SIMD_COUNT(tables));
    load(t.simd, &fs);
    load(t.deflt, &fd);
    run_table(tables[i].kind, tables[i].tab, (char *)&fs + tables[i].fns,
              (char *)&fd + tables[i].fns);
}

int main(void)
{
    static const tu_test tests[] = {
        {"ChaCha20 bad-input table", test_next_table},
        {"POLY1305 bad-input table", test_next_table},
        {"MD5 bad-input table", test_next_table},
        {"ChaCha20-Poly1305 bad-input table", test_next_table},
        {NULL, NULL},
    };

    return tu_main_ctx("bad_input", tests, &t);
}
