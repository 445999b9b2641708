/* SPDX-License-Identifier: Apache-2.0 */
#include "poly1305_stream.h"

#include <string.h>

#include "secmem.h"

#define BLOCK SIMD_POLY1305_BLOCK

/* The table words the state's kernel filled with powers of r: none for an
 * empty or public table. table_of depends on the kernel and the message
 * lengths, not on secrets. */
static size_t table_secret_words(const simd_poly1305 *st)
{
    if (st->table_of == 0 || (st->table_of & SIMD_POLY1305_TABLE_PUBLIC))
        return 0;
    return SIMD_POLY1305_TABLE_USED(st->table_of);
}

void simd_poly1305_stream_init(simd_poly1305_stream *p, simd_poly1305_fn blocks,
                               const uint8_t key[SIMD_POLY1305_KEY])
{
    size_t used = table_secret_words(&p->st);

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

void simd_poly1305_stream_wipe(simd_poly1305_stream *p)
{
    size_t used = table_secret_words(&p->st);

    if (used < p->table_dirty)
        used = p->table_dirty;
    /* In whole 64-byte rows of constant size, which the compiler inlines as
     * vector stores: a libc memset of a variable few hundred bytes cost
     * ~10% of a 1 KiB MAC. The table is a whole number of rows. */
    for (size_t i = 0; i < used; i += 8)
        memset(&p->st.table[i], 0, 64);
    if (used > 0)
        __asm__ __volatile__("" : : "r"(p->st.table) : "memory");
    p->table_dirty = 0;
    simd_cleanse(&p->st, offsetof(simd_poly1305, table));
    simd_cleanse(p->buf, sizeof(p->buf));
    p->buf_len = 0;
}
_Static_assert(SIMD_POLY1305_TABLE_WORDS % 8 == 0, "whole 64-byte rows");
