/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The calling convention of every kernel: each kernel of every algorithm in
 * simd_arch_this.tables[] and .inner[] that the CPU under test can run is
 * called through the architecture's trampoline (check_<arch>.S, see abi.h),
 * which loads canaries into every callee-saved register and garbage into the
 * scratch ones; afterwards every callee-saved register must be unchanged
 * (reported by name), the output must equal the portable kernel's (so no
 * uninitialised register was read: four different garbages per case) and
 * nothing around the output may have been written. Sizes reach every length
 * path of every architecture's kernels, with the input and output both
 * aligned and misaligned. Deliberately broken functions (<arch>.c) show that
 * the checker catches each class of fault.
 *
 * A new algorithm needs one entry in algs[] below (the test fails until it
 * has one); a new architecture a trampoline and a table.
 */
#define _GNU_SOURCE /* sigaltstack, sigsetjmp */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "../../asm/arch.h"
#include "poly1305_value.h"
#include "testutil.h"
#include "abi.h"

uint64_t abi_flags;
static uint32_t caps;

static void append(char *report, size_t size, const char *fmt, unsigned n)
{
    size_t used = strlen(report);

    if (used + 1 < size)
        snprintf(report + used, size - used, "%s", used ? " " : "");
    used = strlen(report);
    if (used + 1 < size)
        snprintf(report + used, size - used, fmt, n);
}

/*
 * A kernel may also crash: in itself (x86_64 cannot return with a moved
 * rsp) or in its own C glue that a clobbered register derails. The signal
 * handler runs on its own stack and jumps back, so that is reported as well.
 */
static sigjmp_buf crash_jmp;
static volatile sig_atomic_t crash_sig, in_call;

static void on_crash(int sig)
{
    if (!in_call) { /* not a kernel's: die of it as usual */
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    in_call = 0;
    crash_sig = sig;
    siglongjmp(crash_jmp, 1);
}

static const int crash_sigs[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE};

static void catch_crashes(void)
{
    static _Alignas(16) char alt[64 * 1024];
    stack_t ss;
    struct sigaction sa;

    memset(&ss, 0, sizeof(ss));
    ss.ss_sp = alt;
    ss.ss_size = sizeof(alt);
    sigaltstack(&ss, NULL);
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_crash;
    sa.sa_flags = SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < SIMD_COUNT(crash_sigs); i++)
        sigaction(crash_sigs[i], &sa, NULL);
}

/* The names of the registers st says changed, separated by spaces. */
static void describe(const abi_state *st, char *report, size_t size)
{
    size_t w = 0;

    report[0] = '\0';
    for (size_t r = 0; r < abi_nregs; r++) {
        const abi_reg *g = &abi_regs[r];

        for (unsigned i = 0; i < g->count; i++, w += g->words) {
            uint64_t diff = 0;

            for (unsigned k = 0; k < g->words; k++)
                diff |= (st->before[w + k] ^ st->after[w + k]) & g->keep;
            if (diff != 0)
                append(report, size, g->name, g->first + i);
        }
    }
}

int abi_call(abi_fn fn, const uintptr_t args[6], uint64_t poison,
             char *report, size_t size)
{
    abi_state st;

    for (size_t i = 0; i < ABI_WORDS; i++)
        st.before[i] = tu_rand() | 1; /* never 0: a zeroing bug shows too */
    memset(st.after, 0, sizeof(st.after));
    st.poison = poison;
    st.step = tu_rand() | 1;
    st.flags = abi_flags;
    if (sigsetjmp(crash_jmp, 1) != 0) {
        snprintf(report, size, "(crashed: signal %d)", (int)crash_sig);
        return (int)crash_sig;
    }
    in_call = 1;
    simd_abi_call(fn, args, &st);
    in_call = 0;
    describe(&st, report, size);
    return 0;
}

/* ------------------------------------------------------------ the cases */

/* Each size runs SKEWS times: run i with the input i bytes off alignment
 * (the output another amount off) and scratch registers poisoned with
 * poison_for(i). */
