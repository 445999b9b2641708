/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The stitched ChaCha20-Poly1305 kernels (asm/kernels.h), every one this
 * CPU runs (table rows, the portable reference included, and inner
 * kernels), through the kernel ABI against the portable ChaCha20 kernel
 * followed by the portable Poly1305 kernel over the ciphertext: every
 * whole-block length up to 64 blocks and random ones to 256 KiB, seal and
 * open, counters next to the 32-bit wrap, misaligned and in-place buffers
 * with canaries around the output, h entering at its largest allowed
 * value, and one message handed back and forth between the stitched kernel
 * and every plain ChaCha20 and Poly1305 kernel (the state is the Poly1305
 * ABI's, so each must continue the other's work). States are compared by
 * their value mod p, r and s unchanged.
 */
#include <stdlib.h>
#include <string.h>

#include "../../asm/arch.h"
#include "poly1305_value.h"
#include "testutil.h"

#define BLOCK SIMD_CHACHA20_BLOCK
#define MAX_LEN (256u << 10)
#define SLACK 128 /* room for misalignment and canaries */

static uint32_t caps;
static uint8_t *inbuf, *outbuf, *refbuf;

static void buffers(void)
{
    if (inbuf != NULL)
        return;
    inbuf = malloc(MAX_LEN + SLACK);
    outbuf = malloc(MAX_LEN + SLACK);
    refbuf = malloc(MAX_LEN + SLACK);
    if (inbuf == NULL || outbuf == NULL || refbuf == NULL)
        abort();
}

static void random_kc(uint32_t kc[12], size_t len)
{
    uint64_t blocks = len / BLOCK;

    for (int i = 0; i < 12; i++)
        kc[i] = (uint32_t)tu_rand();
    if (blocks > 0 && (uint64_t)kc[8] + blocks - 1 > 0xffffffffu)
        kc[8] = (uint32_t)(0x100000000ull - blocks); /* no wrap in a call */
}

static void random_state(simd_poly1305 *st, int edge)
{
    uint8_t key[SIMD_POLY1305_KEY];

    tu_rand_bytes(key, sizeof(key));
    simd_poly1305_init(st, key);
    st->h[0] = tu_rand();
    st->h[1] = tu_rand();
    st->h[2] = tu_rand() & 7;
    if (edge) /* the largest h the ABI allows */
        st->h[0] = st->h[1] = ~(uint64_t)0, st->h[2] = 7;
}

/* Two states agree: h mod p (h[2] < 8 left), r and s untouched. */
static int same_state(const simd_poly1305 *a, const simd_poly1305 *b)
{
    return a->h[2] < 8 && tu_poly1305_same_h(a, b) &&
           memcmp(a->r, b->r, sizeof(a->r)) == 0 &&
           memcmp(a->s, b->s, sizeof(a->s)) == 0;
}

/* The reference: ChaCha20 with the portable kernel, then the portable
 * Poly1305 kernel over the ciphertext (in on open, ref on seal). */
static void reference(uint8_t *ref, const uint8_t *in, size_t len,
                      const uint32_t kc[12], simd_poly1305 *st, int enc)
{
    chacha20_xor_portable(ref, in, len, kc, kc + 8);
    poly1305_blocks_portable(st, enc ? ref : in, len, 1);
}

/* One case: len whole blocks (rounded down to the kernel's group), input
 * and output offsets, in place or not; canaries around a separate
 * output. */
