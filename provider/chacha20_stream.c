/* SPDX-License-Identifier: Apache-2.0 */
#include "chacha20_stream.h"

#include <string.h>

#include "../asm/le.h"
#include "secmem.h"

#define BLOCK SIMD_CHACHA20_BLOCK

/* The kernels' stitched variant reads key || counter from one pointer
 * (asm/kernels.h). */
_Static_assert(offsetof(simd_chacha20_stream, counter) ==
                   offsetof(simd_chacha20_stream, key) + 8 * sizeof(uint32_t),
               "counter follows key");

/* Blocks a kernel call may make from the stream's counter before the 32-bit
 * wrap, 1..2^32: kernels do not carry into IV word 1 (asm/kernels.h). */
static inline uint64_t room_to_wrap(const simd_chacha20_stream *s)
{
    return ((uint64_t)1 << 32) - s->counter[0];
}

/* Advance the 32-bit block counter by n (<= the room left before the wrap);
 * at the wrap, carry into IV word 1 as OpenSSL does. */
static inline void advance(simd_chacha20_stream *s, uint32_t n)
{
    s->counter[0] += n;
    if (s->counter[0] == 0)
        s->counter[1]++;
}

/* The input whose kernel output is the bare keystream. */
static const unsigned char zero_block[BLOCK];

/* out = in ^ ks for n bytes (a partial block, or the blocks an AEAD made
 * ahead), eight bytes at a time and then at most one 4-, 2- and 1-byte
 * step: short updates (Go's 10x25, 100x40, QUIC's 5 bytes, OpenSSH's
 * 4-byte length) spend much of their time here. Safe in place and for an
 * output before its input (each load precedes the store over it). ks is
 * keystream in a context (the stream's buffer, the AEAD's blocks made
 * ahead), which no caller's buffer overlaps (restrict: no run-time overlap
 * checks around the word loop). */
static inline void xor_keystream(unsigned char *out, const unsigned char *in,
                                 const unsigned char *restrict ks, size_t n)
{
    /* One index for all three pointers: no pointer bumps per step. */
    size_t i = 0;

/* One step of sizeof(T) bytes at i. */
#define XOR_STEP(T)                                                            \
    do {                                                                       \
        T a, b;                                                                \
                                                                               \
        memcpy(&a, in + i, sizeof(T));                                         \
        memcpy(&b, ks + i, sizeof(T));                                         \
        a ^= b;                                                                \
        memcpy(out + i, &a, sizeof(T));                                        \
        i += sizeof(T);                                                        \
    } while (0)

    while (i + 8 <= n)
        XOR_STEP(uint64_t);
    if (n & 4)
        XOR_STEP(uint32_t);
    if (n & 2)
        XOR_STEP(uint16_t);
    if (n & 1)
        out[i] = in[i] ^ ks[i];
#undef XOR_STEP
}

/*
 * Kernels take out == in or separate buffers. OpenSSL accepts an output that
 * starts before the input and overlaps it, and streams forward, which gives
 * the same bytes as separate buffers; such calls go through a small stack
 * buffer here: each piece of input is copied out before any output can
 * reach it. (An output starting after the input overlaps bytes not yet
 * read: OpenSSL's result then depends on its kernel, and so does ours.)
 */
static int out_overlaps_ahead(const unsigned char *out, const unsigned char *in,
                              size_t len)
{
    uintptr_t o = (uintptr_t)out, i = (uintptr_t)in;

    return o < i && i - o < len;
}

/* Out of line: its buffer is a 512-byte frame the common path skips. */
__attribute__((noinline)) static void
xor_blocks_bounced(simd_chacha20_stream *ctx, unsigned char *out,
                   const unsigned char *in, size_t len)
{
    unsigned char bounce[8 * BLOCK];
    uint32_t ctr[4];

    memcpy(ctr, ctx->counter, sizeof(ctr));
    while (len > 0) {
        size_t n = len < sizeof(bounce) ? len : sizeof(bounce);

        memcpy(bounce, in, n);
        ctx->kernel->fn.chacha20(bounce, bounce, n, ctx->key, ctr);
        memcpy(out, bounce, n);
        ctr[0] += (uint32_t)(n / BLOCK); /* the caller stops at the wrap */
        in += n;
        out += n;
        len -= n;
    }
    simd_cleanse(bounce, sizeof(bounce));
}

