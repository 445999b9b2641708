/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Shared pieces for the aarch64 kernels (GNU as / LLVM integrated assembler,
 * through cpp).
 *
 * ENTRY: kernels are hidden (module-internal: no PLT/GOT, no text
 * relocation) and begin with `bti c`, the landing pad an indirect call needs
 * on a BTI-enforcing system; the provider reaches every kernel through a
 * function pointer, so a missing pad would fault there. It is written as
 * `hint #34` so that assemblers without the BTI extension enabled accept it;
 * on CPUs without BTI it is a NOP.
 *
 * No kernel stores the link register or calls anything, so none needs a
 * pointer-authentication signature (paciasp/autiasp): x30 never leaves a
 * register. That makes the PAC property below true as stated.
 *
 * ELF_NOTES: .note.GNU-stack (no executable stack) and the GNU property note
 * with GNU_PROPERTY_AARCH64_FEATURE_1_AND = BTI | PAC. The linker keeps a
 * property in the output only if every input object has it, so every .S file
 * ends with this.
 */
#ifndef SIMDPROV_AARCH64_ASM_H
#define SIMDPROV_AARCH64_ASM_H

#include "../elf.h"

#if defined(__AARCH64EB__)
#error "the aarch64 kernels assume little-endian data"
#endif

#define ENTRY(name) SIMD_FUNCTION(name, 6) hint #34 /* bti c */

/* GNU_PROPERTY_AARCH64_FEATURE_1_AND: BTI | PAC */
#define ELF_NOTES                                                              \
    SIMD_NOTE_GNU_STACK;                                                       \
    SIMD_NOTE_GNU_PROPERTY(0xc0000000, 3)

#endif
