/* SPDX-License-Identifier: Apache-2.0 */
/*
 * MD5 through EVP, simd against OpenSSL's default provider, for every kernel
 * this CPU can run: the RFC 1321 suite, random messages with random update
 * splits and misaligned input, copies mid-stream (also into a context in
 * use: 3.5's copyctx), update after final, and
 * one message longer than 2^32 bytes (the 64-bit length encoding).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/err.h>

#include "testutil.h"
#include "vectors.h"

#define MAX_LEN 70000

static uint8_t *msg;
static int mismatches;

static int digest_update(void *ctx, const uint8_t *p, size_t n)
{
    return EVP_DigestUpdate(ctx, p, n);
}

static int digest_split(EVP_MD_CTX *ctx, const EVP_MD *md, const uint8_t *m,
                        size_t len, const size_t *cuts, size_t ncuts,
                        uint8_t out[16])
{
    unsigned int outl = 0;

    return EVP_DigestInit_ex2(ctx, md, NULL) &&
           tu_update_pieces(digest_update, ctx, m, len, cuts, ncuts) &&
           EVP_DigestFinal_ex(ctx, out, &outl) && outl == 16;
}

static void kat(const EVP_MD *md)
{
    for (size_t v = 0; v < sizeof(md5_vectors) / sizeof(md5_vectors[0]); v++) {
        uint8_t want[16], got[16];
        unsigned int outl = 0;
        const char *m = md5_vectors[v].message;

        tu_unhex(md5_vectors[v].md5_hex, want, 16);
        CU_ASSERT(EVP_Digest(m, strlen(m), got, &outl, md, NULL));
        CU_ASSERT_EQUAL(outl, 16);
        CU_ASSERT_EQUAL(memcmp(got, want, 16), 0);
    }
}

static size_t biased_len(void)
{
    size_t k = tu_rand_below(MAX_LEN / 64);

    switch (tu_rand_below(3)) {
    case 0:
        return k * 64 + tu_rand_below(3) - (k > 0);
    case 1:
        return tu_rand_below(200);
    default:
        return tu_rand_below(MAX_LEN + 1);
    }
}

static void random_messages(const EVP_MD *simd, const EVP_MD *deflt)
{
    EVP_MD_CTX *a = EVP_MD_CTX_new(), *b = EVP_MD_CTX_new();
    size_t cases = tu_scaled(1500, 50);

    CU_ASSERT_FATAL(a != NULL && b != NULL);
    /* Every length 0..1100 at a random misalignment, then random ones. */
    for (size_t c = 0; c < 1101 + cases; c++) {
        size_t len = c <= 1100 ? c : biased_len();
        size_t off = tu_rand_below(64), cuts[8], ncuts = tu_rand_below(8);
        uint8_t da[16], db[16];

        tu_rand_bytes(msg + off, len);
        for (size_t i = 0; i < ncuts; i++)
            cuts[i] = tu_rand_below(len + 1);
        tu_sort_cuts(cuts, ncuts); /* cuts must not go back */
        if (!digest_split(a, simd, msg + off, len, cuts, ncuts, da) ||
            !digest_split(b, deflt, msg + off, len, NULL, 0, db) ||
            memcmp(da, db, 16) != 0) {
            if (mismatches++ < 5)
                fprintf(stderr, "\n  mismatch: len %zu, %zu cuts\n", len,
                        ncuts);
        }
    }
    EVP_MD_CTX_free(a);
    EVP_MD_CTX_free(b);
}

/* A copy mid-stream continues on its own; update after final continues
 * from the post-final state exactly as OpenSSL's does. */
