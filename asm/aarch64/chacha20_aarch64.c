/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aarch64 ChaCha20 entries that route between two kernels (asm/kernels.h:
 * whole blocks only). An SVE2 batch costs about the same instructions
 * however few of its N blocks a call uses (~805), the NEON one-block path
 * about half that (~406: README.md), so one block or none goes to NEON and
 * everything longer to the SVE2 body.
 */
#include "kernels.h"

void chacha20_xor_sve2(uint8_t *out, const uint8_t *in, size_t len,
                       const uint32_t key[8], const uint32_t ctr[4])
{
    if (len <= SIMD_CHACHA20_BLOCK)
        chacha20_xor_neon(out, in, len, key, ctr);
    else
        chacha20_sve2_blocks(out, in, len, key, ctr);
}

/* A base-SVE batch costs about 1250 instructions however few of its
 * N = VL/32 blocks a call uses (1281 for a one-batch call, with the entry's
 * setup), while the NEON kernel costs 400, 778, 1156 and 1257 for one to
 * four blocks (neoverse-v1, README.md). So calls of up to four blocks go to
 * NEON, and so do the last one to three blocks after a call's whole
 * batches; a longer remainder is one more (short) batch. */
#define SVE_NEON_MAX (4 * SIMD_CHACHA20_BLOCK)
#define SVE_NEON_REST_MAX (3 * SIMD_CHACHA20_BLOCK)

void chacha20_xor_sve(uint8_t *out, const uint8_t *in, size_t len,
                      const uint32_t key[8], const uint32_t ctr[4])
{
    size_t batch, rest, head;

    if (len <= SVE_NEON_MAX) {
        chacha20_xor_neon(out, in, len, key, ctr);
        return;
    }
    batch = simd_aarch64_sve_bytes() * 16; /* N blocks of 64 bytes */
    rest = len % batch;
    head = len - rest;
    if (rest < SIMD_CHACHA20_BLOCK || rest > SVE_NEON_REST_MAX) {
        chacha20_sve_blocks(out, in, len, key, ctr);
    } else {
        uint32_t next[4] = {ctr[0] + (uint32_t)(head / SIMD_CHACHA20_BLOCK),
                            ctr[1], ctr[2], ctr[3]};

        chacha20_sve_blocks(out, in, head, key, ctr);
        chacha20_xor_neon(out + head, in + head, rest, key, next);
    }
}
