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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>

#include "aead_flows.h"
#include "aead_model.h"
#include "deviations.h"
#include "lockstep.h"
#include "testutil.h"

typedef struct {
    ls_pair ls;    /* the two contexts (lockstep.h) */
    int enc;
    aead_model m;  /* what simd must do (aead_model.h) */
    int detached;  /* a deviations row applied: default not compared */
    int tag_apart; /* since then: the tags held differ (they outlive inits) */
} pair;

/* Default is compared only while no deviation row has applied. */
static void expect_default(const pair *p, int s, int d, const char *what)
{
    if (!p->detached)
        ls_expect_same(s, d, what);
}

/* A call a deviations row covers on this release: default's message is
 * no longer the oracle (until an init with an IV). */
static void deviation(pair *p, const char *row)
{
    if (!p->detached && dev_applies(row)) {
        ls_note("[%s: default not compared]", row);
        p->detached = p->tag_apart = 1;
    }
}

/* --- Operations on both providers --- */

size_t biased_len(void)
{
    return tu_biased_len(64, LS_MAX_LEN, 300, 17000, LS_MAX_LEN);
}
static void op_init(pair *p)
{
    uint8_t key[32], iv[12];
    int which = p->ls.started ? (int)tu_rand_below(4) : (int)tu_rand_below(6);
    int has_key = which == 0 || which == 1 || which >= 4;
    int has_iv = which == 0 || which == 2 || which == 4;
    int enc = tu_rand_below(3) ? p->enc : (int)tu_rand_below(2);
    int r[2];

    tu_rand_bytes(key, 32);
    tu_rand_bytes(iv, 12);
    ls_note("init key=%d iv=%d enc=%d", has_key, has_iv, enc);
    for (int i = 0; i < 2; i++)
        r[i] = EVP_CipherInit_ex2(p->ls.ctx[i],
                                  p->ls.started ? NULL : p->ls.cipher[i],
                                  has_key ? key : NULL, has_iv ? iv : NULL,
                                  enc, NULL);
    p->ls.started = 1;
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

    ls_random_lens(len, pieces, &n, 8);
    tu_rand_bytes(ls_in, len);
    ls_note("aad len=%zu pieces=%zu%s", len, n, one_shot ? " EVP_Cipher" : "");
    for (size_t k = 0; k < n; k++) {
        int r[2], outl[2] = {-1, -1};
        int refused = pieces[k] > 0 && am_refuses_aad(&p->m);

        if (one_shot && pieces[k] == 0)
            empty_one_shot(p);
        for (int i = 0; i < 2; i++) {
            r[i] = one_shot ? EVP_Cipher(p->ls.ctx[i], NULL, ls_in + off,
                                         (unsigned int)pieces[k])
                            : EVP_CipherUpdate(p->ls.ctx[i], NULL, &outl[i],
                                               ls_in + off, (int)pieces[k]);
            /* simd names the refusal; 3.0's default absorbed such AAD. */
            if (i == 0 && tu_errors_matching("AAD after data") > 0)
                deviation(p, "aead-aad-after-data");
        }
        expect_default(p, r[0], r[1], "aad return");
        expect_default(p, outl[0], outl[1], "aad outl");
        /* The model's refusals hold whatever default does. */
        if (refused && r[0] == (one_shot ? (int)pieces[k] : 1))
            ls_mismatch("aad accepted after data or an EVP_Cipher final");
        if (pieces[k] > 0 && r[0] == (one_shot ? (int)pieces[k] : 1))
            am_aad(&p->m, ls_in + off, pieces[k]);
        off += pieces[k];
    }
    ERR_clear_error();
}

/*
 * simd's data pieces against the model: each accepted piece's output is
 * the reference keystream at the message's offset (known models), a
 * piece after an EVP_Cipher final is refused. The input was ls_in + in_off
 * (copied first when in place).
 */
