/*
 * The provider as applications see it: its parameters, the algorithm
 * parameters against the default provider's, every error path (through EVP
 * and straight through the dispatch tables), the override from environment
 * and config, simdprov.cnf, key wiping, and threads sharing fetched
 * algorithms.
 */
#define _GNU_SOURCE /* setenv */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/err.h>

#include "../asm/arch.h"
#include "testutil.h"

/* --- allocation tracking, to see what freed and live memory holds --- */

typedef struct block {
    struct block *next, *prev;
    size_t size;
    size_t pad; /* keeps the payload 16-byte aligned */
} block;

static block live = {&live, &live, 0, 0};
static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
static const uint8_t *watched; /* 32 bytes looked for in freed blocks */
static int watched_freed;

static int contains(const uint8_t *p, size_t n, const uint8_t *needle)
{
    for (size_t i = 0; i + 32 <= n; i++)
        if (memcmp(p + i, needle, 32) == 0)
            return 1;
    return 0;
}

static void *t_malloc(size_t n, const char *f, int l)
{
    block *b = malloc(sizeof(block) + n);

    (void)f, (void)l;
    if (b == NULL)
        return NULL;
    b->size = n;
    pthread_mutex_lock(&live_lock);
    b->next = live.next;
    b->prev = &live;
    live.next->prev = b;
    live.next = b;
    pthread_mutex_unlock(&live_lock);
    return b + 1;
}

static void t_free(void *p, const char *f, int l)
{
    block *b;

    (void)f, (void)l;
    if (p == NULL)
        return;
    b = (block *)p - 1;
    pthread_mutex_lock(&live_lock);
    if (watched != NULL && contains(p, b->size, watched))
        watched_freed++;
    b->prev->next = b->next;
    b->next->prev = b->prev;
    pthread_mutex_unlock(&live_lock);
    free(b);
}

static void *t_realloc(void *p, size_t n, const char *f, int l)
{
    void *q;

    if (p == NULL)
        return t_malloc(n, f, l);
    q = t_malloc(n, f, l);
    if (q != NULL) {
        size_t old = ((block *)p - 1)->size;

        memcpy(q, p, old < n ? old : n);
        t_free(p, f, l);
    }
    return q;
}

static int live_contains(const uint8_t *needle)
{
    int found = 0;

    pthread_mutex_lock(&live_lock);
    for (block *b = live.next; b != &live && !found; b = b->next)
        found = contains((const uint8_t *)(b + 1), b->size, needle);
    pthread_mutex_unlock(&live_lock);
    return found;
}

/* --- helpers --- */

static tu_ctx t; /* default + simd, override from the environment */

/* --- provider parameters --- */

