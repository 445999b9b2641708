/*
 * The bad-input table: one row per misuse, each run straight through the
 * dispatch tables (where EVP's own checks cannot hide anything) of both
 * simd and the default provider. A row passes when simd does not crash,
 * returns what the row expects, and - where the default provider survives
 * the same call - gives the default provider's outcome (and output).
 * Rows the default provider would crash on (NULL contexts) run on simd only.
 */
#include <stdio.h>
#include <string.h>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/err.h>

#include "testutil.h"

typedef struct {
    void *provctx;
    OSSL_FUNC_cipher_newctx_fn *newctx;
    OSSL_FUNC_cipher_freectx_fn *freectx;
    OSSL_FUNC_cipher_dupctx_fn *dupctx;
    OSSL_FUNC_cipher_encrypt_init_fn *einit;
    OSSL_FUNC_cipher_update_fn *update;
    OSSL_FUNC_cipher_final_fn *final;
    OSSL_FUNC_cipher_cipher_fn *cipher;
    OSSL_FUNC_cipher_get_params_fn *get_params;
    OSSL_FUNC_cipher_get_ctx_params_fn *get_ctx_params;
    OSSL_FUNC_cipher_set_ctx_params_fn *set_ctx_params;
} cipher_fns;

typedef struct {
    void *provctx;
    OSSL_FUNC_digest_newctx_fn *newctx;
    OSSL_FUNC_digest_freectx_fn *freectx;
    OSSL_FUNC_digest_dupctx_fn *dupctx;
    OSSL_FUNC_digest_init_fn *init;
    OSSL_FUNC_digest_update_fn *update;
    OSSL_FUNC_digest_final_fn *final;
    OSSL_FUNC_digest_get_params_fn *get_params;
} digest_fns;

/* What one call sequence produced. */
typedef struct {
    int ret;
    size_t outl;
    uint8_t out[96];
} outcome;

static const uint8_t key[33] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
static const uint8_t iv[17] = {0xfe, 0xff, 0xff, 0xff, 5, 6, 7};
static const uint8_t msg[96] = {42, 43, 44};

#define FN(d, id, type) ((type *)tu_fn_of(d, id))
static void load_cipher(OSSL_PROVIDER *p, cipher_fns *f)
{
    const OSSL_DISPATCH *d = tu_dispatch_of(p, OSSL_OP_CIPHER, "ChaCha20");

    f->provctx = OSSL_PROVIDER_get0_provider_ctx(p);
    f->newctx = FN(d, OSSL_FUNC_CIPHER_NEWCTX, OSSL_FUNC_cipher_newctx_fn);
    f->freectx = FN(d, OSSL_FUNC_CIPHER_FREECTX, OSSL_FUNC_cipher_freectx_fn);
    f->dupctx = FN(d, OSSL_FUNC_CIPHER_DUPCTX, OSSL_FUNC_cipher_dupctx_fn);
    f->einit = FN(d, OSSL_FUNC_CIPHER_ENCRYPT_INIT,
                  OSSL_FUNC_cipher_encrypt_init_fn);
    f->update = FN(d, OSSL_FUNC_CIPHER_UPDATE, OSSL_FUNC_cipher_update_fn);
    f->final = FN(d, OSSL_FUNC_CIPHER_FINAL, OSSL_FUNC_cipher_final_fn);
    f->cipher = FN(d, OSSL_FUNC_CIPHER_CIPHER, OSSL_FUNC_cipher_cipher_fn);
    f->get_params = FN(d, OSSL_FUNC_CIPHER_GET_PARAMS,
                       OSSL_FUNC_cipher_get_params_fn);
    f->get_ctx_params = FN(d, OSSL_FUNC_CIPHER_GET_CTX_PARAMS,
                           OSSL_FUNC_cipher_get_ctx_params_fn);
    f->set_ctx_params = FN(d, OSSL_FUNC_CIPHER_SET_CTX_PARAMS,
                           OSSL_FUNC_cipher_set_ctx_params_fn);
}

