/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What each architecture supplies: a capability probe, the override levels
 * and one kernel table per algorithm. Each asm/<arch>/arch.c defines
 * simd_arch_this; asm/portable/arch_generic.c serves every architecture that
 * has no kernels of its own. Nothing here knows OpenSSL.
 */
#ifndef SIMDPROV_ARCH_H
#define SIMDPROV_ARCH_H

#include <stddef.h>
#include <stdint.h>

#include "kernels.h"

/*
 * The capability list: X(ID, "name"). Each line gives one bit, in order, and
 * the name simd.caps prints for it. Architectures set only their own bits, so
 * a kernel's requirement is simply a mask. ASM means "assembly for this
 * architecture's baseline may run": every non-portable kernel needs it, so
 * the level "portable" (which clears it) selects only C kernels. On x86_64 a
 * bit means the CPU has the feature AND the OS saves its registers.
 *
 * A few bits are traits rather than features: facts about the CPU that make
 * some kernel a poor default (ZMM_DOWNCLOCK: zmm code lowers the whole
 * core's clock; SVE_VL128: SVE vectors of only 128 bits, where the base-SVE
 * ChaCha20 kernel costs more per block than NEON). No kernel needs one, no
 * level grants or removes one; rows `avoid` them, and each arch names them
 * in its `rules`.
 */
#define SIMD_CAPABILITIES(X)                                                   \
    X(ASM, "asm")                                                              \
    X(X86_SSSE3, "ssse3")                                                      \
    X(X86_AVX2, "avx2")                                                        \
    X(X86_BMI1, "bmi1")                                                        \
    X(X86_BMI2, "bmi2")                                                        \
    X(X86_AVX512F, "avx512f")                                                  \
    X(X86_AVX512VL, "avx512vl")                                                \
    X(X86_AVX512BW, "avx512bw")                                                \
    X(X86_AVX512IFMA, "avx512ifma")                                            \
    X(ARM_ASIMD, "asimd")                                                      \
    X(ARM_SVE, "sve")                                                          \
    X(ARM_SVE2, "sve2")                                                        \
    X(PPC_ARCH_2_07, "arch_2_07")                                              \
    X(PPC_ARCH_3_00, "arch_3_00")                                              \
    X(PPC_ARCH_3_1, "arch_3_1")                                                \
    X(RV_ZBB, "zbb")                                                           \
    X(RV_V, "v")                                                               \
    X(RV_ZVKB, "zvkb")                                                         \
    X(LA_LSX, "lsx")                                                           \
    X(LA_LASX, "lasx")                                                         \
    X(X86_ZMM_DOWNCLOCK, "zmm_downclock")                                      \
    X(ARM_SVE_VL128, "sve_vl128")

enum {
#define SIMD_CAP_INDEX(id, name) SIMD_CAP_INDEX_##id,
    SIMD_CAPABILITIES(SIMD_CAP_INDEX)
#undef SIMD_CAP_INDEX
    SIMD_NCAPS
};

enum {
#define SIMD_CAP_BIT(id, name) SIMD_CAP_##id = 1u << SIMD_CAP_INDEX_##id,
    SIMD_CAPABILITIES(SIMD_CAP_BIT)
#undef SIMD_CAP_BIT
};

/* The name of capability bit `index` (0 <= index < SIMD_NCAPS). */
const char *simd_cap_name(unsigned index);

/*
 * The algorithms the kernels serve: X(ID, key, title). The key names the
 * kernel table everywhere a user picks or reads a kernel: the provider
 * parameter "simd.<key>", the config key <key>, SIMDPROV_<ID> in the
 * environment, and the table each arch.c defines; the title is how build
 * info prints it.
 */
#define SIMD_ALGORITHMS(X)                                                     \
    X(CHACHA20, chacha20, "ChaCha20")                                          \
    X(MD5, md5, "MD5")                                                         \
    X(POLY1305, poly1305, "Poly1305")                                          \
    X(CHACHA20_POLY1305, chacha20_poly1305, "ChaCha20-Poly1305")

typedef enum {
#define SIMD_ALG_INDEX(id, key, title) SIMD_ALG_##id,
    SIMD_ALGORITHMS(SIMD_ALG_INDEX)
#undef SIMD_ALG_INDEX
    SIMD_NALGS
} simd_alg;

/* An algorithm's key ("chacha20") and title ("ChaCha20"). */
const char *simd_alg_name(simd_alg alg);
const char *simd_alg_title(simd_alg alg);

/*
 * An override level and the capabilities it adds to the level below it:
 * levels are cumulative, so a kernel may run at level i when it needs
 * nothing beyond simd_level_caps(arch, i), the union of levels 0..i.
 */
typedef struct {
    const char *name;
    uint32_t adds;
} simd_level;

/* One row of a kernel table: the same head for every algorithm. */
typedef struct {
    const char *name;
    uint32_t needs; /* capability mask the kernel requires */
    union {
        simd_chacha20_fn chacha20;
        simd_md5_fn md5;
        simd_poly1305_fn poly1305;
        simd_chacha20_poly1305_fn chacha20_poly1305;
    } fn;
    /* 0: any whole number of blocks; else it takes only whole groups of this
     * many bytes (len rounded down) and leaves the rest to its caller. Only
     * inner kernels have groups. */
    uint32_t group;
    /* Not chosen by default on a CPU with any of these traits; still taken
     * when named by the override. */
    uint32_t avoid;
    /* Never chosen by default, only when named by the override: a kernel
     * whose gain depends on conditions CPUID cannot see. */
    int by_name;
    /* ChaCha20 rows only, else NULL: the same kernel's tail variant
     * (simd_chacha20_tail_fn), where it has one. */
    simd_chacha20_tail_fn chacha20_tail;
} simd_kernel_row;

