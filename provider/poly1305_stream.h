/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Poly1305 over a byte stream, for every algorithm built on it (the POLY1305
 * MAC, ChaCha20-Poly1305): whole 16-byte blocks straight through the chosen
 * kernel, a short block buffered until more bytes come or the message ends.
 *
 * Wiping, for both: simd_poly1305_stream_wipe clears h, r, s, the buffered
 * bytes and the kernel's table, of the table only the words a kernel filled
 * with powers of r (asm/kernels.h: table_of says which), since a kilobyte
 * wiped per message shows at 64-byte messages. A new message's init empties
 * the table without wiping it (the AEAD starts one per record), so the
 * stream keeps the most words any key filled since the last wipe, and the
 * wipe covers them too. The MAC wipes at final and before a new key, the
 * AEAD before a new key; both contexts are wiped whole when freed.
 */
#ifndef SIMDPROV_POLY1305_STREAM_H
#define SIMDPROV_POLY1305_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "../asm/kernels.h"
#include "secmem.h"

typedef struct {
    simd_poly1305_fn blocks;
    simd_poly1305 st;
    uint8_t buf[SIMD_POLY1305_BLOCK]; /* the bytes of a short block so far */
    unsigned int buf_len;
    unsigned int table_dirty; /* table words holding powers of r, at most */
} simd_poly1305_stream;

/* A new message under the 32-byte one-time key (r || s). */
void simd_poly1305_stream_init(simd_poly1305_stream *p, simd_poly1305_fn blocks,
                               const uint8_t key[SIMD_POLY1305_KEY]);

void simd_poly1305_stream_update(simd_poly1305_stream *p, const uint8_t *in,
                                 size_t len);

/* Zero-pads what was absorbed so far to a 16-byte boundary, as an ordinary
 * block (the AEAD's padding of AAD and ciphertext, RFC 8439 2.8). */
void simd_poly1305_stream_pad16(simd_poly1305_stream *p);

/* The tag: a short last block padded with 0x01 and zeros (padbit 0). This
 * ends the message: the state is left with that block absorbed. */
void simd_poly1305_stream_final(simd_poly1305_stream *p,
                                uint8_t tag[SIMD_POLY1305_TAG]);

/* The table words the state's kernel filled with powers of r: none for an
 * empty or public table. table_of depends on the kernel and the message
 * lengths, not on secrets. */
static inline size_t simd_poly1305_table_secret_words(const simd_poly1305 *st)
{
    if (st->table_of == 0 || (st->table_of & SIMD_POLY1305_TABLE_PUBLIC))
        return 0;
    return SIMD_POLY1305_TABLE_USED(st->table_of);
}

/* Wipes the key's and the message's traces (see above); the stream needs a
 * new init before more data. Inline: at 64-byte MACs a call per wipe shows
 * in the cost of a whole MAC. */
static inline void simd_poly1305_stream_wipe(simd_poly1305_stream *p)
{
    size_t used = simd_poly1305_table_secret_words(&p->st);

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

#endif