static void test_provider_params(void)
{
    const char *name = tu_prov_param(t.simd, OSSL_PROV_PARAM_NAME);
    const char *version = tu_prov_param(t.simd, OSSL_PROV_PARAM_VERSION);
    const char *info = tu_prov_param(t.simd, OSSL_PROV_PARAM_BUILDINFO);
    const char *chacha = tu_prov_param(t.simd, "simd.chacha20");
    const char *md5 = tu_prov_param(t.simd, "simd.md5");
    int status = -1;
    OSSL_PARAM req[] = {OSSL_PARAM_int(OSSL_PROV_PARAM_STATUS, &status),
                        OSSL_PARAM_END};

    CU_ASSERT_PTR_NOT_NULL_FATAL(name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(version);
    CU_ASSERT_PTR_NOT_NULL_FATAL(info);
    CU_ASSERT_PTR_NOT_NULL_FATAL(chacha);
    CU_ASSERT_PTR_NOT_NULL_FATAL(md5);
    CU_ASSERT(strstr(name, "simd") != NULL);
    CU_ASSERT(strchr(version, '.') != NULL);
    CU_ASSERT(strstr(info, chacha) != NULL); /* the choice is in buildinfo */
    CU_ASSERT(strstr(info, md5) != NULL);
    CU_ASSERT_STRING_EQUAL(tu_prov_param(t.simd, "simd.arch"),
                           simd_arch_this.name);
    CU_ASSERT_PTR_NOT_NULL(tu_prov_param(t.simd, "simd.caps"));
    CU_ASSERT_PTR_NOT_NULL(tu_prov_param(t.simd, "simd.level"));
    CU_ASSERT(OSSL_PROVIDER_get_params(t.simd, req));
    CU_ASSERT_EQUAL(status, 1);
    CU_ASSERT(OSSL_PROVIDER_available(t.libctx, "simd"));
}

/* --- algorithm parameters, compared with the default provider's --- */

static void test_cipher_params_match_default(void)
{
    EVP_CIPHER *c[2] = {EVP_CIPHER_fetch(t.libctx, "ChaCha20", "provider=simd"),
                        EVP_CIPHER_fetch(t.libctx, "ChaCha20",
                                         "provider=default")};
    static const char *const int_keys[] = {
        OSSL_CIPHER_PARAM_AEAD, OSSL_CIPHER_PARAM_CUSTOM_IV,
        OSSL_CIPHER_PARAM_CTS, OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK,
        OSSL_CIPHER_PARAM_HAS_RAND_KEY};
    static const char *const size_keys[] = {OSSL_CIPHER_PARAM_KEYLEN,
                                            OSSL_CIPHER_PARAM_IVLEN,
                                            OSSL_CIPHER_PARAM_BLOCK_SIZE};

    CU_ASSERT_FATAL(c[0] != NULL && c[1] != NULL);
    CU_ASSERT_STRING_EQUAL(
        OSSL_PROVIDER_get0_name(EVP_CIPHER_get0_provider(c[0])), "simd");
    CU_ASSERT_EQUAL(EVP_CIPHER_get_flags(c[0]), EVP_CIPHER_get_flags(c[1]));
    CU_ASSERT_EQUAL(EVP_CIPHER_get_flags(c[0]), 0x100010);
    CU_ASSERT_EQUAL(EVP_CIPHER_get_mode(c[0]), EVP_CIPHER_get_mode(c[1]));
    CU_ASSERT_EQUAL(EVP_CIPHER_get_key_length(c[0]), 32);
    CU_ASSERT_EQUAL(EVP_CIPHER_get_iv_length(c[0]), 16);
    CU_ASSERT_EQUAL(EVP_CIPHER_get_block_size(c[0]), 1);
    for (size_t i = 0; i < 5; i++) {
        int v[2] = {-1, -2};

        for (int k = 0; k < 2; k++) {
            OSSL_PARAM p[] = {OSSL_PARAM_int(int_keys[i], &v[k]),
                              OSSL_PARAM_END};
            CU_ASSERT(EVP_CIPHER_get_params(c[k], p));
        }
        CU_ASSERT_EQUAL(v[0], v[1]);
    }
    for (size_t i = 0; i < 3; i++) {
        size_t v[2] = {1, 2};

        for (int k = 0; k < 2; k++) {
            OSSL_PARAM p[] = {OSSL_PARAM_size_t(size_keys[i], &v[k]),
                              OSSL_PARAM_END};
            CU_ASSERT(EVP_CIPHER_get_params(c[k], p));
        }
        CU_ASSERT_EQUAL(v[0], v[1]);
    }
    {
        unsigned int mode = 99;
        OSSL_PARAM p[] = {OSSL_PARAM_uint(OSSL_CIPHER_PARAM_MODE, &mode),
                          OSSL_PARAM_END};

        CU_ASSERT(EVP_CIPHER_get_params(c[0], p));
        CU_ASSERT_EQUAL(mode, 0);
    }
    CU_ASSERT_PTR_NOT_NULL(OSSL_PARAM_locate_const(
        EVP_CIPHER_settable_ctx_params(c[0]), OSSL_CIPHER_PARAM_KEYLEN));
    CU_ASSERT_PTR_NOT_NULL(OSSL_PARAM_locate_const(
        EVP_CIPHER_gettable_ctx_params(c[0]), OSSL_CIPHER_PARAM_IVLEN));
    EVP_CIPHER_free(c[0]);
    EVP_CIPHER_free(c[1]);
}

static void test_digest_params_match_default(void)
{
    EVP_MD *m[2] = {EVP_MD_fetch(t.libctx, "MD5", "provider=simd"),
                    EVP_MD_fetch(t.libctx, "SSL3-MD5", "provider=default")};
    EVP_MD *by_oid = EVP_MD_fetch(t.libctx, "1.2.840.113549.2.5",
                                  "provider=simd");

    CU_ASSERT_FATAL(m[0] != NULL && m[1] != NULL);
    CU_ASSERT_PTR_NOT_NULL(by_oid);
    CU_ASSERT_EQUAL(EVP_MD_get_size(m[0]), 16);
    CU_ASSERT_EQUAL(EVP_MD_get_block_size(m[0]), 64);
    CU_ASSERT_EQUAL(EVP_MD_get_size(m[0]), EVP_MD_get_size(m[1]));
    CU_ASSERT_EQUAL(EVP_MD_get_flags(m[0]), EVP_MD_get_flags(m[1]));
    CU_ASSERT(EVP_MD_is_a(m[0], "SSL3-MD5"));
    for (int k = 0; k < 2; k++) {
        int xof = -1, absent = -1;
        OSSL_PARAM p[] = {OSSL_PARAM_int(OSSL_DIGEST_PARAM_XOF, &xof),
                          OSSL_PARAM_int(OSSL_DIGEST_PARAM_ALGID_ABSENT,
                                         &absent),
                          OSSL_PARAM_END};

        CU_ASSERT(EVP_MD_get_params(m[k], p));
        CU_ASSERT_EQUAL(xof, 0);
        CU_ASSERT_EQUAL(absent, 0);
    }
    EVP_MD_free(by_oid);
    EVP_MD_free(m[0]);
    EVP_MD_free(m[1]);
}

/* --- errors through EVP: same outcome as default, and our reason --- */

static void test_evp_errors(void)
{
    static const uint8_t key[32] = {1}, iv[16] = {2};
    static const char *const props[2] = {"provider=simd", "provider=default"};
    uint8_t buf[64] = {0};
    int outl, r[2][6];

    for (int k = 0; k < 2; k++) {
        EVP_CIPHER *c = EVP_CIPHER_fetch(t.libctx, "ChaCha20", props[k]);
        EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
        size_t len12 = 12, len16 = 16;
        OSSL_PARAM ivp[] = {OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, &len12),
                            OSSL_PARAM_END};
        OSSL_PARAM keyp[] = {
            OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, &len16),
            OSSL_PARAM_END};

        CU_ASSERT_FATAL(c != NULL && ctx != NULL);
        ERR_clear_error();
        r[k][0] = EVP_EncryptInit_ex2(ctx, c, NULL, iv, NULL); /* IV only */
        r[k][1] = EVP_EncryptUpdate(ctx, buf, &outl, buf, 10);
        if (k == 0)
            CU_ASSERT(tu_errors_matching("no key set") >= 1);
        r[k][2] = EVP_EncryptFinal_ex(ctx, buf, &outl);
        r[k][3] = EVP_CIPHER_CTX_set_key_length(ctx, 16);
        if (k == 0)
            CU_ASSERT(tu_errors_matching("invalid key length") >= 1);
        r[k][4] = EVP_CIPHER_CTX_set_params(ctx, ivp);
        if (k == 0)
            CU_ASSERT(tu_errors_matching("invalid iv length") >= 1);
        r[k][5] = EVP_CIPHER_CTX_set_params(ctx, keyp) +
                  2 * EVP_CIPHER_CTX_set_key_length(ctx, 32) +
                  4 * EVP_EncryptInit_ex2(ctx, NULL, key, NULL, NULL) +
                  8 * EVP_EncryptUpdate(ctx, buf, &outl, buf, 0);
        ERR_clear_error();
        EVP_CIPHER_CTX_free(ctx);
        EVP_CIPHER_free(c);
    }
    CU_ASSERT_EQUAL(memcmp(r[0], r[1], sizeof(r[0])), 0);
    CU_ASSERT_EQUAL(r[0][1], 0);
    CU_ASSERT_EQUAL(r[0][5], 2 + 4 + 8);
}

