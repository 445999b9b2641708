/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Constant time, checked by valgrind memcheck: the secrets (ChaCha20 key and
 * nonce words, message bytes; for MD5 the message and the chaining state;
 * for Poly1305 the key, so r and s, the accumulator h and the message)
 * are marked undefined, so any branch or memory address that depends on
 * them is reported as an error (the suite runs under valgrind with
 * --error-exitcode). The block counter stays defined: it is public, and the
 * glue legitimately splits calls at its 32-bit wrap, as OpenSSL does.
 * Every kernel valgrind can execute is run directly, then the glue through
 * EVP. Outputs are marked defined again before they are compared.
 *
 * `test_ct --leaky` runs a deliberately secret-indexed table lookup, an
 * early-exit tag compare and Poly1305 kernels that each leak one secret,
 * through the same harness, each in its own process: the run fails (exit 1)
 * only when memcheck caught every one, proving the harness can see a leak of
 * each secret.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <valgrind/memcheck.h>

#include "../../asm/arch.h"
#include "../../provider/secmem.h"
#include "testutil.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED(p, n)
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED(p, n)

static uint8_t in[4096 + 64], out[4096 + 64], ref[4096 + 64];

/* Whole blocks (the kernel ABI), through every path of the routing. */
static const size_t lengths[] = {0,    64,   128,  192,  256,  320,  384,
                                 512,  576,  704,  1024, 1088, 2112, 4096};

static void chacha20_kernel(const simd_kernel_row *k)
{
    uint32_t key[8], ctr[4];
    uint8_t tail[SIMD_CHACHA20_BLOCK];
    int bad = 0;

    for (size_t i = 0; i < sizeof(lengths) / sizeof(lengths[0]); i++) {
        size_t len = lengths[i];

        if (k->group != 0)
            len -= len % k->group; /* it takes whole groups only */
        tu_rand_bytes((uint8_t *)key, sizeof(key));
        tu_rand_bytes((uint8_t *)ctr, sizeof(ctr));
        ctr[0] = 7;
        tu_rand_bytes(in, len);
        chacha20_xor_portable(ref, in, len, key, ctr);
        SECRET(key, sizeof(key));
        SECRET(&ctr[1], 3 * sizeof(uint32_t));
        SECRET(in, len);
        k->fn.chacha20(out, in, len, key, ctr);
        if (k->chacha20_tail != NULL) /* and its tail variant */
            k->chacha20_tail(out, in, len, key, ctr, tail);
        PUBLIC(out, len);
        PUBLIC(tail, sizeof(tail));
        PUBLIC(key, sizeof(key));
        PUBLIC(ctr, sizeof(ctr));
        PUBLIC(in, len);
        bad += memcmp(out, ref, len) != 0;
    }
    CU_ASSERT_EQUAL(bad, 0);
}

static void md5_kernel(const simd_kernel_row *k)
{
    int bad = 0;

    for (size_t n = 0; n <= 64; n = n ? n * 2 : 1) {
        uint32_t st[4], want[4];

        tu_rand_bytes((uint8_t *)st, sizeof(st));
        memcpy(want, st, sizeof(st));
        tu_rand_bytes(in, 64 * (n % 65 > 0 ? (n < 64 ? n : 64) : 0));
        md5_blocks_portable(want, in, n);
        SECRET(st, sizeof(st));
        SECRET(in, 64 * n);
        k->fn.md5(st, in, n);
        PUBLIC(st, sizeof(st));
        PUBLIC(in, 64 * n);
        bad += memcmp(st, want, sizeof(st)) != 0;
    }
    CU_ASSERT_EQUAL(bad, 0);
}

/*
 * Poly1305: the key (so r and s), the accumulator h and the message are
 * secret; the length and padbit are public. Each case runs init on the
 * secret key, sets a secret partially reduced h, calls the kernel from an
 * empty table and again on the table it built (a vector kernel's table of
 * powers of r is secret too, derived from r), then emit. Returns the
 * number of wrong tags. The --leaky run calls this on leaky kernels, so
 * the marking here is what the self-check proves.
 */
