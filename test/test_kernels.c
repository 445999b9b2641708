#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
/*
 * Every kernel this CPU can run (table entries and the inner kernels behind
 * them), called directly through the kernel ABI and compared with the
 * portable kernel (and the RFC vectors): every whole-block length up to
 * 2048, random lengths up to 1 MiB, counters next to the 32-bit wrap,
 * misaligned and in-place buffers, buffers that end at an unmapped page,
 * and canaries around the output.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../asm/le.h"
#include "../asm/arch.h"
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

/* Compares one kernel with the portable one on one case (len whole blocks,
 * rounded down to the kernel's group); checks canaries. */
static int chacha20_case(const simd_kernel *k, size_t len,
                         size_t in_off, size_t out_off, int in_place,
                         const uint32_t key[8], const uint32_t ctr[4])
{
    static uint8_t *in, *out, *ref;
    uint8_t *src, *dst;
    int ok;

    if (k->group != 0)
        len -= len % k->group;

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
    k->fn.chacha20(dst, src, len, key, ctr);
    ok = memcmp(dst, ref, len) == 0;
    if (!in_place) {
        for (size_t i = 0; i < out_off + 32; i++)
            ok &= out[i] == 0xa5;
        for (size_t i = 0; i < 32; i++)
            ok &= dst[len + i] == 0xa5;
    }
    return ok;
}

/* Every runnable ChaCha20 kernel: table entries, then inner kernels. */
static void for_each_chacha20(void (*check)(const simd_kernel *))
{
    const simd_table *lists[] = {&simd_arch_this.tables[SIMD_ALG_CHACHA20],
                                 &simd_arch_this.inner[SIMD_ALG_CHACHA20]};

    for (size_t l = 0; l < SIMD_COUNT(lists); l++)
        for (size_t i = 0; i < lists[l]->n; i++)
            if (runnable(lists[l]->kernels[i].needs))
                check(&lists[l]->kernels[i]);
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

static void chacha20_guard_pages(const simd_kernel *k)
{
    guarded gi, go;
    uint8_t ref[4096];
    uint32_t key[8], ctr[4];
    int bad = 0;

    CU_ASSERT_FATAL(guarded_open(&gi, 4096) && guarded_open(&go, 4096));
    for (size_t step = 0; step <= 1100; step += BLOCK) {
        /* group kernels touch only whole groups */
        size_t len = k->group != 0 ? step - step % k->group : step;
        uint8_t *in = guarded_end(&gi, len), *out = guarded_end(&go, len);

        random_state(key, ctr);
        ctr[0] = clamp_counter(ctr[0], len);
        tu_rand_bytes(in, len);
        chacha20_xor_portable(ref, in, len, key, ctr);
        k->fn.chacha20(out, in, len, key, ctr);
        bad += memcmp(out, ref, len) != 0;
        /* And starting right after the leading hole. */
        in = guarded_start(&gi);
        out = guarded_start(&go);
        tu_rand_bytes(in, len);
        chacha20_xor_portable(ref, in, len, key, ctr);
        k->fn.chacha20(out, in, len, key, ctr);
        bad += memcmp(out, ref, len) != 0;
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
        {NULL, NULL},
    };

    caps = tu_caps();
    return tu_main("kernels", tests);
}
