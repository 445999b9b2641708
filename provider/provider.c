/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Provider entry: OSSL_provider_init probes the CPU once, applies the
 * override (environment first, then the provider's config section) and keeps
 * the chosen kernels in the provider context, which every algorithm context
 * copies at creation. Nothing re-probes per call.
 */
#define _GNU_SOURCE /* secure_getenv */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "algorithms.h"
#include "errors.h"
#include "params.h"
#include "prov_ctx.h"
#include "simdprov_version.h"

#define PARAM_ARCH "simd.arch"
#define PARAM_CAPS "simd.caps"
#define PARAM_LEVEL "simd.level"
#define PARAM_OVERRIDE "simd.override"
#define PARAM_RULES "simd.rules"
#define PARAM_STEPS_ASIDE "simd.steps_aside"

static const OSSL_PARAM gettable_params[] = {
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_NAME, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_VERSION, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_BUILDINFO, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_STATUS, OSSL_PARAM_INTEGER, NULL, 0),
    OSSL_PARAM_DEFN(PARAM_ARCH, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(PARAM_CAPS, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(PARAM_LEVEL, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(PARAM_RULES, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(PARAM_STEPS_ASIDE, OSSL_PARAM_UTF8_PTR, NULL, 0),
#define SIMD_ALG_PARAM(id, key, title)                                          \
    OSSL_PARAM_DEFN("simd." #key, OSSL_PARAM_UTF8_PTR, NULL, 0),
    SIMD_ALGORITHMS(SIMD_ALG_PARAM)
#undef SIMD_ALG_PARAM
    OSSL_PARAM_DEFN(PARAM_OVERRIDE, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *simd_gettable_params(void *provctx)
{
    (void)provctx;
    return gettable_params;
}

static int set_utf8(OSSL_PARAM params[], const char *key, const char *value)
{
    OSSL_PARAM *p = simd_param_locate_key(params, key);

    return p == NULL || simd_param_store_utf8_ptr(p, value);
}

static int simd_get_params(void *vprov, OSSL_PARAM params[])
{
    const simd_provctx *prov = vprov;
    const simd_choice *c = &prov->choice;
    OSSL_PARAM *p;

    if (!set_utf8(params, OSSL_PROV_PARAM_NAME, SIMDPROV_NAME) ||
        !set_utf8(params, OSSL_PROV_PARAM_VERSION, SIMDPROV_VERSION) ||
        !set_utf8(params, OSSL_PROV_PARAM_BUILDINFO, prov->buildinfo) ||
        !set_utf8(params, PARAM_ARCH, simd_arch_this.name) ||
        !set_utf8(params, PARAM_CAPS, prov->caps) ||
        !set_utf8(params, PARAM_LEVEL, c->level) ||
        !set_utf8(params, PARAM_RULES, prov->rules) ||
        !set_utf8(params, PARAM_STEPS_ASIDE, prov->steps_aside_note) ||
        !set_utf8(params, PARAM_OVERRIDE,
                  prov->override_note[0] ? prov->override_note : "ok"))
        goto fail;
    for (unsigned a = 0; a < SIMD_NALGS; a++) {
        char key[32];

        snprintf(key, sizeof(key), "simd.%s", simd_alg_name(a));
        if (!set_utf8(params, key, c->kernel[a]->name))
            goto fail;
    }
    /* An int, as OpenSSL's own providers set it (the docs say unsigned). */
    p = simd_param_locate_key(params, OSSL_PROV_PARAM_STATUS);
    if (p != NULL && !simd_param_store_int(p, 1))
        goto fail;
    return 1;
fail:
    SIMD_RAISE(prov, SIMD_R_FAILED_TO_SET_PARAMETER);
    return 0;
}

/* Everything the provider can offer, with the kernel table behind each;
 * init copies the rows not stepped aside into the provider context. */
static const struct offer {
    int operation;
    simd_alg alg;
    OSSL_ALGORITHM algorithm;
} offers[] = {
    {OSSL_OP_CIPHER, SIMD_ALG_CHACHA20,
     {"ChaCha20", "provider=simd", simd_chacha20_functions,
      "ChaCha20 stream cipher (simdprov)"}},
    {OSSL_OP_CIPHER, SIMD_ALG_CHACHA20_POLY1305,
     {"ChaCha20-Poly1305", "provider=simd", simd_chacha20_poly1305_functions,
      "ChaCha20-Poly1305 AEAD, RFC 8439 (simdprov)"}},
    {OSSL_OP_DIGEST, SIMD_ALG_MD5,
     {"MD5:SSL3-MD5:1.2.840.113549.2.5", "provider=simd", simd_md5_functions,
      "MD5 message digest (simdprov)"}},
    {OSSL_OP_MAC, SIMD_ALG_POLY1305,
     {"POLY1305", "provider=simd", simd_poly1305_functions,
      "Poly1305 one-time MAC (simdprov)"}},
};

/* The list query_operation answers for an operation, or NULL. */
static OSSL_ALGORITHM *offered(simd_provctx *prov, int operation)
{
    switch (operation) {
    case OSSL_OP_CIPHER:
        return prov->ciphers;
    case OSSL_OP_DIGEST:
        return prov->digests;
    case OSSL_OP_MAC:
        return prov->macs;
    }
    return NULL;
}

/* Fills the provider context's lists (zeroed: each ends with a NULL row). */
static void make_offers(simd_provctx *prov)
{
    for (size_t i = 0; i < SIMD_COUNT(offers); i++) {
        OSSL_ALGORITHM *list = offered(prov, offers[i].operation);

        if (prov->steps_aside & (1u << offers[i].alg))
            continue;
        while (list->algorithm_names != NULL)
            list++;
        *list = offers[i].algorithm;
    }
}

static const OSSL_ALGORITHM *simd_query(void *provctx, int operation_id,
                                        int *no_cache)
{
    const OSSL_ALGORITHM *list = offered(provctx, operation_id);

    *no_cache = 0;
    /* An operation whose every algorithm stepped aside offers nothing. */
    return list != NULL && list->algorithm_names != NULL ? list : NULL;
}

static const OSSL_ITEM *simd_get_reason_strings(void *provctx)
{
    (void)provctx;
    return simd_reason_strings();
}

static void simd_teardown(void *provctx)
{
    simd_provctx *prov = provctx;

    /* The pointer is copied out first: the block holds it. */
    OSSL_FUNC_CRYPTO_free_fn *core_free = prov->alloc.free;

    core_free(prov, __FILE__, __LINE__);
}

static const OSSL_DISPATCH provider_functions[] = {
    {OSSL_FUNC_PROVIDER_TEARDOWN, (void (*)(void))simd_teardown},
    {OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, (void (*)(void))simd_gettable_params},
    {OSSL_FUNC_PROVIDER_GET_PARAMS, (void (*)(void))simd_get_params},
    {OSSL_FUNC_PROVIDER_QUERY_OPERATION, (void (*)(void))simd_query},
    {OSSL_FUNC_PROVIDER_GET_REASON_STRINGS,
     (void (*)(void))simd_get_reason_strings},
    {0, NULL},
};

/*
 * An override value that cannot be honoured is raised on the error queue and
 * also kept in the provider context: when the provider is activated from a
 * config file, OpenSSL discards the errors of a successful config load, so
 * the "simd.override" parameter and buildinfo are what still tell.
 */
static void keep_override_problem(simd_provctx *prov, const char *msg)
{
    size_t used = strlen(prov->override_note);

    SIMD_RAISE_MSG(prov, SIMD_R_BAD_OVERRIDE, "%s", msg);
    snprintf(prov->override_note + used, sizeof(prov->override_note) - used,
             "%s%s", used ? "; " : "ignored: ", msg);
}

/* A kernel or level the selection could not honour (asm/select.h). */
static void report_override(void *arg, simd_select_problem problem,
                            const char *what, const char *value)
{
    simd_provctx *prov = arg;
    char msg[448], known[160];

    if (problem == SIMD_SELECT_UNKNOWN_LEVEL) {
        simd_levels_string(&simd_arch_this, known, sizeof(known));
        snprintf(msg, sizeof(msg), "unknown level \"%s\" (levels on %s: %s)",
                 value, simd_arch_this.name, known);
    } else if (problem == SIMD_SELECT_UNKNOWN_KERNEL) {
        snprintf(msg, sizeof(msg), "unknown %s kernel \"%s\" on %s", what,
                 value, simd_arch_this.name);
    } else {
        snprintf(msg, sizeof(msg),
                 "%s kernel \"%s\" needs capabilities this CPU, OS or level "
                 "does not allow (have: %s)",
                 what, value, prov->caps);
    }
    keep_override_problem(prov, msg);
}

/*
 * The override: each key comes from the environment (SIMDPROV_LEVEL,
 * SIMDPROV_CHACHA20, SIMDPROV_MD5, ...) when set, else from the provider's
 * config section (level, chacha20, md5, ...). secure_getenv: a set-uid
 * program does not let its caller pick kernels.
 */
#define NKEYS (2 + SIMD_NALGS) /* the level, one per algorithm, step_aside */
static const char *const env_vars[NKEYS] = {
    "SIMDPROV_LEVEL",
#define SIMD_ALG_ENV(id, key, title) "SIMDPROV_" #id,
    SIMD_ALGORITHMS(SIMD_ALG_ENV)
#undef SIMD_ALG_ENV
    "SIMDPROV_STEP_ASIDE",
};
static const char *const conf_keys[NKEYS] = {
    "level",
#define SIMD_ALG_CONF(id, key, title) #key,
    SIMD_ALGORITHMS(SIMD_ALG_CONF)
#undef SIMD_ALG_CONF
    "step_aside",
};

/* step_aside: "yes" (the default) leaves an algorithm to the release's
 * default provider where that does less work (asm/arch.h); "no" serves
 * every algorithm anyway, which the test suites and the benchmark use to
 * run simd's own kernels on every release. */
static int read_step_aside(simd_provctx *prov, const char *value)
{
    if (value == NULL || *value == '\0' || strcasecmp(value, "yes") == 0)
        return 1;
    if (strcasecmp(value, "no") == 0)
        return 0;
    {
        char msg[320];

        snprintf(msg, sizeof(msg), "step_aside must be yes or no, not \"%s\"",
                 value);
        keep_override_problem(prov, msg);
    }
    return 1;
}

static void read_override(const OSSL_CORE_HANDLE *handle,
                          OSSL_FUNC_core_get_params_fn *core_get_params,
                          simd_override *ov, const char **step_aside)
{
    const char *conf[NKEYS] = {NULL};
    const char **slots[NKEYS];
    OSSL_PARAM req[NKEYS + 1];

    slots[0] = &ov->level;
    for (unsigned a = 0; a < SIMD_NALGS; a++)
        slots[1 + a] = &ov->kernel[a];
    slots[1 + SIMD_NALGS] = step_aside;
    for (unsigned i = 0; i < NKEYS; i++)
        req[i] = (OSSL_PARAM)OSSL_PARAM_utf8_ptr(conf_keys[i],
                                                 (char **)&conf[i], 0);
    req[NKEYS] = (OSSL_PARAM)OSSL_PARAM_END;
    if (core_get_params != NULL)
        core_get_params(handle, req);
    for (unsigned i = 0; i < NKEYS; i++) {
        const char *env = secure_getenv(env_vars[i]);

        *slots[i] = env != NULL ? env : conf[i];
    }
}

/* Relaxed atomics: inits in several threads store the same value, and the
 * readers need no ordering with anything else. Before any init, 3.0. */
static _Atomic unsigned int core_release_seen = 300;

unsigned int simd_core_release_noctx(void)
{
    return atomic_load_explicit(&core_release_seen, memory_order_relaxed);
}

/* The running core's release as major * 100 + minor (3.6 is 306). An unknown
 * or unparsable version reads as 3.0, whose behaviour is the baseline. */
static unsigned int core_release(const OSSL_CORE_HANDLE *handle,
                                 OSSL_FUNC_core_get_params_fn *core_get_params)
{
    const char *version = NULL;
    unsigned int major = 0, minor = 0;
    OSSL_PARAM req[] = {
        OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_CORE_VERSION, (char **)&version, 0),
        OSSL_PARAM_END,
    };

    if (core_get_params == NULL || !core_get_params(handle, req) ||
        version == NULL || sscanf(version, "%u.%u", &major, &minor) != 2 ||
        major < 3 || minor > 99)
        return 300;
    return major * 100 + minor;
}

/* buildinfo, what `openssl list -providers -verbose` prints: build facts
 * plus the kernels chosen at load, the selection rules this CPU triggers, the
 * algorithms left to this release's default and any override that was
 * ignored. scripts/test-cross.sh reads the
 * "(level ...; cpu: ...)" part, so the rules come after it. */
static void write_buildinfo(simd_provctx *prov, unsigned int release)
{
    char *p = prov->buildinfo;
    size_t left = sizeof(prov->buildinfo);
    /* The core release the release flags were set for (test-releases.sh
     * checks it is the libcrypto under test). */
    int n = snprintf(p, left,
                     "%s; %s; for core %u.%u; chosen at load on this CPU:",
                     SIMDPROV_VERSION, SIMDPROV_BUILDINFO, release / 100,
                     release % 100);

    for (unsigned a = 0; a < SIMD_NALGS && n >= 0 && (size_t)n < left; a++) {
        p += n;
        left -= (size_t)n;
        n = snprintf(p, left, " %s=%s", simd_alg_title(a),
                     prov->choice.kernel[a]->name);
    }
    if (n >= 0 && (size_t)n < left)
        snprintf(p + n, left - (size_t)n,
                 " (level %s; cpu: %s); rules: %s; steps aside: %s%s%s",
                 prov->choice.level, prov->caps, prov->rules,
                 prov->steps_aside_note,
                 prov->override_note[0] ? "; override " : "",
                 prov->override_note);
}

/* The module's one exported symbol (everything else is hidden). */
__attribute__((visibility("default"))) int
OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
                       const OSSL_DISPATCH **out, void **provctx)
{
    OSSL_FUNC_core_get_params_fn *core_get_params;
    const OSSL_DISPATCH *f;
    simd_provctx *prov;
    simd_override ov;
    const char *step_aside = NULL;
    uint32_t caps;
    unsigned int release;
    simd_core_alloc alloc;

    /* A core without the allocation upcalls leaves nothing to allocate
     * with: refuse to load rather than reach for another libcrypto. */
    if (!simd_core_alloc_init(&alloc, in))
        return 0;
    prov = simd_zalloc(&alloc, sizeof(*prov));
    if (prov == NULL)
        return 0;
    prov->alloc = alloc;
    prov->handle = handle;
    f = simd_core_function(in, OSSL_FUNC_CORE_GET_PARAMS);
    core_get_params = f != NULL ? OSSL_FUNC_core_get_params(f) : NULL;
    f = simd_core_function(in, OSSL_FUNC_CORE_NEW_ERROR);
    prov->new_error = f != NULL ? OSSL_FUNC_core_new_error(f) : NULL;
    f = simd_core_function(in, OSSL_FUNC_CORE_SET_ERROR_DEBUG);
    prov->set_error_debug =
        f != NULL ? OSSL_FUNC_core_set_error_debug(f) : NULL;
    f = simd_core_function(in, OSSL_FUNC_CORE_VSET_ERROR);
    prov->vset_error = f != NULL ? OSSL_FUNC_core_vset_error(f) : NULL;
    /* simd_raise needs all three error upcalls, or none. */
    if (prov->set_error_debug == NULL || prov->vset_error == NULL)
        prov->new_error = NULL;

    caps = simd_arch_this.probe();
    simd_caps_string(caps, prov->caps, sizeof(prov->caps));
    simd_rules_string(&simd_arch_this, caps, prov->rules, sizeof(prov->rules));
    read_override(handle, core_get_params, &ov, &step_aside);
    release = core_release(handle, core_get_params);
    atomic_store_explicit(&core_release_seen, release, memory_order_relaxed);
    prov->chacha20_counter_ahead = release >= 306;
    prov->chacha20_updated_iv = release >= 306;
    prov->params_repeats_refused = release >= 306;
    prov->aead_etm_gettable = release >= 306;
    prov->chacha20_params_repeats_refused = release >= 400;
    prov->aead_update_after_final_refused = release >= 400;
    prov->aead_decrypt_needs_tag = release >= 400;
    simd_select(&simd_arch_this, caps, &ov, &prov->choice, report_override,
                prov);
    if (read_step_aside(prov, step_aside))
        prov->steps_aside = simd_steps_aside(
            &simd_arch_this, &prov->choice, &ov, release,
            prov->steps_aside_note, sizeof(prov->steps_aside_note));
    else
        snprintf(prov->steps_aside_note, sizeof(prov->steps_aside_note),
                 "none (step_aside = no)");
    make_offers(prov);
    write_buildinfo(prov, release);

    *out = provider_functions;
    *provctx = prov;
    return 1;
}
