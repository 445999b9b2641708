/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20-Poly1305 through EVP, simd against OpenSSL's default provider
 * (the oracle), for every ChaCha20 kernel and every Poly1305 kernel this CPU
 * runs. Every operation runs on both providers in lock step and every
 * outcome is compared: return codes, lengths, outputs, tags.
 *
 * - The RFC 8439 vectors (2.8.2, A.5), sealed and opened.
 * - Round trips: seal, then open with nothing changed (opens), or one bit
 *   of the tag, the ciphertext or the AAD flipped, or a truncated tag
 *   (final fails on both, exactly where it should).
 * - TLS 1.3 records: one key, IV-only re-init per record, AAD, data, final,
 *   get/set tag; TLS 1.2 records through tlsaad/tlsivfixed, one in-place
 *   call over payload || tag, good and bad records, EVP_Cipher too.
 * - Random scripts: inits of every kind, AAD and data in random splits, in
 *   place and misaligned, EVP_Cipher (AAD, data, NULL/NULL/0), finals,
 *   tags of every length, tlsaad with good and bad lengths, unknown
 *   parameters, copies mid-stream, direction switches.
 *
 * In the scripts the bytes are judged twice: simd's data output and tags
 * against the whole-message reference (aead_model.h) wherever the model
 * can follow the message, and against default. Where a row of the
 * deviations table (docs/deviations.md) covers a call on the running
 * release, default stops being compared from that call until the next
 * init with an IV resets both messages; simd is still held to the
 * model (and to the refusals it predicts) throughout.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>

#include "aead_model.h"
#include "deviations.h"
#include "testutil.h"

#define MAX_LEN 70000
#define SLACK 64

typedef struct {
    EVP_CIPHER_CTX *ctx[2]; /* [0] simd, [1] default */
    const EVP_CIPHER *cipher[2];
    int started, enc;
    aead_model m;  /* what simd must do (aead_model.h) */
    int detached;  /* a deviations row applied: default not compared */
    int tag_apart; /* since then: the tags held differ (they outlive inits) */
} pair;

static uint8_t *inbuf, *outbuf[2];
static int mismatches;
static char history[2048]; /* the current case's script, for messages */

static void note_op(const char *fmt, ...)
{
    size_t used = strlen(history);
    va_list ap;

    if (used + 40 > sizeof(history))
        return;
    if (used > 0)
        strcpy(history + used, "; "), used += 2;
    va_start(ap, fmt);
    vsnprintf(history + used, sizeof(history) - used, fmt, ap);
    va_end(ap);
}

static void mismatch(const char *what)
{
    if (mismatches++ < 10)
        fprintf(stderr, "\n  mismatch in %s; script: %s\n", what, history);
}

static void expect_same(int a, int b, const char *what)
{
    if (a != b)
        mismatch(what);
}

static void compare_bytes(const uint8_t *a, const uint8_t *b, size_t n,
                          const char *what)
{
    if (memcmp(a, b, n) != 0)
        mismatch(what);
}

/* Default is compared only while no deviation row has applied. */
static void expect_default(const pair *p, int s, int d, const char *what)
{
    if (!p->detached)
        expect_same(s, d, what);
}

/* A call a deviations row covers on this release: default's message is
 * no longer the oracle (until an init with an IV). */
static void deviation(pair *p, const char *row)
{
    if (!p->detached && dev_applies(row)) {
        note_op("[%s: default not compared]", row);
        p->detached = p->tag_apart = 1;
    }
}

/* --- Known answers --- */

typedef struct {
    const char *origin, *key, *nonce, *aad, *plain_hex, *cipher, *tag;
} aead_vector;

static const aead_vector vectors[] = {
    {"RFC 8439 2.8.2",
     "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
     "070000004041424344454647", "50515253c0c1c2c3c4c5c6c7",
     /* "Ladies and Gentlemen of the class of '99: ..." */
     "4c616469657320616e642047656e746c656d656e206f662074686520636c6173"
     "73206f66202739393a204966204920636f756c64206f6666657220796f75206f"
     "6e6c79206f6e652074697020666f7220746865206675747572652c2073756e73"
     "637265656e20776f756c642062652069742e",
     "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
     "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
     "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
     "3ff4def08e4b7a9de576d26586cec64b6116",
     "1ae10b594f09e26a7e902ecbd0600691"},
    {"RFC 8439 A.5",
     "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
     "000000000102030405060708", "f33388860000000000004e91",
     /* "Internet-Drafts are draft documents valid for ..." */
     "496e7465726e65742d4472616674732061726520647261667420646f63756d65"
     "6e74732076616c696420666f722061206d6178696d756d206f6620736978206d"
     "6f6e74687320616e64206d617920626520757064617465642c207265706c6163"
     "65642c206f72206f62736f6c65746564206279206f7468657220646f63756d65"
     "6e747320617420616e792074696d652e20497420697320696e617070726f7072"
     "6961746520746f2075736520496e7465726e65742d4472616674732061732072"
     "65666572656e6365206d6174657269616c206f7220746f206369746520746865"
     "6d206f74686572207468616e206173202fe2809c776f726b20696e2070726f67"
     "726573732e2fe2809d",
     "64a0861575861af460f062c79be643bd5e805cfd345cf389f108670ac76c8cb2"
     "4c6cfc18755d43eea09ee94e382d26b0bdb7b73c321b0100d4f03b7f355894cf"
     "332f830e710b97ce98c8a84abd0b948114ad176e008d33bd60f982b1ff37c855"
     "9797a06ef4f0ef61c186324e2b3506383606907b6a7c02b0f9f6157b53c867e4"
     "b9166c767b804d46a59b5216cde7a4e99040c5a40433225ee282a1b0a06c523e"
     "af4534d7f83fa1155b0047718cbc546a0d072b04b3564eea1b422273f548271a"
     "0bb2316053fa76991955ebd63159434ecebb4e466dae5a1073a6727627097a10"
     "49e617d91d361094fa68f0ff77987130305beaba2eda04df997b714d6c6f2c29"
     "a6ad5cb4022b02709b",
     "eead9d67890cbb22392336fea1851f38"},
};

