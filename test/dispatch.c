#include "dispatch.h"

#include <string.h>

const OSSL_DISPATCH *tu_dispatch_of(OSSL_PROVIDER *prov, int operation,
                                    const char *name)
{
    int no_cache;
    const OSSL_ALGORITHM *a = OSSL_PROVIDER_query_operation(prov, operation,
                                                            &no_cache);

    for (; a != NULL && a->algorithm_names != NULL; a++)
        if (strstr(a->algorithm_names, name) != NULL)
            return a->implementation;
    return NULL;
}

void (*tu_fn_of(const OSSL_DISPATCH *d, int function_id))(void)
{
    for (; d != NULL && d->function_id != 0; d++)
        if (d->function_id == function_id)
            return d->function;
    return NULL;
}

/* Sets one typed field from the table and counts it if absent. */
#define GET(field, id, type)                                                   \
    (missing += (f->field = (type *)tu_fn_of(d, id)) == NULL)

int tu_load_cipher(OSSL_PROVIDER *prov, const char *name, tu_cipher_fns *f)
{
    const OSSL_DISPATCH *d = tu_dispatch_of(prov, OSSL_OP_CIPHER, name);
    int missing = d == NULL;

    f->provctx = OSSL_PROVIDER_get0_provider_ctx(prov);
    GET(newctx, OSSL_FUNC_CIPHER_NEWCTX, OSSL_FUNC_cipher_newctx_fn);
    GET(freectx, OSSL_FUNC_CIPHER_FREECTX, OSSL_FUNC_cipher_freectx_fn);
    GET(dupctx, OSSL_FUNC_CIPHER_DUPCTX, OSSL_FUNC_cipher_dupctx_fn);
    GET(einit, OSSL_FUNC_CIPHER_ENCRYPT_INIT, OSSL_FUNC_cipher_encrypt_init_fn);
    GET(dinit, OSSL_FUNC_CIPHER_DECRYPT_INIT, OSSL_FUNC_cipher_decrypt_init_fn);
    GET(update, OSSL_FUNC_CIPHER_UPDATE, OSSL_FUNC_cipher_update_fn);
    GET(final, OSSL_FUNC_CIPHER_FINAL, OSSL_FUNC_cipher_final_fn);
    GET(cipher, OSSL_FUNC_CIPHER_CIPHER, OSSL_FUNC_cipher_cipher_fn);
    GET(get_params, OSSL_FUNC_CIPHER_GET_PARAMS,
        OSSL_FUNC_cipher_get_params_fn);
    GET(get_ctx_params, OSSL_FUNC_CIPHER_GET_CTX_PARAMS,
        OSSL_FUNC_cipher_get_ctx_params_fn);
    GET(set_ctx_params, OSSL_FUNC_CIPHER_SET_CTX_PARAMS,
        OSSL_FUNC_cipher_set_ctx_params_fn);
    return missing == 0;
}

int tu_load_digest(OSSL_PROVIDER *prov, const char *name, tu_digest_fns *f)
{
    const OSSL_DISPATCH *d = tu_dispatch_of(prov, OSSL_OP_DIGEST, name);
    int missing = d == NULL;

    f->provctx = OSSL_PROVIDER_get0_provider_ctx(prov);
    GET(newctx, OSSL_FUNC_DIGEST_NEWCTX, OSSL_FUNC_digest_newctx_fn);
    GET(freectx, OSSL_FUNC_DIGEST_FREECTX, OSSL_FUNC_digest_freectx_fn);
    GET(dupctx, OSSL_FUNC_DIGEST_DUPCTX, OSSL_FUNC_digest_dupctx_fn);
    GET(init, OSSL_FUNC_DIGEST_INIT, OSSL_FUNC_digest_init_fn);
    GET(update, OSSL_FUNC_DIGEST_UPDATE, OSSL_FUNC_digest_update_fn);
    GET(final, OSSL_FUNC_DIGEST_FINAL, OSSL_FUNC_digest_final_fn);
    GET(get_params, OSSL_FUNC_DIGEST_GET_PARAMS,
        OSSL_FUNC_digest_get_params_fn);
    return missing == 0;
}

int tu_load_algs(OSSL_PROVIDER *prov, tu_alg_fns *f)
{
    int c = tu_load_cipher(prov, "ChaCha20", &f->c);

    return tu_load_digest(prov, "MD5", &f->d) && c;
}
