/* SPDX-License-Identifier: Apache-2.0 */
/*
 * simdprov benchmark: two sides (by default OpenSSL's default provider and
 * simd) run the same shapes in one process, interleaved round by round; each
 * round times both sides back to back, and the table gives each side's
 * median ns/op and the median of the per-round ratios A/B. Shapes follow the
 * published results simdprov reproduces: Go's chacha20 and md5 benchmarks
 * and the Linux tcrypt sizes, a size sweep, what OpenSSH and QUIC do per
 * packet, plus the glue's own fixed cost and its cost over the bare kernel.
 * Each round is tagged quiet or contended (regime.h) and the ratios are
 * given per regime as well as overall.
 *
 *   simdprov-bench [-a SIDE] [-b SIDE] [-r ROUNDS] [-t MS] [-f FILTER] [-w]
 *                  [-o csv]
 *   simdprov-bench -k NAME[,NAME...] [-a SIDE] [-s SIZE[,SIZE...]] [-r] [-t]
 *   -w: wall-clock time (CLOCK_MONOTONIC) instead of the thread's CPU time,
 *       which leaves out the time other jobs on the machine take from us
 *   -o csv: the rows as CSV, a "# cpu:" line naming the processor and a
 *       "# run:" line with the date and command; every other line starts
 *       with "# " (report.h)
 *   SIDE: default | simd | simd:KEY=VALUE[,KEY=VALUE]  (KEY: level, chacha20,
 *         md5 - the provider override; path - load simd.so from that folder,
 *         e.g. another build), e.g. -a simd:level=portable -b simd
 *   -k: instead, each named kernel alone through the kernel ABI (B) against
 *       side A's EVP update of the same bytes on a running context. NAME:
 *       all | an algorithm (chacha20, md5, poly1305) | ALG:KERNEL | KERNEL,
 *       from
 *       simd_arch_this's tables and inner kernels (Poly1305's EVP side is the
 *       POLY1305 MAC); every kernel this CPU
 *       (or SIMDPROV_TEST_LEVEL) cannot run is reported and skipped.
 */
#define _GNU_SOURCE /* setenv */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h> /* strcasecmp */
#include <time.h>
#include <unistd.h> /* isatty */
#if defined(__x86_64__)
#include <cpuid.h>
#include <x86intrin.h> /* __rdtsc */
#endif

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include "../asm/arch.h"
#include "../test/testcaps.h"
#include "aead.h"
#include "callers.h"
#include "regime.h"
#include "report.h"

typedef struct {
    const char *spec;
    OSSL_LIB_CTX *libctx;
    OSSL_PROVIDER *prov[2];
    EVP_CIPHER *chacha20;
    EVP_MD *md5;
    EVP_MAC *poly1305; /* NULL when the side does not serve it */
    const simd_kernel *kernel; /* simd's ChaCha20 kernel; NULL for default */
    char label[160];
} side;

/* CHACHA_UPDATE, MD5_UPDATE and POLY1305_UPDATE: one update per op on a
 * context set up once (the EVP side of -k). */
typedef enum {
    CHACHA_INIT_UPDATES,
    CHACHA_UPDATE,
    MD5_OP,
    MD5_UPDATE,
    GLUE,
    CHACHA_IV_UPDATE, /* keyed context: IV re-init + one in-place update */
    SSH_PACKET,       /* callers.h */
    QUIC_HP,
    POLY1305_UPDATE /* EVP_MAC "POLY1305", keyed once */
} kind;

typedef struct {
    const char *group; /* for the geometric means */
    const char *name;
    kind kind;
    size_t count, step; /* updates per op and bytes per update */
    size_t misalign;
} shape;

