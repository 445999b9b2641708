/* SPDX-License-Identifier: Apache-2.0 */
#include <stdint.h>
#include <string.h>

#include <openssl/evp.h>

#include "callers.h"
#include "regime.h"
#include "run.h"
#include "shapes.h"

static const shape shapes[] = {
    /* Go x/crypto/chacha20: init(key, nonce) + COUNT updates of STEP. */
    {"chacha20-go", "ChaCha20 64", CHACHA_INIT_UPDATES, 1, 64, 0},
    {"chacha20-go", "ChaCha20 256", CHACHA_INIT_UPDATES, 1, 256, 0},
    {"chacha20-go", "ChaCha20 10x25", CHACHA_INIT_UPDATES, 10, 25, 0},
    {"chacha20-go", "ChaCha20 4096", CHACHA_INIT_UPDATES, 1, 4096, 0},
    {"chacha20-go", "ChaCha20 100x40", CHACHA_INIT_UPDATES, 100, 40, 0},
    {"chacha20-go", "ChaCha20 65536", CHACHA_INIT_UPDATES, 1, 65536, 0},
    {"chacha20-go", "ChaCha20 1000x65", CHACHA_INIT_UPDATES, 1000, 65, 0},
    /* Linux tcrypt: one update per op on a keyed context. */
    {"chacha20-tcrypt", "ChaCha20 update 16", CHACHA_UPDATE, 1, 16, 0},
    {"chacha20-tcrypt", "ChaCha20 update 64", CHACHA_UPDATE, 1, 64, 0},
    {"chacha20-tcrypt", "ChaCha20 update 256", CHACHA_UPDATE, 1, 256, 0},
    {"chacha20-tcrypt", "ChaCha20 update 1024", CHACHA_UPDATE, 1, 1024, 0},
    {"chacha20-tcrypt", "ChaCha20 update 8192", CHACHA_UPDATE, 1, 8192, 0},
    {"chacha20-tcrypt", "ChaCha20 update 16384", CHACHA_UPDATE, 1, 16384, 0},
    /* Go crypto/md5: init + update + final. */
    {"md5-go", "MD5 8", MD5_OP, 1, 8, 0},
    {"md5-go", "MD5 64", MD5_OP, 1, 64, 0},
    {"md5-go", "MD5 128", MD5_OP, 1, 128, 0},
    {"md5-go", "MD5 256", MD5_OP, 1, 256, 0},
    {"md5-go", "MD5 512", MD5_OP, 1, 512, 0},
    {"md5-go", "MD5 1K", MD5_OP, 1, 1024, 0},
    {"md5-go", "MD5 8K", MD5_OP, 1, 8192, 0},
    {"md5-go", "MD5 1M", MD5_OP, 1, 1 << 20, 0},
    {"md5-go", "MD5 8M", MD5_OP, 1, 8 << 20, 0},
    {"md5-go", "MD5 8 unaligned", MD5_OP, 1, 8, 1},
    {"md5-go", "MD5 1K unaligned", MD5_OP, 1, 1024, 1},
    {"md5-go", "MD5 8K unaligned", MD5_OP, 1, 8192, 1},
    /* The glue's fixed cost: ChaCha20 init + a 0-byte update; MD5 of "". */
    {"glue", "ChaCha20 init+update(0)", GLUE, 1, 0, 0},
    {"glue", "MD5 init+final(empty)", GLUE, 0, 0, 0},
    /* Every length class of the x86_64 kernels (one block, partial groups,
     * whole groups, long runs) and the common packet sizes. */
    {"chacha20-sweep", "ChaCha20 sweep 16", CHACHA_IV_UPDATE, 1, 16, 0},
    {"chacha20-sweep", "ChaCha20 sweep 64", CHACHA_IV_UPDATE, 1, 64, 0},
    {"chacha20-sweep", "ChaCha20 sweep 128", CHACHA_IV_UPDATE, 1, 128, 0},
    {"chacha20-sweep", "ChaCha20 sweep 192", CHACHA_IV_UPDATE, 1, 192, 0},
    {"chacha20-sweep", "ChaCha20 sweep 256", CHACHA_IV_UPDATE, 1, 256, 0},
    {"chacha20-sweep", "ChaCha20 sweep 320", CHACHA_IV_UPDATE, 1, 320, 0},
    {"chacha20-sweep", "ChaCha20 sweep 384", CHACHA_IV_UPDATE, 1, 384, 0},
    {"chacha20-sweep", "ChaCha20 sweep 512", CHACHA_IV_UPDATE, 1, 512, 0},
    {"chacha20-sweep", "ChaCha20 sweep 768", CHACHA_IV_UPDATE, 1, 768, 0},
    {"chacha20-sweep", "ChaCha20 sweep 1024", CHACHA_IV_UPDATE, 1, 1024, 0},
    {"chacha20-sweep", "ChaCha20 sweep 1350", CHACHA_IV_UPDATE, 1, 1350, 0},
    {"chacha20-sweep", "ChaCha20 sweep 2048", CHACHA_IV_UPDATE, 1, 2048, 0},
    {"chacha20-sweep", "ChaCha20 sweep 4096", CHACHA_IV_UPDATE, 1, 4096, 0},
    {"chacha20-sweep", "ChaCha20 sweep 8192", CHACHA_IV_UPDATE, 1, 8192, 0},
    {"chacha20-sweep", "ChaCha20 sweep 16384", CHACHA_IV_UPDATE, 1, 16384, 0},
    {"chacha20-sweep", "ChaCha20 sweep 65536", CHACHA_IV_UPDATE, 1, 65536, 0},
    /* chacha20-poly1305@openssh.com: one packet of STEP payload bytes. */
    {"chacha20-ssh", "ChaCha20 ssh 64", SSH_PACKET, 1, 64, 0},
    {"chacha20-ssh", "ChaCha20 ssh 256", SSH_PACKET, 1, 256, 0},
    {"chacha20-ssh", "ChaCha20 ssh 1024", SSH_PACKET, 1, 1024, 0},
    {"chacha20-ssh", "ChaCha20 ssh 16384", SSH_PACKET, 1, 16384, 0},
    {"chacha20-ssh", "ChaCha20 ssh 32768", SSH_PACKET, 1, 32768, 0},
    /* QUIC header protection: a 5-byte mask from a 16-byte sample. */
    {"chacha20-quic", "ChaCha20 quic hp", QUIC_HP, 1, 5, 0},
};

