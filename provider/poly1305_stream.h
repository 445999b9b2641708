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
 * wipe covers them too.
 */
#ifndef SIMDPROV_POLY1305_STREAM_H
#define SIMDPROV_POLY1305_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "../asm/kernels.h"

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

/* Wipes the key's and the message's traces (see above); the stream needs a
 * new init before more data. */
void simd_poly1305_stream_wipe(simd_poly1305_stream *p);

#endif
