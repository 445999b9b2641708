/* SPDX-License-Identifier: Apache-2.0 */
#define _GNU_SOURCE /* setenv */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/Basic.h>
#include <openssl/err.h>

#include "../../asm/select.h"
#include "testcaps.h"

int tu_main(const char *suite, const tu_test *tests)
{
    CU_pSuite s;
    unsigned int failed;
    char caps[256];

    /* Say which CPU this run exercises, so a log shows a masked run. */
    simd_caps_string(tu_caps(), caps, sizeof(caps));
    printf("%s: caps under test: %s%s%s%s\n", suite, caps,
           simd_test_level() ? " (SIMDPROV_TEST_LEVEL=" : "",
           simd_test_level() ? simd_test_level() : "",
           simd_test_level() ? ")" : "");
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    s = CU_add_suite(suite, NULL, NULL);
    if (s == NULL)
        return 2;
    for (; tests->name != NULL; tests++)
        if (CU_add_test(s, tests->name, tests->fn) == NULL)
            return 2;
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    failed = CU_get_number_of_tests_failed() + CU_get_number_of_failures();
    CU_cleanup_registry();
    return failed ? 1 : 0;
}

static uint64_t rng_state;
static int rng_seeded;

uint64_t tu_rand(void)
{
    uint64_t z;

    if (!rng_seeded) {
        const char *s = getenv("SIMDPROV_TEST_SEED");

        rng_state = s ? strtoull(s, NULL, 0) : 1;
        rng_seeded = 1;
    }
    z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

size_t tu_rand_below(size_t n)
{
    return (size_t)(tu_rand() % n);
}

size_t tu_biased_len(size_t block, size_t edges_to, size_t short_below,
                     size_t mid_below, size_t max)
{
    size_t k = tu_rand_below(edges_to / block);

    switch (tu_rand_below(5)) {
    case 0:
    case 1:
        return k * block + tu_rand_below(3) - (k > 0);
    case 2:
        return tu_rand_below(short_below);
    case 3:
        if (mid_below != 0)
            return tu_rand_below(mid_below);
        /* fall through */
    default:
        return tu_rand_below(max + 1);
    }
}

void tu_rand_bytes(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)tu_rand();
}

size_t tu_scaled(size_t n, size_t min)
{
    const char *s = getenv("SIMDPROV_TEST_SCALE");
    double scale = s ? strtod(s, NULL) : 1.0;
    size_t v = (size_t)((double)n * scale);

    return v < min ? min : v;
}

static void set_or_unset(const char *name, const char *value)
{
    if (value != NULL)
        setenv(name, value, 1);
    else
        unsetenv(name);
}

/* SIMDPROV_LEVEL, then SIMDPROV_<ALG> for each algorithm, as the module
 * reads them. */
#define NVARS (1 + SIMD_NALGS)
static const char *const override_vars[NVARS] = {
    "SIMDPROV_LEVEL",
#define SIMD_ALG_VAR(id, key, title) "SIMDPROV_" #id,
    SIMD_ALGORITHMS(SIMD_ALG_VAR)
#undef SIMD_ALG_VAR
};

int tu_ctx_open(tu_ctx *t, const tu_override *ov)
{
    const char *want[NVARS] = {NULL};
    char *saved[NVARS] = {NULL};
    int replace = (ov != NULL && ov->force) || simd_test_level() != NULL;

    memset(t, 0, sizeof(*t));
    if (replace) {
        for (int i = 0; i < NVARS; i++) {
            const char *old = getenv(override_vars[i]);

            saved[i] = old ? strdup(old) : NULL;
            want[i] = saved[i];
        }
        if (ov != NULL && ov->force) {
            want[0] = ov->level;
            for (int a = 0; a < SIMD_NALGS; a++)
                want[1 + a] = ov->kernel[a];
        }
        /* Pretending to be a smaller CPU: the module gets the test level as
         * its level cap unless the caller names a level of its own. */
        if (want[0] == NULL)
            want[0] = simd_test_level();
        for (int i = 0; i < NVARS; i++)
            set_or_unset(override_vars[i], want[i]);
    }
    t->libctx = OSSL_LIB_CTX_new();
    if (t->libctx != NULL) {
        t->deflt = OSSL_PROVIDER_load(t->libctx, "default");
        t->simd = OSSL_PROVIDER_load(t->libctx, "simd");
    }
    if (replace) {
        for (int i = 0; i < NVARS; i++) {
            set_or_unset(override_vars[i], saved[i]);
            free(saved[i]);
        }
    }
    if (t->simd == NULL || t->deflt == NULL) {
        ERR_print_errors_fp(stderr);
        tu_ctx_close(t);
        return 0;
    }
    return 1;
}