static int one_case(const simd_kernel_row *k, size_t len, size_t in_off,
                    size_t out_off, int in_place, int enc, int edge,
                    uint32_t ctr0, int set_ctr)
{
    uint32_t kc[12];
    simd_poly1305 st, want;
    uint8_t *src = inbuf + in_off, *dst;
    int ok;

    if (k->group != 0)
        len -= len % k->group;
    random_kc(kc, len);
    if (set_ctr)
        kc[8] = ctr0;
    random_state(&st, edge);
    want = st;
    tu_rand_bytes(src, len);
    reference(refbuf, src, len, kc, &want, enc);
    dst = in_place ? src : outbuf + out_off + 32;
    if (!in_place)
        memset(outbuf, 0xa5, len + out_off + 64);
    k->fn.chacha20_poly1305(dst, src, len, kc, &st, enc);
    ok = memcmp(dst, refbuf, len) == 0 && same_state(&st, &want);
    if (!in_place) {
        for (size_t i = 0; i < out_off + 32; i++)
            ok &= outbuf[i] == 0xa5;
        for (size_t i = 0; i < 32; i++)
            ok &= dst[len + i] == 0xa5;
    }
    if (!ok)
        printf("\n  %s: %zu bytes (%s, in +%zu, out +%zu%s, h %s, ctr %#x) "
               "differs from portable",
               k->name, len, enc ? "seal" : "open", in_off, out_off,
               in_place ? ", in place" : "", edge ? "max" : "random", kc[8]);
    return ok;
}

static void for_each_stitched(void (*check)(const simd_kernel_row *))
{
    tu_for_each_kernel(SIMD_ALG_CHACHA20_POLY1305, check);
}

static void all_lengths(const simd_kernel_row *k)
{
    int bad = 0;

    for (size_t len = 0; len <= 64 * BLOCK; len += BLOCK)
        for (int enc = 0; enc < 2; enc++)
            bad += !one_case(k, len, 0, 0, 0, enc, len % 3 == 0, 0, 0);
    CU_ASSERT_EQUAL(bad, 0);
}

static void random_lengths(const simd_kernel_row *k)
{
    int bad = 0;
    size_t n = tu_scaled(60, 8);

    for (size_t i = 0; i < n && bad < 4; i++) {
        size_t len = tu_rand_below(MAX_LEN / BLOCK + 1) * BLOCK;

        bad += !one_case(k, len, tu_rand_below(16), tu_rand_below(16),
                         i % 4 == 3, (int)(i % 2), i % 5 == 0, 0, 0);
    }
    CU_ASSERT_EQUAL(bad, 0);
}

/* Counters 0xfffffff0..0xffffffff with every length that ends at the wrap
 * or before it. */
static void near_wrap(const simd_kernel_row *k)
{
    int bad = 0;

    for (uint32_t c = 0xfffffff0u; c != 0; c++) {
        size_t max = (size_t)(0x100000000ull - c);

        for (size_t b = 1; b <= max; b++)
            bad += !one_case(k, b * BLOCK, 0, 0, 0, (int)(b % 2), 0, c, 1);
    }
    CU_ASSERT_EQUAL(bad, 0);
}

/* Misaligned in and out, and in place, seal and open, at lengths around
 * each kernel's loop widths. */
static void misaligned_in_place(const simd_kernel_row *k)
{
    static const size_t blocks[] = {1, 3, 4, 5, 7, 8, 9, 16, 17, 31, 64, 65};
    int bad = 0;

    for (size_t i = 0; i < SIMD_COUNT(blocks); i++)
        for (size_t off = 0; off < 16; off += 3)
            for (int enc = 0; enc < 2; enc++) {
                bad += !one_case(k, blocks[i] * BLOCK, off, 15 - off, 0, enc,
                                 0, 0, 0);
                bad += !one_case(k, blocks[i] * BLOCK, off, 0, 1, enc, 1, 0,
                                 0);
            }
    CU_ASSERT_EQUAL(bad, 0);
}

/*
 * One message in random pieces, each through the stitched kernel or
 * through a plain ChaCha20 kernel and a plain Poly1305 kernel (every
 * runnable pair in turn, tables and inner kernels with whole groups), on
 * one state: the result must be the reference's. A Poly1305 vector kernel
 * builds its table in the shared state, so the stitched kernel must leave
 * the table alone or keep it consistent.
 */