enum {
    MAX_LEN = 16384 + 128,
    SKEWS = 4,
    GUARD = 64,
    /* room for a stitched kernel's Poly1305 state after its output */
    OUT_SIZE = GUARD + MAX_LEN + SKEWS + 8 + sizeof(simd_poly1305) + GUARD
};

static _Alignas(64) uint8_t in[MAX_LEN + SKEWS];
static _Alignas(64) uint8_t ref[MAX_LEN + SIMD_CHACHA20_BLOCK]; /* + a tail */
/* The kernels write here, between guard bytes; uint32_t for MD5's state. */
static union {
    uint8_t b[OUT_SIZE];
    uint32_t w[OUT_SIZE / 4];
} __attribute__((aligned(64))) out;

/* One call: the kernel's arguments and where in `out` it writes what `ref`
 * holds. */
typedef struct {
    uintptr_t args[6];
    size_t nargs, size;
    uint8_t *dst;
    size_t len;
} abi_case;

typedef struct {
    const char *unit; /* what sizes[] counts */
    const size_t *sizes;
    size_t nsizes;
    abi_fn (*fn)(const simd_kernel_row *k);
    /* Sets up a call of `size` with the input `skew` bytes off alignment:
     * random input and state, the expected output in ref, the arguments. */
    void (*prepare)(const simd_kernel_row *k, size_t size, unsigned skew,
                    abi_case *c);
    /* Whether the kernel's output at c->dst is right; NULL: it must equal
     * ref byte for byte. */
    int (*check)(const abi_case *c);
} abi_alg;

/* Every whole-block length up to 24 blocks (each short path, and each tail
 * after a wide pass, on every architecture), then the long loops with the
 * tails that follow them. */
static const size_t chacha20_lengths[] = {
    0,    64,   128,  192,  256,  320,  384,  448,  512,  576,  640,  704,
    768,  832,  896,  960,  1024, 1088, 1152, 1216, 1280, 1344, 1408, 1472,
    1536, 2048, 2112, 2240, 2944, 3072, 4096, 4160, 4224, 8192 + 64,
    16384 + 128};

static abi_fn chacha20_fn(const simd_kernel_row *k)
{
    return (abi_fn)k->fn.chacha20;
}

static void chacha20_prepare(const simd_kernel_row *k, size_t len,
                             unsigned skew, abi_case *c)
{
    static uint32_t key[8], ctr[4];

    if (k->group != 0)
        len -= len % k->group; /* it takes whole groups only */
    for (int i = 0; i < 8; i++)
        key[i] = (uint32_t)tu_rand();
    for (int i = 0; i < 4; i++)
        ctr[i] = (uint32_t)tu_rand();
    ctr[0] &= 0x7fffffff; /* no wrap inside the call */
    tu_rand_bytes(in + skew, len);
    chacha20_xor_portable(ref, in + skew, len, key, ctr);
    /* skew 0: both aligned; otherwise misaligned differently */
    c->dst = out.b + GUARD + (3 * skew) % SKEWS;
    c->len = c->size = len;
    c->nargs = 5;
    c->args[0] = (uintptr_t)c->dst;
    c->args[1] = (uintptr_t)(in + skew);
    c->args[2] = len;
    c->args[3] = (uintptr_t)key;
    c->args[4] = (uintptr_t)ctr;
}

/* Tail variants (asm/kernels.h): the same case, then the next block's
 * keystream into a buffer 8 bytes past the output (the gap must stay
 * untouched), misaligned as the output is. NULL for rows without one. */
static abi_fn chacha20_tail_fn(const simd_kernel_row *k)
{
    return (abi_fn)k->chacha20_tail;
}

static void chacha20_tail_prepare(const simd_kernel_row *k, size_t len,
                                  unsigned skew, abi_case *c)
{
    static const uint8_t zero[SIMD_CHACHA20_BLOCK];
    const uint32_t *key, *ctr;
    uint32_t next[4];

    chacha20_prepare(k, len, skew, c);
    key = (const uint32_t *)c->args[3];
    ctr = (const uint32_t *)c->args[4];
    memcpy(next, ctr, sizeof(next));
    next[0] += (uint32_t)(c->size / SIMD_CHACHA20_BLOCK);
    chacha20_xor_portable(ref + c->size, zero, sizeof(zero), key, next);
    c->len = c->size + 8 + SIMD_CHACHA20_BLOCK;
    c->nargs = 6;
    c->args[5] = (uintptr_t)(c->dst + c->size + 8);
}

