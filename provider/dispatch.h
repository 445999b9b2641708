/* SPDX-License-Identifier: Apache-2.0 */
/*
 * An OSSL_DISPATCH entry's function: every table stores its functions as
 * void (*)(void), and the core casts each back by its id.
 */
#ifndef SIMDPROV_PROVIDER_DISPATCH_H
#define SIMDPROV_PROVIDER_DISPATCH_H

#define SIMD_FN(f) ((void (*)(void))(f))

#endif
