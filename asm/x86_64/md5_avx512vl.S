/* SPDX-License-Identifier: Apache-2.0 */
/*
 * md5_blocks_avx512vl: one MD5 stream in lane 0 of four XMM registers.
 * ABI: asm/kernels.h (state[4], in, nblocks). System V AMD64.
 * Needs AVX-512F + AVX-512VL (EVEX-encoded xmm forms, embedded broadcast).
 *
 * Why vector registers for a scalar hash: vpternlogd evaluates any of F, G,
 * H, I in one 1-cycle instruction, and vprold rotates in one, so every step's
 * chain is ternlog + add + rotate + add = 4 cycles in all four rounds (the
 * scalar kernels' best is 5/4/4/5). That holds where vprold has 1-cycle
 * latency; where it is slower it loses to the scalar ones (the CPUs and
 * figures: docs/performance.md, "Why bmi1 is MD5's default"), which is
 * why it is by name only.
 *
 * a + x[k] + K[i] is added from memory with {1to4} broadcasts while b is still
 * being computed (a is three steps old, so those adds are off the chain).
 * Only lane 0 matters; the other lanes carry junk that never reaches memory.
 *
 * Registers: a..d = xmm0..3, round-function temporary = xmm4, a0..d0 =
 * xmm5..8. Only xmm0..15 are written, all by 128-bit VEX/EVEX forms (which
 * zero the upper lanes); vzeroupper still runs before returning so no caller
 * ever sees dirty upper state.
 */
#include "asm.h"
#include "../md5_k.inc"

#define RA %xmm0
#define RB %xmm1
#define RC %xmm2
#define RD %xmm3
#define T %xmm4
#include "md5_entry.inc"

/* vpternlogd $imm, c, b, T with T = d: imm bit (d<<2 | b<<1 | c) = f(b,c,d). */
#define TT_F 0xb8	/* (b & c) | (~b & d) */
#define TT_G 0xca	/* (b & d) | (c & ~d) */
#define TT_H 0x96	/* b ^ c ^ d */
#define TT_I 0x65	/* c ^ (b | ~d) */

/* Step i: a = b + rol(a + f(b, c, d) + x[k] + K[i], s) */
.macro STEP tt, a, b, c, d, k, s, i
	vpaddd	\k*4(%rsi){1to4}, \a, \a
	vmovdqa	\d, T
	vpaddd	.Lmd5_k+\i*4(%rip){1to4}, \a, \a
	vpternlogd $\tt, \c, \b, T
	vpaddd	T, \a, \a
	vprold	$\s, \a, \a
	vpaddd	\b, \a, \a
.endm

ENTRY(md5_blocks_avx512vl)
	MD5_ENTER vmovd
	.p2align 4