/* Seals and opens one vector on one cipher; returns 1 when both match. */
static int vector_on(const EVP_CIPHER *c, const aead_vector *v)
{
    uint8_t key[32], nonce[12], aad[32], pt[300], ct[300], tag[16], got[300],
        gtag[16];
    size_t aadl = tu_unhex(v->aad, aad, sizeof(aad));
    size_t ptl = tu_unhex(v->plain_hex, pt, sizeof(pt));
    size_t ctl = tu_unhex(v->cipher, ct, sizeof(ct));
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int outl, fl, ok;

    tu_unhex(v->key, key, 32);
    tu_unhex(v->nonce, nonce, 12);
    tu_unhex(v->tag, tag, 16);
    ok = ctx != NULL && ptl == ctl &&
         EVP_EncryptInit_ex2(ctx, c, key, nonce, NULL) &&
         EVP_EncryptUpdate(ctx, NULL, &outl, aad, (int)aadl) &&
         EVP_EncryptUpdate(ctx, got, &outl, pt, (int)ptl) &&
         EVP_EncryptFinal_ex(ctx, got + outl, &fl) &&
         EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, gtag) == 1 &&
         memcmp(got, ct, ctl) == 0 && memcmp(gtag, tag, 16) == 0;
    /* Open in place, the AAD in two pieces. */
    memcpy(got, ct, ctl);
    ok = ok && EVP_DecryptInit_ex2(ctx, NULL, key, nonce, NULL) &&
         EVP_DecryptUpdate(ctx, NULL, &outl, aad, 5) &&
         EVP_DecryptUpdate(ctx, NULL, &outl, aad + 5, (int)aadl - 5) &&
         EVP_DecryptUpdate(ctx, got, &outl, got, (int)ctl) &&
         EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, 16, tag) == 1 &&
         EVP_DecryptFinal_ex(ctx, got + outl, &fl) &&
         memcmp(got, pt, ptl) == 0;
    EVP_CIPHER_CTX_free(ctx);
    return ok;
}

/* --- Operations on both providers --- */

static void random_lens(size_t total, size_t pieces[], size_t *npieces,
                        size_t max)
{
    size_t done = 0, n = 0;

    while (done < total && n + 1 < max) {
        size_t piece = tu_rand_below(2) ? tu_rand_below(total - done + 1)
                                        : total - done;

        pieces[n++] = piece;
        done += piece;
    }
    if (done < total || n == 0)
        pieces[n++] = total - done;
    *npieces = n;
}

static size_t biased_len(void)
{
    switch (tu_rand_below(5)) {
    case 0: {
        size_t k = tu_rand_below(MAX_LEN / 64);

        return k * 64 + tu_rand_below(3) - (k > 0);
    }
    case 1:
    case 2:
        return tu_rand_below(300);
    case 3:
        return tu_rand_below(17000);
    default:
        return tu_rand_below(MAX_LEN + 1);
    }
}

static void op_init(pair *p)
{
    uint8_t key[32], iv[12];
    int which = p->started ? (int)tu_rand_below(4) : (int)tu_rand_below(6);
    int has_key = which == 0 || which == 1 || which >= 4;
    int has_iv = which == 0 || which == 2 || which == 4;
    int enc = tu_rand_below(3) ? p->enc : (int)tu_rand_below(2);
    int r[2];

    tu_rand_bytes(key, 32);
    tu_rand_bytes(iv, 12);
    note_op("init key=%d iv=%d enc=%d", has_key, has_iv, enc);
    for (int i = 0; i < 2; i++)
        r[i] = EVP_CipherInit_ex2(p->ctx[i], p->started ? NULL : p->cipher[i],
                                  has_key ? key : NULL, has_iv ? iv : NULL,
                                  enc, NULL);
    p->started = 1;
    p->enc = enc;
    expect_default(p, r[0], r[1], "init return");
    if (r[0])
        am_init(&p->m, has_key ? key : NULL, has_iv ? iv : NULL);
    /* A new IV restarts both messages on every release (a key alone does
     * not lift 4.0's refusal after a final). */
    if (r[0] && r[1] && has_iv)
        p->detached = 0;
    ERR_clear_error();
}

