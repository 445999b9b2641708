/* SPDX-License-Identifier: Apache-2.0 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h> /* isatty */

#include <openssl/err.h>

#include "run.h"

uint8_t *bench_in, *bench_out;
const uint8_t bench_key[32] = {1, 2, 3}, bench_iv[16] = {4, 5, 6};
volatile uint8_t bench_sink;

void fail(const char *what)
{
    fprintf(stderr, "bench: %s failed\n", what);
    ERR_print_errors_fp(stderr);
    exit(1);
}

int selected(const run_opts *o, const char *name)
{
    return o->filter == NULL || strstr(name, o->filter) != NULL;
}

void progress(const char *name)
{
    if (isatty(STDERR_FILENO))
        fprintf(stderr, "\r%-60.60s\r", name);
}

void run_row(trial *tr, const timed *t, int n, const run_opts *o,
             const char *name)
{
    progress(name);
    run_trial(tr, t, n, o->rounds, o->batch_ms);
}

void bench_buffers_alloc(void)
{
    bench_in = aligned_alloc(64, BENCH_IN_SIZE);
    bench_out = aligned_alloc(64, BENCH_OUT_SIZE);
    if (bench_in == NULL || bench_out == NULL)
        fail("allocating buffers");
    memset(bench_in, 0x5a, BENCH_IN_SIZE);
}

void bench_buffers_free(void)
{
    free(bench_in);
    free(bench_out);
}