/* --- errors straight through the dispatch tables (EVP can't reach them) */

static void test_dispatch_errors(void)
{
    const OSSL_DISPATCH *c = tu_dispatch_of(t.simd, OSSL_OP_CIPHER, "ChaCha20");
    const OSSL_DISPATCH *d = tu_dispatch_of(t.simd, OSSL_OP_DIGEST, "MD5");
    OSSL_FUNC_cipher_newctx_fn *cnew =
        (OSSL_FUNC_cipher_newctx_fn *)tu_fn_of(c, OSSL_FUNC_CIPHER_NEWCTX);
    OSSL_FUNC_cipher_freectx_fn *cfree =
        (OSSL_FUNC_cipher_freectx_fn *)tu_fn_of(c, OSSL_FUNC_CIPHER_FREECTX);
    OSSL_FUNC_cipher_encrypt_init_fn *cinit =
        (OSSL_FUNC_cipher_encrypt_init_fn *)tu_fn_of(c,
                                                  OSSL_FUNC_CIPHER_ENCRYPT_INIT);
    OSSL_FUNC_cipher_update_fn *cupd =
        (OSSL_FUNC_cipher_update_fn *)tu_fn_of(c, OSSL_FUNC_CIPHER_UPDATE);
    OSSL_FUNC_cipher_cipher_fn *cone =
        (OSSL_FUNC_cipher_cipher_fn *)tu_fn_of(c, OSSL_FUNC_CIPHER_CIPHER);
    OSSL_FUNC_digest_newctx_fn *dnew =
        (OSSL_FUNC_digest_newctx_fn *)tu_fn_of(d, OSSL_FUNC_DIGEST_NEWCTX);
    OSSL_FUNC_digest_init_fn *dinit =
        (OSSL_FUNC_digest_init_fn *)tu_fn_of(d, OSSL_FUNC_DIGEST_INIT);
    OSSL_FUNC_digest_update_fn *dupd =
        (OSSL_FUNC_digest_update_fn *)tu_fn_of(d, OSSL_FUNC_DIGEST_UPDATE);
    OSSL_FUNC_digest_final_fn *dfin =
        (OSSL_FUNC_digest_final_fn *)tu_fn_of(d, OSSL_FUNC_DIGEST_FINAL);
    OSSL_FUNC_digest_freectx_fn *dfree =
        (OSSL_FUNC_digest_freectx_fn *)tu_fn_of(d, OSSL_FUNC_DIGEST_FREECTX);
    void *provctx = OSSL_PROVIDER_get0_provider_ctx(t.simd);
    static const uint8_t key[33] = {3}, iv[17] = {4};
    uint8_t buf[64] = {0};
    size_t outl = 99;
    void *cc, *dc;

    CU_ASSERT_FATAL(cnew && cfree && cinit && cupd && cone && dnew && dinit &&
                    dupd && dfin && dfree);
    cc = cnew(provctx);
    CU_ASSERT_FATAL(cc != NULL);
    ERR_clear_error();
    CU_ASSERT_EQUAL(cinit(cc, key, 16, iv, 16, NULL), 0);
    CU_ASSERT_EQUAL(tu_errors_matching("invalid key length"), 1);
    CU_ASSERT_EQUAL(cinit(cc, key, 33, NULL, 0, NULL), 0);
    CU_ASSERT_EQUAL(tu_errors_matching("invalid key length"), 1);
    CU_ASSERT_EQUAL(cinit(cc, key, 32, iv, 12, NULL), 0);
    CU_ASSERT_EQUAL(tu_errors_matching("invalid iv length"), 1);
    CU_ASSERT_EQUAL(cinit(cc, key, 32, iv, 17, NULL), 0);
    CU_ASSERT_EQUAL(tu_errors_matching("invalid iv length"), 1);
    CU_ASSERT_EQUAL(cupd(cc, buf, &outl, sizeof(buf), buf, 1), 0);
    CU_ASSERT_EQUAL(tu_errors_matching("no key set"), 1);
    CU_ASSERT_EQUAL(cinit(cc, key, 32, iv, 16, NULL), 1);
    CU_ASSERT_EQUAL(cupd(cc, buf, &outl, 10, buf, 11), 0);
    CU_ASSERT_EQUAL(tu_errors_matching("output buffer too small"), 1);
    CU_ASSERT_EQUAL(cone(cc, buf, &outl, 10, buf, 11), 0);
    CU_ASSERT_EQUAL(tu_errors_matching("output buffer too small"), 1);
    CU_ASSERT_EQUAL(cupd(cc, buf, &outl, 64, NULL, 11), 0);
    CU_ASSERT_EQUAL(tu_errors_matching("null argument"), 1);
    outl = 99;
    CU_ASSERT_EQUAL(cupd(cc, buf, &outl, 64, buf, 64), 1);
    CU_ASSERT_EQUAL(outl, 64);
    CU_ASSERT_EQUAL(cone(cc, buf, &outl, 64, buf, 0), 1);
    CU_ASSERT_EQUAL(outl, 0);
    cfree(cc);

    dc = dnew(provctx);
    CU_ASSERT_FATAL(dc != NULL);
    CU_ASSERT(dinit(dc, NULL));
    CU_ASSERT(dupd(dc, buf, sizeof(buf)));
    CU_ASSERT_EQUAL(dupd(dc, NULL, 5), 0);
    CU_ASSERT_EQUAL(tu_errors_matching("null argument"), 1);
    CU_ASSERT_EQUAL(dfin(dc, buf, &outl, 15), 0);
    CU_ASSERT_EQUAL(tu_errors_matching("output buffer too small"), 1);
    CU_ASSERT_EQUAL(dfin(dc, buf, &outl, 16), 1);
    CU_ASSERT_EQUAL(outl, 16);
    dfree(dc);
}