void tu_ctx_close(tu_ctx *t)
{
    if (t->simd != NULL)
        OSSL_PROVIDER_unload(t->simd);
    if (t->deflt != NULL)
        OSSL_PROVIDER_unload(t->deflt);
    OSSL_LIB_CTX_free(t->libctx);
    memset(t, 0, sizeof(*t));
}

int tu_main_ctx(const char *suite, const tu_test *tests, tu_ctx *t)
{
    int rc;

    if (!tu_ctx_open(t, NULL))
        return 2;
    rc = tu_main(suite, tests);
    tu_ctx_close(t);
    return rc;
}

const char *tu_prov_param(OSSL_PROVIDER *prov, const char *key)
{
    const char *value = NULL;
    OSSL_PARAM req[] = {OSSL_PARAM_utf8_ptr(key, (char **)&value, 0),
                        OSSL_PARAM_END};

    if (!OSSL_PROVIDER_get_params(prov, req))
        return NULL;
    return value;
}

const char *tu_prov_kernel(OSSL_PROVIDER *prov, simd_alg alg)
{
    char key[32];

    snprintf(key, sizeof(key), "simd.%s", simd_alg_name(alg));
    return tu_prov_param(prov, key);
}

uint32_t tu_caps(void)
{
    return simd_test_caps();
}

uint32_t tu_cpu_caps(void)
{
    return simd_cpu_caps();
}

size_t tu_kernels(simd_alg alg, const simd_kernel_row *out[TU_MAX_KERNELS])
{
    const simd_table *lists[] = {&simd_arch_this.tables[alg],
                                 &simd_arch_this.inner[alg]};
    size_t n = 0;

    for (size_t l = 0; l < SIMD_COUNT(lists); l++)
        for (size_t i = 0; i < lists[l]->n; i++)
            if (simd_runnable(lists[l]->kernels[i].needs, tu_caps())) {
                CU_ASSERT_FATAL(n < TU_MAX_KERNELS);
                out[n++] = &lists[l]->kernels[i];
            }
    return n;
}

void tu_for_each_kernel(simd_alg alg, void (*check)(const simd_kernel_row *k))
{
    const simd_kernel_row *ks[TU_MAX_KERNELS];
    size_t n = tu_kernels(alg, ks);

    CU_ASSERT(n > 0);
    for (size_t i = 0; i < n; i++) {
        unsigned int failures = CU_get_number_of_failures();

        check(ks[i]);
        if (CU_get_number_of_failures() != failures) /* say which */
            fprintf(stderr, "\n  %s %s failed", simd_alg_name(alg),
                    ks[i]->name);
    }
}

size_t tu_runnable(simd_alg alg, const char **names, size_t max)
{
    const simd_table *t = &simd_arch_this.tables[alg];
    size_t n = 0;

    for (size_t i = 0; i < t->n && n < max; i++)
        if (simd_runnable(t->kernels[i].needs, tu_caps()))
            names[n++] = t->kernels[i].name;
    return n;
}

