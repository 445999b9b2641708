/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The providers the harness drives: default, and simd once per kernel this
 * CPU can run, each in a library context of its own so that each simd
 * instance reads its own kernel choice (SIMDPROV_<ALG>) when it loads.
 */
#define _GNU_SOURCE /* setenv */
#include <stdio.h>
#include <stdlib.h>

#include <openssl/err.h>
#include <openssl/provider.h>

#include "../asm/arch.h"
#include "dispatch.h"
#include "testcaps.h"
#include "harness.h"

provider_fns simd_fns[MAX_INSTANCES], default_fns;
int nsimd;
tu_mac_fns mac_simd_fns[MAX_INSTANCES], mac_default_fns;
int nmac;

/*
 * Every library context and provider made here lives for the whole process
 * and stays reachable from these tables, so LeakSanitizer has nothing to
 * report; one is made only for a kernel that will be used. Two sets of
 * instances are loaded (load_instances, load_mac_instances), each default
 * and at most MAX_INSTANCES simd ones.
 */
#define MAX_LIBCTXS (2 * (MAX_INSTANCES + 1))
static OSSL_LIB_CTX *libctxs[MAX_LIBCTXS];
static OSSL_PROVIDER *providers[MAX_LIBCTXS];
static int nlibctxs;

/* Aborts, with OpenSSL's errors, unless ok: a provider or an algorithm
 * missing is a harness bug. */
static void need(int ok)
{
    if (!ok) {
        ERR_print_errors_fp(stderr);
        abort();
    }
}

/* The one loader: provider `name` in a new library context. */
static OSSL_PROVIDER *load_in_new_libctx(const char *name)
{
    OSSL_LIB_CTX *lc = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *p = lc != NULL ? OSSL_PROVIDER_load(lc, name) : NULL;

    need(p != NULL && nlibctxs < MAX_LIBCTXS);
    libctxs[nlibctxs] = lc;
    providers[nlibctxs++] = p;
    return p;
}

static void load_provider_fns(const char *name, provider_fns *f)
{
    OSSL_PROVIDER *p = load_in_new_libctx(name);

    need(tu_load_algs(p, &f->algs) && tu_load_aead(p, &f->aead));
}

static void load_mac_fns(const char *name, tu_mac_fns *f)
{
    need(tu_load_mac(load_in_new_libctx(name), "POLY1305", f));
}

/* A kernel of table t for instance n, when the CPU can run it; otherwise
 * the portable one. */
static const char *kernel_for(const simd_table *t, int n, uint32_t caps)
{
    const simd_kernel_row *k = &t->kernels[(size_t)n % t->n];

    return simd_runnable(k->needs, caps) ? k->name : "portable";
}

void load_instances(uint32_t caps)
{
    /* One simd instance per runnable ChaCha20 kernel, MD5, Poly1305 and
     * stitched ChaCha20-Poly1305 kernels in turn. */
    const simd_table *ct = &simd_arch_this.tables[SIMD_ALG_CHACHA20];
    const simd_table *mt = &simd_arch_this.tables[SIMD_ALG_MD5];
    const simd_table *pt = &simd_arch_this.tables[SIMD_ALG_POLY1305];
    const simd_table *st = &simd_arch_this.tables[SIMD_ALG_CHACHA20_POLY1305];

    load_provider_fns("default", &default_fns);
    for (size_t i = 0; i < ct->n; i++) {
        const simd_kernel_row *k = &ct->kernels[i];

        if (!simd_runnable(k->needs, caps) || nsimd == MAX_INSTANCES)
            continue;
        setenv("SIMDPROV_CHACHA20", k->name, 1);
        setenv("SIMDPROV_MD5", kernel_for(mt, nsimd, caps), 1);
        setenv("SIMDPROV_POLY1305", kernel_for(pt, nsimd, caps), 1);
        setenv("SIMDPROV_CHACHA20_POLY1305", kernel_for(st, nsimd, caps), 1);
        load_provider_fns("simd", &simd_fns[nsimd]);
        nsimd++;
    }
    unsetenv("SIMDPROV_CHACHA20");
    unsetenv("SIMDPROV_MD5");
    unsetenv("SIMDPROV_POLY1305");
    unsetenv("SIMDPROV_CHACHA20_POLY1305");
    fprintf(stderr, "fuzz_provider: %d simd instances (caps %#x%s%s)\n",
            nsimd, caps, simd_test_level() ? ", SIMDPROV_TEST_LEVEL=" : "",
            simd_test_level() ? simd_test_level() : "");
}

/* POLY1305: default's MAC, and one simd instance per runnable Poly1305
 * kernel (the other algorithms at their default choice). */
void load_mac_instances(uint32_t caps)
{
    const simd_table *pt = &simd_arch_this.tables[SIMD_ALG_POLY1305];

    load_mac_fns("default", &mac_default_fns);
    for (size_t i = 0; i < pt->n && nmac < MAX_INSTANCES; i++) {
        if (!simd_runnable(pt->kernels[i].needs, caps))
            continue;
        setenv("SIMDPROV_POLY1305", pt->kernels[i].name, 1);
        load_mac_fns("simd", &mac_simd_fns[nmac]);
        nmac++;
    }
    unsetenv("SIMDPROV_POLY1305");
    unsetenv("SIMDPROV_CHACHA20_POLY1305");
    fprintf(stderr, "fuzz_provider: %d simd instances for POLY1305\n", nmac);
}
