/*
 * x86_64 ChaCha20 entries: one per ISA level, each splitting a message (a
 * whole number of blocks, asm/kernels.h) among that level's block-count
 * kernels.
 *
 * A wide kernel computes a whole group even for a partial one, so the
 * blocks after the whole groups go to the narrowest kernel that covers
 * them (the `finish` tables). The SSSE3 and AVX2 levels also have a hybrid
 * kernel (vector groups plus one block in general-purpose registers: 5 or
 * 9 blocks) that is cheaper per byte but whose group size leaves awkward
 * remainders at power-of-two lengths; it is used when a cost estimate says
 * so. The COST_* constants are the relative costs of one call of each
 * kernel on a full group (in ns, but only their ratios matter); how they
 * were measured is in docs/performance.md. The AVX-512 split follows the
 * measured crossovers of its kernels (bench/chacha20_x86_64_kernels.c).
 */
#include "kernels.h"

enum {
    COST_SSSE3_1X = 76,  /* one block */
    COST_SSSE3_2X = 112, /* two blocks */
    COST_SSSE3_4X = 155, /* per group of up to 4 blocks */
    COST_SSSE3_5X = 160,
    COST_AVX2_8X = 155,
    COST_AVX2_9X = 161,
};

/* The kernel for the n blocks after the whole groups (n < group), and what
 * that call costs. */
typedef struct {
    simd_chacha20_fn fn;
    unsigned cost;
} finish;

/* Run `kernel` on the first n bytes; return the counter words after them. */
static void run(simd_chacha20_fn kernel, size_t n, uint8_t **out,
                const uint8_t **in, size_t *len, const uint32_t key[8],
                uint32_t c[4])
{
    kernel(*out, *in, n, key, c);
    c[0] += (uint32_t)(n / SIMD_CHACHA20_BLOCK);
    *out += n;
    *in += n;
    *len -= n;
}

static void copy_ctr(uint32_t c[4], const uint32_t ctr[4])
{
    c[0] = ctr[0];
    c[1] = ctr[1];
    c[2] = ctr[2];
    c[3] = ctr[3];
}

static size_t whole(size_t len, size_t group)
{
    return len - len % group;
}

/* The row of `table` for the blocks of len (fewer than the table's rows). */
static const finish *rest(const finish *table, size_t len)
{
    return &table[len / SIMD_CHACHA20_BLOCK];
}

static void run_rest(const finish *table, uint8_t *out, const uint8_t *in,
                     size_t len, const uint32_t key[8], const uint32_t c[4])
{
    if (len > 0)
        rest(table, len)->fn(out, in, len, key, c);
}

/* --- SSSE3 --- */

static const finish ssse3_finish[4] = {
    {NULL, 0},
    {chacha20_ssse3_1x, COST_SSSE3_1X},
    {chacha20_ssse3_2x, COST_SSSE3_2X},
    {chacha20_ssse3_4x, COST_SSSE3_4X},
};

static size_t cost_ssse3_4(size_t len)
{
    return COST_SSSE3_4X * (len / 256) + rest(ssse3_finish, len % 256)->cost;
}

static size_t cost_ssse3_5(size_t len)
{
    return COST_SSSE3_5X * (len / 320) + cost_ssse3_4(len % 320);
}

void chacha20_xor_ssse3(uint8_t *out, const uint8_t *in, size_t len,
                        const uint32_t key[8], const uint32_t ctr[4])
{
    uint32_t c[4];

    copy_ctr(c, ctr);
    if (len >= 320 && cost_ssse3_5(len) < cost_ssse3_4(len))
        run(chacha20_ssse3_5x, whole(len, 320), &out, &in, &len, key, c);
    if (len >= 256)
        run(chacha20_ssse3_4x, whole(len, 256), &out, &in, &len, key, c);
    run_rest(ssse3_finish, out, in, len, key, c);
}

/* --- AVX2 (up to four blocks through the SSSE3 kernels) --- */

static const finish avx2_finish[8] = {
    {NULL, 0},
    {chacha20_ssse3_1x, COST_SSSE3_1X},
    {chacha20_ssse3_2x, COST_SSSE3_2X},
    {chacha20_ssse3_4x, COST_SSSE3_4X},
    {chacha20_ssse3_4x, COST_SSSE3_4X},
    {chacha20_avx2_8x, COST_AVX2_8X},
    {chacha20_avx2_8x, COST_AVX2_8X},
    {chacha20_avx2_8x, COST_AVX2_8X},
};

static size_t cost_avx2_8(size_t len)
{
    return COST_AVX2_8X * (len / 512) + rest(avx2_finish, len % 512)->cost;
}

static size_t cost_avx2_9(size_t len)
{
    return COST_AVX2_9X * (len / 576) + cost_avx2_8(len % 576);
}

void chacha20_xor_avx2(uint8_t *out, const uint8_t *in, size_t len,
                       const uint32_t key[8], const uint32_t ctr[4])
{
    uint32_t c[4];

    copy_ctr(c, ctr);
    if (len >= 576 && cost_avx2_9(len) < cost_avx2_8(len))
        run(chacha20_avx2_9x, whole(len, 576), &out, &in, &len, key, c);
    if (len >= 512)
        run(chacha20_avx2_8x, whole(len, 512), &out, &in, &len, key, c);
    run_rest(avx2_finish, out, in, len, key, c);
}

/* --- AVX-512 (no costs: the narrowest covering kernel always wins) --- */

static const finish avx512_finish[16] = {
    {NULL, 0},
    {chacha20_avx512_1x, 0},
    {chacha20_avx512_2x, 0},
    {chacha20_avx512_4x, 0},
    {chacha20_avx512_4x, 0},
    {chacha20_avx512_8x, 0},
    {chacha20_avx512_8x, 0},
    {chacha20_avx512_8x, 0},
    {chacha20_avx512_8x, 0},
    {chacha20_avx512_16x, 0},
    {chacha20_avx512_16x, 0},
    {chacha20_avx512_16x, 0},
    {chacha20_avx512_16x, 0},
    {chacha20_avx512_16x, 0},
    {chacha20_avx512_16x, 0},
    {chacha20_avx512_16x, 0},
};

void chacha20_xor_avx512(uint8_t *out, const uint8_t *in, size_t len,
                         const uint32_t key[8], const uint32_t ctr[4])
{
    uint32_t c[4];

    copy_ctr(c, ctr);
    if (len >= 2048)
        run(chacha20_avx512_32x, whole(len, 2048), &out, &in, &len, key, c);
    if (len >= 1024)
        run(chacha20_avx512_16x, whole(len, 1024), &out, &in, &len, key, c);
    run_rest(avx512_finish, out, in, len, key, c);
}
