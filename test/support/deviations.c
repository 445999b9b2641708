/* SPDX-License-Identifier: Apache-2.0 */
/* Reads docs/deviations.md's table: see deviations.h. */
#include "deviations.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>

#ifndef SIMDPROV_SOURCE_DIR
#define SIMDPROV_SOURCE_DIR "."
#endif

#define MAX_ROWS 32

typedef struct {
    char id[80];
    char ranges[256];
} dev_row;

static dev_row rows[MAX_ROWS];
static int nrows = -1;

unsigned int dev_release(void)
{
    return OPENSSL_version_major() * 10000 + OPENSSL_version_minor() * 100 +
           OPENSSL_version_patch();
}

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "deviations: %s: %s\n", what, detail);
    exit(2);
}

/* "X.Y.Z" into series X*100+Y and patch Z; "X.Y.*" gives patch -1 (the
 * whole series). */
static int parse_version(const char *s, size_t n, int *series, int *patch)
{
    char buf[32];
    unsigned int x, y;
    int used = 0;

    if (n >= sizeof(buf))
        return 0;
    memcpy(buf, s, n);
    buf[n] = '\0';
    if (sscanf(buf, "%u.%u.%n", &x, &y, &used) != 2 || used == 0 || y > 99)
        return 0;
    *series = (int)(x * 100 + y);
    if (strcmp(buf + used, "*") == 0) {
        *patch = -1;
        return 1;
    }
    for (const char *p = buf + used; *p != '\0'; p++)
        if (*p < '0' || *p > '9')
            return 0;
    if (buf[used] == '\0')
        return 0;
    *patch = atoi(buf + used);
    return *patch <= 99;
}

/* One item: "A-B", "A+" or "X.Y.*"; -1 when it does not parse. */
static int item_includes(const char *s, size_t n, unsigned int release)
{
    int series = (int)(release / 100), patch = (int)(release % 100);
    int s1, p1, s2, p2;
    const char *dash = memchr(s, '-', n);

    if (n > 0 && s[n - 1] == '+') {
        if (!parse_version(s, n - 1, &s1, &p1) || p1 < 0)
            return -1;
        return series == s1 && patch >= p1;
    }
    if (dash != NULL) {
        if (!parse_version(s, (size_t)(dash - s), &s1, &p1) ||
            !parse_version(dash + 1, n - (size_t)(dash - s) - 1, &s2, &p2) ||
            p1 < 0 || p2 < 0 || s1 != s2 || p2 < p1)
            return -1;
        return series == s1 && patch >= p1 && patch <= p2;
    }
    if (!parse_version(s, n, &s1, &p1) || p1 >= 0)
        return -1; /* a bare X.Y.Z is not a range: say A-A */
    return series == s1;
}

/* Whether `ranges` (a releases cell) lists `release`; a cell that does not
 * parse ends the program (fail). */
static int ranges_include(const char *ranges, unsigned int release)
{
    const char *p = ranges;
    int any = 0;

    for (;;) {
        size_t n;
        int r;

        p += strspn(p, " ");
        n = strcspn(p, " ");
        if (n == 0)
            break;
        r = item_includes(p, n, release);
        if (r < 0)
            fail("bad release range", ranges);
        any |= r;
        p += n;
    }
    return any;
}

/* The cell after `line`'s k-th '|' (0: the first cell), trimmed. */
static int cell(const char *line, int k, char *out, size_t max)
{
    const char *p = line;
    size_t n;

    for (int i = 0; i <= k; i++) {
        p = strchr(p, '|');
        if (p == NULL)
            return 0;
        p++;
    }
    p += strspn(p, " ");
    n = strcspn(p, "|");
    while (n > 0 && p[n - 1] == ' ')
        n--;
    if (n >= max)
        return 0;
    memcpy(out, p, n);
    out[n] = '\0';
    return 1;
}

static void load(void)
{
    const char *root = getenv("SIMDPROV_SOURCE_ROOT");
    char path[4096], line[4096];
    FILE *f;

    snprintf(path, sizeof(path), "%s/docs/deviations.md",
             root != NULL && *root != '\0' ? root : SIMDPROV_SOURCE_DIR);
    f = fopen(path, "r");
    if (f == NULL)
        fail("cannot read", path);
    nrows = 0;
    while (fgets(line, sizeof(line), f) != NULL) {
        char id[80];

        /* Table rows start with "| `id` |". */
        if (strncmp(line, "| `", 3) != 0)
            continue;
        if (nrows == MAX_ROWS || !cell(line, 0, id, sizeof(id)) ||
            strlen(id) < 3 || id[strlen(id) - 1] != '`' ||
            !cell(line, 1, rows[nrows].ranges, sizeof(rows[nrows].ranges)))
            fail("bad row", line);
        id[strlen(id) - 1] = '\0';
        snprintf(rows[nrows].id, sizeof(rows[nrows].id), "%s", id + 1);
        ranges_include(rows[nrows].ranges, 30000); /* parses, or exits */
        nrows++;
    }
    fclose(f);
    if (nrows == 0)
        fail("no rows in", path);
}

int dev_applies(const char *id)
{
    if (nrows < 0)
        load();
    for (int i = 0; i < nrows; i++)
        if (strcmp(rows[i].id, id) == 0)
            return ranges_include(rows[i].ranges, dev_release());
    fail("no such row", id);
    return 0;
}
