/* SPDX-License-Identifier: Apache-2.0 */
#define _GNU_SOURCE /* setenv */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include "../asm/arch.h"
#include "run.h"
#include "side.h"

/* Applies "simd:level=x,md5=y" to the environment the provider reads at
 * load, loads it into a fresh library context, then restores nothing: each
 * side sets every key it cares about. */
void open_side(side *s)
{
    int simd = strncmp(s->spec, "simd", 4) == 0;
    char opts[256];
    const char *path = NULL;

    if (!simd && strcmp(s->spec, "default") != 0)
        fail("side spec (want default or simd[:k=v,...])");
    unsetenv("SIMDPROV_LEVEL");
    unsetenv("SIMDPROV_CHACHA20");
    unsetenv("SIMDPROV_MD5");
    unsetenv("SIMDPROV_POLY1305");
    if (simd && s->spec[4] == ':') {
        snprintf(opts, sizeof(opts), "%s", s->spec + 5);
        for (char *kv = strtok(opts, ","); kv; kv = strtok(NULL, ",")) {
            char *eq = strchr(kv, '='), var[64];

            if (eq == NULL)
                fail("side option (want key=value)");
            *eq = '\0';
            if (strcmp(kv, "path") == 0) { /* not an override: where from */
                path = eq + 1;
                continue;
            }
            snprintf(var, sizeof(var), "SIMDPROV_%s", kv);
            for (char *c = var; *c; c++)
                *c = (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c);
            setenv(var, eq + 1, 1);
        }
    }
    s->libctx = OSSL_LIB_CTX_new();
    if (s->libctx == NULL ||
        (path != NULL &&
         !OSSL_PROVIDER_set_default_search_path(s->libctx, path)))
        fail("making a library context");
    s->prov[0] = OSSL_PROVIDER_load(s->libctx, "default");
    if (simd)
        s->prov[1] = OSSL_PROVIDER_load(s->libctx, "simd");
    if (s->prov[0] == NULL || (simd && s->prov[1] == NULL))
        fail("loading providers (is OPENSSL_MODULES set?)");
    /* "?provider=simd": where simd steps aside for this release (its
     * simd.steps_aside), the default serves, as it would the application;
     * the side option step_aside=no measures simd's kernel there anyway. */
    s->chacha20 = EVP_CIPHER_fetch(s->libctx, "ChaCha20", side_query(s));
    s->md5 = EVP_MD_fetch(s->libctx, "MD5", side_query(s));
    if (s->chacha20 == NULL || s->md5 == NULL)
        fail("fetching ChaCha20/MD5");
    /* Only -k needs it, and a simd without the MAC still benchmarks the
     * rest: a missing one fails where it is used. */
    s->poly1305 = EVP_MAC_fetch(s->libctx, "POLY1305", side_query(s));
    ERR_clear_error();
    if (simd) {
        const char *c = NULL, *m = NULL, *aside = NULL;
        OSSL_PARAM req[] = {
            OSSL_PARAM_utf8_ptr("simd.chacha20", (char **)&c, 0),
            OSSL_PARAM_utf8_ptr("simd.md5", (char **)&m, 0),
            OSSL_PARAM_utf8_ptr("simd.steps_aside", (char **)&aside, 0),
            OSSL_PARAM_END};

        if (!OSSL_PROVIDER_get_params(s->prov[1], req))
            fail("reading simd's kernel choice");
        snprintf(s->label, sizeof(s->label), "simd[%s/%s]%s%s", c, m,
                 path ? " from " : "", path ? path : "");
        /* A module older than the parameter leaves it unset. */
        snprintf(s->steps_aside, sizeof(s->steps_aside), "%s",
                 aside != NULL ? aside : "none");
        s->kernel = simd_find_any(&simd_arch_this, SIMD_ALG_CHACHA20, c);
    } else {
        snprintf(s->label, sizeof(s->label), "default");
    }
    unsetenv("SIMDPROV_LEVEL");
    unsetenv("SIMDPROV_CHACHA20");
    unsetenv("SIMDPROV_MD5");
    unsetenv("SIMDPROV_POLY1305");
    unsetenv("SIMDPROV_STEP_ASIDE");
}

const char *side_query(const side *s)
{
    return strncmp(s->spec, "simd", 4) == 0 ? "?provider=simd"
                                            : "provider=default";
}

aead_side aead_side_of(const side *s)
{
    return (aead_side){s->libctx, side_query(s), s->label};
}

void close_side(side *s)
{
    EVP_CIPHER_free(s->chacha20);
    EVP_MD_free(s->md5);
    EVP_MAC_free(s->poly1305);
    for (int i = 1; i >= 0; i--)
        if (s->prov[i] != NULL)
            OSSL_PROVIDER_unload(s->prov[i]);
    OSSL_LIB_CTX_free(s->libctx);
}
