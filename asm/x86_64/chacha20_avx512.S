/*
 * ChaCha20, AVX-512 (F + VL + BW): every rotate is one vprold, and the 32
 * vector registers hold a whole 16-word state with room to spare.
 *
 *   chacha20_avx512_16x  16 blocks, one state word per zmm (lane i = block i)
 *   chacha20_avx512_8x    8 blocks, the same in ymm (AVX-512VL)
 *   chacha20_avx512_4x    4 blocks, the same in xmm (AVX-512VL)
 *   chacha20_avx512_2x    2 blocks as rows of a ymm (one block per 128-bit lane)
 *   chacha20_avx512_1x    1 block as rows of an xmm
 * each implementing the full kernel ABI for any length, and
 *   chacha20_avx512_32x  two independent 16-block groups interleaved; it
 *                        processes only whole 2048-byte groups and leaves
 *                        the rest (len mod 2048) to the caller.
 * The tails go through a keystream copy on the stack and AVX512BW byte-masked
 * loads/stores, which never touch memory outside [in, in+len) / [out, out+len)
 * (masked-out bytes are fault-suppressed). All end with vzeroupper.
 * Inputs: rdi=out rsi=in rdx=len rcx=key r8=ctr; caller-saved registers only.
 */
#include "x86_64_asm.h"

    .section .rodata
    .p2align 6
.Linc16:
    .long 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
.Lsigma:
    .long 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
.Lrowinc1:
    .long 1, 0, 0, 0
.Lrowlane1:
    .long 0, 0, 0, 0, 1, 0, 0, 0
.Lrowinc2:
    .long 2, 0, 0, 0, 2, 0, 0, 0
.Lc4:
    .long 4
.Lc8:
    .long 8
.Lc16:
    .long 16

/* --------------------------------------------------------------------- */
/* Word-sliced rounds: four quarter-rounds (given as register numbers). */

.macro AXR w, r, x0, y0, z0, x1, y1, z1, x2, y2, z2, x3, y3, z3
    vpaddd %\w\()mm\y0, %\w\()mm\x0, %\w\()mm\x0
    vpaddd %\w\()mm\y1, %\w\()mm\x1, %\w\()mm\x1
    vpaddd %\w\()mm\y2, %\w\()mm\x2, %\w\()mm\x2
    vpaddd %\w\()mm\y3, %\w\()mm\x3, %\w\()mm\x3
    vpxord %\w\()mm\x0, %\w\()mm\z0, %\w\()mm\z0
    vpxord %\w\()mm\x1, %\w\()mm\z1, %\w\()mm\z1
    vpxord %\w\()mm\x2, %\w\()mm\z2, %\w\()mm\z2
    vpxord %\w\()mm\x3, %\w\()mm\z3, %\w\()mm\z3
    vprold $\r, %\w\()mm\z0, %\w\()mm\z0
    vprold $\r, %\w\()mm\z1, %\w\()mm\z1
    vprold $\r, %\w\()mm\z2, %\w\()mm\z2
    vprold $\r, %\w\()mm\z3, %\w\()mm\z3
.endm

.macro QR4 w, a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3
    AXR \w, 16, \a0, \b0, \d0, \a1, \b1, \d1, \a2, \b2, \d2, \a3, \b3, \d3
    AXR \w, 12, \c0, \d0, \b0, \c1, \d1, \b1, \c2, \d2, \b2, \c3, \d3, \b3
    AXR \w, 8, \a0, \b0, \d0, \a1, \b1, \d1, \a2, \b2, \d2, \a3, \b3, \d3
    AXR \w, 7, \c0, \d0, \b0, \c1, \d1, \b1, \c2, \d2, \b2, \c3, \d3, \b3
.endm

/* One double round on the state in registers 0..15. */
.macro DROUND w
    QR4 \w, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15
    QR4 \w, 0, 5, 10, 15, 1, 6, 11, 12, 2, 7, 8, 13, 3, 4, 9, 14
.endm

/* Fresh state in w-registers 0..15: constants, key, nonce broadcast to
 * every lane; x12 (the per-lane counters) comes from register \ctr. */
.macro INIT_WS w, ctr
    vpbroadcastd .Lsigma(%rip), %\w\()mm0
    vpbroadcastd .Lsigma+4(%rip), %\w\()mm1
    vpbroadcastd .Lsigma+8(%rip), %\w\()mm2
    vpbroadcastd .Lsigma+12(%rip), %\w\()mm3
    .irp i, 4, 5, 6, 7, 8, 9, 10, 11
    vpbroadcastd (4 * (\i - 4))(%rcx), %\w\()mm\i
    .endr
    vmovdqa32 %\w\()mm\ctr, %\w\()mm12
    vpbroadcastd 4(%r8), %\w\()mm13
    vpbroadcastd 8(%r8), %\w\()mm14
    vpbroadcastd 12(%r8), %\w\()mm15
