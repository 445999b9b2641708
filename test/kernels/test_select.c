/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Kernel selection and the override, on a made-up architecture (so every
 * rule is tested whatever this CPU has), plus the real probe checked against
 * the compiler's own CPU detection.
 */
#include <stdio.h>
#include <string.h>

#include "../../asm/arch.h"
#include "../../asm/select.h"
#include "testutil.h"

#if defined(__x86_64__)
#include "../../asm/x86_64/x86_probe.h"
#endif

#if defined(__x86_64__) && __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define HAVE_VALGRIND_H 1
#endif

#define CAP_A SIMD_CAP_ASM
/* Above every real capability bit, so no real name or rule can match. */
#define CAP_B (1u << 28)
#define CAP_C (1u << 29)
#define CAP_T (1u << 30) /* a trait: "fast" avoids it */

/* Stand-ins: selection looks at names and needs, never runs a kernel. */
static void k_stub(uint8_t *o, const uint8_t *i, size_t l, const uint32_t *k,
                   const uint32_t *c)
{
    (void)o, (void)i, (void)l, (void)k, (void)c;
}
static void m_asm(uint32_t *s, const uint8_t *i, size_t n)
{
    (void)s, (void)i, (void)n;
}
static void p_stub(simd_poly1305 *st, const uint8_t *i, size_t l, uint32_t pb)
{
    (void)st, (void)i, (void)l, (void)pb;
}

static const simd_level fake_levels[] = {
    {"portable", 0},
    {"base", CAP_A},
    {"mid", CAP_B},
    {"top", CAP_C},
};
/* "named" comes first but is by name only, so it never wins by default. */
static const simd_kernel_row fake_chacha20[] = {
    SIMD_KERNEL_BY_NAME(chacha20, "named", CAP_A, k_stub),
    SIMD_KERNEL_AVOID(chacha20, "fast", CAP_A | CAP_B | CAP_C, k_stub, CAP_T),
    SIMD_KERNEL(chacha20, "mid", CAP_A | CAP_B, k_stub),
    SIMD_KERNEL(chacha20, "portable", 0, chacha20_xor_portable),
};
static const simd_rule fake_rules[] = {{CAP_T, "t: fast not by default"}};
/* MD5 from 3.5 on where the CPU has B and simd runs "scalar"; POLY1305 on
 * 4.0 alone where the CPU has C but not the trait T, whatever kernel simd
 * runs. */
static const simd_step_aside fake_steps_aside[] = {
    {SIMD_ALG_MD5, 305, 0, CAP_B, 0, "scalar", "md5 row"},
    {SIMD_ALG_POLY1305, 400, 400, CAP_C, CAP_T, NULL, "poly row"},
};
static const simd_kernel_row fake_md5[] = {
    SIMD_KERNEL(md5, "scalar", CAP_A, m_asm),
    SIMD_KERNEL(md5, "portable", 0, md5_blocks_portable),
};
/* Needs C but not B: the levels are cumulative, so it comes only with "top". */
static const simd_kernel_row fake_poly1305[] = {
    SIMD_KERNEL(poly1305, "wide", CAP_A | CAP_C, p_stub),
    SIMD_KERNEL(poly1305, "portable", 0, poly1305_blocks_portable),
};
static const simd_kernel_row fake_chacha20_poly1305[] = {
    SIMD_KERNEL(chacha20_poly1305, "portable", 0, chacha20_poly1305_portable),
};
static const simd_arch fake = {
    .name = "fake",
    .levels = fake_levels,
    .nlevels = SIMD_COUNT(fake_levels),
    .tables = {[SIMD_ALG_CHACHA20] = SIMD_TABLE(fake_chacha20),
               [SIMD_ALG_MD5] = SIMD_TABLE(fake_md5),
               [SIMD_ALG_POLY1305] = SIMD_TABLE(fake_poly1305),
               [SIMD_ALG_CHACHA20_POLY1305] =
                   SIMD_TABLE(fake_chacha20_poly1305)},
    .rules = fake_rules,
    .nrules = SIMD_COUNT(fake_rules),
    .steps_aside = fake_steps_aside,
    .nsteps_aside = SIMD_COUNT(fake_steps_aside),
};