/* Reason strings reach ERR_print_errors. */
static void test_reason_strings(void)
{
    EVP_CIPHER *c = EVP_CIPHER_fetch(t.libctx, "ChaCha20", "provider=simd");
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    unsigned long e;

    ERR_clear_error();
    CU_ASSERT_FATAL(c != NULL && ctx != NULL);
    CU_ASSERT(EVP_EncryptInit_ex2(ctx, c, NULL, NULL, NULL));
    CU_ASSERT_EQUAL(EVP_CIPHER_CTX_set_key_length(ctx, 31), 0);
    e = ERR_peek_last_error();
    CU_ASSERT_PTR_NOT_NULL_FATAL(ERR_reason_error_string(e));
    CU_ASSERT_STRING_EQUAL(ERR_reason_error_string(e), "invalid key length");
    ERR_clear_error();
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(c);
}

/* --- the override --- */

static void test_override_env(void)
{
    tu_override portable = {1, "portable", {NULL, NULL}};
    tu_override bogus = {1, "warp9", {"nonesuch", NULL}};
    tu_ctx o;

    CU_ASSERT_FATAL(tu_ctx_open(&o, &portable));
    CU_ASSERT_STRING_EQUAL(tu_prov_param(o.simd, "simd.chacha20"), "portable");
    CU_ASSERT_STRING_EQUAL(tu_prov_param(o.simd, "simd.md5"), "portable");
    CU_ASSERT_STRING_EQUAL(tu_prov_param(o.simd, "simd.level"), "portable");
    tu_ctx_close(&o);

    ERR_clear_error();
    CU_ASSERT_FATAL(tu_ctx_open(&o, &bogus)); /* still loads */
    CU_ASSERT_EQUAL(tu_errors_matching("unknown level \"warp9\""), 1);
    /* the bad level is ignored, so the choice is the best one the real CPU
     * runs (not t's, nor SIMDPROV_TEST_LEVEL's: this open names a level) */
    CU_ASSERT_STRING_EQUAL(
        tu_prov_param(o.simd, "simd.chacha20"),
        simd_best(&simd_arch_this.tables[SIMD_ALG_CHACHA20], tu_cpu_caps())->name);
    tu_ctx_close(&o);
    ERR_clear_error();
}

