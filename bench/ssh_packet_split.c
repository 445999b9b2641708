/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The OpenSSH packet (bench/callers.c's ssh_packet) split into its ChaCha20
 * kernel calls and the rest, for both providers, in one process: four ways
 * of the same packet, interleaved batch by batch,
 *
 *   EVP default  - ssh_packet through OpenSSL's default provider
 *   EVP simd     - ssh_packet through simd (its ChaCha20 row KERNEL)
 *   bare OpenSSL - the packet's three calls of OpenSSL's ChaCha20_ctr32, as
 *                  its provider makes them (a partial block's keystream
 *                  from 64 zero bytes)
 *   bare simd    - the same calls of the simd row KERNEL (its tail entry
 *                  for a partial block, as the stream makes them)
 *
 * and "EVP minus bare" per provider: what the EVP calls, the provider's
 * glue and this loop add to the kernels, as far as it does not run in the
 * shadow of their dependency chains. ChaCha20_ctr32 is OpenSSL's internal
 * block function (crypto/chacha), global only in the static libcrypto.a:
 * this tool links that one, and simd.so (which links no libcrypto) is
 * loaded into it as a module. So run it with the libcrypto.a that matches
 * the OpenSSL under comparison. Cap both sides alike for a lower level
 * (x86_64: OPENSSL_ia32cap for OpenSSL, KERNEL for simd). Built with
 * -Dtools=true where libcrypto.a exists.
 *
 *   OPENSSL_MODULES=BUILD ssh_packet_split KERNEL [PAYLOAD [BATCHES]]
 *   e.g. OPENSSL_ia32cap=:~0x80010020 OPENSSL_MODULES=build \
 *        build/bench/ssh_packet_split ssse3 256
 *
 * PAYLOAD is a whole number of 64-byte blocks (default 256), BATCHES the
 * number of alternations (default 301) of 400 packets each. Prints the
 * tenth-fastest and the median batch of each way, in ns per packet.
 */
#define _POSIX_C_SOURCE 200112L /* setenv, clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/provider.h>

#include "../asm/arch.h"
#include "callers.h"

/* OpenSSL's own (crypto/include/crypto/chacha.h, not installed). */
void ChaCha20_ctr32(unsigned char *out, const unsigned char *inp, size_t len,
                    const unsigned int key[8], const unsigned int counter[4]);

enum { WAYS = 4, PACKETS = 400, MAX_PAYLOAD = 1 << 16 };

static const char *const way_name[WAYS] = {"EVP default", "EVP simd",
                                           "bare OpenSSL", "bare simd"};

static const uint8_t zero_block[64];
static volatile uint8_t keep;
static const uint32_t main_key[8] = {1, 2, 3, 4, 5, 6, 7, 8};
static const uint32_t header_key[8] = {9, 10, 11, 12, 13, 14, 15, 16};

/* The kernel calls of one packet, as the EVP ways make them: a block
 * function (OpenSSL's ChaCha20_ctr32 has the kernel signature) and the
 * tail variant a partial block's keystream comes from, if any. */
typedef struct {
    simd_chacha20_fn fn;
    simd_chacha20_tail_fn tail;
} bare_way;

static void bare_block(const bare_way *w, uint8_t ks[64], const uint32_t *key,
                       const uint32_t ctr[4])
{
    if (w->tail != NULL)
        w->tail(ks, zero_block, 0, key, ctr, ks);
    else
        w->fn(ks, zero_block, 64, key, ctr);
}

/* OpenSSH's IV, as the counter words a kernel takes. */
static void ssh_counter(uint32_t ctr[4], uint64_t block, uint64_t seqnr)
{
    uint8_t iv[16];

    ssh_iv(iv, block, seqnr);
    memcpy(ctr, iv, 16); /* the words as a little-endian load sees them */
}

static void bare_packet(const bare_way *w, uint64_t seqnr, uint8_t *pkt,
                        size_t len, uint8_t *sink)
{
    uint8_t ks[64], poly_key[32] = {0};
    uint32_t ctr[4];

    ssh_counter(ctr, 0, seqnr);
    bare_block(w, ks, main_key, ctr);
    for (int i = 0; i < 32; i++)
        poly_key[i] ^= ks[i];
    bare_block(w, ks, header_key, ctr);
    for (int i = 0; i < 4; i++)
        pkt[i] ^= ks[i];
    ctr[0] = 1;
    w->fn(pkt + 4, pkt + 4, len, main_key, ctr);
    *sink ^= poly_key[0];
}

typedef struct {
    EVP_CIPHER_CTX *main_ctx, *header_ctx;
} evp_way;

static int evp_way_init(evp_way *w, const char *provider)
{
    char query[32];
    uint8_t iv[16] = {0};
    EVP_CIPHER *c;
    int ok;

    snprintf(query, sizeof(query), "provider=%s", provider);
    c = EVP_CIPHER_fetch(NULL, "ChaCha20", query);
    w->main_ctx = EVP_CIPHER_CTX_new();
    w->header_ctx = EVP_CIPHER_CTX_new();
    ok = c != NULL && w->main_ctx != NULL && w->header_ctx != NULL &&
         EVP_CipherInit_ex(w->main_ctx, c, NULL, (const uint8_t *)main_key,
                           iv, 1) &&
         EVP_CipherInit_ex(w->header_ctx, c, NULL,
                           (const uint8_t *)header_key, iv, 1);
    EVP_CIPHER_free(c);
    return ok;
}

typedef struct {
    evp_way evp[2];
    bare_way bare[2];
} ways;

static int run(const ways *ws, int way, uint64_t seqnr, uint8_t *pkt,
               size_t len, uint8_t *sink)
{
    if (way < 2)
        return ssh_packet(ws->evp[way].main_ctx, ws->evp[way].header_ctx,
                          seqnr, pkt, len, sink);
    bare_packet(&ws->bare[way - 2], seqnr, pkt, len, sink);
    return 1;
}

static double now_ns(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

/* The four ways give the same packet (the EVP ways run on their own
 * little-endian key bytes, as the bare ones do on the words). */
static int same_packets(const ways *ws, size_t len)
{
    static uint8_t pkt[WAYS][4 + MAX_PAYLOAD];
    uint8_t sink = 0;

    for (int w = 0; w < WAYS; w++) {
        memset(pkt[w], 0x5a, 4 + len);
        if (!run(ws, w, 77, pkt[w], len, &sink))
            return 0;
    }
    for (int w = 1; w < WAYS; w++)
        if (memcmp(pkt[0], pkt[w], 4 + len) != 0)
            return 0;
    return 1;
}

int main(int argc, char **argv)
{
    static uint8_t pkt[4 + MAX_PAYLOAD];
    const char *kernel = argc > 1 ? argv[1] : NULL;
    size_t len = argc > 2 ? strtoul(argv[2], NULL, 10) : 256;
    int batches = argc > 3 ? atoi(argv[3]) : 301;
    double *t[WAYS];
    uint64_t seqnr = 0;
    uint8_t sink = 0;
    const simd_kernel_row *row;
    ways ws;

    if (argc < 2 || argc > 4 || len == 0 || len % 64 != 0 ||
        len > MAX_PAYLOAD || batches < 10) {
        fprintf(stderr, "usage: %s KERNEL [PAYLOAD (64..%d, whole blocks) "
                        "[BATCHES >= 10]]\n", argv[0], MAX_PAYLOAD);
        return 2;
    }
    /* simd's override picks the same row for its EVP way */
    setenv("SIMDPROV_CHACHA20", kernel, 1);
    row = simd_find(&simd_arch_this.tables[SIMD_ALG_CHACHA20], kernel);
    if (row == NULL || !simd_runnable(row->needs, simd_arch_this.probe())) {
        fprintf(stderr, "no runnable ChaCha20 row %s\n", kernel);
        return 2;
    }
    ws.bare[0] = (bare_way){ChaCha20_ctr32, NULL};
    ws.bare[1] = (bare_way){row->fn.chacha20, row->chacha20_tail};
    if (OSSL_PROVIDER_load(NULL, "default") == NULL ||
        OSSL_PROVIDER_load(NULL, "simd") == NULL ||
        !evp_way_init(&ws.evp[0], "default") ||
        !evp_way_init(&ws.evp[1], "simd")) {
        fprintf(stderr, "cannot load or fetch ChaCha20 from default and simd "
                        "(OPENSSL_MODULES?)\n");
        return 1;
    }
    if (!same_packets(&ws, len)) {
        fprintf(stderr, "the four ways disagree\n");
        return 1;
    }
    for (int w = 0; w < WAYS; w++)
        if ((t[w] = calloc((size_t)batches, sizeof(double))) == NULL)
            return 1;
    for (int b = 0; b < batches; b++)
        for (int i = 0; i < WAYS; i++) {
            int w = (b + i) % WAYS; /* each way first in turn */
            double t0 = now_ns();

            for (int p = 0; p < PACKETS; p++)
                if (!run(&ws, w, seqnr++, pkt, len, &sink))
                    return 1;
            t[w][b] = (now_ns() - t0) / PACKETS;
        }
    printf("OpenSSH packet, %zu-byte payload; simd row %s; ns per packet "
           "(p10 / median of %d batches)\n", len, kernel, batches);
    for (int w = 0; w < WAYS; w++) {
        qsort(t[w], (size_t)batches, sizeof(double), by_value);
        printf("  %-13s %8.1f / %8.1f\n", way_name[w], t[w][batches / 10],
               t[w][batches / 2]);
    }
    for (int q = 0; q < 2; q++) {
        int at = q == 0 ? batches / 10 : batches / 2;

        printf("%s: EVP default/simd %.3f, bare OpenSSL/simd %.3f, EVP minus "
               "bare: default %.1f, simd %.1f\n", q == 0 ? "p10   " : "median",
               t[0][at] / t[1][at], t[2][at] / t[3][at], t[0][at] - t[2][at],
               t[1][at] - t[3][at]);
    }
    keep = sink; /* the Poly1305 keys stay computed */
    return 0;
}
