/* SPDX-License-Identifier: Apache-2.0 */
/* The whole-message model of ChaCha20-Poly1305: see aead_model.h. */
#include "aead_model.h"

#include <stdlib.h>
#include <string.h>

#include "ref8439.h"

void am_new(aead_model *m)
{
    memset(m, 0, sizeof(*m));
    m->known = m->tag_known = 1;
}

void am_free(aead_model *m)
{
    free(m->aad);
    free(m->ct);
    memset(m, 0, sizeof(*m));
}

static void end_message(aead_model *m)
{
    m->open = m->has_data = 0;
    m->aad_len = m->ct_len = 0;
}

void am_init(aead_model *m, const uint8_t *key, const uint8_t *iv)
{
    if (key != NULL)
        memcpy(m->key, key, 32);
    if (iv != NULL) {
        memcpy(m->nonce, iv, 12);
        m->known = 1;
    }
    if (key != NULL || iv != NULL) {
        end_message(m);
        m->ended = 0;
    }
}

void am_lose(aead_model *m, int ends_message)
{
    m->known = m->tag_known = 0;
    if (ends_message)
        end_message(m);
    m->ended = 0;
}

void am_set_tag(aead_model *m, const uint8_t *tag, size_t len)
{
    if (tag != NULL) {
        memcpy(m->tag, tag, len);
        m->tag_known = 1;
    }
    m->tag_len = len;
}

int am_refuses_aad(const aead_model *m)
{
    return m->ended || (m->known && m->open && m->has_data);
}

int am_refuses_input(const aead_model *m)
{
    return m->ended;
}

/* Appends n bytes to a growing buffer; on no memory the model is lost. */
static void append(aead_model *m, uint8_t **buf, size_t *len, size_t *cap,
                   const uint8_t *p, size_t n)
{
    if (*len + n > *cap) {
        size_t want = (*len + n) * 2 + 64;
        uint8_t *b = realloc(*buf, want);

        if (b == NULL) {
            m->known = 0;
            return;
        }
        *buf = b;
        *cap = want;
    }
    if (n > 0)
        memcpy(*buf + *len, p, n);
    *len += n;
}

static void start(aead_model *m)
{
    if (!m->open) {
        end_message(m);
        m->open = 1;
    }
}

void am_aad(aead_model *m, const uint8_t *p, size_t n)
{
    start(m);
    append(m, &m->aad, &m->aad_len, &m->aad_cap, p, n);
}

void am_data_want(aead_model *m, const uint8_t *in, size_t n, uint8_t *want)
{
    uint8_t iv[16] = {1, 0, 0, 0};

    start(m);
    memcpy(iv + 4, m->nonce, 12);
    ref_chacha20(want, in, n, m->key, iv, m->ct_len);
}

void am_data(aead_model *m, const uint8_t *ct, size_t n)
{
    start(m);
    if (n > 0)
        m->has_data = 1;
    append(m, &m->ct, &m->ct_len, &m->ct_cap, ct, n);
}

int am_final(aead_model *m, uint8_t tag[16], int enc, int by_cipher)
{
    int verdict = -1;

    if (m->known) { /* the tag of the message as it stands */
        ref_aead_tag(tag, m->key, m->nonce, m->aad, m->aad_len, m->ct,
                     m->ct_len);
        if (!enc && m->tag_len > 0 && m->tag_known)
            verdict = memcmp(tag, m->tag, m->tag_len) == 0;
    }
    if (enc) {
        if (m->known)
            memcpy(m->tag, tag, 16);
        m->tag_known = m->known;
    }
    end_message(m);
    if (by_cipher)
        m->ended = 1;
    return verdict;
}

const char *am_judge_final(aead_model *m, int enc, int by_cipher, int accepted,
                           const uint8_t *got)
{
    uint8_t want[16];
    int verdict;

    if (am_refuses_input(m))
        return accepted ? "final accepted after an EVP_Cipher final" : NULL;
    if (!enc && !accepted && m->tag_len == 0)
        return NULL;
    verdict = am_final(m, want, enc, by_cipher);
    if (enc) {
        if (!m->known)
            return NULL;
        if (!accepted)
            return "seal final failed";
        if (got != NULL && memcmp(got, want, 16) != 0)
            return "tag is not the reference's";
        return NULL;
    }
    if (verdict >= 0 && accepted != verdict)
        return "open verdict is not the reference's";
    return NULL;
}
