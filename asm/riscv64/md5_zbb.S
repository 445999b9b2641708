/* SPDX-License-Identifier: Apache-2.0 */
/*
 * MD5 compression for rv64gc + Zbb: a rotate is one roriw (rotate right of
 * the low 32 bits by 32 - s), and the complemented terms of G and I are one
 * andn / orn each. Chosen when riscv_hwprobe reports Zbb.
 * The body (steps, aligned and unaligned input paths) is md5_rv_body.inc.
 */
#include "asm.h"

#define MD5_FN md5_blocks_zbb

    .option arch, +zbb

.macro ROTL a, s
    roriw   \a, \a, 32 - \s
.endm

.macro ANDNOT r, x, y
    andn    \r, \x, \y
.endm

.macro ORNOT r, x, y
    orn     \r, \x, \y
.endm

#include "md5_rv_body.inc"