/* What the selection reported: how many problems, and the last one. */
static int reports;
static simd_select_problem last_problem;

static void count_report(void *arg, simd_select_problem p, const char *what,
                         const char *value)
{
    (void)arg, (void)what, (void)value;
    reports++;
    last_problem = p;
}

#define ABC (CAP_A | CAP_B | CAP_C)

/* One selection on the fake architecture and what it must give. */
typedef struct {
    const char *rule;
    uint32_t caps;                    /* the CPU */
    const char *level;                /* override: level cap */
    const char *force[SIMD_NALGS];    /* override: kernels */
    const char *want[SIMD_NALGS];     /* chosen kernels */
    const char *want_level;
    uint32_t want_allowed;
    int want_reports;
    simd_select_problem want_problem; /* when want_reports is 1 */
} select_case;

static const select_case cases[] = {
    {"best runnable kernel wins", ABC, NULL, {NULL, NULL},
     {"fast", "scalar", "wide"}, "top", ABC, 0, 0},
    {"best runnable kernel wins", CAP_A | CAP_B, NULL, {NULL, NULL},
     {"mid", "scalar", "portable"}, "mid", CAP_A | CAP_B, 0, 0},
    {"best runnable kernel wins", 0, NULL, {NULL, NULL},
     {"portable", "portable", "portable"}, "portable", 0, 0, 0},
    /* A CPU with C but not B gets neither kernel that needs B, but the one
     * that needs only C: a kernel goes by its needs, not the level's name. */
    {"best runnable kernel wins", CAP_A | CAP_C, NULL, {NULL, NULL},
     {"portable", "scalar", "wide"}, "base", CAP_A | CAP_C, 0, 0},
    {"level lowers the choice", ABC, "mid", {NULL, NULL},
     {"mid", "scalar", "portable"}, "mid", CAP_A | CAP_B, 0, 0},
    {"level lowers the choice", ABC, "PORTABLE", {NULL, NULL},
     {"portable", "portable", "portable"}, "portable", 0, 0, 0},
    {"level never raises past the CPU", CAP_A, "top", {NULL, NULL},
     {"portable", "scalar", "portable"}, "base", CAP_A, 0, 0},
    {"unknown level is reported and ignored", ABC, "turbo", {NULL, NULL},
     {"fast", "scalar", "wide"}, "top", ABC, 1, SIMD_SELECT_UNKNOWN_LEVEL},
    {"empty level means unset", ABC, "", {NULL, NULL},
     {"fast", "scalar", "wide"}, "top", ABC, 0, 0},
    {"forced kernel is taken", ABC, NULL, {"mid", "portable", "portable"},
     {"mid", "portable", "portable"}, "top", ABC, 0, 0},
    {"forced kernel beyond the CPU is refused", CAP_A | CAP_B, NULL,
     {"fast", NULL}, {"mid", "scalar", "portable"}, "mid", CAP_A | CAP_B, 1,
     SIMD_SELECT_KERNEL_NOT_RUNNABLE},
    /* Nor above the level, even on a CPU that has it. */
    {"forced kernel beyond the level is refused", ABC, "base", {"mid", NULL},
     {"portable", "scalar", "portable"}, "base", CAP_A, 1,
     SIMD_SELECT_KERNEL_NOT_RUNNABLE},
    {"forced kernel beyond the CPU is refused", CAP_A | CAP_B, NULL,
     {NULL, NULL, "wide"}, {"mid", "scalar", "portable"}, "mid",
     CAP_A | CAP_B, 1, SIMD_SELECT_KERNEL_NOT_RUNNABLE},
    {"unknown forced kernel is reported", ABC, NULL, {NULL, "sha1"},
     {"fast", "scalar", "wide"}, "top", ABC, 1, SIMD_SELECT_UNKNOWN_KERNEL},
    /* By-name rows: never by default, taken when named. */
    {"by-name row is taken when named", ABC, NULL, {"NAMED", NULL},
     {"named", "scalar", "wide"}, "top", ABC, 0, 0},
    {"by-name row is taken when named", CAP_A, "base", {"named", NULL},
     {"named", "scalar", "portable"}, "base", CAP_A, 0, 0},
    {"by-name row beyond the level is refused", ABC, "portable",
     {"named", NULL}, {"portable", "portable", "portable"}, "portable", 0, 1,
     SIMD_SELECT_KERNEL_NOT_RUNNABLE},
    /* A trait: rows avoiding it are passed over, but forcible. */
    {"a row avoiding a trait is passed over", ABC | CAP_T, NULL,
     {NULL, NULL}, {"mid", "scalar", "wide"}, "top", ABC | CAP_T, 0, 0},
    {"a level keeps the traits", ABC | CAP_T, "top", {NULL, NULL},
     {"mid", "scalar", "wide"}, "top", ABC | CAP_T, 0, 0},
    {"a level keeps the traits", ABC | CAP_T, "portable", {NULL, NULL},
     {"portable", "portable", "portable"}, "portable", CAP_T, 0, 0},
    {"a row avoiding a trait is forcible", ABC | CAP_T, NULL,
     {"fast", NULL}, {"fast", "scalar", "wide"}, "top", ABC | CAP_T, 0, 0},
};

