/* SPDX-License-Identifier: Apache-2.0 */
/*
 * EVP operations of the benchmark's shapes through one provider, each run
 * once between two calls of evp_once_mark(), for counting every instruction
 * an operation executes (libcrypto, the provider, libc, the caller's glue)
 * under qemu's instruction log (tools/release-insns.sh). Each operation runs
 * once unmarked first, so one-time work (fetch caches, lazy tables) stays
 * outside the marks, as in a timed loop.
 *
 *   evp_once PROVIDER SHAPE...     e.g. evp_once simd chacha20:1350 md5:64
 *
 * PROVIDER: simd or default: the property query "?provider=simd" (simd
 * loaded from OPENSSL_MODULES; where simd steps aside for the release, the
 * default serves, as in applications) or "provider=default". Prints
 * "served SHAPE NAME" on stderr for each shape: the provider that serves it. SHAPE: ALG:LEN with ALG one of
 *   chacha20   one EVP_EncryptUpdate of LEN bytes on a keyed context
 *   tls13      a ChaCha20-Poly1305 TLS 1.3 record seal: IV re-init, 5-byte
 *              AAD, update over LEN bytes, final, get the tag
 *   poly1305   a POLY1305 MAC of LEN bytes: init with the key, update, final
 *   md5        an MD5 digest of LEN bytes: init, update, final
 * Before the first mark it runs evp_once_mark(0) twice in a row (the
 * marks' own cost, to subtract); then shape i runs between
 * evp_once_mark(2 * i + 1) and evp_once_mark(2 * i + 2). Prints the
 * address of evp_once_mark on stderr; with EVP_ONCE_MAPS set in the
 * environment, also the executable mappings ("map " and a /proc/self/maps
 * line).
 *
 * libcrypto is opened at run time (libcrypto.so.4, else libcrypto.so.3),
 * so one binary, built against OpenSSL 3.0's headers, runs on every
 * release; the functions it calls have the same ABI in all of them.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#define FUNCS(X)                                                           \
    X(OSSL_PROVIDER_load) X(EVP_CIPHER_fetch) X(EVP_MAC_fetch)             \
    X(EVP_MD_fetch) X(EVP_CIPHER_CTX_new) X(EVP_CipherInit_ex)             \
    X(EVP_CipherInit_ex2) X(EVP_CipherUpdate) X(EVP_CipherFinal_ex)        \
    X(EVP_CIPHER_CTX_ctrl) X(EVP_MAC_CTX_new) X(EVP_MAC_init)              \
    X(EVP_MAC_update) X(EVP_MAC_final) X(EVP_MD_CTX_new)                   \
    X(EVP_DigestInit_ex2) X(EVP_DigestUpdate) X(EVP_DigestFinal_ex)        \
    X(OpenSSL_version) X(EVP_CIPHER_get0_provider) X(EVP_MAC_get0_provider) \
    X(EVP_MD_get0_provider) X(OSSL_PROVIDER_get0_name)
#define DECLARE(f) static __typeof__(&f) p_##f;
FUNCS(DECLARE)

static unsigned char in[16384], out[16384 + 64];
static const unsigned char key[32] = {1, 2, 3, 4}, iv[16] = {5, 6, 7};

/* Called with distinct ids so no two calls fold into one. */
__attribute__((noinline)) void evp_once_mark(int id)
{
    __asm__ volatile("" : : "r"(id) : "memory");
}

/* The executable mappings, "START-END PATH", for a tracer's -dfilter. */
static void print_maps(void)
{
    char line[512];
    FILE *f = fopen("/proc/self/maps", "r");

    while (f != NULL && fgets(line, sizeof(line), f) != NULL)
        if (strstr(line, " r-xp ") != NULL)
            fprintf(stderr, "map %s", line);
    if (f != NULL)
        fclose(f);
}

typedef struct {
    enum { CHACHA20, TLS13, POLY1305, MD5 } alg;
    size_t len;
    EVP_CIPHER_CTX *c;
    EVP_MAC_CTX *m;
    EVP_MD_CTX *d;
} shape;

static int run(shape *s)
{
    unsigned char nonce[12], hdr[5] = {23, 3, 3}, tag[64];
    int outl, finl;
    size_t macl;
    unsigned int mdl;

    switch (s->alg) {
    case CHACHA20:
        return p_EVP_CipherUpdate(s->c, out, &outl, in, (int)s->len);
    case TLS13:
        memcpy(nonce, iv, 12);
        nonce[11] ^= (unsigned char)s->len;
        hdr[3] = (unsigned char)((s->len + 16) >> 8);
        hdr[4] = (unsigned char)(s->len + 16);
        return p_EVP_CipherInit_ex(s->c, NULL, NULL, NULL, nonce, 1) &&
               p_EVP_CipherUpdate(s->c, NULL, &outl, hdr, sizeof(hdr)) &&
               p_EVP_CipherUpdate(s->c, out, &outl, in, (int)s->len) &&
               p_EVP_CipherFinal_ex(s->c, out + outl, &finl) &&
               p_EVP_CIPHER_CTX_ctrl(s->c, EVP_CTRL_AEAD_GET_TAG, 16, tag);
    case POLY1305:
        return p_EVP_MAC_init(s->m, key, sizeof(key), NULL) &&
               p_EVP_MAC_update(s->m, in, s->len) &&
               p_EVP_MAC_final(s->m, tag, &macl, sizeof(tag));
    case MD5:
        return p_EVP_DigestInit_ex2(s->d, NULL, NULL) &&
               p_EVP_DigestUpdate(s->d, in, s->len) &&
               p_EVP_DigestFinal_ex(s->d, tag, &mdl);
    }
    return 0;
}