static void load_digest(OSSL_PROVIDER *p, digest_fns *f)
{
    const OSSL_DISPATCH *d = tu_dispatch_of(p, OSSL_OP_DIGEST, "MD5");

    f->provctx = OSSL_PROVIDER_get0_provider_ctx(p);
    f->newctx = FN(d, OSSL_FUNC_DIGEST_NEWCTX, OSSL_FUNC_digest_newctx_fn);
    f->freectx = FN(d, OSSL_FUNC_DIGEST_FREECTX, OSSL_FUNC_digest_freectx_fn);
    f->dupctx = FN(d, OSSL_FUNC_DIGEST_DUPCTX, OSSL_FUNC_digest_dupctx_fn);
    f->init = FN(d, OSSL_FUNC_DIGEST_INIT, OSSL_FUNC_digest_init_fn);
    f->update = FN(d, OSSL_FUNC_DIGEST_UPDATE, OSSL_FUNC_digest_update_fn);
    f->final = FN(d, OSSL_FUNC_DIGEST_FINAL, OSSL_FUNC_digest_final_fn);
    f->get_params = FN(d, OSSL_FUNC_DIGEST_GET_PARAMS,
                       OSSL_FUNC_digest_get_params_fn);
}

/* --- ChaCha20 rows --- */

static void *keyed(const cipher_fns *f)
{
    void *c = f->newctx(f->provctx);

    if (c != NULL && !f->einit(c, key, 32, iv, 16, NULL)) {
        f->freectx(c);
        return NULL;
    }
    return c;
}

#define CIPHER_ROW(name, body)                                                 \
    static void name(const cipher_fns *f, outcome *o)                          \
    {                                                                          \
        void *c = f->newctx(f->provctx);                                       \
        body;                                                                  \
        f->freectx(c);                                                         \
    }

CIPHER_ROW(c_key16, o->ret = f->einit(c, key, 16, iv, 16, NULL))
CIPHER_ROW(c_key33, o->ret = f->einit(c, key, 33, iv, 16, NULL))
CIPHER_ROW(c_key0, o->ret = f->einit(c, key, 0, NULL, 0, NULL))
CIPHER_ROW(c_iv12, o->ret = f->einit(c, key, 32, iv, 12, NULL))
CIPHER_ROW(c_iv0, o->ret = f->einit(c, key, 32, iv, 0, NULL))
CIPHER_ROW(c_iv17, o->ret = f->einit(c, key, 32, iv, 17, NULL))
CIPHER_ROW(c_update_nokey,
           o->ret = f->update(c, o->out, &o->outl, 96, msg, 10))
CIPHER_ROW(c_update0_nokey,
           o->ret = f->update(c, o->out, &o->outl, 96, msg, 0))
CIPHER_ROW(c_final_nokey, o->ret = f->final(c, o->out, &o->outl, 96))
CIPHER_ROW(c_cipher_nokey,
           o->ret = f->cipher(c, o->out, &o->outl, 96, msg, 10))
CIPHER_ROW(c_iv_only_no_key, {
    o->ret = f->einit(c, NULL, 0, iv, 16, NULL) &&
             f->update(c, o->out, &o->outl, 96, msg, 10);
})

static void with_params(const cipher_fns *f, outcome *o, OSSL_PARAM *p)
{
    void *c = keyed(f);

    o->ret = c != NULL && f->set_ctx_params(c, p);
    if (c != NULL)
        f->freectx(c);
}

static void c_param_keylen16(const cipher_fns *f, outcome *o)
{
    size_t v = 16;
    OSSL_PARAM p[] = {OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, &v),
                      OSSL_PARAM_END};
    with_params(f, o, p);
}

static void c_param_ivlen12(const cipher_fns *f, outcome *o)
{
    size_t v = 12;
    OSSL_PARAM p[] = {OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, &v),
                      OSSL_PARAM_END};
    with_params(f, o, p);
}

static void c_param_ok(const cipher_fns *f, outcome *o)
{
    size_t k = 32, i = 16;
    OSSL_PARAM p[] = {OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, &k),
                      OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, &i),
                      OSSL_PARAM_END};
    with_params(f, o, p);
}