.endm

/* Add the input state back (x12 excepted: the caller adds the counters). */
.macro ADDIN_WS w, n
    .irp i, 0, 1, 2, 3
    vpaddd (.Lsigma + 4 * \i)(%rip){1to\n}, %\w\()mm\i, %\w\()mm\i
    .endr
    .irp i, 4, 5, 6, 7, 8, 9, 10, 11
    vpaddd (4 * (\i - 4))(%rcx){1to\n}, %\w\()mm\i, %\w\()mm\i
    .endr
    .irp i, 13, 14, 15
    vpaddd (4 * (\i - 12))(%r8){1to\n}, %\w\()mm\i, %\w\()mm\i
    .endr
.endm

/* 4x4 dword transpose inside each 128-bit lane; afterwards register j of
 * the group holds, in lane L, words 4g..4g+3 of block 4L+j. */
.macro TRANSPOSE4 w, A, B, C, D, T0, T1
    vpunpckldq %\w\()mm\B, %\w\()mm\A, %\w\()mm\T0
    vpunpckhdq %\w\()mm\B, %\w\()mm\A, %\w\()mm\T1
    vpunpckldq %\w\()mm\D, %\w\()mm\C, %\w\()mm\B
    vpunpckhdq %\w\()mm\D, %\w\()mm\C, %\w\()mm\D
    vpunpcklqdq %\w\()mm\B, %\w\()mm\T0, %\w\()mm\A
    vpunpckhqdq %\w\()mm\B, %\w\()mm\T0, %\w\()mm\B
    vpunpcklqdq %\w\()mm\D, %\w\()mm\T1, %\w\()mm\C
    vpunpckhqdq %\w\()mm\D, %\w\()mm\T1, %\w\()mm\D
.endm

.macro TRANSPOSE_GROUPS w
    TRANSPOSE4 \w, 0, 1, 2, 3, 16, 17
    TRANSPOSE4 \w, 4, 5, 6, 7, 16, 17
    TRANSPOSE4 \w, 8, 9, 10, 11, 16, 17
    TRANSPOSE4 \w, 12, 13, 14, 15, 16, 17
.endm

/* mode 0: XOR register r into out at off; mode 1: store it to the stack
 * keystream buffer at off. */
.macro OUTW w, mode, r, off
.if \mode == 0
    vpxord \off(%rsi), %\w\()mm\r, %\w\()mm\r
    vmovdqu32 %\w\()mm\r, \off(%rdi)
.else
    vmovdqa32 %\w\()mm\r, \off(%rsp)
.endif
.endm

/* zmm: lanes L of P,Q,R,S (word groups 0..3 of blocks 4L+j) -> whole
 * blocks j, 4+j, 8+j, 12+j in P, Q, R, S. */
.macro JOIN16 P, Q, R, S
    vshufi32x4 $0x88, %zmm\Q, %zmm\P, %zmm16
    vshufi32x4 $0xdd, %zmm\Q, %zmm\P, %zmm17
    vshufi32x4 $0x88, %zmm\S, %zmm\R, %zmm18
    vshufi32x4 $0xdd, %zmm\S, %zmm\R, %zmm19
    vshufi32x4 $0x88, %zmm18, %zmm16, %zmm\P
    vshufi32x4 $0xdd, %zmm18, %zmm16, %zmm\R
    vshufi32x4 $0x88, %zmm19, %zmm17, %zmm\Q
    vshufi32x4 $0xdd, %zmm19, %zmm17, %zmm\S
.endm

/* Emit 16 finished blocks (after ADDIN + counters) at byte offset base. */
.macro EMIT16 mode, base=0
    TRANSPOSE_GROUPS z
    JOIN16 0, 4, 8, 12
    JOIN16 1, 5, 9, 13
    JOIN16 2, 6, 10, 14
    JOIN16 3, 7, 11, 15
    .irp b, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
    OUTW z, \mode, \b, (\base + 64 * \b)
    .endr
.endm

/* ymm: block j = [lane 0 of P,Q | lane 0 of R,S], block 4+j = lanes 1. */
.macro JOIN8 mode, j, P, Q, R, S
    vshufi32x4 $0, %ymm\Q, %ymm\P, %ymm16
    vshufi32x4 $3, %ymm\Q, %ymm\P, %ymm17
    vshufi32x4 $0, %ymm\S, %ymm\R, %ymm18
    vshufi32x4 $3, %ymm\S, %ymm\R, %ymm19
    OUTW y, \mode, 16, (64 * \j)
    OUTW y, \mode, 18, (64 * \j + 32)
    OUTW y, \mode, 17, (64 * \j + 256)
    OUTW y, \mode, 19, (64 * \j + 288)
