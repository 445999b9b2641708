/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20-Poly1305 messages over the two streams (RFC 8439 section 2.8),
 * as the running release's default provider makes them; what the cipher's
 * calls and parameters do is cipher_chacha20_poly1305.c's.
 *
 * - The Poly1305 one-time key is ChaCha20 block 0 under the key and the
 *   12-byte nonce; the data is XORed from block 1; the tag is Poly1305 over
 *   AAD || pad16 || ciphertext || pad16 || le64(aadlen) || le64(ctlen).
 * - A message starts lazily, at the first AAD, data or final after an init
 *   or a final; so after a final more data (or AAD, or a second final)
 *   restarts the same message under the same key and nonce. AAD after data
 *   is refused on every release (3.0's default absorbed it into a tag no
 *   RFC message has: openssl#31188).
 * - TLS 1.2 (tlsaad, 13 bytes): the next data call is one in-place
 *   payload || tag, the nonce is IV xor (0^4 || seq) (RFC 7905), and on
 *   decrypt a bad tag wipes the plaintext written.
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
#include "aead_chacha20_poly1305.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../asm/le.h"
#include "errors.h"
#include "secmem.h"

/* Two passes per chunk: see above for the size. */
#define CHUNK 16384

typedef simd_cp_ctx cp_ctx;

static const uint8_t zeros[SIMD_POLY1305_BLOCK];

void simd_cp_setup(cp_ctx *ctx)
{
    const simd_provctx *prov = ctx->prov;

    simd_chacha20_stream_init(&ctx->ks, prov);
    ctx->mac.blocks = prov->choice.kernel[SIMD_ALG_POLY1305]->fn.poly1305;
    ctx->stitch =
        prov->choice.kernel[SIMD_ALG_CHACHA20_POLY1305]->fn.chacha20_poly1305;
    if (ctx->stitch == chacha20_poly1305_portable) /* the reference only */
        ctx->stitch = NULL;
    ctx->tls_payload = NO_TLS_PAYLOAD;
}

/* No AAD or text counted, none waiting, no keystream made ahead. */
static void empty_message(cp_ctx *ctx)
{
    ctx->aad_len = ctx->text_len = 0;
    ctx->stash_len = 0;
    ctx->ks_ahead = 0;
}

/* The state every init, key or IV, resets: the message starts afresh. */
static void restart(cp_ctx *ctx)
{
    empty_message(ctx);
    ctx->aad = 0;
    ctx->mac_inited = 0;
    ctx->no_block0 = 0;
    ctx->tls_payload = NO_TLS_PAYLOAD;
    ctx->ended = 0;
}

void simd_cp_set_key(cp_ctx *ctx, const unsigned char key[CP_KEYLEN])
{
    restart(ctx);
    simd_chacha20_stream_set_key(&ctx->ks, key);
    /* The old key's keystream and one-time MAC key must not outlive it. */
    simd_cleanse(ctx->start_ks, sizeof(ctx->start_ks));
    simd_cleanse(ctx->aad_stash, sizeof(ctx->aad_stash));
    simd_poly1305_stream_wipe(&ctx->mac);
}

void simd_cp_set_iv(cp_ctx *ctx, const unsigned char iv[CP_IVLEN])
{
    uint32_t words[4];

    restart(ctx);
    words[0] = 0;
    for (int i = 0; i < 3; i++)
        ctx->nonce[i] = words[1 + i] = le32_load(iv + 4 * i);
    simd_chacha20_stream_set_iv(&ctx->ks, words);
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
    empty_message(ctx);
    ctx->mac_inited = 1;
    ctx->no_block0 = 1;
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

    if (blocks < CP_START_BLOCKS)
        return blocks;
    if (!simd_chacha20_stream_has_tail(&ctx->ks))
        blocks = data / SIMD_CHACHA20_BLOCK;
    return blocks % CP_START_BLOCKS;
}

/* Block 0 and the keystream for `data` more bytes (start_blocks), then
 * the waiting AAD into the MAC. The blocks stay in the context, wiped on
 * re-key and free, as default keeps block 0. */
static void make_block0(cp_ctx *ctx, size_t data)
{
    size_t blocks = start_blocks(ctx, data);

    simd_chacha20_stream_start_at_block0(&ctx->ks, ctx->start_ks, blocks);
    simd_poly1305_stream_init(&ctx->mac, ctx->mac.blocks, ctx->start_ks);
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
        if (len <= CP_STASH - ctx->stash_len) {
            memcpy(ctx->aad_stash + ctx->stash_len, in, len);
            ctx->stash_len += (unsigned int)len;
            return;
        }
        make_block0(ctx, SIMD_CHACHA20_BLOCK); /* data not known yet */
    }
    simd_poly1305_stream_update(&ctx->mac, in, len);
}