static const shape shapes[] = {
    /* Go x/crypto/chacha20: init(key, nonce) + COUNT updates of STEP. */
    {"chacha20-go", "ChaCha20 64", CHACHA_INIT_UPDATES, 1, 64, 0},
    {"chacha20-go", "ChaCha20 256", CHACHA_INIT_UPDATES, 1, 256, 0},
    {"chacha20-go", "ChaCha20 10x25", CHACHA_INIT_UPDATES, 10, 25, 0},
    {"chacha20-go", "ChaCha20 4096", CHACHA_INIT_UPDATES, 1, 4096, 0},
    {"chacha20-go", "ChaCha20 100x40", CHACHA_INIT_UPDATES, 100, 40, 0},
    {"chacha20-go", "ChaCha20 65536", CHACHA_INIT_UPDATES, 1, 65536, 0},
    {"chacha20-go", "ChaCha20 1000x65", CHACHA_INIT_UPDATES, 1000, 65, 0},
    /* Linux tcrypt: one update per op on a keyed context. */
    {"chacha20-tcrypt", "ChaCha20 update 16", CHACHA_UPDATE, 1, 16, 0},
    {"chacha20-tcrypt", "ChaCha20 update 64", CHACHA_UPDATE, 1, 64, 0},
    {"chacha20-tcrypt", "ChaCha20 update 256", CHACHA_UPDATE, 1, 256, 0},
    {"chacha20-tcrypt", "ChaCha20 update 1024", CHACHA_UPDATE, 1, 1024, 0},
    {"chacha20-tcrypt", "ChaCha20 update 8192", CHACHA_UPDATE, 1, 8192, 0},
    {"chacha20-tcrypt", "ChaCha20 update 16384", CHACHA_UPDATE, 1, 16384, 0},
    /* Go crypto/md5: init + update + final. */
    {"md5-go", "MD5 8", MD5_OP, 1, 8, 0},
    {"md5-go", "MD5 64", MD5_OP, 1, 64, 0},
    {"md5-go", "MD5 128", MD5_OP, 1, 128, 0},
    {"md5-go", "MD5 256", MD5_OP, 1, 256, 0},
    {"md5-go", "MD5 512", MD5_OP, 1, 512, 0},
    {"md5-go", "MD5 1K", MD5_OP, 1, 1024, 0},
    {"md5-go", "MD5 8K", MD5_OP, 1, 8192, 0},
    {"md5-go", "MD5 1M", MD5_OP, 1, 1 << 20, 0},
    {"md5-go", "MD5 8M", MD5_OP, 1, 8 << 20, 0},
    {"md5-go", "MD5 8 unaligned", MD5_OP, 1, 8, 1},
    {"md5-go", "MD5 1K unaligned", MD5_OP, 1, 1024, 1},
    {"md5-go", "MD5 8K unaligned", MD5_OP, 1, 8192, 1},
    /* The glue's fixed cost: ChaCha20 init + a 0-byte update; MD5 of "". */
    {"glue", "ChaCha20 init+update(0)", GLUE, 1, 0, 0},
    {"glue", "MD5 init+final(empty)", GLUE, 0, 0, 0},
    /* Every length class of the x86_64 kernels (one block, partial groups,
     * whole groups, long runs) and the common packet sizes. */
    {"chacha20-sweep", "ChaCha20 sweep 16", CHACHA_IV_UPDATE, 1, 16, 0},
    {"chacha20-sweep", "ChaCha20 sweep 64", CHACHA_IV_UPDATE, 1, 64, 0},
    {"chacha20-sweep", "ChaCha20 sweep 128", CHACHA_IV_UPDATE, 1, 128, 0},
    {"chacha20-sweep", "ChaCha20 sweep 192", CHACHA_IV_UPDATE, 1, 192, 0},
    {"chacha20-sweep", "ChaCha20 sweep 256", CHACHA_IV_UPDATE, 1, 256, 0},
    {"chacha20-sweep", "ChaCha20 sweep 320", CHACHA_IV_UPDATE, 1, 320, 0},
    {"chacha20-sweep", "ChaCha20 sweep 384", CHACHA_IV_UPDATE, 1, 384, 0},
    {"chacha20-sweep", "ChaCha20 sweep 512", CHACHA_IV_UPDATE, 1, 512, 0},
    {"chacha20-sweep", "ChaCha20 sweep 768", CHACHA_IV_UPDATE, 1, 768, 0},
    {"chacha20-sweep", "ChaCha20 sweep 1024", CHACHA_IV_UPDATE, 1, 1024, 0},
    {"chacha20-sweep", "ChaCha20 sweep 1350", CHACHA_IV_UPDATE, 1, 1350, 0},
    {"chacha20-sweep", "ChaCha20 sweep 2048", CHACHA_IV_UPDATE, 1, 2048, 0},
    {"chacha20-sweep", "ChaCha20 sweep 4096", CHACHA_IV_UPDATE, 1, 4096, 0},
    {"chacha20-sweep", "ChaCha20 sweep 8192", CHACHA_IV_UPDATE, 1, 8192, 0},
    {"chacha20-sweep", "ChaCha20 sweep 16384", CHACHA_IV_UPDATE, 1, 16384, 0},
    {"chacha20-sweep", "ChaCha20 sweep 65536", CHACHA_IV_UPDATE, 1, 65536, 0},
    /* chacha20-poly1305@openssh.com: one packet of STEP payload bytes. */
    {"chacha20-ssh", "ChaCha20 ssh 64", SSH_PACKET, 1, 64, 0},
    {"chacha20-ssh", "ChaCha20 ssh 256", SSH_PACKET, 1, 256, 0},
    {"chacha20-ssh", "ChaCha20 ssh 1024", SSH_PACKET, 1, 1024, 0},
    {"chacha20-ssh", "ChaCha20 ssh 16384", SSH_PACKET, 1, 16384, 0},
    {"chacha20-ssh", "ChaCha20 ssh 32768", SSH_PACKET, 1, 32768, 0},
    /* QUIC header protection: a 5-byte mask from a 16-byte sample. */
    {"chacha20-quic", "ChaCha20 quic hp", QUIC_HP, 1, 5, 0},
};

