/* SPDX-License-Identifier: Apache-2.0 */
#include "standin_core.h"

#include "dispatch.h"

#include <stdlib.h>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

tu_standin_core tu_standin;

static void *standin_zalloc(size_t n, const char *file, int line)
{
    (void)file, (void)line;
    tu_standin.calls++;
    if (tu_standin.out_of_memory)
        return NULL;
    tu_standin.blocks++;
    return calloc(1, n);
}

static void standin_free(void *p, const char *file, int line)
{
    (void)file, (void)line;
    tu_standin.blocks -= p != NULL;
    free(p);
}

static void standin_clear_free(void *p, size_t n, const char *file, int line)
{
    (void)file, (void)line;
    if (p != NULL)
        OPENSSL_cleanse(p, n);
    tu_standin.blocks -= p != NULL;
    free(p);
}

static int standin_get_params(const OSSL_CORE_HANDLE *h, OSSL_PARAM params[])
{
    OSSL_PARAM *p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_CORE_VERSION);
    const char *v = tu_standin.version != NULL
                        ? tu_standin.version
                        : OpenSSL_version(OPENSSL_VERSION_STRING);

    (void)h;
    return p == NULL || OSSL_PARAM_set_utf8_ptr(p, v);
}

typedef void (*fn_ptr_t)(void);

const OSSL_DISPATCH tu_standin_dispatch[TU_STANDIN_NFNS + 1] = {
    {OSSL_FUNC_CRYPTO_ZALLOC, (fn_ptr_t)standin_zalloc},
    {OSSL_FUNC_CRYPTO_FREE, (fn_ptr_t)standin_free},
    {OSSL_FUNC_CRYPTO_CLEAR_FREE, (fn_ptr_t)standin_clear_free},
    {OSSL_FUNC_CORE_GET_PARAMS, (fn_ptr_t)standin_get_params},
    {0, NULL},
};

int tu_provider_fns_of(const OSSL_DISPATCH *out, tu_provider_fns *f)
{
    f->query_operation = (OSSL_FUNC_provider_query_operation_fn *)tu_fn_of(
        out, OSSL_FUNC_PROVIDER_QUERY_OPERATION);
    f->get_params = (OSSL_FUNC_provider_get_params_fn *)tu_fn_of(
        out, OSSL_FUNC_PROVIDER_GET_PARAMS);
    f->teardown = (OSSL_FUNC_provider_teardown_fn *)tu_fn_of(
        out, OSSL_FUNC_PROVIDER_TEARDOWN);
    return f->query_operation != NULL && f->get_params != NULL &&
           f->teardown != NULL;
}
