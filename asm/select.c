/* SPDX-License-Identifier: Apache-2.0 */
#include "select.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char *const cap_names[] = {
#define SIMD_CAP_NAME(id, name) name,
    SIMD_CAPABILITIES(SIMD_CAP_NAME)
#undef SIMD_CAP_NAME
};

static const char *const alg_names[] = {
#define SIMD_ALG_NAME(id, key, title) #key,
    SIMD_ALGORITHMS(SIMD_ALG_NAME)
#undef SIMD_ALG_NAME
};

static const char *const alg_titles[] = {
#define SIMD_ALG_TITLE(id, key, title) title,
    SIMD_ALGORITHMS(SIMD_ALG_TITLE)
#undef SIMD_ALG_TITLE
};

const char *simd_cap_name(unsigned index)
{
    return index < SIMD_NCAPS ? cap_names[index] : "?";
}

const char *simd_alg_name(simd_alg alg)
{
    return (unsigned)alg < SIMD_NALGS ? alg_names[alg] : "?";
}

const char *simd_alg_title(simd_alg alg)
{
    return (unsigned)alg < SIMD_NALGS ? alg_titles[alg] : "?";
}

/* Appends text (after sep, unless buf is still empty) to buf; 0, with the
 * text dropped, when it does not fit. */
static int append(char *buf, size_t size, size_t *used, const char *sep,
                  const char *text)
{
    int n = snprintf(buf + *used, size - *used, "%s%s", *used ? sep : "", text);

    if (n < 0 || (size_t)n >= size - *used) {
        buf[*used] = '\0';
        return 0;
    }
    *used += (size_t)n;
    return 1;
}

void simd_rules_string(const simd_arch *arch, uint32_t caps, char *buf,
                       size_t size)
{
    size_t used = 0;

    if (size == 0)
        return;
    buf[0] = '\0';
    for (size_t i = 0; i < arch->nrules; i++)
        if ((caps & arch->rules[i].cap) &&
            !append(buf, size, &used, "; ", arch->rules[i].text))
            break;
    if (used == 0)
        snprintf(buf, size, "none");
}

void simd_levels_string(const simd_arch *arch, char *buf, size_t size)
{
    size_t used = 0;

    if (size == 0)
        return;
    buf[0] = '\0';
    for (size_t i = 0; i < arch->nlevels; i++)
        if (!append(buf, size, &used, " ", arch->levels[i].name))
            break;
}

void simd_caps_string(uint32_t caps, char *buf, size_t size)
{
    size_t used = 0;

    if (size == 0)
        return;
    buf[0] = '\0';
    for (unsigned i = 0; i < SIMD_NCAPS; i++)
        if ((caps & (1u << i)) &&
            !append(buf, size, &used, " ", cap_names[i]))
            break;
}

static int is_set(const char *s)
{
    return s != NULL && *s != '\0';
}

uint32_t simd_level_caps(const simd_arch *arch, size_t i)
{
    uint32_t caps = 0;

    for (size_t j = 0; j <= i && j < arch->nlevels; j++)
        caps |= arch->levels[j].adds;
    return caps;
}

static uint32_t level_cap(const simd_arch *arch, const char *name,
                          simd_select_report report, void *arg)
{
    for (size_t i = 0; i < arch->nlevels; i++)
        if (strcasecmp(arch->levels[i].name, name) == 0)
            return simd_level_caps(arch, i);
    report(arg, SIMD_SELECT_UNKNOWN_LEVEL, "level", name);
    return UINT32_MAX;
}

uint32_t simd_traits(const simd_arch *arch)
{
    uint32_t traits = 0;

    for (size_t i = 0; i < arch->nrules; i++)
        traits |= arch->rules[i].cap;
    return traits;
}

const simd_kernel_row *simd_best(const simd_table *t, uint32_t caps)
{
    for (size_t i = 0; i < t->n; i++) {
        const simd_kernel_row *k = &t->kernels[i];

        if (simd_runnable(k->needs, caps) && !k->by_name &&
            (k->avoid & caps) == 0)
            return k;
    }
    return &t->kernels[t->n - 1]; /* the portable kernel needs nothing */
}

