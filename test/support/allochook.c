/* SPDX-License-Identifier: Apache-2.0 */
#define _GNU_SOURCE /* sched_yield */
#include "allochook.h"

#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>

/* A header before each payload links the live blocks. */
typedef struct block {
    struct block *next, *prev;
    size_t size;
    size_t pad; /* keeps the payload 16-byte aligned */
} block;

static block live = {&live, &live, 0, 0};
static const uint8_t *watched; /* 32 bytes looked for in freed blocks */
static int watched_freed;
static atomic_int counting;
static atomic_long calls;

/* A spin lock, not a pthread mutex: the hot-path suite counts pthread lock
 * calls, and the hook must not add any of its own. */
static atomic_flag lock = ATOMIC_FLAG_INIT;

static void take(void)
{
    while (atomic_flag_test_and_set_explicit(&lock, memory_order_acquire))
        sched_yield();
}

static void give(void)
{
    atomic_flag_clear_explicit(&lock, memory_order_release);
}

static void count(void)
{
    if (atomic_load_explicit(&counting, memory_order_relaxed))
        atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed);
}

static int contains(const uint8_t *p, size_t n, const uint8_t *needle)
{
    for (size_t i = 0; i + 32 <= n; i++)
        if (memcmp(p + i, needle, 32) == 0)
            return 1;
    return 0;
}

static void *new_block(size_t n)
{
    block *b = malloc(sizeof(block) + n);

    if (b == NULL)
        return NULL;
    b->size = n;
    take();
    b->next = live.next;
    b->prev = &live;
    live.next->prev = b;
    live.next = b;
    give();
    return b + 1;
}

static void drop_block(void *p)
{
    block *b = (block *)p - 1;

    take();
    if (watched != NULL && contains(p, b->size, watched))
        watched_freed++;
    b->prev->next = b->next;
    b->next->prev = b->prev;
    give();
    free(b);
}

static void *hook_malloc(size_t n, const char *file, int line)
{
    (void)file, (void)line;
    count();
    return new_block(n);
}

static void hook_free(void *p, const char *file, int line)
{
    (void)file, (void)line;
    if (p == NULL)
        return;
    count();
    drop_block(p);
}

/* A new block and a copy, so the old one passes the freed-block check. */
static void *hook_realloc(void *p, size_t n, const char *file, int line)
{
    void *q;

    (void)file, (void)line;
    count();
    q = new_block(n);
    if (p != NULL && q != NULL) {
        size_t old = ((block *)p - 1)->size;

        memcpy(q, p, old < n ? old : n);
        drop_block(p);
    }
    return q;
}

int tu_alloc_hook(void)
{
    return CRYPTO_set_mem_functions(hook_malloc, hook_realloc, hook_free);
}

void tu_alloc_count_start(void)
{
    atomic_store(&calls, 0);
    atomic_store(&counting, 1);
}

long tu_alloc_count_stop(void)
{
    atomic_store(&counting, 0);
    return atomic_load(&calls);
}

int tu_alloc_live_contains(const uint8_t secret[32])
{
    int found = 0;

    take();
    for (block *b = live.next; b != &live && !found; b = b->next)
        found = contains((const uint8_t *)(b + 1), b->size, secret);
    give();
    return found;
}

void tu_alloc_watch(const uint8_t secret[32])
{
    take();
    watched = secret;
    watched_freed = 0;
    give();
}

int tu_alloc_unwatch(void)
{
    int n;

    take();
    watched = NULL;
    n = watched_freed;
    give();
    return n;
}
