/*
 * Kernel selection and the override, on a made-up architecture (so every
 * rule is tested whatever this CPU has), plus the real probe checked against
 * the compiler's own CPU detection.
 */
#include <string.h>

#include "../asm/arch.h"
#include "../asm/select.h"
#include "testutil.h"

#if defined(__x86_64__) && __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define HAVE_VALGRIND_H 1
#endif

#define CAP_A SIMD_CAP_ASM
#define CAP_B (1u << 20)
#define CAP_C (1u << 21)

static void k_fast(uint8_t *o, const uint8_t *i, size_t l, const uint32_t *k,
                   const uint32_t *c)
{
    (void)o, (void)i, (void)l, (void)k, (void)c;
}
static void k_mid(uint8_t *o, const uint8_t *i, size_t l, const uint32_t *k,
                  const uint32_t *c)
{
    (void)o, (void)i, (void)l, (void)k, (void)c;
}
static void m_asm(uint32_t *s, const uint8_t *i, size_t n)
{
    (void)s, (void)i, (void)n;
}

static const simd_level fake_levels[] = {
    {"portable", 0},
    {"base", CAP_A},
    {"mid", CAP_A | CAP_B},
    {"top", CAP_A | CAP_B | CAP_C},
};
static const simd_kernel fake_chacha20[] = {
    SIMD_KERNEL(chacha20, "fast", CAP_A | CAP_B | CAP_C, k_fast),
    SIMD_KERNEL(chacha20, "mid", CAP_A | CAP_B, k_mid),
    SIMD_KERNEL(chacha20, "portable", 0, chacha20_xor_portable),
};
static const simd_kernel fake_md5[] = {
    SIMD_KERNEL(md5, "scalar", CAP_A, m_asm),
    SIMD_KERNEL(md5, "portable", 0, md5_blocks_portable),
};
static const simd_arch fake = {
    .name = "fake",
    .levels = fake_levels,
    .nlevels = SIMD_COUNT(fake_levels),
    .tables = {[SIMD_ALG_CHACHA20] = SIMD_TABLE(fake_chacha20),
               [SIMD_ALG_MD5] = SIMD_TABLE(fake_md5)},
};

static int reports;
static simd_select_problem last_problem;

static void count_report(void *arg, simd_select_problem p, const char *what,
                         const char *value)
{
    (void)arg, (void)what, (void)value;
    reports++;
    last_problem = p;
}

static simd_choice choose(uint32_t caps, const char *level, const char *c,
                          const char *m)
{
    simd_override ov = {level, {[SIMD_ALG_CHACHA20] = c, [SIMD_ALG_MD5] = m}};
    simd_choice ch;

    reports = 0;
    simd_select(&fake, caps, &ov, &ch, count_report, NULL);
    return ch;
}

static void test_best_runnable(void)
{
    simd_choice ch = choose(CAP_A | CAP_B | CAP_C, NULL, NULL, NULL);

    CU_ASSERT_STRING_EQUAL(ch.kernel[SIMD_ALG_CHACHA20]->name, "fast");
    CU_ASSERT_STRING_EQUAL(ch.kernel[SIMD_ALG_MD5]->name, "scalar");
    CU_ASSERT_STRING_EQUAL(ch.level, "top");
    ch = choose(CAP_A | CAP_B, NULL, NULL, NULL);
    CU_ASSERT_STRING_EQUAL(ch.kernel[SIMD_ALG_CHACHA20]->name, "mid");
    CU_ASSERT_STRING_EQUAL(ch.level, "mid");
    ch = choose(0, NULL, NULL, NULL);
    CU_ASSERT_STRING_EQUAL(ch.kernel[SIMD_ALG_CHACHA20]->name, "portable");
    CU_ASSERT_STRING_EQUAL(ch.kernel[SIMD_ALG_MD5]->name, "portable");
    CU_ASSERT_STRING_EQUAL(ch.level, "portable");
    /* A CPU with C but not B gets neither kernel that needs B. */
    ch = choose(CAP_A | CAP_C, NULL, NULL, NULL);
    CU_ASSERT_STRING_EQUAL(ch.kernel[SIMD_ALG_CHACHA20]->name, "portable");
    CU_ASSERT_STRING_EQUAL(ch.level, "base");
    CU_ASSERT_EQUAL(reports, 0);
}

static void test_level_lowers(void)
{
    simd_choice ch = choose(CAP_A | CAP_B | CAP_C, "mid", NULL, NULL);

    CU_ASSERT_STRING_EQUAL(ch.kernel[SIMD_ALG_CHACHA20]->name, "mid");
    CU_ASSERT_STRING_EQUAL(ch.level, "mid");
    ch = choose(CAP_A | CAP_B | CAP_C, "PORTABLE", NULL, NULL);
    CU_ASSERT_STRING_EQUAL(ch.kernel[SIMD_ALG_CHACHA20]->name, "portable");
    CU_ASSERT_STRING_EQUAL(ch.kernel[SIMD_ALG_MD5]->name, "portable");
    CU_ASSERT_EQUAL(ch.allowed_caps, 0);
    CU_ASSERT_EQUAL(reports, 0);
}

static void test_level_never_raises(void)
{
    simd_choice ch = choose(CAP_A, "top", NULL, NULL);

    CU_ASSERT_STRING_EQUAL(ch.kernel[SIMD_ALG_CHACHA20]->name, "portable");
    CU_ASSERT_STRING_EQUAL(ch.kernel[SIMD_ALG_MD5]->name, "scalar");
    CU_ASSERT_STRING_EQUAL(ch.level, "base");
    CU_ASSERT_EQUAL(ch.allowed_caps, CAP_A);
    CU_ASSERT_EQUAL(reports, 0);
}

