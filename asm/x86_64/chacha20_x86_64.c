/* SPDX-License-Identifier: Apache-2.0 */
/*
 * x86_64 ChaCha20 entries: one per ISA level, each splitting a message (a
 * whole number of blocks, asm/kernels.h) among that level's block-count
 * kernels.
 *
 * A wide kernel computes a whole group even for a partial one, so the
 * blocks after the whole groups go to the narrowest kernel that covers
 * them (the `finish` tables). The SSSE3 and AVX2 levels also have a hybrid
 * kernel (vector groups plus one block in general-purpose registers: 5 or
 * 9 blocks), cheaper per byte only while the core's other hardware thread
 * leaves issue slots free, and whose group size leaves awkward remainders
 * at power-of-two lengths. Only the by-name `_hybrid` entries use them, when
 * a cost estimate says so; the COST_* constants serve those estimates alone:
 * the relative costs of one call of each kernel on a full group (in ns, but
 * only their ratios matter), measured with simdprov-bench -k (the CPU and
 * figures: docs/performance.md, "ChaCha20: a block's latency or a group's
 * issue").
 * The AVX-512 split follows the measured crossovers of its kernels.
 *
 * Two rules follow from what a call costs rather than from one CPU's
 * timings: a message shorter than every group is one kernel call straight
 * from the entry (no counter copy, no frame: most packets are this), so is
 * one of whole main groups below the wide group, and a
 * rest that the main group kernel itself would finish is done in the same
 * call as its whole groups (the kernel XORs a partial group from registers;
 * a second call only repeats entry, state set-up and exit). So 5 blocks at
 * the SSSE3 level are 4x + 1x (the 1-block kernel runs at the latency of
 * one block, well under a 4-block call: figures in asm/x86_64/README.md,
 * "Inner kernels and routing"), 7 blocks
 * 4x + 3x (the row kernels also run at about one block's latency), 15
 * blocks at the AVX2 level one 8x call.
 *
 * The tail entries (chacha20_xor_*_tail, asm/kernels.h) route one
 * virtual block more, the tail block, and hand it to the call that covers
 * the last block: a kernel's tail variant computes it in a lane its last
 * group has anyway, where a call of its own would cost a whole block's
 * latency (docs/performance.md, "Tail variants").
 */
#include "kernels.h"

enum {
    COST_SSSE3_1X = 76,  /* one block */
    COST_SSSE3_2X = 112, /* two blocks */
    COST_SSSE3_3X = 125, /* rows: three blocks */
    COST_SSSE3_4X = 155, /* per group of up to 4 blocks */
    COST_SSSE3_5X = 160,
    COST_AVX2_2X = 78,   /* rows: two blocks */
    COST_AVX2_4X = 94,   /* rows: up to four blocks */
    COST_AVX2_6X = 117,  /* rows: up to six blocks */
    COST_AVX2_8X = 155,
    COST_AVX2_9X = 161,
};

/* The kernel for the n blocks after the whole groups (n < group), its tail
 * variant (or NULL), and what that call costs. */
typedef struct {
    simd_chacha20_fn fn;
    simd_chacha20_tail_fn tail;
    unsigned cost;
} finish_kernel;

/* One group kernel: its function, tail variant (or NULL), group size in
 * bytes and cost per group. */
typedef struct {
    simd_chacha20_fn fn;
    simd_chacha20_tail_fn tail;
    size_t group;
    unsigned cost;
} group_kernel;

/*
 * One level's route: `wide` (if any) takes its whole groups first, when the
 * message holds one and (if it has a cost) the estimate says it beats `main`
 * for this length; then `main` its whole groups; then `finish` the rest.
 */
typedef struct {
    group_kernel wide, main;
    const finish_kernel *finish; /* indexed by blocks left, < main.group / 64 */
} route;

