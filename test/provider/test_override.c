/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The override from the environment (SIMDPROV_LEVEL, SIMDPROV_<ALG>): a
 * level or kernel is taken when the CPU runs it, and a bad value is
 * reported and ignored; a forced kernel never raises the choice past the
 * CPU or the level.
 */
#include <string.h>

#include <openssl/err.h>

#include "../../asm/arch.h"
#include "testutil.h"

static void test_override_env(void)
{
    tu_override portable = {1, "portable", {NULL, NULL}};
    tu_override bogus = {1, "warp9", {"nonesuch", NULL}};
    tu_ctx o;

    CU_ASSERT_FATAL(tu_ctx_open(&o, &portable));
    CU_ASSERT_STRING_EQUAL(tu_prov_kernel(o.simd, SIMD_ALG_CHACHA20),
                           "portable");
    CU_ASSERT_STRING_EQUAL(tu_prov_kernel(o.simd, SIMD_ALG_MD5), "portable");
    CU_ASSERT_STRING_EQUAL(tu_prov_param(o.simd, "simd.level"), "portable");
    tu_ctx_close(&o);

    ERR_clear_error();
    CU_ASSERT_FATAL(tu_ctx_open(&o, &bogus)); /* still loads */
    CU_ASSERT_EQUAL(tu_errors_matching("unknown level \"warp9\""), 1);
    /* the bad level is ignored, so the choice is the best one the real CPU
     * runs (not SIMDPROV_TEST_LEVEL's: this open names a level) */
    CU_ASSERT_STRING_EQUAL(
        tu_prov_kernel(o.simd, SIMD_ALG_CHACHA20),
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
    tu_ctx o;

    ov.kernel[alg] = name;
    ERR_clear_error();
    CU_ASSERT_FATAL(tu_ctx_open(&o, &ov));
    CU_ASSERT_EQUAL(strcmp(tu_prov_kernel(o.simd, alg), name) == 0, taken);
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
            const simd_kernel_row *k = &t->kernels[i];

            expect_forced("portable", alg, k->name, k->needs == 0);
            expect_forced(NULL, alg, k->name, simd_runnable(k->needs, caps));
        }
    }
}

int main(void)
{
    static const tu_test tests[] = {
        {"override from the environment", test_override_env},
        {"override never raises past the CPU", test_override_never_raises},
        {NULL, NULL},
    };

    return tu_main("override", tests);
}
