/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Constant time as control-flow equivalence: every kernel of the
 * architecture's tables (and inner tables) that this CPU runs, and the
 * provider's glue through EVP, is run once per secret variant with the same
 * public shape (lengths, buffers, counter position, padbit, direction); the
 * sequence of instruction addresses executed inside simd's code (this
 * program's text, which links the kernels, and simd.so's) must be the same
 * for every variant. Variants: every secret byte 0x00, every byte 0xff, a
 * pseudo-random filling; so a branch on any one secret bit differs between
 * the first two.
 *
 * Three ways to see the addresses, one program:
 * - `ct_trace` on x86_64: the process steps itself with the trap flag (set
 *   at a region's start, a SIGTRAP after every instruction, cleared at its
 *   end); AVX-512 kernels run natively, which valgrind and qemu cannot.
 * - `ct_trace` elsewhere natively, or `--ptrace`: the program forks; the
 *   child runs the cases and stops (SIGSTOP) at each region's start, the
 *   parent single-steps it with ptrace to the region's end. Without
 *   ptrace (under qemu-user) it exits 77, skipped.
 * - `ct_trace --marks` (under qemu-user, test/ct/ct_trace_qemu.py): the
 *   program prints the ranges, the markers' addresses and the case list,
 *   then runs the cases with plain marker calls; qemu's exec log is the
 *   trace. `--plan` prints and stops (the ranges for qemu's -dfilter).
 *
 * CT_TRACE_VERBOSE=1 prints each case's trace length as it goes.
 *
 * Mutants, in this program's text and run through the same harness as the
 * kernels: a ChaCha20 kernel that branches on a key bit and a tag compare
 * that exits at the first differing byte. Each must be seen to differ, or
 * the check fails: it proves that the harness sees a secret-dependent
 * branch. (Secret-dependent addresses, which a trace of instruction
 * addresses cannot see, are valgrind's part: the ct suite.)
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>
#include <elf.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "../../asm/arch.h"
#include "testcaps.h"

#define NVARIANTS 3
#define MAX_CASES 1024
#define MAX_RANGES 16

/* ---------------------------------------------------------------- inputs */

/* Buffers shared by every case: the same addresses for every variant. */
static uint8_t buf_in[4096 + 64], buf_out[4096 + 64], buf_tail[64];
static uint8_t buf_tag[16], buf_want[16];
static uint32_t w_key[12], w_ctr[4], w_state[4];
static uint8_t b_key[32];
static simd_poly1305 poly;
static volatile uint8_t sink;

/* Fills n secret bytes for variant v: 0x00, 0xff, then an xorshift
 * stream (one per variant above 1). */
static void secret(void *p, size_t n, int v)
{
    static uint64_t x[NVARIANTS - 2] = {0x9e3779b97f4a7c15u};
    uint8_t *b = p;

    for (size_t i = 0; i < n; i++) {
        if (v < 2) {
            b[i] = v ? 0xff : 0x00;
            continue;
        }
        uint64_t *s = &x[v - 2];

        *s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
        b[i] = (uint8_t)*s;
    }
}

/* ----------------------------------------------------------------- cases */

typedef enum { K_KERNEL, K_GLUE, K_MUTANT } case_kind;

typedef struct ct_case {
    char name[96];
    case_kind kind; /* a mutant's variants must differ, the others' not */
    const simd_kernel_row *k;
    size_t len;
    int tail; /* ChaCha20: the tail variant; AEAD: 1 seal, 0 open */
    void (*prep)(const struct ct_case *c, int v);
    void (*run)(const struct ct_case *c);
} ct_case;

static ct_case cases[MAX_CASES];
static size_t ncases;

static ct_case *add_case(case_kind kind, const char *name)
{
    ct_case *c;

    if (ncases == MAX_CASES) {
        fprintf(stderr, "ct_trace: more than %d cases\n", MAX_CASES);
        exit(1);
    }
    c = &cases[ncases++];
    memset(c, 0, sizeof(*c));
    c->kind = kind;
    snprintf(c->name, sizeof(c->name), "%s", name);
    return c;
}

/* ChaCha20 kernels: key, nonce and message secret, counter word public. */
static void prep_chacha20(const ct_case *c, int v)
{
    secret(w_key, 8 * sizeof(uint32_t), v);
    secret(&w_ctr[1], 3 * sizeof(uint32_t), v);
    w_ctr[0] = 7;
    secret(buf_in, c->len, v);
}

static void run_chacha20(const ct_case *c)
{
    if (c->tail)
        c->k->chacha20_tail(buf_out, buf_in, c->len, w_key, w_ctr, buf_tail);
    else
        c->k->fn.chacha20(buf_out, buf_in, c->len, w_key, w_ctr);
}

static void prep_md5(const ct_case *c, int v)
{
    secret(w_state, sizeof(w_state), v);
    secret(buf_in, c->len * 64, v);
}

static void run_md5(const ct_case *c)
{
    c->k->fn.md5(w_state, buf_in, c->len);
}

/* Poly1305: key (r, s), accumulator and message secret. The region covers
 * init, the kernel from an empty table and again on the table it built,
 * and emit (the final reduction). */
static void prep_poly1305(const ct_case *c, int v)
{
    secret(b_key, sizeof(b_key), v);
    secret(w_state, sizeof(w_state), v); /* h's low words */
    secret(buf_in, c->len, v);
}

static void run_poly1305(const ct_case *c)
{
    simd_poly1305_init(&poly, b_key);
    poly.h[0] = (uint64_t)w_state[0] << 32 | w_state[1];
    poly.h[1] = (uint64_t)w_state[2] << 32 | w_state[3];
    poly.h[2] = w_state[0] & 3;
    c->k->fn.poly1305(&poly, buf_in, c->len, 1);
    c->k->fn.poly1305(&poly, buf_in, c->len, 1);
    simd_poly1305_emit(&poly, buf_tag);
}

/* Stitched ChaCha20-Poly1305: ChaCha20 key and nonce, Poly1305 key and
 * the message secret; counter public; seal or open (c->tail). */
static void prep_stitched(const ct_case *c, int v)
{
    secret(w_key, 8 * sizeof(uint32_t), v);
    w_key[8] = 7;
    secret(&w_key[9], 3 * sizeof(uint32_t), v);
    secret(b_key, sizeof(b_key), v);
    secret(buf_in, c->len, v);
}

static void run_stitched(const ct_case *c)
{
    simd_poly1305_init(&poly, b_key);
    c->k->fn.chacha20_poly1305(buf_out, buf_in, c->len, w_key, &poly,
                               c->tail);
    simd_poly1305_emit(&poly, buf_tag);
}

/* Mutants: what the harness must catch. */
__attribute__((noinline)) static void mutant_extra(void)
{
    sink++;
    __asm__ volatile("" ::: "memory");
}

static void run_mutant_branch(const ct_case *c)
{
    chacha20_xor_portable(buf_out, buf_in, c->len, w_key, w_ctr);
    if (*(volatile uint32_t *)&w_key[3] & 0x100) /* one secret bit */
        mutant_extra();
}

static void prep_mutant_compare(const ct_case *c, int v)
{
    (void)c;
    secret(buf_tag, sizeof(buf_tag), v);
    for (size_t i = 0; i < sizeof(buf_want); i++) /* every byte differs */
        buf_want[i] = (uint8_t)~buf_tag[i];
    buf_want[v] = buf_tag[v]; /* ...but byte v */
}

static void run_mutant_compare(const ct_case *c)
{
    (void)c;
    for (size_t i = 0; i < sizeof(buf_tag); i++)
        if (buf_tag[i] != buf_want[i]) { /* early exit: the leak */
            sink = (uint8_t)i;
            return;
        }
    sink = 0xff;
}

/* The glue through EVP on simd's implementations. */
static OSSL_LIB_CTX *libctx;
static EVP_CIPHER *chacha, *aead;
static EVP_MD *md5;
static EVP_MAC *mac;
static EVP_CIPHER_CTX *cctx;
static EVP_MD_CTX *mdctx;
static EVP_MAC_CTX *macctx;
static uint8_t iv[16], aad[13];
static int glue_ok = 1;

#define GLUE_LEN 77 /* a whole block and a partial one, uneven */

static void note(int ok, const char *what)
{
    if (!ok && glue_ok) {
        fprintf(stderr, "ct_trace: %s failed\n", what);
        ERR_print_errors_fp(stderr);
    }
    glue_ok &= ok;
}

static void prep_glue(const ct_case *c, int v)
{
    (void)c;
    secret(b_key, sizeof(b_key), v);
    memset(iv, 0, sizeof(iv));
    iv[0] = 7; /* the ChaCha20 counter word: public */
    secret(iv + 4, 12, v);
    secret(aad, sizeof(aad), v);
    secret(buf_in, GLUE_LEN, v);
    ERR_clear_error();
}

static void run_glue_chacha20(const ct_case *c)
{
    int outl;

    (void)c;
    note(EVP_EncryptInit_ex2(cctx, chacha, b_key, iv, NULL) &&
             EVP_EncryptUpdate(cctx, buf_out, &outl, buf_in, GLUE_LEN),
         "ChaCha20");
}

/* Seal (also the step before every open): aad, message, tag. */
static int seal(void)
{
    int outl;
    OSSL_PARAM p[] = {OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG,
                                              buf_tag, 16),
                      OSSL_PARAM_END};

    return EVP_EncryptInit_ex2(cctx, aead, b_key, iv + 4, NULL) &&
           EVP_EncryptUpdate(cctx, NULL, &outl, aad, sizeof(aad)) &&
           EVP_EncryptUpdate(cctx, buf_out, &outl, buf_in, GLUE_LEN) &&
           EVP_EncryptFinal_ex(cctx, buf_out + GLUE_LEN, &outl) &&
           EVP_CIPHER_CTX_get_params(cctx, p);
}

static void run_glue_seal(const ct_case *c)
{
    (void)c;
    note(seal(), "ChaCha20-Poly1305 seal");
}

/* Open of what seal made; c->len: 0 the right tag, else a wrong one,
 * wrong in a byte that depends on the variant (set by prep_open). */
static int open_sealed(void)
{
    int outl, ok;
    OSSL_PARAM p[] = {OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG,
                                              buf_tag, 16),
                      OSSL_PARAM_END};

    ok = EVP_DecryptInit_ex2(cctx, aead, b_key, iv + 4, NULL) &&
         EVP_DecryptUpdate(cctx, NULL, &outl, aad, sizeof(aad)) &&
         EVP_DecryptUpdate(cctx, buf_in, &outl, buf_out, GLUE_LEN) &&
         EVP_CIPHER_CTX_set_params(cctx, p);
    return ok ? EVP_DecryptFinal_ex(cctx, buf_in + GLUE_LEN, &outl) : -1;
}

