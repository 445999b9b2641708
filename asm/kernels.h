/*
 * simdprov kernel ABI: the only contract between the provider glue (provider/)
 * and the kernels (asm/<arch>/, asm/portable/). No OpenSSL types, no state
 * beyond the arguments, so every kernel can be tested alone against the
 * portable one.
 *
 * ChaCha20 kernels, named chacha20_xor_<kernel>:
 *   XOR `len` bytes of `in` with the ChaCha20 keystream and write them to `out`.
 *   `len` is a whole number of 64-byte blocks (0 included): the glue keeps
 *   partial blocks itself (it takes a partial block's keystream from one
 *   whole block run over zeros), so no kernel carries byte-tail code. The
 *   state is key[0..7] (the 32-byte key as little-endian words), ctr[0]
 *   (32-bit block counter of the first block) and ctr[1..3] (nonce words).
 *   Precondition: the counter does not wrap inside one call, i.e.
 *   ctr[0] + len / 64 - 1 <= 0xffffffff. The glue splits calls at the wrap
 *   and applies OpenSSL's carry policy; kernels never carry.
 *   `out == in` is allowed; any other overlap is not (the glue copies through
 *   a small buffer when an output overlaps its input). No alignment is required,
 *   and no byte outside in[0..len) / out[0..len) is read or written.
 *
 * MD5 kernels, named md5_blocks_<kernel>:
 *   Compress `nblocks` consecutive 64-byte blocks at `in` (no alignment
 *   required) into state[0..3] (A, B, C, D). Padding and length are the glue's.
 */
#ifndef SIMDPROV_KERNELS_H
#define SIMDPROV_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#define SIMD_CHACHA20_BLOCK 64
#define SIMD_MD5_BLOCK 64

typedef void (*simd_chacha20_fn)(uint8_t *out, const uint8_t *in, size_t len,
                                 const uint32_t key[8], const uint32_t ctr[4]);
typedef void (*simd_md5_fn)(uint32_t state[4], const uint8_t *in,
                            size_t nblocks);

/* Declares a kernel with its algorithm's signature, e.g.
 * SIMD_CHACHA20_KERNEL(chacha20_xor_neon); so no header repeats the types. */
#define SIMD_CHACHA20_KERNEL(fn)                                               \
    void fn(uint8_t *out, const uint8_t *in, size_t len,                       \
            const uint32_t key[8], const uint32_t ctr[4])
#define SIMD_MD5_KERNEL(fn)                                                    \
    void fn(uint32_t state[4], const uint8_t *in, size_t nblocks)

/* Portable C: every machine; the reference for all others. */
SIMD_CHACHA20_KERNEL(chacha20_xor_portable);
SIMD_MD5_KERNEL(md5_blocks_portable);

#endif