/* The glue's cost over the kernel, per update (bench_glue). */
static const size_t glue_sizes[] = {64, 512, 1024};

/* inbuf holds the largest shape (8 MiB) plus its updates' offsets and a
 * misalignment; outbuf the largest -k size plus the same. */
#define MAX_KERNEL_LEN (1u << 20)
#define INBUF_SIZE ((8u << 20) + 64 * 1024 + 64)
#define OUTBUF_SIZE (MAX_KERNEL_LEN + 64 * 1024 + 64)
static uint8_t *inbuf, *outbuf;
static const uint8_t key[32] = {1, 2, 3}, iv[16] = {4, 5, 6};
static volatile uint8_t sink;

static void fail(const char *what)
{
    fprintf(stderr, "bench: %s failed\n", what);
    ERR_print_errors_fp(stderr);
    exit(1);
}

/* Applies "simd:level=x,md5=y" to the environment the provider reads at
 * load, loads it into a fresh library context, then restores nothing: each
 * side sets every key it cares about. */
static void open_side(side *s)
{
    int simd = strncmp(s->spec, "simd", 4) == 0;
    char opts[256];
    const char *path = NULL;

    if (!simd && strcmp(s->spec, "default") != 0)
        fail("side spec (want default or simd[:k=v,...])");
    unsetenv("SIMDPROV_LEVEL");
    unsetenv("SIMDPROV_CHACHA20");
    unsetenv("SIMDPROV_MD5");
    unsetenv("SIMDPROV_POLY1305");
    if (simd && s->spec[4] == ':') {
        snprintf(opts, sizeof(opts), "%s", s->spec + 5);
        for (char *kv = strtok(opts, ","); kv; kv = strtok(NULL, ",")) {
            char *eq = strchr(kv, '='), var[64];

            if (eq == NULL)
                fail("side option (want key=value)");
            *eq = '\0';
            if (strcmp(kv, "path") == 0) { /* not an override: where from */
                path = eq + 1;
                continue;
            }
            snprintf(var, sizeof(var), "SIMDPROV_%s", kv);
            for (char *c = var; *c; c++)
                *c = (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c);
            setenv(var, eq + 1, 1);
        }
    }
    s->libctx = OSSL_LIB_CTX_new();
    if (s->libctx == NULL ||
        (path != NULL &&
         !OSSL_PROVIDER_set_default_search_path(s->libctx, path)))
        fail("making a library context");
    s->prov[0] = OSSL_PROVIDER_load(s->libctx, "default");
    if (simd)
        s->prov[1] = OSSL_PROVIDER_load(s->libctx, "simd");
    if (s->prov[0] == NULL || (simd && s->prov[1] == NULL))
        fail("loading providers (is OPENSSL_MODULES set?)");
    s->chacha20 = EVP_CIPHER_fetch(s->libctx, "ChaCha20",
                                   simd ? "provider=simd" : "provider=default");
    s->md5 = EVP_MD_fetch(s->libctx, "MD5",
                          simd ? "provider=simd" : "provider=default");
    if (s->chacha20 == NULL || s->md5 == NULL)
        fail("fetching ChaCha20/MD5");
    /* Only -k needs it, and a simd without the MAC still benchmarks the
     * rest: a missing one fails where it is used. */
    s->poly1305 = EVP_MAC_fetch(s->libctx, "POLY1305",
                                simd ? "provider=simd" : "provider=default");
    ERR_clear_error();
    if (simd) {
        const char *c = NULL, *m = NULL;
        OSSL_PARAM req[] = {
            OSSL_PARAM_utf8_ptr("simd.chacha20", (char **)&c, 0),
            OSSL_PARAM_utf8_ptr("simd.md5", (char **)&m, 0), OSSL_PARAM_END};

        if (!OSSL_PROVIDER_get_params(s->prov[1], req))
            fail("reading simd's kernel choice");
        snprintf(s->label, sizeof(s->label), "simd[%s/%s]%s%s", c, m,
                 path ? " from " : "", path ? path : "");
        s->kernel = simd_find_any(&simd_arch_this, SIMD_ALG_CHACHA20, c);
    } else {
        snprintf(s->label, sizeof(s->label), "default");
    }
    unsetenv("SIMDPROV_LEVEL");
    unsetenv("SIMDPROV_CHACHA20");
    unsetenv("SIMDPROV_MD5");
    unsetenv("SIMDPROV_POLY1305");
}

