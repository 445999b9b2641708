/* SPDX-License-Identifier: Apache-2.0 */
/* The dispatch tables each algorithm file exports to provider.c. */
#ifndef SIMDPROV_ALGORITHMS_H
#define SIMDPROV_ALGORITHMS_H

#include <openssl/core.h>

extern const OSSL_DISPATCH simd_chacha20_functions[];
extern const OSSL_DISPATCH simd_chacha20_poly1305_functions[];
extern const OSSL_DISPATCH simd_md5_functions[];
extern const OSSL_DISPATCH simd_poly1305_functions[];

#endif