static void copies_and_after_final(const EVP_MD *simd, const EVP_MD *deflt)
{
    const EVP_MD *mds[2] = {simd, deflt};
    uint8_t out[2][3][16];
    size_t cases = tu_scaled(200, 10);

    for (size_t c = 0; c < cases; c++) {
        size_t l1 = biased_len() % 5000, l2 = biased_len() % 5000;

        tu_rand_bytes(msg, l1 + l2);
        for (int i = 0; i < 2; i++) {
            EVP_MD_CTX *ctx = EVP_MD_CTX_new(), *copy = EVP_MD_CTX_new();
            unsigned int n;

            CU_ASSERT_FATAL(ctx != NULL && copy != NULL);
            CU_ASSERT(EVP_DigestInit_ex2(ctx, mds[i], NULL));
            CU_ASSERT(EVP_DigestUpdate(ctx, msg, l1));
            CU_ASSERT(EVP_MD_CTX_copy_ex(copy, ctx));
            CU_ASSERT(EVP_DigestUpdate(ctx, msg + l1, l2));
            CU_ASSERT(EVP_DigestFinal_ex(ctx, out[i][0], &n));
            CU_ASSERT(EVP_DigestFinal_ex(copy, out[i][1], &n));
            /* An update after final is accepted by 3.0 and continues;
             * newer releases (3.5 and 3.6 here) refuse it in EVP before any
             * provider sees it.
             * Either way both providers must end alike, so a refused
             * update or final leaves a defined (zero) result to compare. */
            if (!EVP_DigestUpdate(copy, msg, l2) ||
                EVP_DigestFinal_ex(copy, out[i][2], &n) != 1)
                memset(out[i][2], 0, 16);
            ERR_clear_error();
            EVP_MD_CTX_free(ctx);
            EVP_MD_CTX_free(copy);
        }
        if (memcmp(out[0], out[1], sizeof(out[0])) != 0 && mismatches++ < 5)
            fprintf(stderr, "\n  copy/after-final mismatch: %zu + %zu\n", l1,
                    l2);
    }
}

/*
 * EVP_MD_CTX_copy_ex mid-stream into a destination that is already in use:
 * the same MD5 halfway through another message or finished (3.5 and later
 * copy into its algorithm context through the provider's copyctx), another
 * digest (EVP frees that context and dups), or never initialised. The
 * destination then carries on as the source would, on both providers.
 */
static void copies_into_used_ctx(const EVP_MD *simd, const EVP_MD *deflt,
                                 const EVP_MD *other)
{
    const EVP_MD *mds[2] = {simd, deflt};
    size_t cases = tu_scaled(100, 8);

    for (size_t c = 0; c < cases; c++) {
        size_t l1 = biased_len() % 3000, l2 = biased_len() % 3000;
        size_t lo = biased_len() % 3000;
        int kind = (int)(c % 4);
        uint8_t out[2][3][16], straight[16];
        unsigned int n;

        tu_rand_bytes(msg, l1 + l2 + lo);
        for (int i = 0; i < 2; i++) {
            EVP_MD_CTX *src = EVP_MD_CTX_new(), *dst = EVP_MD_CTX_new();
            uint8_t scratch[64];

            CU_ASSERT_FATAL(src != NULL && dst != NULL);
            if (kind == 0 || kind == 1) { /* the same MD5, other state */
                CU_ASSERT(EVP_DigestInit_ex2(dst, mds[i], NULL));
                CU_ASSERT(EVP_DigestUpdate(dst, msg + l1 + l2, lo));
                if (kind == 1)
                    CU_ASSERT(EVP_DigestFinal_ex(dst, scratch, &n));
            } else if (kind == 2) { /* another digest */
                CU_ASSERT(EVP_DigestInit_ex2(dst, other, NULL));
                CU_ASSERT(EVP_DigestUpdate(dst, msg + l1 + l2, lo));
            }
            CU_ASSERT(EVP_DigestInit_ex2(src, mds[i], NULL));
            CU_ASSERT(EVP_DigestUpdate(src, msg, l1));
            CU_ASSERT(EVP_MD_CTX_copy_ex(dst, src));
            CU_ASSERT(EVP_DigestUpdate(src, msg + l1, l2));
            CU_ASSERT(EVP_DigestUpdate(dst, msg + l1, l2));
            CU_ASSERT(EVP_DigestFinal_ex(src, out[i][0], &n));
            CU_ASSERT(EVP_DigestFinal_ex(dst, out[i][1], &n));
            /* a second copy into the now finished destination */
            CU_ASSERT(EVP_DigestInit_ex2(src, mds[i], NULL));
            CU_ASSERT(EVP_DigestUpdate(src, msg + l1, l2));
            CU_ASSERT(EVP_MD_CTX_copy_ex(dst, src));
            CU_ASSERT(EVP_DigestFinal_ex(dst, out[i][2], &n));
            EVP_MD_CTX_free(src);
            EVP_MD_CTX_free(dst);
        }
        CU_ASSERT(EVP_Digest(msg, l1 + l2, straight, &n, deflt, NULL));
        if ((memcmp(out[0], out[1], sizeof(out[0])) != 0 ||
             memcmp(out[0][1], straight, 16) != 0) &&
            mismatches++ < 5)
            fprintf(stderr, "\n  copy into a used context (kind %d) "
                    "mismatch: %zu + %zu\n", kind, l1, l2);
    }
}