static int poly1305_run(const simd_kernel_row *k)
{
    int bad = 0;

    for (size_t i = 0; i < sizeof(lengths) / sizeof(lengths[0]); i++) {
        size_t len = lengths[i] / 4 * 3; /* 48-byte steps: odd block counts */
        simd_poly1305 st, want;
        uint8_t key[SIMD_POLY1305_KEY], tag[SIMD_POLY1305_TAG],
            wtag[SIMD_POLY1305_TAG];
        uint64_t h[3];
        uint32_t padbit = i % 3 != 2;

        if (k->group != 0)
            len -= len % k->group;
        tu_rand_bytes(key, sizeof(key));
        tu_rand_bytes((uint8_t *)h, sizeof(h));
        h[2] &= 7;
        tu_rand_bytes(in, len);
        simd_poly1305_init(&want, key);
        memcpy(want.h, h, sizeof(h));
        poly1305_blocks_portable(&want, in, len, padbit);
        poly1305_blocks_portable(&want, in, len, 1);
        simd_poly1305_emit(&want, wtag);
        SECRET(key, sizeof(key));
        SECRET(h, sizeof(h));
        SECRET(in, len);
        simd_poly1305_init(&st, key);
        memcpy(st.h, h, sizeof(h));
        k->fn.poly1305(&st, in, len, padbit);
        k->fn.poly1305(&st, in, len, 1);
        simd_poly1305_emit(&st, tag);
        PUBLIC(tag, sizeof(tag));
        PUBLIC(&st, sizeof(st));
        PUBLIC(key, sizeof(key));
        PUBLIC(h, sizeof(h));
        PUBLIC(in, len);
        bad += memcmp(tag, wtag, sizeof(tag)) != 0;
    }
    return bad;
}

static void poly1305_kernel(const simd_kernel_row *k)
{
    CU_ASSERT_EQUAL(poly1305_run(k), 0);
}

/* Stitched ChaCha20-Poly1305: the ChaCha20 key and nonce, the Poly1305 key
 * (r, s), h and the message secret; the counter public as above. Seal and
 * open alternate; output and tag compared with the portable reference. */