/* What an op of each kind does, for the failure message. */
static const char *const kind_name[] = {
    [CHACHA_INIT_UPDATES] = "init + updates",
    [CHACHA_UPDATE] = "update",
    [MD5_OP] = "digest",
    [MD5_UPDATE] = "digest update",
    [GLUE] = "init+update(0) or init+final",
    [CHACHA_IV_UPDATE] = "IV re-init + update",
    [SSH_PACKET] = "ssh packet",
    [QUIC_HP] = "quic header protection",
    [POLY1305_UPDATE] = "POLY1305 update",
};

/* OpenSSH's header key: the second half of its 64-byte key. */
static const uint8_t header_key[32] = {7, 8, 9};

/* The contexts of one shape's ops. */
typedef struct {
    EVP_CIPHER_CTX *cipher;
    EVP_CIPHER_CTX *header; /* OpenSSH's header key */
    EVP_MD_CTX *md;
    EVP_MAC_CTX *mac; /* POLY1305_UPDATE only */
} contexts;

/* Keys the contexts as the callers do once (EVP_CipherInit, as they do). */
static void setup(const side *s, const shape *sh, contexts *c)
{
    c->cipher = EVP_CIPHER_CTX_new();
    c->header = EVP_CIPHER_CTX_new();
    c->md = EVP_MD_CTX_new();
    c->mac = NULL;
    if (c->cipher == NULL || c->header == NULL || c->md == NULL)
        fail("allocating contexts");
    if ((sh->kind == CHACHA_UPDATE || sh->kind == CHACHA_IV_UPDATE ||
         sh->kind == SSH_PACKET || sh->kind == QUIC_HP) &&
        !EVP_CipherInit(c->cipher, s->chacha20, bench_key, bench_iv, 1))
        fail("init");
    if (sh->kind == SSH_PACKET &&
        !EVP_CipherInit(c->header, s->chacha20, header_key, bench_iv, 1))
        fail("header key init");
    if (sh->kind == MD5_UPDATE && !EVP_DigestInit_ex2(c->md, s->md5, NULL))
        fail("digest init");
    if (sh->kind == POLY1305_UPDATE) {
        if (s->poly1305 == NULL)
            fail("fetching this side's POLY1305 MAC");
        c->mac = EVP_MAC_CTX_new(s->poly1305);
        if (c->mac == NULL ||
            !EVP_MAC_init(c->mac, bench_key, sizeof(bench_key), NULL))
            fail("POLY1305 init");
    }
}

