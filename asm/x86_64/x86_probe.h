/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The x86_64 probe in two halves: reading CPUID/XGETBV, and turning what was
 * read into capabilities. The second is pure, so the selection tests can feed
 * it made-up CPUs (test/kernels/test_select.c).
 */
#ifndef SIMDPROV_X86_PROBE_H
#define SIMDPROV_X86_PROBE_H

#include <stdint.h>

/* What the probe reads: the leaves it uses, as the CPU returns them. */
typedef struct {
    uint32_t max_leaf;  /* leaf 0 eax */
    char vendor[13];    /* leaf 0 ebx, edx, ecx: "GenuineIntel" */
    uint32_t leaf1_eax; /* family, model, stepping */
    uint32_t leaf1_ecx;
    uint32_t leaf7_ebx; /* leaf 7 subleaf 0 */
    uint32_t xcr0;      /* XGETBV(0); read only when leaf 1 allows it */
} simd_x86_cpuid;

/* SIMD_CAP_* bits, features and traits, for this CPUID. */
uint32_t simd_x86_caps(const simd_x86_cpuid *id);

#endif
