/* SPDX-License-Identifier: Apache-2.0 */
/* ChaCha20 kernels against the portable kernel and RFC 8439 (kernels.h). */
#include <sys/mman.h>
#include <stdlib.h>
#include <string.h>

#include "../../asm/le.h"
#include "../../asm/arch.h"
#include "kernels.h"
#include "testutil.h"
#include "vectors.h"

static void random_state(uint32_t key[8], uint32_t ctr[4])
{
    for (int i = 0; i < 8; i++)
        key[i] = (uint32_t)tu_rand();
    for (int i = 0; i < 4; i++)
        ctr[i] = (uint32_t)tu_rand();
}

/* Largest counter start so that `len` bytes do not wrap inside one call. */
static uint32_t clamp_counter(uint32_t ctr0, size_t len)
{
    uint64_t blocks = (len + 63) / 64;

    if (blocks > 0 && (uint64_t)ctr0 + blocks - 1 > 0xffffffffu)
        ctr0 = (uint32_t)(0x100000000ull - blocks);
    return ctr0;
}

/* The keystream block after len bytes from ctr (counter mod 2^32), as a
 * tail variant must make it. */
static void chacha20_tail_ref(uint8_t ref[64], size_t len,
                              const uint32_t key[8], const uint32_t ctr[4])
{
    static const uint8_t zero[64];
    uint32_t c[4] = {ctr[0] + (uint32_t)(len / 64), ctr[1], ctr[2], ctr[3]};

    chacha20_xor_portable(ref, zero, 64, key, c);
}

/* One case of one kernel (tail 0) or of its tail variant (tail 1) against
 * the portable one (len whole blocks, rounded down to the kernel's
 * group); checks canaries around the output and the tail block. */
static int chacha20_case_of(const simd_kernel_row *k, int tail, size_t len,
                            size_t in_off, size_t out_off, int in_place,
                            const uint32_t key[8], const uint32_t ctr[4])
{
    static uint8_t *in, *out, *ref;
    uint8_t *src, *dst, tail_buf[32 + 64 + 32], tail_ref[64];
    int ok;

    if (in == NULL) {
        in = malloc(MAX_RANDOM_LEN + SLACK);
        out = malloc(MAX_RANDOM_LEN + SLACK);
        ref = malloc(MAX_RANDOM_LEN + SLACK);
        if (in == NULL || out == NULL || ref == NULL)
            abort();
    }
    src = in + in_off;
    dst = in_place ? src : out + out_off + 32;
    tu_rand_bytes(src, len);
    chacha20_xor_portable(ref, src, len, key, ctr);
    if (!in_place)
        memset(out, 0xa5, len + out_off + 64);
    memset(tail_buf, 0xa5, sizeof(tail_buf));
    if (tail) {
        chacha20_tail_ref(tail_ref, len, key, ctr);
        k->chacha20_tail(dst, src, len, key, ctr, tail_buf + 32 + in_off % 7);
    } else
        k->fn.chacha20(dst, src, len, key, ctr);
    ok = memcmp(dst, ref, len) == 0;
    if (!in_place) {
        for (size_t i = 0; i < out_off + 32; i++)
            ok &= out[i] == 0xa5;
        for (size_t i = 0; i < 32; i++)
            ok &= dst[len + i] == 0xa5;
    }
    for (size_t i = 0; i < sizeof(tail_buf); i++) {
        size_t at = i - (32 + in_off % 7);

        if (tail && at < 64)
            ok &= tail_buf[i] == tail_ref[at];
        else
            ok &= tail_buf[i] == 0xa5;
    }
    return ok;
}

/* One case of the kernel, and of its tail variant where it has one. */
static int chacha20_case(const simd_kernel_row *k, size_t len,
                         size_t in_off, size_t out_off, int in_place,
                         const uint32_t key[8], const uint32_t ctr[4])
{
    int ok;

    if (k->group != 0)
        len -= len % k->group;
    ok = chacha20_case_of(k, 0, len, in_off, out_off, in_place, key, ctr);
    if (k->chacha20_tail != NULL)
        ok &= chacha20_case_of(k, 1, len, in_off, out_off, in_place, key,
                               ctr);
    return ok;
}

/* Every runnable ChaCha20 kernel: table entries, then inner kernels. */
static void for_each_chacha20(void (*check)(const simd_kernel_row *))
{
    tu_for_each_kernel(SIMD_ALG_CHACHA20, check);
}

static void chacha20_kat(const simd_kernel_row *k)
{
    for (size_t v = 0; v < SIMD_COUNT(chacha20_vectors); v++) {
        const chacha20_vector *tv = &chacha20_vectors[v];
        uint8_t keyb[32], ivb[16], want[512], plain[512] = {0}, got[512];
        uint32_t key[8], ctr[4];
        size_t n = tu_unhex(tv->cipher_hex, want, sizeof(want));
        size_t blocks = (n + BLOCK - 1) / BLOCK * BLOCK; /* zero padded */

        tu_unhex(tv->key_hex, keyb, 32);
        tu_unhex(tv->iv_hex, ivb, 16);
        for (int i = 0; i < 8; i++)
            key[i] = le32_load(keyb + 4 * i);
        for (int i = 0; i < 4; i++)
            ctr[i] = le32_load(ivb + 4 * i);
        if (tv->plain != NULL)
            memcpy(plain, tv->plain, n);
        if (k->group != 0)
            continue; /* group kernels: the comparison with portable */
        k->fn.chacha20(got, plain, blocks, key, ctr);
        CU_ASSERT_EQUAL(memcmp(got, want, n), 0);
    }
}

