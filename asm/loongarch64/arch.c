/* SPDX-License-Identifier: Apache-2.0 */
/*
 * loongarch64: capability probe, override levels and kernel tables.
 *
 * LSX (128-bit) and LASX (256-bit) are reported in AT_HWCAP only when the
 * kernel saves their registers for the process, so the bits are the ones to
 * trust (CPUCFG would report the silicon, not what the kernel enables).
 */
#include <sys/auxv.h>

#include "../arch.h"
#include "../probe.h"
#include "kernels.h"

/* Values from the Linux loongarch uapi (asm/hwcap.h). */
#define LA_HWCAP_UAL (1ul << 2)
#define LA_HWCAP_LSX (1ul << 4)
#define LA_HWCAP_LASX (1ul << 5)

/*
 * The SIMD kernels load and store the caller's buffers with unaligned
 * vld/xvld; a core without hardware unaligned access (HWCAP UAL) would trap
 * on them, so such a core gets the portable kernels. LASX extends LSX (its
 * low halves are the LSX registers).
 */
static const simd_feature hwcap_rows[] = {
    {LA_HWCAP_LSX | LA_HWCAP_UAL, SIMD_CAP_LA_LSX, 0},
    {LA_HWCAP_LASX, SIMD_CAP_LA_LASX, SIMD_CAP_LA_LSX},
};

static uint32_t probe_loongarch64(void)
{
    return SIMD_GRANT(SIMD_CAP_ASM, getauxval(AT_HWCAP), hwcap_rows);
}

static const simd_level levels[] = {
    {"portable", 0},
    {"base", SIMD_CAP_ASM},
    {"lsx", SIMD_CAP_LA_LSX},
    {"lasx", SIMD_CAP_LA_LASX},
};

/* Kernels best first. LASX instructions need LSX's state too (the LSX
 * registers are the low halves; the LASX kernel's 2-block setup uses LSX
 * instructions). */
static const simd_kernel_row chacha20[] = {
    SIMD_KERNEL(chacha20, "lasx", SIMD_CAP_ASM | SIMD_CAP_LA_LSX | SIMD_CAP_LA_LASX, chacha20_xor_lasx),
    SIMD_KERNEL(chacha20, "lsx", SIMD_CAP_ASM | SIMD_CAP_LA_LSX, chacha20_xor_lsx),
    SIMD_KERNEL(chacha20, "portable", 0, chacha20_xor_portable),
};

/* The MD5 kernel uses base LA64 integer instructions only. */
static const simd_kernel_row md5[] = {
    SIMD_KERNEL(md5, "loongarch64", SIMD_CAP_ASM, md5_blocks_loongarch64),
    SIMD_KERNEL(md5, "portable", 0, md5_blocks_portable),
};

static const simd_kernel_row poly1305[] = {
    SIMD_KERNEL(poly1305, "lasx", SIMD_CAP_ASM | SIMD_CAP_LA_LSX | SIMD_CAP_LA_LASX, poly1305_blocks_lasx),
    SIMD_KERNEL(poly1305, "lsx", SIMD_CAP_ASM | SIMD_CAP_LA_LSX, poly1305_blocks_lsx),
    SIMD_KERNEL(poly1305, "loongarch64", SIMD_CAP_ASM, poly1305_blocks_loongarch64),
    SIMD_KERNEL(poly1305, "portable", 0, poly1305_blocks_portable),
};

/* No stitched kernel here: two passes over the chosen ChaCha20 and
 * Poly1305 kernels (asm/kernels.h). */
static const simd_kernel_row chacha20_poly1305[] = {
    SIMD_KERNEL(chacha20_poly1305, "portable", 0, chacha20_poly1305_portable),
};

const simd_arch simd_arch_this = {SIMD_ARCH("loongarch64", probe_loongarch64)};