static void served(const char *spec, const OSSL_PROVIDER *prov)
{
    fprintf(stderr, "served %s %s\n", spec, p_OSSL_PROVIDER_get0_name(prov));
}

static int setup(shape *s, const char *spec, const char *props)
{
    static const char *const names[] = {"chacha20", "tls13", "poly1305", "md5"};
    const char *colon = strchr(spec, ':');
    EVP_CIPHER *cipher;
    EVP_MAC *mac;
    EVP_MD *md;

    if (colon == NULL)
        return 0;
    for (s->alg = CHACHA20; s->alg <= MD5; s->alg++)
        if (strlen(names[s->alg]) == (size_t)(colon - spec) &&
            strncmp(spec, names[s->alg], (size_t)(colon - spec)) == 0)
            break;
    s->len = strtoul(colon + 1, NULL, 0);
    if (s->alg > MD5 || s->len > sizeof(in))
        return 0;
    switch (s->alg) {
    case CHACHA20:
    case TLS13:
        cipher = p_EVP_CIPHER_fetch(NULL, s->alg == CHACHA20 ? "ChaCha20"
                                                             : "ChaCha20-Poly1305",
                                    props);
        s->c = p_EVP_CIPHER_CTX_new();
        if (cipher != NULL)
            served(spec, p_EVP_CIPHER_get0_provider(cipher));
        return cipher != NULL && s->c != NULL &&
               p_EVP_CipherInit_ex2(s->c, cipher, key, iv, 1, NULL);
    case POLY1305:
        mac = p_EVP_MAC_fetch(NULL, "POLY1305", props);
        if (mac != NULL)
            served(spec, p_EVP_MAC_get0_provider(mac));
        return mac != NULL && (s->m = p_EVP_MAC_CTX_new(mac)) != NULL;
    case MD5:
        md = p_EVP_MD_fetch(NULL, "MD5", props);
        s->d = p_EVP_MD_CTX_new();
        if (md != NULL)
            served(spec, p_EVP_MD_get0_provider(md));
        return md != NULL && s->d != NULL && p_EVP_DigestInit_ex2(s->d, md, NULL);
    }
    return 0;
}

int main(int argc, char **argv)
{
    void *lib = dlopen("libcrypto.so.4", RTLD_NOW);
    char props[64];
    shape *shapes;
    int i;

    if (lib == NULL)
        lib = dlopen("libcrypto.so.3", RTLD_NOW);
    if (argc < 3 || lib == NULL) {
        fprintf(stderr, "usage: %s simd|default ALG:LEN... (%s)\n", argv[0],
                lib == NULL ? dlerror() : "");
        return 2;
    }
#define RESOLVE(f)                                                          \
    if ((p_##f = (__typeof__(&f))dlsym(lib, #f)) == NULL) {                  \
        fprintf(stderr, "no %s in libcrypto\n", #f);                        \
        return 1;                                                           \
    }
    FUNCS(RESOLVE)
    snprintf(props, sizeof(props), "%sprovider=%s",
             strcmp(argv[1], "default") != 0 ? "?" : "", argv[1]);
    /* The default provider too: loading one by hand ends the automatic
     * fallback, and "?provider=simd" must find the default's where simd
     * steps aside. */
    if (strcmp(argv[1], "default") != 0 &&
        (p_OSSL_PROVIDER_load(NULL, "default") == NULL ||
         p_OSSL_PROVIDER_load(NULL, argv[1]) == NULL)) {
        fprintf(stderr, "cannot load provider %s\n", argv[1]);
        return 1;
    }
    shapes = calloc((size_t)argc, sizeof(*shapes));
    if (shapes == NULL)
        return 1;
    for (i = 2; i < argc; i++)
        if (!setup(&shapes[i], argv[i], props) || !run(&shapes[i])) {
            fprintf(stderr, "%s: not served by %s\n", argv[i], argv[1]);
            return 1;
        }
    fprintf(stderr, "mark %p %s\n", (void *)evp_once_mark,
            p_OpenSSL_version(OPENSSL_VERSION));
    if (getenv("EVP_ONCE_MAPS") != NULL)
        print_maps();
    evp_once_mark(0);
    evp_once_mark(0);
    for (i = 2; i < argc; i++) {
        evp_once_mark(2 * i - 3);
        if (!run(&shapes[i]))
            return 1;
        evp_once_mark(2 * i - 2);
    }
    printf("%02x\n", out[0]);
    return 0;
}
