/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Shared pieces for the ppc64le kernels (GNU as / LLVM integrated assembler,
 * through cpp). Including it makes the object ELFv2 (.abiversion 2).
 *
 * ENTRY: kernels are hidden (module-internal: no PLT stub, no text
 * relocation) and have a single entry point. ELFv2 gives a function that
 * uses the TOC a global entry point, which derives r2 from r12, ahead of a
 * local one (.localentry name, .-name). No kernel here uses the TOC: sigma
 * and the vpermxor controls are built in registers or the frame, and the
 * MD5 kernels find their constant table PC-relative (bcl 20,31 + mflr,
 * with LR kept in r0 meanwhile). So ENTRY says `.localentry name, 0`: the global and
 * local entry points are the same, nothing is required of r2 or r12 on
 * entry, and r2 is unchanged on return (no kernel writes it), so a caller
 * needs no TOC restore after the call.
 *
 * ELF_NOTES: .note.GNU-stack (no executable stack). Power has no landing
 * pad or shadow-stack property to declare.
 */
#ifndef SIMDPROV_PPC64LE_ASM_H
#define SIMDPROV_PPC64LE_ASM_H

#include "../elf.h"

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the ppc64le kernels assume little-endian ELFv2"
#endif

	.abiversion 2

#define ENTRY(name) SIMD_FUNCTION(name, 5) .localentry name, 0

#define ELF_NOTES SIMD_NOTE_GNU_STACK

#endif
