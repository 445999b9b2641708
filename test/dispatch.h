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

typedef struct {
    void *provctx;
    OSSL_FUNC_cipher_newctx_fn *newctx;
    OSSL_FUNC_cipher_freectx_fn *freectx;
    OSSL_FUNC_cipher_dupctx_fn *dupctx;
    OSSL_FUNC_cipher_encrypt_init_fn *einit;
    OSSL_FUNC_cipher_decrypt_init_fn *dinit;
    OSSL_FUNC_cipher_update_fn *update;
    OSSL_FUNC_cipher_final_fn *final;
    OSSL_FUNC_cipher_cipher_fn *cipher;
    OSSL_FUNC_cipher_get_params_fn *get_params;
    OSSL_FUNC_cipher_get_ctx_params_fn *get_ctx_params;
    OSSL_FUNC_cipher_set_ctx_params_fn *set_ctx_params;
} tu_cipher_fns;

typedef struct {
    void *provctx;
    OSSL_FUNC_digest_newctx_fn *newctx;
    OSSL_FUNC_digest_freectx_fn *freectx;
    OSSL_FUNC_digest_dupctx_fn *dupctx;
    OSSL_FUNC_digest_init_fn *init;
    OSSL_FUNC_digest_update_fn *update;
    OSSL_FUNC_digest_final_fn *final;
    OSSL_FUNC_digest_get_params_fn *get_params;
} tu_digest_fns;

/* Fills f from the cipher (digest) implementation that `prov` lists under
 * `name`, with its provider context. Returns 1 when the implementation and
 * every function above are there; otherwise the missing ones are NULL. */
int tu_load_cipher(OSSL_PROVIDER *prov, const char *name, tu_cipher_fns *f);
int tu_load_digest(OSSL_PROVIDER *prov, const char *name, tu_digest_fns *f);

/* Both algorithms simd serves, from one provider. */
typedef struct {
    tu_cipher_fns c; /* ChaCha20 */
    tu_digest_fns d; /* MD5 */
} tu_alg_fns;

/* tu_load_cipher("ChaCha20") and tu_load_digest("MD5"); 1 when both are
 * complete. */
int tu_load_algs(OSSL_PROVIDER *prov, tu_alg_fns *f);

/* An implementation's dispatch table from a provider (by a name it lists),
 * and one function of it; NULL when absent. */
const OSSL_DISPATCH *tu_dispatch_of(OSSL_PROVIDER *prov, int operation,
                                    const char *name);
void (*tu_fn_of(const OSSL_DISPATCH *d, int function_id))(void);

#endif
