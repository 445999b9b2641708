/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h> /* strcasecmp */
#include <time.h>
#if defined(__x86_64__)
#include <x86intrin.h> /* __rdtsc */
#endif

#include "../asm/arch.h"
#include "testcaps.h"
#include "kernels.h"
#include "regime.h"
#include "run.h"
#include "shapes.h"


double time_kernel(const void *kernel_run_arg, size_t iters)
{
    const kernel_run *r = kernel_run_arg;
    uint32_t k32[8] = {1, 2, 3}, ctr[4] = {0}, state[4] = {0};
    uint32_t kc[12] = {1, 2, 3}; /* key || counter, as k32 and ctr */
    simd_poly1305 mac;
    double t0;

    /* A running MAC, as the EVP side's: the kernel's table is built in the
     * first call and reused by the others. */
    simd_poly1305_init(&mac, bench_key);
    t0 = now_ns();
    for (size_t i = 0; i < iters; i++) {
        if (r->alg == SIMD_ALG_MD5)
            r->kernel->fn.md5(state, bench_in, r->len / SIMD_MD5_BLOCK);
        else if (r->alg == SIMD_ALG_POLY1305)
            r->kernel->fn.poly1305(&mac, bench_in, r->len, 1);
        else if (r->alg == SIMD_ALG_CHACHA20_POLY1305)
            r->kernel->fn.chacha20_poly1305(
                bench_out, r->in_place ? bench_out : bench_in, r->len, kc, &mac, 1);
        else
            r->kernel->fn.chacha20(bench_out, r->in_place ? bench_out : bench_in,
                                   r->len, k32, ctr);
    }
    t0 = now_ns() - t0;
    bench_sink ^= (uint8_t)(bench_out[0] ^ state[0] ^ mac.h[0]);
    return t0 / (double)iters;
}


/* Whether the comma-separated list names kernel k of algorithm alg; marks
 * each item that does in used[]. */
static int named(const char *list, simd_alg alg, const simd_kernel_row *k,
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

void print_per_byte(void)
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
int bench_kernels(const side *a, const char *names, const size_t *sizes,
                  int nsizes, const run_opts *o)
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
            run_row(&tr, t, 2, o, name);
            add_row(ROW_AB, group, name, (double)kr->len, &tr);
            keep_per_byte(name, (double)kr->len, &tr);
        }
    }
    return 0;
}
