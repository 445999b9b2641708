/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The provider from an OpenSSL config file: its section's override keys,
 * bad values reported without stopping the load, and the shipped
 * simdprov.cnf routing ChaCha20 and MD5 (and nothing else) to simd.
 */
#define _GNU_SOURCE /* mkstemp, unsetenv */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/core_names.h>
#include <openssl/err.h>

#include "testutil.h"

static int write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");

    if (f == NULL)
        return 0;
    fputs(text, f);
    return fclose(f) == 0;
}

/*
 * Formats a config (printf-style) into a temporary file and returns a new
 * library context that loaded it, or NULL (also when the text would not
 * fit). Both configs below go through here.
 */
static OSSL_LIB_CTX *load_config_text(const char *text, ...)
    __attribute__((format(printf, 1, 2)));

static OSSL_LIB_CTX *load_config_text(const char *text, ...)
{
    char path[] = "/tmp/simdprov-test-XXXXXX";
    char conf[1024];
    OSSL_LIB_CTX *lc;
    va_list ap;
    int fd = mkstemp(path), n, ok;

    if (fd < 0)
        return NULL;
    close(fd);
    va_start(ap, text);
    n = vsnprintf(conf, sizeof(conf), text, ap);
    va_end(ap);
    /* A cut-off config could load and say something else. */
    ok = n >= 0 && (size_t)n < sizeof(conf) && write_file(path, conf);
    lc = ok ? OSSL_LIB_CTX_new() : NULL;
    if (lc != NULL && !OSSL_LIB_CTX_load_config(lc, path)) {
        OSSL_LIB_CTX_free(lc);
        lc = NULL;
    }
    remove(path);
    return lc;
}

/* A config with a simd section holding `extra` lines. (OpenSSL 3.0
 * activates on any "activate" line, even "activate = 0": leave the line out
 * instead.) */
static OSSL_LIB_CTX *load_config(const char *extra, int activate)
{
    const char *module = getenv("SIMDPROV_MODULE");

    if (module == NULL)
        return NULL;
    /* The config, not the environment, must be what decides. */
    unsetenv("SIMDPROV_LEVEL");
    unsetenv("SIMDPROV_CHACHA20");
    unsetenv("SIMDPROV_MD5");
    return load_config_text("openssl_conf = init\n[init]\nproviders = provs\n"
                            "[provs]\nsimd = simd_sect\n"
                            "[simd_sect]\nmodule = %s\n%s%s",
                            module, activate ? "activate = 1\n" : "", extra);
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
    CU_ASSERT_STRING_EQUAL(tu_prov_kernel(p, SIMD_ALG_MD5), "portable");
    CU_ASSERT_STRING_EQUAL(tu_prov_kernel(p, SIMD_ALG_CHACHA20), "portable");
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

/* A config that activates default and simd and sets default_properties. */
static OSSL_LIB_CTX *load_props_config(const char *props)
{
    const char *module = getenv("SIMDPROV_MODULE");

    if (module == NULL)
        return NULL;
    return load_config_text("openssl_conf = init\n[init]\nproviders = provs\n"
                            "alg_section = algs\n"
                            "[provs]\ndefault = default_sect\n"
                            "simd = simd_sect\n"
                            "[default_sect]\nactivate = 1\n"
                            "[simd_sect]\nmodule = %s\nactivate = 1\n"
                            "[algs]\ndefault_properties = %s\n",
                            module, props);
}

/* Which provider serves each of simd's algorithms for the query `propq`
 * (NULL: the default properties alone), "-" when the fetch fails; writes
 * the four names, in the order ChaCha20, ChaCha20-Poly1305, MD5, POLY1305. */
static void fetch_all(OSSL_LIB_CTX *lc, const char *propq, const char *by[4])
{
    EVP_CIPHER *c = EVP_CIPHER_fetch(lc, "ChaCha20", propq);
    EVP_CIPHER *a = EVP_CIPHER_fetch(lc, "ChaCha20-Poly1305", propq);
    EVP_MD *md = EVP_MD_fetch(lc, "MD5", propq);
    EVP_MAC *mac = EVP_MAC_fetch(lc, "POLY1305", propq);

    /* Provider names are static for as long as lc holds the provider. */
    by[0] = c ? OSSL_PROVIDER_get0_name(EVP_CIPHER_get0_provider(c)) : "-";
    by[1] = a ? OSSL_PROVIDER_get0_name(EVP_CIPHER_get0_provider(a)) : "-";
    by[2] = md ? OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(md)) : "-";
    by[3] = mac ? OSSL_PROVIDER_get0_name(EVP_MAC_get0_provider(mac)) : "-";
    EVP_CIPHER_free(c);
    EVP_CIPHER_free(a);
    EVP_MD_free(md);
    EVP_MAC_free(mac);
    ERR_clear_error();
}

