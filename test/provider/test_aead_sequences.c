/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20-Poly1305 call sequences whose right answer the RFC fixes and
 * some releases' default providers get wrong (docs/deviations.md): zero-
 * length calls of every kind between AAD fragments, a message ended by
 * EncryptFinal/DecryptFinal or by EVP_Cipher(ctx, NULL, NULL, 0), data
 * through update or EVP_Cipher, AAD after data, a 0-byte EVP_Cipher with
 * a TLS 1.2 record pending; encrypt and decrypt (right and wrong tags).
 *
 * simd is judged by RFC 8439 alone: its ciphertext, tag and verdicts must
 * be the independent reference's (ref8439.c) for the whole message, on
 * every release and every kernel pair. The default provider of the running
 * release is then run on the same sequence: it must do exactly what simd
 * did, unless a deviations row that the sequence triggers lists this
 * release; then the difference is printed and not judged.
 */
#include <stdio.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>

#include "deviations.h"
#include "ref8439.h"
#include "testutil.h"

/* The example of docs/deviations.md: key 80..9f, nonce 00..0b, AAD 50..61
 * sent as 5 + 13 bytes, payload 00, 03, 06, ... (20 bytes). */
#define AAD_LEN 18
#define AAD_SPLIT 5
#define PT_LEN 20
static const char rfc_tag_hex[] = "55b47c871eb4462451f25542bbc9ca2c";
static uint8_t key[32], nonce[12], aad[AAD_LEN], pt[PT_LEN];

/* What goes between the two AAD fragments. */
enum mid {
    MID_NONE,
    MID_UPDATE_DATA0,    /* EVP_CipherUpdate(ctx, out, &n, in, 0) */
    MID_UPDATE_AAD0,     /* EVP_CipherUpdate(ctx, NULL, &n, aad, 0) */
    MID_CIPHER_DATA0,    /* EVP_Cipher(ctx, out, in, 0) */
    MID_CIPHER_AAD0,     /* EVP_Cipher(ctx, NULL, aad, 0) */
    MID_CIPHER_FINAL,    /* EVP_Cipher(ctx, NULL, NULL, 0) */
    MID_COUNT
};
static const char *const mid_names[MID_COUNT] = {
    "nothing", "Update(out, in, 0)", "Update(NULL, aad, 0)",
    "EVP_Cipher(out, in, 0)", "EVP_Cipher(NULL, aad, 0)",
    "EVP_Cipher(NULL, NULL, 0)",
};

/* How the message ends. */
enum end { END_FINAL, END_CIPHER, END_COUNT };
static const char *const end_names[END_COUNT] = {
    "Final", "EVP_Cipher(NULL, NULL, 0)"};

/* How one run went: every return value in order, the bytes out, the tag
 * (encrypt: GET_TAG's 16 bytes, decrypt: the one given). */
typedef struct {
    int ret[8];
    int nret;
    uint8_t out[PT_LEN];
    uint8_t tag[16];
} run;

static void record(run *r, int v)
{
    if (r->nret < (int)SIMD_COUNT(r->ret))
        r->ret[r->nret++] = v;
}

/* AAD fragment through update (the usual way). */
static int put_aad(EVP_CIPHER_CTX *ctx, const uint8_t *p, int n)
{
    int outl = -1;

    return EVP_CipherUpdate(ctx, NULL, &outl, p, n) == 1 && outl == n;
}

static void do_mid(EVP_CIPHER_CTX *ctx, enum mid m, run *r)
{
    uint8_t buf[1];
    int outl = -1;

    switch (m) {
    case MID_NONE:
        return;
    case MID_UPDATE_DATA0:
        record(r, EVP_CipherUpdate(ctx, buf, &outl, pt, 0));
        break;
    case MID_UPDATE_AAD0:
        record(r, EVP_CipherUpdate(ctx, NULL, &outl, aad, 0));
        break;
    case MID_CIPHER_DATA0:
        record(r, EVP_Cipher(ctx, buf, pt, 0));
        break;
    case MID_CIPHER_AAD0:
        record(r, EVP_Cipher(ctx, NULL, aad, 0));
        break;
    case MID_CIPHER_FINAL:
        record(r, EVP_Cipher(ctx, NULL, NULL, 0));
        break;
    default:
        break;
    }
    ERR_clear_error();
}

