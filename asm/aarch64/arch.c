/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aarch64: capability probe, override levels and kernel tables.
 *
 * The kernel tells user space what it will let a process run through the
 * auxiliary vector: a CPU feature the kernel does not enable (SVE state it
 * does not save, say) is absent from AT_HWCAP even if the silicon has it, so
 * these bits are the only ones safe to act on. Reading ID registers instead
 * would trap or report features the kernel has switched off.
 */
#include <sys/auxv.h>

#include "../arch.h"
#include "../probe.h"
#include "kernels.h"

/* Values from the Linux arm64 uapi (asm/hwcap.h); spelled out so the file
 * builds against any libc headers. */
#define AARCH64_HWCAP_ASIMD (1ul << 1)
#define AARCH64_HWCAP_SVE (1ul << 22)
#define AARCH64_HWCAP2_SVE2 (1ul << 1)

static const simd_feature hwcap_rows[] = {
    {AARCH64_HWCAP_ASIMD, SIMD_CAP_ARM_ASIMD, 0},
    {AARCH64_HWCAP_SVE, SIMD_CAP_ARM_SVE, 0},
};
static const simd_feature hwcap2_rows[] = {
    /* SVE2 extends SVE; never claim it alone. */
    {AARCH64_HWCAP2_SVE2, SIMD_CAP_ARM_SVE2, SIMD_CAP_ARM_SVE},
};

static uint32_t probe_aarch64(void)
{
    uint32_t caps = SIMD_GRANT(SIMD_CAP_ASM, getauxval(AT_HWCAP), hwcap_rows);

    return SIMD_GRANT(caps, getauxval(AT_HWCAP2), hwcap2_rows);
}

static const simd_level levels[] = {
    {"portable", 0},
    {"base", SIMD_CAP_ASM},
    {"neon", SIMD_CAP_ARM_ASIMD},
    {"sve2", SIMD_CAP_ARM_SVE | SIMD_CAP_ARM_SVE2},
};

#define NEEDS_NEON (SIMD_CAP_ASM | SIMD_CAP_ARM_ASIMD)
#define NEEDS_SVE2 (SIMD_CAP_ASM | SIMD_CAP_ARM_SVE | SIMD_CAP_ARM_SVE2)

/*
 * Kernels best first. SVE2's ChaCha20 is vector-length agnostic, so one row
 * serves every VL; where SVE2 is absent (neoverse-v1: SVE only) NEON runs.
 * The sve2 entry (chacha20_aarch64.c) hands calls of one block or less to
 * the NEON kernel, hence ASIMD in its needs (every SVE CPU has it anyway).
 * The MD5 kernel uses base A64 instructions only.
 */
static const simd_kernel_row chacha20[] = {
    SIMD_KERNEL(chacha20, "sve2", NEEDS_SVE2 | NEEDS_NEON, chacha20_xor_sve2),
    SIMD_KERNEL(chacha20, "neon", NEEDS_NEON, chacha20_xor_neon),
    SIMD_KERNEL(chacha20, "portable", 0, chacha20_xor_portable),
};

/* The SVE2 body behind the sve2 entry, reached alone by the ABI harness,
 * the kernel suite and the benchmark (the NEON kernel is a row above). */
static const simd_kernel_row chacha20_inner[] = {
    SIMD_KERNEL(chacha20, "sve2_blocks", NEEDS_SVE2, chacha20_sve2_blocks),
};

static const simd_kernel_row md5[] = {
    SIMD_KERNEL(md5, "aarch64", SIMD_CAP_ASM, md5_blocks_aarch64),
    SIMD_KERNEL(md5, "portable", 0, md5_blocks_portable),
};

/* Poly1305: the NEON entry hands short inputs to the scalar kernel, hence
 * ASM in its needs (NEEDS_NEON has it). */
static const simd_kernel_row poly1305[] = {
    SIMD_KERNEL(poly1305, "neon", NEEDS_NEON, poly1305_blocks_neon),
    SIMD_KERNEL(poly1305, "aarch64", SIMD_CAP_ASM, poly1305_blocks_aarch64),
    SIMD_KERNEL(poly1305, "portable", 0, poly1305_blocks_portable),
};

/* The NEON body behind the neon entry, whole 128-byte groups only. */
static const simd_kernel_row poly1305_inner[] = {
    SIMD_KERNEL_GROUP(poly1305, "neon_8x", NEEDS_NEON, poly1305_blocks_neon_8x,
                      8 * SIMD_POLY1305_BLOCK),
};

/*
 * Stitched ChaCha20-Poly1305: NEON ChaCha20 with scalar Poly1305 in one
 * loop. By name only: it executes more instructions than the two passes
 * over the NEON or SVE2 ChaCha20 and NEON Poly1305 kernels (README.md), and
 * its gain, integer pipes busy during vector code, is in cycles on wide
 * cores, which CPUID cannot tell. "portable": two passes (asm/kernels.h).
 */
static const simd_kernel_row chacha20_poly1305[] = {
    SIMD_KERNEL_BY_NAME(chacha20_poly1305, "sve2", NEEDS_SVE2 | NEEDS_NEON,
                        chacha20_poly1305_sve2),
    SIMD_KERNEL_BY_NAME(chacha20_poly1305, "neon", NEEDS_NEON,
                        chacha20_poly1305_neon),
    SIMD_KERNEL(chacha20_poly1305, "portable", 0, chacha20_poly1305_portable),
};

const simd_arch simd_arch_this = {
    SIMD_ARCH("aarch64", probe_aarch64),
    .inner = {[SIMD_ALG_CHACHA20] = SIMD_TABLE(chacha20_inner),
              [SIMD_ALG_POLY1305] = SIMD_TABLE(poly1305_inner)},
};
