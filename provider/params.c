/* SPDX-License-Identifier: Apache-2.0 */
/*
 * OSSL_PARAM access without libcrypto: the cases params.h leaves to a
 * function. Each follows the OSSL_PARAM API's documented semantics
 * (OSSL_PARAM_int(3)) as libcrypto implements them, because the default
 * provider answers through libcrypto's versions and simd must give the same
 * outcome for every request: the same return value, return_size and data.
 * test_params.c compares these with libcrypto's over every data type, size
 * and boundary value.
 *
 * Integers of any size are native-endian two's complement (signed) or plain
 * binary (unsigned). A conversion succeeds exactly when the value fits the
 * destination: no truncation, no sign change, nothing negative into an
 * unsigned. return_size reports the bytes written, or on failure the size
 * the value would have needed in its own type.
 */
#include "params.h"

#include <stdint.h>

_Static_assert(sizeof(int) == 4 && sizeof(unsigned int) == 4,
               "OSSL_PARAM_set_int/uint are the 32-bit cases here");

static int little_endian(void)
{
    const union {
        uint16_t u;
        unsigned char c[2];
    } probe = {1};

    return probe.c[0] == 1;
}

/* Byte i (0 = least significant) of an n-byte native integer at d. */
static unsigned char *byte_at(void *d, size_t n, size_t i)
{
    return (unsigned char *)d + (little_endian() ? i : n - 1 - i);
}

/* Does the value (negative, magnitude mag) fit in n bytes? */
static int fits(int negative, uint64_t mag, size_t n, int is_signed)
{
    unsigned bits;

    if (negative && !is_signed)
        return 0;
    bits = n >= 8 ? 64 : (unsigned)(8 * n);
    if (is_signed) {
        if (n > 8)
            return 1;
        if (bits == 0)
            return mag == 0;
        bits--;
        /* -2^bits .. 2^bits - 1 */
        return negative ? mag <= (UINT64_C(1) << bits) : (mag >> bits) == 0;
    }
    return bits == 64 || (mag >> bits) == 0;
}

/* Writes the value into p's n-byte integer, sign- or zero-extended. The
 * caller has checked fits(). */
static void write_integer(OSSL_PARAM *p, int negative, uint64_t mag)
{
    uint64_t v = negative ? (uint64_t)0 - mag : mag; /* two's complement */
    unsigned char pad = negative ? 0xff : 0;

    for (size_t i = 0; i < p->data_size; i++)
        *byte_at(p->data, p->data_size, i) =
            i < 8 ? (unsigned char)(v >> (8 * i)) : pad;
}

/*
 * The shared body of the integer setters. want is the size of the setter's
 * own type (what return_size says when nothing fits). A REAL takes the
 * value when it is a double and the value is exact in one (52-bit
 * mantissa plus the hidden bit). A size query (no data) on a REAL answers 1,
 * except from the 64-bit setter (set_size_t), where libcrypto has no such
 * case: it refuses other sizes and writes through the NULL (crashes) for
 * a double, which simd refuses too.
 */
static int store_integer(OSSL_PARAM *p, int negative, uint64_t mag,
                         size_t want)
{
    double d;

    if (p == NULL)
        return 0;
    p->return_size = 0;
    if (p->data_type == OSSL_PARAM_INTEGER ||
        (p->data_type == OSSL_PARAM_UNSIGNED_INTEGER && !negative)) {
        p->return_size = want;
        if (p->data == NULL)
            return 1;
        if (!fits(negative, mag, p->data_size,
                  p->data_type == OSSL_PARAM_INTEGER))
            return 0;
        write_integer(p, negative, mag);
        p->return_size = p->data_size;
        return 1;
    }
    if (p->data_type == OSSL_PARAM_REAL) {
        p->return_size = sizeof(double);
        if (p->data == NULL)
            return want < 8;
        if (p->data_size != sizeof(double) || (mag >> 53) != 0)
            return 0;
        d = negative ? -(double)mag : (double)mag;
        memcpy(p->data, &d, sizeof(d));
        return 1;
    }
    return 0;
}

int simd_param_store_int(OSSL_PARAM *p, int v)
{
    return store_integer(p, v < 0, v < 0 ? (uint64_t)0 - (uint64_t)(int64_t)v
                                         : (uint64_t)v,
                         sizeof(int));
}

int simd_param_store_uint(OSSL_PARAM *p, unsigned int v)
{
    return store_integer(p, 0, v, sizeof(unsigned int));
}

int simd_param_store_size_t(OSSL_PARAM *p, size_t v)
{
    return store_integer(p, 0, v, sizeof(size_t));
}

int simd_param_load_size_t(const OSSL_PARAM *p, size_t *v)
{
    size_t n;
    uint64_t u = 0;
    double d;

    if (p == NULL || v == NULL || p->data == NULL)
        return 0;
    n = p->data_size;
    if (p->data_type == OSSL_PARAM_REAL) {
        if (n != sizeof(double))
            return 0;
        memcpy(&d, p->data, sizeof(d));
        /* Whole, not negative, below 2^64 (NaN fails the first test). */
        if (!(d >= 0) || !(d < 18446744073709551616.0) ||
            d != (double)(uint64_t)d)
            return 0;
        u = (uint64_t)d;
    } else if (p->data_type == OSSL_PARAM_INTEGER ||
               p->data_type == OSSL_PARAM_UNSIGNED_INTEGER) {
        /* (an empty integer reads as 0) */
        if (n > 0 && p->data_type == OSSL_PARAM_INTEGER &&
            (*byte_at(p->data, n, n - 1) & 0x80) != 0)
            return 0; /* negative */
        for (size_t i = 0; i < n; i++) {
            unsigned char b = *byte_at(p->data, n, i);

            if (i >= 8 && b != 0)
                return 0; /* 2^64 or more */
            if (i < 8)
                u |= (uint64_t)b << (8 * i);
        }
    } else {
        return 0;
    }
    if (u > SIZE_MAX)
        return 0;
    *v = (size_t)u;
    return 1;
}

int simd_param_store_utf8_ptr(OSSL_PARAM *p, const char *v)
{
    if (p == NULL)
        return 0;
    p->return_size = v == NULL ? 0 : strlen(v);
    if (p->data_type != OSSL_PARAM_UTF8_PTR)
        return 0;
    if (p->data != NULL)
        memcpy(p->data, &v, sizeof(v));
    return 1;
}

OSSL_PARAM *simd_param_locate_key(OSSL_PARAM *p, const char *key)
{
    if (p != NULL && key != NULL)
        for (; p->key != NULL; p++)
            if (strcmp(p->key, key) == 0)
                return p;
    return NULL;
}