void test_chacha20_kat(void)
{
    for_each_chacha20(chacha20_kat);
}

/* One random case of `len` bytes: random key, nonce and counter (clamped
 * so the call does not wrap), random misalignment; 1 if it matches. */
static int chacha20_random_case(const simd_kernel_row *k, size_t len,
                                int in_place)
{
    uint32_t key[8], ctr[4];

    random_state(key, ctr);
    ctr[0] = clamp_counter(ctr[0], len);
    return chacha20_case(k, len, tu_rand_below(64), tu_rand_below(64),
                         in_place, key, ctr);
}

/* Every whole-block length 0..2048, four cases each, one in place. */
static void chacha20_all_lengths(const simd_kernel_row *k)
{
    int bad = 0;

    for (size_t i = 0; i < 4 * (2048 / BLOCK + 1); i++)
        bad += !chacha20_random_case(k, i / 4 * BLOCK, i % 4 == 3);
    CU_ASSERT_EQUAL(bad, 0);
}

void test_chacha20_all_lengths(void)
{
    for_each_chacha20(chacha20_all_lengths);
}

static void chacha20_random_lengths(const simd_kernel_row *k)
{
    int bad = 0;
    size_t cases = tu_scaled(60, 4);

    for (size_t c = 0; c < cases; c++)
        bad += !chacha20_random_case(
            k, BLOCK * (1 + tu_rand_below(MAX_RANDOM_LEN / BLOCK)), c % 3 == 0);
    CU_ASSERT_EQUAL(bad, 0);
}

void test_chacha20_random_lengths(void)
{
    for_each_chacha20(chacha20_random_lengths);
}

/* Counters 0xfffffff0..0xffffffff, each with the longest non-wrapping call. */
static void chacha20_near_wrap(const simd_kernel_row *k)
{
    uint32_t key[8], ctr[4];
    int bad = 0;

    for (uint32_t c = 0xfffffff0u; c != 0; c++) {
        size_t max = (size_t)(0x100000000ull - c) * 64;

        random_state(key, ctr);
        ctr[0] = c;
        bad += !chacha20_case(k, max, 0, 0, 0, key, ctr);
        bad += !chacha20_case(k, max - BLOCK * tu_rand_below(max / BLOCK), 3,
                              1, 0, key, ctr);
    }
    CU_ASSERT_EQUAL(bad, 0);
}

void test_chacha20_near_wrap(void)
{
    for_each_chacha20(chacha20_near_wrap);
}

/* One call of the kernel (and of its tail variant) at in/out; 1 if right. */
static int chacha20_guarded_case(const simd_kernel_row *k, uint8_t *out,
                                 uint8_t *in, size_t len,
                                 const uint32_t key[8], const uint32_t ctr[4])
{
    uint8_t ref[4096], tail[64], tail_ref[64];
    int ok;

    tu_rand_bytes(in, len);
    chacha20_xor_portable(ref, in, len, key, ctr);
    k->fn.chacha20(out, in, len, key, ctr);
    ok = memcmp(out, ref, len) == 0;
    if (k->chacha20_tail != NULL) {
        chacha20_tail_ref(tail_ref, len, key, ctr);
        k->chacha20_tail(out, in, len, key, ctr, tail);
        ok &= memcmp(out, ref, len) == 0 && memcmp(tail, tail_ref, 64) == 0;
    }
    return ok;
}

static void chacha20_guard_pages(const simd_kernel_row *k)
{
    guarded gi, go;
    uint32_t key[8], ctr[4];
    int bad = 0;

    CU_ASSERT_FATAL(guarded_open(&gi, 4096) && guarded_open(&go, 4096));
    for (size_t step = 0; step <= 1100; step += BLOCK) {
        /* group kernels touch only whole groups */
        size_t len = k->group != 0 ? step - step % k->group : step;

        random_state(key, ctr);
        ctr[0] = clamp_counter(ctr[0], len);
        bad += !chacha20_guarded_case(k, guarded_end(&go, len),
                                      guarded_end(&gi, len), len, key, ctr);
        /* And starting right after the leading hole. */
        bad += !chacha20_guarded_case(k, guarded_start(&go),
                                      guarded_start(&gi), len, key, ctr);
    }
    CU_ASSERT_EQUAL(bad, 0);
    munmap(gi.base, gi.size);
    munmap(go.base, go.size);
}

void test_chacha20_guard_pages(void)
{
    for_each_chacha20(chacha20_guard_pages);
}
