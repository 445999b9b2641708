/* SPDX-License-Identifier: Apache-2.0 */
/* The provider context: one per loaded instance (per library context). */
#ifndef SIMDPROV_PROV_CTX_H
#define SIMDPROV_PROV_CTX_H

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

#include "../asm/select.h"
#include "core_alloc.h"

typedef struct simd_provctx {
    const OSSL_CORE_HANDLE *handle;
    OSSL_FUNC_core_new_error_fn *new_error;
    OSSL_FUNC_core_set_error_debug_fn *set_error_debug;
    OSSL_FUNC_core_vset_error_fn *vset_error;
    simd_core_alloc alloc; /* the core's allocator (core_alloc.h) */
    /* Chosen once at init; read-only afterwards, so threads may share it. */
    simd_choice choice;
    char caps[256];      /* names of the probed capabilities */
    char rules[256];     /* the arch's selection rules this CPU triggers */
    char override_note[512]; /* override values that were ignored, why */
    /* The algorithms this release's default runs faster here, which simd
     * does not offer (asm/select.h simd_steps_aside), and why. */
    uint32_t steps_aside;
    char steps_aside_note[512];
    /* What query_operation answers: the algorithms not stepped aside,
     * each list ending with a NULL row. */
    OSSL_ALGORITHM ciphers[3], digests[2], macs[2];
    char buildinfo[1536];    /* build facts plus the chosen kernels */
    /*
     * The running libcrypto is 3.6 or later, whose default ChaCha20 advances
     * the block counter as soon as it buffers a partial block (3.0-3.5 do it
     * when the buffered block is used up). It shows after a key-only re-init,
     * so cipher_chacha20.c follows whichever release loaded us.
     */
    int chacha20_counter_ahead;
    /*
     * 3.6 and later: ChaCha20 answers (and lists) the "updated-iv" context
     * parameter, the current counter || nonce, so EVP_CIPHER_CTX_get_updated_iv
     * works; 3.0-3.5 leave it unanswered (success, nothing written). Neither
     * answers "iv", nor does ChaCha20-Poly1305 either of them.
     */
    int chacha20_updated_iv;
    /*
     * 3.6 and later: the parameter decoders of ChaCha20-Poly1305 (set and get
     * ctx params, get params) and POLY1305 (set ctx params, get params; the
     * get_params of both, having no provider context, ask OpenSSL_version_*
     * and raise nothing) refuse an array
     * naming one of their parameters twice (REPEATED_PARAMETER, nothing
     * applied); POLY1305's key must then be an octet string (anything else
     * fails with no error raised). 3.0-3.5 take the first one found.
     */
    int params_repeats_refused;
    /* 3.6 and later list "encrypt-then-mac" among the gettable algorithm
     * params of ChaCha20-Poly1305 and of ChaCha20 (measured on 3.6.5 and
     * 4.0.3), and get_params answers it: 0. */
    int aead_etm_gettable;
    /*
     * 4.0 and later: ChaCha20's set and get ctx params refuse an array naming
     * one of its parameters (keylen, ivlen; updated-iv when getting) twice
     * ("repeated parameter", nothing applied or written); 3.0-3.6 take the
     * first one found.
     */
    int chacha20_params_repeats_refused;
    /*
     * 4.0 and later: once a ChaCha20-Poly1305 message ends through
     * EVP_CipherFinal (a successful final: a decrypt whose tag fails does not
     * count), the update path refuses everything, AAD, data, TLS records and
     * 0-byte calls alike (returns 0, outl 0), until an init with an IV or an
     * accepted "ivlen" parameter (EVP's SET_IVLEN ctrl sends it unless the
     * length is the one EVP cached at an init with an IV). An init with a key
     * only, tlsivfixed and tlsaad do not lift it, a second final is still
     * accepted, and the one-shot EVP_Cipher path is neither checked nor
     * marks the end. 3.0-3.6 restart the same message under the same key and
     * nonce.
     */
    int aead_update_after_final_refused;
    /*
     * 4.0 and later: a ChaCha20-Poly1305 decrypt final with no tag length set
     * (no SET_TAG since the context was made) fails with "tag not set" and
     * leaves the message open (more data continues it); 3.0-3.6 compare
     * nothing and succeed. EVP_Cipher(ctx, NULL, NULL, 0) is not affected.
     */
    int aead_decrypt_needs_tag;
} simd_provctx;

/*
 * The running core's release (major * 100 + minor, 3.6 is 306) for the
 * dispatch functions that get no provider context (the algorithms'
 * get_params). It is the one value the module keeps per process, set by
 * every OSSL_provider_init from the core's own version parameter (never
 * from libcrypto's exports, which the module does not import). Every library
 * context of one libcrypto reports the same release; only a process with two
 * different libcryptos that both load simd (a program linking one
 * statically, a library using the shared one) sees the release of the one
 * that loaded it last.
 */
unsigned int simd_core_release_noctx(void);

#endif