/* The property query that picks side s's provider (bench/aead.c). */
static const char *propq_of(const side *s)
{
    return strncmp(s->spec, "simd", 4) == 0 ? "provider=simd"
                                            : "provider=default";
}

static void close_side(side *s)
{
    EVP_CIPHER_free(s->chacha20);
    EVP_MD_free(s->md5);
    EVP_MAC_free(s->poly1305);
    for (int i = 1; i >= 0; i--)
        if (s->prov[i] != NULL)
            OSSL_PROVIDER_unload(s->prov[i]);
    OSSL_LIB_CTX_free(s->libctx);
}

/* OpenSSH's header key: the second half of its 64-byte key. */
static const uint8_t header_key[32] = {7, 8, 9};

/* Runs `iters` ops of shape sh on side s; returns ns/op. */
static double run(const side *s, const shape *sh, size_t iters)
{
    EVP_CIPHER_CTX *cctx = EVP_CIPHER_CTX_new();
    EVP_CIPHER_CTX *hctx = EVP_CIPHER_CTX_new(); /* OpenSSH's header key */
    EVP_MD_CTX *mctx = EVP_MD_CTX_new();
    EVP_MAC_CTX *pctx = NULL;
    uint8_t md[16] = {0}, sample[16] = {0}, mask[5];
    unsigned int mdl;
    int outl;
    double t0;

    if (cctx == NULL || hctx == NULL || mctx == NULL)
        fail("allocating contexts");
    /* The callers key their contexts once (EVP_CipherInit, as they do). */
    if ((sh->kind == CHACHA_UPDATE || sh->kind == CHACHA_IV_UPDATE ||
         sh->kind == SSH_PACKET || sh->kind == QUIC_HP) &&
        !EVP_CipherInit(cctx, s->chacha20, key, iv, 1))
        fail("init");
    if (sh->kind == SSH_PACKET &&
        !EVP_CipherInit(hctx, s->chacha20, header_key, iv, 1))
        fail("header key init");
    if (sh->kind == MD5_UPDATE && !EVP_DigestInit_ex2(mctx, s->md5, NULL))
        fail("digest init");
    if (sh->kind == POLY1305_UPDATE) {
        if (s->poly1305 == NULL)
            fail("fetching this side's POLY1305 MAC");
        pctx = EVP_MAC_CTX_new(s->poly1305);
        if (pctx == NULL || !EVP_MAC_init(pctx, key, sizeof(key), NULL))
            fail("POLY1305 init");
    }
    t0 = now_ns();
    for (size_t i = 0; i < iters; i++) {
        const uint8_t *in = inbuf + sh->misalign;

        switch (sh->kind) {
        case CHACHA_INIT_UPDATES:
            if (!EVP_EncryptInit_ex2(cctx, s->chacha20, key, iv, NULL))
                fail("init");
            for (size_t u = 0; u < sh->count; u++)
                if (!EVP_EncryptUpdate(cctx, outbuf, &outl, in + u * sh->step,
                                       (int)sh->step))
                    fail("update");
            break;
        case CHACHA_UPDATE:
            if (!EVP_EncryptUpdate(cctx, outbuf, &outl, in, (int)sh->step))
                fail("update");
            break;
        case MD5_OP:
            if (!EVP_DigestInit_ex2(mctx, s->md5, NULL) ||
                !EVP_DigestUpdate(mctx, in, sh->step) ||
                !EVP_DigestFinal_ex(mctx, md, &mdl))
                fail("digest");
            sink ^= md[0];
            break;
        case MD5_UPDATE:
            if (!EVP_DigestUpdate(mctx, in, sh->step))
                fail("digest update");
            break;
        case GLUE:
            if (sh->count == 1) {
                if (!EVP_EncryptInit_ex2(cctx, s->chacha20, key, iv, NULL) ||
                    !EVP_EncryptUpdate(cctx, outbuf, &outl, in, 0))
                    fail("init+update(0)");
            } else if (!EVP_DigestInit_ex2(mctx, s->md5, NULL) ||
                       !EVP_DigestFinal_ex(mctx, md, &mdl)) {
                fail("init+final");
            }
            break;
        case CHACHA_IV_UPDATE:
            if (!EVP_EncryptInit_ex2(cctx, NULL, NULL, iv, NULL) ||
                !EVP_EncryptUpdate(cctx, outbuf, &outl, outbuf,
                                   (int)sh->step))
                fail("IV re-init + update");
            break;
        case SSH_PACKET: /* the sequence number: one packet per op */
            if (!ssh_packet(cctx, hctx, i, outbuf, sh->step, md))
                fail("ssh packet");
            break;
        case QUIC_HP: /* each packet samples other ciphertext */
            sample[0] = (uint8_t)i, sample[5] = (uint8_t)(i >> 8);
            if (!quic_hp_mask(cctx, sample, mask))
                fail("quic header protection");
            sink ^= mask[0];
            break;
        case POLY1305_UPDATE:
            if (!EVP_MAC_update(pctx, in, sh->step))
                fail("POLY1305 update");
            break;
        }
    }
    t0 = now_ns() - t0;
    sink ^= outbuf[0] ^ md[0];
    EVP_CIPHER_CTX_free(cctx);
    EVP_CIPHER_CTX_free(hctx);
    EVP_MD_CTX_free(mctx);
    EVP_MAC_CTX_free(pctx);
    return t0 / (double)iters;
}

