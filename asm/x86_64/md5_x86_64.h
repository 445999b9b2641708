/*
 * x86_64 MD5 kernels (ABI: asm/kernels.h). Which CPUs may run each one is
 * the table's business (provider/arch_x86_64.c):
 *   md5_blocks_avx512vl - AVX-512F + AVX-512VL (asm/x86_64/md5_avx512vl.S)
 *   md5_blocks_bmi1     - BMI1                  (asm/x86_64/md5_scalar.S)
 *   md5_blocks_x86_64   - any x86_64            (asm/x86_64/md5_scalar.S)
 */
#ifndef SIMDPROV_MD5_X86_64_H
#define SIMDPROV_MD5_X86_64_H

#include "../kernels.h"

void md5_blocks_avx512vl(uint32_t state[4], const uint8_t *in, size_t nblocks);
void md5_blocks_bmi1(uint32_t state[4], const uint8_t *in, size_t nblocks);
void md5_blocks_x86_64(uint32_t state[4], const uint8_t *in, size_t nblocks);

#endif