/*
 * One sequence on one cipher: init, AAD fragment 1, the mid call, AAD
 * fragment 2, the payload (update or EVP_Cipher), the end. On decrypt,
 * `tag` is set first (SET_TAG) and the input is `ct`.
 */
static void sequence(const EVP_CIPHER *c, int enc, enum mid m, enum end e,
                     int data_one_shot, const uint8_t *in,
                     const uint8_t tag[16], run *r)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int outl = -1;

    memset(r, 0, sizeof(*r));
    memset(r->out, 0xee, sizeof(r->out));
    CU_ASSERT_FATAL(ctx != NULL);
    CU_ASSERT_FATAL(EVP_CipherInit_ex2(ctx, c, key, nonce, enc, NULL));
    if (!enc) {
        memcpy(r->tag, tag, 16);
        CU_ASSERT_FATAL(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, 16,
                                            r->tag) == 1);
    }
    record(r, put_aad(ctx, aad, AAD_SPLIT));
    do_mid(ctx, m, r);
    record(r, put_aad(ctx, aad + AAD_SPLIT, AAD_LEN - AAD_SPLIT));
    if (data_one_shot)
        record(r, EVP_Cipher(ctx, r->out, in, PT_LEN));
    else
        record(r, EVP_CipherUpdate(ctx, r->out, &outl, in, PT_LEN) &&
                      outl == PT_LEN);
    if (e == END_FINAL)
        record(r, EVP_CipherFinal_ex(ctx, r->out, &outl));
    else
        record(r, EVP_Cipher(ctx, NULL, NULL, 0));
    if (enc)
        record(r, EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, r->tag));
    ERR_clear_error();
    EVP_CIPHER_CTX_free(ctx);
}

/* The rows a sequence triggers on the running release (NULL: none). */
static const char *rows_for(enum mid m, enum end e)
{
    if (m == MID_CIPHER_DATA0 && dev_applies("aead-zero-len-mid-aad"))
        return "aead-zero-len-mid-aad";
    if (m == MID_CIPHER_FINAL && dev_applies("aead-final-mid-aad"))
        return "aead-final-mid-aad";
    if ((m == MID_CIPHER_FINAL || e == END_CIPHER) &&
        dev_applies("aead-oneshot-zero"))
        return "aead-oneshot-zero";
    return NULL;
}

static int same_run(const run *a, const run *b)
{
    return a->nret == b->nret &&
           memcmp(a->ret, b->ret, sizeof(int) * (size_t)a->nret) == 0 &&
           memcmp(a->out, b->out, sizeof(a->out)) == 0 &&
           memcmp(a->tag, b->tag, sizeof(a->tag)) == 0;
}

static int failures;

static void fail(const char *what, int enc, enum mid m, enum end e,
                 int one_shot)
{
    failures++;
    fprintf(stderr, "\n  %s: %s, mid %s, end %s, data by %s\n", what,
            enc ? "encrypt" : "decrypt", mid_names[m], end_names[e],
            one_shot ? "EVP_Cipher" : "update");
}

/*
 * What simd must return, from the RFC: every AAD and data call succeeds
 * (1, or EVP_Cipher's byte count), zero-length calls are no-ops (1 for
 * update, 0 bytes for EVP_Cipher); the end is 1 for Final (0 on a wrong
 * tag), 0 bytes for EVP_Cipher (-1 on a wrong tag). A mid-AAD
 * EVP_Cipher(NULL, NULL, 0) is a final over the first fragment, and then
 * every call until the end is refused (message ended).
 */
static void expect_simd(run *want, int enc, enum mid m, enum end e,
                        int one_shot, const uint8_t given[16], int tag_right)
{
    uint8_t ct[PT_LEN], tag[16], first_tag[16];

    memset(want, 0, sizeof(*want));
    memset(want->out, 0xee, sizeof(want->out));
    if (!enc)
        memcpy(want->tag, given, 16);
    ref_aead_seal(ct, tag, key, nonce, aad, AAD_LEN, pt, PT_LEN);
    ref_aead_seal(NULL, first_tag, key, nonce, aad, AAD_SPLIT, NULL, 0);
    record(want, 1);
    if (m == MID_CIPHER_FINAL) {
        /* The final of AAD fragment 1 alone: verified against the whole
         * message's tag on decrypt, which cannot match. */
        record(want, enc ? 0 : -1);
        record(want, 0);                   /* AAD 2: refused */
        record(want, one_shot ? -1 : 0);   /* data: refused */
        record(want, e == END_FINAL ? 0 : -1);
        if (enc) {
            record(want, 1);
            memcpy(want->tag, first_tag, 16);
        }
        return;
    }
    if (m != MID_NONE)
        record(want, m == MID_CIPHER_DATA0 || m == MID_CIPHER_AAD0 ? 0 : 1);
    record(want, 1);
    record(want, one_shot ? PT_LEN : 1);
    memcpy(want->out, enc ? ct : pt, PT_LEN);
    if (e == END_FINAL)
        record(want, enc || tag_right ? 1 : 0);
    else
        record(want, enc || tag_right ? 0 : -1);
    if (enc) {
        record(want, 1);
        memcpy(want->tag, tag, 16);
    }
}

