/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The CPU the tests, the fuzz harness and the bench exercise: the probe's
 * capabilities, optionally lowered by SIMDPROV_TEST_LEVEL (one of this
 * architecture's level names, e.g. "avx2"), so that a big machine can
 * pretend to be a smaller CPU and run every "skip what this CPU cannot run"
 * path that a smaller CPU would. The module never reads SIMDPROV_TEST_LEVEL;
 * the test helpers pass the level to it as its ordinary SIMDPROV_LEVEL
 * override (which can only lower its choice).
 */
#ifndef SIMDPROV_TESTCAPS_H
#define SIMDPROV_TESTCAPS_H

#include <stdint.h>

#include "../../asm/arch.h"

/* Probe & the test level's capabilities (probe alone when unset). An
 * unknown level name ends the process with a message: a typo must not
 * silently test the full CPU. */
uint32_t simd_test_caps(void);

/* The test level's name, or NULL when SIMDPROV_TEST_LEVEL is unset. */
const char *simd_test_level(void);

/* The probe's capabilities, unmasked (what the module sees). */
uint32_t simd_cpu_caps(void);

#endif
