/*
 * riscv64 assembly kernels (the .S files in asm/riscv64/), behind the ABI of
 * asm/kernels.h. Which one may run is decided by asm/riscv64/arch.c
 * from riscv_hwprobe; calling one the CPU lacks raises SIGILL.
 */
#ifndef SIMDPROV_KERNELS_RISCV64_H
#define SIMDPROV_KERNELS_RISCV64_H

#include "../kernels.h"

/* MD5, one block at a time in scalar registers. */
void md5_blocks_rv64(uint32_t state[4], const uint8_t *in, size_t nblocks); /* rv64gc */
void md5_blocks_zbb(uint32_t state[4], const uint8_t *in, size_t nblocks);  /* + Zbb */

/* ChaCha20, one block per 32-bit vector lane, any VLEN >= 128. */
void chacha20_xor_rvv(uint8_t *out, const uint8_t *in, size_t len,
                      const uint32_t key[8], const uint32_t ctr[4]); /* V */
void chacha20_xor_rvv_zvkb(uint8_t *out, const uint8_t *in, size_t len,
                           const uint32_t key[8],
                           const uint32_t ctr[4]); /* V + Zvkb */

#endif
