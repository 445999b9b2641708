/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What the algorithms' dispatch tables share: the entry cast, and the
 * functions that only return a fixed parameter list.
 */
#ifndef SIMDPROV_PROVIDER_DISPATCH_H
#define SIMDPROV_PROVIDER_DISPATCH_H

#include <openssl/core.h>

/* An OSSL_DISPATCH entry's function: every table stores its functions as
 * void (*)(void), and the core casts each back by its id. */
#define SIMD_FN(f) ((void (*)(void))(f))

/* A gettable_ctx_params or settable_ctx_params function FN answering the
 * parameter list TABLE whatever the context. */
#define SIMD_CTX_PARAMS_LIST(FN, TABLE)                                        \
    static const OSSL_PARAM *FN(void *cctx, void *provctx)                     \
    {                                                                          \
        (void)cctx;                                                            \
        (void)provctx;                                                         \
        return TABLE;                                                          \
    }

#endif
