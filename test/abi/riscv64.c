/* SPDX-License-Identifier: Apache-2.0 */
/*
 * riscv64 (LP64D) for the ABI harness: what check_riscv64.S records and its
 * negative controls; with V it poisons v0-v31 too.
 */
#include <stdio.h>

#include "../../asm/arch.h"
#include "testutil.h"
#include "abi.h"

const abi_reg abi_regs[] = {
    ABI_RANGE("s%u", 0, 12),
    ABI_RANGE("fs%u", 0, 12),
    ABI_REG("sp"),
    ABI_REG("gp"),
    ABI_REG("tp"),
};
const size_t abi_nregs = SIMD_COUNT(abi_regs);

#define BAD_REGS(X) X(s0) X(s11) X(fs5) X(sp) X(gp) X(tp)
ABI_BAD_CONTROLS(BAD_REGS);

void abi_arch_setup(uint32_t caps)
{
    abi_flags = caps & SIMD_CAP_RV_V ? ABI_FLAG_V : 0;
}

void abi_arch_test(void)
{
    printf("\n  f0-f31%s poisoned ", abi_flags & ABI_FLAG_V ? ", v0-v31" : "");
}