/* Opens simd with `level` and a forced kernel; checks whether it was taken
 * and that a refusal was reported. */
static void expect_forced(const char *level, simd_alg alg, const char *name,
                          int taken)
{
    tu_override ov = {1, level, {NULL, NULL}};
    char param[32];
    tu_ctx o;

    ov.kernel[alg] = name;
    snprintf(param, sizeof(param), "simd.%s", simd_alg_name(alg));
    ERR_clear_error();
    CU_ASSERT_FATAL(tu_ctx_open(&o, &ov));
    CU_ASSERT_EQUAL(strcmp(tu_prov_param(o.simd, param), name) == 0, taken);
    CU_ASSERT_EQUAL(tu_errors_matching("needs capabilities"), !taken);
    tu_ctx_close(&o);
}

/* Every kernel of every table, forced: under level "portable" only the
 * portable kernels are taken; without a level, exactly those the CPU runs
 * (under SIMDPROV_TEST_LEVEL, which tu_ctx_open passes on as the level). */
static void test_override_never_raises(void)
{
    uint32_t caps = tu_caps();

    for (unsigned alg = 0; alg < SIMD_NALGS; alg++) {
        const simd_table *t = &simd_arch_this.tables[alg];

        for (size_t i = 0; i < t->n; i++) {
            const simd_kernel *k = &t->kernels[i];

            expect_forced("portable", alg, k->name, k->needs == 0);
            expect_forced(NULL, alg, k->name, simd_runnable(k->needs, caps));
        }
    }
}