/* EVP_Cipher of 0 bytes: 3.0.22+ start the data there (the AAD padded
 * early, openssl#32752), older releases return at once whatever the
 * state (CVE-2026-75803); simd does neither (docs/deviations.md). */
static void empty_one_shot(pair *p)
{
    deviation(p, "aead-zero-len-mid-aad");
    deviation(p, "aead-oneshot-zero");
}

/* AAD (out == NULL) in random pieces, through update or EVP_Cipher. */
static void op_aad(pair *p)
{
    size_t len = tu_rand_below(4) ? tu_rand_below(40) : tu_rand_below(3000);
    size_t pieces[8], n, off = 0;
    int one_shot = tu_rand_below(4) == 0;

    random_lens(len, pieces, &n, 8);
    tu_rand_bytes(inbuf, len);
    note_op("aad len=%zu pieces=%zu%s", len, n, one_shot ? " EVP_Cipher" : "");
    for (size_t k = 0; k < n; k++) {
        int r[2], outl[2] = {-1, -1};
        int refused = pieces[k] > 0 && am_refuses_aad(&p->m);

        if (one_shot && pieces[k] == 0)
            empty_one_shot(p);
        for (int i = 0; i < 2; i++) {
            r[i] = one_shot ? EVP_Cipher(p->ctx[i], NULL, inbuf + off,
                                         (unsigned int)pieces[k])
                            : EVP_CipherUpdate(p->ctx[i], NULL, &outl[i],
                                               inbuf + off, (int)pieces[k]);
            /* simd names the refusal; 3.0's default absorbed such AAD. */
            if (i == 0 && tu_errors_matching("AAD after data") > 0)
                deviation(p, "aead-aad-after-data");
        }
        expect_default(p, r[0], r[1], "aad return");
        expect_default(p, outl[0], outl[1], "aad outl");
        /* The model's refusals hold whatever default does. */
        if (refused && r[0] == (one_shot ? (int)pieces[k] : 1))
            mismatch("aad accepted after data or an EVP_Cipher final");
        if (pieces[k] > 0 && r[0] == (one_shot ? (int)pieces[k] : 1))
            am_aad(&p->m, inbuf + off, pieces[k]);
        off += pieces[k];
    }
    ERR_clear_error();
}

/*
 * simd's data pieces against the model: each accepted piece's output is
 * the reference keystream at the message's offset (known models), a
 * piece after an EVP_Cipher final is refused. The input was inbuf + in_off
 * (copied first when in place).
 */
static void model_data(pair *p, const size_t *pieces, size_t n,
                       const int *ret, int one_shot, size_t in_off,
                       const uint8_t *out)
{
    static uint8_t want[MAX_LEN];
    const uint8_t *in = inbuf + in_off;

    for (size_t k = 0; k < n; k++) {
        int accepted = ret[k] == (one_shot ? (int)pieces[k] : 1);

        if (pieces[k] > 0 && am_refuses_input(&p->m) && accepted)
            mismatch("data accepted after an EVP_Cipher final");
        if (pieces[k] > 0 && accepted) {
            int known = p->m.known;

            am_data_want(&p->m, in, pieces[k], want);
            if (known && memcmp(want, out, pieces[k]) != 0)
                mismatch("data output is not the reference's");
            am_data(&p->m, p->enc ? out : in, pieces[k]);
        }
        in += pieces[k];
        out += pieces[k];
    }
}

/* Data in random pieces: separate, misaligned or in-place buffers. */
static void op_data(pair *p)
{
    size_t len = biased_len();
    int in_place = tu_rand_below(3) == 0;
    int one_shot = tu_rand_below(5) == 0;
    size_t in_off = tu_rand_below(SLACK), out_off = tu_rand_below(SLACK);
    size_t pieces[12], n;

    random_lens(len, pieces, &n, 12);
    note_op("data len=%zu pieces=%zu in_place=%d%s", len, n, in_place,
            one_shot ? " EVP_Cipher" : "");
    tu_rand_bytes(inbuf + in_off, len);
    int r[2][12], outl[2][12];

    /* Same starting bytes on both sides: a piece refused on both leaves
     * them, and earlier uncompared calls may have left them different. */
    memset(outbuf[0], 0, MAX_LEN + 2 * SLACK + 32);
    memset(outbuf[1], 0, MAX_LEN + 2 * SLACK + 32);

    for (int i = 0; i < 2; i++) {
        const uint8_t *src = inbuf + in_off;
        uint8_t *dst = outbuf[i] + (in_place ? in_off : out_off);

        if (in_place) {
            memcpy(dst, src, len);
            src = dst;
        }
        for (size_t k = 0; k < n; k++) {
            outl[i][k] = -1;
            if (i == 0 && one_shot && pieces[k] == 0)
                empty_one_shot(p);
            if (one_shot) {
                r[i][k] = EVP_Cipher(p->ctx[i], dst, src,
                                     (unsigned int)pieces[k]);
                outl[i][k] = r[i][k];
            } else {
                r[i][k] = EVP_CipherUpdate(p->ctx[i], dst, &outl[i][k], src,
                                           (int)pieces[k]);
            }
            src += pieces[k];
            dst += pieces[k];
        }
    }
    for (size_t k = 0; k < n; k++) {
        expect_default(p, r[0][k], r[1][k], "data return");
        expect_default(p, outl[0][k], outl[1][k], "data outl");
    }
    if (!p->detached)
        compare_bytes(outbuf[0] + (in_place ? in_off : out_off),
                      outbuf[1] + (in_place ? in_off : out_off), len,
                      "data output");
    model_data(p, pieces, n, r[0], one_shot, in_off,
               outbuf[0] + (in_place ? in_off : out_off));
    ERR_clear_error();
}

