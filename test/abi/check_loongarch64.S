/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The ABI trampoline for loongarch64 (LP64D), as abi.h describes.
 * Words of before[]/after[] (loongarch64.c names them):
 *   0-8 $s0-$s8, 9 $fp, 10-17 $fs0-$fs7 ($f24-$f31: the low 64 bits of
 *   $vr24-$vr31/$xr24-$xr31)              canaries
 *   18 $sp, 19 $tp, 20 $r21                observed ($tp and the reserved
 *                                          $r21 may not be touched at all)
 * Garbage goes into every vector register first ($xr0-$xr31 in full with
 * ABI_FLAG_LASX, $vr0-$vr31 with ABI_FLAG_LSX, else $f0-$f31), then the
 * canaries, and into $a6, $a7, $t0-$t7 after the arguments ($t8 holds fn).
 * $sp is restored from a static slot and $tp and $r21 from the frame, so a
 * kernel that breaks any of them is reported, not a crash.
 *
 * Then the negative controls, abi_bad_<register>, each breaking one.
 */
#include "abi.h"

#define W(i) (8*(i))
/* Frame: the caller's $s0-$s8, $fp and $fs0-$fs7 laid out as the words
 * above, then $ra, $tp, $r21. */
#define F_RA W(18)
#define F_TP W(19)
#define F_R21 W(20)
#define FRAME 176

/* $s0-$s8 and $fp (op) and $fs0-$fs7 (fop) at words 0-17 of base */
.macro SREGS op, fop, base
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8
	\op $s\i, \base, W(\i)
	.endr
	\op $fp, \base, W(9)
	.irp n, 24, 25, 26, 27, 28, 29, 30, 31
	\fop $f\n, \base, W(\n - 14)
	.endr
.endm

	.bss
	.p2align 3
saved:
	.zero 16 /* $sp, st */

/* void simd_abi_call(abi_fn fn, const uintptr_t args[6], abi_state *st) */
	.text
	.p2align 4
	.globl simd_abi_call
	.type simd_abi_call, @function
simd_abi_call:
	addi.d $sp, $sp, -FRAME
	SREGS st.d, fst.d, $sp
	st.d $ra, $sp, F_RA
	st.d $tp, $sp, F_TP
	st.d $r21, $sp, F_R21
	pcalau12i $t0, %pc_hi20(saved)
	addi.d $t0, $t0, %pc_lo12(saved)
	st.d $sp, $t0, 0
	st.d $a2, $t0, 8
	st.d $sp, $a2, W(18)
	st.d $tp, $a2, W(19)
	st.d $r21, $a2, W(20)

	ld.d $t1, $a2, ABI_POISON
	ld.d $t2, $a2, ABI_STEP
	ld.d $t3, $a2, ABI_FLAGS
	andi $t4, $t3, ABI_FLAG_LASX
	bnez $t4, 2f
	andi $t4, $t3, ABI_FLAG_LSX
	bnez $t4, 1f
	.irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	movgr2fr.d $f\n, $t1
	add.d $t1, $t1, $t2
	.endr
	b 3f
1:
	.irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	vreplgr2vr.d $vr\n, $t1
	add.d $t1, $t1, $t2
	.endr
	b 3f
2:
	.irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	xvreplgr2vr.d $xr\n, $t1
	add.d $t1, $t1, $t2
	.endr
3:
	SREGS ld.d, fld.d, $a2

	or $t8, $a0, $zero
	or $t7, $a1, $zero
	ld.d $a0, $t7, 0
	ld.d $a1, $t7, 8
	ld.d $a2, $t7, 16
	ld.d $a3, $t7, 24
	ld.d $a4, $t7, 32
	ld.d $a5, $t7, 40
	.irp r, $a6, $a7, $t0, $t3, $t4, $t5, $t6, $t7
	add.d $t1, $t1, $t2
	or \r, $t1, $zero
	.endr
	add.d $t1, $t1, $t2
	xor $t2, $t2, $t1
	jirl $ra, $t8, 0

	pcalau12i $t0, %pc_hi20(saved)
	addi.d $t0, $t0, %pc_lo12(saved)
	ld.d $t1, $t0, 8
	addi.d $t1, $t1, ABI_AFTER
	SREGS st.d, fst.d, $t1
	st.d $sp, $t1, W(18)
	st.d $tp, $t1, W(19)
	st.d $r21, $t1, W(20)

	ld.d $sp, $t0, 0 /* our frame, whatever the callee did */
	ld.d $tp, $sp, F_TP
	ld.d $r21, $sp, F_R21
	SREGS ld.d, fld.d, $sp
	ld.d $ra, $sp, F_RA
	addi.d $sp, $sp, FRAME
	ret
	.size simd_abi_call, . - simd_abi_call

/* Negative controls: each damages exactly one register. */
ABI_BAD s0
	addi.d $s0, $s0, 1
	ret
ABI_BAD s8
	xori $s8, $s8, 0x100
	ret
ABI_BAD fp
	or $fp, $zero, $zero
	ret
ABI_BAD fs0
	fneg.d $f24, $f24
	ret
ABI_BAD fs7
	fmov.d $f31, $f0
	ret
ABI_BAD sp
	addi.d $sp, $sp, -16
	ret
ABI_BAD tp
	addi.d $tp, $tp, 8
	ret
ABI_BAD r21
	addi.d $r21, $r21, 8
	ret

	.section .note.GNU-stack, "", @progbits
