/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ChaCha20 with RVV 1.0 + Zvkb, any VLEN >= 128: a rotate is one vror.vi
 * (rotate right by 32 - s). Chosen when riscv_hwprobe reports V and Zvkb.
 * Needs an assembler that knows Zvkb (clang 17+; binutils 2.40 does not).
 * The body (lane layout, keystream buffer, byte XOR) is chacha20_rvv_body.inc.
 */
#include "asm.h"

#define CHACHA_FN chacha20_xor_rvv_zvkb

    .option arch, +v, +zvkb

.macro ROT4 x0, x1, x2, x3, s
    vror.vi \x0, \x0, 32 - \s
    vror.vi \x1, \x1, 32 - \s
    vror.vi \x2, \x2, 32 - \s
    vror.vi \x3, \x3, 32 - \s
.endm

#include "chacha20_rvv_body.inc"
