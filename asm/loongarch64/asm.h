/* SPDX-License-Identifier: Apache-2.0 */
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

#include "../elf.h"

#define ENTRY(name) SIMD_FUNCTION(name, 5)

#define ELF_NOTES SIMD_NOTE_GNU_STACK

#endif
