/*
 * ELFv2 ABI checks for the ppc64le kernels: every ChaCha20 kernel of
 * simd_arch_this's table that this CPU can run is called through
 * ppc_abi_call (test/abi_check_ppc64le.S) with r14..r31, f14..f31, v20..v31
 * and CR2..CR4 set to canaries; afterwards all must be unchanged, r1 must be
 * back where it was, and the output must equal the portable kernel's.
 * Lengths cover every path: nothing, partial groups, the 4-block loop, the
 * 8-block loop and its hand-over to the 4-block code.
 * Deliberately broken kernels (ppc_abi_bad_*) must be caught, so the checker
 * proves itself on every run.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "../asm/arch.h"
#include "testutil.h"

typedef struct {
    uint64_t gpr[18]; /* r14..r31 */
    uint64_t fpr[18]; /* f14..f31 (bit patterns) */
    uint8_t vr[12][16] __attribute__((aligned(16))); /* v20..v31 */
    uint64_t cr;
    int64_t sp_delta;
} __attribute__((aligned(16))) ppc_abi_regs;

_Static_assert(offsetof(ppc_abi_regs, fpr) == 144, "layout");
_Static_assert(offsetof(ppc_abi_regs, vr) == 288, "layout");
_Static_assert(offsetof(ppc_abi_regs, cr) == 480, "layout");
_Static_assert(offsetof(ppc_abi_regs, sp_delta) == 488, "layout");

void ppc_abi_call(simd_chacha20_fn fn, uint8_t *out, const uint8_t *in,
                  size_t len, const uint32_t key[8], const uint32_t ctr[4],
                  const ppc_abi_regs *canary, ppc_abi_regs *after);

#define BAD(n) void ppc_abi_bad_##n(uint8_t *, const uint8_t *, size_t, \
                                    const uint32_t *, const uint32_t *);
BAD(r14) BAD(r31) BAD(f14) BAD(f26) BAD(f31) BAD(v20) BAD(v31) BAD(cr2)
BAD(sp)

/* The CR fields ELFv2 makes non-volatile: CR2, CR3, CR4 (CR bits 8..19, counted from the MSB). */
#define CR_NONVOLATILE 0x00fff000u

static ppc_abi_regs canary;

static void make_canaries(void)
{
    for (int i = 0; i < 18; i++) {
        canary.gpr[i] = 0x5eed000000000000ull ^ ((uint64_t)(14 + i) << 40) ^
                        tu_rand();
        canary.fpr[i] = 0x3ff0000000000000ull ^ ((uint64_t)(14 + i) << 32) ^
                        (tu_rand() & 0xffffffffu);
    }
    for (int r = 0; r < 12; r++)
        for (int b = 0; b < 16; b++)
            canary.vr[r][b] = (uint8_t)(tu_rand() ^ (20 + r));
    /* Alternate the CR2..CR4 bits so any change of a field shows. */
    canary.cr = 0x00a5c000u;
}

/* The first difference between canaries and what came back, or NULL. */
static const char *abi_violation(simd_chacha20_fn fn, uint8_t *out,
                                 const uint8_t *in, size_t len,
                                 const uint32_t key[8], const uint32_t ctr[4])
{
    static char why[64];
    ppc_abi_regs after;

    memset(&after, 0xa5, sizeof(after));
    ppc_abi_call(fn, out, in, len, key, ctr, &canary, &after);
    for (int i = 0; i < 18; i++) {
        if (after.gpr[i] != canary.gpr[i]) {
            snprintf(why, sizeof(why), "r%d clobbered", 14 + i);
            return why;
        }
    }
    for (int i = 0; i < 18; i++) {
        if (after.fpr[i] != canary.fpr[i]) {
            snprintf(why, sizeof(why), "f%d clobbered", 14 + i);
            return why;
        }
    }
    for (int i = 0; i < 12; i++) {
        if (memcmp(after.vr[i], canary.vr[i], 16) != 0) {
            snprintf(why, sizeof(why), "v%d clobbered", 20 + i);
            return why;
        }
    }
    if (((after.cr ^ canary.cr) & CR_NONVOLATILE) != 0)
        return "cr2..cr4 clobbered";
    if (after.sp_delta != 0)
        return "r1 moved";
    return NULL;
}

static void test_kernels_preserve_abi(void)
{
    static const size_t lens[] = {0,   1,   15,  63,  64,   65,   255, 256,
                                  257, 511, 512, 513, 767,  768,  1023, 1024,
                                  1025, 1535, 1536, 2048, 3000};
    static uint8_t in[3000], out[3000], ref[3000];
    uint32_t caps = tu_caps();
    uint32_t key[8], ctr[4];
    int tested = 0;

    for (size_t i = 0; i < sizeof(in); i++)
        in[i] = (uint8_t)(i * 7 + 3);
    for (int i = 0; i < 8; i++)
        key[i] = (uint32_t)tu_rand();
    for (int i = 0; i < 4; i++)
        ctr[i] = (uint32_t)tu_rand();
    ctr[0] = 7;
    for (size_t k = 0; k < simd_arch_this.tables[SIMD_ALG_CHACHA20].n; k++) {
        const simd_kernel *kn = &simd_arch_this.tables[SIMD_ALG_CHACHA20].kernels[k];

        if (!simd_runnable(kn->needs, caps)) {
            printf("\n  (skip %s: CPU lacks it) ", kn->name);
            continue;
        }
        tested++;
        for (size_t l = 0; l < sizeof(lens) / sizeof(lens[0]); l++) {
            const char *why;

            chacha20_xor_portable(ref, in, lens[l], key, ctr);
            memset(out, 0, sizeof(out));
            why = abi_violation(kn->fn.chacha20, out, in, lens[l], key, ctr);
            if (why)
                printf("\n  %s, %zu bytes: %s", kn->name, lens[l], why);
            CU_ASSERT_PTR_NULL(why);
            CU_ASSERT(memcmp(out, ref, lens[l]) == 0);
        }
    }
    CU_ASSERT(tested > 0);
}

static void test_checker_catches_breakage(void)
{
    static const struct {
        simd_chacha20_fn fn;
        const char *want;
    } bad[] = {
        {ppc_abi_bad_r14, "r14 clobbered"}, {ppc_abi_bad_r31, "r31 clobbered"},
        {ppc_abi_bad_f14, "f14 clobbered"}, {ppc_abi_bad_f26, "f26 clobbered"},
        {ppc_abi_bad_f31, "f31 clobbered"}, {ppc_abi_bad_v20, "v20 clobbered"},
        {ppc_abi_bad_v31, "v31 clobbered"}, {ppc_abi_bad_cr2, "cr2..cr4 clobbered"},
        {ppc_abi_bad_sp, "r1 moved"},
    };
    static const uint32_t key[8], ctr[4];
    uint8_t buf[1];

    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        const char *why = abi_violation(bad[i].fn, buf, buf, 0, key, ctr);

        if (why == NULL || strcmp(why, bad[i].want) != 0)
            printf("\n  broken kernel %zu: got %s, want %s", i,
                   why ? why : "nothing", bad[i].want);
        CU_ASSERT(why != NULL && strcmp(why, bad[i].want) == 0);
    }
}

int main(void)
{
    static const tu_test tests[] = {
        {"ChaCha20 kernels keep r14-r31, f14-f31, v20-v31, CR2-4, r1",
         test_kernels_preserve_abi},
        {"checker catches each deliberately broken kernel",
         test_checker_catches_breakage},
        {NULL, NULL},
    };

    make_canaries();
    return tu_main("abi_ppc64le", tests);
}
