/* Architectures without kernels of their own: portable C only. */
#include "../arch.h"

static uint32_t probe_none(void)
{
    return 0;
}

static const simd_level levels[] = {{"portable", 0}};

static const simd_kernel chacha20[] = {
    {"portable", 0, {.chacha20 = chacha20_xor_portable}},
};

static const simd_kernel md5[] = {
    {"portable", 0, {.md5 = md5_blocks_portable}},
};

const simd_arch simd_arch_this = {
    .name = "generic",
    .probe = probe_none,
    .levels = levels,
    .nlevels = SIMD_COUNT(levels),
    .tables = {[SIMD_ALG_CHACHA20] = SIMD_TABLE(chacha20),
               [SIMD_ALG_MD5] = SIMD_TABLE(md5)},
};