static int write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");

    if (f == NULL)
        return 0;
    fputs(text, f);
    return fclose(f) == 0;
}

/* Writes a config with a simd section holding `extra` lines; returns a new
 * library context that loaded it. (OpenSSL 3.0 activates on any "activate"
 * line, even "activate = 0": leave the line out instead.) */
static OSSL_LIB_CTX *load_config(const char *extra, int activate)
{
    char path[] = "/tmp/simdprov-test-XXXXXX";
    const char *module = getenv("SIMDPROV_MODULE");
    char text[1024];
    OSSL_LIB_CTX *lc;
    int fd = mkstemp(path), ok;

    if (fd < 0 || module == NULL)
        return NULL;
    close(fd);
    snprintf(text, sizeof(text),
             "openssl_conf = init\n[init]\nproviders = provs\n"
             "[provs]\nsimd = simd_sect\n"
             "[simd_sect]\nmodule = %s\n%s%s",
             module, activate ? "activate = 1\n" : "", extra);
    ok = write_file(path, text);
    /* The config, not the environment, must be what decides. */
    unsetenv("SIMDPROV_LEVEL");
    unsetenv("SIMDPROV_CHACHA20");
    unsetenv("SIMDPROV_MD5");
    lc = OSSL_LIB_CTX_new();
    if (!ok || lc == NULL || !OSSL_LIB_CTX_load_config(lc, path)) {
        OSSL_LIB_CTX_free(lc);
        lc = NULL;
    }
    remove(path);
    return lc;
}

/* The provider's config section feeds the override. */
static void test_override_config(void)
{
    OSSL_LIB_CTX *lc = load_config("level = portable\nmd5 = portable\n", 1);
    OSSL_PROVIDER *p;

    CU_ASSERT_FATAL(lc != NULL);
    CU_ASSERT(OSSL_PROVIDER_available(lc, "simd"));
    p = OSSL_PROVIDER_load(lc, "simd");
    CU_ASSERT_FATAL(p != NULL);
    CU_ASSERT_STRING_EQUAL(tu_prov_param(p, "simd.level"), "portable");
    CU_ASSERT_STRING_EQUAL(tu_prov_param(p, "simd.md5"), "portable");
    CU_ASSERT_STRING_EQUAL(tu_prov_param(p, "simd.chacha20"), "portable");
    CU_ASSERT_STRING_EQUAL(tu_prov_param(p, "simd.override"), "ok");
    OSSL_PROVIDER_unload(p);
    OSSL_LIB_CTX_free(lc);
}

/*
 * Bad values never stop the load. Activated by the config, the provider's
 * error is dropped by OpenSSL (a successful config load pops its errors),
 * so the parameter and buildinfo must tell; loaded later by the
 * application, the error reaches the queue too.
 */