static void c_param_null(const cipher_fns *f, outcome *o)
{
    with_params(f, o, NULL);
}

static void c_param_unknown(const cipher_fns *f, outcome *o)
{
    int v = 1;
    OSSL_PARAM p[] = {OSSL_PARAM_int("simd-no-such-param", &v),
                      OSSL_PARAM_END};
    with_params(f, o, p);
}

static void c_param_keylen_as_string(const cipher_fns *f, outcome *o)
{
    char s[] = "32";
    OSSL_PARAM p[] = {OSSL_PARAM_utf8_string(OSSL_CIPHER_PARAM_KEYLEN, s, 2),
                      OSSL_PARAM_END};
    with_params(f, o, p);
}

static void c_param_keylen_negative_int(const cipher_fns *f, outcome *o)
{
    int v = -32;
    OSSL_PARAM p[] = {OSSL_PARAM_int(OSSL_CIPHER_PARAM_KEYLEN, &v),
                      OSSL_PARAM_END};
    with_params(f, o, p);
}

static void c_get_keylen_as_int(const cipher_fns *f, outcome *o)
{
    void *c = keyed(f);
    int v = 0;
    OSSL_PARAM p[] = {OSSL_PARAM_int(OSSL_CIPHER_PARAM_KEYLEN, &v),
                      OSSL_PARAM_END};

    o->ret = c != NULL && f->get_ctx_params(c, p);
    memcpy(o->out, &v, sizeof(v));
    o->outl = sizeof(v);
    if (c != NULL)
        f->freectx(c);
}

static void c_get_keylen_as_string(const cipher_fns *f, outcome *o)
{
    void *c = keyed(f);
    char s[8] = "";
    OSSL_PARAM p[] = {OSSL_PARAM_utf8_string(OSSL_CIPHER_PARAM_KEYLEN, s,
                                             sizeof(s)),
                      OSSL_PARAM_END};

    o->ret = c != NULL && f->get_ctx_params(c, p);
    if (c != NULL)
        f->freectx(c);
}

static void c_get_params_unknown(const cipher_fns *f, outcome *o)
{
    int v = 7;
    OSSL_PARAM p[] = {OSSL_PARAM_int("simd-no-such-param", &v),
                      OSSL_PARAM_END};

    o->ret = f->get_params(p);
    o->out[0] = (uint8_t)v;
    o->outl = 1;
}

static void c_out_too_small(const cipher_fns *f, outcome *o)
{
    void *c = keyed(f);

    o->ret = c != NULL && f->update(c, o->out, &o->outl, 9, msg, 10);
    if (c != NULL)
        f->freectx(c);
}

static void c_cipher_out_too_small(const cipher_fns *f, outcome *o)
{
    void *c = keyed(f);

    o->ret = c != NULL && f->cipher(c, o->out, &o->outl, 0, msg, 1);
    if (c != NULL)
        f->freectx(c);
}

/* SIZE_MAX input with one byte less room: refused before any byte moves. */
static void c_size_max(const cipher_fns *f, outcome *o)
{
    void *c = keyed(f);

    o->ret = c != NULL &&
             f->update(c, o->out, &o->outl, SIZE_MAX - 1, msg, SIZE_MAX);
    if (c != NULL)
        f->freectx(c);
}

static void c_update_after_final(const cipher_fns *f, outcome *o)
{
    void *c = keyed(f);
    size_t n = 0;

    o->ret = c != NULL && f->update(c, o->out, &n, 96, msg, 10) &&
             f->final(c, o->out + 10, &n, 86) &&
             f->update(c, o->out + 10, &n, 86, msg, 70);
    o->outl = 80;
    if (c != NULL)
        f->freectx(c);
}

static void c_dup_unkeyed(const cipher_fns *f, outcome *o)
{
    void *c = f->newctx(f->provctx), *d = f->dupctx(c);

    o->ret = d != NULL && f->update(d, o->out, &o->outl, 96, msg, 10);
    f->freectx(d);
    f->freectx(c);
}