static void model_data(pair *p, const size_t *pieces, size_t n,
                       const int *ret, int one_shot, size_t in_off,
                       const uint8_t *out)
{
    static uint8_t want[LS_MAX_LEN];
    const uint8_t *in = ls_in + in_off;

    for (size_t k = 0; k < n; k++) {
        int accepted = ret[k] == (one_shot ? (int)pieces[k] : 1);

        if (pieces[k] > 0 && am_refuses_input(&p->m) && accepted)
            ls_mismatch("data accepted after an EVP_Cipher final");
        if (pieces[k] > 0 && accepted) {
            int known = p->m.known;

            am_data_want(&p->m, in, pieces[k], want);
            if (known && memcmp(want, out, pieces[k]) != 0)
                ls_mismatch("data output is not the reference's");
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
    size_t in_off = tu_rand_below(LS_SLACK), out_off = tu_rand_below(LS_SLACK);
    size_t pieces[12], n;

    ls_random_lens(len, pieces, &n, 12);
    ls_note("data len=%zu pieces=%zu in_place=%d%s", len, n, in_place,
            one_shot ? " EVP_Cipher" : "");
    tu_rand_bytes(ls_in + in_off, len);
    int r[2][12], outl[2][12];

    /* Same starting bytes on both sides: a piece refused on both leaves
     * them, and earlier uncompared calls may have left them different. */
    memset(ls_out[0], 0, LS_MAX_LEN + 2 * LS_SLACK + 32);
    memset(ls_out[1], 0, LS_MAX_LEN + 2 * LS_SLACK + 32);

    for (int i = 0; i < 2; i++) {
        const uint8_t *src = ls_in + in_off;
        uint8_t *dst = ls_out[i] + (in_place ? in_off : out_off);

        if (in_place) {
            memcpy(dst, src, len);
            src = dst;
        }
        for (size_t k = 0; k < n; k++) {
            outl[i][k] = -1;
            if (i == 0 && one_shot && pieces[k] == 0)
                empty_one_shot(p);
            if (one_shot) {
                r[i][k] = EVP_Cipher(p->ls.ctx[i], dst, src,
                                     (unsigned int)pieces[k]);
                outl[i][k] = r[i][k];
            } else {
                r[i][k] = EVP_CipherUpdate(p->ls.ctx[i], dst, &outl[i][k], src,
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
        ls_compare(ls_out[0] + (in_place ? in_off : out_off),
                      ls_out[1] + (in_place ? in_off : out_off), len,
                      "data output");
    model_data(p, pieces, n, r[0], one_shot, in_off,
               ls_out[0] + (in_place ? in_off : out_off));
    ERR_clear_error();
}

/* A final's outcome on simd against the model (am_judge_final): `ok` is
 * what simd returns for success. */
static void model_final(pair *p, int ret, int ok, int by_cipher)
{
    uint8_t got[16];
    int have = p->enc && ret == ok &&
               EVP_CIPHER_CTX_ctrl(p->ls.ctx[0], EVP_CTRL_AEAD_GET_TAG, 16,
                                   got) == 1;
    const char *wrong = am_judge_final(&p->m, p->enc, by_cipher, ret == ok,
                                       have ? got : NULL);

    if (wrong != NULL)
        ls_mismatch(wrong);
    ERR_clear_error();
}

static void op_final(pair *p)
{
    int outl[2] = {-1, -1}, r[2];

    ls_note("final");
    for (int i = 0; i < 2; i++)
        r[i] = EVP_CipherFinal_ex(p->ls.ctx[i], ls_out[i], &outl[i]);
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

    ls_note("EVP_Cipher NULL NULL 0");
    deviation(p, "aead-oneshot-zero");
    deviation(p, "aead-final-mid-aad");
    for (int i = 0; i < 2; i++)
        r[i] = EVP_Cipher(p->ls.ctx[i], NULL, NULL, 0);
    expect_default(p, r[0], r[1], "EVP_Cipher NULL return");
    model_final(p, r[0], 0, 1);
    ERR_clear_error();
}

static void op_get_tag(pair *p)
{
    int len = (int)tu_rand_below(19);
    uint8_t tag[2][20];
    int r[2];

    ls_note("get tag %d", len);
    memset(tag, 0xa5, sizeof(tag));
    for (int i = 0; i < 2; i++)
        r[i] = EVP_CIPHER_CTX_ctrl(p->ls.ctx[i], EVP_CTRL_AEAD_GET_TAG, len,
                                   tag[i]);
    expect_default(p, r[0], r[1], "get tag return");
    if (!p->detached && !p->tag_apart)
        ls_compare(tag[0], tag[1], sizeof(tag[0]), "get tag bytes");
    ERR_clear_error();
}

static void op_set_tag(pair *p)
{
    int len = (int)tu_rand_below(19);
    int with_data = tu_rand_below(3) != 0;
    uint8_t tag[20];
    int r[2];

    tu_rand_bytes(tag, sizeof(tag));
    ls_note("set tag %d data=%d", len, with_data);
    for (int i = 0; i < 2; i++)
        r[i] = EVP_CIPHER_CTX_ctrl(p->ls.ctx[i], EVP_CTRL_AEAD_SET_TAG, len,
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

    ls_note("set ivlen %d", len);
    for (int i = 0; i < 2; i++)
        r[i] = EVP_CIPHER_CTX_ctrl(p->ls.ctx[i], EVP_CTRL_AEAD_SET_IVLEN, len,
                                   NULL);
    expect_default(p, r[0], r[1], "set ivlen return");
    for (int i = 0; i < 2; i++)
        r[i] = EVP_CIPHER_CTX_get_iv_length(p->ls.ctx[i]);
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
    ls_note("tlsaad len=%d rec=%zu", len, rec);
    for (int i = 0; i < 2; i++)
        r[i] = EVP_CIPHER_CTX_ctrl(p->ls.ctx[i], EVP_CTRL_AEAD_TLS1_AAD, len,
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
    ls_note("tlsivfixed len=%d", len);
    for (int i = 0; i < 2; i++)
        r[i] = EVP_CIPHER_CTX_ctrl(p->ls.ctx[i], EVP_CTRL_AEAD_SET_IV_FIXED,
                                   len, iv);
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

    ls_note("params tls-version tls-mac-size keylen=%zu", keylen);
    for (int i = 0; i < 2; i++) {
        OSSL_PARAM ps[] = {
            OSSL_PARAM_uint(OSSL_CIPHER_PARAM_TLS_VERSION, &version),
            OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_TLS_MAC_SIZE, &macsize),
            OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, &keylen),
            OSSL_PARAM_END};

        r[i] = EVP_CIPHER_CTX_set_params(p->ls.ctx[i], ps);
    }
    expect_default(p, r[0], r[1], "unknown params return");
    ERR_clear_error();
}

/* The operations of a script through the runner, which hands them the
 * pair as its first member. */
#define SCRIPT_OP(op)                                                          \
    static void op##_ls(ls_pair *lp)                                           \
    {                                                                          \
        op((pair *)lp);                                                        \
    }
SCRIPT_OP(op_init)
SCRIPT_OP(op_aad)
SCRIPT_OP(op_final)
SCRIPT_OP(op_get_tag)
SCRIPT_OP(op_set_tag)
SCRIPT_OP(op_tls_aad)
SCRIPT_OP(op_tls_iv_fixed)
SCRIPT_OP(op_ivlen)
SCRIPT_OP(op_unknown_params)
SCRIPT_OP(op_cipher_null)
SCRIPT_OP(op_data)

/* A case starts in a random direction with the model at a new message. */
static void script_begin(ls_pair *lp)
{
    pair *p = (pair *)lp;

    p->enc = (int)tu_rand_below(2);
    am_new(&p->m);
}

/* And ends with a final and the tag. */
static void script_end(ls_pair *lp)
{
    pair *p = (pair *)lp;

    op_final(p);
    op_get_tag(p);
    am_free(&p->m);
}

/* The operations of a script and how often each is drawn. */
static const ls_op script_ops[] = {
    {op_init_ls, 2},     {op_aad_ls, 3},          {op_final_ls, 2},
    {op_get_tag_ls, 1},  {op_set_tag_ls, 1},      {ls_op_copy, 1},
    {op_tls_aad_ls, 1},  {op_tls_iv_fixed_ls, 1}, {op_ivlen_ls, 1},
    {op_unknown_params_ls, 1}, {op_cipher_null_ls, 1}, {op_data_ls, 5},
};
static const ls_script script = {
    .size = sizeof(pair),
    .begin = script_begin,
    .init = op_init_ls,
    .min_ops = 3,
    .more_ops = 12,
    .ops = script_ops,
    .nops = SIMD_COUNT(script_ops),
    .end = script_end,
};

static void run_scripts(const EVP_CIPHER *simd, const EVP_CIPHER *deflt,
                        size_t cases)
{
    pair p;

    ls_run_scripts(&p.ls, &script, simd, deflt, cases);
}

/* --- Drivers --- */

static void all_checks(tu_ctx *t, const char *what, size_t scale)
{
    EVP_CIPHER *c[2];

    ls_mismatches = 0;
    tu_fetch_cipher_pair(t, "ChaCha20-Poly1305", c);
    for (size_t v = 0; v < n_aead_vectors; v++) {
        CU_ASSERT(vector_on(c[1], &aead_vectors[v])); /* the vector is right */
        CU_ASSERT(vector_on(c[0], &aead_vectors[v]));
    }
    run_round_trips((const EVP_CIPHER *const *)c, tu_scaled(200 * scale, 10));
    run_tls13((const EVP_CIPHER *const *)c, tu_scaled(100 * scale, 12));
    run_tls12((const EVP_CIPHER *const *)c, tu_scaled(200 * scale, 12));
    run_scripts(c[0], c[1], tu_scaled(600 * scale, 15));
    if (ls_mismatches)
        fprintf(stderr, "  %s: %d mismatches\n", what, ls_mismatches);
    CU_ASSERT_EQUAL(ls_mismatches, 0);
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

    if (!ls_buffers(32))
        return 2;
    return tu_main("chacha20_poly1305", tests);
}