static void prep_open(const ct_case *c, int v)
{
    prep_glue(c, v);
    note(seal(), "ChaCha20-Poly1305 seal before open");
    if (c->len) /* a wrong tag: in byte 0, in byte 15, in every byte */
        for (int i = 0; i < 16; i++)
            if (v == 2 || i == (v == 0 ? 0 : 15))
                buf_tag[i] ^= (uint8_t)(1u << (i & 7));
}

static void run_glue_open(const ct_case *c)
{
    int got = open_sealed();

    note(got == (c->len ? 0 : 1), c->len ? "open with a wrong tag"
                                         : "open with the right tag");
}

static void run_glue_poly1305(const ct_case *c)
{
    size_t outl;

    (void)c;
    note(EVP_MAC_init(macctx, b_key, 32, NULL) &&
             EVP_MAC_update(macctx, buf_in, GLUE_LEN) &&
             EVP_MAC_final(macctx, buf_tag, &outl, 16),
         "POLY1305");
}

static void run_glue_md5(const ct_case *c)
{
    unsigned int outl;

    (void)c;
    note(EVP_DigestInit_ex2(mdctx, md5, NULL) &&
             EVP_DigestUpdate(mdctx, buf_in, GLUE_LEN) &&
             EVP_DigestFinal_ex(mdctx, buf_tag, &outl),
         "MD5");
}

