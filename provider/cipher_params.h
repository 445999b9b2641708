/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What the ChaCha20-based ciphers (ChaCha20, ChaCha20-Poly1305) share of
 * their parameters, as the default provider reports and takes them: the
 * same algorithm parameter list and values but for "aead" and the lengths,
 * and key and IV lengths that only take the fixed value.
 */
#ifndef SIMDPROV_CIPHER_PARAMS_H
#define SIMDPROV_CIPHER_PARAMS_H

#include <stddef.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "prov_ctx.h"

/* The algorithm parameters both list, for their gettable arrays. */
#define SIMD_CIPHER_GETTABLE_PARAMS                                            \
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_MODE, NULL),                             \
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),                     \
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),                      \
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_BLOCK_SIZE, NULL),                 \
        OSSL_PARAM_int(OSSL_CIPHER_PARAM_AEAD, NULL),                          \
        OSSL_PARAM_int(OSSL_CIPHER_PARAM_CUSTOM_IV, NULL),                     \
        OSSL_PARAM_int(OSSL_CIPHER_PARAM_CTS, NULL),                           \
        OSSL_PARAM_int(OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, NULL),               \
        OSSL_PARAM_int(OSSL_CIPHER_PARAM_HAS_RAND_KEY, NULL)

/* The gettable algorithm parameters: those, and from 3.6 on (with_etm:
 * prov->aead_etm_gettable) "encrypt-then-mac" too. */
const OSSL_PARAM *simd_cipher_gettable(int with_etm);

/* Answers those: mode 0, block size 1, custom IV, no CTS, multiblock or
 * random key; aead, keylen and ivlen as given; encrypt-then-mac 0 on 3.6+
 * (left alone before). No provider context is passed to get_params, so a
 * failure raises nothing (as documented), and the release is the one the
 * core reported at load (simd_core_release_noctx). */
int simd_cipher_get_params(OSSL_PARAM params[], int aead, size_t keylen,
                           size_t ivlen);

/* Whether params names one of names[] twice, raising "repeated parameter"
 * if so: the releases that refuse such an array do it before applying any
 * of it (prov_ctx.h). */
int simd_cipher_params_repeat(const simd_provctx *prov,
                              const OSSL_PARAM params[],
                              const char *const names[], size_t n);

/* An init's key and IV lengths, each checked where given (IV first, as
 * default): 1 when right; else "invalid IV length" / "invalid key length"
 * raised, naming alg, and 0. */
int simd_cipher_init_lens_ok(const simd_provctx *prov, const unsigned char *key,
                             size_t keylen, size_t want_key,
                             const unsigned char *iv, size_t ivlen,
                             size_t want_iv, const char *alg);

/* "keylen" and "ivlen", where params has them, must hold the algorithm's
 * fixed lengths (alg names it in the error): 1 when absent or equal;
 * otherwise "invalid key length" / "invalid IV length" (or failed-to-get)
 * is raised and 0 returned, keylen checked first. */
int simd_cipher_check_lens(const simd_provctx *prov, const OSSL_PARAM params[],
                           size_t keylen, size_t ivlen, const char *alg);

#endif
