/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The ChaCha20-Poly1305 engine (RFC 8439 section 2.8) over the two streams
 * (chacha20_stream.h, poly1305_stream.h): messages, AAD, block 0, the
 * padding and lengths, the tag, TLS records. No OpenSSL parameters here:
 * cipher_chacha20_poly1305.c takes the cipher's dispatch calls and
 * parameters and drives this. The context is shared by both files (prov
 * first, see algctx.h); this file's functions own its message state.
 */
#ifndef SIMDPROV_AEAD_CHACHA20_POLY1305_H
#define SIMDPROV_AEAD_CHACHA20_POLY1305_H

#include <stddef.h>
#include <stdint.h>

#include "chacha20_stream.h"
#include "poly1305_stream.h"
#include "prov_ctx.h"

#define CP_KEYLEN 32
#define CP_IVLEN 12
#define CP_TAGLEN SIMD_POLY1305_TAG
#define CP_TLS_AAD_LEN 13
/* The TLS 1.2 record's payload length, or none pending. */
#define NO_TLS_PAYLOAD SIZE_MAX
/* Keystream blocks made when a message starts (aead_chacha20_poly1305.c,
 * make_block0), and the AAD that may wait for them. */
#define CP_START_BLOCKS 8
#define CP_STASH 64

typedef struct {
    const simd_provctx *prov; /* first: see algctx.h */
    simd_chacha20_stream ks;  /* key; its nonce is the one in use */
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
    uint8_t start_ks[CP_START_BLOCKS * SIMD_CHACHA20_BLOCK];
    uint8_t aad_stash[CP_STASH]; /* AAD before block 0 is made */
    unsigned int stash_len;
    unsigned int ks_ahead; /* bytes of start_ks after block 0 not used yet */
    unsigned int enc : 1;
    unsigned int mac_inited : 1; /* the message has started */
    unsigned int aad : 1;        /* AAD came last: pad before data */
    unsigned int no_block0 : 1;  /* started, block 0 not made yet */
    unsigned int ended : 1; /* EVP_Cipher's final ran: input needs a new IV */
    /* 4.0+: a final succeeded; update refused until a new IV (prov_ctx.h). */
    unsigned int finished : 1;
} simd_cp_ctx;

/* A new context's streams, on the provider's chosen kernels. */
void simd_cp_setup(simd_cp_ctx *ctx);

/* A new key (the nonce stays): the message restarts, and the old key's
 * keystream, one-time key and waiting AAD are wiped. */
void simd_cp_set_key(simd_cp_ctx *ctx, const unsigned char key[CP_KEYLEN]);

/* A new nonce (the key stays): the message restarts. */
void simd_cp_set_iv(simd_cp_ctx *ctx, const unsigned char iv[CP_IVLEN]);

/* TLS 1.2: the record's nonce, the IV xor (0^4 || seq) (RFC 7905); the
 * next data starts a new message. */
void simd_cp_set_tls_seq(simd_cp_ctx *ctx, const unsigned char seq[8]);

/* TLS 1.2: a fixed IV (the whole nonce), taking effect where the message
 * stands, as default does. */
void simd_cp_set_fixed_iv(simd_cp_ctx *ctx, const unsigned char iv[CP_IVLEN]);

/*
 * Every data call, as default's one AEAD routine: in == NULL is the final,
 * out == NULL is AAD, anything else is data (or, with tlsaad pending, the
 * TLS record). On failure *outl is 0 (left alone where default leaves it).
 * An authentication failure returns 0 with no error raised.
 */
int simd_cp_aead(simd_cp_ctx *ctx, unsigned char *out, size_t *outl,
                 const unsigned char *in, size_t inl);

#endif
