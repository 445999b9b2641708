/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What the loaded provider reports, checked against what the caller says
 * this CPU is. The cross matrix (scripts/test-cross.sh) runs every suite
 * under several qemu CPU models and sets, per model:
 *   SIMDPROV_EXPECT_ARCH      simd.arch
 *   SIMDPROV_EXPECT_CAPS      simd.caps, as a set of names ("asm asimd sve")
 *   SIMDPROV_EXPECT_LEVEL     simd.level
 *   SIMDPROV_EXPECT_CHACHA20  simd.chacha20 \ when unset, derived from the
 *   SIMDPROV_EXPECT_MD5       simd.md5      | tables and the expected caps
 *   SIMDPROV_EXPECT_POLY1305  simd.poly1305 /
 * so a probe that misses or invents a feature fails the run. Deriving the
 * kernels from the tables means a newly registered kernel is checked on
 * every model without touching the matrix. Variables that are not set are
 * not checked (a native run sets none).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../asm/arch.h"
#include "../../asm/select.h"
#include "testutil.h"

static tu_ctx ctx;
static int ctx_ok;

/* Loads the provider once, with the override variables unset, so the
 * reported choice is the provider's own default for this CPU. */
static OSSL_PROVIDER *provider(void)
{
    static const tu_override none = {1, NULL, {NULL, NULL}};

    if (!ctx_ok)
        ctx_ok = tu_ctx_open(&ctx, &none);
    CU_ASSERT_FATAL(ctx_ok);
    return ctx.simd;
}

static const char *expect(const char *var)
{
    const char *v = getenv(var);

    return v != NULL && *v != '\0' ? v : NULL;
}

/* Capability name -> bit, using the provider's own naming of single bits. */
static int cap_bit(const char *name, size_t len, uint32_t *bit)
{
    char buf[64];

    for (unsigned i = 0; i < 32; i++) {
        simd_caps_string(1u << i, buf, sizeof(buf));
        if (buf[0] != '\0' && strlen(buf) == len && strncmp(buf, name, len) == 0) {
            *bit = 1u << i;
            return 1;
        }
    }
    return 0;
}

/* A space-separated name list as a mask; 0 and a message if a name is not
 * a capability at all (a typo in the matrix must fail, not pass). */
static int caps_mask(const char *list, uint32_t *mask)
{
    *mask = 0;
    while (*list != '\0') {
        size_t len = strcspn(list, " \t");
        uint32_t bit;

        if (len > 0) {
            if (!cap_bit(list, len, &bit)) {
                fprintf(stderr, "unknown capability name '%.*s'\n", (int)len, list);
                return 0;
            }
            *mask |= bit;
        }
        list += len;
        list += strspn(list, " \t");
    }
    return 1;
}

/* The provider's value of a parameter; a fatal failure when it has none. */
static const char *reported(const char *param)
{
    const char *got = tu_prov_param(provider(), param);

    CU_ASSERT_PTR_NOT_NULL_FATAL(got);
    return got;
}

/* One check; both values on stderr when it fails, for the matrix's log. */
static void expect_same(const char *param, const char *want, const char *got,
                        int same)
{
    if (!same)
        fprintf(stderr, "%s: expected '%s', provider reports '%s'\n", param, want, got);
    CU_ASSERT(same);
}

static void check_string(const char *param, const char *want)
{
    const char *got = reported(param);

    expect_same(param, want, got, strcmp(got, want) == 0);
}

/* param against the variable var, when that is set. */
static void check_var(const char *var, const char *param)
{
    const char *want = expect(var);

    if (want != NULL)
        check_string(param, want);
}

static void test_arch(void)
{
    check_var("SIMDPROV_EXPECT_ARCH", "simd.arch");
}

static void test_caps(void)
{
    const char *want = expect("SIMDPROV_EXPECT_CAPS");
    const char *got;
    uint32_t want_mask, got_mask;

    if (want == NULL)
        return;
    got = reported("simd.caps");
    CU_ASSERT_FATAL(caps_mask(want, &want_mask));
    CU_ASSERT_FATAL(caps_mask(got, &got_mask));
    expect_same("simd.caps", want, got, got_mask == want_mask);
}

