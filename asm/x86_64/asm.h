/* SPDX-License-Identifier: Apache-2.0 */
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

#include "../elf.h"

#define ENTRY(name) SIMD_FUNCTION(name, 5) endbr64

/* GNU_PROPERTY_X86_FEATURE_1_AND: IBT | SHSTK */
#define ELF_NOTES                                                              \
    SIMD_NOTE_GNU_STACK;                                                       \
    SIMD_NOTE_GNU_PROPERTY(0xc0000002, 3)

#endif
