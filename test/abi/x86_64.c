/* SPDX-License-Identifier: Apache-2.0 */
/*
 * x86_64 (System V AMD64) for the ABI harness: what check_x86_64.S records,
 * its negative controls, and whether this CPU can tell a dirty upper
 * YMM/ZMM state (a missing vzeroupper).
 */
#include <cpuid.h>
#include <stdio.h>
#include <string.h>

#include "../../asm/arch.h"
#include "testutil.h"
#include "abi.h"

#define UPPER "upper-YMM/ZMM-state"

const abi_reg abi_regs[] = {
    ABI_REG("rbx"),
    ABI_REG("rbp"),
    ABI_RANGE("r%u", 12, 4),
    ABI_REG("rsp"),
    {"DF", 0, 1, 1, 0x400},
    /* the control bits; the exception flags are caller-saved */
    {"MXCSR", 0, 1, 1, 0xffc0},
    /* XINUSE bits 2 and 6: upper halves of YMM0-15 / ZMM0-15 in use */
    {UPPER, 0, 1, 1, 0x44},
};
const size_t abi_nregs = SIMD_COUNT(abi_regs);

void abi_bad_rbx(void), abi_bad_rbp(void), abi_bad_r12(void);
void abi_bad_r13(void), abi_bad_r14(void), abi_bad_r15(void);
void abi_bad_df(void), abi_bad_mxcsr(void), abi_bad_upper(void);
void abi_clean_avx(void), abi_nothing(void);

#define CONTROL(fn, expect, flags) {#fn, fn, (expect), (flags)}
const abi_control abi_controls[] = {
    CONTROL(abi_nothing, "", 0),
    CONTROL(abi_bad_rbx, "rbx", 0),
    CONTROL(abi_bad_rbp, "rbp", 0),
    CONTROL(abi_bad_r12, "r12", 0),
    CONTROL(abi_bad_r13, "r13", 0),
    CONTROL(abi_bad_r14, "r14", 0),
    CONTROL(abi_bad_r15, "r15", 0),
    CONTROL(abi_bad_df, "DF", 0),
    CONTROL(abi_bad_mxcsr, "MXCSR", 0),
    CONTROL(abi_clean_avx, "", ABI_FLAG_UPPER),
    CONTROL(abi_bad_upper, UPPER, ABI_FLAG_UPPER),
};
const size_t abi_ncontrols = SIMD_COUNT(abi_controls);

/* XGETBV with ECX=1 exists (CPUID.(0xD,1):EAX[2]) and the OS uses AVX. */
static int have_xinuse(uint32_t caps)
{
    unsigned int a, b, c, d;

    if (!(caps & SIMD_CAP_X86_AVX2) || __get_cpuid_max(0, NULL) < 0xd)
        return 0;
    __cpuid_count(0xd, 1, a, b, c, d);
    return (a >> 2) & 1;
}

static int reports(abi_fn fn, const char *expect)
{
    static const uintptr_t args[6];
    char report[ABI_REPORT];

    abi_call(fn, args, 0, report, sizeof(report));
    return strcmp(report, expect) == 0;
}

/* The upper-state check needs XINUSE, and a CPU may report a component in
 * use conservatively: calibrate on a clean and a dirty function. */
void abi_arch_setup(uint32_t caps)
{
    if (have_xinuse(caps)) {
        abi_flags = ABI_FLAG_UPPER;
        if (!reports(abi_clean_avx, "") || !reports(abi_bad_upper, UPPER))
            abi_flags = 0;
    }
}

void abi_arch_test(void)
{
    printf("\n  upper-state (vzeroupper) check: %s ",
           abi_flags & ABI_FLAG_UPPER ? "on" : "off (no usable XGETBV(1))");
}