/*
 * The message's first data bytes from the keystream make_block0 made (the
 * stream is left as if it had made them itself). Blocks made but not
 * reached are dropped: the stream makes them again when it gets there.
 * Returns the bytes done.
 */
static size_t from_start_ks(cp_ctx *ctx, unsigned char *out,
                            const unsigned char *in, size_t len)
{
    size_t n = len < ctx->ks_ahead ? len : ctx->ks_ahead;

    ctx->ks_ahead = 0;
    simd_chacha20_stream_xor_made(&ctx->ks, out, in, n,
                                  ctx->start_ks + SIMD_CHACHA20_BLOCK);
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
        simd_chacha20_stream_xor_any_length(&ctx->ks, out, in, len);
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

    if (lead == 0)
        lead = simd_chacha20_stream_buffered(&ctx->ks);
    return lead < len ? lead : len;
}

/*
 * With a stitched kernel: the bytes before it can take over (see
 * before_stitch) in two passes, then its whole blocks in chunks, when the
 * streams stand where it can: no MAC block pending (data after AAD is
 * padded, so this holds unless the caller split the data at odd lengths)
 * and no output overlapping its input ahead (chacha20_stream.c bounces
 * those). The stream's calls stop at the 32-bit counter wrap and carry;
 * whatever is left goes in two passes. Out of line, and two_passes
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
    o = (uintptr_t)out, i = (uintptr_t)in;
    if (ctx->ks_ahead > 0 || ctx->mac.buf_len > 0 || (o < i && i - o < len) ||
        (o > i && o - i < len)) {
        two_passes(ctx, out, in, len);
        return;
    }
    while (len >= SIMD_CHACHA20_BLOCK) {
        size_t n = simd_chacha20_stream_xor_stitched(
            &ctx->ks, ctx->stitch, out, in, len < CHUNK ? len : CHUNK,
            &ctx->mac.st, ctx->enc);

        if (n == 0) /* the stream holds a partial block's keystream */
            break;
        out += n, in += n, len -= n;
    }
    two_passes(ctx, out, in, len);
}

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

int simd_cp_aead(cp_ctx *ctx, unsigned char *out, size_t *outl,
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

void simd_cp_set_tls_seq(cp_ctx *ctx, const unsigned char seq[8])
{
    uint32_t nonce[3];

    /* RFC 7905: the 64-bit sequence number xors the nonce's last 8 bytes. */
    nonce[0] = ctx->nonce[0];
    nonce[1] = ctx->nonce[1] ^ le32_load(seq);
    nonce[2] = ctx->nonce[2] ^ le32_load(seq + 4);
    simd_chacha20_stream_set_nonce(&ctx->ks, nonce);
    ctx->mac_inited = 0;
    ctx->ended = 0; /* a new nonce: a new message may start */
}

void simd_cp_set_fixed_iv(cp_ctx *ctx, const unsigned char iv[CP_IVLEN])
{
    for (int i = 0; i < 3; i++)
        ctx->nonce[i] = le32_load(iv + 4 * i);
    /* Mid-message, default made block 0 under the old nonce and goes on
     * under the new one: so must we, with no keystream made ahead. */
    if (ctx->no_block0)
        make_block0(ctx, 0);
    simd_chacha20_stream_set_nonce(&ctx->ks, ctx->nonce);
    ctx->ks_ahead = 0;
    ctx->ended = 0;
}
