/* SPDX-License-Identifier: Apache-2.0 */
/*
 * x86_64: capability probe, override levels and kernel tables.
 *
 * A feature counts only when the CPU has it (CPUID) AND the OS saves the
 * registers it uses (XGETBV/XCR0): a kernel that touches YMM or ZMM state the
 * OS does not save would corrupt other threads. valgrind, for one, reports
 * AVX-512 in neither, so under valgrind the probe must land on AVX2.
 */
#include <cpuid.h>
#include <string.h>

#include "../arch.h"
#include "../probe.h"
#include "kernels.h"
#include "x86_probe.h"

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

static int has_xgetbv(uint32_t leaf1_ecx)
{
    return (leaf1_ecx & bit_OSXSAVE) && (leaf1_ecx & bit_AVX);
}

static const simd_feature leaf1_ecx_rows[] = {
    {bit_SSSE3, SIMD_CAP_X86_SSSE3, 0},
};
/* Read with the vector bits the OS does not save already cleared. */
static const simd_feature leaf7_ebx_rows[] = {
    {bit_BMI, SIMD_CAP_X86_BMI1, 0},
    {bit_BMI2, SIMD_CAP_X86_BMI2, 0},
    {bit_AVX2, SIMD_CAP_X86_AVX2, 0},
    {bit_AVX512F, SIMD_CAP_X86_AVX512F, 0},
    {bit_AVX512VL, SIMD_CAP_X86_AVX512VL, SIMD_CAP_X86_AVX512F},
    {bit_AVX512BW, SIMD_CAP_X86_AVX512BW, SIMD_CAP_X86_AVX512F},
    {bit_AVX512IFMA, SIMD_CAP_X86_AVX512IFMA, SIMD_CAP_X86_AVX512F},
};

/*
 * CPUs whose identity carries a trait (asm/arch.h). Skylake-SP, Cascade
 * Lake and Cooper Lake (Intel family 6 model 0x55) lower the whole core's
 * clock while zmm code runs, enough that OpenSSL turns its AVX-512F paths
 * off there; the rule below does the same for the default choice.
 */
static const struct {
    const char *vendor;
    unsigned family, model;
    uint32_t cap;
} identity_traits[] = {
    {"GenuineIntel", 6, 0x55, SIMD_CAP_X86_ZMM_DOWNCLOCK},
};

static const simd_rule rules[] = {
    {SIMD_CAP_X86_ZMM_DOWNCLOCK,
     "skylake-avx512 (Intel family 6 model 0x55): zmm kernels not chosen by "
     "default"},
};

/* Family and model as the SDM defines them (extended fields folded in). */
static unsigned cpu_family(uint32_t eax)
{
    unsigned family = (eax >> 8) & 0xf;

    return family == 0xf ? family + ((eax >> 20) & 0xff) : family;
}

static unsigned cpu_model(uint32_t eax)
{
    unsigned family = (eax >> 8) & 0xf, model = (eax >> 4) & 0xf;

    return family == 6 || family == 0xf ? model | ((eax >> 12) & 0xf0)
                                        : model;
}

uint32_t simd_x86_caps(const simd_x86_cpuid *id)
{
    const uint32_t ymm = XCR0_SSE | XCR0_YMM;
    const uint32_t zmm = ymm | XCR0_OPMASK | XCR0_ZMM_HI256 | XCR0_HI16_ZMM;
    uint32_t xcr0 = has_xgetbv(id->leaf1_ecx) ? id->xcr0 : 0;
    uint32_t caps = SIMD_CAP_ASM, ebx = id->leaf7_ebx;

    if (id->max_leaf < 1)
        return caps;
    caps = SIMD_GRANT(caps, id->leaf1_ecx, leaf1_ecx_rows);
    for (size_t i = 0; i < SIMD_COUNT(identity_traits); i++)
        if (strcmp(id->vendor, identity_traits[i].vendor) == 0 &&
            cpu_family(id->leaf1_eax) == identity_traits[i].family &&
            cpu_model(id->leaf1_eax) == identity_traits[i].model)
            caps |= identity_traits[i].cap;
    if (id->max_leaf < 7)
        return caps;
    if ((xcr0 & ymm) != ymm)
        ebx &= ~(uint32_t)(bit_AVX2 | bit_AVX512F);
    /* IFMA's requirement of AVX512F would drop it anyway; clearing it here
     * too keeps "the OS does not save zmm" in one place. */
    if ((xcr0 & zmm) != zmm)
        ebx &= ~(uint32_t)(bit_AVX512F | bit_AVX512IFMA);
    return SIMD_GRANT(caps, ebx, leaf7_ebx_rows);
}

