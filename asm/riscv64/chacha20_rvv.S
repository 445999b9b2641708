/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20 with RVV 1.0, any VLEN >= 128, for cores without Zvkb: a rotate
 * is vsll + vsrl + vor. Chosen when riscv_hwprobe reports V but not Zvkb.
 * The body (lane layout, keystream buffer, byte XOR) is chacha20_rvv_body.inc.
 */
#include "asm.h"

#define CHACHA_FN chacha20_xor_rvv

/* Rotate left by s, four registers at a time: all four left shifts first
 * (into v16..v19), so no instruction waits on the one before it. */
.macro ROT4 x0, x1, x2, x3, s
    vsll.vi v16, \x0, \s
    vsll.vi v17, \x1, \s
    vsll.vi v18, \x2, \s
    vsll.vi v19, \x3, \s
    vsrl.vi \x0, \x0, 32 - \s
    vsrl.vi \x1, \x1, 32 - \s
    vsrl.vi \x2, \x2, 32 - \s
    vsrl.vi \x3, \x3, 32 - \s
    vor.vv  \x0, \x0, v16
    vor.vv  \x1, \x1, v17
    vor.vv  \x2, \x2, v18
    vor.vv  \x3, \x3, v19
.endm

#include "chacha20_rvv_body.inc"
