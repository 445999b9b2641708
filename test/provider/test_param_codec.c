/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The module's own OSSL_PARAM codec (provider/params.c, which replaces
 * libcrypto's OSSL_PARAM_* in the module) against libcrypto's, over every
 * data type, size and boundary value.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include <openssl/params.h>

#include "../../asm/arch.h"
#include "../../provider/params.h"
#include "testutil.h"

static const unsigned int codec_types[] = {
    OSSL_PARAM_INTEGER,      OSSL_PARAM_UNSIGNED_INTEGER, OSSL_PARAM_REAL,
    OSSL_PARAM_UTF8_STRING,  OSSL_PARAM_OCTET_STRING,     OSSL_PARAM_UTF8_PTR,
    OSSL_PARAM_OCTET_PTR,
};
static const size_t codec_sizes[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 12, 16};

/* A signed integer of no bytes has no sign bit: libcrypto reads the byte
 * before the buffer for it (undefined), so no outcome is defined to match. */
static int codec_defined(unsigned int type, size_t size)
{
    return !(type == OSSL_PARAM_INTEGER && size == 0);
}

typedef struct {
    OSSL_PARAM p;
    _Alignas(16) unsigned char buf[32];
} codec_slot;

static void codec_prepare(codec_slot *s, unsigned int type, size_t size,
                          int with_data)
{
    memset(s->buf, 0xa5, sizeof(s->buf));
    s->p = (OSSL_PARAM){"x", type, with_data ? s->buf : NULL, size, 12345};
}

/* Same return value and bytes, and on success the same return_size, or say
 * where they differ. After a refusal return_size differs between releases
 * (3.0 reports the size the value needs, 3.5 mostly 0), and the API leaves
 * it unspecified then. */
static int codec_same(const char *what, unsigned int type, size_t size,
                      int with_data, unsigned long long v, int ra, int rb,
                      const codec_slot *a, const codec_slot *b)
{
    if (ra == rb && (ra == 0 || a->p.return_size == b->p.return_size) &&
        memcmp(a->buf, b->buf, sizeof(a->buf)) == 0)
        return 1;
    fprintf(stderr,
            "%s(type %u, size %zu, data %s, value 0x%llx): libcrypto %d "
            "return_size %zu, simd %d return_size %zu%s\n",
            what, type, size, with_data ? "yes" : "NULL", v, ra,
            a->p.return_size, rb, b->p.return_size,
            memcmp(a->buf, b->buf, sizeof(a->buf)) ? ", bytes differ" : "");
    return 0;
}

static void test_codec_setters(void)
{
    static const int ints[] = {0, 1, -1, 127, 128, -128, -129, 255, 256,
                               32767, -32768, -32769, 65536, INT32_MAX,
                               INT32_MIN};
    static const unsigned int uints[] = {0, 1, 255, 256, 65535, 65536,
                                         INT32_MAX, (unsigned)INT32_MAX + 1,
                                         UINT32_MAX};
    static const uint64_t sizes[] = {0, 1, 16, 255, 256, 65535, 65536,
                                     UINT32_MAX, (uint64_t)UINT32_MAX + 1,
                                     (UINT64_C(1) << 53) - 1, UINT64_C(1) << 53,
                                     (UINT64_C(1) << 53) + 1, INT64_MAX,
                                     (uint64_t)INT64_MAX + 1, UINT64_MAX};
    int bad = 0, n = 0;

    for (size_t ti = 0; ti < SIMD_COUNT(codec_types); ti++)
        for (size_t si = 0; si < SIMD_COUNT(codec_sizes); si++)
            for (int with_data = 0; with_data <= 1; with_data++) {
                unsigned int type = codec_types[ti];
                size_t size = codec_sizes[si];
                codec_slot a, b;

                if (!codec_defined(type, size))
                    continue;
#define CODEC_ROW(what, lib, ours, v)                                          \
    do {                                                                       \
        int ra_, rb_;                                                          \
        codec_prepare(&a, type, size, with_data);                              \
        codec_prepare(&b, type, size, with_data);                              \
        ra_ = lib(&a.p, v);                                                    \
        rb_ = ours(&b.p, v);                                                   \
        bad += !codec_same(what, type, size, with_data,                        \
                           (unsigned long long)(v), ra_, rb_, &a, &b);         \
        n++;                                                                   \
    } while (0)
                for (size_t i = 0; i < SIMD_COUNT(ints); i++)
                    CODEC_ROW("set_int", OSSL_PARAM_set_int,
                              simd_param_store_int, ints[i]);
                for (size_t i = 0; i < SIMD_COUNT(uints); i++)
                    CODEC_ROW("set_uint", OSSL_PARAM_set_uint,
                              simd_param_store_uint, uints[i]);
                for (size_t i = 0; i < SIMD_COUNT(sizes); i++)
                    /* libcrypto's set_size_t writes a double through the
                     * NULL (simd refuses): no outcome to match. */
                    if ((size_t)sizes[i] == sizes[i] &&
                        !(type == OSSL_PARAM_REAL && !with_data &&
                          size == sizeof(double))) {
                        CODEC_ROW("set_size_t", OSSL_PARAM_set_size_t,
                                  simd_param_store_size_t, (size_t)sizes[i]);
                        /* params.h's inline fast path, likewise */
                        CODEC_ROW("set_size_t (inline)", OSSL_PARAM_set_size_t,
                                  simd_param_set_size_t, (size_t)sizes[i]);
                    }
                CODEC_ROW("set_utf8_ptr", OSSL_PARAM_set_utf8_ptr,
                          simd_param_store_utf8_ptr, "abc");
                CODEC_ROW("set_utf8_ptr", OSSL_PARAM_set_utf8_ptr,
                          simd_param_store_utf8_ptr, (const char *)NULL);
#undef CODEC_ROW
            }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT(n > 1000);
    CU_ASSERT_EQUAL(OSSL_PARAM_set_int(NULL, 1), simd_param_store_int(NULL, 1));
    CU_ASSERT_EQUAL(OSSL_PARAM_set_size_t(NULL, 1),
                    simd_param_store_size_t(NULL, 1));
}