static uint32_t probe_x86_64(void)
{
    simd_x86_cpuid id = {0};
    unsigned int eax, ebx, ecx, edx;

    id.max_leaf = __get_cpuid_max(0, NULL);
    if (id.max_leaf >= 1) {
        __cpuid(0, eax, ebx, ecx, edx);
        memcpy(id.vendor, &ebx, 4);
        memcpy(id.vendor + 4, &edx, 4);
        memcpy(id.vendor + 8, &ecx, 4);
        __cpuid(1, eax, ebx, ecx, edx);
        id.leaf1_eax = eax;
        id.leaf1_ecx = ecx;
        if (has_xgetbv(ecx))
            id.xcr0 = xgetbv0();
    }
    if (id.max_leaf >= 7) {
        __cpuid_count(7, 0, eax, ebx, ecx, edx);
        id.leaf7_ebx = ebx;
    }
    return simd_x86_caps(&id);
}

static const simd_level levels[] = {
    {"portable", 0},
    {"base", SIMD_CAP_ASM},
    {"ssse3", SIMD_CAP_X86_SSSE3},
    {"avx2", SIMD_CAP_X86_AVX2 | SIMD_CAP_X86_BMI1 | SIMD_CAP_X86_BMI2},
    /* AVX512IFMA joins avx512 (Poly1305). A level is reported only when
     * the CPU has everything it adds, so Skylake-SP (no IFMA) reports avx2,
     * which is also what its default kernels are (the zmm_downclock rule);
     * kernels are still chosen on each row's own needs. */
    {"avx512", SIMD_CAP_X86_AVX512F | SIMD_CAP_X86_AVX512VL |
                   SIMD_CAP_X86_AVX512BW | SIMD_CAP_X86_AVX512IFMA},
};

#define NEEDS_SSSE3 (SIMD_CAP_ASM | SIMD_CAP_X86_SSSE3)
#define NEEDS_AVX2 (NEEDS_SSSE3 | SIMD_CAP_X86_AVX2)
/* The AVX-512 kernels also use VEX (AVX2) encodings. No instruction needs
 * BW (the kernels take whole blocks: no byte-masked loads); the row asks for
 * it anyway so that it is chosen on the CPUs its measurements covered, all of
 * which have BW. */
#define NEEDS_AVX512                                                           \
    (SIMD_CAP_ASM | SIMD_CAP_X86_AVX2 | SIMD_CAP_X86_AVX512F |                 \
     SIMD_CAP_X86_AVX512VL | SIMD_CAP_X86_AVX512BW)

/*
 * One entry per ISA level, each routing by length among its level's
 * block-count kernels (chacha20_x86_64.c); best first:
 * - avx512: zmm groups for long inputs, fastest wherever AVX-512 runs at
 *   full clock; avoided by default where zmm code downclocks the core
 *   (the rule above), which then gets avx2.
 * - avx2: 8-block ymm groups. It finishes up to four blocks with the SSSE3
 *   kernels, hence SSSE3 in its needs. Its tail variant makes a stream's
 *   partial last block in the call that makes the whole blocks (every
 *   kernel of its route has one). So has avx512 (every kernel of its
 *   route but the 32-block one, which the route never hands the tail
 *   block).
 * - ssse3: 4-block xmm groups; a tail variant as avx2's. The by-name
 *   ssse3_hybrid has none (its 5-block kernel takes whole groups only).
 * - avx2_hybrid, ssse3_hybrid: the same routes with the 9- and 5-block
 *   hybrids (a scalar block woven into the vector rounds). By name only:
 *   ahead while the core's sibling hardware thread idles, behind when it
 *   is busy (front-end bound), and CPUID cannot tell which
 *   (docs/performance.md, "Why the hybrids are by name only").
 */
static const simd_kernel_row chacha20[] = {
    SIMD_CHACHA20_KERNEL_TAIL("avx512", NEEDS_AVX512, chacha20_xor_avx512,
                              chacha20_xor_avx512_tail,
                              SIMD_CAP_X86_ZMM_DOWNCLOCK),
    SIMD_CHACHA20_KERNEL_TAIL("avx2", NEEDS_AVX2, chacha20_xor_avx2,
                              chacha20_xor_avx2_tail, 0),
    SIMD_CHACHA20_KERNEL_TAIL("ssse3", NEEDS_SSSE3, chacha20_xor_ssse3,
                              chacha20_xor_ssse3_tail, 0),
    SIMD_KERNEL_BY_NAME(chacha20, "avx2_hybrid", NEEDS_AVX2,
                        chacha20_xor_avx2_hybrid),
    SIMD_KERNEL_BY_NAME(chacha20, "ssse3_hybrid", NEEDS_SSSE3,
                        chacha20_xor_ssse3_hybrid),
    SIMD_KERNEL(chacha20, "portable", 0, chacha20_xor_portable),
};

