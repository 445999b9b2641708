/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The ChaCha20-Poly1305 and POLY1305 shapes, through EVP exactly as their
 * callers call it:
 *   tls13 seal/open: libssl's TLS 1.3 record (tls13_enc): IV re-init with
 *     the per-record nonce (static IV XOR sequence number), on open the tag
 *     set first, the 5-byte record header as AAD, one update over the
 *     record, final, on seal get tag;
 *   tls12: libssl's TLS 1.2 record: the 13-byte EVP_CTRL_AEAD_TLS1_AAD
 *     (the nonce comes from it and the fixed IV) and one in-place update
 *     over payload + tag, which the cipher writes;
 *   one-shot: init with key and nonce, one update, final, get tag;
 *   poly1305: EVP_MAC init with the key, one update, final.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/err.h>
#include <openssl/evp.h>

#include "aead.h"
#include "regime.h"
#include "report.h"
#include "run.h"

typedef enum { TLS13_SEAL, TLS13_OPEN, TLS12_RECORD, ONE_SHOT, MAC } kind;

typedef struct {
    const char *group; /* for the geometric means */
    const char *name;
    kind kind;
    size_t len; /* payload bytes per op */
} shape;

/* Every name holds "aead" or "poly1305", so -f aead / -f poly1305 select
 * them all (and -f tls13, -f tls12 a part). */
static const shape shapes[] = {
    {"aead-tls13-seal", "aead tls13 seal 16", TLS13_SEAL, 16},
    {"aead-tls13-seal", "aead tls13 seal 64", TLS13_SEAL, 64},
    {"aead-tls13-seal", "aead tls13 seal 256", TLS13_SEAL, 256},
    {"aead-tls13-seal", "aead tls13 seal 1024", TLS13_SEAL, 1024},
    {"aead-tls13-seal", "aead tls13 seal 1350", TLS13_SEAL, 1350},
    {"aead-tls13-seal", "aead tls13 seal 8192", TLS13_SEAL, 8192},
    {"aead-tls13-seal", "aead tls13 seal 16384", TLS13_SEAL, 16384},
    {"aead-tls13-open", "aead tls13 open 16", TLS13_OPEN, 16},
    {"aead-tls13-open", "aead tls13 open 64", TLS13_OPEN, 64},
    {"aead-tls13-open", "aead tls13 open 256", TLS13_OPEN, 256},
    {"aead-tls13-open", "aead tls13 open 1024", TLS13_OPEN, 1024},
    {"aead-tls13-open", "aead tls13 open 1350", TLS13_OPEN, 1350},
    {"aead-tls13-open", "aead tls13 open 8192", TLS13_OPEN, 8192},
    {"aead-tls13-open", "aead tls13 open 16384", TLS13_OPEN, 16384},
    {"aead-tls12", "aead tls12 tlsaad 1350", TLS12_RECORD, 1350},
    {"aead-tls12", "aead tls12 tlsaad 16384", TLS12_RECORD, 16384},
    {"aead-one-shot", "aead one-shot 65536", ONE_SHOT, 65536},
    {"poly1305-mac", "poly1305 64", MAC, 64},
    {"poly1305-mac", "poly1305 1024", MAC, 1024},
    {"poly1305-mac", "poly1305 16384", MAC, 16384},
};

#define TAG 16
#define MAX_LEN 65536
/* Records opened in turn: each has its own nonce, so each its own tag. */
#define RING 8

typedef struct {
    const aead_side *side;
    EVP_CIPHER *cipher; /* NULL: this side does not serve ChaCha20-Poly1305 */
    EVP_MAC *mac;       /* NULL: nor POLY1305 */
} fetched;

typedef struct {
    const fetched *f;
    const shape *sh;
} shape_run;

static const uint8_t key[32] = {11, 12, 13}, static_iv[12] = {14, 15, 16};
static uint8_t *inbuf, *outbuf, *ring;
static volatile uint8_t sink;

/* TLS 1.3 (RFC 8446 5.3): the static IV XOR the 64-bit sequence number,
 * big-endian, in its last 8 bytes. */
static void record_nonce(uint64_t seq, uint8_t nonce[12])
{
    memcpy(nonce, static_iv, 12);
    for (int i = 0; i < 8; i++)
        nonce[4 + i] ^= (uint8_t)(seq >> (56 - 8 * i));
}

/* The TLS 1.3 record header, the AAD: application_data, TLS 1.2, length of
 * the protected record. */
