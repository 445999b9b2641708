/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The ChaCha20 and MD5 shapes through EVP: what Go's benchmarks, Linux
 * tcrypt, OpenSSH and QUIC do per op, a size sweep and the glue's fixed
 * cost; also the EVP side of the kernel rows (-k) and of the glue rows.
 */
#ifndef SIMDPROV_BENCH_SHAPES_H
#define SIMDPROV_BENCH_SHAPES_H

#include <stddef.h>

#include "run.h"
#include "side.h"

/* CHACHA_UPDATE, MD5_UPDATE and POLY1305_UPDATE: one update per op on a
 * context set up once (the EVP side of -k). */
typedef enum {
    CHACHA_INIT_UPDATES,
    CHACHA_UPDATE,
    MD5_OP,
    MD5_UPDATE,
    GLUE,
    CHACHA_IV_UPDATE, /* keyed context: IV re-init + one in-place update */
    SSH_PACKET,       /* callers.h */
    QUIC_HP,
    POLY1305_UPDATE /* EVP_MAC "POLY1305", keyed once */
} kind;

typedef struct {
    const char *group; /* for the geometric means */
    const char *name;
    kind kind;
    size_t count, step; /* updates per op and bytes per update */
    size_t misalign;
} shape;

/* One shape on one side: time_shape's argument (a timer, report.h). */
typedef struct {
    const side *side;
    const shape *shape;
} shape_run;

/* Runs `iters` ops of the shape on the side; returns ns/op. */
double time_shape(const void *shape_run_arg, size_t iters);

/* A row (A against B) for every shape -f keeps. */
void bench_shapes(const side *a, const side *b, const run_opts *o);

#endif
