/* SPDX-License-Identifier: Apache-2.0 */
#include "cipher_params.h"

#include "errors.h"
#include "params.h"

static const OSSL_PARAM known_gettable[] = {
    SIMD_CIPHER_GETTABLE_PARAMS,
    OSSL_PARAM_END,
};

static const OSSL_PARAM known_gettable_3_6[] = {
    SIMD_CIPHER_GETTABLE_PARAMS,
    /* OSSL_CIPHER_PARAM_ENCRYPT_THEN_MAC: not in 3.0's headers. */
    OSSL_PARAM_int("encrypt-then-mac", NULL),
    OSSL_PARAM_END,
};

const OSSL_PARAM *simd_cipher_gettable(int with_etm)
{
    return with_etm ? known_gettable_3_6 : known_gettable;
}

/* encrypt-then-mac: 3.6+ answer 0, 3.0-3.5 leave it alone. */
static int get_etm(OSSL_PARAM params[])
{
    OSSL_PARAM *p = simd_param_locate_key(params, "encrypt-then-mac");

    return p == NULL || simd_core_release_noctx() < 306 ||
           simd_param_store_int(p, 0);
}

int simd_cipher_get_params(OSSL_PARAM params[], int aead, size_t keylen,
                           size_t ivlen)
{
    OSSL_PARAM *p = simd_param_locate(params, OSSL_CIPHER_PARAM_MODE);

    return (p == NULL || simd_param_store_uint(p, 0)) &&
           simd_param_set_int(params, OSSL_CIPHER_PARAM_AEAD, aead) &&
           simd_param_set_int(params, OSSL_CIPHER_PARAM_CUSTOM_IV, 1) &&
           simd_param_set_int(params, OSSL_CIPHER_PARAM_CTS, 0) &&
           simd_param_set_int(params, OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, 0) &&
           simd_param_set_int(params, OSSL_CIPHER_PARAM_HAS_RAND_KEY, 0) &&
           simd_param_set_size(params, OSSL_CIPHER_PARAM_KEYLEN, keylen) &&
           simd_param_set_size(params, OSSL_CIPHER_PARAM_BLOCK_SIZE, 1) &&
           simd_param_set_size(params, OSSL_CIPHER_PARAM_IVLEN, ivlen) &&
           get_etm(params);
}

int simd_cipher_params_repeat(const simd_provctx *prov,
                              const OSSL_PARAM params[],
                              const char *const names[], size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const OSSL_PARAM *p = simd_param_locate_key_const(params, names[i]);

        if (p != NULL && simd_param_locate_key_const(p + 1, names[i]) != NULL) {
            SIMD_RAISE_MSG(prov, SIMD_R_FAILED_TO_SET_PARAMETER,
                           "repeated parameter %s", names[i]);
            return 1;
        }
    }
    return 0;
}

/* A "keylen" or "ivlen" element (name, n bytes with its NUL) must hold
 * `want`: 1 when absent or equal; otherwise `reason` (or failed-to-get) is
 * raised, naming the algorithm, and 0 returned. */
static int check_len(const simd_provctx *prov, const OSSL_PARAM params[],
                     const char *name, size_t n, size_t want, int reason,
                     const char *alg)
{
    const OSSL_PARAM *p = simd_param_find((OSSL_PARAM *)params, name, n);
    size_t len;

    if (p == NULL)
        return 1;
    if (!simd_param_get_size_t(p, &len)) {
        SIMD_RAISE_MSG(prov, SIMD_R_FAILED_TO_GET_PARAMETER, "%s", name);
        return 0;
    }
    if (len != want) {
        SIMD_RAISE_MSG(prov, reason, "%s %s must be %zu, got %zu", alg, name,
                       want, len);
        return 0;
    }
    return 1;
}

int simd_cipher_check_lens(const simd_provctx *prov, const OSSL_PARAM params[],
                           size_t keylen, size_t ivlen, const char *alg)
{
    return check_len(prov, params, "" OSSL_CIPHER_PARAM_KEYLEN,
                     sizeof(OSSL_CIPHER_PARAM_KEYLEN), keylen,
                     SIMD_R_INVALID_KEY_LENGTH, alg) &&
           check_len(prov, params, "" OSSL_CIPHER_PARAM_IVLEN,
                     sizeof(OSSL_CIPHER_PARAM_IVLEN), ivlen,
                     SIMD_R_INVALID_IV_LENGTH, alg);
}

int simd_cipher_init_lens_ok(const simd_provctx *prov, const unsigned char *key,
                             size_t keylen, size_t want_key,
                             const unsigned char *iv, size_t ivlen,
                             size_t want_iv, const char *alg)
{
    if (iv != NULL && ivlen != want_iv) {
        SIMD_RAISE_MSG(prov, SIMD_R_INVALID_IV_LENGTH,
                       "%s IV is %zu bytes, got %zu", alg, want_iv, ivlen);
        return 0;
    }
    if (key != NULL && keylen != want_key) {
        SIMD_RAISE_MSG(prov, SIMD_R_INVALID_KEY_LENGTH,
                       "%s key is %zu bytes, got %zu", alg, want_key, keylen);
        return 0;
    }
    return 1;
}