static inline void xor_blocks(simd_chacha20_stream *ctx, unsigned char *out,
                              const unsigned char *in, size_t len)
{
    if (!out_overlaps_ahead(out, in, len))
        ctx->kernel->fn.chacha20(out, in, len, ctx->key, ctx->counter);
    else
        xor_blocks_bounced(ctx, out, in, len);
}

/* The first n bytes of the new partial block whose keystream buf holds. */
static inline void use_partial(simd_chacha20_stream *ctx, unsigned char *out,
                               const unsigned char *in, size_t n)
{
    if (ctx->counter_ahead)
        advance(ctx, 1);
    xor_keystream(out, in, ctx->buf, n);
    ctx->partial_len = (unsigned int)n;
}

/* A new partial block: its keystream into buf, the first n bytes used.
 * The tail variant with no whole blocks stores the bare keystream; a row
 * without one XORs a block of zeros (so buf needs no clearing first). */
static inline void start_partial(simd_chacha20_stream *ctx, unsigned char *out,
                                 const unsigned char *in, size_t n)
{
    const simd_kernel_row *k = ctx->kernel;

    if (k->chacha20_tail != NULL)
        k->chacha20_tail(ctx->buf, zero_block, 0, ctx->key, ctx->counter,
                         ctx->buf);
    else
        k->fn.chacha20(ctx->buf, zero_block, BLOCK, ctx->key, ctx->counter);
    use_partial(ctx, out, in, n);
}

/* Whole blocks and then a partial block of rem bytes in one kernel call
 * (the tail variant makes the partial block's keystream into buf), where
 * the stream's kernel has one, the counter does not wrap before the
 * partial block and the output is not the bounced kind. Returns 0, having
 * done nothing, where not. */
static int xor_blocks_and_tail(simd_chacha20_stream *ctx, unsigned char *out,
                               const unsigned char *in, size_t len, size_t rem)
{
    uint64_t blocks = len / BLOCK;

    if (ctx->kernel->chacha20_tail == NULL ||
        blocks >= room_to_wrap(ctx) ||
        out_overlaps_ahead(out, in, len))
        return 0;
    ctx->kernel->chacha20_tail(out, in, len, ctx->key, ctx->counter, ctx->buf);
    advance(ctx, (uint32_t)blocks);
    use_partial(ctx, out + len, in + len, rem);
    return 1;
}

/* Any length from any state: leftover keystream first, then whole blocks,
 * then a new partial block. Out of line, so that the short paths of
 * xor_any_length keep no frame. */
__attribute__((noinline)) static void
xor_from_any_state(simd_chacha20_stream *ctx, unsigned char *out,
                   const unsigned char *in, size_t len)
{
    unsigned int n = ctx->partial_len;
    size_t rem;

    if (n > 0) {
        size_t take = BLOCK - n < len ? BLOCK - n : len;

        xor_keystream(out, in, ctx->buf + n, take);
        out += take;
        in += take;
        len -= take;
        n += (unsigned int)take;
        ctx->partial_len = n;
        if (len == 0)
            return;
        if (n == BLOCK) {
            ctx->partial_len = 0;
            if (!ctx->counter_ahead)
                advance(ctx, 1);
        }
    }

    rem = len % BLOCK;
    len -= rem;
    if (rem > 0 && len > 0 && xor_blocks_and_tail(ctx, out, in, len, rem))
        return;
    while (len > 0) {
        uint64_t room = room_to_wrap(ctx);
        uint64_t blocks = len / BLOCK;

        if (blocks > room)
            blocks = room;
        xor_blocks(ctx, out, in, (size_t)blocks * BLOCK);
        advance(ctx, (uint32_t)blocks);
        in += blocks * BLOCK;
        out += blocks * BLOCK;
        len -= blocks * BLOCK;
    }

    if (rem > 0)
        start_partial(ctx, out, in, rem);
}

/* Any length: the two common calls inline, everything else by
 * xor_from_any_state. */