/* Lengths: one block, a group and a rest, more groups and a rest; a
 * kernel that takes whole groups only gets one group and two instead, and
 * a portable one (C that goes one block at a time: no groups) the first
 * two. --short: the first two. */
static const size_t chacha20_lens[] = {64, 320, 1088};
static const size_t md5_blocks[] = {1, 3};
static const size_t poly1305_lens[] = {48, 272, 1072};
static const size_t stitched_lens[] = {64, 576, 1088};

static size_t nlens(size_t n, int short_run)
{
    return short_run && n > 2 ? 2 : n;
}

/* Kernel cases for one row (the lengths above; ChaCha20 also through its
 * tail variant, the stitched kernel both ways); returns how many. */
static size_t kernel_cases(simd_alg alg, const simd_kernel_row *k,
                           int short_run)
{
    static const struct {
        const char *title, *unit;
        const size_t *lens;
        size_t nlens;
        void (*prep)(const ct_case *, int);
        void (*run)(const ct_case *);
    } by_alg[SIMD_NALGS] = {
        [SIMD_ALG_CHACHA20] = {"chacha20", "", chacha20_lens,
                               SIMD_COUNT(chacha20_lens), prep_chacha20,
                               run_chacha20},
        [SIMD_ALG_MD5] = {"md5", " blocks", md5_blocks,
                          SIMD_COUNT(md5_blocks), prep_md5, run_md5},
        [SIMD_ALG_POLY1305] = {"poly1305", "", poly1305_lens,
                               SIMD_COUNT(poly1305_lens), prep_poly1305,
                               run_poly1305},
        [SIMD_ALG_CHACHA20_POLY1305] = {"chacha20-poly1305", "",
                                        stitched_lens,
                                        SIMD_COUNT(stitched_lens),
                                        prep_stitched, run_stitched},
    };
    size_t before = ncases;
    /* The second pass: ChaCha20's tail variant, the stitched seal. */
    int passes = alg == SIMD_ALG_CHACHA20_POLY1305                ? 2
                 : alg == SIMD_ALG_CHACHA20 && k->chacha20_tail ? 2
                                                                  : 1;

    if (by_alg[alg].run == NULL) {
        /* A new algorithm needs its cases here: fail, never skip. */
        fprintf(stderr, "ct_trace: no cases for algorithm %d\n", (int)alg);
        exit(1);
    }
    for (size_t i = 0; i < nlens(by_alg[alg].nlens, short_run || k->needs == 0);
         i++) {
        size_t len = by_alg[alg].lens[i];

        if (k->group) {
            if (i >= 2)
                break;
            len = (i + 1) * k->group;
        }
        for (int t = 0; t < passes; t++) {
            char name[96];
            ct_case *c;

            snprintf(name, sizeof(name), "%s %s%s %zu%s", by_alg[alg].title,
                     k->name,
                     alg == SIMD_ALG_CHACHA20_POLY1305 ? (t ? " seal" : " open")
                     : t                                ? "+tail"
                                                        : "",
                     len, by_alg[alg].unit);
            c = add_case(K_KERNEL, name);
            c->k = k, c->len = len, c->tail = t;
            c->prep = by_alg[alg].prep, c->run = by_alg[alg].run;
        }
    }
    return ncases - before;
}