/* A final's outcome on simd against the model (am_judge_final): `ok` is
 * what simd returns for success. */
static void model_final(pair *p, int ret, int ok, int by_cipher)
{
    uint8_t got[16];
    int have = p->enc && ret == ok &&
               EVP_CIPHER_CTX_ctrl(p->ctx[0], EVP_CTRL_AEAD_GET_TAG, 16,
                                   got) == 1;
    const char *wrong = am_judge_final(&p->m, p->enc, by_cipher, ret == ok,
                                       have ? got : NULL);

    if (wrong != NULL)
        mismatch(wrong);
    ERR_clear_error();
}

static void op_final(pair *p)
{
    int outl[2] = {-1, -1}, r[2];

    note_op("final");
    for (int i = 0; i < 2; i++)
        r[i] = EVP_CipherFinal_ex(p->ctx[i], outbuf[i], &outl[i]);
    /* An open's verdict compares the tag held, which may differ. */
    if (p->enc || !p->tag_apart) {
        expect_default(p, r[0], r[1], "final return");
        expect_default(p, outl[0], outl[1], "final outl");
    }
    if (!p->detached && p->enc && r[0] == 1 && r[1] == 1)
        p->tag_apart = 0; /* both hold the tag just made */
    model_final(p, r[0], 1, 0);
    ERR_clear_error();
}

/* EVP_Cipher(ctx, NULL, NULL, 0): the final (CVE-2026-75803), which ends
 * the message on simd; default differs on the releases the table lists. */
static void op_cipher_null(pair *p)
{
    int r[2];

    note_op("EVP_Cipher NULL NULL 0");
    deviation(p, "aead-oneshot-zero");
    deviation(p, "aead-final-mid-aad");
    for (int i = 0; i < 2; i++)
        r[i] = EVP_Cipher(p->ctx[i], NULL, NULL, 0);
    expect_default(p, r[0], r[1], "EVP_Cipher NULL return");
    model_final(p, r[0], 0, 1);
    ERR_clear_error();
}

static void op_get_tag(pair *p)
{
    int len = (int)tu_rand_below(19);
    uint8_t tag[2][20];
    int r[2];

    note_op("get tag %d", len);
    memset(tag, 0xa5, sizeof(tag));
    for (int i = 0; i < 2; i++)
        r[i] = EVP_CIPHER_CTX_ctrl(p->ctx[i], EVP_CTRL_AEAD_GET_TAG, len,
                                   tag[i]);
    expect_default(p, r[0], r[1], "get tag return");
    if (!p->detached && !p->tag_apart)
        compare_bytes(tag[0], tag[1], sizeof(tag[0]), "get tag bytes");
    ERR_clear_error();
}

static void op_set_tag(pair *p)
{
    int len = (int)tu_rand_below(19);
    int with_data = tu_rand_below(3) != 0;
    uint8_t tag[20];
    int r[2];

    tu_rand_bytes(tag, sizeof(tag));
    note_op("set tag %d data=%d", len, with_data);
    for (int i = 0; i < 2; i++)
        r[i] = EVP_CIPHER_CTX_ctrl(p->ctx[i], EVP_CTRL_AEAD_SET_TAG, len,
                                   with_data ? tag : NULL);
    expect_default(p, r[0], r[1], "set tag return");
    if (r[0] == 1 && r[1] == 1 && with_data && len == 16)
        p->tag_apart = 0;
    if (r[0] == 1)
        am_set_tag(&p->m, with_data ? tag : NULL, (size_t)len);
    ERR_clear_error();
}

static void op_ivlen(pair *p)
{
    int len = tu_rand_below(2) ? 12 : (int)tu_rand_below(20);
    int r[2];

    note_op("set ivlen %d", len);
    for (int i = 0; i < 2; i++)
        r[i] = EVP_CIPHER_CTX_ctrl(p->ctx[i], EVP_CTRL_AEAD_SET_IVLEN, len,
                                   NULL);
    expect_default(p, r[0], r[1], "set ivlen return");
    for (int i = 0; i < 2; i++)
        r[i] = EVP_CIPHER_CTX_get_iv_length(p->ctx[i]);
    expect_default(p, r[0], r[1], "iv length");
    ERR_clear_error();
}

