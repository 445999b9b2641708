/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Poly1305 entries whose vector kernel builds its table of r powers in
 * st->table on first use (aarch64 NEON, riscv64 RVV): which part of a call
 * goes to that kernel and which to the scalar one.
 *
 * A call below the crossover goes to the scalar kernel: min_cached bytes
 * with the table built under this key, min_fresh before. A key fed in many
 * short calls counts their bytes (table_of `seen`, the count in table[0],
 * saturated at min_fresh: only "reached the crossover" matters); once they
 * reach min_fresh, the next call of min_cached bytes builds the table.
 * Above the crossover the vector kernel takes the whole groups and the
 * scalar kernel the blocks after them. table_of and the count follow from
 * lengths only: not secret.
 */
#ifndef SIMDPROV_POLY1305_SPLIT_H
#define SIMDPROV_POLY1305_SPLIT_H

#include <stddef.h>
#include <stdint.h>

#include "kernels.h"

/* An entry's constants: its kernels, table_of ids, group and crossovers. */
typedef struct {
    simd_poly1305_fn groups, scalar; /* whole groups; everything else */
    uint64_t table, seen;            /* table_of ids: the powers, the count */
    size_t group;                    /* bytes per group of `groups` */
    size_t min_cached, min_fresh;    /* the crossovers, in bytes */
} simd_poly1305_split;

__attribute__((always_inline)) static inline void
simd_poly1305_split_blocks(const simd_poly1305_split *sp, simd_poly1305 *st,
                           const uint8_t *in, size_t len, uint32_t padbit)
{
    size_t groups = len - len % sp->group;
    uint64_t seen = st->table_of == sp->seen ? st->table[0] : 0;
    size_t min;

    if (seen > sp->min_fresh)
        seen = sp->min_fresh;
    min = st->table_of == sp->table || seen >= sp->min_fresh ? sp->min_cached
                                                             : sp->min_fresh;

    if (len < min) {
        if (st->table_of != sp->table) {
            st->table_of = sp->seen;
            st->table[0] =
                len < sp->min_fresh - seen ? seen + len : sp->min_fresh;
        }
        sp->scalar(st, in, len, padbit);
        return;
    }
    sp->groups(st, in, groups, padbit);
    if (len > groups)
        sp->scalar(st, in + groups, len - groups, padbit);
}

/* Defines the entry `name` (a SIMD_POLY1305_KERNEL) on the split whose
 * fields follow, in the order of simd_poly1305_split. */
#define SIMD_POLY1305_SPLIT_ENTRY(name, ...)                                   \
    static const simd_poly1305_split name##_split = {__VA_ARGS__};             \
    SIMD_POLY1305_KERNEL(name)                                                 \
    {                                                                          \
        simd_poly1305_split_blocks(&name##_split, st, in, len, padbit);        \
    }

#endif
