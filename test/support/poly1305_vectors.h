/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Poly1305 known answers: RFC 8439 section 2.5.2 and the Appendix A.3 test
 * vectors (numbering as there). #5-#11 are built to reach the reduction's
 * edges: h that stays just above p after partial reduction, s whose
 * addition carries out of 128 bits, a message limb of all ones taking a
 * carry, h exactly p and p - 1 before the final reduction, and 5*H + L
 * steps whose intermediate or final result needs 131 bits.
 */
#ifndef SIMDPROV_TEST_POLY1305_VECTORS_H
#define SIMDPROV_TEST_POLY1305_VECTORS_H

typedef struct {
    const char *what;
    const char *key_hex;
    const char *text;    /* the message as text, or NULL: */
    const char *msg_hex; /* the message in hex */
    const char *tag_hex;
} poly1305_vector;

#define POLY1305_IETF_TEXT                                                     \
    "Any submission to the IETF intended by the Contributor for publication "  \
    "as all or part of an IETF Internet-Draft or RFC and any statement made "  \
    "within the context of an IETF activity is considered an \"IETF "         \
    "Contribution\". Such statements include oral statements in IETF "        \
    "sessions, as well as written and electronic communications made at any " \
    "time or place, which are addressed to"

static const poly1305_vector poly1305_vectors[] = {
    {"2.5.2", "85d6be7857556d337f4452fe42d506a8"
              "0103808afb0db2fd4abff6af4149f51b",
     "Cryptographic Forum Research Group", NULL,
     "a8061dc1305136c6c22b8baf0c0127a9"},
    {"A.3 #1 (zero key)", "00000000000000000000000000000000"
                          "00000000000000000000000000000000",
     NULL,
     "00000000000000000000000000000000" "00000000000000000000000000000000"
     "00000000000000000000000000000000" "00000000000000000000000000000000",
     "00000000000000000000000000000000"},
    {"A.3 #2 (r = 0)", "00000000000000000000000000000000"
                       "36e5f6b5c5e06070f0efca96227a863e",
     POLY1305_IETF_TEXT, NULL, "36e5f6b5c5e06070f0efca96227a863e"},
    {"A.3 #3 (s = 0)", "36e5f6b5c5e06070f0efca96227a863e"
                       "00000000000000000000000000000000",
     POLY1305_IETF_TEXT, NULL, "f3477e7cd95417af89a6b8794c310cf0"},
    {"A.3 #4", "1c9240a5eb55d38af333888604f6b5f0"
               "473917c1402b80099dca5cbc207075c0",
     "'Twas brillig, and the slithy toves\nDid gyre and gimble in the "
     "wabe:\nAll mimsy were the borogoves,\nAnd the mome raths outgrabe.",
     NULL, "4541669a7eaaee61e708dc7cbcc5eb62"},
    {"A.3 #5 (h not fully reduced)", "02000000000000000000000000000000"
                                     "00000000000000000000000000000000",
     NULL, "ffffffffffffffffffffffffffffffff",
     "03000000000000000000000000000000"},
    {"A.3 #6 (h + s overflows 2^128)", "02000000000000000000000000000000"
                                       "ffffffffffffffffffffffffffffffff",
     NULL, "02000000000000000000000000000000",
     "03000000000000000000000000000000"},
    {"A.3 #7 (all-ones limb and a carry)", "01000000000000000000000000000000"
                                           "00000000000000000000000000000000",
     NULL,
     "ffffffffffffffffffffffffffffffff" "f0ffffffffffffffffffffffffffffff"
     "11000000000000000000000000000000",
     "05000000000000000000000000000000"},
    {"A.3 #8 (h = p)", "01000000000000000000000000000000"
                       "00000000000000000000000000000000",
     NULL,
     "ffffffffffffffffffffffffffffffff" "fbfefefefefefefefefefefefefefefe"
     "01010101010101010101010101010101",
     "00000000000000000000000000000000"},
    {"A.3 #9 (h = p - 1)", "02000000000000000000000000000000"
                           "00000000000000000000000000000000",
     NULL, "fdffffffffffffffffffffffffffffff",
     "faffffffffffffffffffffffffffffff"},
    {"A.3 #10 (131-bit intermediate)", "01000000000000000400000000000000"
                                       "00000000000000000000000000000000",
     NULL,
     "e33594d7505e43b90000000000000000" "3394d7505e4379cd0100000000000000"
     "00000000000000000000000000000000" "01000000000000000000000000000000",
     "14000000000000005500000000000000"},
    {"A.3 #11 (131-bit final)", "01000000000000000400000000000000"
                                "00000000000000000000000000000000",
     NULL,
     "e33594d7505e43b90000000000000000" "3394d7505e4379cd0100000000000000"
     "00000000000000000000000000000000",
     "13000000000000000000000000000000"},
};

#endif