/* Runs one shape on one side (a timer, below). */
typedef struct {
    const side *side;
    const shape *shape;
} shape_run;

static double time_shape(const void *arg, size_t iters)
{
    const shape_run *r = arg;

    return run(r->side, r->shape, iters);
}

/* One kernel alone through the kernel ABI on `len` bytes per op. */
typedef struct {
    simd_alg alg;
    const simd_kernel *kernel;
    size_t len;
    int in_place; /* outbuf to outbuf, as the glue rows' EVP side */
} kernel_run;

static double time_kernel(const void *arg, size_t iters)
{
    const kernel_run *r = arg;
    uint32_t k32[8] = {1, 2, 3}, ctr[4] = {0}, state[4] = {0};
    uint32_t kc[12] = {1, 2, 3}; /* key || counter, as k32 and ctr */
    simd_poly1305 mac;
    double t0;

    /* A running MAC, as the EVP side's: the kernel's table is built in the
     * first call and reused by the others. */
    simd_poly1305_init(&mac, key);
    t0 = now_ns();
    for (size_t i = 0; i < iters; i++) {
        if (r->alg == SIMD_ALG_MD5)
            r->kernel->fn.md5(state, inbuf, r->len / SIMD_MD5_BLOCK);
        else if (r->alg == SIMD_ALG_POLY1305)
            r->kernel->fn.poly1305(&mac, inbuf, r->len, 1);
        else if (r->alg == SIMD_ALG_CHACHA20_POLY1305)
            r->kernel->fn.chacha20_poly1305(
                outbuf, r->in_place ? outbuf : inbuf, r->len, kc, &mac, 1);
        else
            r->kernel->fn.chacha20(outbuf, r->in_place ? outbuf : inbuf,
                                   r->len, k32, ctr);
    }
    t0 = now_ns() - t0;
    sink ^= (uint8_t)(outbuf[0] ^ state[0] ^ mac.h[0]);
    return t0 / (double)iters;
}

/* Which row is running, on a terminal (the table waits for the end). */
static void progress(const char *name)
{
    if (isatty(STDERR_FILENO))
        fprintf(stderr, "\r%-60.60s\r", name);
}

static void bench_shapes(const side *a, const side *b, const char *filter,
                         int rounds, double batch_ms)
{
    trial tr;

    for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
        const shape *sh = &shapes[i];
        shape_run ra = {a, sh}, rb = {b, sh};
        const timed t[2] = {{time_shape, &ra}, {time_shape, &rb}};

        if (filter != NULL && strstr(sh->name, filter) == NULL)
            continue;
        progress(sh->name);
        run_trial(&tr, t, 2, rounds, batch_ms);
        add_row(ROW_AB, sh->group, sh->name, (double)(sh->count * sh->step),
                &tr);
    }
}

/* Per update, what each side's glue adds to B's ChaCha20 kernel: the kernel
 * alone on N bytes in place against the same bytes through EVP (IV re-init +
 * update, as the sweep) on A and on B, in one interleaved trial. OpenSSL's
 * own kernel is not exported, so A's figure is over simd's kernel: it is
 * default's glue plus any difference between the two kernels. */
static void bench_glue(const side *a, const side *b, const char *filter,
                       int rounds, double batch_ms)
{
    trial tr;
    char name[32];

    if (b->kernel == NULL)
        return; /* B is not simd: no kernel to subtract */
    for (size_t i = 0; i < sizeof(glue_sizes) / sizeof(glue_sizes[0]); i++) {
        shape evp = {"", "", CHACHA_IV_UPDATE, 1, glue_sizes[i], 0};
        shape_run ra = {a, &evp}, rb = {b, &evp};
        kernel_run kr = {SIMD_ALG_CHACHA20, b->kernel, glue_sizes[i], 1};
        const timed t[3] = {
            {time_kernel, &kr}, {time_shape, &ra}, {time_shape, &rb}};

        snprintf(name, sizeof(name), "ChaCha20 glue %zu", glue_sizes[i]);
        if (filter != NULL && strstr(name, filter) == NULL)
            continue;
        progress(name);
        run_trial(&tr, t, 3, rounds, batch_ms);
        snprintf(name, sizeof(name), "%zu", glue_sizes[i]);
        add_row(ROW_GLUE, b->kernel->name, name, (double)glue_sizes[i], &tr);
    }
}