/* Every case: the chosen kernels, level and allowed capabilities, and the
 * problems reported. A failing case is named on stderr. */
static void test_selection_rules(void)
{
    for (size_t i = 0; i < SIMD_COUNT(cases); i++) {
        const select_case *c = &cases[i];
        simd_override ov = {c->level, {NULL}};
        unsigned int failures = CU_get_number_of_failures();
        simd_choice ch;

        for (unsigned alg = 0; alg < SIMD_NALGS; alg++)
            ov.kernel[alg] = c->force[alg];
        reports = 0;
        simd_select(&fake, c->caps, &ov, &ch, count_report, NULL);
        /* A case names no kernel for an algorithm whose fake table is
         * its portable row alone (ChaCha20-Poly1305). */
        for (unsigned alg = 0; alg < SIMD_NALGS; alg++)
            CU_ASSERT_STRING_EQUAL(ch.kernel[alg]->name,
                                   c->want[alg] ? c->want[alg] : "portable");
        CU_ASSERT_STRING_EQUAL(ch.level, c->want_level);
        CU_ASSERT_EQUAL(ch.allowed_caps, c->want_allowed);
        CU_ASSERT_EQUAL(reports, c->want_reports);
        if (c->want_reports == 1)
            CU_ASSERT_EQUAL(last_problem, c->want_problem);
        if (CU_get_number_of_failures() != failures)
            fprintf(stderr, "\n  case %zu (%s): level %s, allowed %#x, "
                    "%d reports\n", i, c->rule, ch.level,
                    (unsigned)ch.allowed_caps, reports);
    }
}

#define MD5_BIT (1u << SIMD_ALG_MD5)
#define POLY_BIT (1u << SIMD_ALG_POLY1305)

/* One step-aside question on the fake architecture. */
typedef struct {
    uint32_t caps;
    const char *level;
    const char *force_md5;
    unsigned release;
    uint32_t want;
    const char *want_note;
} aside_case;

static const aside_case aside_cases[] = {
    {ABC, NULL, NULL, 300, 0, "none"},
    {ABC, NULL, NULL, 304, 0, "none"},
    {ABC, NULL, NULL, 305, MD5_BIT, "MD5 (md5 row)"},
    {ABC, NULL, NULL, 306, MD5_BIT, "MD5 (md5 row)"},
    {ABC, NULL, NULL, 400, MD5_BIT | POLY_BIT,
     "MD5 (md5 row); Poly1305 (poly row)"},
    {ABC, NULL, NULL, 401, MD5_BIT, "MD5 (md5 row)"},
    /* The row's CPU capability missing: the default has no faster path. */
    {CAP_A | CAP_C, NULL, NULL, 400, POLY_BIT, "Poly1305 (poly row)"},
    {CAP_A | CAP_B, NULL, NULL, 400, MD5_BIT, "MD5 (md5 row)"},
    /* The trait the row is without: no faster path there. */
    {ABC | CAP_T, NULL, NULL, 400, MD5_BIT, "MD5 (md5 row)"},
    /* A level cap keeps the CPU's capabilities: the default still runs its
     * path; the row's kernel list decides (portable is not "scalar"). */
    {ABC, "portable", NULL, 400, POLY_BIT, "Poly1305 (poly row)"},
    {ABC, "base", NULL, 306, MD5_BIT, "MD5 (md5 row)"},
    /* A kernel the override names is served. */
    {ABC, NULL, "scalar", 306, 0, "none"},
    {ABC, NULL, "SCALAR", 400, POLY_BIT, "Poly1305 (poly row)"},
    /* A named kernel that is refused does not count as named. */
    {CAP_A | CAP_B, "portable", "scalar", 306, 0, "none"},
};

