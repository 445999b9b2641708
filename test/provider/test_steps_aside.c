/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Which algorithms simd leaves to the running release's default provider
 * (the step-aside rows of asm/<arch>/arch.c, asm/arch.h). The module's init
 * under a stand-in core that reports a made-up OpenSSL version offers
 * exactly the algorithms the rows leave it on that release, on this CPU,
 * under the override in the environment; simd.steps_aside and build info
 * say which and why; step_aside = no serves them all; a bad value is
 * reported. Then the real core: the release this runs on (the release
 * matrix runs it on each) fetches simd's algorithms exactly where no row
 * applies. The rows' logic on made-up CPUs is in kernels/test_select.c.
 */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "../../asm/select.h"
#include "dispatch.h"
#include "standin_core.h"
#include "testcaps.h"
#include "testutil.h"

static char fake_version[32];

/* How the provider names each algorithm it may offer. */
static const struct {
    int operation;
    simd_alg alg;
    const char *name; /* the first of its names */
} offers[] = {
    {OSSL_OP_CIPHER, SIMD_ALG_CHACHA20, "ChaCha20"},
    {OSSL_OP_CIPHER, SIMD_ALG_CHACHA20_POLY1305, "ChaCha20-Poly1305"},
    {OSSL_OP_DIGEST, SIMD_ALG_MD5, "MD5"},
    {OSSL_OP_MAC, SIMD_ALG_POLY1305, "POLY1305"},
};

static int listed(const OSSL_ALGORITHM *list, const char *name)
{
    size_t n = strlen(name);

    for (; list != NULL && list->algorithm_names != NULL; list++)
        if (strncmp(list->algorithm_names, name, n) == 0 &&
            (list->algorithm_names[n] == '\0' ||
             list->algorithm_names[n] == ':'))
            return 1;
    return 0;
}

static void no_report(void *arg, simd_select_problem p, const char *what,
                      const char *value)
{
    (void)arg, (void)p, (void)what, (void)value;
}

/* The override the module reads from the environment (this test sets no
 * config section). */
static simd_override env_override(void)
{
    static const char *const env[SIMD_NALGS] = {
#define SIMD_ALG_ENV(id, key, title) "SIMDPROV_" #id,
        SIMD_ALGORITHMS(SIMD_ALG_ENV)
#undef SIMD_ALG_ENV
    };
    simd_override ov = {getenv("SIMDPROV_LEVEL"), {NULL}};

    for (unsigned a = 0; a < SIMD_NALGS; a++)
        ov.kernel[a] = getenv(env[a]);
    return ov;
}

/* What the rows leave to the default on `release`, on this CPU, with the
 * environment's override: the mask and the text. */
static uint32_t expected(unsigned release, char *note, size_t size)
{
    simd_override ov = env_override();
    simd_choice ch;

    simd_select(&simd_arch_this, simd_arch_this.probe(), &ov, &ch, no_report,
                NULL);
    return simd_steps_aside(&simd_arch_this, &ch, &ov, release, note, size);
}

/* One init of the module under a core of this release; checks what it
 * offers and says against want (a mask of simd_alg bits) and want_note. */
static void check_init(void *so, unsigned release, uint32_t want,
                       const char *want_note)
{
    OSSL_provider_init_fn *init =
        (OSSL_provider_init_fn *)dlsym(so, "OSSL_provider_init");
    const OSSL_DISPATCH *out = NULL;
    void *provctx = NULL;
    unsigned int failures = CU_get_number_of_failures();
    const char *note = NULL, *info = NULL;

    snprintf(fake_version, sizeof(fake_version), "%u.%u.0", release / 100,
             release % 100);
    tu_standin.version = fake_version;
    CU_ASSERT_FATAL(init != NULL &&
                    init(NULL, tu_standin_dispatch, &out, &provctx) == 1);
    {
        tu_provider_fns pf;
        OSSL_PARAM req[] = {
            OSSL_PARAM_utf8_ptr("simd.steps_aside", (char **)&note, 0),
            OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, (char **)&info, 0),
            OSSL_PARAM_END,
        };
        char tail[600];

        CU_ASSERT_FATAL(tu_provider_fns_of(out, &pf));
        for (size_t i = 0; i < SIMD_COUNT(offers); i++) {
            int no_cache = 0;
            const OSSL_ALGORITHM *list =
                pf.query_operation(provctx, offers[i].operation, &no_cache);

            CU_ASSERT_EQUAL(listed(list, offers[i].name),
                            !(want & (1u << offers[i].alg)));
        }
        CU_ASSERT_FATAL(pf.get_params(provctx, req) == 1);
        CU_ASSERT_FATAL(note != NULL && info != NULL);
        CU_ASSERT_STRING_EQUAL(note, want_note);
        snprintf(tail, sizeof(tail), "steps aside: %s", want_note);
        CU_ASSERT_PTR_NOT_NULL(strstr(info, tail));
        if (CU_get_number_of_failures() != failures)
            fprintf(stderr, "\n  core %s: simd.steps_aside \"%s\", want "
                    "\"%s\" (mask %#x)\n", fake_version, note ? note : "?",
                    want_note, (unsigned)want);
        pf.teardown(provctx);
    }
}

