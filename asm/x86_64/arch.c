/*
 * x86_64: capability probe, override levels and kernel tables.
 *
 * A feature counts only when the CPU has it (CPUID) AND the OS saves the
 * registers it uses (XGETBV/XCR0): a kernel that touches YMM or ZMM state the
 * OS does not save would corrupt other threads. valgrind, for one, reports
 * AVX-512 in neither, so under valgrind the probe must land on AVX2.
 */
#include <cpuid.h>

#include "../arch.h"
#include "kernels.h"

#define XCR0_SSE (1u << 1)
#define XCR0_YMM (1u << 2)
#define XCR0_OPMASK (1u << 5)
#define XCR0_ZMM_HI256 (1u << 6)
#define XCR0_HI16_ZMM (1u << 7)

static uint32_t xgetbv0(void)
{
    uint32_t eax, edx;

    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return eax;
}

static uint32_t probe_x86_64(void)
{
    unsigned int eax, ebx, ecx, edx;
    unsigned int max_leaf = __get_cpuid_max(0, NULL);
    uint32_t caps = SIMD_CAP_ASM;
    uint32_t xcr0 = 0;
    int has_avx = 0;

    if (max_leaf < 1)
        return caps;
    __cpuid(1, eax, ebx, ecx, edx);
    if (ecx & bit_SSSE3)
        caps |= SIMD_CAP_X86_SSSE3;
    if ((ecx & bit_OSXSAVE) && (ecx & bit_AVX)) {
        xcr0 = xgetbv0();
        has_avx = (xcr0 & (XCR0_SSE | XCR0_YMM)) == (XCR0_SSE | XCR0_YMM);
    }
    if (max_leaf < 7)
        return caps;
    __cpuid_count(7, 0, eax, ebx, ecx, edx);
    if (ebx & bit_BMI)
        caps |= SIMD_CAP_X86_BMI1;
    if (ebx & bit_BMI2)
        caps |= SIMD_CAP_X86_BMI2;
    if (has_avx && (ebx & bit_AVX2))
        caps |= SIMD_CAP_X86_AVX2;
    if (has_avx && (ebx & bit_AVX512F)) {
        const uint32_t zmm = XCR0_OPMASK | XCR0_ZMM_HI256 | XCR0_HI16_ZMM;

        if ((xcr0 & zmm) == zmm) {
            caps |= SIMD_CAP_X86_AVX512F;
            if (ebx & bit_AVX512VL)
                caps |= SIMD_CAP_X86_AVX512VL;
            if (ebx & bit_AVX512BW)
                caps |= SIMD_CAP_X86_AVX512BW;
        }
    }
    return caps;
}

#define LEVEL_BASE SIMD_CAP_ASM
#define LEVEL_SSSE3 (LEVEL_BASE | SIMD_CAP_X86_SSSE3)
#define LEVEL_AVX2                                                             \
    (LEVEL_SSSE3 | SIMD_CAP_X86_AVX2 | SIMD_CAP_X86_BMI1 | SIMD_CAP_X86_BMI2)
#define LEVEL_AVX512                                                           \
    (LEVEL_AVX2 | SIMD_CAP_X86_AVX512F | SIMD_CAP_X86_AVX512VL |               \
     SIMD_CAP_X86_AVX512BW)

static const simd_level levels[] = {
    {"portable", 0},         {"base", LEVEL_BASE},     {"ssse3", LEVEL_SSSE3},
    {"avx2", LEVEL_AVX2},    {"avx512", LEVEL_AVX512},
};

/*
 * The AVX-512 kernels also use VEX (AVX2) encodings and the AVX2 entry
 * finishes short tails with the SSSE3 kernels, hence the extra bits.
 */
static const simd_kernel chacha20[] = {
    {"avx512",
     SIMD_CAP_ASM | SIMD_CAP_X86_AVX2 | SIMD_CAP_X86_AVX512F |
         SIMD_CAP_X86_AVX512VL | SIMD_CAP_X86_AVX512BW,
     {.chacha20 = chacha20_xor_avx512}},
    {"avx2", SIMD_CAP_ASM | SIMD_CAP_X86_SSSE3 | SIMD_CAP_X86_AVX2,
     {.chacha20 = chacha20_xor_avx2}},
    {"ssse3", SIMD_CAP_ASM | SIMD_CAP_X86_SSSE3, {.chacha20 = chacha20_xor_ssse3}},
    {"portable", 0, {.chacha20 = chacha20_xor_portable}},
};

/*
 * MD5, measured on the project's machine (CPUID: GenuineIntel "Intel Xeon
 * Processor" with AVX-512 and AMX, 2 shared vCPUs) by bench/md5_x86_64_bench.c
 * in TSC cycles/byte at 1 MiB (the TSC ticks ~0.67x per core cycle there):
 * avx512vl 2.67, bmi1
 * 2.99, x86_64 2.99, portable (gcc 12) 2.99; OpenSSL 3.0's md5-x86_64 3.21.
 * avx512vl wins wherever vprold has 1-cycle latency; bmi1 and x86_64 share a
 * schedule and tie (bmi1 issues fewer instructions), so bmi1 goes first.
 */
static const simd_kernel md5[] = {
    {"avx512vl", SIMD_CAP_ASM | SIMD_CAP_X86_AVX512F | SIMD_CAP_X86_AVX512VL,
     {.md5 = md5_blocks_avx512vl}},
    {"bmi1", SIMD_CAP_ASM | SIMD_CAP_X86_BMI1, {.md5 = md5_blocks_bmi1}},
    {"x86_64", SIMD_CAP_ASM, {.md5 = md5_blocks_x86_64}},
    {"portable", 0, {.md5 = md5_blocks_portable}},
};

SIMD_DEFINE_ARCH("x86_64", probe_x86_64);
