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
 *
 * This file reads the options and prints the lines around the table; the
 * parts, each in a file of its own:
 *   side.c     the sides (-a, -b): providers loaded, algorithms fetched
 *   run.c      the runner every row goes through, the shared buffers
 *   shapes.c   the ChaCha20 and MD5 shapes through EVP
 *   aead.c     the ChaCha20-Poly1305 and POLY1305 shapes
 *   kernels.c  -k: each kernel alone, and the per-byte table
 *   glue.c     the glue rows: the glue's cost over B's kernel
 *   report.c   the trials' rounds, the table and -o csv
 *   regime.c   each round quiet or contended
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__x86_64__)
#include <cpuid.h>
#endif

#include <openssl/crypto.h>

#include "../asm/arch.h"
#include "aead.h"
#include "glue.h"
#include "kernels.h"
#include "regime.h"
#include "report.h"
#include "run.h"
#include "shapes.h"
#include "side.h"

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
    aead_side aa, ab;
    run_opts o = {.filter = NULL, .rounds = 7, .batch_ms = 20};
    int nsizes = 7, status = 0;
    const char *kernels = NULL;
    size_t sizes[16] = {64, 256, 1024, 4096, 16384, 65536, MAX_KERNEL_LEN};

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-a") && i + 1 < argc)
            a.spec = argv[++i];
        else if (!strcmp(argv[i], "-b") && i + 1 < argc)
            b.spec = argv[++i];
        else if (!strcmp(argv[i], "-r") && i + 1 < argc)
            o.rounds = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-t") && i + 1 < argc)
            o.batch_ms = atof(argv[++i]);
        else if (!strcmp(argv[i], "-f") && i + 1 < argc)
            o.filter = argv[++i];
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
    if (o.rounds < 1 || o.rounds > 99 || o.batch_ms <= 0)
        fail("arguments");
    bench_buffers_alloc();
    regime_calibrate();
    open_side(&a);
    if (report_csv) {
        note_cpu();
        note_run(argc, argv);
    }
    note("%s, %d rounds of ~%.1f ms per side, interleaved; medians of "
         "%s time\n",
           OpenSSL_version(OPENSSL_VERSION), o.rounds, o.batch_ms,
           bench_wall_clock ? "wall-clock" : "thread CPU");
    if (kernels != NULL) {
        note("A = %s, EVP update on a running context\n", a.label);
        note("B = each kernel alone, through the kernel ABI (%s)\n",
             simd_arch_this.name);
        fflush(stdout);
        status = bench_kernels(&a, kernels, sizes, nsizes, &o);
    } else {
        open_side(&b);
        note("A = %s\n", a.label);
        note("B = %s\n", b.label);
        for (const side *x = &a; x != NULL; x = x == &a ? &b : NULL)
            if (x->steps_aside[0] != '\0' && strcmp(x->steps_aside, "none") != 0)
                note("%s steps aside on this release (the default serves "
                     "these): %s\n", x == &a ? "A" : "B", x->steps_aside);
        fflush(stdout);
        bench_shapes(&a, &b, &o);
        aa = aead_side_of(&a);
        ab = aead_side_of(&b);
        bench_aead(&aa, &ab, &o);
        bench_glue(&a, &b, &o);
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
    bench_buffers_free();
    return status | (int)(bench_sink & 0);
}