static void chacha20_poly1305_kernel(const simd_kernel_row *k)
{
    int bad = 0;

    for (size_t i = 0; i < sizeof(lengths) / sizeof(lengths[0]); i++) {
        size_t len = lengths[i];
        uint32_t kc[12];
        uint8_t key[SIMD_POLY1305_KEY], tag[SIMD_POLY1305_TAG],
            wtag[SIMD_POLY1305_TAG];
        simd_poly1305 st, want;
        int enc = i % 2 == 0;

        tu_rand_bytes((uint8_t *)kc, sizeof(kc));
        kc[8] = 7;
        tu_rand_bytes(key, sizeof(key));
        tu_rand_bytes(in, len);
        simd_poly1305_init(&want, key);
        chacha20_poly1305_portable(ref, in, len, kc, &want, enc);
        simd_poly1305_emit(&want, wtag);
        SECRET(kc, 8 * sizeof(uint32_t));
        SECRET(&kc[9], 3 * sizeof(uint32_t));
        SECRET(key, sizeof(key));
        SECRET(in, len);
        simd_poly1305_init(&st, key);
        k->fn.chacha20_poly1305(out, in, len, kc, &st, enc);
        simd_poly1305_emit(&st, tag);
        PUBLIC(out, len);
        PUBLIC(tag, sizeof(tag));
        PUBLIC(&st, sizeof(st));
        PUBLIC(kc, sizeof(kc));
        PUBLIC(key, sizeof(key));
        PUBLIC(in, len);
        bad += memcmp(out, ref, len) != 0 || memcmp(tag, wtag, sizeof(tag)) != 0;
    }
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_kernels(void)
{
    int ran = 0;

    static void (*const check[SIMD_NALGS])(const simd_kernel_row *) = {
        [SIMD_ALG_CHACHA20] = chacha20_kernel,
        [SIMD_ALG_MD5] = md5_kernel,
        [SIMD_ALG_POLY1305] = poly1305_kernel,
        [SIMD_ALG_CHACHA20_POLY1305] = chacha20_poly1305_kernel,
    };

    for (unsigned alg = 0; alg < SIMD_NALGS; alg++) {
        const simd_kernel_row *ks[TU_MAX_KERNELS];
        size_t n = tu_kernels(alg, ks);

        CU_ASSERT_PTR_NOT_NULL_FATAL(check[alg]); /* a new algorithm needs one */
        for (size_t i = 0; i < n; i++)
            check[alg](ks[i]);
        ran += (int)n;
    }
    printf("(%d kernels) ", ran);
    CU_ASSERT(ran >= 2);
}

/* One cipher update after another over len bytes, in uneven pieces of up to
 * 300 bytes, so the partial-block paths run. */
static void update_in_pieces(EVP_CIPHER_CTX *ctx, uint8_t *dst,
                             const uint8_t *src, size_t len)
{
    for (size_t done = 0, piece; done < len; done += piece) {
        int outl;

        piece = 1 + tu_rand_below(len - done < 300 ? len - done : 300);
        CU_ASSERT(EVP_CipherUpdate(ctx, dst + done, &outl, src + done,
                                   (int)piece));
    }
}

/* The glue, through EVP, with the kernel the provider chose. */
static void test_glue(void)
{
    tu_ctx t;
    EVP_CIPHER *c;
    EVP_MD *md;
    uint8_t key[32], iv[16], digest[16];
    unsigned int dl;

    CU_ASSERT_FATAL(tu_ctx_open(&t, NULL));
    c = EVP_CIPHER_fetch(t.libctx, "ChaCha20", "provider=simd");
    md = EVP_MD_fetch(t.libctx, "MD5", "provider=simd");
    CU_ASSERT_FATAL(c != NULL && md != NULL);
    for (int round = 0; round < 4; round++) {
        EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
        EVP_MD_CTX *mctx = EVP_MD_CTX_new();
        size_t len = 1000 + tu_rand_below(3000);

        tu_rand_bytes(key, 32);
        tu_rand_bytes(iv, 16);
        iv[0] = 0xfe, iv[1] = iv[2] = iv[3] = 0xff; /* cross the wrap */
        tu_rand_bytes(in, len);
        SECRET(key, 32);
        SECRET(iv + 4, 12);
        SECRET(in, len);
        CU_ASSERT(EVP_EncryptInit_ex2(ctx, c, key, iv, NULL));
        update_in_pieces(ctx, out, in, len);
        CU_ASSERT(EVP_DigestInit_ex2(mctx, md, NULL));
        CU_ASSERT(EVP_DigestUpdate(mctx, in, 17));
        CU_ASSERT(EVP_DigestUpdate(mctx, in + 17, len - 17));
        CU_ASSERT(EVP_DigestFinal_ex(mctx, digest, &dl));
        PUBLIC(out, len);
        PUBLIC(digest, 16);
        PUBLIC(key, 32);
        PUBLIC(iv, 16);
        PUBLIC(in, len);
        EVP_CIPHER_CTX_free(ctx);
        EVP_MD_CTX_free(mctx);
    }
    EVP_CIPHER_free(c);
    EVP_MD_free(md);
    tu_ctx_close(&t);
}

/*
 * ChaCha20-Poly1305 and POLY1305 through EVP: key, nonce, AAD, message and
 * the MAC key secret. The open runs with no tag set, so its final compares
 * nothing: the outcome of a real tag check is public by design (the caller
 * branches on it), and valgrind cannot be told so inside the provider.
 */
static void test_aead_mac_glue(void)
{
    tu_ctx t;
    EVP_CIPHER *c;
    EVP_MAC *mac;
    uint8_t key[32], nonce[12], aad[40], tag[16];

    CU_ASSERT_FATAL(tu_ctx_open(&t, NULL));
    mac = EVP_MAC_fetch(t.libctx, "POLY1305", "provider=simd");
    c = EVP_CIPHER_fetch(t.libctx, "ChaCha20-Poly1305", "provider=simd");
    CU_ASSERT_FATAL(c != NULL && mac != NULL);
    for (int round = 0; round < 4; round++) {
        size_t len = 1000 + tu_rand_below(3000), taglen = 16;
        size_t aadlen = tu_rand_below(sizeof(aad));
        EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
        EVP_MAC_CTX *mctx = EVP_MAC_CTX_new(mac);
        int outl;

        tu_rand_bytes(key, 32);
        tu_rand_bytes(nonce, 12);
        tu_rand_bytes(aad, sizeof(aad));
        tu_rand_bytes(in, len);
        SECRET(key, 32);
        SECRET(nonce, 12);
        SECRET(aad, sizeof(aad));
        SECRET(in, len);
        for (int enc = 1; enc >= 0; enc--) {
            const uint8_t *src = enc ? in : out;
            uint8_t *dst = enc ? out : ref;

            CU_ASSERT(EVP_CipherInit_ex2(ctx, c, key, nonce, enc, NULL));
            CU_ASSERT(EVP_CipherUpdate(ctx, NULL, &outl, aad, (int)aadlen));
            update_in_pieces(ctx, dst, src, len);
            CU_ASSERT(EVP_CipherFinal_ex(ctx, dst + len, &outl));
            if (enc)
                CU_ASSERT(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG,
                                              16, tag));
        }
        CU_ASSERT(EVP_MAC_init(mctx, key, 32, NULL));
        CU_ASSERT(EVP_MAC_update(mctx, in, 17));
        CU_ASSERT(EVP_MAC_update(mctx, in + 17, len - 17));
        CU_ASSERT(EVP_MAC_final(mctx, tag, &taglen, sizeof(tag)));
        PUBLIC(out, len);
        PUBLIC(ref, len);
        PUBLIC(tag, 16);
        PUBLIC(key, 32);
        PUBLIC(nonce, 12);
        PUBLIC(aad, sizeof(aad));
        PUBLIC(in, len);
        CU_ASSERT(memcmp(ref, in, len) == 0); /* the open undid the seal */
        EVP_CIPHER_CTX_free(ctx);
        EVP_MAC_CTX_free(mctx);
    }
    EVP_CIPHER_free(c);
    EVP_MAC_free(mac);
    tu_ctx_close(&t);
}