/* tlsaad: usually 13 bytes with a record length that fits what follows. */
static void op_tls_aad(pair *p)
{
    uint8_t aad[16];
    int len = tu_rand_below(6) ? 13 : (int)tu_rand_below(17);
    size_t rec = tu_rand_below(3) ? tu_rand_below(400) : tu_rand_below(17000);
    int r[2];

    tu_rand_bytes(aad, sizeof(aad));
    aad[11] = (uint8_t)(rec >> 8);
    aad[12] = (uint8_t)rec;
    note_op("tlsaad len=%d rec=%zu", len, rec);
    for (int i = 0; i < 2; i++)
        r[i] = EVP_CIPHER_CTX_ctrl(p->ctx[i], EVP_CTRL_AEAD_TLS1_AAD, len,
                                   aad);
    expect_default(p, r[0], r[1], "tlsaad return");
    if (r[0] > 0)
        am_lose(&p->m, 1); /* a TLS 1.2 record: compared with default only */
    ERR_clear_error();
}

static void op_tls_iv_fixed(pair *p)
{
    uint8_t iv[16];
    int len = tu_rand_below(3) ? 12 : (int)tu_rand_below(17);
    int r[2];

    tu_rand_bytes(iv, sizeof(iv));
    note_op("tlsivfixed len=%d", len);
    for (int i = 0; i < 2; i++)
        r[i] = EVP_CIPHER_CTX_ctrl(p->ctx[i], EVP_CTRL_AEAD_SET_IV_FIXED, len,
                                   iv);
    expect_default(p, r[0], r[1], "tlsivfixed return");
    if (r[0] > 0)
        am_lose(&p->m, 0);
    ERR_clear_error();
}

/* Parameters the cipher does not use, as libssl sends them, sometimes with
 * a bad known value in the same call. */
static void op_unknown_params(pair *p)
{
    unsigned int version = 0x0303;
    size_t macsize = 0, keylen = tu_rand_below(3) ? 32 : 16;
    int r[2];

    note_op("params tls-version tls-mac-size keylen=%zu", keylen);
    for (int i = 0; i < 2; i++) {
        OSSL_PARAM ps[] = {
            OSSL_PARAM_uint(OSSL_CIPHER_PARAM_TLS_VERSION, &version),
            OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_TLS_MAC_SIZE, &macsize),
            OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, &keylen),
            OSSL_PARAM_END};

        r[i] = EVP_CIPHER_CTX_set_params(p->ctx[i], ps);
    }
    expect_default(p, r[0], r[1], "unknown params return");
    ERR_clear_error();
}

/* Copy mid-stream; the original is advanced and dropped. */
static void op_copy(pair *p)
{
    note_op("copy");
    for (int i = 0; i < 2; i++) {
        EVP_CIPHER_CTX *copy = EVP_CIPHER_CTX_new();
        int outl;

        if (copy == NULL || !EVP_CIPHER_CTX_copy(copy, p->ctx[i])) {
            mismatch("copy");
            EVP_CIPHER_CTX_free(copy);
            return;
        }
        if (p->started)
            EVP_CipherUpdate(p->ctx[i], outbuf[i], &outl, inbuf, 100);
        ERR_clear_error();
        EVP_CIPHER_CTX_free(p->ctx[i]);
        p->ctx[i] = copy;
    }
}

static void run_scripts(const EVP_CIPHER *simd, const EVP_CIPHER *deflt,
                        size_t cases)
{
    for (size_t c = 0; c < cases; c++) {
        pair p = {.ctx = {EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_new()},
                  .cipher = {simd, deflt},
                  .enc = (int)tu_rand_below(2)};
        size_t ops = 3 + tu_rand_below(12);

        history[0] = '\0';
        am_new(&p.m);
        CU_ASSERT_FATAL(p.ctx[0] != NULL && p.ctx[1] != NULL);
        op_init(&p);
        for (size_t o = 0; o < ops; o++) {
            switch (tu_rand_below(20)) {
            case 0:
            case 1:
                op_init(&p);
                break;
            case 2:
            case 3:
            case 4:
                op_aad(&p);
                break;
            case 5:
            case 6:
                op_final(&p);
                break;
            case 7:
                op_get_tag(&p);
                break;
            case 8:
                op_set_tag(&p);
                break;
            case 9:
                op_copy(&p);
                break;
            case 10:
                op_tls_aad(&p);
                break;
            case 11:
                op_tls_iv_fixed(&p);
                break;
            case 12:
                op_ivlen(&p);
                break;
            case 13:
                op_unknown_params(&p);
                break;
            case 14:
                op_cipher_null(&p);
                break;
            default:
                op_data(&p);
            }
        }
        op_final(&p);
        op_get_tag(&p);
        am_free(&p.m);
        EVP_CIPHER_CTX_free(p.ctx[0]);
        EVP_CIPHER_CTX_free(p.ctx[1]);
    }
}

/* --- Flows --- */

/* Seals on both (same bytes, same tag), then opens on both with one
 * change; opening must succeed exactly when nothing changed (a truncated
 * tag that is a prefix of the right one still opens, as in default). */