static inline void xor_any_length(simd_chacha20_stream *ctx,
                                  unsigned char *out, const unsigned char *in,
                                  size_t len)
{
    if (ctx->partial_len == 0) {
        /* The common short call (a QUIC mask, OpenSSH's length and
         * Poly1305 key, a small record after an IV re-init): less than a
         * block, so only a new partial block. */
        if (len < BLOCK) {
            if (len > 0)
                start_partial(ctx, out, in, len);
            return;
        }
        /* Whole blocks (OpenSSH's payload, its 64-byte body among them, a
         * running stream's updates), none past the 32-bit counter's wrap:
         * the kernel alone. */
        if (len % BLOCK == 0 && len / BLOCK <= room_to_wrap(ctx)) {
            xor_blocks(ctx, out, in, len);
            advance(ctx, (uint32_t)(len / BLOCK));
            return;
        }
    }
    xor_from_any_state(ctx, out, in, len);
}

void simd_chacha20_stream_xor_any_length(simd_chacha20_stream *ctx,
                                         unsigned char *out,
                                         const unsigned char *in, size_t len)
{
    xor_any_length(ctx, out, in, len);
}

int simd_chacha20_stream_cipher(simd_chacha20_stream *ctx, unsigned char *out,
                                size_t *outl, const unsigned char *in,
                                size_t len)
{
    /* *outl first: len is then all the stream needs kept across its
     * kernel call (one callee-saved register fewer). */
    *outl = len;
    xor_any_length(ctx, out, in, len);
    return 1;
}

void simd_chacha20_stream_set_key(simd_chacha20_stream *ctx,
                                  const unsigned char key[32])
{
    uint32_t k[8];

    /* Loaded into a local first: key may be any byte pointer, even into
     * the stream, and stores to it between the loads would make the
     * compiler check for that overlap at run time. */
    for (int i = 0; i < 8; i++)
        k[i] = le32_load(key + 4 * i);
    memcpy(ctx->key, k, sizeof(k));
    /* The old key's keystream must not outlive it. */
    simd_cleanse(ctx->buf, sizeof(ctx->buf));
    ctx->partial_len = 0;
}

void simd_chacha20_stream_start_at_block0(simd_chacha20_stream *ctx,
                                          uint8_t *out, size_t ahead)
{
    size_t n = (1 + ahead) * BLOCK;

    ctx->counter[0] = 0;
    memset(out, 0, n);
    ctx->kernel->fn.chacha20(out, out, n, ctx->key, ctx->counter);
    ctx->counter[0] = 1;
    ctx->partial_len = 0;
}

void simd_chacha20_stream_xor_made(simd_chacha20_stream *ctx,
                                   unsigned char *out, const unsigned char *in,
                                   size_t len, const uint8_t *made)
{
    size_t whole = len / BLOCK, part = len % BLOCK;

    xor_keystream(out, in, made, len);
    advance(ctx, (uint32_t)whole);
    if (part > 0) {
        /* Where the stream keeps the counter for a buffered block. */
        memcpy(ctx->buf, made + whole * BLOCK, BLOCK);
        ctx->partial_len = (unsigned int)part;
        if (ctx->counter_ahead)
            advance(ctx, 1);
    }
}

size_t simd_chacha20_stream_xor_stitched(simd_chacha20_stream *ctx,
                                         simd_chacha20_poly1305_fn stitch,
                                         unsigned char *out,
                                         const unsigned char *in, size_t len,
                                         simd_poly1305 *mac, int enc)
{
    uint64_t blocks = len / BLOCK;

    if (blocks == 0)
        return 0;
    /* A buffered block just used up: the stream moves past it lazily, at
     * its next bytes (xor_from_any_state); these bytes are next. */
    if (ctx->partial_len == BLOCK) {
        ctx->partial_len = 0;
        if (!ctx->counter_ahead)
            advance(ctx, 1);
    }
    if (ctx->partial_len > 0)
        return 0;
    if (blocks > room_to_wrap(ctx))
        blocks = room_to_wrap(ctx);
    stitch(out, in, (size_t)blocks * BLOCK, ctx->key, mac, enc);
    advance(ctx, (uint32_t)blocks);
    return (size_t)blocks * BLOCK;
}
