/*
 * ABI checks for the x86_64 MD5 kernels: each kernel this CPU can run is
 * called through md5_abi_call (test/abi_check_md5_x86_64.S), which fills the
 * callee-saved registers with canaries and reports what the kernel left in
 * them, the stack pointer delta, the direction flag and dirty upper YMM/ZMM
 * state. The kernel's result must also still match md5_blocks_portable.
 * Each deliberately broken kernel (md5_abi_bad_*) must be caught, so the
 * checker itself is shown to work on every run.
 */
#include <cpuid.h>
#include <stdio.h>
#include <string.h>

#include <CUnit/Basic.h>

#include "../asm/kernels.h"
#include "../asm/x86_64/md5_x86_64.h"

#define MD5_ABI_NREPORT 9

void md5_abi_call(simd_md5_fn fn, uint32_t state[4], const uint8_t *in,
                  size_t nblocks, uint64_t report[MD5_ABI_NREPORT],
                  int check_xinuse);
extern const uint64_t md5_abi_canary[6];
void md5_abi_bad_rbx(uint32_t *, const uint8_t *, size_t);
void md5_abi_bad_rbp(uint32_t *, const uint8_t *, size_t);
void md5_abi_bad_r12(uint32_t *, const uint8_t *, size_t);
void md5_abi_bad_r13(uint32_t *, const uint8_t *, size_t);
void md5_abi_bad_r14(uint32_t *, const uint8_t *, size_t);
void md5_abi_bad_r15(uint32_t *, const uint8_t *, size_t);
void md5_abi_bad_df(uint32_t *, const uint8_t *, size_t);
void md5_abi_bad_ymm(uint32_t *, const uint8_t *, size_t);

static const char *const regname[6] = {"rbx", "rbp", "r12",
                                       "r13", "r14", "r15"};

/* XGETBV with ecx=1 exists only if CPUID.(0Dh,1):EAX[2]. */
static int have_xinuse(void)
{
    unsigned int a, b, c, d;

    if (__get_cpuid_max(0, NULL) < 0xd)
        return 0;
    __cpuid(1, a, b, c, d);
    if (!(c & bit_OSXSAVE))
        return 0;
    __cpuid_count(0xd, 1, a, b, c, d);
    return (a >> 2) & 1;
}

/* Returns a description of the first ABI violation, or NULL. */
static const char *abi_violation(simd_md5_fn fn, uint32_t st[4],
                                 const uint8_t *in, size_t nblocks)
{
    static char why[64];
    uint64_t rep[MD5_ABI_NREPORT];

    memset(rep, 0xa5, sizeof(rep));
    md5_abi_call(fn, st, in, nblocks, rep, have_xinuse());
    for (int i = 0; i < 6; i++) {
        if (rep[i] != md5_abi_canary[i]) {
            snprintf(why, sizeof(why), "%s clobbered", regname[i]);
            return why;
        }
    }
    if (rep[6] != 0)
        return "rsp moved";
    if (rep[7] != 0)
        return "DF left set";
    if (rep[8] != 0)
        return "upper YMM/ZMM state left dirty";
    return NULL;
}

typedef struct {
    const char *name;
    simd_md5_fn fn;
    int usable;
} kernel;

static kernel kernels[3];

static void test_kernels_preserve_abi(void)
{
    static uint8_t in[64 * 5];

    for (size_t i = 0; i < sizeof(in); i++)
        in[i] = (uint8_t)(i * 7 + 3);
    for (int k = 0; k < 3; k++) {
        if (!kernels[k].usable) {
            printf("\n  (skip %s: CPU lacks it) ", kernels[k].name);
            continue;
        }
        for (size_t nb = 0; nb <= 5; nb++) {
            uint32_t st[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
            uint32_t ref[4];
            const char *why;

            memcpy(ref, st, sizeof(ref));
            md5_blocks_portable(ref, in, nb);
            why = abi_violation(kernels[k].fn, st, in, nb);
            if (why)
                printf("\n  %s, %zu blocks: %s", kernels[k].name, nb, why);
            CU_ASSERT_PTR_NULL(why);
            CU_ASSERT(memcmp(st, ref, sizeof(ref)) == 0);
        }
    }
}

static void test_checker_catches_breakage(void)
{
    static const struct {
        simd_md5_fn fn;
        const char *want;
    } bad[] = {
        {md5_abi_bad_rbx, "rbx clobbered"},
        {md5_abi_bad_rbp, "rbp clobbered"},
        {md5_abi_bad_r12, "r12 clobbered"},
        {md5_abi_bad_r13, "r13 clobbered"},
        {md5_abi_bad_r14, "r14 clobbered"},
        {md5_abi_bad_r15, "r15 clobbered"},
        {md5_abi_bad_df, "DF left set"},
        {md5_abi_bad_ymm, "upper YMM/ZMM state left dirty"},
    };
    uint32_t st[4] = {0};
    uint8_t in[64] = {0};
    int xinuse = have_xinuse();

    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        const char *why;

        if (bad[i].fn == md5_abi_bad_ymm &&
            (!xinuse || !__builtin_cpu_supports("avx2")))
            continue;
        why = abi_violation(bad[i].fn, st, in, 1);
        CU_ASSERT_PTR_NOT_NULL_FATAL(why);
        CU_ASSERT_STRING_EQUAL(why, bad[i].want);
    }
}

int main(void)
{
    CU_pSuite s;
    unsigned int failed;

    kernels[0] = (kernel){"avx512vl", md5_blocks_avx512vl,
                          __builtin_cpu_supports("avx512f") &&
                              __builtin_cpu_supports("avx512vl")};
    kernels[1] = (kernel){"bmi1", md5_blocks_bmi1,
                          __builtin_cpu_supports("bmi")};
    kernels[2] = (kernel){"x86_64", md5_blocks_x86_64, 1};
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    s = CU_add_suite("abi_md5_x86_64", NULL, NULL);
    if (!s ||
        !CU_add_test(s, "MD5 kernels keep callee-saved regs, rsp, DF, upper "
                        "state",
                     test_kernels_preserve_abi) ||
        !CU_add_test(s, "checker catches each broken rule",
                     test_checker_catches_breakage))
        return 2;
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    failed = CU_get_number_of_failures();
    CU_cleanup_registry();
    return failed ? 1 : 0;
}
