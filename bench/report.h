/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Interleaved trials and the report: every round of every row is kept with
 * the regime probe around it, and the table is printed once all rows are
 * done, when the quiet baseline is final (regime.h).
 */
#ifndef SIMDPROV_BENCH_REPORT_H
#define SIMDPROV_BENCH_REPORT_H

#include <stddef.h>

/* Something to time: returns ns per op over `iters` ops. */
typedef double (*timer)(const void *arg, size_t iters);

typedef struct {
    timer fn;
    const void *arg;
} timed;

#define MAX_ROUNDS 99
#define MAX_TIMERS 3

typedef struct {
    int rounds, n;
    double ns[MAX_TIMERS][MAX_ROUNDS];
    double probe[MAX_ROUNDS]; /* the slower probe around each round */
} trial;

/* Times t[0..n) in `rounds` interleaved rounds of about batch_ms each (ops
 * per batch calibrated on the last), rotating which goes first. */
void run_trial(trial *tr, const timed *t, int n, int rounds, double batch_ms);

/* The median ns/op of t[timer] over all of a trial's rounds. */
double median_ns(const trial *tr, int timer);

/* A table row from a trial of (A, B); a glue row from one of (B's kernel
 * alone, A through EVP, B through EVP) on the same bytes. */
typedef enum { ROW_AB, ROW_GLUE } row_kind;

/* Keeps a copy; group names the geometric mean a row joins (for glue rows,
 * the kernel). */
void add_row(row_kind kind, const char *group, const char *name, double bytes,
             const trial *tr);

/* The regime line (for the header), then the table, the glue lines and the
 * geometric means; frees the rows. */
void print_regimes(void);
void print_rows(const char *first_column);

/* -o csv: the rows as comma-separated values, one line per row under a
 * header line, for scripts (tools/plot-bench.sh); every other line of the
 * output (note) starts with "# ". 0: the table above. */
extern int report_csv;

/* printf for the lines around the table: "# "-prefixed under -o csv. */
void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
