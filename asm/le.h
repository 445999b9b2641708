/* SPDX-License-Identifier: Apache-2.0 */
/* Little-endian loads and stores that compile to plain moves on LE hosts. */
#ifndef SIMDPROV_LE_H
#define SIMDPROV_LE_H

#include <stdint.h>
#include <string.h>

static inline uint32_t le32_load(const uint8_t *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
#else
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
#endif
}

static inline void le32_store(uint8_t *p, uint32_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(p, &v, 4);
#else
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
#endif
}

static inline uint64_t le64_load(const uint8_t *p)
{
    return (uint64_t)le32_load(p) | (uint64_t)le32_load(p + 4) << 32;
}

static inline void le64_store(uint8_t *p, uint64_t v)
{
    le32_store(p, (uint32_t)v);
    le32_store(p + 4, (uint32_t)(v >> 32));
}

static inline uint32_t rotl32(uint32_t v, unsigned n)
{
    return (v << n) | (v >> (32 - n));
}

#endif