/* An inner kernel and its tail variant, named by the kernel's suffix. */
#define INNER_TAIL(k, needs)                                                   \
    SIMD_CHACHA20_KERNEL_TAIL(#k, needs, chacha20_##k, chacha20_##k##_tail, 0)

/* The block-count kernels behind the entries; the hybrids and the two-group
 * 32-block kernel take whole groups only. */
static const simd_kernel_row chacha20_inner[] = {
    INNER_TAIL(ssse3_1x, NEEDS_SSSE3),
    INNER_TAIL(ssse3_2x, NEEDS_SSSE3),
    INNER_TAIL(ssse3_3x, NEEDS_SSSE3),
    INNER_TAIL(ssse3_4x, NEEDS_SSSE3),
    SIMD_KERNEL_GROUP(chacha20, "ssse3_5x", NEEDS_SSSE3, chacha20_ssse3_5x,
                      5 * SIMD_CHACHA20_BLOCK),
    INNER_TAIL(avx2_2x, NEEDS_AVX2),
    INNER_TAIL(avx2_4x, NEEDS_AVX2),
    INNER_TAIL(avx2_6x, NEEDS_AVX2),
    INNER_TAIL(avx2_8x, NEEDS_AVX2),
    SIMD_KERNEL_GROUP(chacha20, "avx2_9x", NEEDS_AVX2, chacha20_avx2_9x,
                      9 * SIMD_CHACHA20_BLOCK),
    INNER_TAIL(avx512_1x, NEEDS_AVX512),
    INNER_TAIL(avx512_2x, NEEDS_AVX512),
    INNER_TAIL(avx512_4x, NEEDS_AVX512),
    INNER_TAIL(avx512_8x, NEEDS_AVX512),
    INNER_TAIL(avx512_16x, NEEDS_AVX512),
    SIMD_KERNEL_GROUP(chacha20, "avx512_32x", NEEDS_AVX512,
                      chacha20_avx512_32x, 32 * SIMD_CHACHA20_BLOCK),
};

/*
 * MD5: bmi1 and x86_64 share a schedule and tie (bmi1 issues fewer
 * instructions), so bmi1 goes first; both run at or above OpenSSL's
 * md5-x86_64 on every CPU measured. avx512vl (vprold rotates) wins where
 * vprold has 1-cycle latency but loses well behind OpenSSL where it has
 * more, and CPUID cannot tell the two apart, so it is by name only
 * (SIMDPROV_MD5=avx512vl). Measurements: docs/performance.md, "Why bmi1 is
 * MD5's default".
 */
static const simd_kernel_row md5[] = {
    SIMD_KERNEL(md5, "bmi1", SIMD_CAP_ASM | SIMD_CAP_X86_BMI1, md5_blocks_bmi1),
    SIMD_KERNEL(md5, "x86_64", SIMD_CAP_ASM, md5_blocks_x86_64),
    SIMD_KERNEL_BY_NAME(md5, "avx512vl",
                        SIMD_CAP_ASM | SIMD_CAP_X86_AVX512F |
                            SIMD_CAP_X86_AVX512VL,
                        md5_blocks_avx512vl),
    SIMD_KERNEL(md5, "portable", 0, md5_blocks_portable),
};

/*
 * Poly1305 avx512ifma: radix 2^44 vpmadd52 in 8 zmm lanes from 256 bytes,
 * the bmi2 kernel below that (poly1305_x86_64.c); ahead of OpenSSL 3.0's
 * own IFMA path (README.md, "AVX-512 IFMA"). zmm code, so avoided
 * where it downclocks the core, as ChaCha20 avx512 (those CPUs lack IFMA
 * anyway). The IFMA kernels also use VEX (AVX2) encodings.
 */
#define NEEDS_IFMA                                                             \
    (SIMD_CAP_ASM | SIMD_CAP_X86_AVX2 | SIMD_CAP_X86_AVX512F |                 \
     SIMD_CAP_X86_AVX512VL | SIMD_CAP_X86_AVX512IFMA)

/*
 * Poly1305. avx2 routes by length (poly1305_x86_64.c) between the 4-block
 * radix-2^26 kernel and the bmi2 scalar kernel, hence BMI2 in its needs
 * (no ADX: the scalar kernel has no use for it, and Haswell has AVX2 and
 * BMI2 without ADX).
 * The scalar kernels (poly1305_scalar.S): one stream in general-purpose
 * registers. bmi2 (mulx) and x86_64 (mul) share a schedule and tie
 * (asm/x86_64/README.md, "Scalar"); bmi2 issues fewer instructions, so it
 * goes first. It uses no ADX: no sum
 * in the schedule has two carries to chain, so adcx/adox would only add a
 * zero register.
 */
#define NEEDS_POLY1305_AVX2                                                    \
    (SIMD_CAP_ASM | SIMD_CAP_X86_AVX2 | SIMD_CAP_X86_BMI2)

static const simd_kernel_row poly1305[] = {
    SIMD_KERNEL_AVOID(poly1305, "avx512ifma", NEEDS_IFMA | SIMD_CAP_X86_BMI2,
                      poly1305_blocks_avx512ifma, SIMD_CAP_X86_ZMM_DOWNCLOCK),
    SIMD_KERNEL(poly1305, "avx2", NEEDS_POLY1305_AVX2, poly1305_blocks_avx2),
    SIMD_KERNEL(poly1305, "bmi2", SIMD_CAP_ASM | SIMD_CAP_X86_BMI2,
                poly1305_blocks_bmi2),
    SIMD_KERNEL(poly1305, "x86_64", SIMD_CAP_ASM, poly1305_blocks_x86_64),
    SIMD_KERNEL(poly1305, "portable", 0, poly1305_blocks_portable),
};

/* Behind the avx2 entry: the 4-block kernels, whole 64-byte groups only;
 * alone they need only AVX2 (_once: a fresh key's single call, the table
 * on its stack). */
static const simd_kernel_row poly1305_inner[] = {
    SIMD_KERNEL_GROUP(poly1305, "avx2_4x", SIMD_CAP_ASM | SIMD_CAP_X86_AVX2,
                      poly1305_blocks_avx2_4x, 4 * SIMD_POLY1305_BLOCK),
    SIMD_KERNEL_GROUP(poly1305, "avx2_4x_once",
                      SIMD_CAP_ASM | SIMD_CAP_X86_AVX2,
                      poly1305_blocks_avx2_4x_once, 4 * SIMD_POLY1305_BLOCK),
    /* Behind the avx512ifma entry: any whole number of blocks; 4x (ymm)
     * is slower than 8x from 512 bytes up and serves no route. */
    SIMD_KERNEL(poly1305, "ifma_8x", NEEDS_IFMA, poly1305_blocks_ifma_8x),
    SIMD_KERNEL(poly1305, "ifma_4x", NEEDS_IFMA, poly1305_blocks_ifma_4x),
};

/* No stitched kernel here: two passes over the chosen ChaCha20 and
 * Poly1305 kernels (asm/kernels.h). */
static const simd_kernel_row chacha20_poly1305[] = {
    SIMD_KERNEL(chacha20_poly1305, "portable", 0, chacha20_poly1305_portable),
};

/*
 * Where every release's default does less work (asm/arch.h; the counts
 * are docs/performance.md's "Per EVP operation, per release", qemu models
 * qemu64 and Nehalem, OpenSSL 3.0.17 to 4.0.3 alike):
 * - no SSSE3 (Intel before Core 2, AMD before Bobcat and Bulldozer): simd
 *   has only its portable C ChaCha20 against OpenSSL's general-purpose
 *   register assembly, 0.97 of its instructions on a 16 KiB update and
 *   0.97 on the 16 KiB TLS 1.3 seal: ChaCha20 and ChaCha20-Poly1305 go to
 *   the default;
 * - the scalar Poly1305 without BMI2 (`x86_64`: Core 2 to Westmere, the
 *   Atom cores to Tremont, or a level cap below avx2): 41 instructions a
 *   block against OpenSSL's 39, 0.96 on a 16 KiB MAC, and 0.95x its time
 *   on a Zen 4 with both sides scalar (README.md, "Scalar"). With AVX
 *   (Sandy and Ivy Bridge) OpenSSL runs its AVX Poly1305 instead, which
 *   executes more but is the faster code on those cores: the MAC goes to
 *   the default there too. The AEAD keeps its lead (its ChaCha20 half).
 */
static const simd_step_aside steps_aside[] = {
    {SIMD_ALG_CHACHA20, 300, 0, 0, SIMD_CAP_X86_SSSE3, NULL,
     "no SSSE3: OpenSSL's scalar ChaCha20 assembly executes 0.97x the "
     "instructions of simd's C kernel on 16 KiB"},
    {SIMD_ALG_CHACHA20_POLY1305, 300, 0, 0, SIMD_CAP_X86_SSSE3, NULL,
     "no SSSE3: OpenSSL's scalar assembly executes 0.97x simd's "
     "instructions on a 16 KiB TLS 1.3 record"},
    {SIMD_ALG_POLY1305, 300, 0, 0, 0, "x86_64",
     "Poly1305 without BMI2 or AVX2: OpenSSL's scalar loop executes 39 "
     "instructions a block against simd's 41"},
};

const simd_arch simd_arch_this = {
    SIMD_ARCH("x86_64", probe_x86_64),
    .steps_aside = steps_aside,
    .nsteps_aside = SIMD_COUNT(steps_aside),
    .inner = {[SIMD_ALG_CHACHA20] = SIMD_TABLE(chacha20_inner),
              [SIMD_ALG_POLY1305] = SIMD_TABLE(poly1305_inner)},
    .rules = rules,
    .nrules = SIMD_COUNT(rules),
};