/* Whether the comma-separated list names kernel k of algorithm alg; marks
 * each item that does in used[]. */
static int named(const char *list, simd_alg alg, const simd_kernel *k,
                 int *used)
{
    const char *key = simd_alg_name(alg);
    char item[64];
    int hit = 0;

    for (int n = 0; *list; n++) {
        size_t len = strcspn(list, ",");
        char *colon;
        int match;

        snprintf(item, sizeof(item), "%.*s", (int)len, list);
        list += len + (list[len] == ',');
        colon = strchr(item, ':');
        if (colon != NULL) { /* ALG:KERNEL */
            *colon = '\0';
            match = !strcasecmp(item, key) && !strcasecmp(colon + 1, k->name);
        } else { /* all, ALG or KERNEL */
            match = !strcasecmp(item, "all") || !strcasecmp(item, key) ||
                    !strcasecmp(item, k->name);
        }
        if (match)
            hit = used[n] = 1;
    }
    return hit;
}

/*
 * -k's cycles per byte (docs/performance.md quotes them): TSC ticks, the
 * time each side ran (the medians' own clock) times the TSC rate measured
 * here against CLOCK_MONOTONIC. The TSC ticks at a fixed rate, not the core
 * clock; on other architectures there is none to read and only ns/byte is
 * given.
 */
static double tsc_per_ns(void)
{
#if defined(__x86_64__)
    struct timespec a, b;
    uint64_t t0, t1;
    double ns;

    clock_gettime(CLOCK_MONOTONIC, &a);
    t0 = __rdtsc();
    do {
        clock_gettime(CLOCK_MONOTONIC, &b);
        ns = (double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec);
    } while (ns < 20e6);
    t1 = __rdtsc();
    return (double)(t1 - t0) / ns;
#else
    return 0;
#endif
}

typedef struct {
    char name[64];
    double bytes, ns[2]; /* median ns/op of A and B over all rounds */
} per_byte_row;

static per_byte_row per_byte[256];
static int nper_byte;

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;

    return (a > b) - (a < b);
}

static double median_ns(const trial *tr, int timer)
{
    double v[MAX_ROUNDS];

    memcpy(v, tr->ns[timer], sizeof(double) * (size_t)tr->rounds);
    qsort(v, (size_t)tr->rounds, sizeof(double), cmp_double);
    return tr->rounds % 2 ? v[tr->rounds / 2]
                          : (v[tr->rounds / 2 - 1] + v[tr->rounds / 2]) / 2;
}

static void keep_per_byte(const char *name, double bytes, const trial *tr)
{
    per_byte_row *r;

    if (nper_byte == (int)SIMD_COUNT(per_byte))
        return;
    r = &per_byte[nper_byte++];
    snprintf(r->name, sizeof(r->name), "%s", name);
    r->bytes = bytes;
    r->ns[0] = median_ns(tr, 0);
    r->ns[1] = median_ns(tr, 1);
}

static void print_per_byte(void)
{
    double tsc = tsc_per_ns();

    if (nper_byte == 0)
        return;
    if (tsc > 0)
        printf("\nTSC cycles/byte (TSC %.3f GHz; medians over all rounds)\n"
               "%-30s %10s %10s\n", tsc, "kernel bytes", "A", "B");
    else
        printf("\nns/byte (medians over all rounds)\n%-30s %10s %10s\n",
               "kernel bytes", "A", "B");
    for (int i = 0; i < nper_byte; i++) {
        const per_byte_row *r = &per_byte[i];
        double f = (tsc > 0 ? tsc : 1) / r->bytes;

        printf("%-30s %10.3f %10.3f\n", r->name, r->ns[0] * f, r->ns[1] * f);
    }
}

/* Each algorithm's EVP side in -k: one update on a running context. */
static const kind evp_kind[SIMD_NALGS] = {
    [SIMD_ALG_CHACHA20] = CHACHA_UPDATE,
    [SIMD_ALG_MD5] = MD5_UPDATE,
    [SIMD_ALG_POLY1305] = POLY1305_UPDATE,
    /* No EVP call runs a stitched kernel alone: A is its ChaCha20 half. */
    [SIMD_ALG_CHACHA20_POLY1305] = CHACHA_UPDATE,
};
_Static_assert(SIMD_NALGS == 4, "a new algorithm needs its evp_kind[] entry");