static void test_steps_aside(void)
{
    for (size_t i = 0; i < SIMD_COUNT(aside_cases); i++) {
        const aside_case *c = &aside_cases[i];
        simd_override ov = {c->level, {NULL}};
        unsigned int failures = CU_get_number_of_failures();
        simd_choice ch;
        char note[128];
        uint32_t got;

        ov.kernel[SIMD_ALG_MD5] = c->force_md5;
        simd_select(&fake, c->caps, &ov, &ch, count_report, NULL);
        got = simd_steps_aside(&fake, &ch, &ov, c->release, note,
                               sizeof(note));
        CU_ASSERT_EQUAL(got, c->want);
        CU_ASSERT_STRING_EQUAL(note, c->want_note);
        CU_ASSERT_EQUAL(simd_steps_aside(&fake, &ch, &ov, c->release, NULL, 0),
                        c->want);
        if (CU_get_number_of_failures() != failures)
            fprintf(stderr, "\n  step-aside case %zu: got %#x \"%s\"\n", i,
                    (unsigned)got, note);
    }
}

/*
 * The real architecture's rows are sound: each names an algorithm, a
 * release range and a reason, each kernel it lists is in that algorithm's
 * table, and it applies at its first and last release, not just outside,
 * for a CPU with its capabilities running each listed kernel.
 */
static void test_real_steps_aside(void)
{
    const simd_arch *a = &simd_arch_this;

    for (size_t i = 0; i < a->nsteps_aside; i++) {
        const simd_step_aside *r = &a->steps_aside[i];
        const simd_table *t;

        CU_ASSERT_FATAL((unsigned)r->alg < SIMD_NALGS);
        CU_ASSERT(r->from >= 300 && (r->to == 0 || r->to >= r->from));
        CU_ASSERT(r->why != NULL && strlen(r->why) > 20);
        t = &a->tables[r->alg];
        for (size_t k = 0; k < t->n; k++) {
            const simd_kernel_row *kr = &t->kernels[k];
            simd_choice ch = {0};
            const unsigned probe[] = {r->from, r->to ? r->to : 999,
                                      r->from - 1, r->to ? r->to + 1 : 0};
            int listed = r->kernels == NULL;
            size_t w;

            for (const char *p = simd_list_next(r->kernels, &w); p != NULL;
                 p = simd_list_next(p + w, &w))
                listed |= w == strlen(kr->name) &&
                          strncmp(p, kr->name, w) == 0;
            ch.cpu_caps = ch.allowed_caps = (r->cpu | kr->needs) & ~r->without;
            ch.kernel[r->alg] = kr;
            for (int j = 0; j < 4; j++) {
                uint32_t got;

                if (probe[j] == 0)
                    continue;
                got = simd_steps_aside(a, &ch, NULL, probe[j], NULL, 0);
                CU_ASSERT_EQUAL(!!(got & (1u << r->alg)), listed && j < 2);
            }
        }
        /* Every listed name is a kernel of the table. */
        size_t w;

        for (const char *p = simd_list_next(r->kernels, &w); p != NULL;
             p = simd_list_next(p + w, &w)) {
            char name[32];

            snprintf(name, sizeof(name), "%.*s", (int)w, p);
            if (simd_find(t, name) == NULL)
                fprintf(stderr, "\n  step-aside row %zu: no %s kernel \"%s\"\n",
                        i, simd_alg_name(r->alg), name);
            CU_ASSERT_PTR_NOT_NULL(simd_find(t, name));
        }
    }
}

