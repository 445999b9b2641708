/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ppc64le: capability probe, override levels and kernel tables.
 *
 * The ISA level comes from AT_HWCAP2 (ARCH_2_07 = POWER8, ARCH_3_00 = POWER9,
 * ARCH_3_1 = POWER10), which the kernel sets from what it actually enables.
 * AT_PLATFORM is no use: it is a free-form string and is NULL under qemu-user.
 */
#include <sys/auxv.h>

#include "kernels.h"
#include "../arch.h"
#include "../probe.h"

/* Values from the Linux powerpc uapi (asm/cputable.h). */
#define PPC_HWCAP_ALTIVEC 0x10000000ul
#define PPC_HWCAP_VSX 0x00000080ul
#define PPC_HWCAP2_ARCH_2_07 0x80000000ul
#define PPC_HWCAP2_ARCH_3_00 0x00800000ul
#define PPC_HWCAP2_ARCH_3_1 0x00040000ul

/* Each ISA level requires the one below, as the ISA does. */
static const simd_feature hwcap2_rows[] = {
    {PPC_HWCAP2_ARCH_2_07, SIMD_CAP_PPC_ARCH_2_07, 0},
    {PPC_HWCAP2_ARCH_3_00, SIMD_CAP_PPC_ARCH_3_00, SIMD_CAP_PPC_ARCH_2_07},
    {PPC_HWCAP2_ARCH_3_1, SIMD_CAP_PPC_ARCH_3_1, SIMD_CAP_PPC_ARCH_3_00},
};

static uint32_t probe_ppc64le(void)
{
    const unsigned long vector = PPC_HWCAP_ALTIVEC | PPC_HWCAP_VSX;

    /*
     * Every POWER8+ kernel the vector kernels target uses VMX and VSX; a
     * kernel booted with them disabled (e.g. "novsx") clears these bits while
     * the ISA bits stay, so require both before claiming any ISA level.
     */
    if ((getauxval(AT_HWCAP) & vector) != vector)
        return SIMD_CAP_ASM;
    return SIMD_GRANT(SIMD_CAP_ASM, getauxval(AT_HWCAP2), hwcap2_rows);
}

static const simd_level levels[] = {
    {"portable", 0},
    {"base", SIMD_CAP_ASM},
    {"power8", SIMD_CAP_PPC_ARCH_2_07},
    {"power9", SIMD_CAP_PPC_ARCH_3_00},
    {"power10", SIMD_CAP_PPC_ARCH_3_1},
};

#define NEEDS_POWER8 (SIMD_CAP_ASM | SIMD_CAP_PPC_ARCH_2_07)
#define NEEDS_POWER10                                                          \
    (NEEDS_POWER8 | SIMD_CAP_PPC_ARCH_3_00 | SIMD_CAP_PPC_ARCH_3_1)

/*
 * Kernels best first. vpermxor is ISA 2.07, so the 4-block kernel needs
 * POWER8; the 8-block one uses ISA 3.1 instructions (lxvp/stxvp) that the
 * assembler accepts whatever -mcpu says, so only this mask keeps it off
 * POWER8/9. The power10 entry (chacha20_ppc64le.c) runs the 8-block kernel
 * and the 4-block one for the rest; NEEDS_POWER10 covers both.
 */
static const simd_kernel_row chacha20[] = {
    SIMD_KERNEL(chacha20, "power10", NEEDS_POWER10, chacha20_xor_power10),
    SIMD_KERNEL(chacha20, "vsx", NEEDS_POWER8, chacha20_xor_vsx),
    SIMD_KERNEL(chacha20, "portable", 0, chacha20_xor_portable),
};

/* Behind the power10 entry: the 8-block kernel, whole groups only. */
static const simd_kernel_row chacha20_inner[] = {
    SIMD_KERNEL_GROUP(chacha20, "power10_8x", NEEDS_POWER10,
                      chacha20_power10_8x, PPC_POWER10_GROUP),
};

/*
 * MD5, instructions per 64-byte block (asm/ppc64le/README.md; gcc 12 and
 * clang 19 compile the portable kernel to 566 and 564, OpenSSL 3.0/3.6 run
 * 569/570): the steps in GPRs, message + constant sums in VSX, 522 with
 * xxswapd + mfvsrd (ISA 2.07), 506 with mfvsrld (ISA 3.0). llvm-mca
 * cycles: 578 for these and gcc's code (the chain bound), 644/640 OpenSSL.
 */
#define NEEDS_POWER9 (NEEDS_POWER8 | SIMD_CAP_PPC_ARCH_3_00)

static const simd_kernel_row md5[] = {
    SIMD_KERNEL(md5, "power9", NEEDS_POWER9, md5_blocks_power9),
    SIMD_KERNEL(md5, "power8", NEEDS_POWER8, md5_blocks_power8),
    SIMD_KERNEL(md5, "portable", 0, md5_blocks_portable),
};

/*
 * Poly1305, instructions per 16-byte block (asm/ppc64le/README.md; OpenSSL
 * 3.0 runs 32 in its scalar loop, 41.75 in its VSX loop on POWER8+):
 *   power10  ISA 3.1 build of the vmsumudm loop, 12.1 (lxvp, xxeval, vsrq);
 *   power9   ISA 3.0 vmsumudm, radix 2^44, 8 blocks per iteration, 14;
 *   scalar   mulld/mulhdu, every ppc64le CPU, 29: POWER8 has no 64-bit
 *            vector multiply, and a radix 2^26 vmuleuw kernel cannot count
 *            fewer (OpenSSL's own needs 41.75).
 * The vector rows route short inputs to scalar (poly1305_ppc64le.c).
 */
static const simd_kernel_row poly1305[] = {
    SIMD_KERNEL(poly1305, "power10", NEEDS_POWER10, poly1305_blocks_power10),
    SIMD_KERNEL(poly1305, "power9", NEEDS_POWER9, poly1305_blocks_power9),
    SIMD_KERNEL(poly1305, "scalar", SIMD_CAP_ASM, poly1305_blocks_scalar),
    SIMD_KERNEL(poly1305, "portable", 0, poly1305_blocks_portable),
};

/* No stitched kernel here: two passes over the chosen ChaCha20 and
 * Poly1305 kernels (asm/kernels.h). */
static const simd_kernel_row chacha20_poly1305[] = {
    SIMD_KERNEL(chacha20_poly1305, "portable", 0, chacha20_poly1305_portable),
};

const simd_arch simd_arch_this = {
    SIMD_ARCH("ppc64le", probe_ppc64le),
    .inner = {[SIMD_ALG_CHACHA20] = SIMD_TABLE(chacha20_inner)},
};