static void record_header(size_t len, uint8_t hdr[5])
{
    hdr[0] = 23, hdr[1] = 3, hdr[2] = 3;
    hdr[3] = (uint8_t)((len + TAG) >> 8), hdr[4] = (uint8_t)(len + TAG);
}

static int tls13_seal(EVP_CIPHER_CTX *ctx, uint64_t seq, uint8_t *rec,
                      size_t len)
{
    uint8_t nonce[12], hdr[5];
    int outl, finl;

    record_nonce(seq, nonce);
    record_header(len, hdr);
    return EVP_CipherInit_ex(ctx, NULL, NULL, NULL, nonce, 1) &&
           EVP_CipherUpdate(ctx, NULL, &outl, hdr, sizeof(hdr)) &&
           EVP_CipherUpdate(ctx, rec, &outl, rec, (int)len) &&
           EVP_CipherFinal_ex(ctx, rec + outl, &finl) &&
           (size_t)(outl + finl) == len &&
           EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, TAG, rec + len);
}

/* Out of place, so the ring of sealed records stays valid. */
static int tls13_open(EVP_CIPHER_CTX *ctx, uint64_t seq, const uint8_t *rec,
                      uint8_t *out, size_t len)
{
    uint8_t nonce[12], hdr[5];
    int outl, finl;

    record_nonce(seq, nonce);
    record_header(len, hdr);
    return EVP_CipherInit_ex(ctx, NULL, NULL, NULL, nonce, 0) &&
           EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, TAG,
                               (void *)(rec + len)) &&
           EVP_CipherUpdate(ctx, NULL, &outl, hdr, sizeof(hdr)) &&
           EVP_CipherUpdate(ctx, out, &outl, rec, (int)len) &&
           EVP_CipherFinal_ex(ctx, out + outl, &finl) &&
           (size_t)(outl + finl) == len;
}

/* TLS 1.2 (RFC 7905): AAD = sequence number, type, version, payload
 * length; the cipher returns the tag room (16) and writes the tag after the
 * payload in the same update. */
static int tls12_record(EVP_CIPHER_CTX *ctx, uint64_t seq, uint8_t *rec,
                        size_t len)
{
    uint8_t aad[13];
    int outl;

    for (int i = 0; i < 8; i++)
        aad[i] = (uint8_t)(seq >> (56 - 8 * i));
    aad[8] = 23, aad[9] = 3, aad[10] = 3;
    aad[11] = (uint8_t)(len >> 8), aad[12] = (uint8_t)len;
    return EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_TLS1_AAD, sizeof(aad),
                               aad) == TAG &&
           EVP_CipherUpdate(ctx, rec, &outl, rec, (int)(len + TAG)) &&
           (size_t)outl == len + TAG;
}

static int one_shot(EVP_CIPHER_CTX *ctx, const EVP_CIPHER *c, size_t len)
{
    int outl, finl;

    return EVP_EncryptInit_ex2(ctx, c, key, static_iv, NULL) &&
           EVP_EncryptUpdate(ctx, outbuf, &outl, inbuf, (int)len) &&
           EVP_EncryptFinal_ex(ctx, outbuf + outl, &finl) &&
           EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, TAG, outbuf + len);
}

static int mac_once(EVP_MAC_CTX *m, size_t len, uint8_t tag[TAG])
{
    size_t tagl;

    return EVP_MAC_init(m, key, sizeof(key), NULL) &&
           EVP_MAC_update(m, inbuf, len) &&
           EVP_MAC_final(m, tag, &tagl, TAG) && tagl == TAG;
}

/* Keys the context as the caller does once per connection; for open,
 * seals the ring of records it will open. */
static void setup(const shape_run *r, EVP_CIPHER_CTX *ctx)
{
    const EVP_CIPHER *c = r->f->cipher;
    size_t stride = r->sh->len + TAG;

    switch (r->sh->kind) {
    case TLS13_SEAL:
        if (!EVP_CipherInit_ex(ctx, c, NULL, key, NULL, 1))
            fail("tls13 key");
        break;
    case TLS13_OPEN:
        if (!EVP_CipherInit_ex(ctx, c, NULL, key, NULL, 1))
            fail("tls13 key");
        for (uint64_t s = 0; s < RING; s++) {
            memcpy(ring + s * stride, inbuf, r->sh->len);
            if (!tls13_seal(ctx, s, ring + s * stride, r->sh->len))
                fail("sealing the records to open");
        }
        if (!EVP_CipherInit_ex(ctx, c, NULL, key, NULL, 0))
            fail("tls13 key");
        break;
    case TLS12_RECORD:
        if (!EVP_CipherInit_ex(ctx, c, NULL, key, NULL, 1) ||
            EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IV_FIXED,
                                sizeof(static_iv), (void *)static_iv) <= 0)
            fail("tls12 key and fixed IV");
        break;
    case ONE_SHOT:
    case MAC:
        break;
    }
}

