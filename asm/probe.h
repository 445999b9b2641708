/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The probes' one idiom: a word of feature bits the OS or CPU reports
 * (AT_HWCAP, a CPUID register, riscv_hwprobe's extension mask) read through
 * a table of rows, each granting a capability when all its bits are set and
 * every capability it `requires` was granted by an earlier row (so an
 * extension is never claimed without what it extends).
 */
#ifndef SIMDPROV_PROBE_H
#define SIMDPROV_PROBE_H

#include <stddef.h>
#include <stdint.h>

#include "arch.h"

typedef struct {
    uint64_t bits;     /* all of these must be set in the word */
    uint32_t cap;      /* the SIMD_CAP_* bit granted */
    uint32_t requires; /* capabilities granted by earlier rows or words */
} simd_feature;

static inline uint32_t simd_grant(uint32_t caps, uint64_t word,
                                  const simd_feature *rows, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((word & rows[i].bits) == rows[i].bits &&
            simd_runnable(rows[i].requires, caps))
            caps |= rows[i].cap;
    return caps;
}

/* simd_grant over a whole array of rows. */
#define SIMD_GRANT(caps, word, rows)                                           \
    simd_grant((caps), (word), (rows), SIMD_COUNT(rows))

#endif