static void teardown(contexts *c)
{
    EVP_CIPHER_CTX_free(c->cipher);
    EVP_CIPHER_CTX_free(c->header);
    EVP_MD_CTX_free(c->md);
    EVP_MAC_CTX_free(c->mac);
}

double time_shape(const void *shape_run_arg, size_t iters)
{
    const shape_run *r = shape_run_arg;
    const side *s = r->side;
    const shape *sh = r->shape;
    uint8_t *out = bench_out;
    uint8_t md[16] = {0}, sample[16] = {0}, mask[5];
    unsigned int mdl;
    int outl, ok = 1;
    contexts c;
    double t0;

    setup(s, sh, &c);
    t0 = now_ns();
    for (size_t i = 0; i < iters && ok; i++) {
        const uint8_t *in = bench_in + sh->misalign;

        switch (sh->kind) {
        case CHACHA_INIT_UPDATES:
            ok = EVP_EncryptInit_ex2(c.cipher, s->chacha20, bench_key,
                                     bench_iv, NULL);
            for (size_t u = 0; u < sh->count && ok; u++)
                ok = EVP_EncryptUpdate(c.cipher, out, &outl,
                                       in + u * sh->step, (int)sh->step);
            break;
        case CHACHA_UPDATE:
            ok = EVP_EncryptUpdate(c.cipher, out, &outl, in, (int)sh->step);
            break;
        case MD5_OP:
            ok = EVP_DigestInit_ex2(c.md, s->md5, NULL) &&
                 EVP_DigestUpdate(c.md, in, sh->step) &&
                 EVP_DigestFinal_ex(c.md, md, &mdl);
            bench_sink ^= md[0];
            break;
        case MD5_UPDATE:
            ok = EVP_DigestUpdate(c.md, in, sh->step);
            break;
        case GLUE: /* ChaCha20 init + update(0), or MD5 of "" */
            if (sh->count == 1)
                ok = EVP_EncryptInit_ex2(c.cipher, s->chacha20, bench_key,
                                         bench_iv, NULL) &&
                     EVP_EncryptUpdate(c.cipher, out, &outl, in, 0);
            else
                ok = EVP_DigestInit_ex2(c.md, s->md5, NULL) &&
                     EVP_DigestFinal_ex(c.md, md, &mdl);
            break;
        case CHACHA_IV_UPDATE:
            ok = EVP_EncryptInit_ex2(c.cipher, NULL, NULL, bench_iv, NULL) &&
                 EVP_EncryptUpdate(c.cipher, out, &outl, out, (int)sh->step);
            break;
        case SSH_PACKET: /* the sequence number: one packet per op */
            ok = ssh_packet(c.cipher, c.header, i, out, sh->step, md);
            break;
        case QUIC_HP: /* each packet samples other ciphertext */
            sample[0] = (uint8_t)i, sample[5] = (uint8_t)(i >> 8);
            ok = quic_hp_mask(c.cipher, sample, mask);
            bench_sink ^= mask[0];
            break;
        case POLY1305_UPDATE:
            ok = EVP_MAC_update(c.mac, in, sh->step);
            break;
        }
    }
    t0 = now_ns() - t0;
    if (!ok)
        fail(kind_name[sh->kind]);
    bench_sink ^= out[0] ^ md[0];
    teardown(&c);
    return t0 / (double)iters;
}

void bench_shapes(const side *a, const side *b, const run_opts *o)
{
    trial tr;

    for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
        const shape *sh = &shapes[i];
        shape_run ra = {a, sh}, rb = {b, sh};
        const timed t[2] = {{time_shape, &ra}, {time_shape, &rb}};

        if (!selected(o, sh->name))
            continue;
        run_row(&tr, t, 2, o, sh->name);
        add_row(ROW_AB, sh->group, sh->name, (double)(sh->count * sh->step),
                &tr);
    }
}
