/* SPDX-License-Identifier: Apache-2.0 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "regime.h"
#include "report.h"

typedef struct {
    row_kind kind;
    char group[64], name[64];
    double bytes;
    trial tr;
} row;

static row *rows;
static size_t nrows, cap;

int report_csv;

void note(const char *fmt, ...)
{
    va_list ap;

    if (report_csv)
        fputs("# ", stdout);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
}

static void oom(void)
{
    fprintf(stderr, "bench: out of memory\n");
    exit(1);
}

void run_trial(trial *tr, const timed *t, int n, int rounds, double batch_ms)
{
    const timed *last = &t[n - 1];
    size_t iters = 1;

    tr->rounds = rounds;
    tr->n = n;
    while (last->fn(last->arg, iters) * (double)iters < batch_ms * 1e6 / 4)
        iters *= 2;
    iters *= 4;
    for (int r = 0; r < rounds; r++) {
        double before = regime_probe(), after;

        for (int i = 0; i < n; i++) {
            int k = (r + i) % n;

            tr->ns[k][r] = t[k].fn(t[k].arg, iters);
        }
        after = regime_probe();
        tr->probe[r] = before > after ? before : after;
    }
}

void add_row(row_kind kind, const char *group, const char *name, double bytes,
             const trial *tr)
{
    if (nrows == cap) {
        row *grown = realloc(rows, (cap = cap ? 2 * cap : 64) * sizeof(row));

        if (grown == NULL)
            oom();
        rows = grown;
    }
    rows[nrows].kind = kind;
    snprintf(rows[nrows].group, sizeof(rows[nrows].group), "%s", group);
    snprintf(rows[nrows].name, sizeof(rows[nrows].name), "%s", name);
    rows[nrows].bytes = bytes;
    rows[nrows++].tr = *tr;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

/* Which rounds a statistic takes: all, quiet only or contended only. */
typedef enum { ALL, QUIET, BUSY } regime;

static int in_regime(const trial *tr, int r, regime g)
{
    return g == ALL || (g == BUSY) == regime_contended(tr->probe[r]);
}

/* Median over the rounds of regime g of ns[i]/ns[j] (ratio) or
 * ns[i]-ns[j] (!ratio; j < 0: ns[i] alone); *count gets how many rounds. */
