/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Poly1305 kernels against the portable kernel and RFC 8439 (kernels.h).
 * States are compared by their value mod p (kernels may leave h in
 * different partially reduced forms), with h entering at its edges, states
 * split across calls, copied between kernels, and carrying foreign or
 * garbage tables.
 */
#include <stdio.h>
#include <sys/mman.h>
#include <stdlib.h>
#include <string.h>

#include "../../asm/le.h"
#include "../../asm/arch.h"
#include "kernels.h"
#include "poly1305_value.h"
#include "poly1305_vectors.h"
#include "testutil.h"

#define P1305 SIMD_POLY1305_BLOCK

static void for_each_poly1305(void (*check)(const simd_kernel_row *))
{
    tu_for_each_kernel(SIMD_ALG_POLY1305, check);
}

/* What a kernel takes of len: whole blocks, whole groups for group kernels. */
static size_t poly1305_len(const simd_kernel_row *k, size_t len)
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
static int poly1305_case(const simd_kernel_row *k, simd_poly1305 *st,
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
static void poly1305_mac(const simd_kernel_row *k, const uint8_t *key,
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

static void poly1305_kat(const simd_kernel_row *k)
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

void test_poly1305_kat(void)
{
    for_each_poly1305(poly1305_kat);
}

/* Every length 0..2048 in blocks with padbit 1, four cases each at random
 * misalignment, the last of them followed by one padbit-0 block. */
static void poly1305_all_lengths(const simd_kernel_row *k)
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

void test_poly1305_all_lengths(void)
{
    for_each_poly1305(poly1305_all_lengths);
}

static void poly1305_random_lengths(const simd_kernel_row *k)
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

void test_poly1305_random_lengths(void)
{
    for_each_poly1305(poly1305_random_lengths);
}

/* One message in random call sizes (short and long, to cross every
 * length path with the table built or not) equals it in one call, and the
 * portable kernel's. */
static void poly1305_split(const simd_kernel_row *k)
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

void test_poly1305_split(void)
{
    for_each_poly1305(poly1305_split);
}

/*
 * h entering at the edges the ABI allows: h[2] from 0 to 7 with the low
 * limbs all ones, all zeros or random; also h = p - 1, p, p + 1 in their
 * plain forms; keys with every r bit the clamp leaves (and r = 0), and
 * messages of all-ones blocks, which keep h near its largest.
 */
static void poly1305_edge_h(const simd_kernel_row *k)
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

void test_poly1305_edge_h(void)
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
static void poly1305_table(const simd_kernel_row *k)
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
static void poly1305_foreign_table(const simd_kernel_row *k)
{
    const simd_kernel_row *ks[TU_MAX_KERNELS];
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

void test_poly1305_table(void)
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
void test_poly1305_handoff(void)
{
    const simd_kernel_row *ks[TU_MAX_KERNELS];
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
static void poly1305_guard_pages(const simd_kernel_row *k)
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

void test_poly1305_guard_pages(void)
{
    for_each_poly1305(poly1305_guard_pages);
}

/* The comparison itself: tu_poly1305_value reduces each form of a value to
 * the same limbs (h + p, h + 2p, p itself, the largest h the ABI allows),
 * and poly1305_agree sees a kernel that is off by one, leaves h[2] >= 8,
 * or touches r or s. Without this, a lenient comparison would pass
 * everything. */
void test_poly1305_compare(void)
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
