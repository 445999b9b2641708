/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer harness: drives simd and OpenSSL's default provider through
 * their dispatch tables with the same fuzzer-chosen sequence (new/dup/free,
 * init with keys and IVs of any length, updates and one-shot calls of any
 * size and split, parameters of any type, final; ChaCha20, MD5, and
 * ChaCha20-Poly1305 with its tags and TLS records) and aborts when their
 * outcomes or outputs differ. The first input byte picks which simd
 * instance runs: one per kernel this CPU can run. The same input then
 * drives POLY1305 the same way.
 *
 * The parts, each in a file of its own:
 *   instances.c     default and the simd instances, loaded once
 *   input.c         parameters of any type, the buffers, the dup step
 *   cipher_steps.c  ChaCha20 and MD5 steps
 *   aead_steps.c    ChaCha20-Poly1305 steps, judged by the RFC 8439 model
 *                   (test/support/aead_model.h) and the deviations table too
 *   mac_steps.c     POLY1305 steps, with a model of default's state
 *
 * Built with clang -fsanitize=fuzzer,address,undefined (meson -Dfuzz=true);
 * replay_main.c runs it on files without libFuzzer.
 */
#define _GNU_SOURCE /* setenv */
#include <stdlib.h>
#include <string.h>

#include <openssl/err.h>

#include "testcaps.h"
#include "harness.h"

/* SIMDPROV_FUZZ_AEAD=1: every step is a ChaCha20-Poly1305 one (a long run
 * on the AEAD alone). */
static int aead_only;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    /* The CPU under test: SIMDPROV_TEST_LEVEL lowers it (test/support/testcaps.h). */
    uint32_t caps = simd_test_caps();

    (void)argc, (void)argv;
    aead_only = getenv("SIMDPROV_FUZZ_AEAD") != NULL &&
                strcmp(getenv("SIMDPROV_FUZZ_AEAD"), "1") == 0;
    if (getenv("OPENSSL_MODULES") == NULL)
        setenv("OPENSSL_MODULES", SIMDPROV_BUILD_DIR, 1);
    /* simd's own kernels, also where it would leave an algorithm to this
     * release's default (docs/behaviour.md, "Where simd steps aside"). */
    setenv("SIMDPROV_STEP_ASIDE", "no", 0);
    load_instances(caps);
    load_mac_instances(caps);
    ERR_clear_error();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size};
    alg_pair pair;
    aead_pair *ap;
    int pick;

    if (nsimd == 0)
        abort();
    pick = byte(&r) % nsimd;
    ap = aead_pair_new(&simd_fns[pick].aead, &default_fns.aead);
    alg_pair_new(&pair, &simd_fns[pick].algs, &default_fns.algs);
    for (int steps = 0; r.n > 0 && steps < 64; steps++) {
        int op = byte(&r);

        if (aead_only)
            op = AEAD_OPS + op % 9;
        if (op >= AEAD_OPS)
            aead_step(&r, op - AEAD_OPS, ap);
        else
            alg_step(&r, op, &pair);
        ERR_clear_error();
    }
    alg_pair_free(&pair);
    aead_pair_free(ap);
    if (!aead_only)
        fuzz_mac(data, size);
    return 0;
}
