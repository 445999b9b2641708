/*
 * simdprov benchmark: two sides (by default OpenSSL's default provider and
 * simd) run the same shapes in one process, interleaved round by round, and
 * the median ns/op of each side is compared. Shapes follow the published
 * results simdprov reproduces: Go's chacha20 and md5 benchmarks and the Linux
 * tcrypt sizes, plus the glue's own fixed cost.
 *
 *   simdprov-bench [-a SIDE] [-b SIDE] [-r ROUNDS] [-t MS] [-f FILTER] [-k]
 *   SIDE: default | simd | simd:KEY=VALUE[,KEY=VALUE]  (KEY: level, chacha20,
 *         md5 - the provider override), e.g. -a simd:level=portable -b simd
 *   -k: also time every kernel this CPU runs, directly (cycles/byte by TSC on
 *       x86_64), at 16 KiB (ChaCha20) and 1 MiB (MD5).
 */
#define _GNU_SOURCE /* setenv */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include "../asm/arch.h"
#include "../test/testcaps.h"

typedef struct {
    const char *spec;
    OSSL_LIB_CTX *libctx;
    OSSL_PROVIDER *prov[2];
    EVP_CIPHER *chacha20;
    EVP_MD *md5;
    char label[64];
} side;

typedef enum { CHACHA_INIT_UPDATES, CHACHA_UPDATE, MD5_OP, GLUE } kind;

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
};

static uint8_t *inbuf, *outbuf;
static const uint8_t key[32] = {1, 2, 3}, iv[16] = {4, 5, 6};
static volatile uint8_t sink;

static double now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

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

    if (!simd && strcmp(s->spec, "default") != 0)
        fail("side spec (want default or simd[:k=v,...])");
    unsetenv("SIMDPROV_LEVEL");
    unsetenv("SIMDPROV_CHACHA20");
    unsetenv("SIMDPROV_MD5");
    if (simd && s->spec[4] == ':') {
        snprintf(opts, sizeof(opts), "%s", s->spec + 5);
        for (char *kv = strtok(opts, ","); kv; kv = strtok(NULL, ",")) {
            char *eq = strchr(kv, '='), var[64];

            if (eq == NULL)
                fail("side option (want key=value)");
            *eq = '\0';
            snprintf(var, sizeof(var), "SIMDPROV_%s", kv);
            for (char *c = var; *c; c++)
                *c = (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c);
            setenv(var, eq + 1, 1);
        }
    }
    s->libctx = OSSL_LIB_CTX_new();
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
    if (simd) {
        const char *c = NULL, *m = NULL;
        OSSL_PARAM req[] = {
            OSSL_PARAM_utf8_ptr("simd.chacha20", (char **)&c, 0),
            OSSL_PARAM_utf8_ptr("simd.md5", (char **)&m, 0), OSSL_PARAM_END};

        if (!OSSL_PROVIDER_get_params(s->prov[1], req))
            fail("reading simd's kernel choice");
        snprintf(s->label, sizeof(s->label), "simd[%s/%s]", c, m);
    } else {
        snprintf(s->label, sizeof(s->label), "default");
    }
    unsetenv("SIMDPROV_LEVEL");
    unsetenv("SIMDPROV_CHACHA20");
    unsetenv("SIMDPROV_MD5");
}

/* Runs `iters` ops of shape sh on side s; returns ns/op. */
static double run(const side *s, const shape *sh, size_t iters)
{
    EVP_CIPHER_CTX *cctx = EVP_CIPHER_CTX_new();
    EVP_MD_CTX *mctx = EVP_MD_CTX_new();
    uint8_t md[16];
    unsigned int mdl;
    int outl;
    double t0;

    if (cctx == NULL || mctx == NULL)
        fail("allocating contexts");
    if (sh->kind == CHACHA_UPDATE &&
        !EVP_EncryptInit_ex2(cctx, s->chacha20, key, iv, NULL))
        fail("init");
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
        }
    }
    t0 = now_ns() - t0;
    sink ^= outbuf[0];
    EVP_CIPHER_CTX_free(cctx);
    EVP_MD_CTX_free(mctx);
    return t0 / (double)iters;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof(double), cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

#if defined(__x86_64__)
static inline uint64_t ticks(void)
{
    uint32_t lo, hi;

    __asm__ volatile("lfence; rdtsc" : "=a"(lo), "=d"(hi));
    return (uint64_t)hi << 32 | lo;
}
#define TICK_UNIT "TSC cycles/byte"
#else
static inline uint64_t ticks(void)
{
    return (uint64_t)now_ns();
}
#define TICK_UNIT "ns/byte"
#endif

