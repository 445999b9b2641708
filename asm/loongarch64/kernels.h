/* The loongarch64 kernels (the .S files beside this header), behind the
 * kernel ABI of asm/kernels.h. Each is one self-contained function: its
 * split between a wide and a narrow path is inside it, and neither calls
 * the other. */
#ifndef SIMDPROV_KERNELS_LOONGARCH64_H
#define SIMDPROV_KERNELS_LOONGARCH64_H

#include "../kernels.h"

/* LSX: 4 blocks per pass, 1-block passes for the last 1 or 2 blocks. */
void chacha20_xor_lsx(uint8_t *out, const uint8_t *in, size_t len,
                      const uint32_t key[8], const uint32_t ctr[4]);
/* LASX (needs LSX too): 8 blocks per pass, 2-block passes for the last
 * 1..4 blocks. */
void chacha20_xor_lasx(uint8_t *out, const uint8_t *in, size_t len,
                       const uint32_t key[8], const uint32_t ctr[4]);

#endif