/* -k: each named kernel against side a's EVP update of the same bytes.
 * Every name must match some kernel, runnable here or not. */
static int bench_kernels(const side *a, const char *names, const size_t *sizes,
                         int nsizes, int rounds, double batch_ms)
{
    uint32_t caps = simd_test_caps();
    kernel_run picked[128];
    int used[64] = {0}, nnames = 1, npicked = 0;

    for (const char *c = names; *c; c++)
        nnames += *c == ',';
    if (nnames > 64)
        fail("-k list (at most 64 names)");
    for (int alg = 0; alg < SIMD_NALGS; alg++) {
        const simd_table *lists[2] = {&simd_arch_this.tables[alg],
                                      &simd_arch_this.inner[alg]};

        for (int l = 0; l < 2; l++)
            for (size_t i = 0; i < lists[l]->n && npicked < 128; i++)
                if (named(names, (simd_alg)alg, &lists[l]->kernels[i], used))
                    picked[npicked++] = (kernel_run){
                        (simd_alg)alg, &lists[l]->kernels[i], 0, 0};
    }
    for (int n = 0; n < nnames; n++) {
        if (!used[n]) {
            fprintf(stderr, "bench: item %d of -k %s names no kernel\n",
                    n + 1, names);
            return 2;
        }
    }
    for (int p = 0; p < npicked; p++) {
        kernel_run *kr = &picked[p];
        size_t unit = kr->kernel->group ? kr->kernel->group
                      : kr->alg == SIMD_ALG_POLY1305 ? SIMD_POLY1305_BLOCK
                                                     : 64;
        char group[40], name[64];

        snprintf(group, sizeof(group), "%s %s", simd_alg_title(kr->alg),
                 kr->kernel->name);
        if (!simd_runnable(kr->kernel->needs, caps)) {
            note("%-30s not runnable here\n", group);
            continue;
        }
        for (int s = 0; s < nsizes; s++) {
            shape evp = {group, group, evp_kind[kr->alg], 1, 0, 0};
            shape_run ra = {a, &evp};
            const timed t[2] = {{time_shape, &ra}, {time_kernel, kr}};
            trial tr;

            /* Whole blocks (whole groups for the inner kernels that take
             * only those), the same bytes on both sides. */
            kr->len = sizes[s] - sizes[s] % unit;
            if (kr->len == 0)
                continue;
            evp.step = kr->len;
            snprintf(name, sizeof(name), "%s %zu", group, kr->len);
            progress(name);
            run_trial(&tr, t, 2, rounds, batch_ms);
            add_row(ROW_AB, group, name, (double)kr->len, &tr);
            keep_per_byte(name, (double)kr->len, &tr);
        }
    }
    return 0;
}

/* Parses "64,1024,65536" into sizes[]; returns how many. */
static int parse_sizes(const char *list, size_t *sizes, int max)
{
    int n = 0;

    for (char *end; *list && n < max; list = end + (*end == ',')) {
        sizes[n] = strtoul(list, &end, 0);
        if (end == list || sizes[n] > MAX_KERNEL_LEN)
            fail("-s list (sizes up to 1 MiB)");
        n++;
    }
    return n;
}

/* -o csv's "# cpu:" line: CPUID's vendor, family, model and brand string
 * on x86_64 (family and model with their extended fields added, as the
 * vendors' manuals define them); elsewhere the architecture's name. */
static void note_cpu(void)
{
#if defined(__x86_64__)
    unsigned int a, b, c, d, brand[12] = {0}, family, model;
    char vendor[13] = {0}, *s;

    if (!__get_cpuid(0, &a, &b, &c, &d))
        return;
    memcpy(vendor, &b, 4), memcpy(vendor + 4, &d, 4), memcpy(vendor + 8, &c, 4);
    __get_cpuid(1, &a, &b, &c, &d);
    family = (a >> 8) & 0xf;
    model = (a >> 4) & 0xf;
    if (family == 6 || family == 15)
        model |= ((a >> 16) & 0xf) << 4;
    if (family == 15)
        family += (a >> 20) & 0xff;
    for (unsigned int i = 0; i < 3; i++)
        if (!__get_cpuid(0x80000002 + i, &brand[4 * i], &brand[4 * i + 1],
                         &brand[4 * i + 2], &brand[4 * i + 3]))
            brand[0] = 0;
    s = (char *)brand; /* 48 bytes, padded with spaces and NULs */
    s[47] = '\0';
    for (size_t n = strlen(s); n > 0 && s[n - 1] == ' '; n--)
        s[n - 1] = '\0';
    note("cpu: %s family %u model %u \"%s\"\n", vendor, family, model,
         s + strspn(s, " "));
#else
    note("cpu: %s\n", simd_arch_this.name);
#endif
}

