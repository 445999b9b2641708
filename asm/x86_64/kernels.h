/*
 * x86_64 kernels. ChaCha20: The three chacha20_xor_<level> entries implement
 * the kernel ABI of asm/kernels.h (any whole number of blocks) and are what
 * the provider's table lists; each picks among the block-count kernels
 * below by length (chacha20_x86_64.c).
 *
 * The block-count kernels, named by their group size in blocks, implement
 * the same ABI on their own (any whole number of blocks: a partial group is
 * computed whole and only its blocks written), except the whole-group ones
 * marked below, which process only whole groups (len rounded down to a
 * multiple of the group) and leave the rest to the caller: the hybrids
 * (vector groups plus one block in general-purpose registers) and the
 * two-group 32-block kernel. asm/x86_64/arch.c lists them all as inner
 * kernels.
 */
#ifndef SIMDPROV_KERNELS_X86_64_H
#define SIMDPROV_KERNELS_X86_64_H

#include "../kernels.h"

#define X86_CHACHA20_ARGS                                                      \
    uint8_t *out, const uint8_t *in, size_t len, const uint32_t key[8],        \
        const uint32_t ctr[4]

/* Entries (one per ISA level). */
void chacha20_xor_ssse3(X86_CHACHA20_ARGS);  /* needs SSSE3 */
void chacha20_xor_avx2(X86_CHACHA20_ARGS);   /* needs AVX2 (+SSSE3) */
void chacha20_xor_avx512(X86_CHACHA20_ARGS); /* needs AVX-512 F/VL/BW (+AVX2) */

/* Block-count kernels (asm). */
void chacha20_ssse3_1x(X86_CHACHA20_ARGS);
void chacha20_ssse3_2x(X86_CHACHA20_ARGS);
void chacha20_ssse3_4x(X86_CHACHA20_ARGS);
void chacha20_ssse3_5x(X86_CHACHA20_ARGS); /* whole 320-byte groups */
void chacha20_avx2_8x(X86_CHACHA20_ARGS);
void chacha20_avx2_9x(X86_CHACHA20_ARGS); /* whole 576-byte groups */
void chacha20_avx512_1x(X86_CHACHA20_ARGS);
void chacha20_avx512_2x(X86_CHACHA20_ARGS);
void chacha20_avx512_4x(X86_CHACHA20_ARGS);
void chacha20_avx512_8x(X86_CHACHA20_ARGS);
void chacha20_avx512_16x(X86_CHACHA20_ARGS);
void chacha20_avx512_32x(X86_CHACHA20_ARGS); /* whole 2048-byte groups */

/* MD5 (md5_scalar.S, md5_avx512vl.S). */
void md5_blocks_avx512vl(uint32_t state[4], const uint8_t *in, size_t nblocks);
void md5_blocks_bmi1(uint32_t state[4], const uint8_t *in, size_t nblocks);
void md5_blocks_x86_64(uint32_t state[4], const uint8_t *in, size_t nblocks);

#endif
