/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ELF pieces every architecture's asm.h builds on (GNU as or LLVM's
 * integrated assembler, through cpp). `%` type prefixes work on every
 * target (`@` starts a comment on aarch64).
 *
 * SIMD_FUNCTION: a hidden global function (module-internal, so calls and
 * address-taking never need a PLT/GOT slot or a text relocation), aligned to
 * 2^align bytes; the arch's ENTRY appends its landing pad or local entry.
 * SIMD_NOTE_GNU_STACK: no executable stack.
 * SIMD_NOTE_GNU_PROPERTY: a GNU property note with one AND-feature word; the
 * linker keeps a property in the output only if every input object has it.
 */
#ifndef SIMDPROV_ELF_H
#define SIMDPROV_ELF_H

#define SIMD_FUNCTION(name, align)                                             \
    .text;                                                                     \
    .globl name;                                                               \
    .hidden name;                                                              \
    .type name, %function;                                                     \
    .p2align align;                                                            \
    name:

#define END(name) .size name, .- name

#define SIMD_NOTE_GNU_STACK .section .note.GNU-stack, "", %progbits

#define SIMD_NOTE_GNU_PROPERTY(type, bits)                                     \
    .section .note.gnu.property, "a";                                          \
    .p2align 3;                                                                \
    .long 4;          /* name size: "GNU\0" */                                 \
    .long 16;         /* descriptor size */                                    \
    .long 5;          /* NT_GNU_PROPERTY_TYPE_0 */                             \
    .asciz "GNU";                                                              \
    .long type;                                                                \
    .long 4;          /* data size */                                          \
    .long bits;                                                                \
    .p2align 3        /* descriptor padded to 8 */

#endif