typedef struct {
    unsigned tables, runnable, traced;
    char skipped[512]; /* kernels this CPU cannot run */
} coverage;

static void build_cases(int short_run, coverage *cov)
{
    uint32_t caps = simd_test_caps();
    ct_case *c;

    memset(cov, 0, sizeof(*cov));
    for (unsigned alg = 0; alg < SIMD_NALGS; alg++) {
        const simd_table *lists[] = {&simd_arch_this.tables[alg],
                                     &simd_arch_this.inner[alg]};

        for (size_t l = 0; l < 2; l++)
            for (size_t i = 0; i < lists[l]->n; i++) {
                const simd_kernel_row *k = &lists[l]->kernels[i];
                size_t used = strlen(cov->skipped);

                cov->tables++;
                if (!simd_runnable(k->needs, caps)) {
                    snprintf(cov->skipped + used, sizeof(cov->skipped) - used,
                             "%s%s %s", used ? ", " : "",
                             simd_alg_name((simd_alg)alg), k->name);
                    continue;
                }
                cov->runnable++;
                cov->traced += kernel_cases((simd_alg)alg, k, short_run) > 0;
            }
    }

    c = add_case(K_GLUE, "glue ChaCha20 init+update");
    c->prep = prep_glue, c->run = run_glue_chacha20;
    c = add_case(K_GLUE, "glue ChaCha20-Poly1305 seal");
    c->prep = prep_glue, c->run = run_glue_seal;
    c = add_case(K_GLUE, "glue ChaCha20-Poly1305 open, right tag");
    c->prep = prep_open, c->run = run_glue_open;
    c = add_case(K_GLUE, "glue ChaCha20-Poly1305 open, wrong tag");
    c->prep = prep_open, c->run = run_glue_open, c->len = 1;
    c = add_case(K_GLUE, "glue POLY1305 MAC");
    c->prep = prep_glue, c->run = run_glue_poly1305;
    c = add_case(K_GLUE, "glue MD5 digest");
    c->prep = prep_glue, c->run = run_glue_md5;

    c = add_case(K_MUTANT, "mutant: branch on a key bit");
    c->len = 64;
    c->prep = prep_chacha20, c->run = run_mutant_branch;
    c = add_case(K_MUTANT, "mutant: early-exit tag compare");
    c->prep = prep_mutant_compare, c->run = run_mutant_compare;
}

/* ------------------------------------------------------------- markers */

static int stop_at_begin; /* ptrace: the tracer single-steps from here */
#if defined(__x86_64__)
static int trap_at_begin; /* this process steps itself from here */
#endif

