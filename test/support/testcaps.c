/* SPDX-License-Identifier: Apache-2.0 */
#include "testcaps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

uint32_t simd_cpu_caps(void)
{
    static uint32_t caps;
    static int probed;

    if (!probed) {
        caps = simd_arch_this.probe();
        probed = 1;
    }
    return caps;
}

const char *simd_test_level(void)
{
    const char *level = getenv("SIMDPROV_TEST_LEVEL");

    return level != NULL && *level != '\0' ? level : NULL;
}

uint32_t simd_test_caps(void)
{
    const char *level = simd_test_level();

    if (level == NULL)
        return simd_cpu_caps();
    for (size_t i = 0; i < simd_arch_this.nlevels; i++)
        if (strcasecmp(simd_arch_this.levels[i].name, level) == 0)
            return simd_cpu_caps() & simd_level_caps(&simd_arch_this, i);
    fprintf(stderr, "SIMDPROV_TEST_LEVEL=%s is not a level of %s; levels:",
            level, simd_arch_this.name);
    for (size_t i = 0; i < simd_arch_this.nlevels; i++)
        fprintf(stderr, " %s", simd_arch_this.levels[i].name);
    fputc('\n', stderr);
    exit(2);
}
