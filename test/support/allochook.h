/* SPDX-License-Identifier: Apache-2.0 */
/*
 * One allocator hook for OpenSSL (CRYPTO_set_mem_functions) with two uses:
 * counting allocator calls (the hot path must make none), and keeping every
 * live block in a list so a test can look for a secret in memory OpenSSL
 * still holds, or in blocks as they are freed (key material must be wiped).
 */
#ifndef SIMDPROV_ALLOCHOOK_H
#define SIMDPROV_ALLOCHOOK_H

#include <stdint.h>

/* Installs the hook; must come before OpenSSL's first allocation. Returns
 * 1 on success. */
int tu_alloc_hook(void);

/* Between start and stop, every malloc, realloc and free of a block that
 * OpenSSL makes is counted; stop returns the count. */
void tu_alloc_count_start(void);
long tu_alloc_count_stop(void);

/* 1 when a block OpenSSL holds contains these 32 bytes. */
int tu_alloc_live_contains(const uint8_t secret[32]);

/* Between watch and unwatch, blocks freed while still holding these 32
 * bytes are counted; unwatch returns the count. */
void tu_alloc_watch(const uint8_t secret[32]);
int tu_alloc_unwatch(void);

#endif
