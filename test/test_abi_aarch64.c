#define _GNU_SOURCE /* prctl */
/*
 * AAPCS64 hygiene of every aarch64 kernel this CPU can run: each one is
 * called through abi_check_aarch64.S, which fills x19..x28, x29 and d8..d15
 * with known values, calls the kernel through a function pointer and
 * reports what changed (and whether sp came back). Lengths are chosen to
 * reach every path of the kernels: empty, partial block only, whole
 * one-block tail, the multi-block loops, and a multi-block run plus a
 * partial block. A deliberately broken function checks that the checker
 * itself catches a clobber.
 */
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>

#include "../asm/arch.h"
#include "testutil.h"

uint32_t abi_check_call(const void *fn, const uint64_t args[5]);
void abi_check_clobber(void);

#define ABI_SP_BIT 19

static uint32_t caps;

static void describe(const char *what, size_t arg, uint32_t mask)
{
    if (mask == 0)
        return;
    fprintf(stderr, "%s(%zu) did not preserve:", what, arg);
    for (int i = 0; i < 10; i++)
        if (mask & (1u << i))
            fprintf(stderr, " x%d", 19 + i);
    if (mask & (1u << 10))
        fprintf(stderr, " x29");
    for (int i = 0; i < 8; i++)
        if (mask & (1u << (11 + i)))
            fprintf(stderr, " d%d", 8 + i);
    if (mask & (1u << ABI_SP_BIT))
        fprintf(stderr, " sp");
    fprintf(stderr, "\n");
}

/* The checker must report exactly what abi_check_clobber breaks. */
static void test_checker_catches_clobber(void)
{
    uint32_t st[4] = {0};
    uint64_t args[5] = {(uintptr_t)st, (uintptr_t)st, 0, 0, 0};
    uint32_t mask = abi_check_call((const void *)abi_check_clobber, args);

    CU_ASSERT_EQUAL(mask, (1u << 2) | (1u << 10) | (1u << 15));
    /* And a well-behaved (compiled) function passes. */
    CU_ASSERT_EQUAL(abi_check_call((const void *)md5_blocks_portable, args),
                    0);
}

static const size_t chacha_lengths[] = {
    0, 1, 15, 63, 64, 65, 127, 128, 191, 192, 255, 256, 257, 319,
    511, 512, 1000, 1024, 2049, 4096, 4159, 8192 + 37, 16384 + 64 + 5,
};

static void test_chacha20_kernels(void)
{
    static uint8_t in[20000], out[20000], ref[20000];
    uint32_t key[8], ctr[4];

    tu_rand_bytes(in, sizeof(in));
    for (int i = 0; i < 8; i++)
        key[i] = (uint32_t)tu_rand();
    for (int i = 0; i < 4; i++)
        ctr[i] = (uint32_t)tu_rand();
    ctr[0] = 7;
    for (size_t k = 0; k < simd_arch_this.tables[SIMD_ALG_CHACHA20].n; k++) {
        const simd_kernel *kern = &simd_arch_this.tables[SIMD_ALG_CHACHA20].kernels[k];

        if (!simd_runnable(kern->needs, caps))
            continue;
        for (size_t i = 0; i < sizeof(chacha_lengths) / sizeof(size_t); i++) {
            size_t len = chacha_lengths[i];
            uint64_t args[5] = {(uintptr_t)out, (uintptr_t)in, len,
                                (uintptr_t)key, (uintptr_t)ctr};
            uint32_t mask;

            memset(out, 0, len);
            mask = abi_check_call((const void *)kern->fn.chacha20, args);
            describe(kern->name, len, mask);
            CU_ASSERT_EQUAL(mask, 0);
            chacha20_xor_portable(ref, in, len, key, ctr);
            CU_ASSERT_EQUAL(memcmp(out, ref, len), 0);
        }
    }
}

static void test_md5_kernels(void)
{
    static uint8_t in[64 * 9];

    tu_rand_bytes(in, sizeof(in));
    for (size_t k = 0; k < simd_arch_this.tables[SIMD_ALG_MD5].n; k++) {
        const simd_kernel *kern = &simd_arch_this.tables[SIMD_ALG_MD5].kernels[k];

        if (!simd_runnable(kern->needs, caps))
            continue;
        for (size_t n = 0; n <= 9; n += 3) {
            uint32_t st[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
            uint32_t ref[4];
            uint64_t args[5] = {(uintptr_t)st, (uintptr_t)in, n, 0, 0};
            uint32_t mask;

            memcpy(ref, st, sizeof(ref));
            mask = abi_check_call((const void *)kern->fn.md5, args);
            describe(kern->name, n, mask);
            CU_ASSERT_EQUAL(mask, 0);
            md5_blocks_portable(ref, in, n);
            CU_ASSERT_EQUAL(memcmp(st, ref, sizeof(ref)), 0);
        }
    }
}

/* Not a check: shows in the log which SVE vector length this run had, so
 * the matrix's "max,sve-default-vector-length=N" rows are visibly honoured. */
static void test_report_vector_length(void)
{
    int vl = prctl(51 /* PR_SVE_GET_VL */);

    if (caps & SIMD_CAP_ARM_SVE) {
        CU_ASSERT(vl > 0);
        fprintf(stderr, "SVE vector length: %d bits\n", (vl & 0xffff) * 8);
    } else {
        fprintf(stderr, "no SVE\n");
    }
}

int main(void)
{
    static const tu_test tests[] = {
        {"checker catches a clobbering function", test_checker_catches_clobber},
        {"chacha20 kernels preserve x19-x29, d8-d15, sp", test_chacha20_kernels},
        {"md5 kernels preserve x19-x29, d8-d15, sp", test_md5_kernels},
        {"report SVE vector length", test_report_vector_length},
        {NULL, NULL},
    };

    caps = tu_caps();
    return tu_main("abi_aarch64", tests);
}
