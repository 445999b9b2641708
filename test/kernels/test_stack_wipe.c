/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L /* pthread_attr_setstack */
/*
 * No ChaCha20 assembly kernel leaves key material in its stack frame. Each
 * runnable one (table rows and inner kernels, plain and tail entries) runs
 * on a thread whose stack is a zeroed buffer of this suite's; once the thread
 * is joined, the buffer is searched for the call's secrets: the key words
 * and every word of the final 20-round state (before the input is added)
 * of each block the call may compute, lanes past the message included.
 * With its keystream, that state gives the key back (keystream word i is
 * state word i plus input word i), so it must not outlive the call either;
 * splats, spilled c words and parked scalar words are all copies of these.
 *
 * A finding is two secret words in one aligned 16-byte chunk: vector
 * spills and splats fill whole chunks, while stray matches of return
 * addresses or lengths (one 32-bit word in 2^32 each) cannot pair up.
 * Values from the middle of the rounds are not searched, so a slot left
 * holding one of those would go unseen. Not under valgrind, which does not
 * let a program read the frames of returned calls (SIMDPROV_UNDER_VALGRIND,
 * set by its test setup).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../asm/arch.h"
#include "../../asm/le.h"
#include "testutil.h"

#define STACK_BYTES (256 * 1024)
#define BLOCK SIMD_CHACHA20_BLOCK
/* Blocks past the message a kernel may compute: a partial group of the
 * widest kernel (32 blocks) and the tail block. */
#define EXTRA_BLOCKS 33
#define MAX_LEN 4160
#define MAX_SECRETS (8 + 16 * (MAX_LEN / BLOCK + EXTRA_BLOCKS))

static uint8_t *stack;

/* The call the thread makes (a kernel cannot take a thread argument). */
static struct {
    const simd_kernel_row *k;
    int tail;
    uint8_t *out;
    const uint8_t *in;
    size_t len;
    const uint32_t *key, *ctr;
    uint8_t *tail_buf;
} call;

static void *run_call(void *unused)
{
    (void)unused;
    if (call.tail)
        call.k->chacha20_tail(call.out, call.in, call.len, call.key, call.ctr,
                              call.tail_buf);
    else
        call.k->fn.chacha20(call.out, call.in, call.len, call.key, call.ctr);
    return NULL;
}

/* Run `call` on a thread whose stack is the zeroed buffer. */
static int run_on_buffer(void)
{
    pthread_attr_t attr;
    pthread_t th;
    int ok;

    memset(stack, 0, STACK_BYTES);
    ok = pthread_attr_init(&attr) == 0 &&
         pthread_attr_setstack(&attr, stack, STACK_BYTES) == 0 &&
         pthread_create(&th, &attr, run_call, NULL) == 0;
    pthread_attr_destroy(&attr);
    return ok && pthread_join(th, NULL) == 0;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

    return x < y ? -1 : x > y;
}

/* A random key and counter (key words odd: no zero word, which the search
 * skips), the counter word leaving room for the call and its extra blocks
 * before the 32-bit wrap. */
static void random_state(uint32_t key[8], uint32_t ctr[4])
{
    for (int i = 0; i < 8; i++)
        key[i] = (uint32_t)tu_rand() | 1;
    for (int i = 0; i < 4; i++)
        ctr[i] = (uint32_t)tu_rand();
    ctr[0] &= 0x7fffffff;
}

/* The state of block ctr[0] + b after the 20 rounds, before the input is
 * added: its keystream minus its input, word by word. */
static void final_state(uint32_t x[16], size_t b, const uint32_t key[8],
                        const uint32_t ctr[4])
{
    static const uint32_t sigma[4] = {0x61707865, 0x3320646e, 0x79622d32,
                                      0x6b206574};
    static const uint8_t zero[BLOCK];
    uint32_t c[4] = {ctr[0] + (uint32_t)b, ctr[1], ctr[2], ctr[3]};
    uint32_t input[16];
    uint8_t ks[BLOCK];

    memcpy(input, sigma, sizeof(sigma));
    memcpy(input + 4, key, 8 * sizeof(uint32_t));
    memcpy(input + 12, c, sizeof(c));
    chacha20_xor_portable(ks, zero, BLOCK, key, c);
    for (int i = 0; i < 16; i++)
        x[i] = le32_load(ks + 4 * i) - input[i];
}

/* The secrets of a call of len bytes from ctr: key words, and the final
 * states of blocks ctr[0] .. ctr[0] + len / 64 + EXTRA_BLOCKS - 1, sorted. */
static size_t secrets_of(uint32_t *s, size_t len, const uint32_t key[8],
                         const uint32_t ctr[4])
{
    size_t n = 0;

    for (int i = 0; i < 8; i++)
        s[n++] = key[i];
    for (size_t b = 0; b < len / BLOCK + EXTRA_BLOCKS; b++, n += 16)
        final_state(s + n, b, key, ctr);
    qsort(s, n, sizeof(*s), cmp_u32);
    return n;
}