__attribute__((noinline)) static void ct_begin_impl(void)
{
    if (stop_at_begin)
        raise(SIGSTOP);
#if defined(__x86_64__)
    /* The trap flag: a SIGTRAP after every instruction from here on. */
    if (trap_at_begin)
        __asm__ volatile("pushfq; orq $0x100, (%%rsp); popfq" ::: "memory",
                         "cc");
#endif
    __asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) static void ct_end_impl(void)
{
#if defined(__x86_64__)
    /* The SIGTRAP handler clears the flag on reaching here; so does this,
     * where the flag never trapped. */
    if (trap_at_begin)
        __asm__ volatile("pushfq; andq $~0x100, (%%rsp); popfq" ::: "memory",
                         "cc");
#endif
    __asm__ volatile("" ::: "memory");
}

/* Called through pointers, so the address an indirect call reaches is the
 * one printed (ppc64le's direct calls enter past the TOC set-up). */
static void (*volatile ct_begin)(void) = ct_begin_impl;
static void (*volatile ct_end)(void) = ct_end_impl;

static int glue_setup(void)
{
    const char *level = simd_test_level();

    /* The module at the test level, as the suites run it (it never reads
     * SIMDPROV_TEST_LEVEL itself). */
    if (level != NULL && getenv("SIMDPROV_LEVEL") == NULL)
        setenv("SIMDPROV_LEVEL", level, 1);
    /* simd's own code on every release, also where it would step aside */
    setenv("SIMDPROV_STEP_ASIDE", "no", 0);
    libctx = OSSL_LIB_CTX_new();
    if (libctx == NULL || OSSL_PROVIDER_load(libctx, "simd") == NULL)
        return 0;
    chacha = EVP_CIPHER_fetch(libctx, "ChaCha20", "provider=simd");
    aead = EVP_CIPHER_fetch(libctx, "ChaCha20-Poly1305", "provider=simd");
    md5 = EVP_MD_fetch(libctx, "MD5", "provider=simd");
    mac = EVP_MAC_fetch(libctx, "POLY1305", "provider=simd");
    cctx = EVP_CIPHER_CTX_new();
    mdctx = EVP_MD_CTX_new();
    macctx = mac != NULL ? EVP_MAC_CTX_new(mac) : NULL;
    return chacha != NULL && aead != NULL && md5 != NULL && mac != NULL &&
           cctx != NULL && mdctx != NULL && macctx != NULL;
}

/* One region: case c on variant v's inputs, between the markers. Called
 * through a pointer, so that every variant's region is the same code (a
 * loop over the variants unrolled, or a copy specialised per variant,
 * would give each its own return addresses). */
static void run_region_impl(const ct_case *c, int v)
{
    c->prep(c, v);
    ct_begin();
    c->run(c);
    ct_end();
}

static void (*volatile run_region)(const ct_case *c, int v) = run_region_impl;

/* A case once untraced, before its variants: lazy binding resolves a PLT
 * slot on its first call, which would set variant 0's path apart. */
static void warm_up(const ct_case *c)
{
    c->prep(c, NVARIANTS - 1);
    c->run(c);
}

/* Runs every case's variants between the markers. Returns 0 on a glue
 * failure (a wrong answer would make the traces incomparable). */
static int run_cases(void)
{
    for (size_t i = 0; i < ncases; i++) {
        warm_up(&cases[i]);
        for (int v = 0; v < NVARIANTS; v++)
            run_region(&cases[i], v);
    }
    return glue_ok;
}

/* ------------------------------------------------------------- ranges */

typedef struct {
    uintptr_t lo[MAX_RANGES], hi[MAX_RANGES];
    char what[MAX_RANGES][16];
    int n;
} ranges;

/* The executable mappings of this program and of simd.so in pid's maps. */
static int read_ranges(pid_t pid, ranges *r)
{
    char path[64], line[512], self[256];
    ssize_t sl;
    FILE *f;

    snprintf(path, sizeof(path), "/proc/%d/exe", (int)pid);
    sl = readlink(path, self, sizeof(self) - 1);
    if (sl <= 0)
        return 0;
    self[sl] = '\0';
    snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
    f = fopen(path, "r");
    if (f == NULL)
        return 0;
    r->n = 0;
    while (fgets(line, sizeof(line), f) != NULL && r->n < MAX_RANGES) {
        unsigned long lo, hi;
        char perms[8], file[400] = "";

        if (sscanf(line, "%lx-%lx %7s %*s %*s %*s %399s", &lo, &hi, perms,
                   file) < 3 ||
            perms[2] != 'x')
            continue;
        if (strcmp(file, self) == 0)
            snprintf(r->what[r->n], sizeof(r->what[0]), "ct_trace");
        else if (strstr(file, "/simd.so") != NULL)
            snprintf(r->what[r->n], sizeof(r->what[0]), "simd.so");
        else
            continue;
        r->lo[r->n] = lo, r->hi[r->n] = hi;
        r->n++;
    }
    fclose(f);
    return r->n >= 2;
}

