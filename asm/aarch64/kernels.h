/*
 * aarch64 kernels (asm/aarch64), each implementing the kernel ABI of
 * asm/kernels.h (ChaCha20: any whole number of blocks), listed in
 * asm/aarch64/arch.c with the capabilities they need:
 *   chacha20_xor_sve2     C entry (chacha20_aarch64.c): NEON for one block
 *                         or none, the SVE2 body for longer calls
 *   chacha20_sve2_blocks  SVE2 body, any vector length 128..2048 bits
 *                         (an inner kernel: never selected on its own)
 *   chacha20_xor_neon     AdvSIMD
 *   md5_blocks_aarch64    base A64 only
 */
#ifndef SIMDPROV_KERNELS_AARCH64_H
#define SIMDPROV_KERNELS_AARCH64_H

#include "../kernels.h"

void chacha20_xor_sve2(uint8_t *out, const uint8_t *in, size_t len,
                       const uint32_t key[8], const uint32_t ctr[4]);
void chacha20_sve2_blocks(uint8_t *out, const uint8_t *in, size_t len,
                          const uint32_t key[8], const uint32_t ctr[4]);
void chacha20_xor_neon(uint8_t *out, const uint8_t *in, size_t len,
                       const uint32_t key[8], const uint32_t ctr[4]);
void md5_blocks_aarch64(uint32_t state[4], const uint8_t *in, size_t nblocks);

#endif
