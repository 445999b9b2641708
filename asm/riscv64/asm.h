/*
 * Shared pieces for the riscv64 kernels (LLVM integrated assembler or GNU
 * as, through cpp).
 *
 * ENTRY: kernels are hidden (module-internal: no PLT, no text relocation)
 * and 4-byte aligned (the base ISA's instruction size; compressed
 * instructions need only 2). The provider reaches every kernel through a
 * function pointer. No landing pad: the Debian baseline (rv64gc) has no
 * control-flow-integrity extension whose property a file would declare.
 *
 * ELF_NOTES: .note.GNU-stack (no executable stack).
 */
#ifndef SIMDPROV_RISCV64_ASM_H
#define SIMDPROV_RISCV64_ASM_H

#define ENTRY(name)                                                            \
    .text;                                                                     \
    .globl name;                                                               \
    .hidden name;                                                              \
    .type name, @function;                                                     \
    .p2align 2;                                                                \
    name:

#define END(name) .size name, .- name

#define ELF_NOTES .section .note.GNU-stack, "", @progbits

#endif
