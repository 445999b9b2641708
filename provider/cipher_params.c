#include "cipher_params.h"

#include "errors.h"
#include "params.h"

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
           simd_param_set_size(params, OSSL_CIPHER_PARAM_IVLEN, ivlen);
}

int simd_cipher_check_len_n(const simd_provctx *prov, const OSSL_PARAM params[],
                            const char *name, size_t n, size_t want,
                            int reason, const char *alg)
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
