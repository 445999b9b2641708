/*
 * x86_64 MD5 kernel benchmark, all in one process so every contender sees the
 * same clock, cache and neighbours:
 *  1. TSC cycles per byte of each kernel at 1 MiB (and OpenSSL's MD5_Update,
 *     which runs its md5-x86_64 block function with the least glue).
 *  2. One EVP-style operation (init + update + final) at 8 KiB, 1 MiB, 8 MiB:
 *     OpenSSL's default provider via EVP vs each kernel behind the minimal
 *     glue in bench/md5_x86_64_glue.h. Rounds interleave the contenders; the
 *     median round is reported with the ratio default/kernel (>1 = faster).
 *     If the simd provider loads (OPENSSL_MODULES=<build dir>), the same EVP
 *     op through it is a contender too: that is the number users get, with
 *     the kernel it picked (or the one SIMDPROV_MD5 forces).
 * Usage: md5_x86_64_bench [rounds]   (default 15; keep runs short: shared box)
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime under -std=c11 */
#define OPENSSL_SUPPRESS_DEPRECATED /* MD5_Update: OpenSSL's bare asm speed */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <x86intrin.h>

#include <openssl/evp.h>
#include <openssl/md5.h>
#include <openssl/opensslv.h>
#include <openssl/provider.h>

#include "md5_x86_64_glue.h"

#define MAXROUNDS 64

static double now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof(*v), cmp_double);
    return v[n / 2];
}

static volatile uint8_t sink;

static void op_kernel(simd_md5_fn fn, const uint8_t *p, size_t n)
{
    md5x_ctx c;
    uint8_t out[16];

    md5x_init(&c, fn);
    md5x_update(&c, p, n);
    md5x_final(&c, out);
    sink ^= out[0];
}

static void op_evp(EVP_MD_CTX *ctx, const EVP_MD *md, const uint8_t *p,
                   size_t n)
{
    uint8_t out[16];
    unsigned int len;

    if (!EVP_DigestInit_ex(ctx, md, NULL) || !EVP_DigestUpdate(ctx, p, n) ||
        !EVP_DigestFinal_ex(ctx, out, &len))
        abort();
    sink ^= out[0];
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 15;
    const size_t maxn = 8 << 20;
    uint8_t *buf = aligned_alloc(64, maxn);
    EVP_MD *md = EVP_MD_fetch(NULL, "MD5", "provider=default");
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    const md5x_variant *vs[MD5X_NVARIANTS];
    int nv = 0;
    OSSL_LIB_CTX *simd_lib = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *simd_prov = simd_lib ? OSSL_PROVIDER_load(simd_lib, "simd")
                                        : NULL;
    EVP_MD *simd_md = simd_prov ? EVP_MD_fetch(simd_lib, "MD5", NULL) : NULL;
    const char *simd_kernel = "?";

    if (rounds < 1 || rounds > MAXROUNDS || !buf || !md || !ctx)
        return 2;
    for (size_t i = 0; i < maxn; i++)
        buf[i] = (uint8_t)(i * 131 + 7);
    for (size_t i = 0; i < MD5X_NVARIANTS; i++)
        if (md5x_variants[i].usable())
            vs[nv++] = &md5x_variants[i];
    printf("OpenSSL %s (%s)\n", OpenSSL_version(OPENSSL_VERSION),
           OPENSSL_VERSION_TEXT);
    if (simd_md) {
        OSSL_PARAM p[] = {
            OSSL_PARAM_utf8_ptr("simd.md5", (char **)&simd_kernel, 0),
            OSSL_PARAM_END};

        OSSL_PROVIDER_get_params(simd_prov, p);
        printf("simd provider loaded, MD5 kernel: %s\n", simd_kernel);
    } else {
        printf("simd provider not loaded (set OPENSSL_MODULES to the build "
               "dir to include it)\n");
    }

    /* 1. cycles/byte at 1 MiB, raw block calls. */
    {
        const size_t n = 1 << 20;
        double cpb[MD5X_NVARIANTS + 1][MAXROUNDS];

        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i <= nv; i++) {
                uint32_t st[4] = {1, 2, 3, 4};
                MD5_CTX mc;
                uint64_t t0 = __rdtsc();

                if (i < nv) {
                    vs[i]->fn(st, buf, n / 64);
                } else {
                    MD5_Init(&mc);
                    MD5_Update(&mc, buf, n);
                    st[0] = mc.A;
                }
                cpb[i][r] = (double)(__rdtsc() - t0) / n;
                sink ^= (uint8_t)st[0];
            }
        }
        printf("\nTSC cycles/byte at 1 MiB (median of %d):\n", rounds);
        for (int i = 0; i <= nv; i++)
            printf("  %-22s %.3f\n", i < nv ? vs[i]->name : "openssl MD5_Update",
                   median(cpb[i], rounds));
    }

    /* 2. per operation, vs the default provider. */
    {
        static const size_t sizes[] = {8192, 1 << 20, 8 << 20};

        printf("\nper op (init+update+final), median of %d interleaved "
               "rounds; ratio = default time / kernel time\n",
               rounds);
        for (size_t s = 0; s < 3; s++) {
            size_t n = sizes[s];
            int reps = (int)((16u << 20) / n);
            double t[MD5X_NVARIANTS + 2][MAXROUNDS];
            int nc = nv + 1 + (simd_md != NULL);

            if (reps < 1)
                reps = 1;
            for (int r = 0; r < rounds; r++) {
                for (int i = 0; i < nc; i++) {
                    double t0 = now();

                    for (int k = 0; k < reps; k++) {
                        if (i == nv)
                            op_evp(ctx, md, buf, n);
                        else if (i > nv)
                            op_evp(ctx, simd_md, buf, n);
                        else
                            op_kernel(vs[i]->fn, buf, n);
                    }
                    t[i][r] = (now() - t0) / reps;
                }
            }
            double def = median(t[nv], rounds);

            printf("  %7zu B: default %9.2f us (%.0f MB/s)\n", n, def * 1e6,
                   n / def / 1e6);
            for (int i = 0; i < nv; i++) {
                double m = median(t[i], rounds);

                printf("           %-9s %9.2f us (%.0f MB/s)  x%.3f\n",
                       vs[i]->name, m * 1e6, n / m / 1e6, def / m);
            }
            if (simd_md) {
                double m = median(t[nv + 1], rounds);

                printf("           provider  %9.2f us (%.0f MB/s)  x%.3f  "
                       "(EVP via simd.so, kernel %s)\n",
                       m * 1e6, n / m / 1e6, def / m, simd_kernel);
            }
        }
    }
    EVP_MD_CTX_free(ctx);
    EVP_MD_free(md);
    EVP_MD_free(simd_md);
    OSSL_PROVIDER_unload(simd_prov);
    OSSL_LIB_CTX_free(simd_lib);
    free(buf);
    return 0;
}