static int chacha20_tail_check(const abi_case *c)
{
    static const uint8_t gap[8] = {0x5a, 0x5a, 0x5a, 0x5a,
                                   0x5a, 0x5a, 0x5a, 0x5a};

    return memcmp(c->dst, ref, c->size) == 0 &&
           memcmp(c->dst + c->size, gap, sizeof(gap)) == 0 &&
           memcmp(c->dst + c->size + 8, ref + c->size,
                  SIMD_CHACHA20_BLOCK) == 0;
}

static const abi_alg chacha20_tail_alg = {
    "bytes", chacha20_lengths, SIMD_COUNT(chacha20_lengths),
    chacha20_tail_fn, chacha20_tail_prepare, chacha20_tail_check};

static const size_t md5_blocks[] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10,
                                    11, 12, 13, 14, 15, 16, 17, 33};

static abi_fn md5_fn(const simd_kernel_row *k)
{
    return (abi_fn)k->fn.md5;
}

static void md5_prepare(const simd_kernel_row *k, size_t n, unsigned skew,
                        abi_case *c)
{
    uint32_t *state = &out.w[GUARD / 4], want[4];

    (void)k;
    for (int i = 0; i < 4; i++)
        state[i] = want[i] = (uint32_t)tu_rand();
    tu_rand_bytes(in + skew, n * SIMD_MD5_BLOCK);
    md5_blocks_portable(want, in + skew, n);
    memcpy(ref, want, sizeof(want));
    c->dst = (uint8_t *)state;
    c->len = sizeof(want);
    c->size = n;
    c->nargs = 3;
    c->args[0] = (uintptr_t)state;
    c->args[1] = (uintptr_t)(in + skew);
    c->args[2] = n;
}

/* Every block count to 32 (each short path and tail after a 4-, 8- or
 * 16-block pass), then longer runs with odd tails. */
static const size_t poly1305_lengths[] = {
    0,   16,  32,  48,  64,  80,  96,  112, 128, 144,  160,  176,
    192, 208, 224, 240, 256, 272, 288, 304, 320, 336,  352,  368,
    384, 400, 416, 432, 448, 464, 480, 496, 512, 1024, 1040, 1264,
    2048 + 48, 4096 + 16, 8192 + 112, 16384 + 128};

static simd_poly1305 poly1305_want;

static abi_fn poly1305_fn(const simd_kernel_row *k)
{
    return (abi_fn)k->fn.poly1305;
}

/*
 * The state sits in `out` between guard bytes, 8-byte aligned only (all
 * the ABI promises), and enters with h at its largest allowed value or a
 * random partially reduced one and a table that is empty, foreign (a
 * random id) or foreign with garbage in it: a vector kernel must rebuild. The kernel may write anywhere in the
 * state (h, table_of, table), nowhere around it.
 */
static void poly1305_prepare(const simd_kernel_row *k, size_t len,
                             unsigned skew, abi_case *c)
{
    simd_poly1305 *st = (simd_poly1305 *)(out.b + GUARD + 8 * skew);
    uint8_t key[SIMD_POLY1305_KEY];
    uint32_t padbit = skew != 2;

    if (k->group != 0)
        len -= len % k->group; /* it takes whole groups only */
    tu_rand_bytes(key, sizeof(key));
    simd_poly1305_init(st, key);
    st->h[0] = tu_rand();
    st->h[1] = tu_rand();
    st->h[2] = tu_rand() & 7;
    if (skew == 0) /* the largest h the ABI allows */
        st->h[0] = st->h[1] = ~(uint64_t)0, st->h[2] = 7;
    if (skew % 2 == 1) {
        st->table_of = tu_rand() | 1;
        if (skew == 3)
            tu_rand_bytes((uint8_t *)st->table, sizeof(st->table));
    }
    tu_rand_bytes(in + skew, len);
    poly1305_want = *st;
    poly1305_blocks_portable(&poly1305_want, in + skew, len, padbit);
    c->dst = (uint8_t *)st;
    c->len = sizeof(*st);
    c->size = len;
    c->nargs = 4;
    c->args[0] = (uintptr_t)st;
    c->args[1] = (uintptr_t)(in + skew);
    c->args[2] = len;
    c->args[3] = padbit;
#if defined(__x86_64__) || defined(__aarch64__)
    /* Here a 32-bit argument's upper register half is the caller's garbage
     * (riscv64, ppc64le and loongarch64 extend it, so it stays clean). */
    c->args[3] |= (uintptr_t)tu_rand() << 32;
#endif
}

