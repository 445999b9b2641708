/* SPDX-License-Identifier: Apache-2.0 */
/*
 * loongarch64 (LP64D) for the ABI harness: what check_loongarch64.S records
 * and its negative controls; it poisons the widest vector registers the CPU
 * has.
 */
#include <stdio.h>

#include "../../asm/arch.h"
#include "testutil.h"
#include "abi.h"

const abi_reg abi_regs[] = {
    ABI_RANGE("s%u", 0, 9),
    ABI_REG("fp"),
    ABI_RANGE("fs%u", 0, 8),
    ABI_REG("sp"),
    ABI_REG("tp"),
    ABI_REG("r21"),
};
const size_t abi_nregs = SIMD_COUNT(abi_regs);

#define BAD_REGS(X) X(s0) X(s8) X(fp) X(fs0) X(fs7) X(sp) X(tp) X(r21)
ABI_BAD_CONTROLS(BAD_REGS);

void abi_arch_setup(uint32_t caps)
{
    if (caps & SIMD_CAP_LA_LASX)
        abi_flags = ABI_FLAG_LASX;
    else if (caps & SIMD_CAP_LA_LSX)
        abi_flags = ABI_FLAG_LSX;
}

void abi_arch_test(void)
{
    printf("\n  %s poisoned ", abi_flags & ABI_FLAG_LASX  ? "$xr0-$xr31"
                               : abi_flags & ABI_FLAG_LSX ? "$vr0-$vr31"
                                                          : "$f0-$f31");
}
