/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aarch64: capability probe, override levels and kernel tables.
 *
 * The kernel tells user space what it will let a process run through the
 * auxiliary vector: a CPU feature the kernel does not enable (SVE state it
 * does not save, say) is absent from AT_HWCAP even if the silicon has it, so
 * these bits are the only ones safe to act on. Reading ID registers instead
 * would trap or report features the kernel has switched off.
 *
 * One fact is not a feature bit: the SVE vector length. The base-SVE
 * ChaCha20 kernel beats NEON per block only from 256 bits up, so the probe
 * reads the length once (rdvl, simd_aarch64_sve_bytes) and reports 128-bit
 * vectors as the trait SVE_VL128, which that row avoids. rdvl rather than
 * prctl(PR_SVE_GET_VL): it cannot fail (a seccomp policy may refuse the
 * prctl), needs no header constant, and is the very length the kernel's cntw
 * will see in this thread. A thread that later changes its own length with
 * prctl(PR_SVE_SET_VL) keeps the choice made here; every SVE kernel is
 * vector-length agnostic, so that costs speed at most, never correctness.
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

/* Below this many bytes of SVE vector, base-SVE ChaCha20 loses to NEON. */
#define SVE_WIDE_BYTES 32

static uint32_t probe_aarch64(void)
{
    uint32_t caps = SIMD_GRANT(SIMD_CAP_ASM, getauxval(AT_HWCAP), hwcap_rows);

    caps = SIMD_GRANT(caps, getauxval(AT_HWCAP2), hwcap2_rows);
    if ((caps & SIMD_CAP_ARM_SVE) && simd_aarch64_sve_bytes() < SVE_WIDE_BYTES)
        caps |= SIMD_CAP_ARM_SVE_VL128;
    return caps;
}

static const simd_rule rules[] = {
    {SIMD_CAP_ARM_SVE_VL128,
     "SVE vectors of 128 bits: ChaCha20 sve not chosen by default"},
};

static const simd_level levels[] = {
    {"portable", 0},
    {"base", SIMD_CAP_ASM},
    {"neon", SIMD_CAP_ARM_ASIMD},
    {"sve", SIMD_CAP_ARM_SVE},
    {"sve2", SIMD_CAP_ARM_SVE2},
};

#define NEEDS_NEON (SIMD_CAP_ASM | SIMD_CAP_ARM_ASIMD)
#define NEEDS_SVE (SIMD_CAP_ASM | SIMD_CAP_ARM_SVE)
#define NEEDS_SVE2 (SIMD_CAP_ASM | SIMD_CAP_ARM_SVE | SIMD_CAP_ARM_SVE2)

/*
 * Kernels best first. SVE2's ChaCha20 is vector-length agnostic, so one row
 * serves every VL. Where SVE2 is absent (neoverse-v1: SVE only) the base-SVE
 * kernel runs if the vectors are wider than 128 bits (at 128 it executes
 * more per block than NEON: the SVE_VL128 rule), else NEON. The sve2 and
 * sve entries (chacha20_aarch64.c) hand short calls to the NEON kernel,
 * hence ASIMD in their needs (every SVE CPU has it anyway).
 * The MD5 kernel uses base A64 instructions only.
 */
static const simd_kernel_row chacha20[] = {
    SIMD_KERNEL(chacha20, "sve2", NEEDS_SVE2 | NEEDS_NEON, chacha20_xor_sve2),
    SIMD_KERNEL_AVOID(chacha20, "sve", NEEDS_SVE | NEEDS_NEON,
                      chacha20_xor_sve, SIMD_CAP_ARM_SVE_VL128),
    SIMD_KERNEL(chacha20, "neon", NEEDS_NEON, chacha20_xor_neon),
    SIMD_KERNEL(chacha20, "portable", 0, chacha20_xor_portable),
};

/* The SVE2 and SVE bodies behind the sve2 and sve entries, reached alone by
 * the ABI harness, the kernel suite and the benchmark (the NEON kernel is a
 * row above). */
static const simd_kernel_row chacha20_inner[] = {
    SIMD_KERNEL(chacha20, "sve2_blocks", NEEDS_SVE2, chacha20_sve2_blocks),
    SIMD_KERNEL(chacha20, "sve_blocks", NEEDS_SVE, chacha20_sve_blocks),
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

/*
 * Where a release's default does less work (asm/arch.h; the counts are
 * docs/performance.md's "Per EVP operation, per release", made by
 * tools/release-insns.sh). OpenSSL 4.0 brought an SVE2 Poly1305 it takes
 * at vector lengths above 128 bits: one 16 KiB POLY1305 MAC under qemu,
 * OpenSSL 4.0.3 against simd's neon kernel, 17,056 / 20,870 instructions
 * at 256 bits, 9,280 at 512, 3,650 at 2048 (64-byte MACs still 1.41x
 * fewer through simd). No simd Poly1305 kernel is vector-length agnostic,
 * so the MAC is left to the default there; the AEAD stays (its ChaCha20
 * half keeps it 1.18-1.72x ahead at 16 KiB).
 */
static const simd_step_aside steps_aside[] = {
    {SIMD_ALG_POLY1305, 400, 0, SIMD_CAP_ARM_SVE | SIMD_CAP_ARM_SVE2,
     SIMD_CAP_ARM_SVE_VL128, NULL,
     "OpenSSL 4.0+ runs an SVE2 Poly1305 at vector lengths above 128 bits: "
     "0.17-0.82x simd's instructions on a 16 KiB MAC"},
};

const simd_arch simd_arch_this = {
    SIMD_ARCH("aarch64", probe_aarch64),
    .steps_aside = steps_aside,
    .nsteps_aside = SIMD_COUNT(steps_aside),
    .inner = {[SIMD_ALG_CHACHA20] = SIMD_TABLE(chacha20_inner),
              [SIMD_ALG_POLY1305] = SIMD_TABLE(poly1305_inner)},
    .rules = rules,
    .nrules = SIMD_COUNT(rules),
};
