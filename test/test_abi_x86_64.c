/*
 * x86_64 calling-convention checks for every kernel, ChaCha20 and MD5 (whose
 * result must also still match the portable kernel): each is called through
 * simd_abi_call (abi_check_x86_64.S), which loads known values into the
 * callee-saved registers (rbx, rbp, r12-r15) and reports any that changed,
 * plus rsp, the direction flag, the MXCSR control bits and, where the CPU
 * can tell (XGETBV(1)), a dirty upper YMM/ZMM state (no vzeroupper).
 * Lengths cover every path of the length routing. The
 * abi_bad_* negative controls show that each check can fail.
 */
#include <cpuid.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../asm/x86_64/kernels.h"
#include "../asm/arch.h"
#include "testutil.h"

/* what simd_abi_call reports */
#define ABI_RBX 0x001u
#define ABI_RBP 0x002u
#define ABI_R12 0x004u
#define ABI_R13 0x008u
#define ABI_R14 0x010u
#define ABI_R15 0x020u
#define ABI_RSP 0x040u
#define ABI_DF 0x080u
#define ABI_MXCSR 0x100u
#define ABI_UPPER 0x200u

uint32_t simd_abi_call(void *fn, uintptr_t a1, uintptr_t a2, uintptr_t a3,
                       uintptr_t a4, uintptr_t a5);
extern unsigned char simd_abi_check_upper;
void abi_bad_rbx(void), abi_bad_rbp(void), abi_bad_r12(void);
void abi_bad_r13(void), abi_bad_r14(void), abi_bad_r15(void);
void abi_bad_df(void), abi_bad_mxcsr(void), abi_bad_upper(void);
void abi_clean_avx(void), abi_nothing(void);

/* Whole-block lengths that reach every path of the length routing. */
static const size_t lengths[] = {0,    64,   128,  192,  256,  320,  384,
                                 512,  576,  640,  768,  1024, 1152, 2048,
                                 2112, 2240, 3072, 4224};

static uint32_t caps;

static int runnable(uint32_t needs)
{
    return simd_runnable(needs, caps);
}

/* XGETBV with ECX=1 exists (CPUID.(0xD,1):EAX[2]) and the OS uses AVX. */
static int have_xinuse(void)
{
    unsigned int a, b, c, d;

    if (!(caps & SIMD_CAP_X86_AVX2) || __get_cpuid_max(0, NULL) < 0xd)
        return 0;
    __cpuid_count(0xd, 1, a, b, c, d);
    return (a >> 2) & 1;
}

/* One chacha20 kernel through the checker at every length; the output must
 * still match the portable kernel. Returns the union of reported faults. */
static uint32_t check_chacha20(simd_chacha20_fn fn, size_t group)
{
    enum { MAX = 4224 };
    static uint8_t in[MAX], out[MAX], ref[MAX];
    uint32_t key[8], ctr[4], got = 0;

    for (size_t i = 0; i < sizeof(lengths) / sizeof(lengths[0]); i++) {
        size_t len = lengths[i], n = group ? len - len % group : len;

        for (int k = 0; k < 8; k++)
            key[k] = (uint32_t)tu_rand();
        for (int k = 0; k < 4; k++)
            ctr[k] = (uint32_t)tu_rand();
        ctr[0] &= 0xffffff;
        tu_rand_bytes(in, len);
        chacha20_xor_portable(ref, in, n, key, ctr);
        got |= simd_abi_call((void *)fn, (uintptr_t)out, (uintptr_t)in, len,
                             (uintptr_t)key, (uintptr_t)ctr);
        CU_ASSERT(memcmp(out, ref, n) == 0);
    }
    return got;
}

