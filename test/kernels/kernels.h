/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The kernel suite (test_kernels.c runs it): every kernel this CPU can run,
 * called directly through the kernel ABI. One file per algorithm:
 * kernels_chacha20.c, kernels_md5.c, kernels_poly1305.c.
 */
#ifndef SIMDPROV_KERNELS_TEST_H
#define SIMDPROV_KERNELS_TEST_H

#include <stddef.h>
#include <stdint.h>

#include "../../asm/arch.h"

#define MAX_RANDOM_LEN (1u << 20)
#define BLOCK SIMD_CHACHA20_BLOCK
#define SLACK 128 /* room for misalignment and canaries */

/* The capabilities under test (tu_caps()), set before the tests run. */
extern uint32_t caps;

int runnable(uint32_t needs);

/* Two mappings per buffer: data flush against an inaccessible page. */
typedef struct {
    uint8_t *base;
    size_t size, page;
} guarded;

int guarded_open(guarded *g, size_t bytes);
/* The last len bytes before the trailing hole, the first after the
 * leading one. */
uint8_t *guarded_end(guarded *g, size_t len);
uint8_t *guarded_start(guarded *g);

void test_chacha20_kat(void);
void test_chacha20_all_lengths(void);
void test_chacha20_random_lengths(void);
void test_chacha20_near_wrap(void);
void test_chacha20_guard_pages(void);
void test_md5_portable_kat(void);
void test_md5_blocks(void);
void test_md5_guard_pages(void);
void test_poly1305_compare(void);
void test_poly1305_kat(void);
void test_poly1305_all_lengths(void);
void test_poly1305_random_lengths(void);
void test_poly1305_split(void);
void test_poly1305_edge_h(void);
void test_poly1305_table(void);
void test_poly1305_handoff(void);
void test_poly1305_guard_pages(void);

#endif
