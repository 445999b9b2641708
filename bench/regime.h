/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The regime of a benchmark round: quiet (the core's other hardware thread,
 * if any, idle) or contended (it is busy, and shares the front end, the
 * schedulers and the ALUs with us). Neither the guest nor CPUID can tell, and
 * kernels that need spare issue slots win in one regime and lose in the
 * other, so every round is tagged by a probe taken just before and just after
 * it, and ratios are reported per regime.
 */
#ifndef SIMDPROV_BENCH_REGIME_H
#define SIMDPROV_BENCH_REGIME_H

/* A round is contended when either probe around it is this much slower
 * than the quietest probe seen (see regime.c for why 1.3). */
#define REGIME_THRESHOLD 1.3

/* What now_ns() reads: 0 (default), the thread's CPU time, so time it spends
 * descheduled (other jobs on a shared machine) is not counted; 1 (-w),
 * wall-clock time, which counts it. */
extern int bench_wall_clock;
double now_ns(void);

/* Takes the start-up baseline: the fastest of many probes. */
void regime_calibrate(void);

/* One probe (~20 us): ns per add now. Every probe also lowers the baseline
 * when it is faster, so a start-up spent contended does not mislabel the
 * run; rounds are therefore classified once all are done. */
double regime_probe(void);

double regime_baseline(void);

/* Whether a round whose slower probe took `probe` ns/add was contended. */
int regime_contended(double probe);

#endif
