/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The ABI trampoline for aarch64 (AAPCS64), as abi.h describes.
 * Words of before[]/after[] (aarch64.c names them):
 *   0-10 x19-x29, 11-18 d8-d15 (the low 64 bits of v8-v15, all AAPCS64
 *   asks; their upper halves hold garbage)   canaries
 *   19 sp                                     observed
 * x30 needs no check: a callee that loses it does not come back here.
 * Garbage goes into v0-v31 (z0-z31 in full with ABI_FLAG_SVE) and the
 * scratch registers x6-x15 and x17 (x16 holds fn).
 *
 * Then the negative controls, abi_bad_* (each breaks one rule) and one that
 * changes only what it may (abi_ok_v8_upper).
 */
#include "../../asm/aarch64/asm.h"
#include "abi.h"

#define W(i) (8 * (i))
/* Frame: the caller's x19-x29 and d8-d15 laid out as the words above, then
 * x30. */
#define FRAME 160

/* x19-x29 (pair op pop, single op op) at words 0-10 of base */
.macro XREGS pop, op, base
    \pop x19, x20, [\base, #W(0)]
    \pop x21, x22, [\base, #W(2)]
    \pop x23, x24, [\base, #W(4)]
    \pop x25, x26, [\base, #W(6)]
    \pop x27, x28, [\base, #W(8)]
    \op x29, [\base, #W(10)]
.endm

/* d8-d15 at words 11-18 of base */
.macro DREGS pop, base
    \pop d8, d9, [\base, #W(11)]
    \pop d10, d11, [\base, #W(13)]
    \pop d12, d13, [\base, #W(15)]
    \pop d14, d15, [\base, #W(17)]
.endm

    .arch_extension sve

    .bss
    .p2align 3
saved:
    .skip 16 /* sp, st */

/* void simd_abi_call(abi_fn fn, const uintptr_t args[6], abi_state *st) */
ENTRY(simd_abi_call)
    sub sp, sp, #FRAME
    XREGS stp, str, sp
    DREGS stp, sp
    str x30, [sp, #W(19)]
    adrp x9, saved
    add x9, x9, :lo12:saved
    mov x10, sp
    stp x10, x2, [x9]
    str x10, [x2, #W(19)]
    mov x16, x0
    mov x17, x1

    ldr x9, [x2, #ABI_POISON]
    ldr x10, [x2, #ABI_STEP]
    ldr x11, [x2, #ABI_FLAGS]
    tbz x11, #0, 1f /* ABI_FLAG_SVE */
    .irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
    dup z\n\().d, x9
    add x9, x9, x10
    .endr
    b 2f
1:
    .irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
    dup v\n\().2d, x9
    add x9, x9, x10
    .endr
2:
    XREGS ldp, ldr, x2
    /* into the low halves only: the garbage above them stays */
    .irp n, 8, 9, 10, 11, 12, 13, 14, 15
    ldr x11, [x2, #W(\n + 3)]
    mov v\n\().d[0], x11
    .endr

    ldp x0, x1, [x17]
    ldp x2, x3, [x17, #16]
    ldp x4, x5, [x17, #32]
    .irp r, x6, x7, x8, x11, x12, x13, x14, x15, x17
    add x9, x9, x10
    mov \r, x9
    .endr
    blr x16

    adrp x9, saved
    add x9, x9, :lo12:saved
    ldr x10, [x9, #8]
    add x10, x10, #ABI_AFTER
    XREGS stp, str, x10
    DREGS stp, x10
    mov x11, sp
    str x11, [x10, #W(19)]
    ldr x11, [x9]
    mov sp, x11 /* our frame, whatever the callee did */

    XREGS ldp, ldr, sp
    DREGS ldp, sp
    ldr x30, [sp, #W(19)]
    add sp, sp, #FRAME
    ret
END(simd_abi_call)

/* Negative controls. */
ABI_CONTROL(abi_bad_x19, add x19, x19, #1)
ABI_CONTROL(abi_bad_x28, eor x28, x28, #0x100)
ABI_CONTROL(abi_bad_x29, mov x29, #0)
ABI_CONTROL(abi_bad_d8, fneg d8, d8)
ABI_CONTROL(abi_bad_d15, movi d15, #0)
ABI_CONTROL(abi_bad_x21_x29_d12, mov x21, #0x2121; mov x29, #0; movi d12, #0)
ABI_CONTROL(abi_bad_sp, sub sp, sp, #16)
ABI_CONTROL(abi_ok_v8_upper, mov v8.d[1], xzr)

    .section .note.GNU-stack, "", %progbits
    .section .note.gnu.property, "a"
    .p2align 3
    .long 4, 16, 5
    .asciz "GNU"
    /* BTI only: simd_abi_call stores x30 unsigned, so no PAC claim. */
    .long 0xc0000000, 4, 1, 0 /* AArch64 feature: BTI */