const simd_kernel_row *simd_find(const simd_table *t, const char *name)
{
    for (size_t i = 0; name != NULL && i < t->n; i++)
        if (strcasecmp(t->kernels[i].name, name) == 0)
            return &t->kernels[i];
    return NULL;
}

const simd_kernel_row *simd_find_any(const simd_arch *arch, simd_alg alg,
                                 const char *name)
{
    const simd_kernel_row *k = simd_find(&arch->tables[alg], name);

    return k != NULL ? k : simd_find(&arch->inner[alg], name);
}

static const simd_kernel_row *pick(const simd_table *t, uint32_t allowed,
                               const char *forced, const char *what,
                               simd_select_report report, void *arg)
{
    if (is_set(forced)) {
        const simd_kernel_row *k = simd_find(t, forced);

        if (k == NULL)
            report(arg, SIMD_SELECT_UNKNOWN_KERNEL, what, forced);
        else if (!simd_runnable(k->needs, allowed))
            report(arg, SIMD_SELECT_KERNEL_NOT_RUNNABLE, what, forced);
        else
            return k;
    }
    return simd_best(t, allowed);
}

void simd_select(const simd_arch *arch, uint32_t cpu_caps,
                 const simd_override *ov, simd_choice *out,
                 simd_select_report report, void *arg)
{
    uint32_t allowed = cpu_caps;

    /* A level caps features; the CPU's traits stay, so a rule holds under
     * any level. */
    if (is_set(ov->level))
        allowed &= level_cap(arch, ov->level, report, arg) | simd_traits(arch);

    out->cpu_caps = cpu_caps;
    out->allowed_caps = allowed;
    out->level = arch->levels[0].name;
    for (size_t i = 0; i < arch->nlevels; i++)
        if (simd_runnable(simd_level_caps(arch, i), allowed))
            out->level = arch->levels[i].name;
    for (unsigned a = 0; a < SIMD_NALGS; a++)
        out->kernel[a] = pick(&arch->tables[a], allowed, ov->kernel[a],
                              alg_names[a], report, arg);
}

const char *simd_list_next(const char *p, size_t *len)
{
    if (p == NULL)
        return NULL;
    p += strspn(p, " ");
    if (*p == '\0')
        return NULL;
    *len = strcspn(p, " ");
    return p;
}

/* Whether name is one of the space separated words of list (NULL: any). */
static int in_list(const char *list, const char *name)
{
    size_t n = strlen(name), w;

    if (list == NULL)
        return 1;
    for (const char *p = simd_list_next(list, &w); p != NULL;
         p = simd_list_next(p + w, &w))
        if (w == n && strncasecmp(p, name, n) == 0)
            return 1;
    return 0;
}

uint32_t simd_steps_aside(const simd_arch *arch, const simd_choice *choice,
                          const simd_override *ov, unsigned release,
                          char *buf, size_t size)
{
    uint32_t out = 0;
    size_t used = 0;

    if (buf != NULL && size > 0)
        buf[0] = '\0';
    for (size_t i = 0; i < arch->nsteps_aside; i++) {
        const simd_step_aside *r = &arch->steps_aside[i];
        const simd_kernel_row *k;

        if ((unsigned)r->alg >= SIMD_NALGS || (out & (1u << r->alg)))
            continue;
        k = choice->kernel[r->alg];
        if (release < r->from || (r->to != 0 && release > r->to) ||
            !simd_runnable(r->cpu, choice->cpu_caps) ||
            (r->without & choice->cpu_caps) != 0 || k == NULL ||
            !in_list(r->kernels, k->name))
            continue;
        /* A kernel the override named, and got, is served. */
        if (ov != NULL && is_set(ov->kernel[r->alg]) &&
            strcasecmp(ov->kernel[r->alg], k->name) == 0)
            continue;
        out |= 1u << r->alg;
        if (buf != NULL && size > 0) {
            char item[320];

            snprintf(item, sizeof(item), "%s (%s)", alg_titles[r->alg], r->why);
            append(buf, size, &used, "; ", item);
        }
    }
    if (buf != NULL && size > 0 && used == 0)
        snprintf(buf, size, "none");
    return out;
}