static double stat(const trial *tr, int i, int j, int ratio, regime g,
                   int *count)
{
    double v[MAX_ROUNDS];
    int n = 0;

    for (int r = 0; r < tr->rounds; r++) {
        if (!in_regime(tr, r, g))
            continue;
        if (j < 0)
            v[n++] = tr->ns[i][r];
        else if (ratio)
            v[n++] = tr->ns[i][r] / tr->ns[j][r];
        else
            v[n++] = tr->ns[i][r] - tr->ns[j][r];
    }
    if (count != NULL)
        *count = n;
    if (n == 0)
        return NAN;
    qsort(v, (size_t)n, sizeof(double), cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double median_ns(const trial *tr, int timer)
{
    return stat(tr, timer, -1, 0, ALL, NULL);
}

void print_regimes(void)
{
    int quiet = 0, busy = 0;

    for (size_t i = 0; i < nrows; i++)
        for (int r = 0; r < rows[i].tr.rounds; r++)
            regime_contended(rows[i].tr.probe[r]) ? busy++ : quiet++;
    note("regime: %d rounds quiet, %d contended (4 add chains around each "
           "round; quiet %.4f ns/add, contended above %.1fx)\n",
           quiet, busy, regime_baseline(), REGIME_THRESHOLD);
}

/* "1.05x (12)" or "- (0)". */
static void ratio_cell(char *cell, size_t size, const trial *tr, regime g,
                       double *sum, int *nsum)
{
    int n;
    double v = stat(tr, 0, 1, 1, g, &n);

    if (n == 0) {
        snprintf(cell, size, "- (0)");
        return;
    }
    snprintf(cell, size, "%.2fx (%d)", v, n);
    *sum += log(v);
    (*nsum)++;
}

/* Geometric means of A/B per group, overall and per regime. */
typedef struct {
    char name[64];
    double logsum[3];
    int n[3];
} tally;

#define MAX_GROUPS 64

static void print_ab(tally *groups, int *ngroups)
{
    for (size_t i = 0; i < nrows; i++) {
        const row *w = &rows[i];
        char cell[3][32];
        tally *t;
        int g;

        if (w->kind != ROW_AB)
            continue;
        for (g = 0; g < *ngroups && strcmp(groups[g].name, w->group); g++)
            ;
        if (g == MAX_GROUPS)
            g = MAX_GROUPS - 1; /* folded into the last: a rare overflow */
        else if (g == *ngroups)
            snprintf(groups[(*ngroups)++].name, sizeof(groups[g].name), "%s",
                     w->group);
        t = &groups[g];
        for (int k = 0; k < 3; k++)
            ratio_cell(cell[k], sizeof(cell[k]), &w->tr, (regime)k,
                       &t->logsum[k], &t->n[k]);
        printf("%-30s %12.1f %12.1f %10.1f %10s %11s %11s\n", w->name,
               stat(&w->tr, 0, -1, 0, ALL, NULL),
               stat(&w->tr, 1, -1, 0, ALL, NULL),
               w->bytes > 0 ? w->bytes / stat(&w->tr, 1, -1, 0, ALL, NULL) * 1e3
                            : 0.0,
               cell[0], cell[1], cell[2]);
    }
}

/* Trial order (kernel, A, B): each side's ns over the kernel alone. */
static void print_glue(void)
{
    int header = 0;

    for (size_t i = 0; i < nrows; i++) {
        const row *w = &rows[i];
        int nq;
        double qa, qb;

        if (w->kind != ROW_GLUE)
            continue;
        if (!header++)
            printf("\nglue per update: in place, IV re-init + update through "
                   "EVP, over B's kernel (%s) alone on the same bytes; ns, "
                   "medians of per-round differences\n"
                   "%-8s %9s %9s %9s %9s %9s   %s\n",
                   w->group, "bytes", "kernel", "A EVP", "A over", "B EVP",
                   "B over", "quiet rounds: A over, B over");
        qa = stat(&w->tr, 1, 0, 0, QUIET, &nq);
        qb = stat(&w->tr, 2, 0, 0, QUIET, NULL);
        printf("%-8s %9.1f %9.1f %+9.1f %9.1f %+9.1f   ", w->name,
               stat(&w->tr, 0, -1, 0, ALL, NULL),
               stat(&w->tr, 1, -1, 0, ALL, NULL),
               stat(&w->tr, 1, 0, 0, ALL, NULL),
               stat(&w->tr, 2, -1, 0, ALL, NULL),
               stat(&w->tr, 2, 0, 0, ALL, NULL));
        if (nq > 0) /* else no quiet round to give a median of */
            printf("%+.1f, %+.1f (%d)\n", qa, qb, nq);
        else
            printf("-, - (0)\n");
    }
}

/* -o csv: every row, A/B and glue, with the medians the table prints; a
 * glue row's A and B are the two EVP sides, kernel_ns B's kernel alone. An
 * empty ratio cell: no round of that regime. */
static void print_csv(void)
{
    printf("kind,group,shape,bytes,a_ns,b_ns,ratio,rounds,quiet_ratio,"
           "quiet_rounds,busy_ratio,busy_rounds,kernel_ns\n");
    for (size_t i = 0; i < nrows; i++) {
        const row *w = &rows[i];
        int glue = w->kind == ROW_GLUE, a = glue ? 1 : 0, b = a + 1;

        printf("%s,%s,%s,%.0f,%.1f,%.1f", glue ? "glue" : "ab", w->group,
               w->name, w->bytes, stat(&w->tr, a, -1, 0, ALL, NULL),
               stat(&w->tr, b, -1, 0, ALL, NULL));
        for (int k = 0; k < 3; k++) {
            int n;
            double v = stat(&w->tr, a, b, 1, (regime)k, &n);

            if (n > 0)
                printf(",%.4f,%d", v, n);
            else
                printf(",,0");
        }
        if (glue)
            printf(",%.1f\n", stat(&w->tr, 0, -1, 0, ALL, NULL));
        else
            printf(",\n");
    }
}

void print_rows(const char *first_column)
{
    static const char *const regime_names[3] = {"all", "quiet", "contended"};
    tally groups[MAX_GROUPS] = {0};
    int ngroups = 0;

    if (report_csv) {
        print_csv();
        free(rows);
        rows = NULL;
        nrows = cap = 0;
        return;
    }
    printf("%-30s %12s %12s %10s %10s %11s %11s\n", first_column, "A ns/op",
           "B ns/op", "B MB/s", "A/B", "quiet A/B", "busy A/B");
    print_ab(groups, &ngroups);
    print_glue();
    if (ngroups > 0)
        printf("\ngeometric mean of A/B (>1: B faster), over rows, per "
               "regime:\n");
    for (int g = 0; g < ngroups; g++) {
        printf("  %-24s", groups[g].name);
        for (int k = 0; k < 3; k++)
            if (groups[g].n[k] > 0)
                printf(" %s %.3fx (%d rows)", regime_names[k],
                       exp(groups[g].logsum[k] / groups[g].n[k]),
                       groups[g].n[k]);
        printf("\n");
    }
    free(rows);
    rows = NULL;
    nrows = cap = 0;
}