static void handed_between(const simd_kernel_row *k)
{
    const simd_table *ct = &simd_arch_this.tables[SIMD_ALG_CHACHA20];
    const simd_kernel_row *pks[TU_MAX_KERNELS];
    size_t np = tu_kernels(SIMD_ALG_POLY1305, pks);
    int bad = 0, pairs = 0;

    for (size_t c = 0; c < ct->n; c++) {
        const simd_kernel_row *ck = &ct->kernels[c];

        if (!simd_runnable(ck->needs, caps))
            continue;
        for (size_t p = 0; p < np; p++) {
            const simd_kernel_row *pk = pks[p];
            size_t len = tu_rand_below(48) * 4 * BLOCK + 40 * BLOCK;
            uint32_t kc[12], ctr[4];
            simd_poly1305 st, want;
            int enc = pairs % 2 == 0, turn = pairs % 2;

            pairs++;
            random_kc(kc, len);
            random_state(&st, 0);
            want = st;
            tu_rand_bytes(inbuf, len);
            reference(refbuf, inbuf, len, kc, &want, enc);
            memcpy(outbuf, inbuf, len);
            memcpy(ctr, kc + 8, sizeof(ctr));
            for (size_t off = 0; off < len; turn ^= 1) {
                size_t n = (1 + tu_rand_below(12)) * BLOCK;
                uint8_t *b = outbuf + off;

                if (n > len - off)
                    n = len - off;
                if (!turn && pk->group != 0)
                    n -= n % pk->group;
                if (n == 0)
                    continue;
                if (turn) {
                    uint32_t kc2[12];

                    memcpy(kc2, kc, 8 * sizeof(uint32_t));
                    memcpy(kc2 + 8, ctr, sizeof(ctr));
                    k->fn.chacha20_poly1305(b, b, n, kc2, &st, enc);
                } else if (enc) {
                    ck->fn.chacha20(b, b, n, kc, ctr);
                    pk->fn.poly1305(&st, b, n, 1);
                } else {
                    pk->fn.poly1305(&st, b, n, 1);
                    ck->fn.chacha20(b, b, n, kc, ctr);
                }
                ctr[0] += (uint32_t)(n / BLOCK);
                off += n;
            }
            if (memcmp(outbuf, refbuf, len) != 0 ||
                !same_state(&st, &want)) {
                bad++;
                printf("\n  %s with chacha20 %s and poly1305 %s: %zu "
                       "bytes (%s) differ",
                       k->name, ck->name, pk->name, len,
                       enc ? "seal" : "open");
            }
        }
    }
    CU_ASSERT(pairs > 0);
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_all_lengths(void)
{
    for_each_stitched(all_lengths);
}

static void test_random_lengths(void)
{
    for_each_stitched(random_lengths);
}

static void test_near_wrap(void)
{
    for_each_stitched(near_wrap);
}

static void test_misaligned(void)
{
    for_each_stitched(misaligned_in_place);
}

static void test_handed(void)
{
    for_each_stitched(handed_between);
}

/* The table's shape: the portable reference last, needing nothing. */
static void test_table(void)
{
    const simd_table *t = &simd_arch_this.tables[SIMD_ALG_CHACHA20_POLY1305];

    CU_ASSERT_FATAL(t->n > 0);
    CU_ASSERT_PTR_EQUAL(t->kernels[t->n - 1].fn.chacha20_poly1305,
                        chacha20_poly1305_portable);
    for (size_t i = 0; i < t->n; i++)
        printf("\n  %s %s", t->kernels[i].name,
               simd_runnable(t->kernels[i].needs, caps) ? "runs here"
                                                        : "(not runnable here)");
}

int main(void)
{
    static const tu_test tests[] = {
        {"stitched table", test_table},
        {"stitched lengths 0..4096, seal and open", test_all_lengths},
        {"stitched random lengths to 256 KiB", test_random_lengths},
        {"stitched counters 0xfffffff0..0xffffffff", test_near_wrap},
        {"stitched misaligned and in place", test_misaligned},
        {"stitched state handed to and from plain kernels", test_handed},
        {NULL, NULL},
    };

    caps = tu_caps();
    buffers();
    return tu_main("stitched", tests);
}
