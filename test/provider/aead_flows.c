/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The fixed flows of the ChaCha20-Poly1305 suite (aead_flows.h), simd (c[0])
 * against default (c[1]) in lock step (lockstep.h): the RFC 8439 vectors,
 * round trips with one thing changed, TLS 1.3 and TLS 1.2 records.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>

#include "aead_flows.h"
#include "lockstep.h"
#include "testutil.h"

/* The RFC 8439 vectors: origin, key, nonce, AAD, plaintext, ciphertext
 * and tag, in hex. */
const aead_vector aead_vectors[] = {
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
const size_t n_aead_vectors = SIMD_COUNT(aead_vectors);

int vector_on(const EVP_CIPHER *c, const aead_vector *v)
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

/* Seals on both (same bytes, same tag), then opens on both with one
 * change; opening must succeed exactly when nothing changed (a truncated
 * tag that is a prefix of the right one still opens, as in default). */
void run_round_trips(const EVP_CIPHER *const c[2], size_t cases)
{
    for (size_t k = 0; k < cases; k++) {
        uint8_t key[32], iv[12], aad[64], tag[2][16];
        size_t aadl = tu_rand_below(sizeof(aad)), len = biased_len();
        int change = (int)tu_rand_below(5); /* none, tag, ct, aad, short tag */
        int taglen = change == 4 ? 1 + (int)tu_rand_below(15) : 16;
        int opened[2];

        ls_note_reset();
        ls_note("round trip aad=%zu len=%zu change=%d taglen=%d", aadl, len,
                change, taglen);
        tu_rand_bytes(key, 32);
        tu_rand_bytes(iv, 12);
        tu_rand_bytes(aad, aadl);
        tu_rand_bytes(ls_in, len);
        for (int i = 0; i < 2; i++) {
            EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
            int outl, fl;

            CU_ASSERT_FATAL(ctx != NULL);
            CU_ASSERT(EVP_EncryptInit_ex2(ctx, c[i], key, iv, NULL) &&
                      EVP_EncryptUpdate(ctx, NULL, &outl, aad, (int)aadl) &&
                      EVP_EncryptUpdate(ctx, ls_out[i], &outl, ls_in,
                                        (int)len) &&
                      EVP_EncryptFinal_ex(ctx, ls_out[i] + len, &fl) &&
                      EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16,
                                          tag[i]) == 1);
            EVP_CIPHER_CTX_free(ctx);
        }
        ls_compare(ls_out[0], ls_out[1], len, "sealed bytes");
        ls_compare(tag[0], tag[1], 16, "sealed tag");
        if (change == 1)
            tag[0][tu_rand_below(16)] ^= (uint8_t)(1u << tu_rand_below(8));
        if (change == 2 && len > 0)
            ls_out[0][tu_rand_below(len)] ^= (uint8_t)(1u << tu_rand_below(8));
        if (change == 3 && aadl > 0)
            aad[tu_rand_below(aadl)] ^= (uint8_t)(1u << tu_rand_below(8));
        memcpy(ls_out[1], ls_out[0], len);
        for (int i = 0; i < 2; i++) {
            EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
            int outl, fl;

            CU_ASSERT_FATAL(ctx != NULL);
            opened[i] =
                EVP_DecryptInit_ex2(ctx, c[i], key, iv, NULL) &&
                EVP_DecryptUpdate(ctx, NULL, &outl, aad, (int)aadl) &&
                EVP_DecryptUpdate(ctx, ls_out[i], &outl, ls_out[i],
                                  (int)len) &&
                EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, taglen,
                                    tag[0]) == 1 &&
                EVP_DecryptFinal_ex(ctx, ls_out[i] + len, &fl);
            EVP_CIPHER_CTX_free(ctx);
        }
        ls_expect_same(opened[0], opened[1], "open outcome");
        if (opened[0] != ((change == 0 || change == 4) ||
                          (change == 2 && len == 0) ||
                          (change == 3 && aadl == 0)))
            ls_mismatch("open should fail exactly when a bit changed");
        if (opened[0] && memcmp(ls_out[0], ls_in, len) != 0)
            ls_mismatch("opened plaintext");
        ls_compare(ls_out[0], ls_out[1], len, "opened bytes");
        ERR_clear_error();
    }
}

/* One connection's contexts on both sides: seal[i] and open[i] on c[i],
 * keyed with key, no IV yet. */
static void connection(const EVP_CIPHER *const c[2], const uint8_t key[32],
                       EVP_CIPHER_CTX *seal[2], EVP_CIPHER_CTX *open[2])
{
    for (int i = 0; i < 2; i++) {
        seal[i] = EVP_CIPHER_CTX_new();
        open[i] = EVP_CIPHER_CTX_new();
        CU_ASSERT_FATAL(seal[i] != NULL && open[i] != NULL);
        CU_ASSERT(EVP_CipherInit_ex2(seal[i], c[i], key, NULL, 1, NULL));
        CU_ASSERT(EVP_CipherInit_ex2(open[i], c[i], key, NULL, 0, NULL));
    }
}

/* TLS 1.3: one key per connection, IV = static IV xor seq per record,
 * 5-byte record header as AAD, get tag / set tag. Both sides' records
 * cross over (simd seals, default opens and vice versa). */