static void check_all(const EVP_CIPHER *simd, const EVP_CIPHER *deflt,
                      int print)
{
    uint8_t ct[PT_LEN], tag[16], bad_tag[16], want_tag[16];

    ref_aead_seal(ct, tag, key, nonce, aad, AAD_LEN, pt, PT_LEN);
    tu_unhex(rfc_tag_hex, want_tag, 16);
    CU_ASSERT(memcmp(tag, want_tag, 16) == 0); /* the reference agrees */
    memcpy(bad_tag, tag, 16);
    bad_tag[15] ^= 0x80;
    for (int enc = 1; enc >= 0; enc--)
        for (int right = 1; right >= (enc ? 1 : 0); right--)
            for (int m = 0; m < MID_COUNT; m++)
                for (int e = 0; e < END_COUNT; e++)
                    for (int os = 0; os < 2; os++) {
                        const uint8_t *in = enc ? pt : ct;
                        const uint8_t *t = right ? tag : bad_tag;
                        const char *row = rows_for((enum mid)m, (enum end)e);
                        run want, s, d;

                        expect_simd(&want, enc, (enum mid)m, (enum end)e, os,
                                    t, right);
                        sequence(simd, enc, (enum mid)m, (enum end)e, os, in,
                                 t, &s);
                        if (!same_run(&s, &want))
                            fail(right ? "simd is not RFC 8439"
                                       : "simd, wrong tag: not RFC 8439",
                                 enc, (enum mid)m, (enum end)e, os);
                        if (deflt == NULL)
                            continue;
                        sequence(deflt, enc, (enum mid)m, (enum end)e, os, in,
                                 t, &d);
                        if (row == NULL && !same_run(&s, &d))
                            fail("default differs with no deviation row", enc,
                                 (enum mid)m, (enum end)e, os);
                        else if (row != NULL && print && !same_run(&s, &d))
                            printf("    %s %s, mid %s, end %s: default "
                                   "differs (%s)\n",
                                   enc ? "seal" : (right ? "open" : "forge"),
                                   os ? "EVP_Cipher" : "update",
                                   mid_names[m], end_names[e], row);
                    }
}

/* AAD after data, and 0 bytes through EVP_Cipher with a TLS 1.2 record
 * pending: refused by simd everywhere. */
static void check_refusals(const EVP_CIPHER *simd, const EVP_CIPHER *deflt)
{
    for (int i = 0; i < 2; i++) {
        const EVP_CIPHER *c = i == 0 ? simd : deflt;
        EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
        uint8_t out[PT_LEN + 16], rec[13] = {0};
        int outl, r_aad, r_tls;

        /* AAD, data, AAD: the second AAD. */
        CU_ASSERT_FATAL(ctx != NULL);
        CU_ASSERT_FATAL(EVP_EncryptInit_ex2(ctx, c, key, nonce, NULL));
        CU_ASSERT(put_aad(ctx, aad, AAD_SPLIT));
        CU_ASSERT(EVP_EncryptUpdate(ctx, out, &outl, pt, PT_LEN) == 1);
        r_aad = EVP_EncryptUpdate(ctx, NULL, &outl, aad, 3);
        if (i == 0) {
            CU_ASSERT_EQUAL(r_aad, 0);
            CU_ASSERT_EQUAL(tu_errors_matching("AAD after data"), 1);
        } else if (!dev_applies("aead-aad-after-data")) {
            CU_ASSERT_EQUAL(r_aad, 0);
        }
        ERR_clear_error();
        /* A TLS 1.2 record of 20 bytes is announced; 0 bytes come. */
        rec[12] = PT_LEN;
        CU_ASSERT_FATAL(EVP_EncryptInit_ex2(ctx, NULL, key, nonce, NULL));
        CU_ASSERT(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_TLS1_AAD, 13, rec) ==
                  16);
        r_tls = EVP_Cipher(ctx, out, pt, 0);
        if (i == 0 || !dev_applies("aead-oneshot-zero"))
            CU_ASSERT_EQUAL(r_tls, -1);
        ERR_clear_error();
        EVP_CIPHER_CTX_free(ctx);
    }
}