.endm

.macro EMIT8 mode
    TRANSPOSE_GROUPS y
    JOIN8 \mode, 0, 0, 4, 8, 12
    JOIN8 \mode, 1, 1, 5, 9, 13
    JOIN8 \mode, 2, 2, 6, 10, 14
    JOIN8 \mode, 3, 3, 7, 11, 15
.endm

/* xmm: register 4g+j is 16 bytes of block j at offset 16g. */
.macro EMIT4G mode, g, r0, r1, r2, r3
    OUTW x, \mode, \r0, (16 * \g)
    OUTW x, \mode, \r1, (64 + 16 * \g)
    OUTW x, \mode, \r2, (128 + 16 * \g)
    OUTW x, \mode, \r3, (192 + 16 * \g)
.endm

.macro EMIT4 mode
    TRANSPOSE_GROUPS x
    EMIT4G \mode, 0, 0, 1, 2, 3
    EMIT4G \mode, 1, 4, 5, 6, 7
    EMIT4G \mode, 2, 8, 9, 10, 11
    EMIT4G \mode, 3, 12, 13, 14, 15
.endm

/*
 * Tail: rdx (1 .. group size - 1) bytes against the keystream at (%rsp):
 * 64 bytes at a time, the last partial chunk through a byte mask. Then the
 * \kslen-byte keystream copy is wiped.
 */
.macro XOR_TAIL kslen
    xor %eax, %eax
1:
    lea 64(%rax), %r9
    cmp %rdx, %r9
    ja 2f
    vmovdqu64 (%rsi,%rax), %zmm0
    vpxorq (%rsp,%rax), %zmm0, %zmm0
    vmovdqu64 %zmm0, (%rdi,%rax)
    mov %r9, %rax
    jmp 1b
2:
    mov %rdx, %rcx
    sub %rax, %rcx
    jz 3f
    mov $1, %r9
    shl %cl, %r9
    dec %r9
    kmovq %r9, %k1
    vmovdqu8 (%rsi,%rax), %zmm0{%k1}{z}
    vpxorq (%rsp,%rax), %zmm0, %zmm0
    vmovdqu8 %zmm0, (%rdi,%rax){%k1}
3:
    vpxorq %zmm0, %zmm0, %zmm0
    .irp off, 0, 64, 128, 192, 256, 320, 384, 448, 512, 576, 640, 704, 768, 832, 896, 960
    .if \off < \kslen
    vmovdqa64 %zmm0, \off(%rsp)
    .endif
    .endr
.endm

/*
 * Word-sliced kernel for n = 4/8/16 blocks in w = x/y/z registers.
 * State in 0..15, transpose temps 16..19, per-lane counters in 31.
 */
.macro WS_KERNEL name, w, n
ENTRY(\name)
    test %rdx, %rdx
    jz 9f
    mov %rsp, %r11
    sub $(64 * \n), %rsp
    and $-64, %rsp
    vpbroadcastd (%r8), %\w\()mm31
    vpaddd .Linc16(%rip), %\w\()mm31, %\w\()mm31
5:
    INIT_WS \w, 31
    mov $10, %eax
6:
    DROUND \w
    dec %eax
    jnz 6b
    ADDIN_WS \w, \n
    vpaddd %\w\()mm31, %\w\()mm12, %\w\()mm12
    cmp $(64 * \n), %rdx
    jb 7f
    EMIT\n 0
    vpaddd .Lc\n(%rip){1to\n}, %\w\()mm31, %\w\()mm31
    add $(64 * \n), %rsi
    add $(64 * \n), %rdi
    sub $(64 * \n), %rdx
    jnz 5b
    jmp 8f
7:
    EMIT\n 1
    XOR_TAIL (64 * \n)
8:
    mov %r11, %rsp
    vzeroupper
9:
    ret
END(\name)
.endm


    WS_KERNEL chacha20_avx512_16x, z, 16
    WS_KERNEL chacha20_avx512_8x, y, 8
    WS_KERNEL chacha20_avx512_4x, x, 4

/* --------------------------------------------------------------------- */
/* Row kernels: rows a,b,c,d in registers 0..3 (one block per 128-bit lane),
 * diagonals by vpshufd; input rows in 16..19, counter step in 20. */