static int in_ranges(const ranges *r, uintptr_t pc)
{
    for (int i = 0; i < r->n; i++)
        if (pc >= r->lo[i] && pc < r->hi[i])
            return 1;
    return 0;
}

/* "module+offset" for an address. */
static void where(const ranges *r, uintptr_t pc, char *out, size_t size)
{
    for (int i = 0; i < r->n; i++)
        if (pc >= r->lo[i] && pc < r->hi[i]) {
            snprintf(out, size, "%s+%#lx", r->what[i],
                     (unsigned long)(pc - r->lo[i]));
            return;
        }
    snprintf(out, size, "%#lx", (unsigned long)pc);
}

/* ------------------------------------------------------ native tracers */

typedef struct {
    uintptr_t *pc;
    size_t n, cap;
} trace;

static void push(trace *t, uintptr_t pc)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 4096;
        t->pc = realloc(t->pc, t->cap * sizeof(*t->pc));
        if (t->pc == NULL) {
            perror("ct_trace");
            exit(1);
        }
    }
    t->pc[t->n++] = pc;
}

/* The traces of one case's variants, a region at a time: this process
 * stepping itself (x86_64) or a child under ptrace. */
typedef int (*region_fn)(size_t i, int v, trace *t);
static ranges code; /* where simd's code is: what a trace keeps */

#if defined(__x86_64__)
/* x86_64: the trap flag, set by ct_begin and cleared by the SIGTRAP
 * handler at ct_end; the handler records the PCs inside `code` into a
 * buffer sized up front (no allocation in a handler: the traced code may
 * be inside malloc). The kernel clears the flag while a handler runs and
 * sigreturn restores it, so only the traced code is stepped. */
#define TF_CAP ((size_t)1 << 22)
static uintptr_t *tf_buf;
static size_t tf_n;
static int tf_overflow;
static volatile sig_atomic_t tf_traps; /* every trap, kept or not */

static void on_trap(int sig, siginfo_t *si, void *ucv)
{
    ucontext_t *uc = ucv;
    uintptr_t pc = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];

    (void)sig, (void)si;
    tf_traps = 1;
    if (pc == (uintptr_t)ct_end_impl) {
        uc->uc_mcontext.gregs[REG_EFL] &= ~(greg_t)0x100;
        return;
    }
    if (in_ranges(&code, pc)) {
        if (tf_n < TF_CAP)
            tf_buf[tf_n++] = pc;
        else
            tf_overflow = 1;
    }
}

static int tf_region(size_t i, int v, trace *t)
{
    const ct_case *c = &cases[i];

    if (v == 0)
        warm_up(c);
    tf_n = 0;
    trap_at_begin = 1;
    run_region(c, v);
    trap_at_begin = 0;
    t->n = 0;
    for (size_t k = 0; k < tf_n; k++)
        push(t, tf_buf[k]);
    return !tf_overflow;
}

static int tf_start(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = on_trap;
    sa.sa_flags = SA_SIGINFO;
    tf_buf = malloc(TF_CAP * sizeof(*tf_buf));
    if (tf_buf == NULL || sigaction(SIGTRAP, &sa, NULL) != 0)
        return 0;
    /* An empty region: where the trap flag does not trap (an emulator,
     * a sandbox), the caller falls back to ptrace. */
    trap_at_begin = 1;
    ct_begin();
    ct_end();
    trap_at_begin = 0;
    return tf_traps != 0;
}
#endif

/* Elsewhere natively: a child runs the cases and stops at each region's
 * start; this process single-steps it to ct_end. */
static pid_t child;

static int get_pc(pid_t pid, uintptr_t *pc)
{
#if defined(__x86_64__) || defined(__aarch64__)
    struct user_regs_struct regs;
    struct iovec io = {&regs, sizeof(regs)};

    if (ptrace(PTRACE_GETREGSET, pid, (void *)NT_PRSTATUS, &io) != 0)
        return 0;
#if defined(__x86_64__)
    *pc = regs.rip;
#else
    *pc = regs.pc;
#endif
    return 1;
#else
    (void)pid, (void)pc;
    return 0;
#endif
}

