/* SPDX-License-Identifier: Apache-2.0 */
/*
 * x86_64 Poly1305 entries: each splits a message (whole 16-byte blocks,
 * asm/kernels.h) between a vector kernel and the scalar kernel, by length,
 * through one route().
 *
 * A vector kernel pays a fixed cost per call (radix conversion both ways,
 * the final lane fold) and, when the table holds none of its powers, the
 * table build: for avx2 about as much as the scalar kernel spends on 100
 * bytes. So each entry has two crossovers, both measured
 * (asm/x86_64/README.md):
 * - fresh key (TLS 1.3 and every AEAD message set a new Poly1305 key): a
 *   call of min_fresh bytes or more builds the table and runs the vector
 *   kernel (avx2: the once kernel, table on its stack, see route());
 *   shorter calls go to the scalar kernel;
 * - table built: from min_cached bytes.
 * A key that is fed in many short calls (a streaming MAC) would never
 * build its table, so shorter calls are counted (table_of
 * POLY1305_TABLE_AVX2_SEEN, the count in table[0]; the same id for both
 * entries) and once earlier calls under the key have reached min_fresh
 * bytes the next call of min_cached bytes or more builds it. An AEAD message's AAD
 * and length blocks do not reach that, so its ciphertext call still takes
 * the fresh-key crossover. table_of and the count follow from lengths only:
 * not secret.
 * Above the crossover the avx2 4-block kernel takes the whole 64-byte groups
 * and the scalar kernel the 1-3 blocks after them; the IFMA kernel takes
 * any whole number of blocks itself.
 *
 * The scalar kernel is poly1305_blocks_bmi2 (mulx, poly1305_scalar.S); the
 * crossovers below are measured against it.
 */
#include <stddef.h>

#include "kernels.h"

/* poly1305_avx2.S and poly1305_avx512ifma.S address the state by these
 * offsets. */
_Static_assert(offsetof(simd_poly1305, h) == 0, "h offset");
_Static_assert(offsetof(simd_poly1305, r) == 24, "r offset");
_Static_assert(offsetof(simd_poly1305, table_of) == 56, "table_of offset");
_Static_assert(offsetof(simd_poly1305, table) == 64, "table offset");
_Static_assert(SIMD_POLY1305_TABLE_USED(POLY1305_TABLE_AVX2) * 8 == 3 * 9 * 32,
               "avx2 table size (27 ymm), as its id says");
/* five rows of r^8..r^1, six single powers, one flag */
_Static_assert(SIMD_POLY1305_TABLE_USED(POLY1305_TABLE_AVX512IFMA) ==
                   5 * 8 + 6 * 5 + 1,
               "avx512ifma table size, as its id says");

#define POLY1305_SCALAR poly1305_blocks_bmi2

/* One entry's route: its vector kernel, optionally the same kernel for a
 * fresh key's call with the table on its own stack (once), the table id the
 * vector kernel fills, the group it takes (0: any whole number of blocks;
 * else whole groups, the rest to the scalar kernel) and its two
 * crossovers. */
typedef struct {
    simd_poly1305_fn vector, once;
    uint64_t table_id;
    size_t group;
    size_t min_cached, min_fresh;
} vector_route;

/* The bytes the scalar kernel has taken under this key while no vector
 * table exists (table_of POLY1305_TABLE_AVX2_SEEN, the count in table[0]),
 * saturated at min_fresh: only "reached the crossover" matters. */
static uint64_t seen(const simd_poly1305 *st, size_t min_fresh)
{
    uint64_t n = st->table_of == POLY1305_TABLE_AVX2_SEEN ? st->table[0] : 0;

    return n < min_fresh ? n : min_fresh;
}

/* Adds len to the count. Only over an empty or public table: another
 * kernel's powers (a state handed between kernels) keep their id, so the
 * glue still wipes them. */
static void count(const vector_route *r, simd_poly1305 *st, uint64_t before,
                  size_t len)
{
    if (st->table_of != 0 && !(st->table_of & SIMD_POLY1305_TABLE_PUBLIC))
        return;
    st->table_of = POLY1305_TABLE_AVX2_SEEN;
    st->table[0] = len < r->min_fresh - before ? before + len : r->min_fresh;
}

static void route(const vector_route *r, simd_poly1305 *st, const uint8_t *in,
                  size_t len, uint32_t padbit)
{
    uint64_t before = seen(st, r->min_fresh);
    int cached = st->table_of == r->table_id;
    int fresh = !cached && before < r->min_fresh;
    size_t min = fresh ? r->min_fresh : r->min_cached;
    size_t vec = r->group ? len - len % r->group : len;

    if (len < min) {
        if (!cached)
            count(r, st, before, len);
        POLY1305_SCALAR(st, in, len, padbit);
        return;
    }
    /* Most keys get one such call (an AEAD record, a one-update MAC): their
     * table lives and dies on the once kernel's stack, and the glue finds
     * none to wipe. The count then says the key has had min_fresh bytes, so
     * a further call (a streamed key) builds the table in st and keeps it. */
    if (fresh && r->once != NULL) {
        r->once(st, in, vec, padbit);
        count(r, st, before, len);
    } else {
        r->vector(st, in, vec, padbit);
    }
    if (len > vec)
        POLY1305_SCALAR(st, in + vec, len - vec, padbit);
}

/* AVX2: from one group up once the table is built, 320 bytes before: past
 * where the kernels alone tie, as the scalar kernel still wins through the
 * MAC and the AEAD below it (asm/x86_64/README.md, "AVX2"). */
static const vector_route avx2_route = {
    poly1305_blocks_avx2_4x, poly1305_blocks_avx2_4x_once, POLY1305_TABLE_AVX2,
    4 * SIMD_POLY1305_BLOCK, 64, 320,
};

void poly1305_blocks_avx2(simd_poly1305 *st, const uint8_t *in, size_t len,
                          uint32_t padbit)
{
    route(&avx2_route, st, in, len, padbit);
}

/*
 * AVX-512 IFMA: the measured crossovers with the table built and with a new
 * key per call (init + blocks + emit), asm/x86_64/README.md ("AVX-512
 * IFMA"). It takes any whole number of blocks.
 */
static const vector_route ifma_route = {
    poly1305_blocks_ifma_8x, NULL, POLY1305_TABLE_AVX512IFMA, 0, 128, 256,
};

void poly1305_blocks_avx512ifma(simd_poly1305 *st, const uint8_t *in,
                                size_t len, uint32_t padbit)
{
    route(&ifma_route, st, in, len, padbit);
}
