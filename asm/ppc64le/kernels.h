/*
 * ppc64le kernels (asm/ppc64le/ (.S files)), all behind the ABI of asm/kernels.h.
 * Which CPU may run which is decided by asm/ppc64le/arch.c's tables:
 *   chacha20_xor_vsx     POWER8+ (ISA 2.07: VMX/VSX, vpermxor), 4 blocks per
 *                        iteration;
 *   chacha20_xor_power10 POWER10 (ISA 3.1: lxvp/stxvp, 64 VSX registers),
 *                        8 blocks per iteration, the 4-block code for what
 *                        is left. Never call it on POWER8/9 (SIGILL).
 */
#ifndef SIMDPROV_KERNELS_PPC64LE_H
#define SIMDPROV_KERNELS_PPC64LE_H

#include "../kernels.h"

void chacha20_xor_vsx(uint8_t *out, const uint8_t *in, size_t len,
                      const uint32_t key[8], const uint32_t ctr[4]);
void chacha20_xor_power10(uint8_t *out, const uint8_t *in, size_t len,
                          const uint32_t key[8], const uint32_t ctr[4]);

#endif