static void test_override_config_bad(void)
{
    for (int activate = 0; activate < 2; activate++) {
        OSSL_LIB_CTX *lc;
        OSSL_PROVIDER *p;

        ERR_clear_error();
        lc = load_config("level = bogus\nchacha20 = nope\n", activate);
        CU_ASSERT_FATAL(lc != NULL);
        p = OSSL_PROVIDER_load(lc, "simd");
        CU_ASSERT_FATAL(p != NULL);
        if (!activate)
            CU_ASSERT_EQUAL(tu_errors_matching("unknown level \"bogus\""), 1);
        CU_ASSERT_PTR_NOT_NULL(
            strstr(tu_prov_param(p, "simd.override"), "unknown level"));
        CU_ASSERT_PTR_NOT_NULL(
            strstr(tu_prov_param(p, "simd.override"), "\"nope\""));
        CU_ASSERT_PTR_NOT_NULL(
            strstr(tu_prov_param(p, OSSL_PROV_PARAM_BUILDINFO), "bogus"));
        ERR_clear_error();
        OSSL_PROVIDER_unload(p);
        OSSL_LIB_CTX_free(lc);
    }
}

/* The shipped simdprov.cnf: ChaCha20 and MD5 from simd with a NULL property
 * query, everything else from default. */
static void test_shipped_config(void)
{
    const char *root = getenv("SIMDPROV_SOURCE_ROOT");
    char path[4096];
    OSSL_LIB_CTX *lc = OSSL_LIB_CTX_new();
    EVP_CIPHER *c;
    EVP_MD *md5, *sha;

    CU_ASSERT_FATAL(root != NULL && lc != NULL);
    snprintf(path, sizeof(path), "%s/simdprov.cnf", root);
    CU_ASSERT_FATAL(OSSL_LIB_CTX_load_config(lc, path));
    c = EVP_CIPHER_fetch(lc, "ChaCha20", NULL);
    md5 = EVP_MD_fetch(lc, "MD5", NULL);
    sha = EVP_MD_fetch(lc, "SHA256", NULL);
    CU_ASSERT_FATAL(c != NULL && md5 != NULL && sha != NULL);
    CU_ASSERT_STRING_EQUAL(OSSL_PROVIDER_get0_name(EVP_CIPHER_get0_provider(c)),
                           "simd");
    CU_ASSERT_STRING_EQUAL(OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(md5)),
                           "simd");
    CU_ASSERT_STRING_EQUAL(OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(sha)),
                           "default");
    EVP_CIPHER_free(c);
    EVP_MD_free(md5);
    EVP_MD_free(sha);
    OSSL_LIB_CTX_free(lc);
}

/* --- key material is wiped --- */

static void test_key_wiped(void)
{
    uint8_t key1[32], key2[32], iv[16] = {0}, buf[100];
    EVP_CIPHER *c = EVP_CIPHER_fetch(t.libctx, "ChaCha20", "provider=simd");
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int outl;

    CU_ASSERT_FATAL(c != NULL && ctx != NULL);
    tu_rand_bytes(key1, 32);
    tu_rand_bytes(key2, 32);
    tu_rand_bytes(buf, sizeof(buf));
    CU_ASSERT(EVP_EncryptInit_ex2(ctx, c, key1, iv, NULL));
    CU_ASSERT(EVP_EncryptUpdate(ctx, buf, &outl, buf, 33));
    CU_ASSERT(live_contains(key1)); /* the test can see the key... */
    CU_ASSERT(EVP_EncryptInit_ex2(ctx, NULL, key2, NULL, NULL));
    CU_ASSERT(!live_contains(key1)); /* ...and re-keying removed it */
    CU_ASSERT(live_contains(key2));
    watched = key2;
    watched_freed = 0;
    EVP_CIPHER_CTX_free(ctx); /* freeing must not leave it behind */
    watched = NULL;
    CU_ASSERT_EQUAL(watched_freed, 0);
    CU_ASSERT(!live_contains(key2));
    EVP_CIPHER_free(c);
}

/* --- threads share fetched algorithms, each with its own contexts --- */

#define THREADS 4
#define ROUNDS 200

