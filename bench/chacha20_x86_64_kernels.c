/*
 * x86_64 ChaCha20 kernels alone, through the kernel ABI, against OpenSSL's
 * EVP ChaCha20 (default provider) in the same process: interleaved rounds,
 * median ns per call, TSC cycles per byte. This is how the thresholds in
 * asm/x86_64/chacha20_x86_64.c and the README tables were measured.
 *
 *   chacha20-x86_64-kernels [-r ROUNDS] [-k NAME,NAME,...] [SIZE...]
 *
 * OpenSSL's own level follows OPENSSL_ia32cap (e.g. ":~0x80010000" hides
 * its AVX-512 paths, ":~0x80010020" also AVX2). Whole-group kernels (5x,
 * 9x, 32x) are timed on the size rounded down to their group; their
 * GB/s and cycles/byte count only the bytes they process. The OpenSSL
 * column includes EVP's per-call cost, which the bare kernels do not pay.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <x86intrin.h>

#include <openssl/evp.h>

#include "../asm/x86_64/kernels.h"
#include "../asm/arch.h"
#include "../test/testcaps.h"

#define AVX512_NEEDS                                                           \
    (SIMD_CAP_ASM | SIMD_CAP_X86_AVX2 | SIMD_CAP_X86_AVX512F |                 \
     SIMD_CAP_X86_AVX512VL | SIMD_CAP_X86_AVX512BW)

static const struct {
    const char *name;
    uint32_t needs;
    simd_chacha20_fn fn;
    size_t group; /* nonzero: whole groups only */
} kernels[] = {
    {"ssse3", SIMD_CAP_ASM | SIMD_CAP_X86_SSSE3, chacha20_xor_ssse3, 0},
    {"ssse3_1x", SIMD_CAP_ASM | SIMD_CAP_X86_SSSE3, chacha20_ssse3_1x, 0},
    {"ssse3_2x", SIMD_CAP_ASM | SIMD_CAP_X86_SSSE3, chacha20_ssse3_2x, 0},
    {"ssse3_4x", SIMD_CAP_ASM | SIMD_CAP_X86_SSSE3, chacha20_ssse3_4x, 0},
    {"ssse3_5x", SIMD_CAP_ASM | SIMD_CAP_X86_SSSE3, chacha20_ssse3_5x, 320},
    {"avx2", SIMD_CAP_ASM | SIMD_CAP_X86_AVX2, chacha20_xor_avx2, 0},
    {"avx2_8x", SIMD_CAP_ASM | SIMD_CAP_X86_AVX2, chacha20_avx2_8x, 0},
    {"avx2_9x", SIMD_CAP_ASM | SIMD_CAP_X86_AVX2, chacha20_avx2_9x, 576},
    {"avx512", AVX512_NEEDS, chacha20_xor_avx512, 0},
    {"avx512_1x", AVX512_NEEDS, chacha20_avx512_1x, 0},
    {"avx512_2x", AVX512_NEEDS, chacha20_avx512_2x, 0},
    {"avx512_4x", AVX512_NEEDS, chacha20_avx512_4x, 0},
    {"avx512_8x", AVX512_NEEDS, chacha20_avx512_8x, 0},
    {"avx512_16x", AVX512_NEEDS, chacha20_avx512_16x, 0},
    {"avx512_32x", AVX512_NEEDS, chacha20_avx512_32x, 2048},
    {"portable", 0, chacha20_xor_portable, 0},
};
#define NK (sizeof(kernels) / sizeof(kernels[0]))
#define MAXLEN (1u << 20)
#define MAXROUNDS 101

static double now_ns(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof(*v), cmp_double);
    return v[n / 2];
}

static int selected(const char *list, const char *name)
{
    size_t n = strlen(name);

    if (list == NULL)
        return 1;
    for (const char *p = list; *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);

        if (len == n && strncmp(p, name, n) == 0)
            return 1;
        p += len + (e != NULL);
    }
    return 0;
}

