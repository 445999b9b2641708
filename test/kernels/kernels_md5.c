/* SPDX-License-Identifier: Apache-2.0 */
/* MD5 kernels against the portable kernel, and the portable kernel against
 * RFC 1321 (kernels.h). */
#include <sys/mman.h>
#include <stdlib.h>
#include <string.h>

#include "../../asm/le.h"
#include "../../asm/arch.h"
#include "kernels.h"
#include "testutil.h"
#include "vectors.h"

static void for_each_md5(void (*check)(const simd_kernel_row *))
{
    for (size_t i = 0; i < simd_arch_this.tables[SIMD_ALG_MD5].n; i++)
        if (runnable(simd_arch_this.tables[SIMD_ALG_MD5].kernels[i].needs))
            check(&simd_arch_this.tables[SIMD_ALG_MD5].kernels[i]);
}

/* Same state as the portable kernel, and the input left as it was. */
static int md5_case(const simd_kernel_row *k, const uint8_t *in,
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

static void md5_blocks(const simd_kernel_row *k)
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

void test_md5_blocks(void)
{
    for_each_md5(md5_blocks);
}

static void md5_guard_pages(const simd_kernel_row *k)
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

void test_md5_guard_pages(void)
{
    for_each_md5(md5_guard_pages);
}

/* The portable kernel itself against RFC 1321, through a minimal padder. */
void test_md5_portable_kat(void)
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
