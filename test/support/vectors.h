/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Known-answer vectors, cited from their RFCs. ChaCha20 vectors are mapped to
 * OpenSSL's IV layout: 4-byte little-endian block counter || 12-byte nonce.
 */
#ifndef SIMDPROV_VECTORS_H
#define SIMDPROV_VECTORS_H

typedef struct {
    const char *origin;
    const char *key_hex;   /* 32 bytes */
    const char *iv_hex;    /* 16 bytes: counter LE || nonce */
    const char *plain;     /* text; NULL = zero bytes of len(cipher) */
    const char *cipher_hex;
} chacha20_vector;

static const chacha20_vector chacha20_vectors[] = {
    {"RFC 8439 2.4.2 (sunscreen)",
     "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "01000000" "000000000000004a00000000",
     "Ladies and Gentlemen of the class of '99: If I could offer you only one "
     "tip for the future, sunscreen would be it.",
     "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
     "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
     "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
     "5af90bbf74a35be6b40b8eedf2785e42874d"},
    {"RFC 8439 A.1 #1", /* all-zero key and nonce, counter 0 */
     "0000000000000000000000000000000000000000000000000000000000000000",
     "00000000" "000000000000000000000000", NULL,
     "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
     "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586"},
    {"RFC 8439 A.1 #2", /* as #1, counter 1 */
     "0000000000000000000000000000000000000000000000000000000000000000",
     "01000000" "000000000000000000000000", NULL,
     "9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed"
     "29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f"},
    {"RFC 8439 A.1 #3", /* key ends in 01, counter 1 */
     "0000000000000000000000000000000000000000000000000000000000000001",
     "01000000" "000000000000000000000000", NULL,
     "3aeb5224ecf849929b9d828db1ced4dd832025e8018b8160b82284f3c949aa5a"
     "8eca00bbb4a73bdad192b5c42f73f2fd4e273644c8b36125a64addeb006c13a0"},
    {"RFC 8439 A.1 #5", /* nonce ends in 02, counter 0 */
     "0000000000000000000000000000000000000000000000000000000000000000",
     "00000000" "000000000000000000000002", NULL,
     "c2c64d378cd536374ae204b9ef933fcd1a8b2288b3dfa49672ab765b54ee27c7"
     "8a970e0e955c14f3a88e741b97c286f75f8fc299e8148362fa198a39531bed6d"},
};

typedef struct {
    const char *message;
    const char *md5_hex;
} md5_vector;

/* RFC 1321 appendix A.5, the test suite. */
static const md5_vector md5_vectors[] = {
    {"", "d41d8cd98f00b204e9800998ecf8427e"},
    {"a", "0cc175b9c0f1b6a831c399e269772661"},
    {"abc", "900150983cd24fb0d6963f7d28e17f72"},
    {"message digest", "f96b697d7cb7938d525a2f31aaf161d0"},
    {"abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"},
    {"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
     "d174ab98d277d9f5a5611c2c9f419d9f"},
    {"1234567890123456789012345678901234567890123456789012345678901234567890"
     "1234567890",
     "57edf4a22be3c955ac49da2e2107b67a"},
};

#endif