/* Runs `iters` ops of one shape on one side; returns ns/op. */
static double time_shape(const void *arg, size_t iters)
{
    const shape_run *r = arg;
    const shape *sh = r->sh;
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    EVP_MAC_CTX *m = sh->kind == MAC ? EVP_MAC_CTX_new(r->f->mac) : NULL;
    uint8_t tag[TAG] = {0};
    double t0;
    int ok = 1;

    if (ctx == NULL || (sh->kind == MAC && m == NULL))
        fail("allocating contexts");
    setup(r, ctx);
    t0 = now_ns();
    for (size_t i = 0; i < iters && ok; i++) {
        switch (sh->kind) {
        case TLS13_SEAL:
            ok = tls13_seal(ctx, i, outbuf, sh->len);
            break;
        case TLS13_OPEN:
            ok = tls13_open(ctx, i % RING, ring + (i % RING) * (sh->len + TAG),
                            outbuf, sh->len);
            break;
        case TLS12_RECORD:
            ok = tls12_record(ctx, i, outbuf, sh->len);
            break;
        case ONE_SHOT:
            ok = one_shot(ctx, r->f->cipher, sh->len);
            break;
        case MAC:
            ok = mac_once(m, sh->len, tag);
            break;
        }
    }
    t0 = now_ns() - t0;
    if (!ok)
        fail(sh->name);
    sink ^= outbuf[0] ^ tag[0];
    EVP_CIPHER_CTX_free(ctx);
    EVP_MAC_CTX_free(m);
    return t0 / (double)iters;
}

static void fetch(fetched *f, const aead_side *s)
{
    f->side = s;
    ERR_set_mark();
    f->cipher = EVP_CIPHER_fetch(s->libctx, "ChaCha20-Poly1305", s->propq);
    f->mac = EVP_MAC_fetch(s->libctx, "POLY1305", s->propq);
    ERR_pop_to_mark(); /* a missing algorithm is reported below, not here */
}

/* Says once per algorithm that a selected shape cannot run, and which side
 * lacks it. */
static int runnable(const shape *sh, const fetched f[2], int reported[2])
{
    int is_mac = sh->kind == MAC;

    for (int s = 0; s < 2; s++) {
        if ((is_mac ? (void *)f[s].mac : (void *)f[s].cipher) != NULL)
            continue;
        if (!reported[is_mac]++)
            note("%s: not served by %s = %s; its shapes are skipped\n",
                 is_mac ? "POLY1305" : "ChaCha20-Poly1305", s ? "B" : "A",
                 f[s].side->label);
        return 0;
    }
    return 1;
}

void bench_aead(const aead_side *a, const aead_side *b, const run_opts *o)
{
    fetched f[2];
    int reported[2] = {0};
    trial tr;

    inbuf = aligned_alloc(64, MAX_LEN + 64);
    outbuf = aligned_alloc(64, MAX_LEN + 64);
    ring = aligned_alloc(64, RING * (16384 + TAG) + 64);
    if (inbuf == NULL || outbuf == NULL || ring == NULL)
        fail("allocating buffers");
    memset(inbuf, 0x5a, MAX_LEN + 64);
    memset(outbuf, 0xa5, MAX_LEN + 64);
    fetch(&f[0], a);
    fetch(&f[1], b);
    for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
        const shape *sh = &shapes[i];
        shape_run ra = {&f[0], sh}, rb = {&f[1], sh};
        const timed t[2] = {{time_shape, &ra}, {time_shape, &rb}};

        if (!selected(o, sh->name) || !runnable(sh, f, reported))
            continue;
        run_row(&tr, t, 2, o, sh->name);
        add_row(ROW_AB, sh->group, sh->name, (double)sh->len, &tr);
    }
    fflush(stdout);
    for (int s = 0; s < 2; s++) {
        EVP_CIPHER_free(f[s].cipher);
        EVP_MAC_free(f[s].mac);
    }
    free(inbuf);
    free(outbuf);
    free(ring);
}
