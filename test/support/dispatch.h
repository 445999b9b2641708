/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A provider's ChaCha20 and MD5 implementations as typed function pointers,
 * straight from its dispatch tables (below EVP, where EVP's own checks
 * cannot hide anything). Shared by the CUnit suites and the fuzz harness,
 * so it has no CUnit dependency.
 */
#ifndef SIMDPROV_DISPATCH_H
#define SIMDPROV_DISPATCH_H

#include <openssl/core_dispatch.h>
#include <openssl/provider.h>

/* The functions loaded, X(name, ID): a field `name` of type
 * OSSL_FUNC_<op>_<name>_fn *, from dispatch entry OSSL_FUNC_<OP>_<ID>. */
#define TU_CIPHER_FUNCTIONS(X)                                                 \
    X(newctx, NEWCTX) X(freectx, FREECTX) X(dupctx, DUPCTX)                    \
    X(encrypt_init, ENCRYPT_INIT) X(decrypt_init, DECRYPT_INIT)                \
    X(update, UPDATE) X(final, FINAL) X(cipher, CIPHER)                        \
    X(get_params, GET_PARAMS) X(get_ctx_params, GET_CTX_PARAMS)                \
    X(set_ctx_params, SET_CTX_PARAMS)
#define TU_DIGEST_FUNCTIONS(X)                                                 \
    X(newctx, NEWCTX) X(freectx, FREECTX) X(dupctx, DUPCTX) X(init, INIT)      \
    X(update, UPDATE) X(final, FINAL) X(get_params, GET_PARAMS)

#define TU_CIPHER_FIELD(name, ID) OSSL_FUNC_cipher_##name##_fn *name;
#define TU_DIGEST_FIELD(name, ID) OSSL_FUNC_digest_##name##_fn *name;

typedef struct {
    void *provctx;
    TU_CIPHER_FUNCTIONS(TU_CIPHER_FIELD)
} tu_cipher_fns;

typedef struct {
    void *provctx;
    TU_DIGEST_FUNCTIONS(TU_DIGEST_FIELD)
} tu_digest_fns;

/* Both algorithms simd serves, from one provider. */
typedef struct {
    tu_cipher_fns c; /* ChaCha20 */
    tu_digest_fns d; /* MD5 */
} tu_alg_fns;

/* Fills f from the ChaCha20 and MD5 implementations `prov` lists, with its
 * provider context. Returns 1 when both are there with every function
 * above; otherwise the missing ones are NULL. */
int tu_load_algs(OSSL_PROVIDER *prov, tu_alg_fns *f);

/* ChaCha20-Poly1305 from `prov` (its exact name, not a prefix), with its
 * provider context. Returns 1 when every cipher function above is there. */
int tu_load_aead(OSSL_PROVIDER *prov, tu_cipher_fns *f);

/* An implementation's dispatch table from a provider (by a name it lists),
 * and one function of it; NULL when absent. */
const OSSL_DISPATCH *tu_dispatch_of(OSSL_PROVIDER *prov, int operation,
                                    const char *name);
void (*tu_fn_of(const OSSL_DISPATCH *d, int function_id))(void);

/* A MAC implementation's functions (POLY1305), loaded on their own so the
 * cipher and digest loaders above stay as they are. */
#define TU_MAC_FUNCTIONS(X)                                                    \
    X(newctx, NEWCTX) X(freectx, FREECTX) X(dupctx, DUPCTX) X(init, INIT)      \
    X(update, UPDATE) X(final, FINAL) X(get_params, GET_PARAMS)                \
    X(set_ctx_params, SET_CTX_PARAMS)
#define TU_MAC_FIELD(name, ID) OSSL_FUNC_mac_##name##_fn *name;

typedef struct {
    void *provctx;
    TU_MAC_FUNCTIONS(TU_MAC_FIELD)
} tu_mac_fns;

/* Fills f from the MAC `name` that `prov` lists, with its provider context.
 * Returns 1 when it is there with every function above. */
int tu_load_mac(OSSL_PROVIDER *prov, const char *name, tu_mac_fns *f);

/* Counts error-queue entries whose reason string (or added text) contains
 * `needle`, and empties the queue. */
int tu_errors_matching(const char *needle);

#endif
