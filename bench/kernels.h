/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Kernels alone (-k): each named kernel through the kernel ABI (B) against
 * side A's EVP update of the same bytes on a running context. NAME: all |
 * an algorithm (chacha20, md5, poly1305) | ALG:KERNEL | KERNEL, from
 * simd_arch_this's tables and inner kernels (Poly1305's EVP side is the
 * POLY1305 MAC); every kernel this CPU (or SIMDPROV_TEST_LEVEL) cannot run
 * is reported and skipped. After the table, each row again per byte.
 */
#ifndef SIMDPROV_BENCH_KERNELS_H
#define SIMDPROV_BENCH_KERNELS_H

#include <stddef.h>

#include "../asm/arch.h"
#include "run.h"
#include "side.h"

/* One kernel alone through the kernel ABI on `len` bytes per op. */
typedef struct {
    simd_alg alg;
    const simd_kernel_row *kernel;
    size_t len;
    int in_place; /* bench_out to bench_out, as the glue rows' EVP side */
} kernel_run;

/* Runs `iters` ops of the kernel alone; returns ns/op (a timer, report.h). */
double time_kernel(const void *kernel_run_arg, size_t iters);

/* -k: a row for each kernel `names` names at each size; 2 when an item of
 * the list names no kernel, 0 otherwise. */
int bench_kernels(const side *a, const char *names, const size_t *sizes,
                  int nsizes, const run_opts *o);

/* The rows of bench_kernels again, in TSC cycles (x86_64) or ns per byte. */
void print_per_byte(void);

#endif
