/* SPDX-License-Identifier: Apache-2.0 */
/*
 * MD5 compression for any x86_64 CPU, in two builds of the same schedule:
 *   md5_blocks_x86_64 - base x86-64 instructions only;
 *   md5_blocks_bmi1   - BMI1 ANDN replaces the mov+not+and/or sequences.
 * ABI: asm/kernels.h (state[4], in, nblocks). System V AMD64.
 *
 * A single MD5 stream is one dependency chain: each step's b feeds the next
 * step's round function. The schedule keeps as little as possible between the
 * previous step's result (b) and this step's result:
 *   - a + x[k] + K is added while b is still being computed (a is 3 steps old);
 *   - F = d ^ (b & (c ^ d)): c ^ d is ready early, and + xor on the chain;
 *   - G = (b & d) + (c & ~d): the terms are disjoint, so + equals |; c & ~d is
 *     added to a early and b & d is added last (one op on the chain). Base:
 *     + (c & ~d) is + c - (c & d), c joining K in one LEA, ten instructions
 *     a step where mov+not+and took eleven (a 2-wide front end issues a G
 *     step in 5 cycles, not 5.5);
 *   - H = b ^ (c ^ d): c ^ d is the previous step's b^c^d xored with its d,
 *     so the running value needs no copy (one op on the chain);
 *   - I = c ^ (b | ~d). Base: ~d is made early, or + xor on the chain.
 *     BMI1: I = -1 - (c ^ (~b & d)); the -1 is folded into K and the term is
 *     subtracted: andn + xor + sub, with no not/mov at all.
 *   - the last step adds c + b0 (formed while it runs) in one, so the state's
 *     feed-forward puts no op on the chain into the next block.
 * Chain per step: F 5, G 4, H 4, I 5 cycles, 288 a block (OpenSSL 3.0's
 * schedule: 5, 5, 4, 5; 3.5 to 4.0's: 5, 4, 4, 5, 289 a block). The one
 * three-component LEA (base G) is off the chain; the rotate is a plain rol.
 *
 * Registers: a..d in r8d..r11d, temporaries eax/ecx, in = rsi,
 * end of input = rdx, state = rdi (state[] doubles as the saved a0..d0).
 * No callee-saved register and no stack is used.
 */
#include "asm.h"

#define RA %r8d
#define RB %r9d
#define RC %r10d
#define RD %r11d
/* The same registers whole, for the address of a LEA. */
#define RA64 %r8
#define RB64 %r9
#define RC64 %r10
#define RD64 %r11
#include "md5_entry.inc"

/* a += x[k] + K, the start of the G and H steps. */
.macro ADD_XK a, k, K
	add	\k*4(%rsi), \a
	add	$\K, \a
.endm

/* The end of every step: a = b + rol(a, s). */
.macro STEP_END a, b, s
	rol	$\s, \a
	add	\b, \a
.endm

/* a = b + rol(a + F(b, c, d) + x[k] + K, s) */
.macro STEP_F a, b, c, d, k, K, s, bmi
	add	\k*4(%rsi), \a
	mov	\c, %eax
	add	$\K, \a
	xor	\d, %eax
	and	\b, %eax
	xor	\d, %eax
	add	%eax, \a
	STEP_END \a, \b, \s
.endm

.macro STEP_G a, b, c, d, k, K, s, bmi, a64, c64
.if \bmi
	ADD_XK \a, \k, \K
	andn	\c, \d, %eax		/* c & ~d, off the chain */
	add	%eax, \a
.else
	add	\k*4(%rsi), \a
	lea	((\K ^ 0x80000000) - 0x80000000)(\a64, \c64), \a
	mov	\c, %eax
	and	\d, %eax
	sub	%eax, \a		/* + c - (c & d) = + (c & ~d) */
.endif
	mov	\d, %ecx
	and	\b, %ecx		/* b & d: the only op waiting for b */
	add	%ecx, \a
	STEP_END \a, \b, \s
.endm

/* Expects %eax = c ^ d; leaves %eax = b ^ c, the next step's c ^ d. */
.macro STEP_H a, b, c, d, k, K, s, bmi
	ADD_XK \a, \k, \K
	xor	\b, %eax
	add	%eax, \a
	xor	\d, %eax
	STEP_END \a, \b, \s