static int pt_region(size_t i, int v, trace *t)
{
    uintptr_t end = (uintptr_t)ct_end_impl, pc;
    int status;

    if (ptrace(PTRACE_CONT, child, NULL, NULL) != 0 ||
        waitpid(child, &status, 0) != child || !WIFSTOPPED(status) ||
        WSTOPSIG(status) != SIGSTOP)
        return 0;
    if (i == 0 && v == 0 && !read_ranges(child, &code))
        return 0;
    t->n = 0;
    for (;;) {
        if (ptrace(PTRACE_SINGLESTEP, child, NULL, NULL) != 0 ||
            waitpid(child, &status, 0) != child || !WIFSTOPPED(status) ||
            !get_pc(child, &pc))
            return 0;
        if (pc == end)
            return 1;
        if (in_ranges(&code, pc))
            push(t, pc);
    }
}

/* Forks the child pt_region steps; 77 where ptrace is not there (qemu). */
static int pt_start(void)
{
    int status;

    fflush(NULL);
    child = fork();
    if (child < 0)
        return 1;
    if (child == 0) {
        if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) != 0)
            _exit(77);
        stop_at_begin = 1;
        raise(SIGSTOP); /* the tracer sets its options here */
        if (!glue_setup()) {
            fprintf(stderr, "ct_trace: simd's algorithms not fetched\n");
            ERR_print_errors_fp(stderr);
            _exit(2);
        }
        _exit(run_cases() ? 0 : 2);
    }
    if (waitpid(child, &status, 0) != child || !WIFSTOPPED(status))
        return WIFEXITED(status) && WEXITSTATUS(status) == 77 ? 77 : 1;
    ptrace(PTRACE_SETOPTIONS, child, NULL, (void *)PTRACE_O_EXITKILL);
    return 0;
}

/* The child's end: 1 if it ran every case right. */
static int pt_finish(int ok)
{
    int status;

    if (!ok) {
        kill(child, SIGKILL);
        waitpid(child, &status, 0);
        return 0;
    }
    ptrace(PTRACE_CONT, child, NULL, NULL);
    return waitpid(child, &status, 0) == child && WIFEXITED(status) &&
           WEXITSTATUS(status) == 0;
}

/* The first index where two traces differ (or the shorter length). */
static size_t first_difference(const trace *a, const trace *b)
{
    size_t i = 0;

    while (i < a->n && i < b->n && a->pc[i] == b->pc[i])
        i++;
    return i;
}

