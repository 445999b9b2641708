/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The ChaCha20 keystream as OpenSSL's default provider streams it, for every
 * cipher built on it (ChaCha20, ChaCha20-Poly1305): whole blocks straight
 * through the chosen kernel, one buffered keystream block for partial
 * blocks, the 32-bit counter split at its wrap with a carry into IV word 1.
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

#include "../asm/arch.h"

typedef struct {
    /* The chosen ChaCha20 row: its kernel, and its tail variant or NULL
     * (asm/kernels.h: a message ending in a partial block gets that
     * block's keystream from the call that makes its whole blocks). One
     * pointer, not two: the extra 8 bytes moved every field after the
     * stream in the AEAD's context and cost 2-5% per small record
     * (docs/performance.md, "Tail variants"). */
    const simd_kernel *kernel;
    uint32_t key[8];
    uint32_t counter[4]; /* counter word, then the three nonce words */
    uint8_t buf[SIMD_CHACHA20_BLOCK]; /* keystream of the current partial block */
    unsigned int partial_len;         /* bytes of buf already used */
    unsigned int counter_ahead : 1;   /* 3.6+: advance when buffering */
} simd_chacha20_stream;

/* Blocks a kernel call may make from the stream's counter before the 32-bit
 * wrap, 1..2^32: kernels do not carry into IV word 1 (asm/kernels.h). */
static inline uint64_t simd_chacha20_stream_room(const simd_chacha20_stream *s)
{
    return ((uint64_t)1 << 32) - s->counter[0];
}

/* Advance the 32-bit block counter by n (<= the room left before the wrap);
 * at the wrap, carry into IV word 1 as OpenSSL does. Also for callers that
 * run a kernel on the stream's key and counter themselves (the AEAD's
 * stitched path). */
static inline void simd_chacha20_stream_advance(simd_chacha20_stream *s,
                                                uint32_t n)
{
    s->counter[0] += n;
    if (s->counter[0] == 0)
        s->counter[1]++;
}

/* out = in ^ keystream for len bytes (out == in, or out before in, allowed). */
void simd_chacha20_stream_xor(simd_chacha20_stream *s, unsigned char *out,
                              const unsigned char *in, size_t len);

/* The same, then *outl = len and 1: a cipher's update can end in a tail
 * call here, one frame fewer on every short call. */
int simd_chacha20_stream_cipher(simd_chacha20_stream *s, unsigned char *out,
                                size_t *outl, const unsigned char *in,
                                size_t len);

#endif