/* h equal to portable's mod p and still below 8 * 2^128; r and s as they
 * were. */
static int poly1305_check(const abi_case *c)
{
    const simd_poly1305 *st = (const simd_poly1305 *)c->dst;

    return st->h[2] < 8 && tu_poly1305_same_h(st, &poly1305_want) &&
           memcmp(st->r, poly1305_want.r, sizeof(st->r)) == 0 &&
           memcmp(st->s, poly1305_want.s, sizeof(st->s)) == 0;
}

static abi_fn chacha20_poly1305_fn(const simd_kernel_row *k)
{
    return (abi_fn)k->fn.chacha20_poly1305;
}

/* The ciphertext or plaintext at dst, then (8-byte aligned) the Poly1305
 * state, one output region for the guard check; seal on even skews, open
 * on odd ones, h entering at its largest allowed value on skew 0. */
static void chacha20_poly1305_prepare(const simd_kernel_row *k, size_t len,
                                      unsigned skew, abi_case *c)
{
    static uint32_t kc[12];
    uint8_t *dst = out.b + GUARD + (3 * skew) % SKEWS;
    simd_poly1305 *st =
        (simd_poly1305 *)(((uintptr_t)dst + len + 7) & ~(uintptr_t)7);
    uint8_t key[SIMD_POLY1305_KEY];
    int enc = skew % 2 == 0;

    (void)k;
    for (int i = 0; i < 12; i++)
        kc[i] = (uint32_t)tu_rand();
    kc[8] &= 0x7fffffff; /* no wrap inside the call */
    tu_rand_bytes(key, sizeof(key));
    simd_poly1305_init(st, key);
    st->h[0] = tu_rand();
    st->h[1] = tu_rand();
    st->h[2] = tu_rand() & 7;
    if (skew == 0)
        st->h[0] = st->h[1] = ~(uint64_t)0, st->h[2] = 7;
    tu_rand_bytes(in + skew, len);
    poly1305_want = *st;
    chacha20_poly1305_portable(ref, in + skew, len, kc, &poly1305_want, enc);
    c->dst = dst;
    c->len = (size_t)((uint8_t *)(st + 1) - dst);
    c->size = len;
    c->nargs = 6;
    c->args[0] = (uintptr_t)dst;
    c->args[1] = (uintptr_t)(in + skew);
    c->args[2] = len;
    c->args[3] = (uintptr_t)kc;
    c->args[4] = (uintptr_t)st;
    c->args[5] = (uintptr_t)enc;
#if defined(__x86_64__) || defined(__aarch64__)
    c->args[5] |= (uintptr_t)tu_rand() << 32; /* an int's upper half */
#endif
}

/* The output bytes as portable's, the state as poly1305_check wants it. */
static int chacha20_poly1305_check(const abi_case *c)
{
    const simd_poly1305 *st =
        (const simd_poly1305 *)(c->dst + c->len - sizeof(simd_poly1305));

    return memcmp(c->dst, ref, c->size) == 0 && st->h[2] < 8 &&
           tu_poly1305_same_h(st, &poly1305_want) &&
           memcmp(st->r, poly1305_want.r, sizeof(st->r)) == 0 &&
           memcmp(st->s, poly1305_want.s, sizeof(st->s)) == 0;
}

