/*
 * Shared pieces for the loongarch64 kernels (LLVM integrated assembler or
 * GNU as, through cpp).
 *
 * ENTRY: kernels are hidden (module-internal: no PLT, no text relocation;
 * their constants are reached PC-relative with pcalau12i) and 32-byte
 * aligned. The provider reaches every kernel through a function pointer;
 * LoongArch has no landing-pad instruction or property to declare.
 *
 * ELF_NOTES: .note.GNU-stack (no executable stack).
 */
#ifndef SIMDPROV_LOONGARCH64_ASM_H
#define SIMDPROV_LOONGARCH64_ASM_H

#define ENTRY(name)                                                            \
    .text;                                                                     \
    .globl name;                                                               \
    .hidden name;                                                              \
    .type name, @function;                                                     \
    .p2align 5;                                                                \
    name:

#define END(name) .size name, .- name

#define ELF_NOTES .section .note.GNU-stack, "", @progbits

#endif
