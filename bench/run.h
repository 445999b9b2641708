/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The runner every row of the benchmark goes through: the options that
 * shape a run (-f, -r, -t), one row's trial with its progress line, and the
 * exit on a failed call. Also the buffers, key and IV that the ChaCha20/MD5
 * shapes (shapes.c) and the kernels alone (kernels.c) read and write.
 */
#ifndef SIMDPROV_BENCH_RUN_H
#define SIMDPROV_BENCH_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "report.h"

/* -f FILTER (NULL: every row), -r ROUNDS, -t BATCH_MS. */
typedef struct {
    const char *filter;
    int rounds;
    double batch_ms;
} run_opts;

/* Says what failed, with OpenSSL's errors, and exits 1. */
void fail(const char *what) __attribute__((noreturn));

/* Whether -f keeps the row named `name`. */
int selected(const run_opts *o, const char *name);

/* Shows which row is running, on a terminal (the table waits for the end);
 * "" clears the line. */
void progress(const char *name);

/* One row's trial: shows `name` while it runs, then times t[0..n) in o's
 * interleaved rounds (run_trial). */
void run_row(trial *tr, const timed *t, int n, const run_opts *o,
             const char *name);

/* The largest -k size. bench_in holds the largest shape (8 MiB) plus its
 * updates' offsets and a misalignment; bench_out the largest -k size plus
 * the same. */
#define MAX_KERNEL_LEN (1u << 20)
#define BENCH_IN_SIZE ((8u << 20) + 64 * 1024 + 64)
#define BENCH_OUT_SIZE (MAX_KERNEL_LEN + 64 * 1024 + 64)
extern uint8_t *bench_in, *bench_out;
extern const uint8_t bench_key[32], bench_iv[16];
/* Where timers fold a byte of their results, so no work is optimized
 * away. */
extern volatile uint8_t bench_sink;

/* Allocates and fills bench_in and bench_out; frees them. */
void bench_buffers_alloc(void);
void bench_buffers_free(void);

#endif
