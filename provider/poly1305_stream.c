/* SPDX-License-Identifier: Apache-2.0 */
#include "poly1305_stream.h"

#include <string.h>

#define BLOCK SIMD_POLY1305_BLOCK

void simd_poly1305_stream_init(simd_poly1305_stream *p, simd_poly1305_fn blocks,
                               const uint8_t key[SIMD_POLY1305_KEY])
{
    size_t used = simd_poly1305_table_secret_words(&p->st);

    /* The table init empties is not wiped here: its words count toward
     * the next simd_poly1305_stream_wipe (see poly1305_stream.h). */
    if (used > p->table_dirty)
        p->table_dirty = (unsigned int)used;
    p->blocks = blocks;
    simd_poly1305_init(&p->st, key);
    p->buf_len = 0;
}

void simd_poly1305_stream_update(simd_poly1305_stream *p, const uint8_t *in,
                                 size_t len)
{
    size_t whole;

    if (p->buf_len > 0) {
        size_t take = BLOCK - p->buf_len < len ? BLOCK - p->buf_len : len;

        memcpy(p->buf + p->buf_len, in, take);
        p->buf_len += (unsigned int)take;
        in += take;
        len -= take;
        if (p->buf_len < BLOCK)
            return;
        p->blocks(&p->st, p->buf, BLOCK, 1);
        p->buf_len = 0;
    }
    whole = len - len % BLOCK;
    if (whole > 0)
        p->blocks(&p->st, in, whole, 1);
    /* A libc call for 0 bytes shows in a 64-byte MAC. */
    if (len > whole)
        memcpy(p->buf, in + whole, len - whole);
    p->buf_len = (unsigned int)(len - whole);
}

void simd_poly1305_stream_pad16(simd_poly1305_stream *p)
{
    if (p->buf_len == 0)
        return;
    memset(p->buf + p->buf_len, 0, BLOCK - p->buf_len);
    p->blocks(&p->st, p->buf, BLOCK, 1);
    p->buf_len = 0;
}

void simd_poly1305_stream_final(simd_poly1305_stream *p,
                                uint8_t tag[SIMD_POLY1305_TAG])
{
    if (p->buf_len > 0) {
        memset(p->buf + p->buf_len, 0, BLOCK - p->buf_len);
        p->buf[p->buf_len] = 1;
        p->blocks(&p->st, p->buf, BLOCK, 0);
        p->buf_len = 0;
    }
    simd_poly1305_emit(&p->st, tag);
}