/*
 * Run `kernel` on the first n bytes from counter cur; advance the pointers,
 * and store the next call's counter to next before this call (the barrier
 * keeps it there). The kernels load the counter as 16 bytes, which a
 * narrower store still in flight cannot forward to: stored after this
 * call, the update would stall the next one at the head of its
 * latency-bound chain (what that costs: asm/x86_64/README.md, "Inner
 * kernels and routing").
 */
static void call_and_advance(simd_chacha20_fn kernel, size_t n, uint8_t **out,
                const uint8_t **in, size_t *len, const uint32_t key[8],
                const uint32_t cur[4], uint32_t next[4])
{
    next[0] = cur[0] + (uint32_t)(n / SIMD_CHACHA20_BLOCK);
    next[1] = cur[1];
    next[2] = cur[2];
    next[3] = cur[3];
    __asm__ volatile("" ::: "memory");
    kernel(*out, *in, n, key, cur);
    *out += n;
    *in += n;
    *len -= n;
}

/*
 * The last call of a route: fn (or its tail variant ft) on the len bytes
 * left and, when tail is not NULL, the next block's keystream into tail.
 * With tail == NULL (the plain entries, inlined with a constant) this is
 * the bare call. Every kernel a tail entry's route can end on (main and
 * finish kernels of the ssse3, avx2 and avx512 routes) has a tail variant;
 * the kernel suite runs each tail entry over every length to 2048 bytes.
 */
static inline void call_last(simd_chacha20_fn fn, simd_chacha20_tail_fn ft,
                        uint8_t *out, const uint8_t *in, size_t len,
                        const uint32_t key[8], const uint32_t ctr[4],
                        uint8_t *tail)
{
    if (tail != NULL)
        ft(out, in, len, key, ctr, tail);
    else if (len > 0)
        fn(out, in, len, key, ctr);
}

static size_t whole_groups_len(size_t len, size_t group)
{
    return len - len % group;
}

static const finish_kernel *finish_for(const route *r, size_t len)
{
    return &r->finish[len / SIMD_CHACHA20_BLOCK];
}

static size_t cost_main(const route *r, size_t len)
{
    return r->main.cost * (len / r->main.group) +
           finish_for(r, len % r->main.group)->cost;
}

static size_t cost_wide(const route *r, size_t len)
{
    return r->wide.cost * (len / r->wide.group) +
           cost_main(r, len % r->wide.group);
}

/* The route past the short case. v is the tail's virtual block (64 with a
 * tail, else 0): the group and finish choices count it, the wide kernels
 * (no tail variants) never take it. */
static inline __attribute__((always_inline)) void
split_long(const route *r, uint8_t *out, const uint8_t *in, size_t len,
             const uint32_t key[8], const uint32_t ctr[4], uint8_t *tail)
{
    uint32_t c[2][4]; /* the counters after the wide and main calls */
    size_t v = tail != NULL ? SIMD_CHACHA20_BLOCK : 0;
    const uint32_t *k = ctr; /* the next call's counter */
    const finish_kernel *f;

    if (r->wide.fn != NULL && len >= r->wide.group &&
        (r->wide.cost == 0 || cost_wide(r, len) < cost_main(r, len))) {
        call_and_advance(r->wide.fn, whole_groups_len(len, r->wide.group), &out, &in, &len, key, k,
            c[0]);
        k = c[0];
    }
    if (len + v >= r->main.group) {
        size_t n = whole_groups_len(len + v, r->main.group);

        /* A rest that `main` itself would finish goes in the same call: it
         * XORs its last, partial group from registers anyway, and a second
         * call only repeats the entry, the state set-up and the exit. So
         * does a tail block that ends a group of `main`; and with no rest
         * at all (whole groups, the tail's included) the call is the last
         * one, a tail call with no counter copy. */
        if (n == len + v || finish_for(r, len + v - n)->fn == r->main.fn) {
            call_last(r->main.fn, r->main.tail, out, in, len, key, k, tail);
            return;
        }
        call_and_advance(r->main.fn, n, &out, &in, &len, key, k, c[1]);
        k = c[1];
    }
    f = finish_for(r, len + v);
    call_last(f->fn, f->tail, out, in, len, key, k, tail);
}

