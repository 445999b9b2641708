/*
 * aarch64 kernels (the .S files of asm/aarch64). Each implements the kernel ABI of
 * asm/kernels.h in full (any length, tails included) and is listed in
 * asm/aarch64/arch.c with the capabilities it needs:
 *   chacha20_xor_sve2   SVE2 (any vector length 128..2048 bits)
 *   chacha20_xor_neon   AdvSIMD
 *   md5_blocks_aarch64  base A64 only
 */
#ifndef SIMDPROV_KERNELS_AARCH64_H
#define SIMDPROV_KERNELS_AARCH64_H

#include "../kernels.h"

void chacha20_xor_neon(uint8_t *out, const uint8_t *in, size_t len,
                       const uint32_t key[8], const uint32_t ctr[4]);
void chacha20_xor_sve2(uint8_t *out, const uint8_t *in, size_t len,
                       const uint32_t key[8], const uint32_t ctr[4]);
void md5_blocks_aarch64(uint32_t state[4], const uint8_t *in, size_t nblocks);

#endif