/* Each runnable kernel alone, through the kernel ABI: best of 9 batches. */
static void time_kernels(void)
{
    uint32_t caps = simd_test_caps(), k32[8] = {1}, ctr[4] = {0};
    uint32_t st[4] = {0};

    printf("\nKernels alone on this CPU (%s, best of 9):\n", TICK_UNIT);
    for (size_t i = 0; i < simd_arch_this.tables[SIMD_ALG_CHACHA20].n; i++) {
        const simd_kernel *k = &simd_arch_this.tables[SIMD_ALG_CHACHA20].kernels[i];
        double best = INFINITY;

        if (!simd_runnable(k->needs, caps))
            continue;
        for (int r = 0; r < 9; r++) {
            uint64_t t0 = ticks();

            for (int j = 0; j < 64; j++)
                k->fn.chacha20(outbuf, inbuf, 16384, k32, ctr);
            best = fmin(best, (double)(ticks() - t0) / (64.0 * 16384));
        }
        printf("  ChaCha20 %-16s 16 KiB  %6.3f\n", k->name, best);
    }
    for (size_t i = 0; i < simd_arch_this.tables[SIMD_ALG_MD5].n; i++) {
        const simd_kernel *k = &simd_arch_this.tables[SIMD_ALG_MD5].kernels[i];
        double best = INFINITY;

        if (!simd_runnable(k->needs, caps))
            continue;
        for (int r = 0; r < 9; r++) {
            uint64_t t0 = ticks();

            k->fn.md5(st, inbuf, (1 << 20) / 64);
            best = fmin(best, (double)(ticks() - t0) / (1 << 20));
        }
        printf("  MD5      %-16s 1 MiB   %6.3f\n", k->name, best);
    }
}

int main(int argc, char **argv)
{
    side a = {.spec = "default"}, b = {.spec = "simd"};
    int rounds = 7, kernels = 0;
    double batch_ms = 20;
    const char *filter = NULL;
    const char *groups[8];
    double logsum[8] = {0};
    int gcount[8] = {0}, ngroups = 0;

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
        else if (!strcmp(argv[i], "-k"))
            kernels = 1;
        else {
            fprintf(stderr, "usage: %s [-a SIDE] [-b SIDE] [-r ROUNDS] "
                            "[-t BATCH_MS] [-f FILTER] [-k]\n", argv[0]);
            return 2;
        }
    }
    if (rounds < 1 || rounds > 99 || batch_ms <= 0)
        fail("arguments");
    inbuf = aligned_alloc(64, (8 << 20) + 64 * 1024 + 64);
    outbuf = aligned_alloc(64, 64 * 1024 + 64);
    if (inbuf == NULL || outbuf == NULL)
        fail("allocating buffers");
    memset(inbuf, 0x5a, (8 << 20) + 64 * 1024 + 64);
    open_side(&a);
    open_side(&b);
    printf("%s, %d rounds of ~%.0f ms per side, interleaved; medians\n",
           OpenSSL_version(OPENSSL_VERSION), rounds, batch_ms);
    printf("A = %s\nB = %s\n\n", a.label, b.label);
    printf("%-26s %12s %12s %10s %8s\n", "shape", "A ns/op", "B ns/op",
           "B MB/s", "A/B");
    for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
        const shape *sh = &shapes[i];
        double ta[99], tb[99], ma, mb, bytes = (double)(sh->count * sh->step);
        size_t iters;
        int g;

        if (filter != NULL && strstr(sh->name, filter) == NULL)
            continue;
        /* Calibrate: enough ops for one batch to take batch_ms. */
        iters = 1;
        while (run(&b, sh, iters) * (double)iters < batch_ms * 1e6 / 4)
            iters *= 2;
        iters *= 4;
        for (int r = 0; r < rounds; r++) {
            if (r % 2) { /* alternate who goes first */
                ta[r] = run(&a, sh, iters);
                tb[r] = run(&b, sh, iters);
            } else {
                tb[r] = run(&b, sh, iters);
                ta[r] = run(&a, sh, iters);
            }
        }
        ma = median(ta, rounds);
        mb = median(tb, rounds);
        printf("%-26s %12.1f %12.1f %10.1f %7.2fx\n", sh->name, ma, mb,
               bytes > 0 ? bytes / mb * 1e3 : 0.0, ma / mb);
        fflush(stdout);
        for (g = 0; g < ngroups && strcmp(groups[g], sh->group); g++)
            ;
        if (g == ngroups)
            groups[ngroups++] = sh->group;
        logsum[g] += log(ma / mb);
        gcount[g]++;
    }
    printf("\ngeometric mean of A/B (>1: B faster):\n");
    for (int g = 0; g < ngroups; g++)
        printf("  %-18s %6.3fx over %d shapes\n", groups[g],
               exp(logsum[g] / gcount[g]), gcount[g]);
    if (kernels)
        time_kernels();
    return (int)(sink & 0);
}