/* -o csv's "# run:" line: when (UTC) and how, with OpenSSL's CPU cap if
 * one is set, so a file of rows says what produced it. */
static void note_run(int argc, char **argv)
{
    const char *cap = getenv("OPENSSL_ia32cap");
    char when[32];
    time_t now = time(NULL);

    strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    note("run: %s:%s%s%s", when, cap ? " OPENSSL_ia32cap=" : "", cap ? cap : "",
         " simdprov-bench");
    for (int i = 1; i < argc; i++)
        printf(strchr(argv[i], ' ') ? " '%s'" : " %s", argv[i]);
    printf("\n");
}

static void usage(const char *argv0)
{
    fprintf(stderr,
            "usage: %s [-a SIDE] [-b SIDE] [-r ROUNDS] [-t BATCH_MS] "
            "[-f FILTER] [-w] [-o csv]\n"
            "       %s -k NAME[,NAME...] [-a SIDE] [-s SIZE[,SIZE...]] "
            "[-r ROUNDS] [-t BATCH_MS] [-w]\n",
            argv0, argv0);
    exit(2);
}

int main(int argc, char **argv)
{
    side a = {.spec = "default"}, b = {.spec = "simd"};
    int rounds = 7, nsizes = 7, status = 0;
    double batch_ms = 20;
    const char *filter = NULL, *kernels = NULL;
    size_t sizes[16] = {64, 256, 1024, 4096, 16384, 65536, MAX_KERNEL_LEN};

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-a") && i + 1 < argc)
            a.spec = argv[++i];
        else if (!strcmp(argv[i], "-b") && i + 1 < argc)
            b.spec = argv[++i];
        else if (!strcmp(argv[i], "-r") && i + 1 < argc)
            rounds = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-t") && i + 1 < argc)
            batch_ms = atof(argv[++i]);
        else if (!strcmp(argv[i], "-f") && i + 1 < argc)
            filter = argv[++i];
        else if (!strcmp(argv[i], "-k") && i + 1 < argc)
            kernels = argv[++i];
        else if (!strcmp(argv[i], "-w"))
            bench_wall_clock = 1;
        else if (!strcmp(argv[i], "-o") && i + 1 < argc &&
                 !strcmp(argv[i + 1], "csv"))
            report_csv = 1, i++;
        else if (!strcmp(argv[i], "-s") && i + 1 < argc)
            nsizes = parse_sizes(argv[++i], sizes, 16);
        else
            usage(argv[0]);
    }
    if (rounds < 1 || rounds > 99 || batch_ms <= 0)
        fail("arguments");
    inbuf = aligned_alloc(64, INBUF_SIZE);
    outbuf = aligned_alloc(64, OUTBUF_SIZE);
    if (inbuf == NULL || outbuf == NULL)
        fail("allocating buffers");
    memset(inbuf, 0x5a, INBUF_SIZE);
    regime_calibrate();
    open_side(&a);
    if (report_csv) {
        note_cpu();
        note_run(argc, argv);
    }
    note("%s, %d rounds of ~%.1f ms per side, interleaved; medians of "
         "%s time\n",
           OpenSSL_version(OPENSSL_VERSION), rounds, batch_ms,
           bench_wall_clock ? "wall-clock" : "thread CPU");
    if (kernels != NULL) {
        note("A = %s, EVP update on a running context\n", a.label);
        note("B = each kernel alone, through the kernel ABI (%s)\n",
             simd_arch_this.name);
        fflush(stdout);
        status = bench_kernels(&a, kernels, sizes, nsizes, rounds, batch_ms);
    } else {
        open_side(&b);
        note("A = %s\n", a.label);
        note("B = %s\n", b.label);
        fflush(stdout);
        bench_shapes(&a, &b, filter, rounds, batch_ms);
        bench_aead(&(aead_side){a.libctx, propq_of(&a), a.label},
                   &(aead_side){b.libctx, propq_of(&b), b.label}, filter,
                   rounds, batch_ms);
        bench_glue(&a, &b, filter, rounds, batch_ms);
        close_side(&b);
    }
    progress("");
    print_regimes();
    if (!report_csv)
        printf("\n");
    print_rows(kernels != NULL ? "kernel bytes" : "shape");
    if (!report_csv)
        print_per_byte();
    close_side(&a);
    free(inbuf);
    free(outbuf);
    return status | (int)(sink & 0);
}