/*
 * The tag compare of ChaCha20-Poly1305's decrypt (provider/secmem.h, the
 * same inline code the module compiles): both tags secret, equal and
 * differing at every byte, every tag length. Only the result is public.
 * Through EVP the compare cannot be reached with secret tags (its outcome,
 * which the provider returns, is public by design), hence this direct run.
 */
static void test_tag_compare(void)
{
    uint8_t a[16], b[16];

    for (size_t n = 1; n <= sizeof(a); n++)
        for (size_t at = 0; at <= n; at++) { /* at == n: equal */
            int r;

            tu_rand_bytes(a, n);
            memcpy(b, a, n);
            if (at < n)
                b[at] ^= (uint8_t)(1 + tu_rand_below(255));
            SECRET(a, n);
            SECRET(b, n);
            r = simd_memcmp(a, b, n);
            PUBLIC(&r, sizeof(r));
            PUBLIC(a, n);
            PUBLIC(b, n);
            CU_ASSERT((r == 0) == (at == n));
        }
}

/* ------------------------------------------------------------ --leaky */

/* A secret-dependent table load: memcheck must report it. */
static void leaky_table(void)
{
    static const uint8_t table[256] = {1, 2, 3};
    uint8_t secret = 42, v;

    SECRET(&secret, 1);
    v = table[secret];
    PUBLIC(&v, 1);
    if (v == 99)
        printf("?");
}

/*
 * Poly1305 kernels that give the right answer but leak one secret each,
 * as real mistakes would: a final-reduction style branch on h, a table
 * load indexed by r, a branch on a message byte, a branch on s. Run
 * through poly1305_run, they prove that its marking reaches each secret.
 */
static volatile uint64_t leak_sink;

