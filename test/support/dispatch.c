/* SPDX-License-Identifier: Apache-2.0 */
#include "dispatch.h"

#include <string.h>

#include <openssl/err.h>

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

/* Sets one typed field from a table, counting it if absent. */
#define GET(field, type, table, id)                                            \
    field = (type *)tu_fn_of(table, id);                                       \
    missing += field == NULL;
#define CIPHER_GET(name, ID)                                                   \
    GET(f->c.name, OSSL_FUNC_cipher_##name##_fn, c, OSSL_FUNC_CIPHER_##ID)
#define DIGEST_GET(name, ID)                                                   \
    GET(f->d.name, OSSL_FUNC_digest_##name##_fn, d, OSSL_FUNC_DIGEST_##ID)

#define MAC_GET(name, ID)                                                      \
    GET(f->name, OSSL_FUNC_mac_##name##_fn, m, OSSL_FUNC_MAC_##ID)

int tu_load_mac(OSSL_PROVIDER *prov, const char *name, tu_mac_fns *f)
{
    const OSSL_DISPATCH *m = tu_dispatch_of(prov, OSSL_OP_MAC, name);
    int missing = 0;

    f->provctx = OSSL_PROVIDER_get0_provider_ctx(prov);
    TU_MAC_FUNCTIONS(MAC_GET)
    return missing == 0;
}

int tu_load_algs(OSSL_PROVIDER *prov, tu_alg_fns *f)
{
    const OSSL_DISPATCH *c = tu_dispatch_of(prov, OSSL_OP_CIPHER, "ChaCha20");
    const OSSL_DISPATCH *d = tu_dispatch_of(prov, OSSL_OP_DIGEST, "MD5");
    int missing = 0; /* an absent table leaves every function NULL */

    f->c.provctx = f->d.provctx = OSSL_PROVIDER_get0_provider_ctx(prov);
    TU_CIPHER_FUNCTIONS(CIPHER_GET)
    TU_DIGEST_FUNCTIONS(DIGEST_GET)
    return missing == 0;
}

/* The implementation one of whose colon-separated names is exactly `name`. */
static const OSSL_DISPATCH *dispatch_named(OSSL_PROVIDER *prov, int operation,
                                           const char *name)
{
    int no_cache;
    const OSSL_ALGORITHM *a = OSSL_PROVIDER_query_operation(prov, operation,
                                                            &no_cache);
    size_t n = strlen(name);

    for (; a != NULL && a->algorithm_names != NULL; a++) {
        const char *s = a->algorithm_names;

        while (s != NULL) {
            if (strncmp(s, name, n) == 0 && (s[n] == '\0' || s[n] == ':'))
                return a->implementation;
            s = strchr(s, ':');
            s = s != NULL ? s + 1 : NULL;
        }
    }
    return NULL;
}

int tu_load_aead(OSSL_PROVIDER *prov, tu_cipher_fns *f)
{
    const OSSL_DISPATCH *c = dispatch_named(prov, OSSL_OP_CIPHER,
                                            "ChaCha20-Poly1305");
    int missing = 0;

    f->provctx = OSSL_PROVIDER_get0_provider_ctx(prov);
#define AEAD_GET(name, ID)                                                     \
    GET(f->name, OSSL_FUNC_cipher_##name##_fn, c, OSSL_FUNC_CIPHER_##ID)
    TU_CIPHER_FUNCTIONS(AEAD_GET)
#undef AEAD_GET
    return missing == 0;
}

int tu_errors_matching(const char *needle)
{
    unsigned long e;
    int count = 0;
    const char *data;
    int flags;

    while ((e = ERR_get_error_all(NULL, NULL, NULL, &data, &flags)) != 0) {
        const char *reason = ERR_reason_error_string(e);

        if ((reason != NULL && strstr(reason, needle) != NULL) ||
            ((flags & ERR_TXT_STRING) && data != NULL &&
             strstr(data, needle) != NULL))
            count++;
    }
    return count;
}
