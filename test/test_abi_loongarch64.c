/*
 * LoongArch psABI checks for every ChaCha20 kernel this CPU can run, called
 * through test/abi_check_loongarch64.S:
 *  - $s0-$s8, $fp and the low 64 bits of $f24-$f31 (which are the low halves
 *    of the vector registers $vr24-$vr31/$xr24-$xr31) come back unchanged,
 *    and so do $sp, $tp and $r21;
 *  - the output does not depend on what the other registers held before the
 *    call (every vector register and every scratch GPR is filled with
 *    different garbage on each call), i.e. no register is read before it is
 *    written, and it matches the portable kernel.
 * Lengths are chosen to reach every path of the kernels: empty, the 1- and
 * 2-block short paths with and without a partial block, the last partial
 * 4-/8-block pass, and several full passes followed by each kind of tail.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "../asm/arch.h"
#include "testutil.h"

typedef struct {
    uint64_t s[10]; /* $s0-$s8, $fp */
    uint64_t f[8];  /* $f24-$f31 */
    uint64_t poison, step;
    uint64_t lasx; /* non-zero: poison all 256 bits of $xr0-$xr31 */
} la_abi_setup;

typedef struct {
    uint64_t s[10];
    uint64_t f[8];
    uint64_t sp_before, sp_after, tp_before, tp_after, r21_before, r21_after;
} la_abi_regs;

/* Offsets the assembly uses. */
_Static_assert(offsetof(la_abi_setup, f) == 80, "SET_F");
_Static_assert(offsetof(la_abi_setup, poison) == 144, "SET_POISON");
_Static_assert(offsetof(la_abi_setup, step) == 152, "SET_STEP");
_Static_assert(offsetof(la_abi_setup, lasx) == 160, "SET_LASX");
_Static_assert(offsetof(la_abi_regs, f) == 80, "GOT_F");
_Static_assert(offsetof(la_abi_regs, sp_before) == 144, "GOT_SP_BEFORE");
_Static_assert(offsetof(la_abi_regs, r21_after) == 184, "GOT_R21_AFTER");

void la_abi_call(simd_chacha20_fn fn, uint8_t *out, const uint8_t *in,
                 size_t len, const uint32_t key[8], const uint32_t ctr[4],
                 const la_abi_setup *set, la_abi_regs *got);

static uint32_t caps;

static const size_t lengths[] = {
    0,   1,   15,  16,  17,  63,  64,  65,   100,  127,  128,  129,
    191, 192, 193, 255, 256, 257, 300, 383,  384,  385,  447,  511,
    512, 513, 575, 640, 767, 768, 769, 1023, 1024, 1025, 1151, 4096 + 77,
};

#define MAX_LEN 8192

/* One call with fresh garbage and fresh callee-saved values; returns 1 if
 * every register came back and the output is right. */
static int abi_case(const simd_kernel *k, size_t len, uint64_t poison)
{
    static uint8_t in[MAX_LEN], out[MAX_LEN], ref[MAX_LEN];
    uint32_t key[8], ctr[4];
    la_abi_setup set;
    la_abi_regs got;
    int ok = 1;

    for (int i = 0; i < 8; i++)
        key[i] = (uint32_t)tu_rand();
    for (int i = 0; i < 4; i++)
        ctr[i] = (uint32_t)tu_rand();
    ctr[0] &= 0x7fffffff; /* no wrap inside the call */
    tu_rand_bytes(in, len);
    chacha20_xor_portable(ref, in, len, key, ctr);

    for (int i = 0; i < 10; i++)
        set.s[i] = tu_rand() | 1; /* never 0: a zeroing bug shows too */
    for (int i = 0; i < 8; i++)
        set.f[i] = tu_rand() | 1;
    set.poison = poison;
    set.step = tu_rand() | 1;
    set.lasx = (caps & SIMD_CAP_LA_LASX) != 0;
    memset(&got, 0, sizeof(got));
    memset(out, 0x5a, sizeof(out));

    la_abi_call(k->fn.chacha20, out, in, len, key, ctr, &set, &got);

    for (int i = 0; i < 10; i++)
        if (got.s[i] != set.s[i]) {
            fprintf(stderr, "%s len %zu: %s%d changed\n", k->name, len,
                    i < 9 ? "$s" : "$fp", i < 9 ? i : 22);
            ok = 0;
        }
    for (int i = 0; i < 8; i++)
        if (got.f[i] != set.f[i]) {
            fprintf(stderr, "%s len %zu: $f%d changed\n", k->name, len, 24 + i);
            ok = 0;
        }
    if (got.sp_after != got.sp_before || got.tp_after != got.tp_before ||
        got.r21_after != got.r21_before) {
        fprintf(stderr, "%s len %zu: $sp/$tp/$r21 changed\n", k->name, len);
        ok = 0;
    }
    if (memcmp(out, ref, len) != 0) {
        fprintf(stderr, "%s len %zu poison %#llx: wrong output\n", k->name,
                len, (unsigned long long)poison);
        ok = 0;
    }
    for (size_t i = len; i < sizeof(out); i++)
        if (out[i] != 0x5a) {
            fprintf(stderr, "%s len %zu: wrote past the end\n", k->name, len);
            ok = 0;
            break;
        }
    return ok;
}

static void test_registers(void)
{
    /* All-zero, all-ones and random garbage: an uninitialised read cannot
     * give the right answer for all of them. */
    static const uint64_t poisons[] = {0, ~0ull, 0x0123456789abcdefull};
    size_t tested = 0;

    for (size_t i = 0; i < simd_arch_this.tables[SIMD_ALG_CHACHA20].n; i++) {
        const simd_kernel *k = &simd_arch_this.tables[SIMD_ALG_CHACHA20].kernels[i];

        if (!simd_runnable(k->needs, caps))
            continue;
        for (size_t l = 0; l < SIMD_COUNT(lengths); l++) {
            for (size_t p = 0; p < SIMD_COUNT(poisons); p++)
                CU_ASSERT(abi_case(k, lengths[l], poisons[p]));
            CU_ASSERT(abi_case(k, lengths[l], tu_rand()));
        }
        tested++;
    }
    /* The portable row at least; on LoongArch hardware with LSX, more. */
    CU_ASSERT(tested >= 1);
    if (caps & SIMD_CAP_LA_LSX)
        CU_ASSERT(tested >= 2);
}

int main(void)
{
    static const tu_test tests[] = {
        {"callee-saved registers kept, no uninitialised register read",
         test_registers},
        {NULL, NULL},
    };

    caps = tu_caps();
    return tu_main("abi_loongarch64", tests);
}