static void test_codec_get_size_t(void)
{
    /* Little-endian patterns of the low bytes, reversed on big-endian
     * hosts by codec_fill; the rest of the integer is the fill byte. */
    static const struct {
        uint64_t low;
        unsigned char fill;
    } ints[] = {
        {0, 0},       {1, 0},          {0x7f, 0},     {0x80, 0},
        {0xff, 0},    {0x8000, 0},     {0xffff, 0},   {0x80000000u, 0},
        {0xffffffffu, 0}, {UINT64_C(1) << 63, 0}, {UINT64_MAX, 0},
        {UINT64_MAX, 0xff}, {0x80, 0xff}, {0x7f, 0xff}, {0, 0x01},
        {0x1234, 0x80}, {0x1234, 0x7f},
    };
    static const double reals[] = {0.0,  -0.0, 1.0,  -1.0, 0.5, 16.0,
                                   9007199254740992.0, 18446744073709549568.0,
                                   18446744073709551616.0, 4294967296.0,
                                   INFINITY, -INFINITY, NAN, 1e300};
    const int le = *(const unsigned char *)&(const uint16_t){1} == 1;
    int bad = 0, n = 0;

    for (size_t ti = 0; ti < SIMD_COUNT(codec_types); ti++)
        for (size_t si = 0; si < SIMD_COUNT(codec_sizes); si++) {
            unsigned int type = codec_types[ti];
            size_t size = codec_sizes[si];
            size_t rows = type == OSSL_PARAM_REAL ? SIMD_COUNT(reals)
                                                  : SIMD_COUNT(ints);

            if (!codec_defined(type, size))
                continue;
            for (size_t i = 0; i < rows; i++) {
                codec_slot s;
                size_t va = 777, vb = 777;
                int ra, rb;

                codec_prepare(&s, type, size, 1);
                if (type == OSSL_PARAM_REAL) {
                    if (size == sizeof(double))
                        memcpy(s.buf, &reals[i], sizeof(double));
                } else {
                    for (size_t k = 0; k < size; k++) {
                        unsigned char byte =
                            k < 8 ? (unsigned char)(ints[i].low >> (8 * k))
                                  : ints[i].fill;

                        s.buf[le ? k : size - 1 - k] = byte;
                    }
                }
                ra = OSSL_PARAM_get_size_t(&s.p, &va);
                rb = simd_param_get_size_t(&s.p, &vb);
                n++;
                if (ra != rb || va != vb) {
                    fprintf(stderr,
                            "get_size_t(type %u, size %zu, row %zu): libcrypto "
                            "%d %zu, simd %d %zu\n",
                            type, size, i, ra, va, rb, vb);
                    bad++;
                }
            }
        }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT(n > 300);
}

static void test_codec_locate(void)
{
    OSSL_PARAM ps[] = {OSSL_PARAM_int("a", NULL), OSSL_PARAM_int("bb", NULL),
                       OSSL_PARAM_int("a", NULL), OSSL_PARAM_END};
    static const char *const keys[] = {"a", "bb", "b", "", "bbb", NULL};

    for (size_t i = 0; i < SIMD_COUNT(keys); i++)
        for (size_t from = 0; from < SIMD_COUNT(ps); from++)
            CU_ASSERT_PTR_EQUAL(OSSL_PARAM_locate(ps + from, keys[i]),
                                simd_param_locate_key(ps + from, keys[i]));
    CU_ASSERT_PTR_EQUAL(OSSL_PARAM_locate(NULL, "a"),
                        simd_param_locate_key(NULL, "a"));
    CU_ASSERT_PTR_EQUAL(simd_param_locate(ps + 1, "a"), ps + 2);
}

int main(void)
{
    static const tu_test tests[] = {
        {"OSSL_PARAM setters: simd's codec == libcrypto's", test_codec_setters},
        {"OSSL_PARAM_get_size_t: simd's codec == libcrypto's",
         test_codec_get_size_t},
        {"OSSL_PARAM_locate: simd's codec == libcrypto's", test_codec_locate},
        {NULL, NULL},
    };

    return tu_main("param_codec", tests);
}