void tu_for_each_runnable(simd_alg alg,
                          void (*fn)(tu_ctx *t, const char *kernel))
{
    const char *names[32];
    size_t n = tu_runnable(alg, names, SIMD_COUNT(names));

    CU_ASSERT(n >= 1);
    for (size_t i = 0; i < n; i++) {
        tu_override ov = {1, NULL, {NULL}};
        tu_ctx t;

        ov.kernel[alg] = names[i];
        CU_ASSERT_FATAL(tu_ctx_open(&t, &ov));
        CU_ASSERT_STRING_EQUAL(tu_prov_kernel(t.simd, alg), names[i]);
        fn(&t, names[i]);
        tu_ctx_close(&t);
    }
}

size_t tu_for_each_aead_kernels(int every_pair,
                                void (*fn)(tu_ctx *t, const char *what,
                                           void *arg),
                                void *arg)
{
    const char *cn[32], *pn[32], *sn[32];
    size_t nc = tu_runnable(SIMD_ALG_CHACHA20, cn, SIMD_COUNT(cn));
    size_t np = tu_runnable(SIMD_ALG_POLY1305, pn, SIMD_COUNT(pn));
    size_t ns = tu_runnable(SIMD_ALG_CHACHA20_POLY1305, sn, SIMD_COUNT(sn));
    size_t rounds = every_pair ? nc * np : (nc > np ? nc : np);

    CU_ASSERT_FATAL(nc >= 1 && np >= 1 && ns >= 1);
    if (ns > rounds)
        rounds = ns;
    for (size_t i = 0; i < rounds; i++) {
        const char *ck = cn[i % nc], *sk = sn[i % ns];
        const char *pk = pn[(every_pair ? i / nc : i) % np];
        tu_override ov = {1, NULL, {NULL}};
        tu_ctx t;
        char what[128];

        ov.kernel[SIMD_ALG_CHACHA20] = ck;
        ov.kernel[SIMD_ALG_POLY1305] = pk;
        ov.kernel[SIMD_ALG_CHACHA20_POLY1305] = sk;
        CU_ASSERT_FATAL(tu_ctx_open(&t, &ov));
        CU_ASSERT_STRING_EQUAL(tu_prov_kernel(t.simd, SIMD_ALG_CHACHA20), ck);
        CU_ASSERT_STRING_EQUAL(tu_prov_kernel(t.simd, SIMD_ALG_POLY1305), pk);
        CU_ASSERT_STRING_EQUAL(
            tu_prov_kernel(t.simd, SIMD_ALG_CHACHA20_POLY1305), sk);
        snprintf(what, sizeof(what),
                 "chacha20=%s poly1305=%s chacha20_poly1305=%s", ck, pk, sk);
        fn(&t, what, arg);
        tu_ctx_close(&t);
    }
    return rounds;
}

size_t tu_unhex(const char *hex, uint8_t *out, size_t max)
{
    size_t n = 0;
    unsigned int v;

    while (*hex != '\0' && n < max) {
        if (*hex == ' ' || *hex == '\n') {
            hex++;
            continue;
        }
        if (sscanf(hex, "%2x", &v) != 1)
            break;
        out[n++] = (uint8_t)v;
        hex += 2;
    }
    return n;
}

void tu_fetch_cipher_pair(const tu_ctx *t, const char *name, EVP_CIPHER *c[2])
{
    c[0] = EVP_CIPHER_fetch(t->libctx, name, "provider=simd");
    c[1] = EVP_CIPHER_fetch(t->libctx, name, "provider=default");
    CU_ASSERT_FATAL(c[0] != NULL && c[1] != NULL);
}

void tu_sort_cuts(size_t *cuts, size_t n)
{
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && cuts[j - 1] > cuts[j]; j--) {
            size_t t = cuts[j];

            cuts[j] = cuts[j - 1];
            cuts[j - 1] = t;
        }
}

int tu_update_pieces(tu_update_fn *update, void *ctx, const uint8_t *m,
                     size_t len, const size_t *cuts, size_t ncuts)
{
    size_t done = 0;

    for (size_t i = 0; i <= ncuts; i++) {
        size_t end = i < ncuts ? cuts[i] : len;

        if (!update(ctx, m + done, end - done))
            return 0;
        done = end;
    }
    return 1;
}