static void test_table_kernels(void)
{
    const simd_arch *a = &simd_arch_this;

    for (size_t i = 0; i < a->tables[SIMD_ALG_CHACHA20].n; i++) {
        uint32_t got;

        if (!runnable(a->tables[SIMD_ALG_CHACHA20].kernels[i].needs))
            continue;
        got = check_chacha20(a->tables[SIMD_ALG_CHACHA20].kernels[i].fn.chacha20, 0);
        if (got != 0)
            fprintf(stderr, "\n  chacha20 %s: ABI faults 0x%x",
                    a->tables[SIMD_ALG_CHACHA20].kernels[i].name, got);
        CU_ASSERT_EQUAL(got, 0);
    }
    for (size_t i = 0; i < a->tables[SIMD_ALG_MD5].n; i++) {
        static uint8_t in[64 * 17];
        uint32_t got = 0;

        if (!runnable(a->tables[SIMD_ALG_MD5].kernels[i].needs))
            continue;
        tu_rand_bytes(in, sizeof(in));
        for (size_t n = 0; n <= 17; n++) {
            uint32_t state[4] = {0x67452301, 0xefcdab89, 0x98badcfe,
                                 0x10325476};
            uint32_t ref[4];

            memcpy(ref, state, sizeof(ref));
            md5_blocks_portable(ref, in, n);
            got |= simd_abi_call((void *)a->tables[SIMD_ALG_MD5].kernels[i].fn.md5, (uintptr_t)state,
                                 (uintptr_t)in, n, 0, 0);
            CU_ASSERT(memcmp(state, ref, sizeof(ref)) == 0);
        }
        if (got != 0)
            fprintf(stderr, "\n  md5 %s: ABI faults 0x%x", a->tables[SIMD_ALG_MD5].kernels[i].name,
                    got);
        CU_ASSERT_EQUAL(got, 0);
    }
}

static void test_inner_kernels(void)
{
    const simd_table *t = &simd_arch_this.inner[SIMD_ALG_CHACHA20];

    for (size_t i = 0; i < t->n; i++) {
        uint32_t got;

        if (!runnable(t->kernels[i].needs))
            continue;
        got = check_chacha20(t->kernels[i].fn.chacha20, t->kernels[i].group);
        if (got != 0)
            fprintf(stderr, "\n  %s: ABI faults 0x%x", t->kernels[i].name, got);
        CU_ASSERT_EQUAL(got, 0);
    }
}

static uint32_t call0(void (*fn)(void))
{
    return simd_abi_call((void *)fn, 0, 0, 0, 0, 0);
}

/* The checker itself: each negative control must be caught, and only for
 * what it breaks. */
static void test_checker_catches(void)
{
    CU_ASSERT_EQUAL(call0(abi_nothing), 0);
    CU_ASSERT_EQUAL(call0(abi_bad_rbx), ABI_RBX);
    CU_ASSERT_EQUAL(call0(abi_bad_rbp), ABI_RBP);
    CU_ASSERT_EQUAL(call0(abi_bad_r12), ABI_R12);
    CU_ASSERT_EQUAL(call0(abi_bad_r13), ABI_R13);
    CU_ASSERT_EQUAL(call0(abi_bad_r14), ABI_R14);
    CU_ASSERT_EQUAL(call0(abi_bad_r15), ABI_R15);
    CU_ASSERT_EQUAL(call0(abi_bad_df), ABI_DF);
    CU_ASSERT_EQUAL(call0(abi_bad_mxcsr), ABI_MXCSR);
    if (simd_abi_check_upper) {
        CU_ASSERT_EQUAL(call0(abi_clean_avx), 0);
        CU_ASSERT_EQUAL(call0(abi_bad_upper), ABI_UPPER);
    }
}

int main(void)
{
    static const tu_test tests[] = {
        {"the checker catches each broken rule", test_checker_catches},
        {"every table kernel keeps the ABI", test_table_kernels},
        {"every block-count kernel keeps the ABI", test_inner_kernels},
        {NULL, NULL},
    };

    caps = tu_caps();
    /* The upper-state check needs XINUSE, and a CPU may report a component
     * in use conservatively: calibrate on a clean and a dirty function. */
    if (have_xinuse()) {
        simd_abi_check_upper = 1;
        if (call0(abi_clean_avx) != 0 || call0(abi_bad_upper) != ABI_UPPER)
            simd_abi_check_upper = 0;
    }
    printf("upper-state (vzeroupper) check: %s\n",
           simd_abi_check_upper ? "on" : "off (no usable XGETBV(1))");
    return tu_main("abi_x86_64", tests);
}
