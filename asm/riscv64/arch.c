/* SPDX-License-Identifier: Apache-2.0 */
/*
 * riscv64: capability probe, override levels and kernel tables.
 *
 * AT_HWCAP only has one bit per single-letter extension (V, but not Zbb or
 * Zvkb), so the probe asks the riscv_hwprobe syscall (Linux 6.4+). It reports
 * V only when the kernel lets this process use it (vector state enabled and
 * allowed by the prctl/sysctl policy), so a set bit means "safe to execute".
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* syscall() under -std=c11 */
#endif
#include <sys/syscall.h>
#include <unistd.h>

#include "kernels.h"
#include "../arch.h"
#include "../probe.h"

/*
 * The riscv_hwprobe ABI (Linux uapi asm/hwprobe.h). Debian 12's headers
 * predate it, so the number, struct and bits are spelled out here; they are
 * a stable kernel ABI.
 */
#define RISCV_NR_hwprobe 258
struct riscv_hwprobe_pair {
    int64_t key;
    uint64_t value;
};
#define RISCV_HWPROBE_KEY_IMA_EXT_0 4
#define RISCV_HWPROBE_IMA_V (1ull << 2)
#define RISCV_HWPROBE_EXT_ZBB (1ull << 4)
#define RISCV_HWPROBE_EXT_ZVKB (1ull << 19)

static const simd_feature ext_rows[] = {
    {RISCV_HWPROBE_EXT_ZBB, SIMD_CAP_RV_ZBB, 0},
    {RISCV_HWPROBE_IMA_V, SIMD_CAP_RV_V, 0},
    /* Zvkb is a vector extension: meaningless without usable V. */
    {RISCV_HWPROBE_EXT_ZVKB, SIMD_CAP_RV_ZVKB, SIMD_CAP_RV_V},
};

static uint32_t probe_riscv64(void)
{
    struct riscv_hwprobe_pair pair = {RISCV_HWPROBE_KEY_IMA_EXT_0, 0};
    uint32_t caps = SIMD_CAP_ASM;

    /* cpusetsize 0 and cpus NULL: the answer holds for every CPU, so it
     * stays true if the scheduler migrates us. */
    if (syscall(RISCV_NR_hwprobe, &pair, 1, 0, NULL, 0) != 0 ||
        pair.key != RISCV_HWPROBE_KEY_IMA_EXT_0) {
        /*
         * No hwprobe (kernel < 6.4) or the key is unknown. Mainline kernels
         * that old cannot run vector code at all, and Zbb cannot be told
         * apart from its absence, so only the baseline is safe. (AT_HWCAP's
         * V bit is not used: it ignores the per-process vector policy.)
         */
        return caps;
    }
    return SIMD_GRANT(caps, pair.value, ext_rows);
}

static const simd_level levels[] = {
    {"portable", 0},
    {"base", SIMD_CAP_ASM},
    {"zbb", SIMD_CAP_RV_ZBB},
    {"v", SIMD_CAP_RV_V},
    {"zvkb", SIMD_CAP_RV_ZVKB},
};

/* Kernels best first. */
static const simd_kernel_row chacha20[] = {
    SIMD_KERNEL(chacha20, "rvv_zvkb", SIMD_CAP_ASM | SIMD_CAP_RV_V | SIMD_CAP_RV_ZVKB, chacha20_xor_rvv_zvkb),
    SIMD_KERNEL(chacha20, "rvv", SIMD_CAP_ASM | SIMD_CAP_RV_V, chacha20_xor_rvv),
    SIMD_KERNEL(chacha20, "portable", 0, chacha20_xor_portable),
};

static const simd_kernel_row md5[] = {
    SIMD_KERNEL(md5, "zbb", SIMD_CAP_ASM | SIMD_CAP_RV_ZBB, md5_blocks_zbb),
    SIMD_KERNEL(md5, "rv64", SIMD_CAP_ASM, md5_blocks_rv64),
    SIMD_KERNEL(md5, "portable", 0, md5_blocks_portable),
};

/*
 * Poly1305: rvv routes by length between the 8-lane vector kernel and the
 * scalar one (poly1305_riscv64.c); rv64 is mul/mulhu in base 2^64
 * (poly1305_rv64.S). Zbb has nothing for it (no carry instruction), so
 * there is no Zbb row. Counts per 16 bytes: asm/riscv64/README.md.
 */
static const simd_kernel_row poly1305[] = {
    SIMD_KERNEL(poly1305, "rvv", SIMD_CAP_ASM | SIMD_CAP_RV_V, poly1305_blocks_rvv),
    SIMD_KERNEL(poly1305, "rv64", SIMD_CAP_ASM, poly1305_blocks_rv64),
    SIMD_KERNEL(poly1305, "portable", 0, poly1305_blocks_portable),
};

/* Run only inside the entries above; listed for the kernel and ABI tests. */
static const simd_kernel_row poly1305_inner[] = {
    SIMD_KERNEL_GROUP(poly1305, "rvv_8x", SIMD_CAP_ASM | SIMD_CAP_RV_V,
                      poly1305_blocks_rvv_8x, 8 * SIMD_POLY1305_BLOCK),
};

/* No stitched kernel here: two passes over the chosen ChaCha20 and
 * Poly1305 kernels (asm/kernels.h). */
static const simd_kernel_row chacha20_poly1305[] = {
    SIMD_KERNEL(chacha20_poly1305, "portable", 0, chacha20_poly1305_portable),
};

const simd_arch simd_arch_this = {
    SIMD_ARCH("riscv64", probe_riscv64),
    .inner = {[SIMD_ALG_POLY1305] = SIMD_TABLE(poly1305_inner)},
};
