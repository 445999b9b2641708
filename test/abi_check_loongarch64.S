/*
 * Calls a ChaCha20 kernel with every register in a known state, for
 * test/test_abi_loongarch64.c:
 *
 * void la_abi_call(simd_chacha20_fn fn, uint8_t *out, const uint8_t *in,
 *                  size_t len, const uint32_t key[8], const uint32_t ctr[4],
 *                  const la_abi_setup *set, la_abi_regs *got);
 *
 * Before the call: every vector register ($xr0-$xr31 in full when
 * set->lasx, else $vr0-$vr31) and every scratch GPR the kernel does not get
 * an argument in ($a5-$a7, $t0-$t8) holds garbage derived from set->poison,
 * so a kernel that reads a register it never wrote produces output that
 * depends on the poison; then the callee-saved registers of the LoongArch
 * psABI get the values in *set: $s0-$s8, $fp ($r22) and the low 64 bits of
 * $f24-$f31 (the low halves of $vr24-$vr31).
 * After the call: those registers, $sp, and the non-allocatable $tp and
 * $r21 (before and after) are written to *got; the caller compares.
 * The trampoline keeps its own bookkeeping in .bss, not in a register a bad
 * kernel could clobber, and restores $sp from there before returning.
 */

/* la_abi_setup / la_abi_regs offsets, mirrored in test_abi_loongarch64.c. */
#define SET_S 0		/* uint64_t s[10]: $s0-$s8, $fp */
#define SET_F 80	/* uint64_t f[8]: $f24-$f31 */
#define SET_POISON 144
#define SET_STEP 152
#define SET_LASX 160
#define GOT_S 0
#define GOT_F 80
#define GOT_SP_BEFORE 144
#define GOT_SP_AFTER 152
#define GOT_TP_BEFORE 160
#define GOT_TP_AFTER 168
#define GOT_R21_BEFORE 176
#define GOT_R21_AFTER 184

#define FRAME 160

	.bss
	.p2align 3
.Lgot:	.dword	0	/* la_abi_regs *got */
.Lsp:	.dword	0	/* $sp at the call */

	.text
	.p2align 4
	.globl	la_abi_call
	.hidden	la_abi_call
	.type	la_abi_call, @function
la_abi_call:
	/* The caller's callee-saved registers: this function changes them all. */
	addi.d	$sp, $sp, -FRAME
	st.d	$ra, $sp, 0
	st.d	$s0, $sp, 8
	st.d	$s1, $sp, 16
	st.d	$s2, $sp, 24
	st.d	$s3, $sp, 32
	st.d	$s4, $sp, 40
	st.d	$s5, $sp, 48
	st.d	$s6, $sp, 56
	st.d	$s7, $sp, 64
	st.d	$s8, $sp, 72
	st.d	$fp, $sp, 80
	fst.d	$f24, $sp, 88
	fst.d	$f25, $sp, 96
	fst.d	$f26, $sp, 104
	fst.d	$f27, $sp, 112
	fst.d	$f28, $sp, 120
	fst.d	$f29, $sp, 128
	fst.d	$f30, $sp, 136
	fst.d	$f31, $sp, 144

	pcalau12i $t0, %pc_hi20(.Lgot)
	addi.d	$t0, $t0, %pc_lo12(.Lgot)
	st.d	$a7, $t0, 0
	st.d	$sp, $t0, 8
	st.d	$sp, $a7, GOT_SP_BEFORE
	st.d	$tp, $a7, GOT_TP_BEFORE
	st.d	$r21, $a7, GOT_R21_BEFORE

	/* Garbage in every vector register: poison, poison + step, ... */
	ld.d	$t1, $a6, SET_POISON
	ld.d	$t2, $a6, SET_STEP
	ld.d	$t3, $a6, SET_LASX
	beqz	$t3, 1f
	.irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	xvreplgr2vr.d $xr\n, $t1
	add.d	$t1, $t1, $t2
	.endr
	b	2f
1:
	.irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	vreplgr2vr.d $vr\n, $t1
	add.d	$t1, $t1, $t2
	.endr
