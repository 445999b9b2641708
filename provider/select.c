#include "select.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char *const cap_names[] = {
    "asm",      "ssse3",    "avx2",     "bmi1",     "bmi2",   "avx512f",
    "avx512vl", "avx512bw", "asimd",    "sve",      "sve2",   "arch_2_07",
    "arch_3_00", "arch_3_1", "zbb",     "v",        "zvkb",   "lsx",
    "lasx",
};

void simd_caps_string(uint32_t caps, char *buf, size_t size)
{
    size_t used = 0;

    if (size == 0)
        return;
    buf[0] = '\0';
    for (size_t i = 0; i < SIMD_COUNT(cap_names); i++) {
        if (!(caps & (1u << i)))
            continue;
        int n = snprintf(buf + used, size - used, "%s%s", used ? " " : "",
                         cap_names[i]);
        if (n < 0 || (size_t)n >= size - used) {
            buf[used] = '\0'; /* drop the name that did not fit */
            break;
        }
        used += (size_t)n;
    }
}

static int is_set(const char *s)
{
    return s != NULL && *s != '\0';
}

static int within(uint32_t needs, uint32_t allowed)
{
    return (needs & ~allowed) == 0;
}

static uint32_t level_cap(const simd_arch *arch, const char *name,
                          simd_select_report report, void *arg)
{
    for (size_t i = 0; i < arch->nlevels; i++)
        if (strcasecmp(arch->levels[i].name, name) == 0)
            return arch->levels[i].caps;
    report(arg, SIMD_SELECT_UNKNOWN_LEVEL, "level", name);
    return UINT32_MAX;
}

/* The table search is written once for both algorithms. */
typedef struct {
    const char *name;
    uint32_t needs;
} kernel_head;

typedef kernel_head (*head_at)(const simd_arch *arch, size_t i);

static kernel_head chacha20_at(const simd_arch *arch, size_t i)
{
    return (kernel_head){arch->chacha20[i].name, arch->chacha20[i].needs};
}

static kernel_head md5_at(const simd_arch *arch, size_t i)
{
    return (kernel_head){arch->md5[i].name, arch->md5[i].needs};
}

static size_t pick(const simd_arch *arch, head_at at, size_t n,
                   uint32_t allowed, const char *forced, const char *what,
                   simd_select_report report, void *arg)
{
    if (is_set(forced)) {
        size_t i;

        for (i = 0; i < n; i++)
            if (strcasecmp(at(arch, i).name, forced) == 0)
                break;
        if (i == n)
            report(arg, SIMD_SELECT_UNKNOWN_KERNEL, what, forced);
        else if (!within(at(arch, i).needs, allowed))
            report(arg, SIMD_SELECT_KERNEL_NOT_RUNNABLE, what, forced);
        else
            return i;
    }
    for (size_t i = 0; i < n; i++)
        if (within(at(arch, i).needs, allowed))
            return i;
    return n - 1; /* the portable kernel needs nothing: never reached */
}

void simd_select(const simd_arch *arch, uint32_t cpu_caps,
                 const simd_override *ov, simd_choice *out,
                 simd_select_report report, void *arg)
{
    uint32_t allowed = cpu_caps;

    if (is_set(ov->level))
        allowed &= level_cap(arch, ov->level, report, arg);

    out->cpu_caps = cpu_caps;
    out->allowed_caps = allowed;
    out->level = arch->levels[0].name;
    for (size_t i = 0; i < arch->nlevels; i++)
        if (within(arch->levels[i].caps, allowed))
            out->level = arch->levels[i].name;

    out->chacha20 = &arch->chacha20[pick(arch, chacha20_at, arch->nchacha20,
                                         allowed, ov->chacha20, "chacha20",
                                         report, arg)];
    out->md5 = &arch->md5[pick(arch, md5_at, arch->nmd5, allowed, ov->md5,
                               "md5", report, arg)];
}