static void c_key_without_iv(const cipher_fns *f, outcome *o)
{
    void *c = f->newctx(f->provctx);

    o->ret = f->einit(c, key, 32, NULL, 0, NULL) &&
             f->update(c, o->out, &o->outl, 96, msg, 96);
    f->freectx(c);
}

/* Keystream of the 32-bit counter wrap, partial blocks on both sides. */
static void c_wrap_partial(const cipher_fns *f, outcome *o)
{
    void *c = keyed(f);
    size_t n;

    o->ret = c != NULL && f->update(c, o->out, &n, 96, msg, 30) &&
             f->update(c, o->out + 30, &n, 66, msg + 30, 66);
    o->outl = 96;
    if (c != NULL)
        f->freectx(c);
}

/* Rows the default provider does not survive: simd only. */
static void c_null_ctx(const cipher_fns *f, outcome *o)
{
    size_t n = 0;
    OSSL_PARAM p[] = {OSSL_PARAM_END};

    o->ret = f->update(NULL, o->out, &n, 96, msg, 10) |
             f->final(NULL, o->out, &n, 96) |
             f->cipher(NULL, o->out, &n, 96, msg, 10) |
             f->einit(NULL, key, 32, iv, 16, NULL) |
             f->get_ctx_params(NULL, p) | f->set_ctx_params(NULL, p) |
             (f->dupctx(NULL) != NULL);
    f->freectx(NULL);
}

static void c_null_outl(const cipher_fns *f, outcome *o)
{
    void *c = keyed(f);

    o->ret = c != NULL && (f->update(c, o->out, NULL, 96, msg, 10) |
                           f->final(c, o->out, NULL, 96) |
                           f->cipher(c, o->out, NULL, 96, msg, 10));
    if (c != NULL)
        f->freectx(c);
}

static void c_null_in(const cipher_fns *f, outcome *o)
{
    void *c = keyed(f);

    o->ret = c != NULL && f->update(c, o->out, &o->outl, 96, NULL, 10);
    if (c != NULL)
        f->freectx(c);
}

typedef struct {
    const char *name;
    int expect;  /* 1: the call succeeds, 0: it fails */
    int oracle;  /* also run on the default provider and compare */
    void (*run)(const cipher_fns *f, outcome *o);
} cipher_row;

static const cipher_row cipher_rows[] = {
    {"init: key of 16 bytes", 0, 1, c_key16},
    {"init: key of 33 bytes", 0, 1, c_key33},
    {"init: key of 0 bytes", 0, 1, c_key0},
    {"init: IV of 12 bytes", 0, 1, c_iv12},
    {"init: IV of 0 bytes", 0, 1, c_iv0},
    {"init: IV of 17 bytes", 0, 1, c_iv17},
    {"update with no key", 0, 1, c_update_nokey},
    {"update of 0 bytes with no key", 0, 1, c_update0_nokey},
    {"final with no key", 0, 1, c_final_nokey},
    {"one-shot cipher with no key", 0, 1, c_cipher_nokey},
    {"IV alone is not a key", 0, 1, c_iv_only_no_key},
    {"params: keylen 16", 0, 1, c_param_keylen16},
    {"params: ivlen 12", 0, 1, c_param_ivlen12},
    {"params: keylen 32 + ivlen 16", 1, 1, c_param_ok},
    {"params: NULL array", 1, 1, c_param_null},
    {"params: unknown name", 1, 1, c_param_unknown},
    {"params: keylen as a string", 0, 1, c_param_keylen_as_string},
    {"params: keylen as a negative int", 0, 1, c_param_keylen_negative_int},
    {"get keylen into an int", 1, 1, c_get_keylen_as_int},
    {"get keylen into a string", 0, 1, c_get_keylen_as_string},
    {"algorithm params: unknown name", 1, 1, c_get_params_unknown},
    {"update: output buffer too small", 0, 1, c_out_too_small},
    {"cipher: output buffer too small", 0, 1, c_cipher_out_too_small},
    {"update: SIZE_MAX bytes, room SIZE_MAX-1", 0, 1, c_size_max},
    {"update after final", 1, 1, c_update_after_final},
    {"dup of an unkeyed context, update", 0, 1, c_dup_unkeyed},
    {"key without IV: zero counter and nonce", 1, 1, c_key_without_iv},
    {"partial blocks across the counter wrap", 1, 1, c_wrap_partial},
    {"NULL context everywhere", 0, 0, c_null_ctx},
    {"NULL outl", 0, 0, c_null_outl},
    {"NULL input with a length", 0, 0, c_null_in},
};