static void differential_for(tu_ctx *t, const char *kernel)
{
    EVP_MD *simd, *deflt, *other;

    mismatches = 0;
    simd = EVP_MD_fetch(t->libctx, "MD5", "provider=simd");
    deflt = EVP_MD_fetch(t->libctx, "MD5", "provider=default");
    other = EVP_MD_fetch(t->libctx, "SHA256", "provider=default");
    CU_ASSERT_FATAL(simd != NULL && deflt != NULL && other != NULL);
    kat(simd);
    random_messages(simd, deflt);
    copies_and_after_final(simd, deflt);
    copies_into_used_ctx(simd, deflt, other);
    if (mismatches)
        fprintf(stderr, "  kernel %s: %d mismatches\n", kernel, mismatches);
    CU_ASSERT_EQUAL(mismatches, 0);
    EVP_MD_free(simd);
    EVP_MD_free(deflt);
    EVP_MD_free(other);
}

static void test_every_kernel(void)
{
    tu_for_each_runnable(SIMD_ALG_MD5, differential_for);
}

/*
 * 2^32 + 1000 bytes, so the bit length needs more than 32 bits. The length
 * encoding is the glue's, the same for every kernel: one run with the
 * configured kernel. About 6 s a provider: skipped when the suite is scaled
 * down (valgrind).
 */
static void test_beyond_4gib(void)
{
    static uint8_t chunk[1 << 20];
    const size_t total = ((size_t)1 << 32) + 1000;
    uint8_t d[2][16];
    tu_ctx t;

    if (tu_scaled(100, 0) < 100) {
        fprintf(stderr, "skipped (SIMDPROV_TEST_SCALE < 1) ");
        return;
    }
    CU_ASSERT_FATAL(tu_ctx_open(&t, NULL));
    tu_rand_bytes(chunk, sizeof(chunk));
    for (int i = 0; i < 2; i++) {
        EVP_MD *md = EVP_MD_fetch(t.libctx, "MD5",
                                  i ? "provider=default" : "provider=simd");
        EVP_MD_CTX *ctx = EVP_MD_CTX_new();
        unsigned int n;

        CU_ASSERT_FATAL(md != NULL && ctx != NULL);
        CU_ASSERT(EVP_DigestInit_ex2(ctx, md, NULL));
        for (size_t done = 0; done < total;) {
            size_t piece = total - done < sizeof(chunk) ? total - done
                                                        : sizeof(chunk);

            CU_ASSERT_FATAL(EVP_DigestUpdate(ctx, chunk, piece));
            done += piece;
        }
        CU_ASSERT(EVP_DigestFinal_ex(ctx, d[i], &n));
        EVP_MD_CTX_free(ctx);
        EVP_MD_free(md);
    }
    CU_ASSERT_EQUAL(memcmp(d[0], d[1], 16), 0);
    tu_ctx_close(&t);
}

int main(void)
{
    static const tu_test tests[] = {
        {"simd == default and RFC 1321, every kernel", test_every_kernel},
        {"message longer than 2^32 bytes", test_beyond_4gib},
        {NULL, NULL},
    };

    msg = malloc(MAX_LEN + 64);
    if (msg == NULL)
        return 2;
    return tu_main("md5", tests);
}
