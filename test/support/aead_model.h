/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What simd's ChaCha20-Poly1305 must produce for a call sequence, from the
 * independent reference (ref8439.h): a model of the message so far (key,
 * nonce, the AAD and ciphertext as whole buffers) that the differential
 * tests and the fuzz harness advance with every call simd accepted. At a
 * final the expected tag is RFC 8439's over the concatenation; data output
 * is the reference keystream at the message's offset. It follows simd's
 * message rules, which are the same on every release: a message starts at
 * its first AAD, data or final after an init with a key or IV or after a
 * final; AAD after data and anything after EVP_Cipher(ctx, NULL, NULL, 0)
 * are refused. What the model cannot express (a TLS 1.2 record, a fixed IV
 * replaced mid-message) makes it unknown until the next init with an IV.
 */
#ifndef SIMDPROV_AEAD_MODEL_H
#define SIMDPROV_AEAD_MODEL_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint8_t key[32], nonce[12];
    int known;    /* the bytes below are exactly the message so far */
    int open;     /* a message has started and not yet ended */
    int has_data; /* data went into the open message */
    int ended;    /* EVP_Cipher's final ran: input refused until an IV/key */
    uint8_t tag[16]; /* the cipher's tag (SET_TAG's, or the last seal's) */
    size_t tag_len;  /* and SET_TAG's length, both kept across re-inits */
    int tag_known;   /* tag is what the cipher holds */
    uint8_t *aad, *ct;
    size_t aad_len, ct_len, aad_cap, ct_cap;
} aead_model;

/* A fresh context: all-zero key and nonce (what simd seals with before any
 * key), no message. am_free releases the buffers. */
void am_new(aead_model *m);
void am_free(aead_model *m);

/* An init that succeeded: key and/or iv (12 bytes; NULL when not given).
 * Either one ends the message; with an IV the model is known again. */
void am_init(aead_model *m, const uint8_t *key, const uint8_t *iv);
/* The cipher did something the model cannot follow (and, for a TLS 1.2
 * AAD, ended the message). */
void am_lose(aead_model *m, int ends_message);
/* SET_TAG that succeeded (tag NULL: the length only). */
void am_set_tag(aead_model *m, const uint8_t *tag, size_t len);

/* Whether simd must refuse AAD now (after an EVP_Cipher final, or after
 * data in a known message), and data or a final (after an EVP_Cipher
 * final). */
int am_refuses_aad(const aead_model *m);
int am_refuses_input(const aead_model *m);

/* Accepted AAD / data. For data, want (n bytes) gets the output simd must
 * have written: in ^ keystream at the message's offset (known models
 * only); ct is the ciphertext it appends (the output on encrypt, the input
 * on decrypt). */
void am_aad(aead_model *m, const uint8_t *p, size_t n);
void am_data_want(aead_model *m, const uint8_t *in, size_t n, uint8_t *want);
void am_data(aead_model *m, const uint8_t *ct, size_t n);

/*
 * A final: the message's RFC 8439 tag into tag (a seal keeps it as the
 * cipher's tag); the message ends (by EVP_Cipher when by_cipher: then input
 * is refused until an IV or key). Returns the decrypt verdict simd must
 * give: 1 when the tag held (its length's prefix) matches, 0 when not, -1
 * when the model cannot say (a seal, no tag length, or not known).
 */
int am_final(aead_model *m, uint8_t tag[16], int enc, int by_cipher);

/*
 * A final simd ran (by EVP_Cipher when by_cipher), judged by the model and
 * advanced past: `accepted` is whether simd reported success, `got` the
 * 16-byte tag it then holds (seals only; NULL when not read). NULL when
 * simd was right, else what was wrong. After an EVP_Cipher final every
 * final must be refused; a decrypt final refused with no tag length is no
 * final (4.0 keeps the message open); a seal's tag and an open's verdict
 * (where a tag is held) must be the reference's.
 */
const char *am_judge_final(aead_model *m, int enc, int by_cipher, int accepted,
                           const uint8_t *got);

#endif
