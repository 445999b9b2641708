/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Reader for the known-answer files in test/support/data/ (test/support/data/README.md says
 * where each comes from). Three formats: OpenSSL's evp test format (stanzas
 * of "Name = value" lines, the first naming the algorithm), the NIST-like
 * "COUNT = n" stanzas of pyca/cryptography's vectors (the algorithm given by
 * the file), and C2SP Wycheproof's v1 JSON (aead_test_schema_v1.json). Every
 * field of a stanza, and every JSON member, must be known to the reader: a
 * field it does not understand (say, a new "Result" kind) is a load error,
 * not a vector silently read wrong.
 */
#ifndef SIMDPROV_KAT_DATA_H
#define SIMDPROV_KAT_DATA_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    KAT_CHACHA20, /* key 32, iv 16 (LE counter || nonce), in -> out */
    KAT_POLY1305, /* key 32, in = message, tag = 16-byte MAC */
    KAT_AEAD,     /* ChaCha20-Poly1305: key, iv = nonce (any length), aad,
                     in = plaintext, out = ciphertext, tag; valid */
    KAT_MD5,      /* in = message, tag = digest */
    KAT_NKINDS
} kat_kind;

typedef struct {
    uint8_t *p;
    size_t n;
} kat_buf;

typedef struct {
    kat_kind kind;
    size_t file;    /* index into kat_files */
    char where[96]; /* "file:line" or "file tcId N" */
    kat_buf key, iv, aad, in, out, tag;
    int valid;      /* AEAD: 0 = must not open (and may lack ct) */
    int has_out;    /* AEAD: the ciphertext is given */
} kat_vector;

typedef struct {
    const char *path;   /* relative to test/support/data/ */
    const char *format; /* "evp", "nist-<kind>", "wycheproof-v1" */
    const char *source; /* for messages */
} kat_file;

extern const kat_file kat_files[];
extern const size_t kat_nfiles;

typedef struct {
    kat_vector *v;
    size_t n, cap;
} kat_set;

/* Loads every file of kat_files from dir (test/support/data); 1 on success, else 0
 * with a message on stderr. */
int kat_load(const char *dir, kat_set *set);
void kat_free(kat_set *set);

extern const char *const kat_kind_name[KAT_NKINDS];

#endif