/* After EVP_Cipher(ctx, NULL, NULL, 0) a new IV starts a new message: the
 * RFC tag of that one. */
static void check_new_iv_after_end(const EVP_CIPHER *simd)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    uint8_t out[PT_LEN], tag[16], want_ct[PT_LEN], want_tag[16], n2[12];
    int outl;

    memcpy(n2, nonce, 12);
    n2[0] ^= 1;
    ref_aead_seal(want_ct, want_tag, key, n2, aad, AAD_LEN, pt, PT_LEN);
    CU_ASSERT_FATAL(ctx != NULL);
    CU_ASSERT_FATAL(EVP_EncryptInit_ex2(ctx, simd, key, nonce, NULL));
    CU_ASSERT(EVP_Cipher(ctx, NULL, aad, AAD_LEN) == AAD_LEN);
    CU_ASSERT(EVP_Cipher(ctx, NULL, NULL, 0) == 0);
    CU_ASSERT(EVP_Cipher(ctx, NULL, aad, 1) == -1);
    CU_ASSERT_EQUAL(tu_errors_matching("message ended"), 1);
    CU_ASSERT(EVP_EncryptInit_ex2(ctx, NULL, NULL, n2, NULL));
    CU_ASSERT(EVP_Cipher(ctx, NULL, aad, AAD_LEN) == AAD_LEN);
    CU_ASSERT(EVP_Cipher(ctx, out, pt, PT_LEN) == PT_LEN);
    CU_ASSERT(EVP_Cipher(ctx, NULL, NULL, 0) == 0);
    CU_ASSERT(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, tag) == 1);
    CU_ASSERT(memcmp(out, want_ct, PT_LEN) == 0);
    CU_ASSERT(memcmp(tag, want_tag, 16) == 0);
    (void)outl;
    EVP_CIPHER_CTX_free(ctx);
}

static void on_pair(tu_ctx *t, int print)
{
    EVP_CIPHER *c[2];

    tu_fetch_cipher_pair(t, "ChaCha20-Poly1305", c);
    check_all(c[0], c[1], print);
    check_refusals(c[0], c[1]);
    check_new_iv_after_end(c[0]);
    EVP_CIPHER_free(c[0]);
    EVP_CIPHER_free(c[1]);
}

/* As the module chose, with default's differences printed once. */
static void test_as_configured(void)
{
    tu_ctx t;

    printf("\n    OpenSSL %u.%u.%u\n", dev_release() / 10000,
           dev_release() / 100 % 100, dev_release() % 100);
    failures = 0;
    CU_ASSERT_FATAL(tu_ctx_open(&t, NULL));
    on_pair(&t, 1);
    tu_ctx_close(&t);
    CU_ASSERT_EQUAL(failures, 0);
}

static void on_kernels(tu_ctx *t, const char *what, void *arg)
{
    (void)what, (void)arg;
    on_pair(t, 0);
}

/* Every ChaCha20 and Poly1305 kernel (and stitched one) the CPU runs. */
static void test_every_kernel(void)
{
    failures = 0;
    tu_for_each_aead_kernels(0, on_kernels, NULL);
    CU_ASSERT_EQUAL(failures, 0);
}

int main(void)
{
    static const tu_test tests[] = {
        {"RFC 8439 tags for zero-length calls between AAD fragments, "
         "every end",
         test_as_configured},
        {"the same on every kernel pair", test_every_kernel},
        {NULL, NULL},
    };

    for (int i = 0; i < 32; i++)
        key[i] = (uint8_t)(0x80 + i);
    for (int i = 0; i < 12; i++)
        nonce[i] = (uint8_t)i;
    for (int i = 0; i < AAD_LEN; i++)
        aad[i] = (uint8_t)(0x50 + i);
    for (int i = 0; i < PT_LEN; i++)
        pt[i] = (uint8_t)(3 * i);
    return tu_main("aead_sequences", tests);
}
