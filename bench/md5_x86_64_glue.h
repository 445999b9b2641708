/*
 * Just enough MD5 init/update/final around a block kernel for the x86_64 MD5
 * benchmark to hash messages without the provider (the provider's
 * own glue is tested by the suites in test/). Not used by simd.so.
 */
#ifndef SIMDPROV_TEST_MD5_X86_64_GLUE_H
#define SIMDPROV_TEST_MD5_X86_64_GLUE_H

#include <string.h>

#include "../asm/kernels.h"
#include "../asm/x86_64/kernels.h"

typedef struct {
    const char *name;
    simd_md5_fn fn;
    int (*usable)(void);
} md5x_variant;

static int md5x_always(void) { return 1; }
static int md5x_bmi1(void) { return __builtin_cpu_supports("bmi"); }
static int md5x_avx512vl(void)
{
    return __builtin_cpu_supports("avx512f") &&
           __builtin_cpu_supports("avx512vl");
}

static const md5x_variant md5x_variants[] = {
    {"avx512vl", md5_blocks_avx512vl, md5x_avx512vl},
    {"bmi1", md5_blocks_bmi1, md5x_bmi1},
    {"x86_64", md5_blocks_x86_64, md5x_always},
    {"portable", md5_blocks_portable, md5x_always},
};
#define MD5X_NVARIANTS (sizeof(md5x_variants) / sizeof(md5x_variants[0]))

typedef struct {
    simd_md5_fn fn;
    uint32_t h[4];
    uint64_t total;
    uint8_t buf[64];
    size_t used;
} md5x_ctx;

static void md5x_init(md5x_ctx *c, simd_md5_fn fn)
{
    c->fn = fn;
    c->h[0] = 0x67452301;
    c->h[1] = 0xefcdab89;
    c->h[2] = 0x98badcfe;
    c->h[3] = 0x10325476;
    c->total = 0;
    c->used = 0;
}

static void md5x_update(md5x_ctx *c, const uint8_t *p, size_t n)
{
    c->total += n;
    if (c->used) {
        size_t take = 64 - c->used < n ? 64 - c->used : n;

        memcpy(c->buf + c->used, p, take);
        c->used += take;
        p += take;
        n -= take;
        if (c->used < 64)
            return;
        c->fn(c->h, c->buf, 1);
        c->used = 0;
    }
    if (n >= 64) {
        c->fn(c->h, p, n / 64);
        p += n & ~(size_t)63;
        n &= 63;
    }
    memcpy(c->buf, p, n);
    c->used = n;
}

static void md5x_final(md5x_ctx *c, uint8_t out[16])
{
    uint64_t bits = c->total * 8;

    c->buf[c->used++] = 0x80;
    if (c->used > 56) {
        memset(c->buf + c->used, 0, 64 - c->used);
        c->fn(c->h, c->buf, 1);
        c->used = 0;
    }
    memset(c->buf + c->used, 0, 56 - c->used);
    for (int i = 0; i < 8; i++)
        c->buf[56 + i] = (uint8_t)(bits >> (8 * i));
    c->fn(c->h, c->buf, 1);
    for (int i = 0; i < 16; i++)
        out[i] = (uint8_t)(c->h[i / 4] >> (8 * (i % 4)));
}

#endif