/* --- MD5 rows --- */

static void d_final_15(const digest_fns *f, outcome *o)
{
    void *c = f->newctx(f->provctx);

    o->ret = f->init(c, NULL) && f->final(c, o->out, &o->outl, 15);
    f->freectx(c);
}

static void d_final_0(const digest_fns *f, outcome *o)
{
    void *c = f->newctx(f->provctx);

    o->ret = f->init(c, NULL) && f->final(c, o->out, &o->outl, 0);
    f->freectx(c);
}

static void d_update_after_final(const digest_fns *f, outcome *o)
{
    void *c = f->newctx(f->provctx);
    size_t n;

    o->ret = f->init(c, NULL) && f->update(c, msg, 70) &&
             f->final(c, o->out, &n, 16) && f->update(c, msg, 33) &&
             f->final(c, o->out + 16, &n, 16);
    o->outl = 32;
    f->freectx(c);
}

static void d_null_in_zero_len(const digest_fns *f, outcome *o)
{
    void *c = f->newctx(f->provctx);

    o->ret = f->init(c, NULL) && f->update(c, NULL, 0) &&
             f->final(c, o->out, &o->outl, 16);
    f->freectx(c);
}

static void d_init_unknown_param(const digest_fns *f, outcome *o)
{
    void *c = f->newctx(f->provctx);
    int v = 1;
    OSSL_PARAM p[] = {OSSL_PARAM_int("simd-no-such-param", &v),
                      OSSL_PARAM_END};

    o->ret = f->init(c, p) && f->final(c, o->out, &o->outl, 16);
    f->freectx(c);
}

static void d_no_init(const digest_fns *f, outcome *o)
{
    void *c = f->newctx(f->provctx);

    o->ret = f->update(c, msg, 50) && f->final(c, o->out, &o->outl, 16);
    f->freectx(c);
}

static void d_dup_mid_stream(const digest_fns *f, outcome *o)
{
    void *c = f->newctx(f->provctx), *d;
    size_t n;

    o->ret = f->init(c, NULL) && f->update(c, msg, 70) &&
             (d = f->dupctx(c)) != NULL;
    if (o->ret) {
        o->ret = f->update(c, msg, 5) && f->update(d, msg, 9) &&
                 f->final(c, o->out, &n, 16) && f->final(d, o->out + 16, &n, 16);
        f->freectx(d);
    }
    o->outl = 32;
    f->freectx(c);
}

static void d_get_params_unknown(const digest_fns *f, outcome *o)
{
    int v = 3;
    OSSL_PARAM p[] = {OSSL_PARAM_int("simd-no-such-param", &v),
                      OSSL_PARAM_END};

    o->ret = f->get_params(p);
    o->out[0] = (uint8_t)v;
    o->outl = 1;
}

static void d_get_size_as_string(const digest_fns *f, outcome *o)
{
    char s[8] = "";
    OSSL_PARAM p[] = {OSSL_PARAM_utf8_string(OSSL_DIGEST_PARAM_SIZE, s,
                                             sizeof(s)),
                      OSSL_PARAM_END};

    o->ret = f->get_params(p);
}

static void d_null_ctx(const digest_fns *f, outcome *o)
{
    size_t n;

    o->ret = f->init(NULL, NULL) | f->update(NULL, msg, 3) |
             f->final(NULL, o->out, &n, 16) | (f->dupctx(NULL) != NULL);
    f->freectx(NULL);
}

static void d_null_in(const digest_fns *f, outcome *o)
{
    void *c = f->newctx(f->provctx);

    o->ret = f->init(c, NULL) && f->update(c, NULL, 10);
    f->freectx(c);
}