static void test_level(void)
{
    check_var("SIMDPROV_EXPECT_LEVEL", "simd.level");
}

/* Per algorithm: SIMDPROV_EXPECT_<ALG> when set, else the best table entry
 * whose needs the expected caps cover. */
static void test_kernels(void)
{
    const char *caps = expect("SIMDPROV_EXPECT_CAPS");
    static const char *const vars[SIMD_NALGS] = {
#define SIMD_ALG_VAR(id, key, title) "SIMDPROV_EXPECT_" #id,
        SIMD_ALGORITHMS(SIMD_ALG_VAR)
#undef SIMD_ALG_VAR
    };
    uint32_t mask;
    int have_mask = caps != NULL && caps_mask(caps, &mask);

    for (unsigned alg = 0; alg < SIMD_NALGS; alg++) {
        const char *want = expect(vars[alg]);
        char param[32];

        if (want == NULL && have_mask)
            want = simd_best(&simd_arch_this.tables[alg], mask)->name;
        snprintf(param, sizeof(param), "simd.%s", simd_alg_name(alg));
        if (want != NULL)
            check_string(param, want);
    }
}

/*
 * Every level name of this arch works as SIMDPROV_LEVEL on this CPU: no
 * override complaint, the reported level is the highest one the CPU meets
 * under that cap, and the chosen kernels need nothing beyond it.
 */
static void test_every_level(void)
{
    const simd_arch *a = &simd_arch_this;
    uint32_t cpu = tu_cpu_caps(); /* levels named here: no test cap */

    for (size_t i = 0; i < a->nlevels; i++) {
        tu_override ov = {1, a->levels[i].name, {NULL, NULL}};
        uint32_t allowed = cpu & simd_level_caps(a, i);
        const char *want = a->levels[0].name, *got, *note, *k;
        tu_ctx t;

        for (size_t j = 0; j < a->nlevels; j++)
            if (simd_runnable(simd_level_caps(a, j), allowed))
                want = a->levels[j].name;
        CU_ASSERT_FATAL(tu_ctx_open(&t, &ov));
        got = tu_prov_param(t.simd, "simd.level");
        note = tu_prov_param(t.simd, "simd.override");
        CU_ASSERT(got != NULL && strcmp(got, want) == 0);
        CU_ASSERT(note != NULL && strcmp(note, "ok") == 0);
        if (got == NULL || strcmp(got, want) != 0 || note == NULL || strcmp(note, "ok") != 0)
            fprintf(stderr, "SIMDPROV_LEVEL=%s: level '%s' (want '%s'), override '%s'\n",
                    a->levels[i].name, got ? got : "(null)", want, note ? note : "(null)");
        for (unsigned alg = 0; alg < SIMD_NALGS; alg++) {
            const simd_kernel_row *kern;

            k = tu_prov_kernel(t.simd, alg);
            kern = simd_find(&a->tables[alg], k);
            CU_ASSERT(kern != NULL && simd_runnable(kern->needs, allowed));
        }
        tu_ctx_close(&t);
    }
}

/* Says what was checked, so a log shows whether the matrix drove this run. */
static void test_report(void)
{
    static const char *const params[] = {"simd.arch", "simd.caps", "simd.level",
                                         "simd.rules",
#define SIMD_ALG_PARAM(id, key, title) "simd." #key,
        SIMD_ALGORITHMS(SIMD_ALG_PARAM)
#undef SIMD_ALG_PARAM
    };

    for (size_t i = 0; i < SIMD_COUNT(params); i++) {
        const char *v = tu_prov_param(provider(), params[i]);

        CU_ASSERT_PTR_NOT_NULL(v);
        printf("  %s = %s\n", params[i], v ? v : "(null)");
    }
    if (expect("SIMDPROV_EXPECT_CAPS") == NULL)
        printf("  (SIMDPROV_EXPECT_* not set: nothing to compare)\n");
}

int main(void)
{
    static const tu_test tests[] = {
        {"arch", test_arch},     {"caps", test_caps},
        {"level", test_level},   {"kernels", test_kernels},
        {"every level", test_every_level},
        {"report", test_report}, {NULL, NULL},
    };
    int rc = tu_main("expect", tests);

    if (ctx_ok)
        tu_ctx_close(&ctx);
    return rc;
}