/* Offset of the first 16-byte chunk of buf holding two secret words, or -1;
 * zero words (the buffer's own fill) never count. Not instrumented: the frames it reads have returned, which AddressSanitizer
 * may still mark as a dead thread's stack. */
__attribute__((no_sanitize_address)) static long
find_secrets(const uint8_t *buf, size_t bytes, const uint32_t *s, size_t n)
{
    for (size_t off = 0; off + 16 <= bytes; off += 16) {
        int found = 0;

        for (int w = 0; w < 4; w++) {
            uint32_t v;

            memcpy(&v, buf + off + 4 * w, 4);
            found += v != 0 && bsearch(&v, s, n, sizeof(*s), cmp_u32) != NULL;
        }
        if (found >= 2)
            return (long)off;
    }
    return -1;
}

/* The search sees what it looks for: a key splat and a vector of final
 * state words, each planted in a zeroed buffer. */
static void test_search_finds_planted(void)
{
    static uint32_t s[MAX_SECRETS];
    uint32_t key[8], ctr[4], x[16], planted[4];
    size_t n;

    random_state(key, ctr);
    n = secrets_of(s, 256, key, ctr);
    memset(stack, 0, STACK_BYTES);
    CU_ASSERT_EQUAL(find_secrets(stack, STACK_BYTES, s, n), -1);
    for (int w = 0; w < 4; w++)
        planted[w] = key[5];
    memcpy(stack + 4096, planted, sizeof(planted));
    CU_ASSERT_EQUAL(find_secrets(stack, STACK_BYTES, s, n), 4096);
    memset(stack, 0, STACK_BYTES);
    /* x9 and x10 of block 2 after the rounds, then two zero words */
    final_state(x, 2, key, ctr);
    planted[0] = x[9];
    planted[1] = x[10];
    planted[2] = planted[3] = 0;
    memcpy(stack + 8192, planted, sizeof(planted));
    CU_ASSERT_EQUAL(find_secrets(stack, STACK_BYTES, s, n), 8192);
    memset(stack, 0, STACK_BYTES);
}

/* One call of k (or its tail variant) of len bytes; 1 if it left no
 * secret on its stack. */
static int wipe_case(const simd_kernel_row *k, int tail, size_t len)
{
    static uint8_t in[MAX_LEN], out[MAX_LEN], tail_buf[BLOCK];
    static uint32_t s[MAX_SECRETS];
    uint32_t key[8], ctr[4];
    long at;
    size_t n;

    random_state(key, ctr);
    tu_rand_bytes(in, len);
    call.k = k, call.tail = tail, call.out = out, call.in = in;
    call.len = len, call.key = key, call.ctr = ctr, call.tail_buf = tail_buf;
    if (!run_on_buffer()) {
        fprintf(stderr, "\n  %s: no thread on the test's stack", k->name);
        return 0;
    }
    n = secrets_of(s, len, key, ctr);
    at = find_secrets(stack, STACK_BYTES, s, n);
    if (at >= 0)
        fprintf(stderr, "\n  %s%s, %zu bytes: key material at stack offset %ld",
                k->name, tail ? " (tail)" : "", len, at);
    return at < 0;
}

static void check_kernel(const simd_kernel_row *k)
{
    static const size_t lens[] = {64,  128, 192,  256,  320,  384,
                                  448, 512, 576,  640,  1024, 1088,
                                  2048, 2112, 4096, 4160};
    int ok = 1;

    for (size_t i = 0; i < SIMD_COUNT(lens); i++) {
        size_t len = lens[i];

        if (k->group != 0)
            len -= len % k->group;
        if (len > 0)
            ok &= wipe_case(k, 0, len);
        if (k->chacha20_tail != NULL)
            ok &= wipe_case(k, 1, len);
    }
    if (k->chacha20_tail != NULL)
        ok &= wipe_case(k, 1, 0);
    CU_ASSERT(ok);
}

static void test_chacha20_stacks_wiped(void)
{
    const simd_kernel_row *ks[TU_MAX_KERNELS];
    size_t n = tu_kernels(SIMD_ALG_CHACHA20, ks);

    for (size_t i = 0; i < n; i++)
        /* The portable C kernel is left out: where its state words live
         * is the compiler's choice (spills are not wiped). */
        if (ks[i]->needs & SIMD_CAP_ASM)
            check_kernel(ks[i]);
}

int main(void)
{
    static const tu_test tests[] = {
        {"the search finds planted key material", test_search_finds_planted},
        {"chacha20 kernels leave no key material on their stack",
         test_chacha20_stacks_wiped},
        {NULL, NULL},
    };
    const char *vg = getenv("SIMDPROV_UNDER_VALGRIND");

    if (vg != NULL && vg[0] == '1')
        return 0;
    stack = aligned_alloc(4096, STACK_BYTES);
    if (stack == NULL)
        return 1;
    return tu_main("stack_wipe", tests);
}
