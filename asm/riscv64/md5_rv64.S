/* SPDX-License-Identifier: Apache-2.0 */
/*
 * MD5 compression for plain rv64gc (RV64I is all it uses): no rotate
 * instruction, so a rotate is slliw/srliw/or, and the complemented terms of
 * G and I need a separate not. Chosen when riscv_hwprobe reports no Zbb.
 * The body (steps, aligned and unaligned input paths) is md5_rv_body.inc.
 */
#include "asm.h"

#define MD5_FN md5_blocks_rv64

/* a = rotl32(a, s): the two shifts are independent, so an in-order
 * dual-issue core pairs them and the rotate costs two cycles of latency. */
.macro ROTL a, s
    slliw   t1, \a, \s
    srliw   \a, \a, 32 - \s
    or      \a, \a, t1
.endm

/* The complement of y does not depend on b (y is d), so the not is issued
 * ahead of the b-dependent operation. */
.macro ANDNOT r, x, y
    not     \r, \y
    and     \r, \r, \x
.endm

.macro ORNOT r, x, y
    not     \r, \y
    or      \r, \r, \x
.endm

#include "md5_rv_body.inc"