int main(int argc, char **argv)
{
    static size_t dflt[] = {16,   64,   128,  256,  512,   1024,
                            1350, 4096, 8192, 16384, 65536};
    size_t sizes[64], nsizes = 0;
    const char *only = NULL;
    int rounds = 15;
    uint32_t caps = simd_test_caps();
    uint8_t *in = aligned_alloc(64, MAXLEN), *out = aligned_alloc(64, MAXLEN);
    uint32_t key[8] = {1, 2, 3, 4, 5, 6, 7, 8}, ctr[4] = {0, 1, 2, 3};
    unsigned char evp_key[32] = {1}, evp_iv[16] = {0};
    EVP_CIPHER *cipher = EVP_CIPHER_fetch(NULL, "ChaCha20", "provider=default");
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    double tsc_per_ns, t0;
    uint64_t c0;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-r") == 0 && i + 1 < argc)
            rounds = atoi(argv[++i]);
        else if (strcmp(argv[i], "-k") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (nsizes < 64)
            sizes[nsizes++] = strtoul(argv[i], NULL, 0);
    }
    if (rounds < 1 || rounds > MAXROUNDS)
        rounds = 15;
    if (nsizes == 0)
        for (size_t i = 0; i < sizeof(dflt) / sizeof(dflt[0]); i++)
            sizes[nsizes++] = dflt[i];
    if (in == NULL || out == NULL || cipher == NULL || ctx == NULL ||
        !EVP_EncryptInit_ex2(ctx, cipher, evp_key, evp_iv, NULL))
        return 1;
    memset(in, 7, MAXLEN);

    t0 = now_ns();
    c0 = __rdtsc();
    while (now_ns() - t0 < 2e7)
        ;
    tsc_per_ns = (double)(__rdtsc() - c0) / (now_ns() - t0);
    printf("# %s; TSC %.3f GHz; median of %d interleaved rounds\n",
           OpenSSL_version(OPENSSL_VERSION), tsc_per_ns, rounds);
    printf("%-7s %-12s %10s %8s %7s %9s\n", "size", "kernel", "ns/call",
           "GB/s", "cyc/B", "openssl/k");
    for (size_t s = 0; s < nsizes; s++) {
        size_t len = sizes[s] > MAXLEN ? MAXLEN : sizes[s];
        int reps = (int)(2000000 / (len + 200)) + 1;
        static double samples[NK + 1][MAXROUNDS];
        double med[NK + 1];
        int run[NK + 1];

        for (size_t k = 0; k < NK; k++)
            run[k] = simd_runnable(kernels[k].needs, caps) &&
                     selected(only, kernels[k].name) &&
                     (kernels[k].group == 0 || len >= kernels[k].group);
        run[NK] = 1;
        for (int r = 0; r < rounds; r++) {
            for (size_t k = 0; k <= NK; k++) {
                double a;
                int ol;

                if (!run[k])
                    continue;
                a = now_ns();
                for (int i = 0; i < reps; i++) {
                    if (k == NK)
                        EVP_EncryptUpdate(ctx, out, &ol, in, (int)len);
                    else
                        kernels[k].fn(out, in, len, key, ctr);
                }
                samples[k][r] = (now_ns() - a) / reps;
            }
        }
        for (size_t k = 0; k <= NK; k++)
            if (run[k])
                med[k] = median(samples[k], rounds);
        for (size_t k = 0; k <= NK; k++) {
            size_t done = len;

            if (!run[k])
                continue;
            if (k < NK && kernels[k].group)
                done = len - len % kernels[k].group;
            printf("%-7zu %-12s %10.1f %8.3f %7.3f %9.3f\n", len,
                   k == NK ? "openssl" : kernels[k].name, med[k],
                   done / med[k], med[k] * tsc_per_ns / (double)done,
                   k == NK ? 1.0 : med[NK] * done / len / med[k]);
        }
    }
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(cipher);
    free(in);
    free(out);
    return 0;
}