static void run_round_trips(const EVP_CIPHER *const c[2], size_t cases)
{
    for (size_t k = 0; k < cases; k++) {
        uint8_t key[32], iv[12], aad[64], tag[2][16];
        size_t aadl = tu_rand_below(sizeof(aad)), len = biased_len();
        int change = (int)tu_rand_below(5); /* none, tag, ct, aad, short tag */
        int taglen = change == 4 ? 1 + (int)tu_rand_below(15) : 16;
        int opened[2];

        history[0] = '\0';
        note_op("round trip aad=%zu len=%zu change=%d taglen=%d", aadl, len,
                change, taglen);
        tu_rand_bytes(key, 32);
        tu_rand_bytes(iv, 12);
        tu_rand_bytes(aad, aadl);
        tu_rand_bytes(inbuf, len);
        for (int i = 0; i < 2; i++) {
            EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
            int outl, fl;

            CU_ASSERT_FATAL(ctx != NULL);
            CU_ASSERT(EVP_EncryptInit_ex2(ctx, c[i], key, iv, NULL) &&
                      EVP_EncryptUpdate(ctx, NULL, &outl, aad, (int)aadl) &&
                      EVP_EncryptUpdate(ctx, outbuf[i], &outl, inbuf,
                                        (int)len) &&
                      EVP_EncryptFinal_ex(ctx, outbuf[i] + len, &fl) &&
                      EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16,
                                          tag[i]) == 1);
            EVP_CIPHER_CTX_free(ctx);
        }
        compare_bytes(outbuf[0], outbuf[1], len, "sealed bytes");
        compare_bytes(tag[0], tag[1], 16, "sealed tag");
        if (change == 1)
            tag[0][tu_rand_below(16)] ^= (uint8_t)(1u << tu_rand_below(8));
        if (change == 2 && len > 0)
            outbuf[0][tu_rand_below(len)] ^= (uint8_t)(1u << tu_rand_below(8));
        if (change == 3 && aadl > 0)
            aad[tu_rand_below(aadl)] ^= (uint8_t)(1u << tu_rand_below(8));
        memcpy(outbuf[1], outbuf[0], len);
        for (int i = 0; i < 2; i++) {
            EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
            int outl, fl;

            CU_ASSERT_FATAL(ctx != NULL);
            opened[i] =
                EVP_DecryptInit_ex2(ctx, c[i], key, iv, NULL) &&
                EVP_DecryptUpdate(ctx, NULL, &outl, aad, (int)aadl) &&
                EVP_DecryptUpdate(ctx, outbuf[i], &outl, outbuf[i],
                                  (int)len) &&
                EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, taglen,
                                    tag[0]) == 1 &&
                EVP_DecryptFinal_ex(ctx, outbuf[i] + len, &fl);
            EVP_CIPHER_CTX_free(ctx);
        }
        expect_same(opened[0], opened[1], "open outcome");
        if (opened[0] != ((change == 0 || change == 4) ||
                          (change == 2 && len == 0) ||
                          (change == 3 && aadl == 0)))
            mismatch("open should fail exactly when a bit changed");
        if (opened[0] && memcmp(outbuf[0], inbuf, len) != 0)
            mismatch("opened plaintext");
        compare_bytes(outbuf[0], outbuf[1], len, "opened bytes");
        ERR_clear_error();
    }
}

/* TLS 1.3: one key per connection, IV = static IV xor seq per record,
 * 5-byte record header as AAD, get tag / set tag. Both sides' records
 * cross over (simd seals, default opens and vice versa). */