void run_tls13(const EVP_CIPHER *const c[2], size_t records)
{
    static const size_t sizes[] = {0, 1, 16, 64, 255, 256, 1350, 4096, 16384};
    uint8_t key[32], siv[12];
    EVP_CIPHER_CTX *seal[2], *open[2];

    ls_note_reset();
    ls_note("tls13");
    tu_rand_bytes(key, 32);
    tu_rand_bytes(siv, 12);
    connection(c, key, seal, open);
    for (size_t seq = 0; seq < records; seq++) {
        size_t len = seq < SIMD_COUNT(sizes) ? sizes[seq] : biased_len();
        uint8_t iv[12], hdr[5] = {23, 3, 3, (uint8_t)((len + 16) >> 8),
                                  (uint8_t)(len + 16)};
        uint8_t tag[2][16];
        int bad = seq >= SIMD_COUNT(sizes) && tu_rand_below(4) == 0;

        memcpy(iv, siv, 12);
        for (int b = 0; b < 8; b++)
            iv[11 - b] ^= (uint8_t)(seq >> (8 * b));
        tu_rand_bytes(ls_in, len);
        for (int i = 0; i < 2; i++) {
            int outl, fl;

            CU_ASSERT(EVP_CipherInit_ex2(seal[i], NULL, NULL, iv, -1, NULL) &&
                      EVP_CipherUpdate(seal[i], NULL, &outl, hdr, 5) &&
                      EVP_CipherUpdate(seal[i], ls_out[i], &outl, ls_in,
                                       (int)len) &&
                      EVP_CipherFinal_ex(seal[i], ls_out[i] + len, &fl) &&
                      EVP_CIPHER_CTX_ctrl(seal[i], EVP_CTRL_AEAD_GET_TAG, 16,
                                          tag[i]) == 1);
        }
        ls_compare(ls_out[0], ls_out[1], len, "tls13 record");
        ls_compare(tag[0], tag[1], 16, "tls13 tag");
        if (bad)
            tag[0][seq % 16] ^= 0x80;
        memcpy(ls_out[1], ls_out[0], len);
        for (int i = 0; i < 2; i++) {
            int outl, fl, ok;

            /* simd opens default's record and default simd's. */
            ok = EVP_CipherInit_ex2(open[1 - i], NULL, NULL, iv, -1, NULL) &&
                 EVP_CipherUpdate(open[1 - i], NULL, &outl, hdr, 5) &&
                 EVP_CipherUpdate(open[1 - i], ls_out[i], &outl, ls_out[i],
                                  (int)len) &&
                 EVP_CIPHER_CTX_ctrl(open[1 - i], EVP_CTRL_AEAD_SET_TAG, 16,
                                     tag[0]) == 1 &&
                 EVP_CipherFinal_ex(open[1 - i], ls_out[i] + len, &fl);
            if (ok == bad)
                ls_mismatch("tls13 open outcome");
            if (ok && memcmp(ls_out[i], ls_in, len) != 0)
                ls_mismatch("tls13 opened bytes");
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
void run_tls12(const EVP_CIPHER *const c[2], size_t records)
{
    uint8_t key[32], fixed[12];
    EVP_CIPHER_CTX *seal[2], *open[2];

    ls_note_reset();
    tu_rand_bytes(key, 32);
    tu_rand_bytes(fixed, 12);
    connection(c, key, seal, open);
    for (int i = 0; i < 2; i++) {
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

        ls_note("tls12 seq=%zu len=%zu kind=%d one_shot=%d", seq, len, kind,
                one_shot);
        for (int b = 0; b < 8; b++)
            aad[7 - b] = (uint8_t)(seq >> (8 * b));
        aad[8] = 23, aad[9] = 3, aad[10] = 3;
        aad[11] = (uint8_t)(len >> 8), aad[12] = (uint8_t)len;
        tu_rand_bytes(ls_in, len);
        for (int i = 0; i < 2; i++) {
            rec[i] = ls_out[i] + 1; /* misaligned on purpose */
            memcpy(rec[i], ls_in, len);
            r[i] = EVP_CIPHER_CTX_ctrl(seal[i], EVP_CTRL_AEAD_TLS1_AAD, 13,
                                       aad);
            ls_expect_same(r[i], 16, "tls12 seal tlsaad");
            if (one_shot)
                outl[i] = EVP_Cipher(seal[i], rec[i], rec[i],
                                     (unsigned int)len + 16);
            else if (!EVP_CipherUpdate(seal[i], rec[i], &outl[i], rec[i],
                                       (int)len + 16))
                outl[i] = -2;
        }
        ls_expect_same(outl[0], outl[1], "tls12 seal outl");
        ls_expect_same(outl[0], (int)len + 16, "tls12 seal length");
        ls_compare(rec[0], rec[1], len + 16, "tls12 sealed record");
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
            ls_expect_same(r[0], r[1], "tls12 open tlsaad");
            ls_expect_same(outl[0], outl[1], "tls12 open outl");
            if (kind <= 2)
                ls_expect_same(outl[0], (int)len, "tls12 good record opens");
            if (kind == 3)
                ls_expect_same(outl[0] >= 0, 0, "tls12 bad record fails");
            ls_compare(rec[0], rec[1], len + 16, "tls12 opened record");
            if (kind <= 2 && memcmp(rec[0], ls_in, len) != 0)
                ls_mismatch("tls12 plaintext");
        }
        ERR_clear_error();
    }
    for (int i = 0; i < 2; i++) {
        EVP_CIPHER_CTX_free(seal[i]);
        EVP_CIPHER_CTX_free(open[i]);
    }
}
