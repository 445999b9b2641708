/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A stand-in core for calling a module's OSSL_provider_init straight from
 * its file: the three allocation upcalls (calloc-backed, counted, able to
 * refuse) and core_get_params answering the OpenSSL version, real or made
 * up. One process-wide instance: the upcalls receive no handle to tell
 * cores apart.
 */
#ifndef SIMDPROV_STANDIN_CORE_H
#define SIMDPROV_STANDIN_CORE_H

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

typedef struct {
    long blocks;       /* handed out and not yet freed */
    long calls;        /* zalloc calls, refused ones included */
    int out_of_memory; /* zalloc refuses while set */
    /* The version core_get_params reports ("3.5.0"); NULL: the running
     * libcrypto's, so the module's per-process release stays what the real
     * core told it. */
    const char *version;
} tu_standin_core;

extern tu_standin_core tu_standin;

/* The stand-in core's upcalls, zalloc, free, clear_free, get_params in
 * that order, then the terminator (TU_STANDIN_NFNS entries before it). */
#define TU_STANDIN_NFNS 4
extern const OSSL_DISPATCH tu_standin_dispatch[TU_STANDIN_NFNS + 1];

/* The module's own functions, from the table its init returned. */
typedef struct {
    OSSL_FUNC_provider_query_operation_fn *query_operation;
    OSSL_FUNC_provider_get_params_fn *get_params;
    OSSL_FUNC_provider_teardown_fn *teardown;
} tu_provider_fns;

/* Fills f from out; returns 1 when all three are there. */
int tu_provider_fns_of(const OSSL_DISPATCH *out, tu_provider_fns *f);

#endif
