/* SPDX-License-Identifier: Apache-2.0 */
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

#include "../elf.h"

#define ENTRY(name) SIMD_FUNCTION(name, 2)

#define ELF_NOTES SIMD_NOTE_GNU_STACK

#endif
