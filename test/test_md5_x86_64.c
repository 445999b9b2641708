/*
 * Differential test of the x86_64 MD5 kernels (the ones this CPU can run)
 * against md5_blocks_portable and against OpenSSL's MD5 (default provider):
 * RFC 1321 vectors, every length 0..1100, random lengths up to 1 MiB with
 * random update splits, every input misalignment 0..63, input ending at a
 * PROT_NONE guard page, and the raw block ABI (nblocks 0..40 on random
 * states, state[] and bytes around the input untouched).
 * Exit status 0 = all passed; every failure is printed.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS under -std=c11 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "md5_x86_64_glue.h"

static int failures;
static uint64_t rng = 0x9e3779b97f4a7c15u;

static uint64_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void fill(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)rnd();
}

static void ossl_md5(const uint8_t *p, size_t n, uint8_t out[16])
{
    unsigned int len = 16;

    if (!EVP_Digest(p, n, out, &len, EVP_md5(), NULL)) {
        fprintf(stderr, "EVP_Digest failed\n");
        exit(2);
    }
}

/* Hash p[0..n) with the variant, fed in random-sized pieces when split. */
static void kern_md5(const md5x_variant *v, const uint8_t *p, size_t n,
                     int split, uint8_t out[16])
{
    md5x_ctx c;

    md5x_init(&c, v->fn);
    while (n > 0) {
        size_t take = n;

        if (split)
            take = (size_t)(rnd() % (rnd() & 1 ? 200 : 70000)) % (n + 1);
        md5x_update(&c, p, take);
        p += take;
        n -= take;
    }
    md5x_final(&c, out);
}

static void check(const md5x_variant *v, const char *what, size_t len,
                  const uint8_t *p, int split)
{
    uint8_t want[16], got[16];

    ossl_md5(p, len, want);
    kern_md5(v, p, len, split, got);
    if (memcmp(want, got, 16) != 0) {
        if (failures++ < 20)
            printf("FAIL %s: %s len %zu\n", v->name, what, len);
    }
}

static void test_rfc1321(const md5x_variant *v)
{
    static const struct {
        const char *msg, *hex;
    } t[] = {
        {"", "d41d8cd98f00b204e9800998ecf8427e"},
        {"a", "0cc175b9c0f1b6a831c399e269772661"},
        {"abc", "900150983cd24fb0d6963f7d28e17f72"},
        {"message digest", "f96b697d7cb7938d525a2f31aaf161d0"},
        {"abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"},
        {"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
         "d174ab98d277d9f5a5611c2c9f419d9f"},
        {"1234567890123456789012345678901234567890123456789012345678901234"
         "5678901234567890",
         "57edf4a22be3c955ac49da2e2107b67a"},
    };

    for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
        uint8_t got[16];
        char hex[33];

        kern_md5(v, (const uint8_t *)t[i].msg, strlen(t[i].msg), 0, got);
        for (int j = 0; j < 16; j++)
            snprintf(hex + 2 * j, 3, "%02x", got[j]);
        if (strcmp(hex, t[i].hex) != 0 && failures++ < 20)
            printf("FAIL %s: RFC 1321 \"%s\"\n", v->name, t[i].msg);
    }
}

/* Raw kernel vs portable: random state, 0..40 blocks, guard bytes around. */
static void test_blocks(const md5x_variant *v)
{
    static uint8_t buf[64 * 40 + 128];

    for (size_t nb = 0; nb <= 40; nb++) {
        for (int rep = 0; rep < 4; rep++) {
            uint32_t st[6], ref[4];
            size_t off = (size_t)(rnd() % 64);

            fill(buf, sizeof(buf));
            for (int i = 0; i < 6; i++)
                st[i] = (uint32_t)rnd();
            memcpy(ref, st + 1, 16);
            uint32_t guard0 = st[0], guard5 = st[5];
            uint8_t copy[sizeof(buf)];

            memcpy(copy, buf, sizeof(buf));
            md5_blocks_portable(ref, buf + off, nb);
            v->fn(st + 1, buf + off, nb);
            if ((memcmp(ref, st + 1, 16) != 0 || st[0] != guard0 ||
                 st[5] != guard5 || memcmp(copy, buf, sizeof(buf)) != 0) &&
                failures++ < 20)
                printf("FAIL %s: raw blocks nb %zu off %zu\n", v->name, nb,
                       off);
        }
    }
}

static void test_variant(const md5x_variant *v, uint8_t *big, size_t bigsz,
                         uint8_t *guard_end)
{
    test_rfc1321(v);
    test_blocks(v);
    for (size_t len = 0; len <= 1100; len++)
        check(v, "every length", len, big, 0);
    for (size_t len = 0; len <= 1100; len += 7)
        check(v, "every length, split", len, big, 1);
    for (size_t off = 0; off < 64; off++)
        check(v, "misaligned", 1000 + off, big + off, 0);
    for (int i = 0; i < 40; i++) {
        size_t len = (size_t)(rnd() % (bigsz - 64));
        size_t off = (size_t)(rnd() % 64);

        check(v, "random length", len, big + off, 0);
        check(v, "random length, split", len, big + off, 1);
    }
    /* Input whose last byte is the last readable byte before PROT_NONE. */
    for (size_t len = 0; len <= 300; len++)
        check(v, "guard page", len, guard_end - len, len & 1);
    check(v, "guard page, 1 MiB", 1 << 20, guard_end - (1 << 20), 0);
}

int main(void)
{
    const size_t bigsz = (1 << 20) + 64;
    uint8_t *big = malloc(bigsz);
    long page = sysconf(_SC_PAGESIZE);
    size_t span = ((1 << 20) / (size_t)page + 1) * (size_t)page;
    uint8_t *map = mmap(NULL, span + (size_t)page, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

    if (big == NULL || map == MAP_FAILED ||
        mprotect(map + span, (size_t)page, PROT_NONE) != 0) {
        perror("setup");
        return 2;
    }
    fill(big, bigsz);
    fill(map, span);
    for (size_t i = 0; i < MD5X_NVARIANTS; i++) {
        const md5x_variant *v = &md5x_variants[i];
        int before = failures;

        if (!v->usable()) {
            printf("SKIP %s (CPU lacks it)\n", v->name);
            continue;
        }
        test_variant(v, big, bigsz - 64, map + span);
        printf("%s %s\n", failures == before ? "PASS" : "FAIL", v->name);
    }
    free(big);
    munmap(map, span + (size_t)page);
    return failures ? 1 : 0;
}