static void test_rules_string(void)
{
    char buf[64];

    simd_rules_string(&fake, ABC | CAP_T, buf, sizeof(buf));
    CU_ASSERT_STRING_EQUAL(buf, "t: fast not by default");
    simd_rules_string(&fake, ABC, buf, sizeof(buf));
    CU_ASSERT_STRING_EQUAL(buf, "none");
    CU_ASSERT_EQUAL(simd_traits(&fake), CAP_T);
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
/* Made-up CPUs for the x86_64 probe's mapping: leaf 1 and 7 bits as the SDM
 * numbers them, XCR0 with or without the ZMM state. */
#define LEAF1_ECX_AVX_OS ((1u << 9) | (1u << 27) | (1u << 28)) /* ssse3 osxsave avx */
#define LEAF7_EBX_AVX512 ((1u << 3) | (1u << 5) | (1u << 8) | (1u << 16) | \
                          (1u << 30) | (1u << 31)) /* bmi1 avx2 bmi2 f bw vl */
#define LEAF7_EBX_IFMA (1u << 21)
#define XCR0_YMM_ONLY 0x07u
#define XCR0_ZMM 0xe7u

static simd_x86_cpuid fake_cpu(const char *vendor, uint32_t leaf1_eax,
                               uint32_t xcr0)
{
    simd_x86_cpuid id = {0x16, "", leaf1_eax, LEAF1_ECX_AVX_OS,
                         LEAF7_EBX_AVX512, xcr0};

    snprintf(id.vendor, sizeof(id.vendor), "%s", vendor);
    return id;
}

/* The default ChaCha20 kernel for these caps, and (when `force` is set)
 * whether forcing it is taken without a report. */
static const char *x86_choice(uint32_t caps, const char *force)
{
    simd_override ov = {NULL, {NULL}};
    simd_choice ch;

    ov.kernel[SIMD_ALG_CHACHA20] = force;
    reports = 0;
    simd_select(&simd_arch_this, caps, &ov, &ch, count_report, NULL);
    CU_ASSERT_EQUAL(reports, 0);
    return ch.kernel[SIMD_ALG_CHACHA20]->name;
}

/* Skylake-SP/Cascade Lake (Intel family 6 model 0x55): AVX-512 is probed,
 * but the zmm kernel is not the default; it stays forcible, and no other
 * CPU is touched by the rule. */
static void test_x86_skylake_avx512_rule(void)
{
    /* family 6, model 0x55 (extended 5, base 5), stepping 4 and 7 */
    const uint32_t skx = 0x00050654, clx = 0x00050657, icx = 0x000606a6;
    const uint32_t zen5 = 0x00b00f20; /* family 0xf + 0x0b, model 2 */
    simd_x86_cpuid id = fake_cpu("GenuineIntel", skx, XCR0_ZMM);
    uint32_t caps = simd_x86_caps(&id);
    char rules[256];

    CU_ASSERT(caps & SIMD_CAP_X86_ZMM_DOWNCLOCK);
    CU_ASSERT(caps & SIMD_CAP_X86_AVX512F);
    CU_ASSERT_STRING_EQUAL(x86_choice(caps, NULL), "avx2");
    CU_ASSERT_STRING_EQUAL(x86_choice(caps, "avx512"), "avx512");
    simd_rules_string(&simd_arch_this, caps, rules, sizeof(rules));
    CU_ASSERT(strstr(rules, "skylake-avx512") != NULL);

    id = fake_cpu("GenuineIntel", clx, XCR0_ZMM);
    CU_ASSERT_STRING_EQUAL(x86_choice(simd_x86_caps(&id), NULL), "avx2");
    /* Without the OS's ZMM state there is no AVX-512 to avoid. */
    id = fake_cpu("GenuineIntel", skx, XCR0_YMM_ONLY);
    caps = simd_x86_caps(&id);
    CU_ASSERT_EQUAL(caps & SIMD_CAP_X86_AVX512F, 0);
    CU_ASSERT_STRING_EQUAL(x86_choice(caps, NULL), "avx2");

    /* Other AVX-512 CPUs, and the same signature from another vendor. */
    id = fake_cpu("GenuineIntel", icx, XCR0_ZMM);
    caps = simd_x86_caps(&id);
    CU_ASSERT_EQUAL(caps & SIMD_CAP_X86_ZMM_DOWNCLOCK, 0);
    CU_ASSERT_STRING_EQUAL(x86_choice(caps, NULL), "avx512");
    id = fake_cpu("AuthenticAMD", zen5, XCR0_ZMM);
    CU_ASSERT_STRING_EQUAL(x86_choice(simd_x86_caps(&id), NULL), "avx512");
    id = fake_cpu("AuthenticAMD", skx, XCR0_ZMM);
    CU_ASSERT_STRING_EQUAL(x86_choice(simd_x86_caps(&id), NULL), "avx512");
    simd_rules_string(&simd_arch_this, simd_x86_caps(&id), rules,
                      sizeof(rules));
    CU_ASSERT_STRING_EQUAL(rules, "none");
}