/* split_long out of line, so that the short case below stays a bare
 * tail call (no frame: this one needs the counter on the stack); without
 * and with a tail, so that the plain one keeps six register arguments
 * (and stays a tail call itself). */
__attribute__((noinline)) static void
split_long_plain(const route *r, uint8_t *out, const uint8_t *in, size_t len,
            const uint32_t key[8], const uint32_t ctr[4])
{
    split_long(r, out, in, len, key, ctr, NULL);
}

__attribute__((noinline)) static void
split_long_tail(const route *r, uint8_t *out, const uint8_t *in, size_t len,
           const uint32_t key[8], const uint32_t ctr[4], uint8_t *tail)
{
    split_long(r, out, in, len, key, ctr, tail);
}

/* The one route: tail is NULL for the plain entries. */
static inline void split_message(const route *r, uint8_t *out,
                                const uint8_t *in, size_t len,
                                const uint32_t key[8], const uint32_t ctr[4],
                                uint8_t *tail)
{
    size_t v = tail != NULL ? SIMD_CHACHA20_BLOCK : 0;

    /* Shorter than every group (every short packet): one kernel on the
     * caller's counter, nothing to advance. So is a message of whole main
     * groups below the wide group (OpenSSH's 256-byte packet at the SSSE3
     * level, a 1024-byte update at AVX-512): the main kernel takes it all,
     * without route_groups' frame. (r is a constant here: the remainder is
     * a mask.) */
    if (r->wide.fn == NULL || len < r->wide.group) {
        if (len + v < r->main.group) {
            const finish_kernel *f = finish_for(r, len + v);

            call_last(f->fn, f->tail, out, in, len, key, ctr, tail);
            return;
        }
        if ((len + v) % r->main.group == 0) {
            call_last(r->main.fn, r->main.tail, out, in, len, key, ctr, tail);
            return;
        }
    }
    if (tail == NULL)
        split_long_plain(r, out, in, len, key, ctr);
    else
        split_long_tail(r, out, in, len, key, ctr, tail);
}

/* A finish or group row: kernel k, its tail variant chacha20_k_tail, then
 * the row's other fields (group size and/or cost). */
#define WITH_TAIL(k, ...) {chacha20_##k, chacha20_##k##_tail, __VA_ARGS__}

/* SSSE3: 4-block groups, then the rest. The finish costs matter only to
 * the hybrid route's estimate. Every one has a tail variant (finish[k]
 * with a tail: k - 1 blocks and the tail block), used only by the tail
 * entry of the plain route. */
static const finish_kernel ssse3_finish[4] = {
    {NULL, NULL, 0},
    WITH_TAIL(ssse3_1x, COST_SSSE3_1X),
    WITH_TAIL(ssse3_2x, COST_SSSE3_2X),
    WITH_TAIL(ssse3_3x, COST_SSSE3_3X),
};
/* (A macro, not a const object: C11 initialisers must be constants.) */
#define SSSE3_4X WITH_TAIL(ssse3_4x, 256, COST_SSSE3_4X)
static const route ssse3_route = {{NULL, NULL, 0, 0}, SSSE3_4X, ssse3_finish};
/* By name only: the 5-block hybrid first when the estimate says so. */
static const route ssse3_hybrid_route = {
    {chacha20_ssse3_5x, NULL, 320, COST_SSSE3_5X},
    SSSE3_4X,
    ssse3_finish,
};

