/* SPDX-License-Identifier: Apache-2.0 */
/*
 * OSSL_PARAM access for the module, which imports nothing from libcrypto
 * (see core_alloc.h): the OSSL_PARAM_locate / _set_* / _get_size_t
 * semantics, local. params.c has the general cases, following libcrypto's
 * outcomes exactly (test_params.c compares them). The inline ones here are
 * for the per-call paths: EVP asks a cipher for its IV length on every init
 * (EVP_CIPHER_CTX_get_iv_length in 3.0), so a short packet pays for the
 * provider's get_ctx_params each time. They answer the common request (a
 * native size_t with data, a literal name) inline and hand every other form
 * to params.c.
 */
#ifndef SIMDPROV_PARAMS_H
#define SIMDPROV_PARAMS_H

#include <stddef.h>
#include <string.h>

#include <openssl/params.h>

/* OSSL_PARAM_locate(_const), OSSL_PARAM_set_int/_uint/_size_t/_utf8_ptr,
 * OSSL_PARAM_get_size_t: the same arguments, results and effects. */
OSSL_PARAM *simd_param_locate_key(OSSL_PARAM *p, const char *key);
#define simd_param_locate_key_const(p, key)                                    \
    ((const OSSL_PARAM *)simd_param_locate_key((OSSL_PARAM *)(p), (key)))
int simd_param_store_int(OSSL_PARAM *p, int v);
int simd_param_store_uint(OSSL_PARAM *p, unsigned int v);
int simd_param_store_size_t(OSSL_PARAM *p, size_t v);
int simd_param_store_utf8_ptr(OSSL_PARAM *p, const char *v);
int simd_param_load_size_t(const OSSL_PARAM *p, size_t *v);

/* p->key equals the n-byte name (terminator included). n is a constant at
 * every use, so this unrolls into n compares; it stops at the first
 * difference, hence never reads past the end of a shorter key. */
static inline int simd_param_key_is(const char *key, const char *name,
                                    size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (key[i] != name[i])
            return 0;
    return 1;
}

static inline OSSL_PARAM *simd_param_find(OSSL_PARAM *p, const char *name,
                                          size_t n)
{
    if (p != NULL)
        for (; p->key != NULL; p++)
            if (simd_param_key_is(p->key, name, n))
                return p;
    return NULL;
}

/* OSSL_PARAM_locate(p, NAME) for a string literal NAME: the first element
 * of that name, or NULL. */
#define simd_param_locate(p, NAME) simd_param_find((p), "" NAME, sizeof(NAME))

/* simd_param_store_size_t, the native case inline. */
static inline int simd_param_set_size_t(OSSL_PARAM *p, size_t v)
{
    if (p->data_type == OSSL_PARAM_UNSIGNED_INTEGER && p->data != NULL &&
        p->data_size == sizeof(size_t)) {
        memcpy(p->data, &v, sizeof(v));
        p->return_size = sizeof(size_t);
        return 1;
    }
    return simd_param_store_size_t(p, v);
}

/* Sets the element named NAME (a string literal), if the array has one, as
 * OSSL_PARAM_set_size_t / OSSL_PARAM_set_int do: 1 when absent or set. */
#define SIMD_PARAM_SET_NAMED(FN, T, SET)                                       \
    static inline int FN(OSSL_PARAM params[], const char *name, size_t n,     \
                         T v)                                                  \
    {                                                                          \
        OSSL_PARAM *p = simd_param_find(params, name, n);                      \
                                                                               \
        return p == NULL || SET(p, v);                                         \
    }
SIMD_PARAM_SET_NAMED(simd_param_set_size_n, size_t, simd_param_set_size_t)
SIMD_PARAM_SET_NAMED(simd_param_set_int_n, int, simd_param_store_int)
#undef SIMD_PARAM_SET_NAMED
#define simd_param_set_size(params, NAME, v)                                   \
    simd_param_set_size_n((params), "" NAME, sizeof(NAME), (v))
#define simd_param_set_int(params, NAME, v)                                    \
    simd_param_set_int_n((params), "" NAME, sizeof(NAME), (v))

/* simd_param_load_size_t, likewise. */
static inline int simd_param_get_size_t(const OSSL_PARAM *p, size_t *v)
{
    if (p->data_type == OSSL_PARAM_UNSIGNED_INTEGER && p->data != NULL &&
        p->data_size == sizeof(size_t)) {
        memcpy(v, p->data, sizeof(*v));
        return 1;
    }
    return simd_param_load_size_t(p, v);
}

#endif