/* AVX512IFMA on real CPUs' leaf 7 (the SDM's bit 21): Skylake-SP has none,
 * Ice Lake-SP and Zen 4/5 have it. IFMA needs AVX512F and the OS's zmm
 * state. It comes with the avx512 level. (No kernel uses ADX, bit 19: the
 * scalar Poly1305 kernels have no second carry chain for it, so the probe
 * does not read it.) */
static void test_x86_ifma(void)
{
    static const struct {
        const char *name, *vendor;
        uint32_t leaf1_eax, extra;
        int has_ifma;
    } cpus[] = {
        {"Skylake-SP", "GenuineIntel", 0x00050654, 0, 0},
        {"Ice Lake-SP", "GenuineIntel", 0x000606a6, LEAF7_EBX_IFMA, 1},
        {"Zen 4", "AuthenticAMD", 0x00a10f11, LEAF7_EBX_IFMA, 1},
        {"Zen 5", "AuthenticAMD", 0x00b00f20, LEAF7_EBX_IFMA, 1},
    };
    const simd_arch *a = &simd_arch_this;
    simd_x86_cpuid id;
    uint32_t caps;

    for (size_t i = 0; i < SIMD_COUNT(cpus); i++) {
        id = fake_cpu(cpus[i].vendor, cpus[i].leaf1_eax, XCR0_ZMM);
        id.leaf7_ebx |= cpus[i].extra;
        caps = simd_x86_caps(&id);
        if (!!(caps & SIMD_CAP_X86_AVX512IFMA) != cpus[i].has_ifma)
            fprintf(stderr, "\n  %s: caps %#x\n", cpus[i].name,
                    (unsigned)caps);
        CU_ASSERT_EQUAL(!!(caps & SIMD_CAP_X86_AVX512IFMA), cpus[i].has_ifma);
        /* The OS without zmm state: IFMA goes with AVX512F. */
        id.xcr0 = XCR0_YMM_ONLY;
        caps = simd_x86_caps(&id);
        CU_ASSERT_EQUAL(caps & (SIMD_CAP_X86_AVX512F | SIMD_CAP_X86_AVX512IFMA),
                        0);
    }
    /* An IFMA bit without AVX512F (no real CPU; a broken hypervisor) is not
     * believed; and it is not invented when CPUID lacks it. */
    id = fake_cpu("GenuineIntel", 0x000606a6, XCR0_ZMM);
    id.leaf7_ebx = (id.leaf7_ebx & ~(uint32_t)(1u << 16)) | LEAF7_EBX_IFMA;
    CU_ASSERT_EQUAL(simd_x86_caps(&id) & SIMD_CAP_X86_AVX512IFMA, 0);
    id = fake_cpu("GenuineIntel", 0x000606a6, XCR0_ZMM);
    CU_ASSERT_EQUAL(simd_x86_caps(&id) & SIMD_CAP_X86_AVX512IFMA, 0);
    id.leaf7_ebx |= LEAF7_EBX_IFMA;
    id.max_leaf = 6; /* leaf 7 not there: its bits are not read */
    CU_ASSERT_EQUAL(simd_x86_caps(&id) & SIMD_CAP_X86_AVX512IFMA, 0);

    for (size_t i = 0; i < a->nlevels; i++) {
        uint32_t lc = simd_level_caps(a, i);
        int avx2 = strcmp(a->levels[i].name, "avx2") == 0;
        int avx512 = strcmp(a->levels[i].name, "avx512") == 0;

        if (avx2)
            CU_ASSERT_EQUAL(lc & SIMD_CAP_X86_AVX512IFMA, 0);
        if (avx512)
            CU_ASSERT(lc & SIMD_CAP_X86_AVX512IFMA);
    }
}

