/*
 * What each architecture supplies to the provider: a capability probe, the
 * override levels, and its kernel tables. One file per architecture
 * (provider/arch_<arch>.c) defines simd_arch_this; arch_generic.c serves every
 * architecture that has no kernels of its own yet.
 */
#ifndef SIMDPROV_ARCH_H
#define SIMDPROV_ARCH_H

#include <stddef.h>
#include <stdint.h>

#include "../asm/kernels.h"

/*
 * Capability bits. Each architecture sets only its own; they never overlap,
 * so a kernel's requirement is simply a mask. SIMD_CAP_ASM means "assembly
 * for this architecture's baseline may run": every non-portable kernel needs
 * it, so the level "portable" (which clears it) selects only C kernels.
 */
#define SIMD_CAP_ASM (1u << 0)
/* x86_64: each bit means the CPU has it AND the OS saves the registers. */
#define SIMD_CAP_X86_SSSE3 (1u << 1)
#define SIMD_CAP_X86_AVX2 (1u << 2)
#define SIMD_CAP_X86_BMI1 (1u << 3)
#define SIMD_CAP_X86_BMI2 (1u << 4)
#define SIMD_CAP_X86_AVX512F (1u << 5)
#define SIMD_CAP_X86_AVX512VL (1u << 6)
#define SIMD_CAP_X86_AVX512BW (1u << 7)
/* aarch64 */
#define SIMD_CAP_ARM_ASIMD (1u << 8)
#define SIMD_CAP_ARM_SVE (1u << 9)
#define SIMD_CAP_ARM_SVE2 (1u << 10)
/* ppc64le */
#define SIMD_CAP_PPC_ARCH_2_07 (1u << 11)
#define SIMD_CAP_PPC_ARCH_3_00 (1u << 12)
#define SIMD_CAP_PPC_ARCH_3_1 (1u << 13)
/* riscv64 */
#define SIMD_CAP_RV_ZBB (1u << 14)
#define SIMD_CAP_RV_V (1u << 15)
#define SIMD_CAP_RV_ZVKB (1u << 16)
/* loongarch64 */
#define SIMD_CAP_LA_LSX (1u << 17)
#define SIMD_CAP_LA_LASX (1u << 18)

/* An override level: the capabilities a kernel may use at this level. */
typedef struct {
    const char *name;
    uint32_t caps;
} simd_level;

typedef struct {
    const char *name;
    uint32_t needs; /* capability mask the kernel requires */
    simd_chacha20_fn fn;
} simd_chacha20_kernel;

typedef struct {
    const char *name;
    uint32_t needs;
    simd_md5_fn fn;
} simd_md5_kernel;

typedef struct {
    const char *name; /* e.g. "x86_64" */
    /* Runs once at provider init; returns SIMD_CAP_* bits. */
    uint32_t (*probe)(void);
    /* Lowest first; levels[0] is "portable" with caps 0. */
    const simd_level *levels;
    size_t nlevels;
    /* Best first; the last entry is the portable kernel (needs 0). */
    const simd_chacha20_kernel *chacha20;
    size_t nchacha20;
    const simd_md5_kernel *md5;
    size_t nmd5;
} simd_arch;

extern const simd_arch simd_arch_this;

#define SIMD_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Whether a kernel that needs `needs` may run where `caps` are available:
 * the one place this test is written. */
static inline int simd_runnable(uint32_t needs, uint32_t caps)
{
    return (needs & ~caps) == 0;
}

#endif
