/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ppc64le (ELFv2) for the ABI harness: what check_ppc64le.S records and its
 * negative controls.
 */
#include <stdio.h>

#include "../../asm/arch.h"
#include "testutil.h"
#include "abi.h"

/* CR fields are numbered from the most significant end of the 32-bit CR. */
#define CR_FIELD(n) ((uint64_t)0xf << (28 - 4 * (n)))

const abi_reg abi_regs[] = {
    ABI_RANGE("r%u", 14, 18),
    ABI_RANGE("f%u", 14, 18),
    {"v%u", 20, 12, 2, ABI_ALL},
    {"cr2", 0, 1, 1, CR_FIELD(2)},
    {"cr3", 0, 1, 1, CR_FIELD(3)},
    {"cr4", 0, 1, 1, CR_FIELD(4)},
    ABI_REG("r1"),
    ABI_REG("r2"),
    ABI_REG("r13"), /* the thread pointer: not to be touched at all */
};
const size_t abi_nregs = SIMD_COUNT(abi_regs);

#define BAD_REGS(X) X(r14) X(r31) X(f14) X(f26) X(f31) X(v20) X(v31) X(cr2) \
    X(cr4) X(r1) X(r2) X(r13)
ABI_BAD_CONTROLS(BAD_REGS);

void abi_arch_setup(uint32_t caps)
{
    (void)caps; /* VSX, all the trampoline uses, is in the baseline */
}

void abi_arch_test(void)
{
    printf("\n  vs0-vs63 poisoned ");
}