static int trace_native(const coverage *cov, const char *arch_line,
                        int use_ptrace)
{
    trace t[NVARIANTS] = {{0}};
    region_fn region = pt_region;
    const char *method = "ptrace single-step";
    int failed = 0;
    unsigned kernel_cases = 0, glue_cases = 0, mutants = 0, caught = 0;
    unsigned differ = 0;
    size_t steps = 0;

#if defined(__x86_64__)
    if (!use_ptrace && !tf_start()) {
        fprintf(stderr, "ct_trace: the trap flag does not trap here; "
                        "ptrace instead\n");
        use_ptrace = 1;
    }
    if (!use_ptrace) {
        region = tf_region;
        method = "trap-flag single-step";
        if (!glue_setup() || !read_ranges(getpid(), &code)) {
            fprintf(stderr, "ct_trace: set-up failed\n");
            ERR_print_errors_fp(stderr);
            return 1;
        }
    }
#else
    use_ptrace = 1;
#endif
    if (use_ptrace) {
        int rc = pt_start();

        if (rc == 77)
            printf("ct-trace: %s: no ptrace here (skipped)\n", arch_line);
        if (rc != 0)
            return rc;
    }
    for (size_t i = 0; i < ncases && !failed; i++) {
        const ct_case *c = &cases[i];
        int same = 1;

        for (int v = 0; v < NVARIANTS && !failed; v++) {
            if (!region(i, v, &t[v])) {
                fprintf(stderr, "ct_trace: tracing %s failed\n", c->name);
                failed = 1;
                break;
            }
            steps += t[v].n;
            if (t[v].n == 0) {
                fprintf(stderr, "ct_trace: %s: nothing traced\n", c->name);
                failed = 1;
            }
            if (v > 0 && (t[v].n != t[0].n ||
                          memcmp(t[v].pc, t[0].pc,
                                 t[0].n * sizeof(*t[0].pc)) != 0)) {
                size_t d = first_difference(&t[0], &t[v]);
                char a[64] = "end", b[64] = "end";

                if (d < t[0].n)
                    where(&code, t[0].pc[d], a, sizeof(a));
                if (d < t[v].n)
                    where(&code, t[v].pc[d], b, sizeof(b));
                if (same && c->kind != K_MUTANT)
                    printf("DIFFER %s: variant 0 and %d part at step %zu of "
                           "%zu/%zu: %s against %s\n",
                           c->name, v, d, t[0].n, t[v].n, a, b);
                same = 0;
            }
        }
        if (failed)
            break;
        if (getenv("CT_TRACE_VERBOSE") != NULL)
            printf("  %-48s %8zu addresses a variant\n", c->name, t[0].n);
        if (c->kind == K_MUTANT) {
            mutants++;
            caught += !same;
            if (same)
                printf("MISSED %s: every variant took the same path\n",
                       c->name);
        } else {
            kernel_cases += c->kind == K_KERNEL;
            glue_cases += c->kind == K_GLUE;
            differ += !same;
        }
    }
    failed |= differ != 0;
    if (use_ptrace)
        failed |= !pt_finish(!failed);
    else
        failed |= !glue_ok;
    for (int v = 0; v < NVARIANTS; v++)
        free(t[v].pc);
    failed |= cov->traced != cov->runnable;
    printf("ct-trace: %s, %s: %u of %u table kernels (%u runnable here%s%s), "
           "%u kernel cases and %u glue operations x %d secret variants, %zu "
           "addresses compared: %s; mutants caught %u/%u\n",
           arch_line, method, cov->traced, cov->tables, cov->runnable,
           cov->skipped[0] ? "; not on this CPU: " : "", cov->skipped,
           kernel_cases, glue_cases, NVARIANTS, steps,
           failed ? "FAILED" : "control flow identical", caught, mutants);
    return failed || caught != mutants ? 1 : 0;
}

/* ------------------------------------------------------------ --marks */

/* Under qemu: plain markers; the ranges, the markers and the case list on
 * stdout for ct_trace_qemu.py, then the cases. */
static int run_marked(const coverage *cov, const char *arch_line, int plan)
{
    ranges r;

    if (!glue_setup()) {
        fprintf(stderr, "ct_trace: simd's algorithms not fetched\n");
        ERR_print_errors_fp(stderr);
        return 2;
    }
    if (!read_ranges(getpid(), &r)) {
        fprintf(stderr, "ct_trace: no code ranges in the maps\n");
        return 2;
    }
    printf("arch %s\n", arch_line);
    printf("coverage %u %u %u %s\n", cov->traced, cov->tables, cov->runnable,
           cov->skipped[0] ? cov->skipped : "-");
    for (int i = 0; i < r.n; i++)
        printf("range %s %#lx %#lx\n", r.what[i], (unsigned long)r.lo[i],
               (unsigned long)r.hi[i]);
    printf("markers %#lx %#lx\n", (unsigned long)(uintptr_t)ct_begin_impl,
           (unsigned long)(uintptr_t)ct_end_impl);
    printf("variants %d\n", NVARIANTS);
    for (size_t i = 0; i < ncases; i++)
        printf("case %s|%s\n",
               cases[i].kind == K_MUTANT  ? "mutant"
               : cases[i].kind == K_GLUE ? "glue"
                                          : "kernel",
               cases[i].name);
    fflush(stdout);
    if (plan)
        return 0;
    return run_cases() ? 0 : 2;
}

int main(int argc, char **argv)
{
    int marks = 0, plan = 0, short_run = 0, use_ptrace = 0;
    coverage cov;
    char arch_line[160];
    const char *level = simd_test_level();

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--marks") == 0)
            marks = 1;
        else if (strcmp(argv[i], "--plan") == 0)
            marks = plan = 1;
        else if (strcmp(argv[i], "--short") == 0)
            short_run = 1;
        else if (strcmp(argv[i], "--ptrace") == 0)
            use_ptrace = 1;
        else {
            fprintf(stderr,
                    "usage: %s [--marks | --plan | --ptrace] [--short]\n",
                    argv[0]);
            return 2;
        }
    }
    snprintf(arch_line, sizeof(arch_line), "%s%s%s%s", simd_arch_this.name,
             level ? " (level " : "", level ? level : "", level ? ")" : "");
    build_cases(short_run, &cov);
    if (marks)
        return run_marked(&cov, arch_line, plan);
    return trace_native(&cov, arch_line, use_ptrace);
}
