/*
 * Callee-saved registers of the riscv64 kernels (LP64D psABI: s0..s11,
 * fs0..fs11, sp; gp and tp must not be touched at all). Each kernel of the
 * arch tables that this CPU can run is called through rv_abi_call
 * (test/abi_check_riscv64.S), which loads canaries into those registers and
 * reports what the kernel left there. The shapes reach every code path that
 * uses extra registers: MD5 aligned and unaligned (offsets 1..3, one block
 * and several), ChaCha20 short, partial and multi-batch lengths, misaligned.
 * The results must still match the portable kernels. Broken "kernels" that
 * clobber s0, s11, fs5 or sp must be caught on every run, so the checker is
 * shown to be able to fail.
 */
#include <stdio.h>
#include <string.h>

#include "../asm/le.h"
#include "../asm/arch.h"
#include "testutil.h"

#define RV_ABI_NREPORT 27
#define RV_ABI_NCANARY 24

void rv_abi_call(const void *fn, uint64_t x0, uint64_t x1, uint64_t x2,
                 uint64_t x3, uint64_t x4, uint64_t report[RV_ABI_NREPORT]);
extern const uint64_t rv_abi_canary[RV_ABI_NCANARY];
void rv_abi_bad_s0(void);
void rv_abi_bad_s11(void);
void rv_abi_bad_fs5(void);
void rv_abi_bad_sp(void);

static uint64_t read_gp(void)
{
    uint64_t v;

    __asm__ volatile("mv %0, gp" : "=r"(v));
    return v;
}

static uint64_t read_tp(void)
{
    uint64_t v;

    __asm__ volatile("mv %0, tp" : "=r"(v));
    return v;
}

/* Number of registers the call left wrong; prints each. */
static int check_report(const char *what, const uint64_t r[RV_ABI_NREPORT])
{
    int bad = 0;

    for (int i = 0; i < RV_ABI_NCANARY; i++) {
        if (r[i] != rv_abi_canary[i]) {
            printf("\n  %s: %s%d = %#llx, want %#llx", what, i < 12 ? "s" : "fs",
                   i % 12, (unsigned long long)r[i],
                   (unsigned long long)rv_abi_canary[i]);
            bad++;
        }
    }
    if (r[24] != 0) {
        printf("\n  %s: sp moved by %lld", what, (long long)r[24]);
        bad++;
    }
    if (r[25] != read_gp()) {
        printf("\n  %s: gp changed", what);
        bad++;
    }
    if (r[26] != read_tp()) {
        printf("\n  %s: tp changed", what);
        bad++;
    }
    return bad;
}

static uint32_t cpu_caps(void)
{
    return tu_caps();
}

static void test_md5_kernels(void)
{
    static _Alignas(16) uint8_t buf[64 * 9 + 8]; /* off 0 is aligned */
    uint32_t caps = cpu_caps();
    int kernels = 0;

    tu_rand_bytes(buf, sizeof(buf));
    for (size_t i = 0; i < simd_arch_this.tables[SIMD_ALG_MD5].n; i++) {
        const simd_kernel *k = &simd_arch_this.tables[SIMD_ALG_MD5].kernels[i];

        if (!simd_runnable(k->needs, caps))
            continue;
        kernels++;
        for (size_t off = 0; off < 4; off++) {
            for (size_t n = 0; n <= 9; n += 1 + (n >= 2) * 6) { /* 0 1 2 9 */
                uint32_t want[4] = {1, 2, 3, 4}, got[4] = {1, 2, 3, 4};
                uint64_t r[RV_ABI_NREPORT];
                char what[64];

                snprintf(what, sizeof(what), "md5 %s off %zu n %zu", k->name,
                         off, n);
                md5_blocks_portable(want, buf + off, n);
                rv_abi_call((const void *)k->fn.md5, (uint64_t)(uintptr_t)got,
                            (uint64_t)(uintptr_t)(buf + off), n, 0, 0, r);
                CU_ASSERT_EQUAL(check_report(what, r), 0);
                CU_ASSERT_EQUAL(memcmp(want, got, sizeof(got)), 0);
            }
        }
    }
    CU_ASSERT(kernels >= 1);
}

static void test_chacha20_kernels(void)
{
    /* 4100 bytes: more than one batch of 32 lanes (2048 bytes) twice over. */
    static _Alignas(16) uint8_t in[4200], out[4200], ref[4200];
    static const size_t lens[] = {1, 63, 64, 65, 255, 256, 1000, 2048, 4100};
    uint32_t caps = cpu_caps(), key[8], ctr[4];
    int kernels = 0;

    for (int i = 0; i < 8; i++)
        key[i] = (uint32_t)tu_rand();
    for (int i = 0; i < 4; i++)
        ctr[i] = (uint32_t)tu_rand();
    ctr[0] = 7;
    tu_rand_bytes(in, sizeof(in));
    for (size_t i = 0; i < simd_arch_this.tables[SIMD_ALG_CHACHA20].n; i++) {
        const simd_kernel *k = &simd_arch_this.tables[SIMD_ALG_CHACHA20].kernels[i];

        if (!simd_runnable(k->needs, caps))
            continue;
        kernels++;
        for (size_t l = 0; l < SIMD_COUNT(lens); l++) {
            size_t off = l % 4, len = lens[l];
            uint64_t r[RV_ABI_NREPORT];
            char what[64];

            snprintf(what, sizeof(what), "chacha20 %s len %zu", k->name, len);
            chacha20_xor_portable(ref, in + off, len, key, ctr);
            rv_abi_call((const void *)k->fn.chacha20, (uint64_t)(uintptr_t)(out + 3),
                        (uint64_t)(uintptr_t)(in + off), len,
                        (uint64_t)(uintptr_t)key, (uint64_t)(uintptr_t)ctr, r);
            CU_ASSERT_EQUAL(check_report(what, r), 0);
            CU_ASSERT_EQUAL(memcmp(out + 3, ref, len), 0);
        }
    }
    CU_ASSERT(kernels >= 1);
}

/* The checker itself: each broken function must be reported, and only for
 * the register it breaks. */
static void test_checker_catches(void)
{
    static const struct {
        void (*fn)(void);
        int index; /* report entry that must be wrong */
    } bad[] = {
        {rv_abi_bad_s0, 0},
        {rv_abi_bad_s11, 11},
        {rv_abi_bad_fs5, 12 + 5},
        {rv_abi_bad_sp, 24},
    };

    for (size_t i = 0; i < SIMD_COUNT(bad); i++) {
        uint64_t r[RV_ABI_NREPORT];
        int wrong = 0, right_one;

        rv_abi_call((const void *)bad[i].fn, 0, 0, 0, 0, 0, r);
        for (int j = 0; j < RV_ABI_NCANARY; j++)
            wrong += r[j] != rv_abi_canary[j];
        wrong += r[24] != 0;
        right_one = bad[i].index == 24 ? r[24] != 0
                                       : r[bad[i].index] != rv_abi_canary[bad[i].index];
        CU_ASSERT_EQUAL(wrong, 1);
        CU_ASSERT(right_one);
    }
}

int main(void)
{
    static const tu_test tests[] = {
        {"checker catches broken functions", test_checker_catches},
        {"md5 kernels keep callee-saved registers", test_md5_kernels},
        {"chacha20 kernels keep callee-saved registers", test_chacha20_kernels},
        {NULL, NULL},
    };

    return tu_main("abi_riscv64", tests);
}
