/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The ChaCha20 keystream as OpenSSL's default provider streams it, for every
 * cipher built on it (ChaCha20, ChaCha20-Poly1305): whole blocks straight
 * through the chosen kernel, one buffered keystream block for partial
 * blocks, the 32-bit counter split at its wrap with a carry into IV word 1.
 * The ciphers set and read the stream only through the functions below.
 *
 * - Leftover keystream is used first and the counter advances lazily, once
 *   the buffered block is used up and more input arrives. OpenSSL 3.6
 *   advances it eagerly, when the block is buffered (counter_ahead); the
 *   output is the same, only a key-only re-init after a partial block tells
 *   them apart.
 */
#ifndef SIMDPROV_CHACHA20_STREAM_H
#define SIMDPROV_CHACHA20_STREAM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../asm/arch.h"
#include "prov_ctx.h"

typedef struct {
    /* The chosen ChaCha20 row: its kernel, and its tail variant or NULL
     * (asm/kernels.h: a message ending in a partial block gets that
     * block's keystream from the call that makes its whole blocks). One
     * pointer, not two: the extra 8 bytes moved every field after the
     * stream in the AEAD's context and cost 2-5% per small record
     * (docs/performance.md, "Tail variants"). */
    const simd_kernel_row *kernel;
    uint32_t key[8];
    uint32_t counter[4]; /* counter word, then the three nonce words */
    uint8_t buf[SIMD_CHACHA20_BLOCK]; /* keystream of the current partial block */
    unsigned int partial_len;         /* bytes of buf already used */
    unsigned int counter_ahead : 1;   /* 3.6+: advance when buffering */
} simd_chacha20_stream;

/* A new stream on the provider's ChaCha20 choice, counting as its core's
 * release does (the context is zeroed: no key yet). */
static inline void simd_chacha20_stream_init(simd_chacha20_stream *s,
                                             const simd_provctx *prov)
{
    s->kernel = prov->choice.kernel[SIMD_ALG_CHACHA20];
    s->counter_ahead = prov->chacha20_counter_ahead ? 1 : 0;
}

/* A new key (32 bytes, little-endian words); the counter and nonce stay.
 * The old key's buffered keystream is wiped and dropped. */
void simd_chacha20_stream_set_key(simd_chacha20_stream *s,
                                  const unsigned char key[32]);

/* A new counter word and nonce (iv[0] the counter, iv[1..3] the nonce);
 * leftover keystream is dropped. Inline: the re-init of every QUIC mask
 * and OpenSSH packet is this and nothing else. */
static inline void simd_chacha20_stream_set_iv(simd_chacha20_stream *s,
                                               const uint32_t iv[4])
{
    memcpy(s->counter, iv, sizeof(s->counter));
    s->partial_len = 0;
}

/* A new nonce under the same counter and buffered keystream (TLS: the
 * record's sequence number, or a fixed IV set mid-message). */
static inline void simd_chacha20_stream_set_nonce(simd_chacha20_stream *s,
                                                  const uint32_t nonce[3])
{
    memcpy(s->counter + 1, nonce, 3 * sizeof(uint32_t));
}

/* The counter word and nonce as they stand (the counter ahead of a
 * buffered block where counter_ahead, see above). */
static inline void simd_chacha20_stream_get_iv(const simd_chacha20_stream *s,
                                               uint32_t iv[4])
{
    memcpy(iv, s->counter, sizeof(s->counter));
}

/* Whether the kernel makes a partial last block's keystream in the call
 * that makes the whole blocks before it (a tail variant). */
static inline int simd_chacha20_stream_has_tail(const simd_chacha20_stream *s)
{
    return s->kernel->chacha20_tail != NULL;
}

/* Bytes of the buffered block's keystream not used yet (0 at a block
 * boundary). */
static inline unsigned int
simd_chacha20_stream_buffered(const simd_chacha20_stream *s)
{
    return s->partial_len > 0 ? SIMD_CHACHA20_BLOCK - s->partial_len : 0;
}

/* out = in ^ keystream for len bytes, any length from any position (out ==
 * in, or out before in, allowed). */
void simd_chacha20_stream_xor_any_length(simd_chacha20_stream *s,
                                         unsigned char *out,
                                         const unsigned char *in, size_t len);

/* The same, then *outl = len and 1: a cipher's update can end in a tail
 * call here, one frame fewer on every short call. */
int simd_chacha20_stream_cipher(simd_chacha20_stream *s, unsigned char *out,
                                size_t *outl, const unsigned char *in,
                                size_t len);

/*
 * An AEAD message's start: the keystream of block 0 (the Poly1305 one-time
 * key, RFC 8439 2.6) and of the `ahead` blocks after it into
 * out[0 .. (1 + ahead) * 64), from one kernel call (a call costs about one
 * block: docs/performance.md, "ChaCha20-Poly1305: chunks and block 0").
 * The stream then stands at block 1 with nothing buffered; the blocks made
 * ahead are spent by simd_chacha20_stream_xor_made, or dropped and made
 * again when the stream reaches them.
 */
void simd_chacha20_stream_start_at_block0(simd_chacha20_stream *s,
                                          uint8_t *out, size_t ahead);

/* out = in ^ made for len bytes, `made` being keystream made ahead from
 * where the stream stands (at a block boundary, nothing buffered), e.g. the
 * blocks after block 0 above. The stream is left as if it had made them
 * itself: past the blocks used up, a block used in part buffered. */
void simd_chacha20_stream_xor_made(simd_chacha20_stream *s, unsigned char *out,
                                   const unsigned char *in, size_t len,
                                   const uint8_t *made);

/*
 * Whole blocks of the len bytes through a stitched ChaCha20-Poly1305 kernel
 * (asm/kernels.h) that also absorbs the ciphertext into mac (enc: out's,
 * else in's), from a block boundary: a buffered block used up is moved
 * past first; one with keystream left makes this return 0. One kernel
 * call, stopping at the 32-bit counter's wrap (and carrying as the stream
 * does). out and in are the same or do not overlap. Returns the bytes
 * done, a multiple of 64.
 */
size_t simd_chacha20_stream_xor_stitched(simd_chacha20_stream *s,
                                         simd_chacha20_poly1305_fn stitch,
                                         unsigned char *out,
                                         const unsigned char *in, size_t len,
                                         simd_poly1305 *mac, int enc);

#endif