2:
	/* The values the kernel must preserve. */
	fld.d	$f24, $a6, SET_F + 0
	fld.d	$f25, $a6, SET_F + 8
	fld.d	$f26, $a6, SET_F + 16
	fld.d	$f27, $a6, SET_F + 24
	fld.d	$f28, $a6, SET_F + 32
	fld.d	$f29, $a6, SET_F + 40
	fld.d	$f30, $a6, SET_F + 48
	fld.d	$f31, $a6, SET_F + 56
	ld.d	$s0, $a6, SET_S + 0
	ld.d	$s1, $a6, SET_S + 8
	ld.d	$s2, $a6, SET_S + 16
	ld.d	$s3, $a6, SET_S + 24
	ld.d	$s4, $a6, SET_S + 32
	ld.d	$s5, $a6, SET_S + 40
	ld.d	$s6, $a6, SET_S + 48
	ld.d	$s7, $a6, SET_S + 56
	ld.d	$s8, $a6, SET_S + 64
	ld.d	$fp, $a6, SET_S + 72

	/* Arguments in place, garbage in every other scratch GPR. */
	or	$t8, $a0, $zero
	or	$a0, $a1, $zero
	or	$a1, $a2, $zero
	or	$a2, $a3, $zero
	or	$a3, $a4, $zero
	or	$a4, $a5, $zero
	.irp r, $a5, $a6, $a7, $t0, $t3, $t4, $t5, $t6, $t7
	add.d	$t1, $t1, $t2
	or	\r, $t1, $zero
	.endr
	add.d	$t1, $t1, $t2
	xor	$t2, $t2, $t1
	/* $t8 (the target) and $ra (the return address) are the only scratch
	 * registers left with meaningful values. */
	jirl	$ra, $t8, 0

	/* What the kernel left. */
	pcalau12i $t0, %pc_hi20(.Lgot)
	addi.d	$t0, $t0, %pc_lo12(.Lgot)
	ld.d	$t1, $t0, 0
	st.d	$s0, $t1, GOT_S + 0
	st.d	$s1, $t1, GOT_S + 8
	st.d	$s2, $t1, GOT_S + 16
	st.d	$s3, $t1, GOT_S + 24
	st.d	$s4, $t1, GOT_S + 32
	st.d	$s5, $t1, GOT_S + 40
	st.d	$s6, $t1, GOT_S + 48
	st.d	$s7, $t1, GOT_S + 56
	st.d	$s8, $t1, GOT_S + 64
	st.d	$fp, $t1, GOT_S + 72
	fst.d	$f24, $t1, GOT_F + 0
	fst.d	$f25, $t1, GOT_F + 8
	fst.d	$f26, $t1, GOT_F + 16
	fst.d	$f27, $t1, GOT_F + 24
	fst.d	$f28, $t1, GOT_F + 32
	fst.d	$f29, $t1, GOT_F + 40
	fst.d	$f30, $t1, GOT_F + 48
	fst.d	$f31, $t1, GOT_F + 56
	st.d	$sp, $t1, GOT_SP_AFTER
	st.d	$tp, $t1, GOT_TP_AFTER
	st.d	$r21, $t1, GOT_R21_AFTER

	/* Back to the caller's state, from the $sp recorded before the call. */
	ld.d	$sp, $t0, 8
	ld.d	$ra, $sp, 0
	ld.d	$s0, $sp, 8
	ld.d	$s1, $sp, 16
	ld.d	$s2, $sp, 24
	ld.d	$s3, $sp, 32
	ld.d	$s4, $sp, 40
	ld.d	$s5, $sp, 48
	ld.d	$s6, $sp, 56
	ld.d	$s7, $sp, 64
	ld.d	$s8, $sp, 72
	ld.d	$fp, $sp, 80
	fld.d	$f24, $sp, 88
	fld.d	$f25, $sp, 96
	fld.d	$f26, $sp, 104
	fld.d	$f27, $sp, 112
	fld.d	$f28, $sp, 120
	fld.d	$f29, $sp, 128
	fld.d	$f30, $sp, 136
	fld.d	$f31, $sp, 144
	addi.d	$sp, $sp, FRAME
	ret
	.size	la_abi_call, . - la_abi_call

	.section .note.GNU-stack, "", @progbits
