/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Kernel selection: from the probed capabilities and the override (level cap,
 * forced kernel names) to one kernel per algorithm. Pure logic, no OpenSSL,
 * so tests can drive it with made-up architectures and CPUs.
 */
#ifndef SIMDPROV_SELECT_H
#define SIMDPROV_SELECT_H

#include "arch.h"

/* The override, as read from the environment or the provider's config. */
typedef struct {
    const char *level;             /* cap: the name of one of the levels */
    const char *kernel[SIMD_NALGS]; /* force this kernel, if runnable */
} simd_override;

typedef struct {
    uint32_t cpu_caps;     /* what the probe found */
    uint32_t allowed_caps; /* cpu_caps lowered by the override's level
                              (traits kept) */
    const char *level;     /* highest level within allowed_caps */
    const simd_kernel_row *kernel[SIMD_NALGS];
} simd_choice;

/* Why an override value was ignored (reported, never fatal). */
typedef enum {
    SIMD_SELECT_UNKNOWN_LEVEL = 1,
    SIMD_SELECT_UNKNOWN_KERNEL,
    SIMD_SELECT_KERNEL_NOT_RUNNABLE,
} simd_select_problem;

typedef void (*simd_select_report)(void *arg, simd_select_problem problem,
                                   const char *what, const char *value);

/*
 * Fills *out. An override can only lower the choice: a level caps the
 * capabilities, a forced kernel is taken only when its needs are within the
 * allowed capabilities. Anything unusable is reported and ignored.
 */
void simd_select(const simd_arch *arch, uint32_t cpu_caps,
                 const simd_override *ov, simd_choice *out,
                 simd_select_report report, void *arg);

/*
 * The algorithms (bit 1 << alg) simd does not offer on the core release
 * `release` (major * 100 + minor) given the choice made at load: the arch's
 * step-aside rows that match the CPU, the release and the chosen kernel,
 * less any algorithm whose kernel the override named. When buf is not NULL
 * it gets "<title> (<why>)" per algorithm, "; " separated, or "none".
 */
uint32_t simd_steps_aside(const simd_arch *arch, const simd_choice *choice,
                          const simd_override *ov, unsigned release,
                          char *buf, size_t size);

/* The next word of a space-separated list (a step-aside row's kernels)
 * from p: its start, its length in *len; NULL when none is left. Walk a
 * list with
 *   for (w = simd_list_next(list, &n); w != NULL; w = simd_list_next(w + n, &n))
 */
const char *simd_list_next(const char *p, size_t *len);

/* Writes the texts of the arch's rules that caps trigger, "; " separated,
 * into buf: "none" when no rule applies. */
void simd_rules_string(const simd_arch *arch, uint32_t caps, char *buf,
                       size_t size);

/* Writes the arch's level names, lowest first, space separated, into buf. */
void simd_levels_string(const simd_arch *arch, char *buf, size_t size);

/* Writes the names of the bits in caps, space separated, into buf. */
void simd_caps_string(uint32_t caps, char *buf, size_t size);

#endif