static EVP_CIPHER *shared_cipher;
static EVP_MD *shared_md;
static uint8_t thread_in[5000], expect_ct[5000], expect_md[16];

static void *worker(void *arg)
{
    intptr_t bad = 0;
    static const uint8_t key[32] = {9}, iv[16] = {7};

    (void)arg;
    for (int r = 0; r < ROUNDS; r++) {
        EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
        uint8_t out[5000], md[16];
        unsigned int mdl;
        int outl, fin;

        bad += !EVP_EncryptInit_ex2(ctx, shared_cipher, key, iv, NULL) ||
               !EVP_EncryptUpdate(ctx, out, &outl, thread_in, 1234) ||
               !EVP_EncryptUpdate(ctx, out + 1234, &outl, thread_in + 1234,
                                  5000 - 1234) ||
               !EVP_EncryptFinal_ex(ctx, out, &fin) ||
               memcmp(out, expect_ct, 5000) != 0;
        EVP_CIPHER_CTX_free(ctx);
        bad += !EVP_Digest(thread_in, sizeof(thread_in), md, &mdl, shared_md,
                           NULL) ||
               memcmp(md, expect_md, 16) != 0;
    }
    return (void *)bad;
}

static void test_threads(void)
{
    pthread_t th[THREADS];
    EVP_CIPHER *dc = EVP_CIPHER_fetch(t.libctx, "ChaCha20", "provider=default");
    EVP_MD *dm;
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    static const uint8_t key[32] = {9}, iv[16] = {7};
    unsigned int mdl;
    int outl;
    intptr_t bad = 0;

    shared_cipher = EVP_CIPHER_fetch(t.libctx, "ChaCha20", "provider=simd");
    shared_md = EVP_MD_fetch(t.libctx, "MD5", "provider=simd");
    CU_ASSERT_FATAL(dc && ctx && shared_cipher && shared_md);
    tu_rand_bytes(thread_in, sizeof(thread_in));
    CU_ASSERT(EVP_EncryptInit_ex2(ctx, dc, key, iv, NULL));
    CU_ASSERT(EVP_EncryptUpdate(ctx, expect_ct, &outl, thread_in, 5000));
    dm = EVP_MD_fetch(t.libctx, "MD5", "provider=default");
    CU_ASSERT(EVP_Digest(thread_in, sizeof(thread_in), expect_md, &mdl, dm,
                         NULL));
    EVP_MD_free(dm);
    for (int i = 0; i < THREADS; i++)
        CU_ASSERT_FATAL(pthread_create(&th[i], NULL, worker, NULL) == 0);
    for (int i = 0; i < THREADS; i++) {
        void *ret;

        pthread_join(th[i], &ret);
        bad += (intptr_t)ret;
    }
    CU_ASSERT_EQUAL(bad, 0);
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(dc);
    EVP_CIPHER_free(shared_cipher);
    EVP_MD_free(shared_md);
}

int main(void)
{
    static const tu_test tests[] = {
        {"provider parameters", test_provider_params},
        {"ChaCha20 parameters match default", test_cipher_params_match_default},
        {"MD5 parameters match default", test_digest_params_match_default},
        {"errors through EVP match default", test_evp_errors},
        {"errors through the dispatch tables", test_dispatch_errors},
        {"reason strings reach the error queue", test_reason_strings},
        {"override from the environment", test_override_env},
        {"override never raises past the CPU", test_override_never_raises},
        {"override from the provider config", test_override_config},
        {"bad override in the config is reported",
         test_override_config_bad},
        {"simdprov.cnf routes ChaCha20/MD5 to simd", test_shipped_config},
        {"key material wiped on re-key and free", test_key_wiped},
        {"threads share fetched algorithms", test_threads},
        {NULL, NULL},
    };
    int rc;

    /* Must precede every allocation OpenSSL makes. */
    if (!CRYPTO_set_mem_functions(t_malloc, t_realloc, t_free))
        return 2;
    if (!tu_ctx_open(&t, NULL))
        return 2;
    rc = tu_main("provider", tests);
    tu_ctx_close(&t);
    return rc;
}
