/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The glue rows: per update, what each side's glue adds to B's ChaCha20
 * kernel (the kernel alone against the same bytes through EVP on A and
 * on B).
 */
#ifndef SIMDPROV_BENCH_GLUE_H
#define SIMDPROV_BENCH_GLUE_H

#include "run.h"
#include "side.h"

/* A glue row per size -f keeps ("ChaCha20 glue N"); none when B is not
 * simd. */
void bench_glue(const side *a, const side *b, const run_opts *o);

#endif