/* AVX2: 8-block groups; up to six blocks left go to the row kernels (two
 * blocks per ymm, 1-3 such groups: about one block's latency, where the
 * word-sliced 8x costs a whole group's issue), one block to the
 * SSSE3 row kernel (as fast as avx2_2x there, and no wasted lane). Every
 * one has a tail variant: with a tail, finish[k] makes k - 1 blocks and
 * the tail block (finish[1]: the tail block alone). */
static const finish_kernel avx2_finish[8] = {
    {NULL, NULL, 0},
    WITH_TAIL(ssse3_1x, COST_SSSE3_1X),
    WITH_TAIL(avx2_2x, COST_AVX2_2X),
    WITH_TAIL(avx2_4x, COST_AVX2_4X),
    WITH_TAIL(avx2_4x, COST_AVX2_4X),
    WITH_TAIL(avx2_6x, COST_AVX2_6X),
    WITH_TAIL(avx2_6x, COST_AVX2_6X),
    WITH_TAIL(avx2_8x, COST_AVX2_8X),
};
#define AVX2_8X WITH_TAIL(avx2_8x, 512, COST_AVX2_8X)
static const route avx2_route = {{NULL, NULL, 0, 0}, AVX2_8X, avx2_finish};
/* By name only: the 9-block hybrid first when the estimate says so. */
static const route avx2_hybrid_route = {
    {chacha20_avx2_9x, NULL, 576, COST_AVX2_9X},
    AVX2_8X,
    avx2_finish,
};

/* AVX-512 (no costs: the narrowest covering kernel always wins): 32-block
 * groups, then 16-block ones, then the narrowest kernel that covers the
 * rest. */
static const finish_kernel avx512_finish[16] = {
    {NULL, NULL, 0},
    WITH_TAIL(avx512_1x, 0),
    WITH_TAIL(avx512_2x, 0),
    WITH_TAIL(avx512_4x, 0),
    WITH_TAIL(avx512_4x, 0),
    WITH_TAIL(avx512_8x, 0),
    WITH_TAIL(avx512_8x, 0),
    WITH_TAIL(avx512_8x, 0),
    WITH_TAIL(avx512_8x, 0),
    WITH_TAIL(avx512_16x, 0),
    WITH_TAIL(avx512_16x, 0),
    WITH_TAIL(avx512_16x, 0),
    WITH_TAIL(avx512_16x, 0),
    WITH_TAIL(avx512_16x, 0),
    WITH_TAIL(avx512_16x, 0),
    WITH_TAIL(avx512_16x, 0),
};
/* The 32-block kernel takes whole groups of the message only, so the tail
 * block always falls to `main` or `finish`: it needs no tail variant. */
static const route avx512_route = {
    {chacha20_avx512_32x, NULL, 2048, 0},
    WITH_TAIL(avx512_16x, 1024, 0),
    avx512_finish,
};

/* A level's entry on its route: chacha20_xor_<name>, or with a tail
 * chacha20_xor_<name>_tail. */
#define ROUTE_ENTRY(name, rt)                                                  \
    SIMD_CHACHA20_KERNEL(chacha20_xor_##name)                                  \
    {                                                                          \
        split_message(&rt, out, in, len, key, ctr, NULL);                      \
    }
#define ROUTE_TAIL_ENTRY(name, rt)                                             \
    SIMD_CHACHA20_TAIL_KERNEL(chacha20_xor_##name##_tail)                      \
    {                                                                          \
        split_message(&rt, out, in, len, key, ctr, tail);                      \
    }

ROUTE_ENTRY(ssse3, ssse3_route)
ROUTE_TAIL_ENTRY(ssse3, ssse3_route)
ROUTE_ENTRY(ssse3_hybrid, ssse3_hybrid_route)
ROUTE_ENTRY(avx2, avx2_route)
ROUTE_TAIL_ENTRY(avx2, avx2_route)
ROUTE_ENTRY(avx2_hybrid, avx2_hybrid_route)
ROUTE_ENTRY(avx512, avx512_route)
ROUTE_TAIL_ENTRY(avx512, avx512_route)
