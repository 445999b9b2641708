/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The deviations table (docs/deviations.md): where simd does what upstream
 * fixed, and the running release's default provider does not. Tests ask
 * whether a row applies to the libcrypto they run on, and then judge simd
 * by the RFC and the reference (ref8439.h) instead of by the default.
 * No CUnit here: the fuzz harness uses it too.
 */
#ifndef SIMDPROV_DEVIATIONS_H
#define SIMDPROV_DEVIATIONS_H

/* The running libcrypto's version as major * 10000 + minor * 100 + patch
 * (3.0.19 is 30019), from OPENSSL_version_major/minor/patch. */
unsigned int dev_release(void);

/* Whether row `id` lists the running release. The table is read once from
 * $SIMDPROV_SOURCE_ROOT/docs/deviations.md (else the source tree the test
 * was built from); an unknown id or an unreadable table exits with status
 * 2, so a renamed row cannot silently turn a check off. */
int dev_applies(const char *id);

#endif
