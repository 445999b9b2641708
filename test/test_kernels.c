/* SPDX-License-Identifier: Apache-2.0 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
/*
 * Every kernel this CPU can run (table entries and the inner kernels behind
 * them), called directly through the kernel ABI and compared with the
 * portable kernel (and the RFC vectors): every whole-block length up to
 * 2048, random lengths up to 1 MiB, counters next to the 32-bit wrap,
 * misaligned and in-place buffers, buffers that end at an unmapped page,
 * and canaries around the output. Poly1305 states are compared by their
 * value mod p (kernels may leave h in different partially reduced forms),
 * with h entering at its edges, states split across calls, copied between
 * kernels, and carrying foreign or garbage tables.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../asm/le.h"
#include "../asm/arch.h"
#include "poly1305_value.h"
#include "poly1305_vectors.h"
#include "testutil.h"
#include "vectors.h"

#define MAX_RANDOM_LEN (1u << 20)
#define BLOCK SIMD_CHACHA20_BLOCK
#define SLACK 128 /* room for misalignment and canaries */

static uint32_t caps;

static int runnable(uint32_t needs)
{
    return simd_runnable(needs, caps);
}

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
static int chacha20_case_of(const simd_kernel *k, int tail, size_t len,
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
static int chacha20_case(const simd_kernel *k, size_t len,
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
static void for_each_chacha20(void (*check)(const simd_kernel *))
{
    const simd_kernel *ks[TU_MAX_KERNELS];
    size_t n = tu_kernels(SIMD_ALG_CHACHA20, ks);

    for (size_t i = 0; i < n; i++)
        check(ks[i]);
}

static void chacha20_kat(const simd_kernel *k)
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

static void test_chacha20_kat(void)
{
    for_each_chacha20(chacha20_kat);
}

/* One random case of `len` bytes: random key, nonce and counter (clamped
 * so the call does not wrap), random misalignment; 1 if it matches. */
static int chacha20_random_case(const simd_kernel *k, size_t len, int in_place)
{
    uint32_t key[8], ctr[4];

    random_state(key, ctr);
    ctr[0] = clamp_counter(ctr[0], len);
    return chacha20_case(k, len, tu_rand_below(64), tu_rand_below(64),
                         in_place, key, ctr);
}

/* Every whole-block length 0..2048, four cases each, one in place. */
static void chacha20_all_lengths(const simd_kernel *k)
{
    int bad = 0;

    for (size_t i = 0; i < 4 * (2048 / BLOCK + 1); i++)
        bad += !chacha20_random_case(k, i / 4 * BLOCK, i % 4 == 3);
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_chacha20_all_lengths(void)
{
    for_each_chacha20(chacha20_all_lengths);
}

static void chacha20_random_lengths(const simd_kernel *k)
{
    int bad = 0;
    size_t cases = tu_scaled(60, 4);

    for (size_t c = 0; c < cases; c++)
        bad += !chacha20_random_case(
            k, BLOCK * (1 + tu_rand_below(MAX_RANDOM_LEN / BLOCK)), c % 3 == 0);
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_chacha20_random_lengths(void)
{
    for_each_chacha20(chacha20_random_lengths);
}

/* Counters 0xfffffff0..0xffffffff, each with the longest non-wrapping call. */
static void chacha20_near_wrap(const simd_kernel *k)
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

static void test_chacha20_near_wrap(void)
{
    for_each_chacha20(chacha20_near_wrap);
}

/* Two mappings per buffer: data flush against an inaccessible page. */
typedef struct {
    uint8_t *base;
    size_t size, page;
} guarded;

static int guarded_open(guarded *g, size_t bytes)
{
    g->page = (size_t)sysconf(_SC_PAGESIZE);
    g->size = ((bytes + g->page - 1) / g->page + 2) * g->page;
    g->base = mmap(NULL, g->size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (g->base == MAP_FAILED)
        return 0;
    /* First and last pages are holes: a read or write there faults. */
    return mprotect(g->base, g->page, PROT_NONE) == 0 &&
           mprotect(g->base + g->size - g->page, g->page, PROT_NONE) == 0;
}

static uint8_t *guarded_end(guarded *g, size_t len)
{
    return g->base + g->size - g->page - len;
}

static uint8_t *guarded_start(guarded *g)
{
    return g->base + g->page;
}

/* One call of the kernel (and of its tail variant) at in/out; 1 if right. */
static int chacha20_guarded_case(const simd_kernel *k, uint8_t *out,
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

static void chacha20_guard_pages(const simd_kernel *k)
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

static void test_chacha20_guard_pages(void)
{
    for_each_chacha20(chacha20_guard_pages);
}

static void for_each_md5(void (*check)(const simd_kernel *))
{
    for (size_t i = 0; i < simd_arch_this.tables[SIMD_ALG_MD5].n; i++)
        if (runnable(simd_arch_this.tables[SIMD_ALG_MD5].kernels[i].needs))
            check(&simd_arch_this.tables[SIMD_ALG_MD5].kernels[i]);
}

/* Same state as the portable kernel, and the input left as it was. */
static int md5_case(const simd_kernel *k, const uint8_t *in,
                    size_t nblocks)
{
    static uint8_t copy[64 * 64];
    uint32_t want[4], got[4];
    size_t check = 64 * nblocks < sizeof(copy) ? 64 * nblocks : sizeof(copy);

    for (int i = 0; i < 4; i++)
        want[i] = got[i] = (uint32_t)tu_rand();
    memcpy(copy, in, check);
    md5_blocks_portable(want, in, nblocks);
    k->fn.md5(got, in, nblocks);
    return memcmp(want, got, sizeof(want)) == 0 &&
           memcmp(copy, in, check) == 0;
}

static void md5_blocks(const simd_kernel *k)
{
    static uint8_t buf[MAX_RANDOM_LEN + 64];
    int bad = 0;

    tu_rand_bytes(buf, sizeof(buf));
    for (size_t n = 0; n <= 40; n++)
        for (size_t off = 0; off < 8; off++)
            bad += !md5_case(k, buf + off, n);
    for (size_t c = 0; c < tu_scaled(40, 4); c++)
        bad += !md5_case(k, buf + tu_rand_below(64),
                         tu_rand_below(MAX_RANDOM_LEN / 64));
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_md5_blocks(void)
{
    for_each_md5(md5_blocks);
}

static void md5_guard_pages(const simd_kernel *k)
{
    guarded g;
    int bad = 0;

    CU_ASSERT_FATAL(guarded_open(&g, 64 * 20));
    for (size_t n = 0; n <= 20; n++) {
        uint8_t *in = guarded_end(&g, 64 * n);

        tu_rand_bytes(in, 64 * n);
        bad += !md5_case(k, in, n);
        bad += !md5_case(k, guarded_start(&g), n);
    }
    CU_ASSERT_EQUAL(bad, 0);
    munmap(g.base, g.size);
}

static void test_md5_guard_pages(void)
{
    for_each_md5(md5_guard_pages);
}

/* The portable kernel itself against RFC 1321, through a minimal padder. */
static void test_md5_portable_kat(void)
{
    for (size_t v = 0; v < SIMD_COUNT(md5_vectors); v++) {
        const char *m = md5_vectors[v].message;
        size_t len = strlen(m), full = len / 64 * 64;
        uint32_t st[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
        uint8_t tail[128] = {0}, got[16], want[16];
        size_t tl = len - full, padded = tl + 1 + 8 <= 64 ? 64 : 128;

        md5_blocks_portable(st, (const uint8_t *)m, full / 64);
        memcpy(tail, m + full, tl);
        tail[tl] = 0x80;
        for (int i = 0; i < 8; i++)
            tail[padded - 8 + i] = (uint8_t)(((uint64_t)len * 8) >> (8 * i));
        md5_blocks_portable(st, tail, padded / 64);
        for (int i = 0; i < 4; i++)
            le32_store(got + 4 * i, st[i]);
        tu_unhex(md5_vectors[v].md5_hex, want, 16);
        CU_ASSERT_EQUAL(memcmp(got, want, 16), 0);
    }
}

/* ------------------------------------------------------------ Poly1305 */

#define P1305 SIMD_POLY1305_BLOCK

static void for_each_poly1305(void (*check)(const simd_kernel *))
{
    const simd_kernel *ks[TU_MAX_KERNELS];
    size_t n = tu_kernels(SIMD_ALG_POLY1305, ks);

    CU_ASSERT(n > 0);
    for (size_t i = 0; i < n; i++) {
        unsigned int failures = CU_get_number_of_failures();

        check(ks[i]);
        if (CU_get_number_of_failures() != failures) /* say which */
            fprintf(stderr, "\n  poly1305 %s failed", ks[i]->name);
    }
}

/* What a kernel takes of len: whole blocks, whole groups for group kernels. */
static size_t poly1305_len(const simd_kernel *k, size_t len)
{
    len -= len % P1305;
    return k->group != 0 ? len - len % k->group : len;
}

static uint8_t *poly1305_buf(void)
{
    static uint8_t *buf;

    if (buf == NULL && (buf = malloc(MAX_RANDOM_LEN + SLACK)) == NULL)
        abort();
    return buf;
}

/* A kernel's state after a call agrees with the portable kernel's: h equal
 * mod p and h[2] < 8 (the ABI's bound), r and s untouched. The limbs may
 * differ, and so may table_of and the table. */
static int poly1305_agree(const simd_poly1305 *got, const simd_poly1305 *want)
{
    return got->h[2] < 8 && tu_poly1305_same_h(got, want) &&
           memcmp(got->r, want->r, sizeof(got->r)) == 0 &&
           memcmp(got->s, want->s, sizeof(got->s)) == 0;
}

/* A random key; h random but partially reduced (h[2] < 8) or, every other
 * time, 0 as after init. The table is empty (init). */
static void poly1305_random_state(simd_poly1305 *st)
{
    uint8_t key[SIMD_POLY1305_KEY];

    tu_rand_bytes(key, sizeof(key));
    simd_poly1305_init(st, key);
    if (tu_rand() & 1) {
        st->h[0] = tu_rand();
        st->h[1] = tu_rand();
        st->h[2] = tu_rand() & 7;
    }
}

/* One call from the state *st (which it updates) against portable on a
 * copy of it; the input must be left as it was. 1 if all agree. */
static int poly1305_case(const simd_kernel *k, simd_poly1305 *st,
                         const uint8_t *in, size_t len, uint32_t padbit)
{
    static uint8_t copy[4096];
    simd_poly1305 want = *st;
    size_t check = len < sizeof(copy) ? len : sizeof(copy);

    memcpy(copy, in, check);
    poly1305_blocks_portable(&want, in, len, padbit);
    k->fn.poly1305(st, in, len, padbit);
    return poly1305_agree(st, &want) && memcmp(copy, in, check) == 0;
}

/* A whole message through one kernel: whole blocks, then the short last
 * block padded with 0x01 and zeros and absorbed with padbit 0, as the glue
 * does; `step` > 0 feeds the whole blocks in calls of that many bytes. */
static void poly1305_mac(const simd_kernel *k, const uint8_t *key,
                         const uint8_t *m, size_t n, size_t step,
                         uint8_t tag[SIMD_POLY1305_TAG])
{
    simd_poly1305 st;
    size_t full = n - n % P1305, done = 0;
    uint8_t last[P1305] = {0};

    simd_poly1305_init(&st, key);
    while (done < full) {
        size_t part = step == 0 || full - done < step ? full - done : step;

        k->fn.poly1305(&st, m + done, part, 1);
        done += part;
    }
    if (n > full) {
        memcpy(last, m + full, n - full);
        last[n - full] = 1;
        k->fn.poly1305(&st, last, P1305, 0);
    }
    simd_poly1305_emit(&st, tag);
}

static void poly1305_kat(const simd_kernel *k)
{
    if (k->group != 0)
        return; /* group kernels: the comparisons with portable */
    for (size_t v = 0; v < SIMD_COUNT(poly1305_vectors); v++) {
        const poly1305_vector *tv = &poly1305_vectors[v];
        uint8_t key[SIMD_POLY1305_KEY], msg[512], want[16], got[16];
        size_t n;

        tu_unhex(tv->key_hex, key, sizeof(key));
        tu_unhex(tv->tag_hex, want, sizeof(want));
        if (tv->text != NULL) {
            n = strlen(tv->text);
            memcpy(msg, tv->text, n);
        } else {
            n = tu_unhex(tv->msg_hex, msg, sizeof(msg));
        }
        /* In one call, and one block per call. */
        for (size_t step = 0; step <= P1305; step += P1305) {
            poly1305_mac(k, key, msg, n, step, got);
            if (memcmp(got, want, 16) != 0)
                fprintf(stderr, "\n  poly1305 %s: %s (step %zu) wrong", k->name,
                        tv->what, step);
            CU_ASSERT_EQUAL(memcmp(got, want, 16), 0);
        }
    }
}

static void test_poly1305_kat(void)
{
    for_each_poly1305(poly1305_kat);
}

/* Every length 0..2048 in blocks with padbit 1, four cases each at random
 * misalignment, the last of them followed by one padbit-0 block. */
static void poly1305_all_lengths(const simd_kernel *k)
{
    uint8_t *buf = poly1305_buf();
    int bad = 0;

    for (size_t i = 0; i < 4 * (2048 / P1305 + 1); i++) {
        size_t len = poly1305_len(k, i / 4 * P1305);
        uint8_t *in = buf + tu_rand_below(64);
        simd_poly1305 st;

        poly1305_random_state(&st);
        tu_rand_bytes(in, len + P1305);
        bad += !poly1305_case(k, &st, in, len, 1);
        if (i % 4 == 3 && k->group == 0)
            bad += !poly1305_case(k, &st, in + len, P1305, 0);
    }
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_poly1305_all_lengths(void)
{
    for_each_poly1305(poly1305_all_lengths);
}

static void poly1305_random_lengths(const simd_kernel *k)
{
    uint8_t *buf = poly1305_buf();
    int bad = 0;

    for (size_t c = 0; c < tu_scaled(40, 4); c++) {
        size_t len = poly1305_len(k, P1305 * (1 + tu_rand_below(
                                                      MAX_RANDOM_LEN / P1305)));
        uint8_t *in = buf + tu_rand_below(64);
        simd_poly1305 st;

        poly1305_random_state(&st);
        tu_rand_bytes(in, len);
        bad += !poly1305_case(k, &st, in, len, c % 5 != 4);
    }
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_poly1305_random_lengths(void)
{
    for_each_poly1305(poly1305_random_lengths);
}

/* One message in random call sizes (short and long, to cross every
 * length path with the table built or not) equals it in one call, and the
 * portable kernel's. */
static void poly1305_split(const simd_kernel *k)
{
    uint8_t *buf = poly1305_buf();
    size_t unit = k->group != 0 ? k->group : P1305;
    int bad = 0;

    for (size_t c = 0; c < tu_scaled(60, 6); c++) {
        size_t len = poly1305_len(k, tu_rand_below(c % 4 ? 8192 : 262144));
        simd_poly1305 one, parts, want;
        uint8_t *in = buf + tu_rand_below(32);

        poly1305_random_state(&one);
        parts = want = one;
        tu_rand_bytes(in, len);
        poly1305_blocks_portable(&want, in, len, 1);
        k->fn.poly1305(&one, in, len, 1);
        for (size_t done = 0; done < len;) {
            size_t max = tu_rand() & 1 ? 8 : len / unit;
            size_t part = unit * tu_rand_below(max + 1);

            if (part > len - done)
                part = len - done;
            k->fn.poly1305(&parts, in + done, part, 1);
            done += part;
        }
        bad += !poly1305_agree(&one, &want) || !poly1305_agree(&parts, &want);
    }
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_poly1305_split(void)
{
    for_each_poly1305(poly1305_split);
}

/*
 * h entering at the edges the ABI allows: h[2] from 0 to 7 with the low
 * limbs all ones, all zeros or random; also h = p - 1, p, p + 1 in their
 * plain forms; keys with every r bit the clamp leaves (and r = 0), and
 * messages of all-ones blocks, which keep h near its largest.
 */
static void poly1305_edge_h(const simd_kernel *k)
{
    static const uint64_t limbs[][2] = {
        {~(uint64_t)0, ~(uint64_t)0}, {0, 0}, {~(uint64_t)0, 0},
        {0, ~(uint64_t)0}, {~(uint64_t)0 - 4, ~(uint64_t)0}};
    static const size_t lengths[] = {0, 16, 32, 48, 64, 128, 256, 272, 1024,
                                     1040, 4096 + 48};
    uint8_t *in = poly1305_buf() + 8, key[SIMD_POLY1305_KEY];
    int bad = 0;

    for (unsigned kt = 0; kt < 3; kt++)
        for (uint64_t h2 = 0; h2 < 8; h2++)
            for (size_t l = 0; l < SIMD_COUNT(limbs) + 1; l++)
                for (size_t n = 0; n < SIMD_COUNT(lengths); n++) {
                    size_t len = poly1305_len(k, lengths[n]);
                    simd_poly1305 st;

                    /* r all ones (as clamped), r = 0, random */
                    memset(key, kt == 0 ? 0xff : 0, sizeof(key));
                    if (kt == 2)
                        tu_rand_bytes(key, sizeof(key));
                    simd_poly1305_init(&st, key);
                    if (l < SIMD_COUNT(limbs)) {
                        st.h[0] = limbs[l][0];
                        st.h[1] = limbs[l][1];
                    } else {
                        st.h[0] = tu_rand();
                        st.h[1] = tu_rand();
                    }
                    st.h[2] = h2;
                    memset(in, 0xff, len);
                    if (n % 2)
                        tu_rand_bytes(in, len);
                    bad += !poly1305_case(k, &st, in, len, (n + h2) % 3 != 0);
                }
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_poly1305_edge_h(void)
{
    for_each_poly1305(poly1305_edge_h);
}

/*
 * The table cache. A kernel's own id is what it leaves in table_of after a
 * long call from a fresh state (0 if it keeps no table). A state whose
 * table holds garbage, marked empty (0) or as another family's (any id but
 * the kernel's own), must give the right answer: the kernel rebuilds. And
 * a table the kernel filled itself, for this r, is reused across calls.
 */
static void poly1305_table(const simd_kernel *k)
{
    uint8_t *in = poly1305_buf();
    size_t len = poly1305_len(k, 4096);
    simd_poly1305 st;
    uint64_t own;
    int bad = 0;

    poly1305_random_state(&st);
    tu_rand_bytes(in, len);
    bad += !poly1305_case(k, &st, in, len, 1);
    own = st.table_of;
    for (uint64_t id = 0; id < 40; id++) {
        uint64_t other = id < 32 ? id : tu_rand();

        if (other == own)
            continue; /* its own id with garbage: not a state the ABI allows */
        for (size_t n = 0; n < 4; n++) {
            size_t l = poly1305_len(k, n == 0 ? P1305 : n == 1 ? 256 : len);

            poly1305_random_state(&st);
            st.table_of = other;
            tu_rand_bytes((uint8_t *)st.table, sizeof(st.table));
            if (n == 3) /* all-ones garbage: the worst for carries */
                memset(st.table, 0xff, sizeof(st.table));
            tu_rand_bytes(in, l);
            bad += !poly1305_case(k, &st, in, l, 1);
            /* and again on the table it just built */
            bad += !poly1305_case(k, &st, in, l, 1);
        }
    }
    CU_ASSERT_EQUAL(bad, 0);
}

/* A well-formed table from another kernel family, built for another key,
 * moved into a fresh state with its table_of: every kernel whose family it
 * is not must rebuild (the same family would rightly trust it). */
static void poly1305_foreign_table(const simd_kernel *k)
{
    const simd_kernel *ks[TU_MAX_KERNELS];
    size_t nk = tu_kernels(SIMD_ALG_POLY1305, ks);
    uint8_t *in = poly1305_buf();
    size_t len = poly1305_len(k, 2048);
    simd_poly1305 own, other, st;
    int bad = 0;

    poly1305_random_state(&own);
    tu_rand_bytes(in, 4096);
    /* twice: a key's first call may keep its table on the kernel's stack
     * (the avx2 entry), a second one keeps it in the state */
    k->fn.poly1305(&own, in, len, 1);
    k->fn.poly1305(&own, in, len, 1);
    for (size_t j = 0; j < nk; j++) {
        poly1305_random_state(&other);
        ks[j]->fn.poly1305(&other, in, poly1305_len(ks[j], 4096), 1);
        if (other.table_of == 0 || other.table_of == own.table_of)
            continue; /* no table, or k's own family */
        poly1305_random_state(&st);
        st.table_of = other.table_of;
        memcpy(st.table, other.table, sizeof(st.table));
        bad += !poly1305_case(k, &st, in, len, 1);
    }
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_poly1305_table(void)
{
    for_each_poly1305(poly1305_table);
    for_each_poly1305(poly1305_foreign_table);
}

/*
 * Handing a state between kernels, as EVP dup and a change of kernel do: a
 * message started on kernel A, the state copied with memcpy to a place
 * that is only 8-byte aligned, and finished on kernel B (every ordered
 * pair, A = B included) must equal portable over the whole message; so
 * must A finishing on the original.
 */
static void test_poly1305_handoff(void)
{
    const simd_kernel *ks[TU_MAX_KERNELS];
    size_t nk = tu_kernels(SIMD_ALG_POLY1305, ks);
    uint8_t *in = poly1305_buf();
    static uint64_t room[2 * sizeof(simd_poly1305) / 8 + 16];
    int bad = 0;

    for (size_t a = 0; a < nk; a++)
        for (size_t b = 0, said = 0; b < nk; b++, said = 0)
            for (size_t c = 0; c < tu_scaled(6, 3); c++) {
                size_t first = poly1305_len(ks[a], tu_rand_below(4096));
                size_t rest = poly1305_len(ks[b], tu_rand_below(4096));
                simd_poly1305 st, want, *copy;

                /* 8 * (1 + c % 7) bytes past a 64-byte boundary */
                copy = (simd_poly1305 *)(room + 8 - ((uintptr_t)room / 8) % 8 +
                                         1 + c % 7);
                poly1305_random_state(&st);
                want = st;
                tu_rand_bytes(in, first + rest);
                poly1305_blocks_portable(&want, in, first + rest, 1);
                ks[a]->fn.poly1305(&st, in, first, 1);
                memcpy(copy, &st, sizeof(st));
                ks[b]->fn.poly1305(copy, in + first, rest, 1);
                bad += !poly1305_agree(copy, &want);
                if (ks[a]->group == 0 ||
                    poly1305_len(ks[a], rest) == rest) {
                    ks[a]->fn.poly1305(&st, in + first, rest, 1);
                    bad += !poly1305_agree(&st, &want);
                }
                if (!poly1305_agree(copy, &want) && !said++)
                    fprintf(stderr, "\n  poly1305 %s -> %s after %zu bytes: "
                            "wrong", ks[a]->name, ks[b]->name, first);
            }
    CU_ASSERT_EQUAL(bad, 0);
}

/* Input flush against an unmapped page (ending there, and starting right
 * after one), and the state itself ending at one or starting after one:
 * nothing is read or written outside the message and the state. */
static void poly1305_guard_pages(const simd_kernel *k)
{
    guarded gi, gs;
    simd_poly1305 *st, want;
    int bad = 0;

    CU_ASSERT_FATAL(guarded_open(&gi, 4096) &&
                    guarded_open(&gs, sizeof(simd_poly1305)));
    for (size_t step = 0; step <= 1100; step += P1305) {
        size_t len = poly1305_len(k, step);
        uint8_t *ins[2] = {guarded_end(&gi, len), guarded_start(&gi)};

        for (int w = 0; w < 2; w++) {
            st = (simd_poly1305 *)(step % 32 ? guarded_start(&gs)
                                             : guarded_end(&gs, sizeof(*st)));
            poly1305_random_state(&want);
            *st = want;
            tu_rand_bytes(ins[w], len);
            bad += !poly1305_case(k, st, ins[w], len, 1);
        }
    }
    CU_ASSERT_EQUAL(bad, 0);
    munmap(gi.base, gi.size);
    munmap(gs.base, gs.size);
}

static void test_poly1305_guard_pages(void)
{
    for_each_poly1305(poly1305_guard_pages);
}

/* The comparison itself: tu_poly1305_value reduces each form of a value to
 * the same limbs (h + p, h + 2p, p itself, the largest h the ABI allows),
 * and poly1305_agree sees a kernel that is off by one, leaves h[2] >= 8,
 * or touches r or s. Without this, a lenient comparison would pass
 * everything. */
static void test_poly1305_compare(void)
{
    simd_poly1305 a, b;
    uint64_t v[3];
    uint8_t key[SIMD_POLY1305_KEY];

    tu_rand_bytes(key, sizeof(key));
    simd_poly1305_init(&a, key);
    b = a;
    a.h[0] = 3, a.h[1] = 0, a.h[2] = 0;      /* 3 */
    b.h[0] = 3 - 5, b.h[1] = ~(uint64_t)0; /* 3 + p = 2^130 - 2 */
    b.h[2] = 3;
    CU_ASSERT(poly1305_agree(&b, &a));
    b.h[2] = 7, b.h[0] = 3 - 10; /* 3 + 2p = 2^131 - 7 */
    CU_ASSERT(poly1305_agree(&b, &a));
    b.h[0] = (uint64_t)0 - 5, b.h[2] = 3; /* p */
    tu_poly1305_value(&b, v);
    CU_ASSERT(v[0] == 0 && v[1] == 0 && v[2] == 0);
    b.h[0] = b.h[1] = ~(uint64_t)0, b.h[2] = 7; /* 2^131 - 1 = 2p + 9 */
    tu_poly1305_value(&b, v);
    CU_ASSERT(v[0] == 9 && v[1] == 0 && v[2] == 0);
    b = a;
    b.h[0] = 4;
    CU_ASSERT(!poly1305_agree(&b, &a));
    b = a;
    a.h[0] = 13;
    b.h[2] = 8; /* 3 + 2^131 = 3 + 2p + 10: equal mod p, but h[2] too big */
    CU_ASSERT(tu_poly1305_same_h(&b, &a));
    CU_ASSERT(!poly1305_agree(&b, &a));
    a.h[0] = 3;
    b = a;
    b.r[1] ^= 4;
    CU_ASSERT(!poly1305_agree(&b, &a));
    b = a;
    b.s[0] ^= 1;
    CU_ASSERT(!poly1305_agree(&b, &a));
    b = a;
    b.table_of = 77, b.table[5] = 1; /* a kernel's cache: free to differ */
    CU_ASSERT(poly1305_agree(&b, &a));
}

/* The tables are well formed: levels lowest first from "portable" (caps 0),
 * each above it adding what the ones below lack, and the assembly capability; in
 * every table, portable last and needing nothing, and every other kernel
 * needing the assembly capability. */
static void test_tables(void)
{
    const simd_arch *a = &simd_arch_this;
    const simd_table *c = &a->tables[SIMD_ALG_CHACHA20];
    const simd_table *m = &a->tables[SIMD_ALG_MD5];
    const simd_table *p = &a->tables[SIMD_ALG_POLY1305];

    CU_ASSERT_FATAL(a->nlevels > 0);
    CU_ASSERT_STRING_EQUAL(a->levels[0].name, "portable");
    CU_ASSERT_EQUAL(a->levels[0].adds, 0);
    for (size_t i = 1; i < a->nlevels; i++) { /* each adds something new */
        CU_ASSERT(!simd_runnable(a->levels[i].adds, simd_level_caps(a, i - 1)));
        CU_ASSERT(simd_level_caps(a, i) & SIMD_CAP_ASM);
    }
    for (unsigned alg = 0; alg < SIMD_NALGS; alg++) {
        const simd_table *t = &a->tables[alg];

        CU_ASSERT_FATAL(t->n > 0);
        CU_ASSERT_STRING_EQUAL(t->kernels[t->n - 1].name, "portable");
        CU_ASSERT_EQUAL(t->kernels[t->n - 1].needs, 0);
        for (size_t i = 0; i + 1 < t->n; i++)
            CU_ASSERT(t->kernels[i].needs & SIMD_CAP_ASM);
    }
    CU_ASSERT_PTR_EQUAL(c->kernels[c->n - 1].fn.chacha20, chacha20_xor_portable);
    CU_ASSERT_PTR_EQUAL(m->kernels[m->n - 1].fn.md5, md5_blocks_portable);
    CU_ASSERT_PTR_EQUAL(p->kernels[p->n - 1].fn.poly1305,
                        poly1305_blocks_portable);
}

int main(void)
{
    static const tu_test tests[] = {
        {"kernel tables are well formed", test_tables},
        {"chacha20 RFC 8439 vectors, every kernel", test_chacha20_kat},
        {"chacha20 lengths 0..2048, every kernel", test_chacha20_all_lengths},
        {"chacha20 random lengths to 1 MiB", test_chacha20_random_lengths},
        {"chacha20 counters 0xfffffff0..0xffffffff", test_chacha20_near_wrap},
        {"chacha20 buffers at guard pages", test_chacha20_guard_pages},
        {"md5 RFC 1321 suite, portable kernel", test_md5_portable_kat},
        {"md5 blocks vs portable, every kernel", test_md5_blocks},
        {"md5 buffers at guard pages", test_md5_guard_pages},
        {"poly1305 comparison mod p sees errors", test_poly1305_compare},
        {"poly1305 RFC 8439 vectors, every kernel", test_poly1305_kat},
        {"poly1305 lengths 0..2048, every kernel", test_poly1305_all_lengths},
        {"poly1305 random lengths to 1 MiB", test_poly1305_random_lengths},
        {"poly1305 random call splits equal one call", test_poly1305_split},
        {"poly1305 h entering at its edges", test_poly1305_edge_h},
        {"poly1305 foreign or garbage table is rebuilt", test_poly1305_table},
        {"poly1305 state handed between kernels", test_poly1305_handoff},
        {"poly1305 buffers and state at guard pages",
         test_poly1305_guard_pages},
        {NULL, NULL},
    };

    caps = tu_caps();
    return tu_main("kernels", tests);
}
