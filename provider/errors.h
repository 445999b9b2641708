/* SPDX-License-Identifier: Apache-2.0 */
/* The provider's error reasons, raised through the core's error upcalls. */
#ifndef SIMDPROV_ERRORS_H
#define SIMDPROV_ERRORS_H

#include <openssl/core.h>

#include "prov_ctx.h"

/* ChaCha20-Poly1305's reasons (tags, TLS records). */
enum {
    SIMD_R_INVALID_TAG_LENGTH = 200,
    SIMD_R_TAG_NOT_NEEDED,
    SIMD_R_TAG_NOT_SET,
    SIMD_R_INVALID_DATA,
    SIMD_R_AAD_AFTER_DATA,
    SIMD_R_MESSAGE_ENDED,
    SIMD_R_MESSAGE_FINISHED,
};

enum {
    SIMD_R_INVALID_KEY_LENGTH = 100,
    SIMD_R_INVALID_IV_LENGTH,
    SIMD_R_NO_KEY_SET,
    SIMD_R_OUTPUT_BUFFER_TOO_SMALL,
    SIMD_R_NULL_ARGUMENT,
    SIMD_R_FAILED_TO_GET_PARAMETER,
    SIMD_R_FAILED_TO_SET_PARAMETER,
    SIMD_R_BAD_OVERRIDE,
    SIMD_R_ALLOCATION_FAILED,
    SIMD_R_ALREADY_FINISHED,
};

const OSSL_ITEM *simd_reason_strings(void);

void simd_raise(const simd_provctx *prov, const char *file, int line,
                const char *func, int reason, const char *fmt, ...);

#define SIMD_RAISE(prov, reason)                                               \
    simd_raise(prov, __FILE__, __LINE__, __func__, reason, NULL)
#define SIMD_RAISE_MSG(prov, reason, ...)                                      \
    simd_raise(prov, __FILE__, __LINE__, __func__, reason, __VA_ARGS__)

#endif