static void run_tls13(const EVP_CIPHER *const c[2], size_t records)
{
    static const size_t sizes[] = {0, 1, 16, 64, 255, 256, 1350, 4096, 16384};
    uint8_t key[32], siv[12];
    EVP_CIPHER_CTX *seal[2], *open[2];

    history[0] = '\0';
    note_op("tls13");
    tu_rand_bytes(key, 32);
    tu_rand_bytes(siv, 12);
    for (int i = 0; i < 2; i++) {
        seal[i] = EVP_CIPHER_CTX_new();
        open[i] = EVP_CIPHER_CTX_new();
        CU_ASSERT_FATAL(seal[i] != NULL && open[i] != NULL);
        CU_ASSERT(EVP_CipherInit_ex2(seal[i], c[i], key, NULL, 1, NULL));
        CU_ASSERT(EVP_CipherInit_ex2(open[i], c[i], key, NULL, 0, NULL));
    }
    for (size_t seq = 0; seq < records; seq++) {
        size_t len = seq < SIMD_COUNT(sizes) ? sizes[seq] : biased_len();
        uint8_t iv[12], hdr[5] = {23, 3, 3, (uint8_t)((len + 16) >> 8),
                                  (uint8_t)(len + 16)};
        uint8_t tag[2][16];
        int bad = seq >= SIMD_COUNT(sizes) && tu_rand_below(4) == 0;

        memcpy(iv, siv, 12);
        for (int b = 0; b < 8; b++)
            iv[11 - b] ^= (uint8_t)(seq >> (8 * b));
        tu_rand_bytes(inbuf, len);
        for (int i = 0; i < 2; i++) {
            int outl, fl;

            CU_ASSERT(EVP_CipherInit_ex2(seal[i], NULL, NULL, iv, -1, NULL) &&
                      EVP_CipherUpdate(seal[i], NULL, &outl, hdr, 5) &&
                      EVP_CipherUpdate(seal[i], outbuf[i], &outl, inbuf,
                                       (int)len) &&
                      EVP_CipherFinal_ex(seal[i], outbuf[i] + len, &fl) &&
                      EVP_CIPHER_CTX_ctrl(seal[i], EVP_CTRL_AEAD_GET_TAG, 16,
                                          tag[i]) == 1);
        }
        compare_bytes(outbuf[0], outbuf[1], len, "tls13 record");
        compare_bytes(tag[0], tag[1], 16, "tls13 tag");
        if (bad)
            tag[0][seq % 16] ^= 0x80;
        memcpy(outbuf[1], outbuf[0], len);
        for (int i = 0; i < 2; i++) {
            int outl, fl, ok;

            /* simd opens default's record and default simd's. */
            ok = EVP_CipherInit_ex2(open[1 - i], NULL, NULL, iv, -1, NULL) &&
                 EVP_CipherUpdate(open[1 - i], NULL, &outl, hdr, 5) &&
                 EVP_CipherUpdate(open[1 - i], outbuf[i], &outl, outbuf[i],
                                  (int)len) &&
                 EVP_CIPHER_CTX_ctrl(open[1 - i], EVP_CTRL_AEAD_SET_TAG, 16,
                                     tag[0]) == 1 &&
                 EVP_CipherFinal_ex(open[1 - i], outbuf[i] + len, &fl);
            if (ok == bad)
                mismatch("tls13 open outcome");
            if (ok && memcmp(outbuf[i], inbuf, len) != 0)
                mismatch("tls13 opened bytes");
        }
        ERR_clear_error();
    }
    for (int i = 0; i < 2; i++) {
        EVP_CIPHER_CTX_free(seal[i]);
        EVP_CIPHER_CTX_free(open[i]);
    }
}

/* TLS 1.2 (RFC 7905) as libssl 3.0 drives it: key, tlsivfixed, then per
 * record tlsaad (13 bytes, returns 16) and one in-place call over
 * payload || tag (update, or EVP_Cipher). Bad records: a flipped bit
 * (the call fails and the output is wiped on both), a record shorter than
 * the tag (tlsaad refused), a call of the wrong length. */
static void run_tls12(const EVP_CIPHER *const c[2], size_t records)
{
    uint8_t key[32], fixed[12];
    EVP_CIPHER_CTX *seal[2], *open[2];

    history[0] = '\0';
    tu_rand_bytes(key, 32);
    tu_rand_bytes(fixed, 12);
    for (int i = 0; i < 2; i++) {
        seal[i] = EVP_CIPHER_CTX_new();
        open[i] = EVP_CIPHER_CTX_new();
        CU_ASSERT_FATAL(seal[i] != NULL && open[i] != NULL);
        CU_ASSERT(EVP_CipherInit_ex2(seal[i], c[i], key, NULL, 1, NULL));
        CU_ASSERT(EVP_CipherInit_ex2(open[i], c[i], key, NULL, 0, NULL));
        CU_ASSERT(EVP_CIPHER_CTX_ctrl(seal[i], EVP_CTRL_AEAD_SET_IV_FIXED, 12,
                                      fixed) == 1);
        CU_ASSERT(EVP_CIPHER_CTX_ctrl(open[i], EVP_CTRL_AEAD_SET_IV_FIXED, 12,
                                      fixed) == 1);
    }
    for (size_t seq = 0; seq < records; seq++) {
        size_t len = tu_rand_below(3) ? tu_rand_below(300)
                                      : tu_rand_below(16385);
        int kind = seq < 8 ? 0 : (int)tu_rand_below(6); /* 0-2 good, 3 bit,
                                                   4 short record, 5 length */
        int one_shot = (int)tu_rand_below(2);
        uint8_t aad[13], *rec[2];
        int r[2], outl[2] = {-1, -1};

        note_op("tls12 seq=%zu len=%zu kind=%d one_shot=%d", seq, len, kind,
                one_shot);
        for (int b = 0; b < 8; b++)
            aad[7 - b] = (uint8_t)(seq >> (8 * b));
        aad[8] = 23, aad[9] = 3, aad[10] = 3;
        aad[11] = (uint8_t)(len >> 8), aad[12] = (uint8_t)len;
        tu_rand_bytes(inbuf, len);
        for (int i = 0; i < 2; i++) {
            rec[i] = outbuf[i] + 1; /* misaligned on purpose */
            memcpy(rec[i], inbuf, len);
            r[i] = EVP_CIPHER_CTX_ctrl(seal[i], EVP_CTRL_AEAD_TLS1_AAD, 13,
                                       aad);
            expect_same(r[i], 16, "tls12 seal tlsaad");
            if (one_shot)
                outl[i] = EVP_Cipher(seal[i], rec[i], rec[i],
                                     (unsigned int)len + 16);
            else if (!EVP_CipherUpdate(seal[i], rec[i], &outl[i], rec[i],
                                       (int)len + 16))
                outl[i] = -2;
        }
        expect_same(outl[0], outl[1], "tls12 seal outl");
        expect_same(outl[0], (int)len + 16, "tls12 seal length");
        compare_bytes(rec[0], rec[1], len + 16, "tls12 sealed record");
        if (kind == 3)
            rec[0][tu_rand_below(len + 16)] ^= (uint8_t)(1u << tu_rand_below(8));
        memcpy(rec[1], rec[0], len + 16);
        {
            size_t reclen = kind == 4 ? tu_rand_below(16) : len + 16;
            size_t call = kind == 5 ? len + 16 + 1 - 2 * tu_rand_below(2)
                                    : len + 16;

            aad[11] = (uint8_t)(reclen >> 8), aad[12] = (uint8_t)reclen;
            for (int i = 0; i < 2; i++) {
                outl[i] = -1;
                r[i] = EVP_CIPHER_CTX_ctrl(open[i], EVP_CTRL_AEAD_TLS1_AAD, 13,
                                           aad);
                if (r[i] <= 0)
                    continue;
                if (one_shot)
                    outl[i] = EVP_Cipher(open[i], rec[i], rec[i],
                                         (unsigned int)call);
                else if (!EVP_CipherUpdate(open[i], rec[i], &outl[i], rec[i],
                                           (int)call))
                    outl[i] = -2;
            }
            expect_same(r[0], r[1], "tls12 open tlsaad");
            expect_same(outl[0], outl[1], "tls12 open outl");
            if (kind <= 2)
                expect_same(outl[0], (int)len, "tls12 good record opens");
            if (kind == 3)
                expect_same(outl[0] >= 0, 0, "tls12 bad record fails");
            compare_bytes(rec[0], rec[1], len + 16, "tls12 opened record");
            if (kind <= 2 && memcmp(rec[0], inbuf, len) != 0)
                mismatch("tls12 plaintext");
        }
        ERR_clear_error();
    }
    for (int i = 0; i < 2; i++) {
        EVP_CIPHER_CTX_free(seal[i]);
        EVP_CIPHER_CTX_free(open[i]);
    }
}