/* Every release a row starts or ends at, one either side, and the releases
 * the project runs on. */
static size_t releases_to_try(unsigned *out, size_t max)
{
    static const unsigned known[] = {300, 301, 302, 305, 306, 400, 401, 500};
    size_t n = 0;

    for (size_t i = 0; i < SIMD_COUNT(known) && n < max; i++)
        out[n++] = known[i];
    for (size_t i = 0; i < simd_arch_this.nsteps_aside && n + 4 <= max; i++) {
        const simd_step_aside *r = &simd_arch_this.steps_aside[i];

        out[n++] = r->from;
        if (r->from > 300)
            out[n++] = r->from - 1;
        if (r->to != 0) {
            out[n++] = r->to;
            out[n++] = r->to + 1;
        }
    }
    return n;
}

static void *open_module(void)
{
    const char *path = getenv("SIMDPROV_MODULE");
    void *so;

    CU_ASSERT_PTR_NOT_NULL_FATAL(path);
    so = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(so);
    return so;
}

static void test_made_up_releases(void)
{
    void *so = open_module();
    unsigned releases[64];
    size_t n = releases_to_try(releases, SIMD_COUNT(releases));
    unsigned applied = 0;

    unsetenv("SIMDPROV_STEP_ASIDE");
    for (size_t i = 0; i < n; i++) {
        char note[512];
        uint32_t want = expected(releases[i], note, sizeof(note));

        applied += want != 0;
        check_init(so, releases[i], want, note);
    }
    /* Where a row applied, "no" serves everything. */
    setenv("SIMDPROV_STEP_ASIDE", "no", 1);
    for (size_t i = 0; i < n; i++)
        check_init(so, releases[i], 0, "none (step_aside = no)");
    printf("\n  %zu rows on %s; a row applied on %u of %zu releases tried "
           "on this CPU and level\n",
           simd_arch_this.nsteps_aside, simd_arch_this.name, applied, n);
    dlclose(so);
}

/* A value other than yes or no is reported and read as yes. */
static void test_bad_value(void)
{
    OSSL_LIB_CTX *lc = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *p;
    const char *note = NULL;
    OSSL_PARAM req[] = {
        OSSL_PARAM_utf8_ptr("simd.override", (char **)&note, 0),
        OSSL_PARAM_END,
    };

    CU_ASSERT_PTR_NOT_NULL_FATAL(lc);
    setenv("SIMDPROV_STEP_ASIDE", "sometimes", 1);
    p = OSSL_PROVIDER_load(lc, "simd");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT(OSSL_PROVIDER_get_params(p, req) == 1 && note != NULL &&
              strstr(note, "step_aside must be yes or no") != NULL);
    OSSL_PROVIDER_unload(p);
    OSSL_LIB_CTX_free(lc);
    ERR_clear_error();
    setenv("SIMDPROV_STEP_ASIDE", "no", 1);
}

/* The real core: simd's algorithms fetch exactly where no row applies on
 * the release this libcrypto is. */
static void test_running_release(void)
{
    unsigned release = OPENSSL_version_major() * 100 + OPENSSL_version_minor();
    OSSL_LIB_CTX *lc = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *p;
    char note[512];
    uint32_t want;

    unsetenv("SIMDPROV_STEP_ASIDE");
    want = expected(release, note, sizeof(note));
    CU_ASSERT_PTR_NOT_NULL_FATAL(lc);
    p = OSSL_PROVIDER_load(lc, "simd");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    for (size_t i = 0; i < SIMD_COUNT(offers); i++) {
        const char *name = offers[i].name;
        int got = 0;

        if (offers[i].operation == OSSL_OP_CIPHER) {
            EVP_CIPHER *c = EVP_CIPHER_fetch(lc, name, "provider=simd");

            got = c != NULL;
            EVP_CIPHER_free(c);
        } else if (offers[i].operation == OSSL_OP_DIGEST) {
            EVP_MD *md = EVP_MD_fetch(lc, name, "provider=simd");

            got = md != NULL;
            EVP_MD_free(md);
        } else {
            EVP_MAC *mac = EVP_MAC_fetch(lc, name, "provider=simd");

            got = mac != NULL;
            EVP_MAC_free(mac);
        }
        CU_ASSERT_EQUAL(got, !(want & (1u << offers[i].alg)));
    }
    printf("\n  OpenSSL %u.%u: steps aside: %s\n", release / 100,
           release % 100, note);
    OSSL_PROVIDER_unload(p);
    OSSL_LIB_CTX_free(lc);
    ERR_clear_error();
    setenv("SIMDPROV_STEP_ASIDE", "no", 1);
}

int main(void)
{
    static const tu_test tests[] = {
        {"made-up core releases: what is offered and said",
         test_made_up_releases},
        {"step_aside with a bad value", test_bad_value},
        {"the running release", test_running_release},
        {NULL, NULL},
    };

    /* Pretending to be a smaller CPU: the module's level cap, as the other
     * suites hand it (docs/testing.md), so the rows of that CPU apply. */
    if (simd_test_level() != NULL && getenv("SIMDPROV_LEVEL") == NULL)
        setenv("SIMDPROV_LEVEL", simd_test_level(), 1);
    return tu_main("steps_aside", tests);
}