#define SIZES(a) (a), SIMD_COUNT(a)
static const abi_alg algs[SIMD_NALGS] = {
    [SIMD_ALG_CHACHA20] = {"bytes", SIZES(chacha20_lengths), chacha20_fn,
                           chacha20_prepare, NULL},
    [SIMD_ALG_MD5] = {"blocks", SIZES(md5_blocks), md5_fn, md5_prepare, NULL},
    [SIMD_ALG_POLY1305] = {"bytes", SIZES(poly1305_lengths), poly1305_fn,
                           poly1305_prepare, poly1305_check},
    [SIMD_ALG_CHACHA20_POLY1305] = {"bytes", SIZES(chacha20_lengths),
                                    chacha20_poly1305_fn,
                                    chacha20_poly1305_prepare,
                                    chacha20_poly1305_check},
};

/* All-zero, all-ones, a pattern and random garbage in the scratch
 * registers: a read of one the kernel never wrote cannot give the right
 * output for all of them. */
static uint64_t poison_for(unsigned skew)
{
    static const uint64_t fixed[SKEWS - 1] = {0, ~(uint64_t)0,
                                              0x0123456789abcdefull};

    return skew < SKEWS - 1 ? fixed[skew] : tu_rand();
}

static int untouched_around(const uint8_t *dst, size_t len)
{
    for (const uint8_t *p = out.b; p < out.b + sizeof(out.b); p++)
        if ((p < dst || p >= dst + len) && *p != 0x5a)
            return 0;
    return 1;
}

/* One case; writes what went wrong to why ("" if nothing). Returns 1 if
 * the case passed, 0 if it failed, -1 if the kernel crashed. */
static int run_case(const abi_alg *a, const simd_kernel_row *k, size_t size,
                    unsigned skew, char *why, size_t why_size)
{
    uint64_t poison = poison_for(skew);
    abi_case c;
    char report[ABI_REPORT];
    int crashed, n, right;

    memset(&c, 0, sizeof(c));
    memset(out.b, 0x5a, sizeof(out.b));
    a->prepare(k, size, skew, &c);
    for (size_t i = c.nargs; i < 6; i++) /* unused arguments: garbage too */
        c.args[i] = (uintptr_t)(poison ^ (0x9e3779b97f4a7c15ull * (i + 1)));
    crashed = abi_call(a->fn(k), c.args, poison, report, sizeof(report));
    n = snprintf(why, why_size, "%zu %s (skew %u, poison %#llx):", c.size,
                 a->unit, skew, (unsigned long long)poison);
    if (crashed) {
        snprintf(why + n, why_size - (size_t)n, " %s", report);
        return -1;
    }
    right = a->check != NULL ? a->check(&c) : memcmp(c.dst, ref, c.len) == 0;
    snprintf(why + n, why_size - (size_t)n, "%s%s%s%s",
             report[0] ? " did not preserve " : "", report,
             right ? "" : " [output differs from the portable kernel's]",
             untouched_around(c.dst, c.len) ? "" : " [wrote outside its output]");
    if (why[n] == '\0') {
        why[0] = '\0';
        return 1;
    }
    return 0;
}

/* Every runnable kernel of one list that has the variant a->fn gives
 * through every case; prints each new kind of failure once, with the first
 * case that showed it. Returns how many kernels there were. */
static size_t check_variant(const abi_alg *a, const char *alg_name,
                            const simd_table *t)
{
    size_t tested = 0;

    for (size_t i = 0; i < t->n; i++) {
        const simd_kernel_row *k = &t->kernels[i];
        char why[ABI_REPORT + 160], last[ABI_REPORT + 160] = "";
        int ok = 1, failed = 0, cases = 0;

        if (a->fn(k) == NULL)
            continue;
        if (!simd_runnable(k->needs, caps)) {
            printf("\n  (skip %s %s: not runnable here)", alg_name, k->name);
            continue;
        }
        for (size_t s = 0; s < a->nsizes && ok >= 0; s++) {
            for (unsigned skew = 0; skew < SKEWS && ok >= 0; skew++, cases++) {
                ok = run_case(a, k, a->sizes[s], skew, why, sizeof(why));
                if (ok > 0)
                    continue;
                failed++;
                if (strcmp(strchr(why, ':'), last) != 0)
                    printf("\n  %s %s, %s", alg_name, k->name, why);
                snprintf(last, sizeof(last), "%s", strchr(why, ':'));
            }
        }
        if (failed)
            printf("\n  %s %s: %d of %d cases failed%s", alg_name, k->name,
                   failed, cases, ok < 0 ? ", then it crashed" : "");
        CU_ASSERT_EQUAL(failed, 0);
        tested++;
    }
    return tested;
}