static void d_null_out(const digest_fns *f, outcome *o)
{
    void *c = f->newctx(f->provctx);
    size_t n;

    o->ret = f->init(c, NULL) &&
             (f->final(c, NULL, &n, 16) | f->final(c, o->out, NULL, 16));
    f->freectx(c);
}

typedef struct {
    const char *name;
    int expect, oracle;
    void (*run)(const digest_fns *f, outcome *o);
} digest_row;

static const digest_row digest_rows[] = {
    {"final: output of 15 bytes", 0, 1, d_final_15},
    {"final: output of 0 bytes", 0, 1, d_final_0},
    {"update after final", 1, 1, d_update_after_final},
    {"update of NULL, 0 bytes", 1, 1, d_null_in_zero_len},
    {"init with an unknown param", 1, 1, d_init_unknown_param},
    {"update and final with no init", 1, 1, d_no_init},
    {"dup mid-stream, both continue", 1, 1, d_dup_mid_stream},
    {"algorithm params: unknown name", 1, 1, d_get_params_unknown},
    {"algorithm params: size as a string", 0, 1, d_get_size_as_string},
    {"NULL context everywhere", 0, 0, d_null_ctx},
    {"NULL input with a length", 0, 0, d_null_in},
    {"NULL output or outl", 0, 0, d_null_out},
};

static tu_ctx t;

static int same(const outcome *a, const outcome *b)
{
    return a->ret == b->ret &&
           (!a->ret || (a->outl == b->outl && memcmp(a->out, b->out,
                                                     a->outl) == 0));
}

/* One row's verdict: simd returned what the row expects and, where the
 * default provider ran it too, the same outcome and output. */
static int judge(const char *kind, const char *name, int expect, int oracle,
                 const outcome *s, const outcome *d)
{
    int ok = s->ret == expect && (!oracle || same(s, d));

    printf("    %-5s %-8s %-42s simd=%d%s\n", ok ? "ok" : "FAIL", kind, name,
           s->ret, oracle ? (d->ret ? " default=1" : " default=0") : "");
    ERR_clear_error();
    return ok;
}

static void test_cipher_table(void)
{
    cipher_fns fs, fd;
    int bad = 0;

    load_cipher(t.simd, &fs);
    load_cipher(t.deflt, &fd);
    CU_ASSERT_FATAL(fs.newctx && fs.einit && fs.update && fs.dupctx &&
                    fd.newctx && fd.einit && fd.update && fd.dupctx);
    printf("\n");
    for (size_t i = 0; i < sizeof(cipher_rows) / sizeof(cipher_rows[0]); i++) {
        const cipher_row *r = &cipher_rows[i];
        outcome s = {0}, d = {0};

        r->run(&fs, &s);
        if (r->oracle)
            r->run(&fd, &d);
        bad += !judge("chacha20", r->name, r->expect, r->oracle, &s, &d);
    }
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_digest_table(void)
{
    digest_fns fs, fd;
    int bad = 0;

    load_digest(t.simd, &fs);
    load_digest(t.deflt, &fd);
    CU_ASSERT_FATAL(fs.newctx && fs.update && fs.final && fd.newctx &&
                    fd.update && fd.final);
    printf("\n");
    for (size_t i = 0; i < sizeof(digest_rows) / sizeof(digest_rows[0]); i++) {
        const digest_row *r = &digest_rows[i];
        outcome s = {0}, d = {0};

        r->run(&fs, &s);
        if (r->oracle)
            r->run(&fd, &d);
        bad += !judge("md5", r->name, r->expect, r->oracle, &s, &d);
    }
    CU_ASSERT_EQUAL(bad, 0);
}

int main(void)
{
    static const tu_test tests[] = {
        {"ChaCha20 bad-input table", test_cipher_table},
        {"MD5 bad-input table", test_digest_table},
        {NULL, NULL},
    };
    int rc;

    if (!tu_ctx_open(&t, NULL))
        return 2;
    rc = tu_main("bad_input", tests);
    tu_ctx_close(&t);
    return rc;
}
