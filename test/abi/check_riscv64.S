/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The ABI trampoline for riscv64 (LP64D), as abi.h describes.
 * Words of before[]/after[] (riscv64.c names them):
 *   0-11 s0-s11, 12-23 fs0-fs11 (raw bits)   canaries
 *   24 sp, 25 gp, 26 tp                      observed (gp and tp may not be
 *                                            touched at all)
 * Garbage goes into f0-f31 first (then the canaries), v0-v31 with
 * ABI_FLAG_V, and a6, a7, t0-t4 and t6 after the arguments (t5 holds fn).
 * sp is restored from a static slot and gp and tp from the frame, so a
 * kernel that breaks any of them is reported, not a crash; no linker
 * relaxation here, so nothing this code reaches goes through gp.
 *
 * Then the negative controls, abi_bad_<register>, each breaking one.
 */
#include "abi.h"

    .option arch, +d
    .option norelax

#define W(i) (8*(i))
/* Frame: the caller's s0-s11 and fs0-fs11 laid out as the words above,
 * then ra, gp, tp. */
#define F_RA W(24)
#define F_GP W(25)
#define F_TP W(26)
#define FRAME 224

/* s0-s11 (op) and fs0-fs11 (fop) at words 0-23 of base */
.macro SREGS op, fop, base
    .irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
    \op s\i, W(\i)(\base)
    \fop fs\i, W(12 + \i)(\base)
    .endr
.endm

    .bss
    .p2align 3
saved:
    .zero 16 /* sp, st */

/* void simd_abi_call(abi_fn fn, const uintptr_t args[6], abi_state *st) */
    .text
    .globl simd_abi_call
    .type simd_abi_call, @function
    .p2align 2
simd_abi_call:
    addi sp, sp, -FRAME
    SREGS sd, fsd, sp
    sd ra, F_RA(sp)
    sd gp, F_GP(sp)
    sd tp, F_TP(sp)
    lla t0, saved
    sd sp, 0(t0)
    sd a2, 8(t0)
    sd sp, W(24)(a2)
    sd gp, W(25)(a2)
    sd tp, W(26)(a2)

    ld t1, ABI_POISON(a2)
    ld t2, ABI_STEP(a2)
    .irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
    fmv.d.x f\n, t1
    add t1, t1, t2
    .endr
    ld t3, ABI_FLAGS(a2)
    andi t3, t3, ABI_FLAG_V
    beqz t3, 1f
    .option push
    .option arch, +v
    vsetvli t3, zero, e64, m8, ta, ma
    .irp n, 0, 8, 16, 24
    vmv.v.x v\n, t1
    add t1, t1, t2
    .endr
    .option pop
1:
    SREGS ld, fld, a2

    mv t5, a0
    mv t6, a1
    ld a0, 0(t6)
    ld a1, 8(t6)
    ld a2, 16(t6)
    ld a3, 24(t6)
    ld a4, 32(t6)
    ld a5, 40(t6)
    .irp r, a6, a7, t0, t3, t4, t6
    add t1, t1, t2
    mv \r, t1
    .endr
    jalr t5

    lla t0, saved
    ld t1, 8(t0)
    addi t1, t1, ABI_AFTER
    SREGS sd, fsd, t1
    sd sp, W(24)(t1)
    sd gp, W(25)(t1)
    sd tp, W(26)(t1)

    ld sp, 0(t0) /* our frame, whatever the callee did */
    ld gp, F_GP(sp)
    ld tp, F_TP(sp)
    SREGS ld, fld, sp
    ld ra, F_RA(sp)
    addi sp, sp, FRAME
    ret
    .size simd_abi_call, . - simd_abi_call

/* Negative controls: each damages exactly one register. */
ABI_BAD s0
    addi s0, s0, 1
    ret
ABI_BAD s11
    xori s11, s11, 0x40
    ret
ABI_BAD fs5
    fmv.d fs5, fs4
    ret
ABI_BAD sp
    addi sp, sp, -16
    ret
ABI_BAD gp
    addi gp, gp, 8
    ret
ABI_BAD tp
    addi tp, tp, 8
    ret

    .section .note.GNU-stack, "", @progbits