static void test_unknown_level_ignored(void)
{
    simd_choice ch = choose(CAP_A | CAP_B | CAP_C, "turbo", NULL, NULL);

    CU_ASSERT_EQUAL(reports, 1);
    CU_ASSERT_EQUAL(last_problem, SIMD_SELECT_UNKNOWN_LEVEL);
    CU_ASSERT_STRING_EQUAL(ch.kernel[SIMD_ALG_CHACHA20]->name, "fast");
    ch = choose(CAP_A | CAP_B | CAP_C, "", NULL, NULL);
    CU_ASSERT_EQUAL(reports, 0); /* empty means unset */
    CU_ASSERT_STRING_EQUAL(ch.kernel[SIMD_ALG_CHACHA20]->name, "fast");
}

static void test_forced_kernel(void)
{
    simd_choice ch = choose(CAP_A | CAP_B | CAP_C, NULL, "mid", "portable");

    CU_ASSERT_STRING_EQUAL(ch.kernel[SIMD_ALG_CHACHA20]->name, "mid");
    CU_ASSERT_STRING_EQUAL(ch.kernel[SIMD_ALG_MD5]->name, "portable");
    CU_ASSERT_EQUAL(reports, 0);
}

static void test_forced_kernel_not_runnable(void)
{
    simd_choice ch = choose(CAP_A | CAP_B, NULL, "fast", NULL);

    CU_ASSERT_EQUAL(reports, 1);
    CU_ASSERT_EQUAL(last_problem, SIMD_SELECT_KERNEL_NOT_RUNNABLE);
    CU_ASSERT_STRING_EQUAL(ch.kernel[SIMD_ALG_CHACHA20]->name, "mid");
    /* Nor above the level, even on a CPU that has it. */
    ch = choose(CAP_A | CAP_B | CAP_C, "base", "mid", NULL);
    CU_ASSERT_EQUAL(reports, 1);
    CU_ASSERT_STRING_EQUAL(ch.kernel[SIMD_ALG_CHACHA20]->name, "portable");
}

static void test_forced_kernel_unknown(void)
{
    simd_choice ch = choose(CAP_A | CAP_B | CAP_C, NULL, NULL, "sha1");

    CU_ASSERT_EQUAL(reports, 1);
    CU_ASSERT_EQUAL(last_problem, SIMD_SELECT_UNKNOWN_KERNEL);
    CU_ASSERT_STRING_EQUAL(ch.kernel[SIMD_ALG_MD5]->name, "scalar");
}

static void test_caps_string(void)
{
    char buf[64];

    simd_caps_string(SIMD_CAP_ASM | SIMD_CAP_X86_AVX2, buf, sizeof(buf));
    CU_ASSERT_STRING_EQUAL(buf, "asm avx2");
    simd_caps_string(0, buf, sizeof(buf));
    CU_ASSERT_STRING_EQUAL(buf, "");
    simd_caps_string(0x7ffff, buf, 8); /* truncates whole names only */
    CU_ASSERT_STRING_EQUAL(buf, "asm");
}

#if defined(__x86_64__)
/* libgcc's detection also checks XCR0: an independent second opinion. */
static void test_x86_probe_matches_compiler(void)
{
    uint32_t caps = simd_arch_this.probe();

    __builtin_cpu_init();
    CU_ASSERT(caps & SIMD_CAP_ASM);
    CU_ASSERT_EQUAL(!!(caps & SIMD_CAP_X86_SSSE3),
                    !!__builtin_cpu_supports("ssse3"));
    CU_ASSERT_EQUAL(!!(caps & SIMD_CAP_X86_AVX2),
                    !!__builtin_cpu_supports("avx2"));
    CU_ASSERT_EQUAL(!!(caps & SIMD_CAP_X86_BMI1),
                    !!__builtin_cpu_supports("bmi"));
    CU_ASSERT_EQUAL(!!(caps & SIMD_CAP_X86_BMI2),
                    !!__builtin_cpu_supports("bmi2"));
    CU_ASSERT_EQUAL(!!(caps & SIMD_CAP_X86_AVX512F),
                    !!__builtin_cpu_supports("avx512f"));
    CU_ASSERT_EQUAL(!!(caps & SIMD_CAP_X86_AVX512VL),
                    !!__builtin_cpu_supports("avx512vl"));
    CU_ASSERT_EQUAL(!!(caps & SIMD_CAP_X86_AVX512BW),
                    !!__builtin_cpu_supports("avx512bw"));
#ifdef HAVE_VALGRIND_H
    /* valgrind emulates no AVX-512 and says so in CPUID and XCR0. */
    if (RUNNING_ON_VALGRIND) {
        CU_ASSERT_EQUAL(caps & SIMD_CAP_X86_AVX512F, 0);
        CU_ASSERT(caps & SIMD_CAP_X86_AVX2);
    }
#endif
}
#endif

int main(void)
{
    static const tu_test tests[] = {
        {"best runnable kernel wins", test_best_runnable},
        {"level lowers the choice", test_level_lowers},
        {"level never raises past the CPU", test_level_never_raises},
        {"unknown level is reported and ignored", test_unknown_level_ignored},
        {"forced kernel is taken", test_forced_kernel},
        {"forced kernel beyond CPU or level is refused",
         test_forced_kernel_not_runnable},
        {"unknown forced kernel is reported", test_forced_kernel_unknown},
        {"capability names", test_caps_string},
#if defined(__x86_64__)
        {"x86_64 probe agrees with libgcc", test_x86_probe_matches_compiler},
#endif
        {NULL, NULL},
    };

    return tu_main("select", tests);
}
