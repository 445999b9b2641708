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
#include <sys/mman.h>
#include <unistd.h>

#include "kernels.h"
#include "testutil.h"

uint32_t caps;

int runnable(uint32_t needs)
{
    return simd_runnable(needs, caps);
}

int guarded_open(guarded *g, size_t bytes)
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

uint8_t *guarded_end(guarded *g, size_t len)
{
    return g->base + g->size - g->page - len;
}

uint8_t *guarded_start(guarded *g)
{
    return g->base + g->page;
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