/* --- Drivers --- */

static void all_checks(tu_ctx *t, const char *what, size_t scale)
{
    EVP_CIPHER *c[2];

    mismatches = 0;
    tu_fetch_cipher_pair(t, "ChaCha20-Poly1305", c);
    for (size_t v = 0; v < SIMD_COUNT(vectors); v++) {
        CU_ASSERT(vector_on(c[1], &vectors[v])); /* the vector is right */
        CU_ASSERT(vector_on(c[0], &vectors[v]));
    }
    run_round_trips((const EVP_CIPHER *const *)c, tu_scaled(200 * scale, 10));
    run_tls13((const EVP_CIPHER *const *)c, tu_scaled(100 * scale, 12));
    run_tls12((const EVP_CIPHER *const *)c, tu_scaled(200 * scale, 12));
    run_scripts(c[0], c[1], tu_scaled(600 * scale, 15));
    if (mismatches)
        fprintf(stderr, "  %s: %d mismatches\n", what, mismatches);
    CU_ASSERT_EQUAL(mismatches, 0);
    EVP_CIPHER_free(c[0]);
    EVP_CIPHER_free(c[1]);
}

/* Every ChaCha20 kernel the CPU runs, each paired with a Poly1305 kernel
 * and a stitched ChaCha20-Poly1305 kernel in turn, until every one of
 * those has run too (a stitched kernel takes the whole blocks it can and
 * hands the state to the chosen ChaCha20 and Poly1305 kernels for the
 * rest; "portable" there means two passes). */
static void every_kernel_checks(tu_ctx *t, const char *what, void *arg)
{
    (void)arg;
    all_checks(t, what, 1);
}

static void test_every_kernel(void)
{
    tu_for_each_aead_kernels(0, every_kernel_checks, NULL);
}

/* With the override taken from the environment, as a user would run it. */
static void test_as_configured(void)
{
    tu_ctx t;

    CU_ASSERT_FATAL(tu_ctx_open(&t, NULL));
    all_checks(&t, "as configured", 1);
    tu_ctx_close(&t);
}

int main(void)
{
    static const tu_test tests[] = {
        {"simd == default, every kernel: vectors, round trips, TLS 1.3 and "
         "1.2 records, random scripts",
         test_every_kernel},
        {"simd == default, override from environment", test_as_configured},
        {NULL, NULL},
    };

    /* Zeroed: a call that fails on both sides leaves both outputs as they
     * were, and those bytes are compared too. */
    inbuf = calloc(1, MAX_LEN + 2 * SLACK);
    outbuf[0] = calloc(1, MAX_LEN + 2 * SLACK + 32);
    outbuf[1] = calloc(1, MAX_LEN + 2 * SLACK + 32);
    if (inbuf == NULL || outbuf[0] == NULL || outbuf[1] == NULL)
        return 2;
    return tu_main("chacha20_poly1305", tests);
}