/* Table rows: SIMD_KERNEL(chacha20, "neon", needs, chacha20_xor_neon). */
#define SIMD_KERNEL(alg, name, needs, f)                                       \
    {(name), (needs), {.alg = (f)}, 0, 0, 0, NULL}
#define SIMD_KERNEL_GROUP(alg, name, needs, f, group)                          \
    {(name), (needs), {.alg = (f)}, (group), 0, 0, NULL}
#define SIMD_KERNEL_AVOID(alg, name, needs, f, avoid)                          \
    {(name), (needs), {.alg = (f)}, 0, (avoid), 0, NULL}
#define SIMD_KERNEL_BY_NAME(alg, name, needs, f)                               \
    {(name), (needs), {.alg = (f)}, 0, 0, 1, NULL}
/* A ChaCha20 row with a tail variant (avoid: as SIMD_KERNEL_AVOID, or 0). */
#define SIMD_CHACHA20_KERNEL_TAIL(name, needs, f, tail, avoid)                 \
    {(name), (needs), {.chacha20 = (f)}, 0, (avoid), 0, (tail)}

/* Default candidates best first, then any by-name rows; the last row is the
 * portable kernel (needs 0). */
typedef struct {
    const simd_kernel_row *kernels;
    size_t n;
} simd_table;

#define SIMD_COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define SIMD_TABLE(a) {(a), SIMD_COUNT(a)}

/* A default-selection rule: CPUs with the trait `cap` do not get the rows
 * that avoid it; `text` is how the provider names the rule (simd.rules). */
typedef struct {
    uint32_t cap;
    const char *text;
} simd_rule;

/*
 * Where a release's default provider does less work than simd would: on
 * OpenSSL releases from..to (major * 100 + minor; to 0: every later one), on
 * a CPU with all of `cpu` and none of `without` (the capabilities and traits
 * under which the default takes its faster path), when the kernel simd chose for `alg` is one of `kernels` (space
 * separated names; NULL: any), simd does not offer that algorithm, so
 * "?provider=simd" falls back to the default. The algorithm is the one the
 * provider offers under the table's title: POLY1305 the MAC alone (the AEAD
 * has its own table and rows). `why` is printed in simd.steps_aside and
 * build info: what the default runs there and the measurement behind the
 * row (docs/performance.md). A kernel named by the override is served
 * anyway: the user asked for it.
 */
typedef struct {
    simd_alg alg;
    unsigned from, to;
    uint32_t cpu, without;
    const char *kernels;
    const char *why;
} simd_step_aside;

typedef struct {
    const char *name; /* e.g. "x86_64" */
    /* Runs once at provider init; returns SIMD_CAP_* bits. */
    uint32_t (*probe)(void);
    /* Lowest first; levels[0] is "portable", adding nothing. */
    const simd_level *levels;
    size_t nlevels;
    simd_table tables[SIMD_NALGS];
    /* Kernels behind the table entries, when an entry routes between several
     * by length (in C, in asm/<arch>/chacha20_<arch>.c): never selected, but
     * listed so the ABI harness, the kernel suites and simdprov-bench -k
     * reach each of them by name. */
    simd_table inner[SIMD_NALGS];
    /* The traits this arch's probe may report, one rule each. */
    const simd_rule *rules;
    size_t nrules;
    /* Where this arch steps aside for a release's default (see above). */
    const simd_step_aside *steps_aside;
    size_t nsteps_aside;
} simd_arch;

extern const simd_arch simd_arch_this;

/* Whether a kernel that needs `needs` may run where `caps` are available:
 * the one place this test is written. */
static inline int simd_runnable(uint32_t needs, uint32_t caps)
{
    return (needs & ~caps) == 0;
}

/* The capabilities level i allows: its own and every level's below (select.c). */
uint32_t simd_level_caps(const simd_arch *arch, size_t i);

/* The traits among the arch's rules (select.c): what a level cap keeps. */
uint32_t simd_traits(const simd_arch *arch);

/* The best kernel of a table that may run where `caps` are available, by
 * default: by-name rows and rows avoiding a trait in `caps` are passed over
 * (select.c). */
const simd_kernel_row *simd_best(const simd_table *t, uint32_t caps);

/* The kernel of a table with this name (case-insensitive), or NULL. */
const simd_kernel_row *simd_find(const simd_table *t, const char *name);

/* The arch's kernel of algorithm alg with this name, table row or inner
 * kernel (case-insensitive), or NULL: how tools and the bench name one. */
const simd_kernel_row *simd_find_any(const simd_arch *arch, simd_alg alg,
                                 const char *name);

/*
 * Each arch.c ends with
 *     const simd_arch simd_arch_this = {SIMD_ARCH("name", probe)};
 * (plus `.inner = {...}` where it has inner kernels): simd_arch_this from its
 * `levels` array and one table per algorithm named by the algorithm's key
 * (`chacha20`, `md5`, ...), so a new algorithm cannot be left out.
 */
#define SIMD_ARCH_TABLE(id, key, title) [SIMD_ALG_##id] = SIMD_TABLE(key),
#define SIMD_ARCH(arch_name, probe_fn)                                         \
    .name = (arch_name), .probe = (probe_fn), .levels = levels,                \
    .nlevels = SIMD_COUNT(levels),                                             \
    .tables = {SIMD_ALGORITHMS(SIMD_ARCH_TABLE)}

#endif
