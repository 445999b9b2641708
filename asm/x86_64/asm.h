/*
 * Shared prologue/epilogue pieces for the x86_64 kernels (GNU as, via cpp).
 *
 * ENTRY: functions are hidden (module-internal, so calls and address-taking
 * never need a PLT/GOT slot or a text relocation) and start with endbr64, the
 * landing pad an indirect call needs when IBT is enforced: the provider only
 * ever reaches kernels through function pointers.
 *
 * ELF_NOTES: .note.GNU-stack (no executable stack) and the GNU property note
 * declaring IBT and SHSTK; the linker keeps a property in the output only if
 * every input object has it, so every .S file must end with this.
 */
#ifndef SIMDPROV_X86_64_ASM_H
#define SIMDPROV_X86_64_ASM_H

#define ENTRY(name)                                                            \
    .text;                                                                     \
    .globl name;                                                               \
    .hidden name;                                                              \
    .type name, @function;                                                     \
    .p2align 5;                                                                \
    name:                                                                      \
    endbr64

#define END(name) .size name, .- name

#define ELF_NOTES                                                              \
    .section .note.GNU-stack, "", @progbits;                                   \
    .section .note.gnu.property, "a";                                          \
    .p2align 3;                                                                \
    .long 4;           /* name size: "GNU\0" */                                \
    .long 16;          /* descriptor size */                                   \
    .long 5;           /* NT_GNU_PROPERTY_TYPE_0 */                            \
    .asciz "GNU";                                                              \
    .long 0xc0000002;  /* GNU_PROPERTY_X86_FEATURE_1_AND */                    \
    .long 4;           /* data size */                                         \
    .long 3;           /* IBT | SHSTK */                                       \
    .p2align 3

#endif