static size_t check_list(simd_alg alg, const simd_table *t)
{
    return check_variant(&algs[alg], simd_alg_name(alg), t);
}

static void test_table_kernels(void)
{
    for (int alg = 0; alg < SIMD_NALGS; alg++) {
        if (algs[alg].prepare == NULL)
            printf("\n  %s: no entry in algs[] (test_abi.c)",
                   simd_alg_name((simd_alg)alg));
        CU_ASSERT_PTR_NOT_NULL_FATAL(algs[alg].prepare);
        /* the portable kernel at least */
        CU_ASSERT(check_list((simd_alg)alg, &simd_arch_this.tables[alg]) > 0);
    }
}

static void test_inner_kernels(void)
{
    for (int alg = 0; alg < SIMD_NALGS; alg++)
        if (algs[alg].prepare != NULL)
            check_list((simd_alg)alg, &simd_arch_this.inner[alg]);
}

/* The ChaCha20 tail variants, inner kernels' and table entries'. */
static void test_tail_kernels(void)
{
    check_variant(&chacha20_tail_alg, "chacha20 tail",
                  &simd_arch_this.inner[SIMD_ALG_CHACHA20]);
    check_variant(&chacha20_tail_alg, "chacha20 tail",
                  &simd_arch_this.tables[SIMD_ALG_CHACHA20]);
}

/* ------------------------------------------------------------ the checker */

static void check_control(const abi_control *c)
{
    static uint32_t scratch[16];
    const uintptr_t args[6] = {(uintptr_t)scratch, (uintptr_t)scratch, 0,
                               (uintptr_t)scratch, (uintptr_t)scratch, 0};
    char report[ABI_REPORT];

    abi_call(c->fn, args, 0, report, sizeof(report));
    if (strcmp(report, c->expect) != 0)
        printf("\n  %s: the checker reported \"%s\", want \"%s\"", c->name,
               report, c->expect);
    CU_ASSERT_STRING_EQUAL(report, c->expect);
}

/* Each negative control must be reported, exactly for what it breaks; a
 * compiled C function keeps the ABI by construction. */
static void test_checker_catches(void)
{
    static const abi_control compiled = {"md5_blocks_portable (compiled C)",
                                         (abi_fn)md5_blocks_portable, "", 0};

    check_control(&compiled);
    for (size_t i = 0; i < abi_ncontrols; i++)
        if ((abi_controls[i].flags & abi_flags) == abi_controls[i].flags)
            check_control(&abi_controls[i]);
}

int main(void)
{
    static const tu_test tests[] = {
        {"the checker catches each broken rule", test_checker_catches},
        {"what this CPU lets the checker do", abi_arch_test},
        /* inner kernels first: a table entry that routes to a broken one
         * may fail less clearly (in its C glue) */
        {"every inner kernel keeps the ABI", test_inner_kernels},
        {"every table kernel keeps the ABI", test_table_kernels},
        {"every ChaCha20 tail variant keeps the ABI", test_tail_kernels},
        {NULL, NULL},
    };
    size_t words = 0;

    for (size_t r = 0; r < abi_nregs; r++)
        words += (size_t)abi_regs[r].count * abi_regs[r].words;
    if (words > ABI_WORDS) {
        fprintf(stderr, "abi_regs[] needs %zu words, ABI_WORDS is %d\n",
                words, ABI_WORDS);
        return 2;
    }
    catch_crashes();
    caps = tu_caps();
    abi_arch_setup(caps);
    return tu_main("abi", tests);
}