1:
	vmovdqa	RA, %xmm5
	vmovdqa	RB, %xmm6
	vmovdqa	RC, %xmm7
	vmovdqa	RD, %xmm8
	STEP TT_F, RA, RB, RC, RD, 0, 7, 0
	STEP TT_F, RD, RA, RB, RC, 1, 12, 1
	STEP TT_F, RC, RD, RA, RB, 2, 17, 2
	STEP TT_F, RB, RC, RD, RA, 3, 22, 3
	STEP TT_F, RA, RB, RC, RD, 4, 7, 4
	STEP TT_F, RD, RA, RB, RC, 5, 12, 5
	STEP TT_F, RC, RD, RA, RB, 6, 17, 6
	STEP TT_F, RB, RC, RD, RA, 7, 22, 7
	STEP TT_F, RA, RB, RC, RD, 8, 7, 8
	STEP TT_F, RD, RA, RB, RC, 9, 12, 9
	STEP TT_F, RC, RD, RA, RB, 10, 17, 10
	STEP TT_F, RB, RC, RD, RA, 11, 22, 11
	STEP TT_F, RA, RB, RC, RD, 12, 7, 12
	STEP TT_F, RD, RA, RB, RC, 13, 12, 13
	STEP TT_F, RC, RD, RA, RB, 14, 17, 14
	STEP TT_F, RB, RC, RD, RA, 15, 22, 15
	STEP TT_G, RA, RB, RC, RD, 1, 5, 16
	STEP TT_G, RD, RA, RB, RC, 6, 9, 17
	STEP TT_G, RC, RD, RA, RB, 11, 14, 18
	STEP TT_G, RB, RC, RD, RA, 0, 20, 19
	STEP TT_G, RA, RB, RC, RD, 5, 5, 20
	STEP TT_G, RD, RA, RB, RC, 10, 9, 21
	STEP TT_G, RC, RD, RA, RB, 15, 14, 22
	STEP TT_G, RB, RC, RD, RA, 4, 20, 23
	STEP TT_G, RA, RB, RC, RD, 9, 5, 24
	STEP TT_G, RD, RA, RB, RC, 14, 9, 25
	STEP TT_G, RC, RD, RA, RB, 3, 14, 26
	STEP TT_G, RB, RC, RD, RA, 8, 20, 27
	STEP TT_G, RA, RB, RC, RD, 13, 5, 28
	STEP TT_G, RD, RA, RB, RC, 2, 9, 29
	STEP TT_G, RC, RD, RA, RB, 7, 14, 30
	STEP TT_G, RB, RC, RD, RA, 12, 20, 31
	STEP TT_H, RA, RB, RC, RD, 5, 4, 32
	STEP TT_H, RD, RA, RB, RC, 8, 11, 33
	STEP TT_H, RC, RD, RA, RB, 11, 16, 34
	STEP TT_H, RB, RC, RD, RA, 14, 23, 35
	STEP TT_H, RA, RB, RC, RD, 1, 4, 36
	STEP TT_H, RD, RA, RB, RC, 4, 11, 37
	STEP TT_H, RC, RD, RA, RB, 7, 16, 38
	STEP TT_H, RB, RC, RD, RA, 10, 23, 39
	STEP TT_H, RA, RB, RC, RD, 13, 4, 40
	STEP TT_H, RD, RA, RB, RC, 0, 11, 41
	STEP TT_H, RC, RD, RA, RB, 3, 16, 42
	STEP TT_H, RB, RC, RD, RA, 6, 23, 43
	STEP TT_H, RA, RB, RC, RD, 9, 4, 44
	STEP TT_H, RD, RA, RB, RC, 12, 11, 45
	STEP TT_H, RC, RD, RA, RB, 15, 16, 46
	STEP TT_H, RB, RC, RD, RA, 2, 23, 47
	STEP TT_I, RA, RB, RC, RD, 0, 6, 48
	STEP TT_I, RD, RA, RB, RC, 7, 10, 49
	STEP TT_I, RC, RD, RA, RB, 14, 15, 50
	STEP TT_I, RB, RC, RD, RA, 5, 21, 51
	STEP TT_I, RA, RB, RC, RD, 12, 6, 52
	STEP TT_I, RD, RA, RB, RC, 3, 10, 53
	STEP TT_I, RC, RD, RA, RB, 10, 15, 54
	STEP TT_I, RB, RC, RD, RA, 1, 21, 55
	STEP TT_I, RA, RB, RC, RD, 8, 6, 56
	STEP TT_I, RD, RA, RB, RC, 15, 10, 57
	STEP TT_I, RC, RD, RA, RB, 6, 15, 58
	STEP TT_I, RB, RC, RD, RA, 13, 21, 59
	STEP TT_I, RA, RB, RC, RD, 4, 6, 60
	STEP TT_I, RD, RA, RB, RC, 11, 10, 61
	STEP TT_I, RC, RD, RA, RB, 2, 15, 62
	STEP TT_I, RB, RC, RD, RA, 9, 21, 63

	vpaddd	%xmm5, RA, RA
	vpaddd	%xmm6, RB, RB
	vpaddd	%xmm7, RC, RC
	vpaddd	%xmm8, RD, RD
	add	$64, %rsi
	cmp	%rdx, %rsi
	jne	1b
	vmovd	RA, 0(%rdi)
	vmovd	RB, 4(%rdi)
	vmovd	RC, 8(%rdi)
	vmovd	RD, 12(%rdi)
	vzeroupper
9:
	ret
END(md5_blocks_avx512vl)

	/* K[i] in step order (RFC 1321 T[1..64]). */
	.section .rodata
	.p2align 6
.Lmd5_k:
	MD5_K_TABLE

ELF_NOTES
