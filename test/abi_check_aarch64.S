/*
 * AAPCS64 callee-saved register checker for the aarch64 kernels.
 *
 * uint32_t abi_check_call(const void *fn, const uint64_t args[5]);
 *   Loads x19..x28, x29 and d8..d15 with distinct known values (and the
 *   upper halves of v8..v15 and the caller-saved registers with junk, so a
 *   kernel cannot pass by accident by relying on zeros), calls fn with
 *   x0..x4 = args[0..4] through blr, and returns a mask of what the callee
 *   failed to preserve:
 *     bits 0..9   x19..x28
 *     bit  10     x29
 *     bits 11..18 d8..d15 (the low 64 bits of v8..v15, all AAPCS64 asks)
 *     bit  19     sp
 *   x30 needs no check: a callee that loses it does not come back here.
 *
 * void abi_check_clobber(void);
 *   A deliberately broken "kernel" (clobbers x21, x29, d12 and keeps sp) so
 *   the test can show that the checker catches violations.
 */

    .text

/* x<reg> != pattern[idx] -> set bit in x10 (x11, x12 scratch) */
.macro CHECK_X reg, idx, bit
    ldr x11, [x9, #(8 * \idx)]
    cmp x\reg, x11
    cset x12, ne
    orr x10, x10, x12, lsl #\bit
.endm

.macro CHECK_D reg, idx, bit
    ldr x11, [x9, #(8 * \idx)]
    fmov x13, d\reg
    cmp x13, x11
    cset x12, ne
    orr x10, x10, x12, lsl #\bit
.endm

    .globl abi_check_call
    .type abi_check_call, %function
    .p2align 4
abi_check_call:
    hint #34                            /* bti c */
    /* Our own obligations to the C caller. */
    stp x29, x30, [sp, #-160]!
    mov x29, sp
    stp x19, x20, [sp, #16]
    stp x21, x22, [sp, #32]
    stp x23, x24, [sp, #48]
    stp x25, x26, [sp, #64]
    stp x27, x28, [sp, #80]
    stp d8, d9, [sp, #96]
    stp d10, d11, [sp, #112]
    stp d12, d13, [sp, #128]
    stp d14, d15, [sp, #144]

    /* sp goes to memory: every register the callee could break is tested. */
    adrp x9, abi_saved_sp
    add x9, x9, :lo12:abi_saved_sp
    mov x10, sp
    str x10, [x9]

    mov x16, x0
    mov x17, x1

    adrp x9, abi_pattern
    add x9, x9, :lo12:abi_pattern
    /* Junk in the upper halves of v8..v15 (not required to survive). */
    ldr q8, [x9, #160]
    ldr q9, [x9, #160]
    ldr q10, [x9, #160]
    ldr q11, [x9, #160]
    ldr q12, [x9, #160]
    ldr q13, [x9, #160]
    ldr q14, [x9, #160]
    ldr q15, [x9, #160]
    ldp x19, x20, [x9]
    ldp x21, x22, [x9, #16]
    ldp x23, x24, [x9, #32]
    ldp x25, x26, [x9, #48]
    ldp x27, x28, [x9, #64]
    ldr x29, [x9, #80]
    ldp d8, d9, [x9, #88]
    ldp d10, d11, [x9, #104]
    ldp d12, d13, [x9, #120]
    ldp d14, d15, [x9, #136]
    /* Junk in caller-saved registers the kernels might wrongly assume zero. */
    ldr x5, [x9, #160]
    mov x6, x5
    mov x7, x5
    mov x8, x5
    mov x9, x5
    mov x10, x5
    mov x11, x5
    mov x12, x5
    mov x13, x5
    mov x14, x5
    mov x15, x5

    ldp x0, x1, [x17]
    ldp x2, x3, [x17, #16]
    ldr x4, [x17, #32]
    blr x16

    adrp x9, abi_pattern
    add x9, x9, :lo12:abi_pattern
    mov x10, #0
    CHECK_X 19, 0, 0
    CHECK_X 20, 1, 1
    CHECK_X 21, 2, 2
    CHECK_X 22, 3, 3
    CHECK_X 23, 4, 4
    CHECK_X 24, 5, 5
    CHECK_X 25, 6, 6
    CHECK_X 26, 7, 7
    CHECK_X 27, 8, 8
    CHECK_X 28, 9, 9
    CHECK_X 29, 10, 10
    CHECK_D 8, 11, 11
    CHECK_D 9, 12, 12
    CHECK_D 10, 13, 13
    CHECK_D 11, 14, 14
    CHECK_D 12, 15, 15
    CHECK_D 13, 16, 16
    CHECK_D 14, 17, 17
    CHECK_D 15, 18, 18
    adrp x11, abi_saved_sp
    add x11, x11, :lo12:abi_saved_sp
    ldr x11, [x11]
    mov x13, sp
    cmp x13, x11
    cset x12, ne
    orr x10, x10, x12, lsl #19
    mov sp, x11                         /* recover the frame whatever happened */

    mov x0, x10
    ldp d14, d15, [sp, #144]
    ldp d12, d13, [sp, #128]
    ldp d10, d11, [sp, #112]
    ldp d8, d9, [sp, #96]
    ldp x27, x28, [sp, #80]
    ldp x25, x26, [sp, #64]
    ldp x23, x24, [sp, #48]
    ldp x21, x22, [sp, #32]
    ldp x19, x20, [sp, #16]
    ldp x29, x30, [sp], #160
    ret
    .size abi_check_call, . - abi_check_call

    .globl abi_check_clobber
    .type abi_check_clobber, %function
    .p2align 4
abi_check_clobber:
    hint #34
    mov x21, #0x2121
    mov x29, #0
    movi d12, #0
    ret
    .size abi_check_clobber, . - abi_check_clobber

    .section .rodata
    .p2align 4
abi_pattern:
    /* x19..x28 */
    .quad 0x1919191919190019, 0x2020202020200020, 0x2121212121210021
    .quad 0x2222222222220022, 0x2323232323230023, 0x2424242424240024
    .quad 0x2525252525250025, 0x2626262626260026, 0x2727272727270027
    .quad 0x2828282828280028
    /* x29 */
    .quad 0x2929292929290029
    /* d8..d15 */
    .quad 0x0808080808080808, 0x0909090909090909, 0x1010101010100010
    .quad 0x1111111111110011, 0x1212121212120012, 0x1313131313130013
    .quad 0x1414141414140014, 0x1515151515150015
    .quad 0                             /* pad: junk starts 16-aligned */
    /* junk at 160: 16 bytes */
    .quad 0xdeadbeefcafef00d, 0xa5a5a5a5a5a5a5a5

    .bss
    .p2align 3
abi_saved_sp:
    .skip 8

    .section .note.GNU-stack, "", %progbits
    .section .note.gnu.property, "a"
    .p2align 3
    .long 4, 16, 5
    .asciz "GNU"
    /* BTI only: abi_check_call stores x30 unsigned, so no PAC claim. */
    .long 0xc0000000, 4, 1, 0           /* AArch64 feature: BTI */
