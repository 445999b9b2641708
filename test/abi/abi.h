/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The ABI harness: one walker (test_abi.c) over every kernel, one trampoline
 * per architecture (check_<arch>.S) and a small table per architecture
 * (<arch>.c) naming what the trampoline records. Included by the .S files
 * too, for the layout of abi_state.
 *
 * The trampoline, the same on every architecture:
 *
 *   void simd_abi_call(abi_fn fn, const uintptr_t args[6], abi_state *st);
 *
 * loads st->before[] into the callee-saved registers of the psABI (one
 * 64-bit word per general or floating-point register, two per 128-bit
 * vector register), fills the scratch registers it does not pass arguments
 * in with garbage derived from st->poison and st->step, calls
 * fn(args[0], ..., args[5]) and stores what fn left in those registers into
 * st->after[]. Words for state it only observes (the stack pointer, thread
 * and global pointers, flags, control registers) it writes into before[]
 * itself. The C side compares before[] with after[], word by word, as
 * abi_regs[] describes. The trampoline keeps its own stack pointer and `st`
 * in static memory and restores everything it owes its caller from there, so
 * a kernel that breaks any of it is reported, not a crash. Not reentrant.
 */
#ifndef SIMDPROV_TEST_ABI_H
#define SIMDPROV_TEST_ABI_H

#define ABI_WORDS 72 /* enough for ppc64le, the largest */
#define ABI_AFTER (8 * ABI_WORDS)
#define ABI_POISON (16 * ABI_WORDS)
#define ABI_STEP (ABI_POISON + 8)
#define ABI_FLAGS (ABI_POISON + 16)

/* st->flags, per architecture: what this CPU lets the trampoline do. */
#define ABI_FLAG_UPPER 1 /* x86_64: check the upper YMM/ZMM state (XGETBV(1)) */
#define ABI_FLAG_SVE 1   /* aarch64: poison z0-z31 in full */
#define ABI_FLAG_V 1     /* riscv64: poison v0-v31 */
#define ABI_FLAG_LSX 1   /* loongarch64: poison $vr0-$vr31 */
#define ABI_FLAG_LASX 2  /* loongarch64: poison $xr0-$xr31 */

#ifdef __ASSEMBLER__
/* A negative control, for the check files that include asm/<arch>/asm.h
 * (x86_64 and aarch64, whose ENTRY adds the landing pad an indirect call
 * needs there): `name`, its instructions, ret. */
#define ABI_CONTROL(name, ...) ENTRY(name); __VA_ARGS__; ret; END(name)

/* The head of negative control abi_bad_<name>, for the check files that do
 * not include asm/<arch>/asm.h (ppc64le, riscv64, loongarch64: no landing
 * pad there, so a plain global function is the same thing). */
.macro ABI_BAD name
    .text
    .globl abi_bad_\name
    .type abi_bad_\name, @function
    .p2align 4
abi_bad_\name:
.endm
#else
#include <stddef.h>
#include <stdint.h>

typedef void (*abi_fn)(void);

typedef struct {
    uint64_t before[ABI_WORDS];
    uint64_t after[ABI_WORDS];
    uint64_t poison, step;
    uint64_t flags;
} __attribute__((aligned(16))) abi_state;

_Static_assert(offsetof(abi_state, before) == 0, "before[] is at st");
_Static_assert(offsetof(abi_state, after) == ABI_AFTER, "ABI_AFTER");
_Static_assert(offsetof(abi_state, poison) == ABI_POISON, "ABI_POISON");
_Static_assert(offsetof(abi_state, step) == ABI_STEP, "ABI_STEP");
_Static_assert(offsetof(abi_state, flags) == ABI_FLAGS, "ABI_FLAGS");

void simd_abi_call(abi_fn fn, const uintptr_t args[6], abi_state *st);

/* A run of registers in before[]/after[] order: `count` registers named
 * printf(name, first + i), `words` words each; a change in bits outside
 * `keep` is allowed. */
typedef struct {
    const char *name;
    unsigned first, count, words;
    uint64_t keep;
} abi_reg;

#define ABI_ALL (~(uint64_t)0)
#define ABI_REG(name) {(name), 0, 1, 1, ABI_ALL}
#define ABI_RANGE(name, first, count) {(name), (first), (count), 1, ABI_ALL}

/* A deliberately broken (or deliberately clean) function and what the
 * checker must report for it, exactly: register names separated by spaces,
 * "" for nothing. Run only when st->flags has all of `flags`. */
typedef struct {
    const char *name;
    abi_fn fn;
    const char *expect;
    uint64_t flags;
} abi_control;

/*
 * The usual control: abi_bad_<reg>, which breaks exactly <reg>. An arch
 * lists its registers as `#define BAD_REGS(X) X(s0) X(s8) ...` and writes
 * ABI_BAD_CONTROLS(BAD_REGS); to declare them and define abi_controls.
 */
#define ABI_BAD_DECLARE(reg) void abi_bad_##reg(void);
#define ABI_BAD_ROW(reg) {"abi_bad_" #reg, abi_bad_##reg, #reg, 0},
#define ABI_BAD_CONTROLS(list)                                                 \
    list(ABI_BAD_DECLARE) const abi_control abi_controls[] = {                 \
        list(ABI_BAD_ROW)};                                                    \
    const size_t abi_ncontrols = sizeof(abi_controls) / sizeof(abi_controls[0])

/* Per architecture (<arch>.c). */
extern const abi_reg abi_regs[];
extern const size_t abi_nregs;
extern const abi_control abi_controls[];
extern const size_t abi_ncontrols;
/* Sets abi_flags for this CPU (capabilities under test: caps). */
void abi_arch_setup(uint32_t caps);
/* A CUnit test: what this CPU lets the checker do, in the log. */
void abi_arch_test(void);

/* test_abi.c: the flags every call passes, and one call with fresh
 * canaries; writes the names of what fn broke to report ("" if nothing).
 * Returns the signal if fn crashed (report says so too), else 0. */
extern uint64_t abi_flags;
int abi_call(abi_fn fn, const uintptr_t args[6], uint64_t poison,
             char *report, size_t size);
#define ABI_REPORT 512

#endif
#endif