/* The by-name rows of the real table: the hybrids and MD5's avx512vl are
 * never the default, whatever the CPU has, and each is taken when named. */
static void test_x86_by_name_rows(void)
{
    simd_x86_cpuid id = fake_cpu("GenuineIntel", 0x000606a6, XCR0_ZMM);
    uint32_t caps = simd_x86_caps(&id);

    for (unsigned alg = 0; alg < SIMD_NALGS; alg++) {
        const simd_table *t = &simd_arch_this.tables[alg];

        for (size_t i = 0; i < t->n; i++) {
            const simd_kernel_row *k = &t->kernels[i];

            if (!k->by_name)
                continue;
            CU_ASSERT_PTR_NOT_EQUAL(simd_best(t, caps), k);
            CU_ASSERT_PTR_NOT_EQUAL(simd_best(t, k->needs), k);
        }
    }
    CU_ASSERT_STRING_EQUAL(x86_choice(caps, "avx2_hybrid"), "avx2_hybrid");
    CU_ASSERT_STRING_EQUAL(x86_choice(caps, "ssse3_hybrid"), "ssse3_hybrid");
    CU_ASSERT(simd_find(&simd_arch_this.tables[SIMD_ALG_MD5], "avx512vl")
                  ->by_name);
}

/* libgcc's detection also checks XCR0: an independent second opinion. */
static void test_x86_probe_matches_compiler(void)
{
    uint32_t caps = simd_arch_this.probe();

    __builtin_cpu_init();
    /* Not a static table: __builtin_cpu_supports is evaluated at run time,
     * and takes only a literal name (libgcc's: "bmi" is BMI1). */
    const struct {
        uint32_t cap;
        int libgcc;
        const char *name;
    } features[] = {
#define LIBGCC_FEATURE(cap, name) {cap, __builtin_cpu_supports(name), name}
        LIBGCC_FEATURE(SIMD_CAP_X86_SSSE3, "ssse3"),
        LIBGCC_FEATURE(SIMD_CAP_X86_AVX2, "avx2"),
        LIBGCC_FEATURE(SIMD_CAP_X86_BMI1, "bmi"),
        LIBGCC_FEATURE(SIMD_CAP_X86_BMI2, "bmi2"),
        LIBGCC_FEATURE(SIMD_CAP_X86_AVX512F, "avx512f"),
        LIBGCC_FEATURE(SIMD_CAP_X86_AVX512VL, "avx512vl"),
        LIBGCC_FEATURE(SIMD_CAP_X86_AVX512BW, "avx512bw"),
        LIBGCC_FEATURE(SIMD_CAP_X86_AVX512IFMA, "avx512ifma"),
#ifndef __clang__ /* clang 14 does not know the name */
#endif
#undef LIBGCC_FEATURE
    };

    CU_ASSERT(caps & SIMD_CAP_ASM);
    for (size_t i = 0; i < SIMD_COUNT(features); i++) {
        int ours = (caps & features[i].cap) != 0;

        if (ours != !!features[i].libgcc)
            fprintf(stderr, "\n  %s: probe says %d, libgcc %d\n",
                    features[i].name, ours, !!features[i].libgcc);
        CU_ASSERT_EQUAL(ours, !!features[i].libgcc);
    }
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
        {"selection rules, fake architecture", test_selection_rules},
        {"capability names", test_caps_string},
        {"rule names", test_rules_string},
        {"step-aside rows, fake architecture", test_steps_aside},
        {"step-aside rows of this architecture", test_real_steps_aside},
#if defined(__x86_64__)
        {"x86_64 skylake-avx512 rule, fake CPUID",
         test_x86_skylake_avx512_rule},
        {"x86_64 AVX512IFMA, fake CPUID", test_x86_ifma},
        {"x86_64 by-name rows", test_x86_by_name_rows},
        {"x86_64 probe agrees with libgcc", test_x86_probe_matches_compiler},
#endif
        {NULL, NULL},
    };

    return tu_main("select", tests);
}