static void print_by(const char *what, const char *const by[4])
{
    printf("\n    %s: ChaCha20 %s, ChaCha20-Poly1305 %s, MD5 %s, POLY1305 %s ",
           what, by[0], by[1], by[2], by[3]);
}

/*
 * FIPS stays FIPS: simd's algorithms carry no "fips" property, so a library
 * context whose default properties say fips=yes (as a FIPS-mode system
 * config does) never gets them, with a NULL query, with "fips=yes", nor
 * when the application asks for simd by name; with no FIPS module installed
 * those fetches fail (default's algorithms are not fips=yes either). An
 * optional "?fips=yes" is only a preference: with no fips=yes candidate the
 * fetch still succeeds from one of the loaded providers.
 */
static void test_fips_default_properties(void)
{
    static const char *const queries[] = {NULL, "fips=yes", "provider=simd",
                                          "?provider=simd"};
    OSSL_LIB_CTX *lc = load_props_config("fips=yes");
    const char *by[4];

    CU_ASSERT_FATAL(lc != NULL);
    CU_ASSERT(OSSL_PROVIDER_available(lc, "simd"));
    CU_ASSERT(EVP_default_properties_is_fips_enabled(lc));
    for (size_t q = 0; q < sizeof(queries) / sizeof(queries[0]); q++) {
        fetch_all(lc, queries[q], by);
        for (int i = 0; i < 4; i++)
            CU_ASSERT(strcmp(by[i], "simd") != 0);
        if (q == 0)
            print_by("fips=yes", by);
    }
    /* Dropping the fips clause of the default properties ("-fips") reaches
     * simd: the rows above are about the property, not a simd that failed
     * to load. */
    fetch_all(lc, "provider=simd,-fips", by);
    for (int i = 0; i < 4; i++)
        CU_ASSERT_STRING_EQUAL(by[i], "simd");
    print_by("fips=yes, query \"provider=simd,-fips\"", by);
    OSSL_LIB_CTX_free(lc);

    /* The same through the API (EVP_default_properties_enable_fips). */
    lc = OSSL_LIB_CTX_new();
    CU_ASSERT_FATAL(lc != NULL);
    {
        OSSL_PROVIDER *d = OSSL_PROVIDER_load(lc, "default");
        OSSL_PROVIDER *s = OSSL_PROVIDER_load(lc, "simd");

        CU_ASSERT_FATAL(d != NULL && s != NULL);
        fetch_all(lc, "provider=simd", by);
        for (int i = 0; i < 4; i++)
            CU_ASSERT_STRING_EQUAL(by[i], "simd");
        CU_ASSERT(EVP_default_properties_enable_fips(lc, 1));
        for (size_t q = 0; q < sizeof(queries) / sizeof(queries[0]); q++) {
            fetch_all(lc, queries[q], by);
            for (int i = 0; i < 4; i++)
                CU_ASSERT(strcmp(by[i], "simd") != 0);
        }
        OSSL_PROVIDER_unload(s);
        OSSL_PROVIDER_unload(d);
    }
    OSSL_LIB_CTX_free(lc);

    lc = load_props_config("?fips=yes");
    CU_ASSERT_FATAL(lc != NULL);
    fetch_all(lc, NULL, by);
    for (int i = 0; i < 4; i++)
        CU_ASSERT(strcmp(by[i], "-") != 0);
    print_by("?fips=yes", by);
    OSSL_LIB_CTX_free(lc);
}

int main(void)
{
    static const tu_test tests[] = {
        {"override from the provider config", test_override_config},
        {"bad override in the config is reported",
         test_override_config_bad},
        {"simdprov.cnf routes ChaCha20/MD5 to simd", test_shipped_config},
        {"default_properties fips=yes never fetches simd",
         test_fips_default_properties},
        {NULL, NULL},
    };

    return tu_main("config", tests);
}
