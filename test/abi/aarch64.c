/* SPDX-License-Identifier: Apache-2.0 */
#define _GNU_SOURCE /* prctl */
/*
 * aarch64 (AAPCS64) for the ABI harness: what check_aarch64.S records and
 * its negative controls; with SVE it poisons z0-z31 in full.
 */
#include <stdio.h>
#include <sys/prctl.h>

#include "../../asm/arch.h"
#include "testutil.h"
#include "abi.h"

const abi_reg abi_regs[] = {
    ABI_RANGE("x%u", 19, 11), /* x19-x28 and the frame pointer x29 */
    ABI_RANGE("d%u", 8, 8),
    ABI_REG("sp"),
};
const size_t abi_nregs = SIMD_COUNT(abi_regs);

void abi_bad_x19(void), abi_bad_x28(void), abi_bad_x29(void);
void abi_bad_d8(void), abi_bad_d15(void), abi_bad_x21_x29_d12(void);
void abi_bad_sp(void), abi_ok_v8_upper(void);

#define CONTROL(fn, expect) {#fn, fn, (expect), 0}
const abi_control abi_controls[] = {
    CONTROL(abi_bad_x19, "x19"),
    CONTROL(abi_bad_x28, "x28"),
    CONTROL(abi_bad_x29, "x29"),
    CONTROL(abi_bad_d8, "d8"),
    CONTROL(abi_bad_d15, "d15"),
    CONTROL(abi_bad_x21_x29_d12, "x21 x29 d12"),
    CONTROL(abi_bad_sp, "sp"),
    /* AAPCS64 keeps only the low 64 bits of v8-v15 */
    CONTROL(abi_ok_v8_upper, ""),
};
const size_t abi_ncontrols = SIMD_COUNT(abi_controls);

void abi_arch_setup(uint32_t caps)
{
    abi_flags = caps & SIMD_CAP_ARM_SVE ? ABI_FLAG_SVE : 0;
}

/* Shows in the log which SVE vector length this run had, so the matrix's
 * "max,sve-default-vector-length=N" rows are visibly honoured, and checks
 * the probe's sve_vl128 trait (from rdvl) against the kernel's own word. */
void abi_arch_test(void)
{
    int vl = prctl(51 /* PR_SVE_GET_VL */);
    uint32_t cpu = tu_cpu_caps();

    if (cpu & SIMD_CAP_ARM_SVE) {
        CU_ASSERT(!(cpu & SIMD_CAP_ARM_SVE_VL128) == ((vl & 0xffff) >= 32));
    } else {
        CU_ASSERT_EQUAL(cpu & SIMD_CAP_ARM_SVE_VL128, 0);
    }
    if (tu_caps() & SIMD_CAP_ARM_SVE) {
        CU_ASSERT(vl > 0);
        printf("\n  SVE vector length: %d bits (z0-z31 poisoned in full) ",
               (vl & 0xffff) * 8);
    } else {
        printf("\n  no SVE ");
    }
}