.endm

/* plus: what the step ends by adding, b unless given (the last step). */
.macro STEP_I a, b, c, d, k, K, s, bmi, plus
	add	\k*4(%rsi), \a
.if \bmi
	add	$((\K - 1) & 0xffffffff), \a
	andn	\d, \b, %eax		/* ~b & d */
	xor	\c, %eax
	sub	%eax, \a		/* + c ^ (b | ~d) + 1 */
.else
	mov	\d, %eax
	add	$\K, \a
	not	%eax
	or	\b, %eax
	xor	\c, %eax
	add	%eax, \a
.endif
.ifb \plus
	STEP_END \a, \b, \s
.else
	STEP_END \a, \plus, \s
.endif
.endm

.macro MD5_BLOCKS name, bmi
ENTRY(\name)
	MD5_ENTER mov
	.p2align 4
1:
	STEP_F RA, RB, RC, RD, 0, 0xd76aa478, 7, \bmi
	STEP_F RD, RA, RB, RC, 1, 0xe8c7b756, 12, \bmi
	STEP_F RC, RD, RA, RB, 2, 0x242070db, 17, \bmi
	STEP_F RB, RC, RD, RA, 3, 0xc1bdceee, 22, \bmi
	STEP_F RA, RB, RC, RD, 4, 0xf57c0faf, 7, \bmi
	STEP_F RD, RA, RB, RC, 5, 0x4787c62a, 12, \bmi
	STEP_F RC, RD, RA, RB, 6, 0xa8304613, 17, \bmi
	STEP_F RB, RC, RD, RA, 7, 0xfd469501, 22, \bmi
	STEP_F RA, RB, RC, RD, 8, 0x698098d8, 7, \bmi
	STEP_F RD, RA, RB, RC, 9, 0x8b44f7af, 12, \bmi
	STEP_F RC, RD, RA, RB, 10, 0xffff5bb1, 17, \bmi
	STEP_F RB, RC, RD, RA, 11, 0x895cd7be, 22, \bmi
	STEP_F RA, RB, RC, RD, 12, 0x6b901122, 7, \bmi
	STEP_F RD, RA, RB, RC, 13, 0xfd987193, 12, \bmi
	STEP_F RC, RD, RA, RB, 14, 0xa679438e, 17, \bmi
	STEP_F RB, RC, RD, RA, 15, 0x49b40821, 22, \bmi
	STEP_G RA, RB, RC, RD, 1, 0xf61e2562, 5, \bmi, RA64, RC64
	STEP_G RD, RA, RB, RC, 6, 0xc040b340, 9, \bmi, RD64, RB64
	STEP_G RC, RD, RA, RB, 11, 0x265e5a51, 14, \bmi, RC64, RA64
	STEP_G RB, RC, RD, RA, 0, 0xe9b6c7aa, 20, \bmi, RB64, RD64
	STEP_G RA, RB, RC, RD, 5, 0xd62f105d, 5, \bmi, RA64, RC64
	STEP_G RD, RA, RB, RC, 10, 0x02441453, 9, \bmi, RD64, RB64
	STEP_G RC, RD, RA, RB, 15, 0xd8a1e681, 14, \bmi, RC64, RA64
	STEP_G RB, RC, RD, RA, 4, 0xe7d3fbc8, 20, \bmi, RB64, RD64
	STEP_G RA, RB, RC, RD, 9, 0x21e1cde6, 5, \bmi, RA64, RC64
	STEP_G RD, RA, RB, RC, 14, 0xc33707d6, 9, \bmi, RD64, RB64
	STEP_G RC, RD, RA, RB, 3, 0xf4d50d87, 14, \bmi, RC64, RA64
	STEP_G RB, RC, RD, RA, 8, 0x455a14ed, 20, \bmi, RB64, RD64
	STEP_G RA, RB, RC, RD, 13, 0xa9e3e905, 5, \bmi, RA64, RC64
	STEP_G RD, RA, RB, RC, 2, 0xfcefa3f8, 9, \bmi, RD64, RB64
	STEP_G RC, RD, RA, RB, 7, 0x676f02d9, 14, \bmi, RC64, RA64
	STEP_G RB, RC, RD, RA, 12, 0x8d2a4c8a, 20, \bmi, RB64, RD64
	/* H steps keep b^c^d running in %eax: seed it with c^d. */
	mov	RC, %eax
	xor	RD, %eax
	STEP_H RA, RB, RC, RD, 5, 0xfffa3942, 4, \bmi
	STEP_H RD, RA, RB, RC, 8, 0x8771f681, 11, \bmi
	STEP_H RC, RD, RA, RB, 11, 0x6d9d6122, 16, \bmi
	STEP_H RB, RC, RD, RA, 14, 0xfde5380c, 23, \bmi
	STEP_H RA, RB, RC, RD, 1, 0xa4beea44, 4, \bmi
	STEP_H RD, RA, RB, RC, 4, 0x4bdecfa9, 11, \bmi
	STEP_H RC, RD, RA, RB, 7, 0xf6bb4b60, 16, \bmi
	STEP_H RB, RC, RD, RA, 10, 0xbebfbc70, 23, \bmi
	STEP_H RA, RB, RC, RD, 13, 0x289b7ec6, 4, \bmi
	STEP_H RD, RA, RB, RC, 0, 0xeaa127fa, 11, \bmi
	STEP_H RC, RD, RA, RB, 3, 0xd4ef3085, 16, \bmi
	STEP_H RB, RC, RD, RA, 6, 0x04881d05, 23, \bmi
	STEP_H RA, RB, RC, RD, 9, 0xd9d4d039, 4, \bmi
	STEP_H RD, RA, RB, RC, 12, 0xe6db99e5, 11, \bmi
	STEP_H RC, RD, RA, RB, 15, 0x1fa27cf8, 16, \bmi
	STEP_H RB, RC, RD, RA, 2, 0xc4ac5665, 23, \bmi
	STEP_I RA, RB, RC, RD, 0, 0xf4292244, 6, \bmi
	STEP_I RD, RA, RB, RC, 7, 0x432aff97, 10, \bmi
	STEP_I RC, RD, RA, RB, 14, 0xab9423a7, 15, \bmi
	STEP_I RB, RC, RD, RA, 5, 0xfc93a039, 21, \bmi
	STEP_I RA, RB, RC, RD, 12, 0x655b59c3, 6, \bmi
	STEP_I RD, RA, RB, RC, 3, 0x8f0ccc92, 10, \bmi
	STEP_I RC, RD, RA, RB, 10, 0xffeff47d, 15, \bmi
	STEP_I RB, RC, RD, RA, 1, 0x85845dd1, 21, \bmi
	STEP_I RA, RB, RC, RD, 8, 0x6fa87e4f, 6, \bmi
	STEP_I RD, RA, RB, RC, 15, 0xfe2ce6e0, 10, \bmi
	STEP_I RC, RD, RA, RB, 6, 0xa3014314, 15, \bmi
	STEP_I RB, RC, RD, RA, 13, 0x4e0811a1, 21, \bmi
	STEP_I RA, RB, RC, RD, 4, 0xf7537e82, 6, \bmi
	STEP_I RD, RA, RB, RC, 11, 0xbd3af235, 10, \bmi
	STEP_I RC, RD, RA, RB, 2, 0x2ad7d2bb, 15, \bmi
	/*
	 * The last step ends with + c + b0 in one add (c + b0 is formed while
	 * the step runs): adding b0 after it would put one more op on the
	 * chain into the next block. c0 joins through a register, not as a
	 * load-op on c: c is close to the next block's c ^ d.
	 */
	mov	4(%rdi), %ecx
	add	RC, %ecx
	STEP_I RB, RC, RD, RA, 9, 0xeb86d391, 21, \bmi, %ecx
	mov	8(%rdi), %eax
	add	0(%rdi), RA
	add	%eax, RC
	add	12(%rdi), RD
	mov	RA, 0(%rdi)
	mov	RB, 4(%rdi)
	mov	RC, 8(%rdi)
	mov	RD, 12(%rdi)
	add	$64, %rsi
	cmp	%rdx, %rsi
	jne	1b
9:
	ret
END(\name)
.endm

	MD5_BLOCKS md5_blocks_x86_64, 0
	MD5_BLOCKS md5_blocks_bmi1, 1

ELF_NOTES