static void leaky_h(simd_poly1305 *st, const uint8_t *in, size_t len,
                    uint32_t padbit)
{
    poly1305_blocks_portable(st, in, len, padbit);
    if (st->h[2] >= 4) /* "reduce when large" */
        leak_sink++;
}

static void leaky_r(simd_poly1305 *st, const uint8_t *in, size_t len,
                    uint32_t padbit)
{
    static const uint64_t powers[16] = {1};

    leak_sink += powers[st->r[0] & 15];
    poly1305_blocks_portable(st, in, len, padbit);
}

static void leaky_msg(simd_poly1305 *st, const uint8_t *in, size_t len,
                      uint32_t padbit)
{
    if (len > 0 && in[len - 1] == 0) /* "skip zero blocks" */
        leak_sink++;
    poly1305_blocks_portable(st, in, len, padbit);
}

static void leaky_s(simd_poly1305 *st, const uint8_t *in, size_t len,
                    uint32_t padbit)
{
    if (st->s[0] & 1)
        leak_sink++;
    poly1305_blocks_portable(st, in, len, padbit);
}

/* A tag compare that stops at the first difference. */
static void leaky_compare(void)
{
    uint8_t a[16] = {1}, b[16] = {1};
    int r = 0;

    SECRET(a, sizeof(a));
    SECRET(b, sizeof(b));
    for (size_t i = 0; i < sizeof(a) && r == 0; i++)
        r = a[i] != b[i];
    PUBLIC(&r, sizeof(r));
    leak_sink += (uint64_t)r;
}

static const simd_kernel_row leaky_kernels[] = {
    SIMD_KERNEL(poly1305, "branch on h", 0, leaky_h),
    SIMD_KERNEL(poly1305, "load indexed by r", 0, leaky_r),
    SIMD_KERNEL(poly1305, "branch on the message", 0, leaky_msg),
    SIMD_KERNEL(poly1305, "branch on s", 0, leaky_s),
};

/*
 * Each leak runs in its own child (valgrind follows a fork without exec),
 * whose exit status is valgrind's error exit code when memcheck saw it; so
 * one caught leak cannot hide another that was missed. Returns 1 when
 * every leak was caught (the ct-selfcheck test expects that failure), 0
 * and names the one that was not.
 */
static int leaky(void)
{
    size_t n = 2 + SIMD_COUNT(leaky_kernels);
    int caught = 0;

    for (size_t i = 0; i < n; i++) {
        const char *what = i == 0   ? "table load"
                           : i == 1 ? "early-exit tag compare"
                                    : leaky_kernels[i - 2].name;
        int status = 0;
        pid_t pid;

        fflush(NULL);
        pid = fork();
        if (pid == 0) {
            if (i == 0)
                leaky_table();
            else if (i == 1)
                leaky_compare();
            else if (poly1305_run(&leaky_kernels[i - 2]) != 0)
                _exit(3); /* a wrong tag is not a leak: say so */
            exit(0);
        }
        if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) {
            fprintf(stderr, "test_ct --leaky: %s: no child\n", what);
            continue;
        }
        if (WEXITSTATUS(status) == 3)
            fprintf(stderr, "test_ct --leaky: %s: wrong tag\n", what);
        else if (WEXITSTATUS(status) == 0)
            fprintf(stderr, "test_ct --leaky: %s: NOT caught\n", what);
        else
            caught++;
    }
    fprintf(stderr, "test_ct --leaky: %d of %zu leaks caught\n", caught, n);
    return caught == (int)n;
}

int main(int argc, char **argv)
{
    static const tu_test tests[] = {
        {"kernels: no secret-dependent branch or address", test_kernels},
        {"glue through EVP: likewise", test_glue},
        {"ChaCha20-Poly1305 and POLY1305 through EVP: likewise",
         test_aead_mac_glue},
        {"tag compare (secmem.h): no branch or address on either tag",
         test_tag_compare},
        {NULL, NULL},
    };

    if (argc > 1 && strcmp(argv[1], "--leaky") == 0)
        return leaky();
    if (!RUNNING_ON_VALGRIND)
        fprintf(stderr, "test_ct: not under valgrind, checks only results\n");
    return tu_main("ct", tests);
}