.macro QR_ROWS w
    AXR1 \w, 16, 0, 1, 3
    AXR1 \w, 12, 2, 3, 1
    AXR1 \w, 8, 0, 1, 3
    AXR1 \w, 7, 2, 3, 1
.endm

.macro AXR1 w, r, x, y, z
    vpaddd %\w\()mm\y, %\w\()mm\x, %\w\()mm\x
    vpxord %\w\()mm\x, %\w\()mm\z, %\w\()mm\z
    vprold $\r, %\w\()mm\z, %\w\()mm\z
.endm

.macro ROW_ROUNDS w
    mov $10, %eax
6:
    QR_ROWS \w
    vpshufd $0x39, %\w\()mm1, %\w\()mm1
    vpshufd $0x4e, %\w\()mm2, %\w\()mm2
    vpshufd $0x93, %\w\()mm3, %\w\()mm3
    QR_ROWS \w
    vpshufd $0x93, %\w\()mm1, %\w\()mm1
    vpshufd $0x4e, %\w\()mm2, %\w\()mm2
    vpshufd $0x39, %\w\()mm3, %\w\()mm3
    dec %eax
    jnz 6b
    vpaddd %\w\()mm16, %\w\()mm0, %\w\()mm0
    vpaddd %\w\()mm17, %\w\()mm1, %\w\()mm1
    vpaddd %\w\()mm18, %\w\()mm2, %\w\()mm2
    vpaddd %\w\()mm19, %\w\()mm3, %\w\()mm3
.endm

ENTRY(chacha20_avx512_1x)
    test %rdx, %rdx
    jz 9f
    mov %rsp, %r11
    sub $64, %rsp
    and $-64, %rsp
    vmovdqu32 .Lsigma(%rip), %xmm16
    vmovdqu32 (%rcx), %xmm17
    vmovdqu32 16(%rcx), %xmm18
    vmovdqu32 (%r8), %xmm19
    vmovdqu32 .Lrowinc1(%rip), %xmm20
5:
    vmovdqa32 %xmm16, %xmm0
    vmovdqa32 %xmm17, %xmm1
    vmovdqa32 %xmm18, %xmm2
    vmovdqa32 %xmm19, %xmm3
    ROW_ROUNDS x
    cmp $64, %rdx
    jb 7f
    .irp r, 0, 1, 2, 3
    OUTW x, 0, \r, (16 * \r)
    .endr
    vpaddd %xmm20, %xmm19, %xmm19
    add $64, %rsi
    add $64, %rdi
    sub $64, %rdx
    jnz 5b
    jmp 8f
7:
    .irp r, 0, 1, 2, 3
    OUTW x, 1, \r, (16 * \r)
    .endr
    XOR_TAIL 64
8:
    mov %r11, %rsp
    vzeroupper
9:
    ret
END(chacha20_avx512_1x)

/* ymm rows: block 0 = lanes 0 of a,b,c,d; block 1 = lanes 1. */
.macro EMIT2 mode
    vshufi32x4 $0, %ymm1, %ymm0, %ymm4
    vshufi32x4 $0, %ymm3, %ymm2, %ymm5
    vshufi32x4 $3, %ymm1, %ymm0, %ymm6
    vshufi32x4 $3, %ymm3, %ymm2, %ymm7
    OUTW y, \mode, 4, 0
    OUTW y, \mode, 5, 32
    OUTW y, \mode, 6, 64
    OUTW y, \mode, 7, 96
.endm

ENTRY(chacha20_avx512_2x)
    test %rdx, %rdx
    jz 9f
    mov %rsp, %r11
    sub $128, %rsp
    and $-64, %rsp
    vbroadcasti32x4 .Lsigma(%rip), %ymm16
    vbroadcasti32x4 (%rcx), %ymm17
    vbroadcasti32x4 16(%rcx), %ymm18
    vbroadcasti32x4 (%r8), %ymm19
    vpaddd .Lrowlane1(%rip), %ymm19, %ymm19
    vmovdqu32 .Lrowinc2(%rip), %ymm20
5:
    vmovdqa32 %ymm16, %ymm0
    vmovdqa32 %ymm17, %ymm1
    vmovdqa32 %ymm18, %ymm2
    vmovdqa32 %ymm19, %ymm3
    ROW_ROUNDS y
    cmp $128, %rdx
    jb 7f
    EMIT2 0
    vpaddd %ymm20, %ymm19, %ymm19
    add $128, %rsi
    add $128, %rdi
    sub $128, %rdx
    jnz 5b
    jmp 8f
7:
    EMIT2 1
    XOR_TAIL 128
8:
    mov %r11, %rsp
    vzeroupper
9:
    ret
END(chacha20_avx512_2x)

ELF_NOTES
