/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20-Poly1305 (RFC 8439 section 2.8) as the running release's default
 * provider does it, outcome for outcome, except where upstream fixed a bug
 * (docs/deviations.md): there the fixed behaviour, on every release.
 *
 * - The Poly1305 one-time key is ChaCha20 block 0 under the key and the
 *   12-byte nonce; the data is XORed from block 1; the tag is Poly1305 over
 *   AAD || pad16 || ciphertext || pad16 || le64(aadlen) || le64(ctlen).
 * - A message starts lazily, at the first AAD, data or final after an init
 *   or a final; so after a final more data (or AAD, or a second final)
 *   restarts the same message under the same key and nonce. AAD after data
 *   is refused on every release (3.0's default absorbed it into a tag no
 *   RFC message has: openssl#31188).
 * - Re-init: IV only restarts under the old key (TLS 1.3, once per record),
 *   key only restarts under the new key with the old nonce. No key at all
 *   is an all-zero key, as in default. The tag and its length survive
 *   re-init; the tag length is 0 until SET_TAG, and a decrypt with no tag
 *   length compares nothing.
 * - TLS 1.2 (tlsaad, 13 bytes): the next data call is one in-place
 *   payload || tag, the nonce is IV xor (0^4 || seq) (RFC 7905), and on
 *   decrypt a bad tag wipes the plaintext written.
 * - 0-byte calls with input are no-ops on every path, update and the
 *   one-shot cipher call alike (3.0.22's default padded the AAD early on a
 *   0-byte EVP_Cipher: openssl#32752). EVP_Cipher(ctx, NULL, NULL, 0) is the
 *   final on every release (CVE-2026-75803; before 3.0.22 default made no
 *   tag there), and it ends the message: more AAD, data or a final before a
 *   new IV or key is refused (3.0.22's default silently started a second
 *   message under the same nonce and one-time key).
 * - An authentication failure raises no error, as in default: the return
 *   value is how the caller tells. Where default dereferences a NULL
 *   argument (context, outl, a GET_TAG buffer, tlsaad/tlsivfixed data, a
 *   TLS record's input), this file refuses with "null argument" instead.
 *
 * Both passes over the data run per chunk (CHUNK bytes): seal encrypts a
 * chunk then MACs its ciphertext, open MACs then decrypts, so the second
 * pass finds the chunk in cache. Measured on Zen 4 (AVX-512 ChaCha20 with
 * the IFMA, AVX2 or mulx Poly1305 kernels; 16 KiB, 64 KiB, 4 MiB
 * messages): chunks of 1-4 KiB lose 2-20% to the kernels' fixed cost per
 * call (the vector Poly1305's lane set-up and fold), and from 16 KiB up
 * every chunk size and one single pass are within noise of each other. So
 * 16 KiB: a TLS record (at most 16 KiB of payload) is one pass, a longer
 * message keeps a bounded footprint. Where a stitched kernel is chosen
 * (SIMDPROV_CHACHA20_POLY1305; asm/kernels.h), it does both in one pass
 * over the whole blocks it can take (stitched()).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

#include "../asm/le.h"
#include "algctx.h"
#include "algorithms.h"
#include "chacha20_stream.h"
#include "cipher_params.h"
#include "errors.h"
#include "params.h"
#include "poly1305_stream.h"
#include "secmem.h"

#define CP_KEYLEN 32
#define CP_IVLEN 12
#define CP_TAGLEN SIMD_POLY1305_TAG
#define CP_TLS_AAD_LEN 13
/* The TLS 1.2 record's payload length, or none pending. */
#define NO_TLS_PAYLOAD SIZE_MAX
/* Two passes per chunk: see above for the size. */
#define CHUNK 16384
/* Keystream blocks made when a message starts (see make_block0), and the
 * AAD that may wait for them. */
#define START_BLOCKS 8
#define STASH 64

typedef struct {
    const simd_provctx *prov; /* first: see algctx.h */
    simd_chacha20_stream ks;  /* key; counter[1..3] is the nonce in use */
    simd_poly1305_stream mac;
    /* The stitched kernel, or NULL for two passes (see stitched()). */
    simd_chacha20_poly1305_fn stitch;
    uint64_t aad_len, text_len; /* the MAC's lengths block */
    size_t tls_payload;         /* NO_TLS_PAYLOAD, or the record's */
    size_t tag_len;
    size_t tls_aad_pad;         /* what tlsaadpad reports */
    uint32_t nonce[3];          /* the IV's, before any TLS sequence xor */
    uint8_t tag[CP_TAGLEN];
    uint8_t tls_aad[SIMD_POLY1305_BLOCK]; /* 13 bytes, then zeros */
    /* Blocks 0..7 of the message: the one-time key, then the first data
     * bytes' keystream (see make_block0). */
    uint8_t start_ks[START_BLOCKS * SIMD_CHACHA20_BLOCK];
    uint8_t aad_stash[STASH]; /* AAD before block 0 is made */
    unsigned int stash_len;
    unsigned int ks_ahead; /* bytes of start_ks after block 0 not used yet */
    unsigned int enc : 1;
    unsigned int mac_inited : 1; /* the message has started */
    unsigned int aad : 1;        /* AAD came last: pad before data */
    unsigned int no_block0 : 1;  /* started, block 0 not made yet */
    unsigned int ended : 1; /* EVP_Cipher's final ran: input needs a new IV */
    /* 4.0+: a final succeeded; update refused until a new IV (prov_ctx.h). */
    unsigned int finished : 1;
} cp_ctx;
_Static_assert(offsetof(cp_ctx, prov) == 0, "algctx.h: prov comes first");

static const uint8_t zeros[SIMD_POLY1305_BLOCK];

static void *cp_newctx(void *provctx)
{
    const simd_provctx *prov = provctx;
    cp_ctx *ctx = simd_algctx_new(prov, sizeof(*ctx));

    if (ctx == NULL)
        return NULL;
    ctx->ks.kernel = prov->choice.kernel[SIMD_ALG_CHACHA20];
    ctx->ks.counter_ahead = prov->chacha20_counter_ahead ? 1 : 0;
    ctx->mac.blocks = prov->choice.kernel[SIMD_ALG_POLY1305]->fn.poly1305;
    ctx->stitch =
        prov->choice.kernel[SIMD_ALG_CHACHA20_POLY1305]->fn.chacha20_poly1305;
    if (ctx->stitch == chacha20_poly1305_portable) /* the reference only */
        ctx->stitch = NULL;
    ctx->tls_payload = NO_TLS_PAYLOAD;
    return ctx;
}

static void cp_freectx(void *vctx)
{
    simd_algctx_free(vctx, sizeof(cp_ctx));
}

static void *cp_dupctx(void *vctx)
{
    return simd_algctx_dup(vctx, sizeof(cp_ctx));
}

/* The state every init, key or IV, resets: the message starts afresh. */
static void restart(cp_ctx *ctx)
{
    ctx->aad_len = ctx->text_len = 0;
    ctx->aad = 0;
    ctx->mac_inited = 0;
    ctx->no_block0 = 0;
    ctx->stash_len = 0;
    ctx->ks_ahead = 0;
    ctx->tls_payload = NO_TLS_PAYLOAD;
    ctx->ended = 0;
}

static int cp_set_ctx_params(void *vctx, const OSSL_PARAM params[]);

/* Same order of checks and effects as default: the direction first, then
 * the IV length, the key, the IV, the parameters. */
static int cp_init(cp_ctx *ctx, const unsigned char *key, size_t keylen,
                   const unsigned char *iv, size_t ivlen,
                   const OSSL_PARAM params[], int enc)
{
    if (ctx == NULL)
        return 0;
    ctx->enc = enc ? 1 : 0;
    if (iv != NULL && ivlen != CP_IVLEN) {
        SIMD_RAISE_MSG(ctx->prov, SIMD_R_INVALID_IV_LENGTH,
                       "ChaCha20-Poly1305 IV is %d bytes, got %zu", CP_IVLEN,
                       ivlen);
        return 0;
    }
    if (key != NULL) {
        if (keylen != CP_KEYLEN) {
            SIMD_RAISE_MSG(ctx->prov, SIMD_R_INVALID_KEY_LENGTH,
                           "ChaCha20-Poly1305 key is %d bytes, got %zu",
                           CP_KEYLEN, keylen);
            return 0;
        }
        restart(ctx);
        for (int i = 0; i < 8; i++)
            ctx->ks.key[i] = le32_load(key + 4 * i);
        /* The old key's keystream and one-time MAC key must not outlive
         * it. Rare (once per connection), so the whole state may go. */
        simd_cleanse(ctx->ks.buf, sizeof(ctx->ks.buf));
        simd_cleanse(ctx->start_ks, sizeof(ctx->start_ks));
        simd_cleanse(ctx->aad_stash, sizeof(ctx->aad_stash));
        simd_cleanse(&ctx->mac.st, sizeof(ctx->mac.st));
        simd_cleanse(ctx->mac.buf, sizeof(ctx->mac.buf));
    }
    if (iv != NULL) {
        restart(ctx);
        ctx->finished = 0;
        ctx->ks.counter[0] = 0;
        for (int i = 0; i < 3; i++)
            ctx->nonce[i] = ctx->ks.counter[1 + i] = le32_load(iv + 4 * i);
        ctx->ks.partial_len = 0;
    }
    return params == NULL || cp_set_ctx_params(ctx, params);
}

static int cp_einit(void *vctx, const unsigned char *key, size_t keylen,
                    const unsigned char *iv, size_t ivlen,
                    const OSSL_PARAM params[])
{
    return cp_init(vctx, key, keylen, iv, ivlen, params, 1);
}

static int cp_dinit(void *vctx, const unsigned char *key, size_t keylen,
                    const unsigned char *iv, size_t ivlen,
                    const OSSL_PARAM params[])
{
    return cp_init(vctx, key, keylen, iv, ivlen, params, 0);
}

/*
 * The message starts (default's lazy start: at its first AAD, data or
 * final). Block 0, the one-time key, is made only when the MAC needs it:
 * short AAD waits in aad_stash, so that block 0 and the keystream of the
 * first data call (up to 7 blocks) come from one kernel call. A kernel
 * call's fixed cost is about one block's (Zen 4, ns per call: AVX-512 1
 * block 87, 2 blocks 89, 8 blocks 144; AVX2 92, 112, 158), and a TLS 1.3
 * record is IV, AAD, data, final: a record of up to 448 bytes then takes
 * one ChaCha20 call instead of two.
 */
static void message_start(cp_ctx *ctx)
{
    ctx->aad_len = ctx->text_len = 0;
    ctx->mac_inited = 1;
    ctx->no_block0 = 1;
    ctx->stash_len = 0;
    ctx->ks_ahead = 0;
}

/*
 * How many data blocks to make with block 0. A message that fits is made
 * whole (one call). A longer one's blocks are made in one call after this
 * one only if their count is a multiple of 8 (the AVX2 group, half the
 * AVX-512 one, two SSSE3 ones), so the blocks made here are the rest
 * modulo 8. Where the kernel has a tail variant (asm/kernels.h) the call
 * after this one also makes the partial last block, so it counts; else
 * that block is a call of its own and only the whole blocks count. So
 * 1024 B is 1 + 16 blocks and 1350 B 7 + (15 + 1) with a tail variant,
 * 6 + 16 + 1 without, where 7 data blocks every time would make 8 + 8 + 1
 * in three calls and 8 + (8 + 6) + 1 in four (docs/performance.md,
 * "ChaCha20-Poly1305: chunks and block 0").
 */
static size_t start_blocks(const cp_ctx *ctx, size_t data)
{
    size_t blocks = (data + SIMD_CHACHA20_BLOCK - 1) / SIMD_CHACHA20_BLOCK;

    if (blocks < START_BLOCKS)
        return blocks;
    if (ctx->ks.kernel->chacha20_tail == NULL)
        blocks = data / SIMD_CHACHA20_BLOCK;
    return blocks % START_BLOCKS;
}

/* Block 0 and the keystream for `data` more bytes (start_blocks), then
 * the waiting AAD into the MAC. The blocks stay in the context, wiped on
 * re-key and free, as default keeps block 0. */
static void make_block0(cp_ctx *ctx, size_t data)
{
    size_t blocks = start_blocks(ctx, data);
    size_t n;

    n = (1 + blocks) * SIMD_CHACHA20_BLOCK;
    ctx->ks.counter[0] = 0;
    memset(ctx->start_ks, 0, n);
    ctx->ks.kernel->fn.chacha20(ctx->start_ks, ctx->start_ks, n, ctx->ks.key,
                       ctx->ks.counter);
    simd_poly1305_stream_init(&ctx->mac, ctx->mac.blocks, ctx->start_ks);
    ctx->ks.counter[0] = 1;
    ctx->ks.partial_len = 0;
    ctx->ks_ahead = (unsigned int)(blocks * SIMD_CHACHA20_BLOCK);
    ctx->no_block0 = 0;
    if (ctx->stash_len > 0)
        simd_poly1305_stream_update(&ctx->mac, ctx->aad_stash,
                                    ctx->stash_len);
    ctx->stash_len = 0;
}

/* AAD into the MAC, or into the stash while block 0 waits and it fits. */
static void absorb_aad(cp_ctx *ctx, const unsigned char *in, size_t len)
{
    if (ctx->no_block0) {
        if (len <= STASH - ctx->stash_len) {
            memcpy(ctx->aad_stash + ctx->stash_len, in, len);
            ctx->stash_len += (unsigned int)len;
            return;
        }
        make_block0(ctx, SIMD_CHACHA20_BLOCK); /* data not known yet */
    }
    simd_poly1305_stream_update(&ctx->mac, in, len);
}

/* out = in ^ ks, eight bytes at a time (each load before its store, so in
 * place and an output before its input are safe). */
static void xor_bytes(unsigned char *out, const unsigned char *in,
                      const uint8_t *ks, size_t n)
{
    for (; n >= 8; n -= 8, in += 8, out += 8, ks += 8) {
        uint64_t a, b;

        memcpy(&a, in, 8);
        memcpy(&b, ks, 8);
        a ^= b;
        memcpy(out, &a, 8);
    }
    while (n-- > 0)
        *out++ = *in++ ^ *ks++;
}

/*
 * The message's first data bytes from the keystream make_block0 made,
 * leaving the stream as if it had made them itself: past the blocks used
 * up, and a block used in part buffered with its bytes used (the counter
 * where the stream keeps it for a buffered block). Blocks made but not
 * reached are dropped: the stream makes them again when it gets there.
 * Returns the bytes done.
 */
static size_t from_start_ks(cp_ctx *ctx, unsigned char *out,
                            const unsigned char *in, size_t len)
{
    const uint8_t *ks = ctx->start_ks + SIMD_CHACHA20_BLOCK;
    size_t n = len < ctx->ks_ahead ? len : ctx->ks_ahead;
    size_t whole = n / SIMD_CHACHA20_BLOCK, part = n % SIMD_CHACHA20_BLOCK;

    ctx->ks_ahead = 0;
    xor_bytes(out, in, ks, n);
    ctx->ks.counter[0] = 1 + (uint32_t)whole;
    if (part > 0) {
        memcpy(ctx->ks.buf, ks + whole * SIMD_CHACHA20_BLOCK,
               SIMD_CHACHA20_BLOCK);
        ctx->ks.partial_len = (unsigned int)part;
        if (ctx->ks.counter_ahead)
            ctx->ks.counter[0]++;
    }
    return n;
}

static void keystream_xor(cp_ctx *ctx, unsigned char *out,
                          const unsigned char *in, size_t len)
{
    if (ctx->ks_ahead > 0 && len > 0) {
        size_t n = from_start_ks(ctx, out, in, len);

        out += n;
        in += n;
        len -= n;
    }
    if (len > 0)
        simd_chacha20_stream_xor(&ctx->ks, out, in, len);
}

/* Zero bytes up to the next multiple of 16 of `count` (default pads by
 * the AAD and text counts, not by where the MAC's stream stands). */
static void zero_pad(cp_ctx *ctx, uint64_t count)
{
    unsigned int rem = (unsigned int)(count % SIMD_POLY1305_BLOCK);

    if (rem != 0)
        simd_poly1305_stream_update(&ctx->mac, zeros,
                                    SIMD_POLY1305_BLOCK - rem);
}

/* Encrypt then MAC the ciphertext, or MAC the ciphertext then decrypt,
 * chunk by chunk. Safe in place: each chunk is MACed before it is
 * decrypted, and encrypted before it is MACed. */
static void two_passes(cp_ctx *ctx, unsigned char *out, const unsigned char *in,
                       size_t len)
{
    while (len > 0) {
        size_t n = len < CHUNK ? len : CHUNK;

        if (ctx->enc) {
            keystream_xor(ctx, out, in, n);
            simd_poly1305_stream_update(&ctx->mac, out, n);
        } else {
            simd_poly1305_stream_update(&ctx->mac, in, n);
            keystream_xor(ctx, out, in, n);
        }
        in += n;
        out += n;
        len -= n;
    }
}

/* The bytes before the stitched kernel can start: the keystream made with
 * block 0, or the rest of a buffered keystream block. */
static size_t before_stitch(const cp_ctx *ctx, size_t len)
{
    size_t lead = ctx->ks_ahead;

    if (lead == 0 && ctx->ks.partial_len > 0)
        lead = SIMD_CHACHA20_BLOCK - ctx->ks.partial_len;
    return lead < len ? lead : len;
}

/*
 * With a stitched kernel: the bytes before it can take over (see
 * before_stitch) in two passes, then its whole blocks in chunks, when the
 * streams stand where it can: no MAC block pending (data after AAD is
 * padded, so this holds unless the caller split the data at odd lengths)
 * and no output overlapping its input ahead (chacha20_stream.c bounces
 * those). Calls stop at the 32-bit counter wrap and carry as the stream
 * does; whatever is left goes in two passes. Out of line, and two_passes
 * untouched, so that without a stitched kernel the data path compiles as
 * it did before this hook (with the hook inside its loop, gcc moved
 * keystream_xor out of line: 11-20 more instructions per record,
 * callgrind).
 */
__attribute__((noinline)) static void
stitched(cp_ctx *ctx, unsigned char *out, const unsigned char *in, size_t len)
{
    size_t lead = before_stitch(ctx, len);
    uintptr_t o, i;

    two_passes(ctx, out, in, lead);
    out += lead, in += lead, len -= lead;
    /* A buffered block just used up: the stream moves past it lazily, at
     * its next bytes (chacha20_stream.c); these bytes are next. */
    if (len > 0 && ctx->ks.partial_len == SIMD_CHACHA20_BLOCK) {
        ctx->ks.partial_len = 0;
        if (!ctx->ks.counter_ahead)
            simd_chacha20_stream_advance(&ctx->ks, 1);
    }
    o = (uintptr_t)out, i = (uintptr_t)in;
    if (ctx->ks_ahead > 0 || ctx->ks.partial_len > 0 || ctx->mac.buf_len > 0 ||
        (o < i && i - o < len) || (o > i && o - i < len)) {
        two_passes(ctx, out, in, len);
        return;
    }
    while (len >= SIMD_CHACHA20_BLOCK) {
        uint64_t room = simd_chacha20_stream_room(&ctx->ks);
        uint64_t blocks = (len < CHUNK ? len : CHUNK) / SIMD_CHACHA20_BLOCK;
        size_t n;

        if (blocks > room)
            blocks = room;
        n = (size_t)blocks * SIMD_CHACHA20_BLOCK;
        ctx->stitch(out, in, n, ctx->ks.key, &ctx->mac.st, ctx->enc);
        simd_chacha20_stream_advance(&ctx->ks, (uint32_t)blocks);
        out += n, in += n, len -= n;
    }
    two_passes(ctx, out, in, len);
}
/* The kernel reads key || counter from one pointer (asm/kernels.h). */
_Static_assert(offsetof(simd_chacha20_stream, counter) ==
                   offsetof(simd_chacha20_stream, key) + 8 * sizeof(uint32_t),
               "chacha20_stream.h: counter follows key");

static void seal_or_open(cp_ctx *ctx, unsigned char *out,
                         const unsigned char *in, size_t len)
{
    if (ctx->stitch != NULL)
        stitched(ctx, out, in, len);
    else
        two_passes(ctx, out, in, len);
}

/* The padding, the lengths block and the tag; the message ends. */
static void message_finish(cp_ctx *ctx, uint8_t tag[CP_TAGLEN])
{
    uint8_t lens[16];

    if (ctx->no_block0)
        make_block0(ctx, 0);
    if (ctx->aad) {
        zero_pad(ctx, ctx->aad_len);
        ctx->aad = 0;
    }
    zero_pad(ctx, ctx->text_len);
    le64_store(lens, ctx->aad_len);
    le64_store(lens + 8, ctx->text_len);
    simd_poly1305_stream_update(&ctx->mac, lens, sizeof(lens));
    simd_poly1305_stream_final(&ctx->mac, tag);
    ctx->mac_inited = 0;
    ctx->ks_ahead = 0;
}

/*
 * A TLS 1.2 record, in one call: payload || tag (inl = payload + 16). On
 * encrypt the tag is written after the ciphertext; on decrypt the tag is
 * checked (constant time) and, when wrong, the plaintext written is wiped
 * and the call fails.
 */
static int tls_record(cp_ctx *ctx, unsigned char *out, size_t *outl,
                      const unsigned char *in, size_t inl)
{
    size_t plen = ctx->tls_payload;
    uint8_t tag[CP_TAGLEN];
    int ok = 1;

    message_start(ctx);
    make_block0(ctx, plen);
    simd_poly1305_stream_update(&ctx->mac, ctx->tls_aad, sizeof(ctx->tls_aad));
    ctx->aad_len = CP_TLS_AAD_LEN;
    ctx->aad = 0; /* the AAD went in padded: AAD given before tlsaad is gone */
    seal_or_open(ctx, out, in, plen);
    ctx->text_len = plen;
    message_finish(ctx, ctx->enc ? ctx->tag : tag);
    ctx->ks.partial_len = 0;
    ctx->tls_payload = NO_TLS_PAYLOAD;
    if (ctx->enc) {
        memcpy(out + plen, ctx->tag, CP_TAGLEN);
        *outl = inl;
    } else if (simd_memcmp(tag, in + plen, CP_TAGLEN) != 0) {
        simd_cleanse(out, plen);
        ok = 0;
    } else {
        *outl = plen;
    }
    simd_cleanse(tag, sizeof(tag));
    return ok;
}

/*
 * Every data call, as default's one AEAD routine: in == NULL is the final,
 * out == NULL is AAD, anything else is data (or, with tlsaad pending, the
 * TLS record). On failure *outl is 0 (left alone where default leaves it).
 */
static int aead(cp_ctx *ctx, unsigned char *out, size_t *outl,
                const unsigned char *in, size_t inl)
{
    size_t plen = ctx->tls_payload;

    if (ctx->ended) {
        SIMD_RAISE_MSG(ctx->prov, SIMD_R_MESSAGE_ENDED,
                       "EVP_Cipher(ctx, NULL, NULL, 0) ended the message");
        *outl = 0;
        return 0;
    }
    if (!ctx->mac_inited) {
        if (plen != NO_TLS_PAYLOAD && out != NULL) {
            if (inl != plen + CP_TAGLEN)
                return 0;
            /* Default reads the record from a NULL input: refuse. */
            if (in == NULL) {
                SIMD_RAISE(ctx->prov, SIMD_R_NULL_ARGUMENT);
                return 0;
            }
            return tls_record(ctx, out, outl, in, inl);
        }
        message_start(ctx);
        if (plen != NO_TLS_PAYLOAD) { /* tlsaad, then AAD through update */
            absorb_aad(ctx, ctx->tls_aad, CP_TLS_AAD_LEN);
            ctx->aad_len = CP_TLS_AAD_LEN;
            ctx->aad = 1;
        }
    }
    if (in != NULL) {
        if (out == NULL) {
            /* Refused on every release, as 3.5+ do (openssl#31188): 3.0
             * absorbed it into a tag no RFC 8439 message has. */
            if (ctx->text_len != 0) {
                SIMD_RAISE(ctx->prov, SIMD_R_AAD_AFTER_DATA);
                *outl = 0;
                return 0;
            }
            absorb_aad(ctx, in, inl);
            ctx->aad_len += inl;
            ctx->aad = 1;
            *outl = inl;
            return 1;
        }
        if (ctx->no_block0)
            make_block0(ctx, plen == NO_TLS_PAYLOAD ? inl : plen);
        if (ctx->aad) {
            zero_pad(ctx, ctx->aad_len);
            ctx->aad = 0;
        }
        ctx->tls_payload = NO_TLS_PAYLOAD;
        if (plen == NO_TLS_PAYLOAD) {
            plen = inl;
        } else if (inl != plen + CP_TAGLEN) {
            *outl = 0;
            return 0;
        }
        seal_or_open(ctx, out, in, plen);
        ctx->text_len += plen;
        in += plen;
        out += plen;
    }
    if (in == NULL || inl != plen) {
        uint8_t tag[CP_TAGLEN];
        int bad = 0;

        message_finish(ctx, ctx->enc ? ctx->tag : tag);
        if (in != NULL && inl != plen) { /* the tag rides after the data */
            if (ctx->enc) {
                memcpy(out, ctx->tag, CP_TAGLEN);
            } else if (simd_memcmp(tag, in, CP_TAGLEN) != 0) {
                simd_cleanse(out - plen, plen);
                bad = 1;
            } else {
                inl -= CP_TAGLEN;
            }
        } else if (!ctx->enc) {
            bad = simd_memcmp(tag, ctx->tag, ctx->tag_len) != 0;
        }
        simd_cleanse(tag, sizeof(tag));
        if (bad) {
            *outl = 0;
            return 0;
        }
    }
    *outl = inl;
    return 1;
}

/* The checks update and the one-shot cipher call share. */
static int checked_aead(cp_ctx *ctx, unsigned char *out, size_t *outl,
                        size_t outsize, const unsigned char *in, size_t inl)
{
    if (outsize < inl) {
        SIMD_RAISE_MSG(ctx->prov, SIMD_R_OUTPUT_BUFFER_TOO_SMALL,
                       "need %zu bytes, have %zu", inl, outsize);
        return 0;
    }
    return aead(ctx, out, outl, in, inl);
}

/* Default dereferences both: refuse instead of crashing. */
static int null_args(const cp_ctx *ctx, const size_t *outl)
{
    if (ctx != NULL && outl != NULL)
        return 0;
    if (ctx != NULL)
        SIMD_RAISE(ctx->prov, SIMD_R_NULL_ARGUMENT);
    return 1;
}

static int cp_update(void *vctx, unsigned char *out, size_t *outl,
                     size_t outsize, const unsigned char *in, size_t inl)
{
    cp_ctx *ctx = vctx;

    if (null_args(ctx, outl))
        return 0;
    if (ctx->finished) { /* 4.0+ (prov_ctx.h): checked before 0-byte calls */
        *outl = 0;
        SIMD_RAISE(ctx->prov, SIMD_R_MESSAGE_FINISHED);
        return 0;
    }
    if (inl == 0) {
        *outl = 0;
        return 1;
    }
    return checked_aead(ctx, out, outl, outsize, in, inl);
}

/*
 * EVP_Cipher. No input is the final (CVE-2026-75803: on every release), and
 * it ends the message until a new IV or key (openssl#32752: 3.0.22's default
 * went on with a second message under the same nonce). 0 bytes of input
 * are a no-op, as in update (openssl#32752: not the start of the data),
 * except with a TLS 1.2 record pending, which 0 bytes cannot be.
 */
static int cp_cipher(void *vctx, unsigned char *out, size_t *outl,
                     size_t outsize, const unsigned char *in, size_t inl)
{
    cp_ctx *ctx = vctx;
    int ok;

    if (null_args(ctx, outl))
        return 0;
    if (in != NULL && inl == 0 &&
        (out == NULL || ctx->tls_payload == NO_TLS_PAYLOAD || ctx->ended)) {
        *outl = 0;
        return 1;
    }
    ok = checked_aead(ctx, out, outl, outsize, in, inl);
    if (in == NULL && inl <= outsize) /* the final ran (or was refused) */
        ctx->ended = 1;
    return ok;
}

static int cp_final(void *vctx, unsigned char *out, size_t *outl,
                    size_t outsize)
{
    cp_ctx *ctx = vctx;

    (void)outsize;
    if (null_args(ctx, outl))
        return 0;
    /* 4.0+ (prov_ctx.h): refused before the message is touched. */
    if (!ctx->enc && ctx->tag_len == 0 && ctx->prov->aead_decrypt_needs_tag) {
        *outl = 0;
        SIMD_RAISE_MSG(ctx->prov, SIMD_R_TAG_NOT_SET,
                       "decrypt final with no tag set (SET_TAG)");
        return 0;
    }
    if (!aead(ctx, out, outl, NULL, 0))
        return 0;
    *outl = 0;
    if (ctx->prov->aead_update_after_final_refused)
        ctx->finished = 1;
    return 1;
}

/* --- Parameters, as the default provider reports and takes them --- */

static const OSSL_PARAM *cp_gettable_params(void *provctx)
{
    const simd_provctx *prov = provctx;

    return simd_cipher_gettable(prov != NULL && prov->aead_etm_gettable);
}

static int set_size(OSSL_PARAM params[], const char *key, size_t v)
{
    OSSL_PARAM *p = simd_param_locate_key(params, key);

    return p == NULL || simd_param_set_size_t(p, v);
}

/* 3.6+ refuse an array naming one of these twice (see prov_ctx.h); asked
 * only of arrays of more than one entry. */
static int get_params_repeat(const OSSL_PARAM params[])
{
    for (const OSSL_PARAM *g = simd_cipher_gettable(1); g->key != NULL; g++) {
        const OSSL_PARAM *p = simd_param_locate_key_const(params, g->key);

        if (p != NULL && simd_param_locate_key_const(p + 1, g->key) != NULL)
            return simd_core_release_noctx() >= 306;
    }
    return 0;
}

static int cp_get_params(OSSL_PARAM params[])
{
    if (params != NULL && params[0].key != NULL && params[1].key != NULL &&
        get_params_repeat(params))
        return 0;
    return simd_cipher_get_params(params, 1, CP_KEYLEN, CP_IVLEN);
}

static const OSSL_PARAM cp_known_gettable_ctx_params[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, NULL),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *cp_gettable_ctx_params(void *cctx, void *provctx)
{
    (void)cctx;
    (void)provctx;
    return cp_known_gettable_ctx_params;
}

static const OSSL_PARAM cp_known_settable_ctx_params[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED, NULL, 0),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *cp_settable_ctx_params(void *cctx, void *provctx)
{
    (void)cctx;
    (void)provctx;
    return cp_known_settable_ctx_params;
}

/* GET_TAG: a prefix of 1..16 bytes, on an encrypt context only. */
static int get_tag(cp_ctx *ctx, OSSL_PARAM *p)
{
    if (p->data_type != OSSL_PARAM_OCTET_STRING) {
        SIMD_RAISE(ctx->prov, SIMD_R_FAILED_TO_SET_PARAMETER);
        return 0;
    }
    if (!ctx->enc) {
        SIMD_RAISE_MSG(ctx->prov, SIMD_R_TAG_NOT_SET,
                       "no tag to get on a decrypt context");
        return 0;
    }
    if (p->data_size == 0 || p->data_size > CP_TAGLEN) {
        SIMD_RAISE_MSG(ctx->prov, SIMD_R_INVALID_TAG_LENGTH,
                       "tag is 1 to %d bytes, asked for %zu", CP_TAGLEN,
                       p->data_size);
        return 0;
    }
    /* Default copies into a NULL buffer and crashes: refuse instead. */
    if (p->data == NULL) {
        SIMD_RAISE(ctx->prov, SIMD_R_NULL_ARGUMENT);
        return 0;
    }
    memcpy(p->data, ctx->tag, p->data_size);
    return 1;
}

static int get_size_param(cp_ctx *ctx, OSSL_PARAM params[], const char *key,
                          size_t v)
{
    if (!set_size(params, key, v)) {
        SIMD_RAISE_MSG(ctx->prov, SIMD_R_FAILED_TO_SET_PARAMETER, "%s", key);
        return 0;
    }
    return 1;
}

static int get_size_one(cp_ctx *ctx, OSSL_PARAM *p, size_t v)
{
    if (!simd_param_set_size_t(p, v)) {
        SIMD_RAISE_MSG(ctx->prov, SIMD_R_FAILED_TO_SET_PARAMETER, "%s", p->key);
        return 0;
    }
    return 1;
}

/* p's key is the literal NAME (params.h: compares inline). */
#define KEY_IS(p, NAME) simd_param_key_is((p)->key, "" NAME, sizeof(NAME))

static const char *const cp_get_names[] = {
    OSSL_CIPHER_PARAM_KEYLEN, OSSL_CIPHER_PARAM_IVLEN,
    OSSL_CIPHER_PARAM_AEAD_TAGLEN, OSSL_CIPHER_PARAM_AEAD_TAG,
    OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD,
};
static const char *const cp_set_names[] = {
    OSSL_CIPHER_PARAM_KEYLEN, OSSL_CIPHER_PARAM_IVLEN,
    OSSL_CIPHER_PARAM_AEAD_TAG, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD,
    OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED,
};

/* The same outcome as the general path below for a list of one. */
static int get_one(cp_ctx *ctx, OSSL_PARAM *p)
{
    if (KEY_IS(p, OSSL_CIPHER_PARAM_IVLEN))
        return get_size_one(ctx, p, CP_IVLEN);
    if (KEY_IS(p, OSSL_CIPHER_PARAM_AEAD_TAG))
        return get_tag(ctx, p);
    if (KEY_IS(p, OSSL_CIPHER_PARAM_KEYLEN))
        return get_size_one(ctx, p, CP_KEYLEN);
    if (KEY_IS(p, OSSL_CIPHER_PARAM_AEAD_TAGLEN))
        return get_size_one(ctx, p, ctx->tag_len);
    if (KEY_IS(p, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD))
        return get_size_one(ctx, p, ctx->tls_aad_pad);
    return 1;
}

static int cp_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    cp_ctx *ctx = vctx;
    OSSL_PARAM *p;

    if (ctx == NULL)
        return 0;
    if (params == NULL)
        return 1;
    /* One parameter (EVP asks for the IV length at every init, libssl for
     * the tag after every record): only its own key is compared. */
    if (params[0].key != NULL && params[1].key == NULL)
        return get_one(ctx, &params[0]);
    if (ctx->prov->params_repeats_refused &&
        simd_cipher_params_repeat(ctx->prov, params, cp_get_names,
                                  SIMD_COUNT(cp_get_names)))
        return 0;
    if (!get_size_param(ctx, params, OSSL_CIPHER_PARAM_IVLEN, CP_IVLEN) ||
        !get_size_param(ctx, params, OSSL_CIPHER_PARAM_KEYLEN, CP_KEYLEN) ||
        !get_size_param(ctx, params, OSSL_CIPHER_PARAM_AEAD_TAGLEN,
                        ctx->tag_len) ||
        !get_size_param(ctx, params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD,
                        ctx->tls_aad_pad))
        return 0;
    p = simd_param_locate_key(params, OSSL_CIPHER_PARAM_AEAD_TAG);
    return p == NULL || get_tag(ctx, p);
}

/* keylen and ivlen take only the fixed lengths. */
#define check_len(ctx, params, NAME, want, reason)                             \
    simd_cipher_check_len((ctx)->prov, params, NAME, want, reason,             \
                          "ChaCha20-Poly1305")

static int is_octets(const cp_ctx *ctx, const OSSL_PARAM *p)
{
    if (p->data_type == OSSL_PARAM_OCTET_STRING)
        return 1;
    SIMD_RAISE_MSG(ctx->prov, SIMD_R_FAILED_TO_GET_PARAMETER,
                   "%s must be an octet string", p->key);
    return 0;
}

/* SET_TAG: with data on decrypt (the tag to check), or NULL data to set
 * only the length. */
static int set_tag(cp_ctx *ctx, const OSSL_PARAM *p)
{
    if (!is_octets(ctx, p))
        return 0;
    if (p->data_size == 0 || p->data_size > CP_TAGLEN) {
        SIMD_RAISE_MSG(ctx->prov, SIMD_R_INVALID_TAG_LENGTH,
                       "tag is 1 to %d bytes, got %zu", CP_TAGLEN,
                       p->data_size);
        return 0;
    }
    if (p->data != NULL) {
        if (ctx->enc) {
            SIMD_RAISE_MSG(ctx->prov, SIMD_R_TAG_NOT_NEEDED,
                           "an encrypt context makes its own tag");
            return 0;
        }
        memcpy(ctx->tag, p->data, p->data_size);
    }
    ctx->tag_len = p->data_size;
    return 1;
}

/* tlsaad: the 13-byte TLS 1.2 AAD (seq || type || version || length). On
 * decrypt the length includes the tag, which the MACed AAD must not. */
static int set_tls_aad(cp_ctx *ctx, const OSSL_PARAM *p)
{
    const uint8_t *aad = p->data;
    size_t len;

    if (!is_octets(ctx, p))
        return 0;
    if (p->data_size != CP_TLS_AAD_LEN || aad == NULL) {
        SIMD_RAISE_MSG(ctx->prov, SIMD_R_INVALID_DATA,
                       "TLS AAD is %d bytes, got %zu", CP_TLS_AAD_LEN,
                       p->data_size);
        return 0;
    }
    /* Copied before the length is checked, as default does: a refused
     * record still replaces the AAD of one already pending. */
    memcpy(ctx->tls_aad, aad, CP_TLS_AAD_LEN);
    len = (size_t)aad[11] << 8 | aad[12];
    if (!ctx->enc) {
        if (len < CP_TAGLEN) {
            SIMD_RAISE_MSG(ctx->prov, SIMD_R_INVALID_DATA,
                           "TLS record of %zu bytes is shorter than its tag",
                           len);
            return 0;
        }
        len -= CP_TAGLEN;
    }
    ctx->tls_aad[11] = (uint8_t)(len >> 8);
    ctx->tls_aad[12] = (uint8_t)len;
    ctx->tls_payload = len;
    /* RFC 7905: the 64-bit sequence number xors the nonce's last 8 bytes. */
    ctx->ks.counter[1] = ctx->nonce[0];
    ctx->ks.counter[2] = ctx->nonce[1] ^ le32_load(aad);
    ctx->ks.counter[3] = ctx->nonce[2] ^ le32_load(aad + 4);
    ctx->mac_inited = 0;
    ctx->ended = 0; /* a new nonce: a new message may start */
    ctx->tls_aad_pad = CP_TAGLEN;
    return 1;
}

/* tlsivfixed: the whole 12-byte nonce (libssl's fixed IV for TLS 1.2). */
static int set_tls_iv_fixed(cp_ctx *ctx, const OSSL_PARAM *p)
{
    const uint8_t *iv = p->data;
    uint32_t old[3];

    if (!is_octets(ctx, p))
        return 0;
    if (p->data_size != CP_IVLEN || iv == NULL) {
        SIMD_RAISE_MSG(ctx->prov, SIMD_R_INVALID_IV_LENGTH,
                       "TLS fixed IV is %d bytes, got %zu", CP_IVLEN,
                       p->data_size);
        return 0;
    }
    for (int i = 0; i < 3; i++) {
        old[i] = ctx->ks.counter[1 + i];
        ctx->nonce[i] = ctx->ks.counter[1 + i] = le32_load(iv + 4 * i);
    }
    /* Mid-message, default made block 0 under the old nonce and goes on
     * under the new one: so must we, with no keystream made ahead. */
    if (ctx->no_block0) {
        for (int i = 0; i < 3; i++)
            ctx->ks.counter[1 + i] = old[i];
        make_block0(ctx, 0);
        for (int i = 0; i < 3; i++)
            ctx->ks.counter[1 + i] = ctx->nonce[i];
    }
    ctx->ks_ahead = 0;
    ctx->ended = 0;
    return 1;
}

/*
 * In default's order, each taking effect before the next is looked at.
 * Parameters it does not know (libssl sends tls-version and tls-mac-size
 * to every cipher) are ignored, as default ignores them.
 */
static int cp_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    cp_ctx *ctx = vctx;
    const OSSL_PARAM *p;

    if (params == NULL || params[0].key == NULL)
        return 1;
    if (ctx == NULL)
        return 0;
    /* SET_TAG before each record's final (TLS 1.3 open): straight to it,
     * the general path's outcome for a list of one. */
    if (params[1].key == NULL && KEY_IS(&params[0], OSSL_CIPHER_PARAM_AEAD_TAG))
        return set_tag(ctx, &params[0]);
    /* Likewise the TLS 1.2 record's AAD, once per record. */
    if (params[1].key == NULL &&
        KEY_IS(&params[0], OSSL_CIPHER_PARAM_AEAD_TLS1_AAD))
        return set_tls_aad(ctx, &params[0]);
    if (ctx->prov->params_repeats_refused &&
        simd_cipher_params_repeat(ctx->prov, params, cp_set_names,
                                  SIMD_COUNT(cp_set_names)))
        return 0;
    if (!check_len(ctx, params, OSSL_CIPHER_PARAM_KEYLEN, CP_KEYLEN,
                   SIMD_R_INVALID_KEY_LENGTH) ||
        !check_len(ctx, params, OSSL_CIPHER_PARAM_IVLEN, CP_IVLEN,
                   SIMD_R_INVALID_IV_LENGTH))
        return 0;
    /* 4.0+: an accepted ivlen lifts the after-final refusal (prov_ctx.h). */
    if (simd_param_locate_key_const(params, OSSL_CIPHER_PARAM_IVLEN) != NULL)
        ctx->finished = 0;
    p = simd_param_locate_key_const(params, OSSL_CIPHER_PARAM_AEAD_TAG);
    if (p != NULL && !set_tag(ctx, p))
        return 0;
    p = simd_param_locate_key_const(params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD);
    if (p != NULL && !set_tls_aad(ctx, p))
        return 0;
    p = simd_param_locate_key_const(params,
                                    OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED);
    return p == NULL || set_tls_iv_fixed(ctx, p);
}

typedef void (*fn_ptr)(void);

const OSSL_DISPATCH simd_chacha20_poly1305_functions[] = {
    {OSSL_FUNC_CIPHER_NEWCTX, (fn_ptr)cp_newctx},
    {OSSL_FUNC_CIPHER_FREECTX, (fn_ptr)cp_freectx},
    {OSSL_FUNC_CIPHER_DUPCTX, (fn_ptr)cp_dupctx},
    {OSSL_FUNC_CIPHER_ENCRYPT_INIT, (fn_ptr)cp_einit},
    {OSSL_FUNC_CIPHER_DECRYPT_INIT, (fn_ptr)cp_dinit},
    {OSSL_FUNC_CIPHER_UPDATE, (fn_ptr)cp_update},
    {OSSL_FUNC_CIPHER_FINAL, (fn_ptr)cp_final},
    {OSSL_FUNC_CIPHER_CIPHER, (fn_ptr)cp_cipher},
    {OSSL_FUNC_CIPHER_GET_PARAMS, (fn_ptr)cp_get_params},
    {OSSL_FUNC_CIPHER_GETTABLE_PARAMS, (fn_ptr)cp_gettable_params},
    {OSSL_FUNC_CIPHER_GET_CTX_PARAMS, (fn_ptr)cp_get_ctx_params},
    {OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, (fn_ptr)cp_gettable_ctx_params},
    {OSSL_FUNC_CIPHER_SET_CTX_PARAMS, (fn_ptr)cp_set_ctx_params},
    {OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, (fn_ptr)cp_settable_ctx_params},
    {0, NULL},
};
