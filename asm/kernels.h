/* SPDX-License-Identifier: Apache-2.0 */
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
 *   whole block run over zeros, or from a tail variant, below), so no
 *   kernel carries byte-tail code. The
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
 *
 * Poly1305 kernels, named poly1305_blocks_<kernel> (RFC 8439 section 2.5):
 *   Absorb `len` bytes at `in` (a whole number of 16-byte blocks, 0
 *   included; no alignment required) into st->h: for each block m (16 bytes,
 *   little-endian), h = (h + m + padbit * 2^128) * r mod p, p = 2^130 - 5.
 *   padbit is 1 for every ordinary block; the glue pads a message's short
 *   last block with 0x01 and zeros itself and passes padbit 0.
 *   h is kept partially reduced in base 2^64 (h[0] + h[1]*2^64 + h[2]*2^128):
 *   a kernel accepts any h[2] < 8 on entry and leaves h[2] < 8, and the
 *   value only matters mod p (simd_poly1305_emit reduces it fully).
 *   st->r is r clamped (simd_poly1305_init); a kernel never changes r or s.
 *   `table` is a kernel's private cache (powers of r in its own radix):
 *   `table_of` is 0 when it is empty (init sets 0) or the id of the kernel
 *   family that filled it (asm/<arch>/kernels.h lists the ids); a kernel
 *   that finds another id there rebuilds it before use. So states may be
 *   copied (EVP dup) and handed between kernels freely. Only 8-byte
 *   alignment of the state may be assumed. An id with
 *   SIMD_POLY1305_TABLE_PUBLIC set says the table holds no powers of r,
 *   only bookkeeping that follows from message lengths (e.g. a byte count):
 *   the glue wipes a table as key material only without that bit, since a
 *   kilobyte wiped per message shows at 64-byte messages.
 */
/*
 * Stitched ChaCha20-Poly1305 kernels, named chacha20_poly1305_<kernel>:
 *   ChaCha20 and Poly1305 in one pass over `len` bytes, a whole number of
 *   64-byte blocks: out = in ^ keystream, exactly as a ChaCha20 kernel
 *   (same counter precondition, in place allowed, no other overlap), and
 *   st absorbs the ciphertext (padbit 1), exactly as a Poly1305 kernel:
 *   `out` when `enc` is non-zero (seal), `in` otherwise (open; read before
 *   it is overwritten in place). kc is key[0..7] then ctr[0..3], the two
 *   arrays of a ChaCha20 kernel back to back (six arguments, so every
 *   kernel fits the ABI harness). Padding, AAD, partial blocks and lengths
 *   stay in the glue. The state follows the Poly1305 ABI, so it may go to
 *   or come from any Poly1305 kernel between calls. The table's portable
 *   row is the C reference (ChaCha20 then Poly1305 block by block): the
 *   glue does not call it but runs its two passes over the chosen ChaCha20
 *   and Poly1305 kernels instead.
 */
#ifndef SIMDPROV_KERNELS_H
#define SIMDPROV_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#define SIMD_CHACHA20_BLOCK 64
#define SIMD_MD5_BLOCK 64
#define SIMD_POLY1305_BLOCK 16
#define SIMD_POLY1305_KEY 32
#define SIMD_POLY1305_TAG 16
#define SIMD_POLY1305_TABLE_PUBLIC 0x100 /* in table_of: no powers of r */
/* Bits 16 and up of an id, when not 0: how many table words (from the
 * first) that kernel fills, so the glue wipes only those; 0: all. */
#define SIMD_POLY1305_TABLE_USED_SHIFT 16
#define SIMD_POLY1305_TABLE_USED(id)                                           \
    (((id) >> SIMD_POLY1305_TABLE_USED_SHIFT) - 1 <                           \
             (uint64_t)SIMD_POLY1305_TABLE_WORDS                               \
         ? ((id) >> SIMD_POLY1305_TABLE_USED_SHIFT)                            \
         : SIMD_POLY1305_TABLE_WORDS)
/* Room for a vector kernel's powers of r: 16 powers in 2^44 radix with
 * their 20x multiples fit. */
#define SIMD_POLY1305_TABLE_WORDS 128

typedef struct {
    uint64_t h[3];      /* accumulator, partially reduced (see above) */
    uint64_t r[2];      /* clamped r, little-endian 64-bit halves */
    uint64_t s[2];      /* the key's second half, added at the end */
    uint64_t table_of;  /* 0: table empty; else the filling kernel's id */
    uint64_t table[SIMD_POLY1305_TABLE_WORDS];
} simd_poly1305;

typedef void (*simd_chacha20_fn)(uint8_t *out, const uint8_t *in, size_t len,
                                 const uint32_t key[8], const uint32_t ctr[4]);
/*
 * A ChaCha20 kernel's tail variant (optional, per table row): the same
 * work on the len bytes (whole blocks), and then the keystream of the
 * block after them (counter ctr[0] + len / 64, mod 2^32) into tail[0..63],
 * as if one more block of zeros had been given. A stream whose message
 * ends in a partial block gets that block's keystream from the call that
 * makes the whole blocks (the kernel computes it in a lane its last group
 * has anyway) instead of a second call. len may be 0 (only the tail block).
 * The caller keeps the tail block before any counter wrap.
 */
typedef void (*simd_chacha20_tail_fn)(uint8_t *out, const uint8_t *in,
                                      size_t len, const uint32_t key[8],
                                      const uint32_t ctr[4], uint8_t *tail);
typedef void (*simd_chacha20_poly1305_fn)(uint8_t *out, const uint8_t *in,
                                          size_t len, const uint32_t kc[12],
                                          simd_poly1305 *st, int enc);
typedef void (*simd_md5_fn)(uint32_t state[4], const uint8_t *in,
                            size_t nblocks);
typedef void (*simd_poly1305_fn)(simd_poly1305 *st, const uint8_t *in,
                                 size_t len, uint32_t padbit);

/* Declares a kernel with its algorithm's signature, e.g.
 * SIMD_CHACHA20_KERNEL(chacha20_xor_neon); so no header repeats the types. */
#define SIMD_CHACHA20_KERNEL(fn)                                               \
    void fn(uint8_t *out, const uint8_t *in, size_t len,                       \
            const uint32_t key[8], const uint32_t ctr[4])
#define SIMD_CHACHA20_TAIL_KERNEL(fn)                                          \
    void fn(uint8_t *out, const uint8_t *in, size_t len,                       \
            const uint32_t key[8], const uint32_t ctr[4], uint8_t *tail)
#define SIMD_CHACHA20_POLY1305_KERNEL(fn)                                      \
    void fn(uint8_t *out, const uint8_t *in, size_t len,                       \
            const uint32_t kc[12], simd_poly1305 *st, int enc)
#define SIMD_MD5_KERNEL(fn)                                                    \
    void fn(uint32_t state[4], const uint8_t *in, size_t nblocks)
#define SIMD_POLY1305_KERNEL(fn)                                               \
    void fn(simd_poly1305 *st, const uint8_t *in, size_t len, uint32_t padbit)

/* Portable C: every machine; the reference for all others. */
SIMD_CHACHA20_KERNEL(chacha20_xor_portable);
SIMD_MD5_KERNEL(md5_blocks_portable);
SIMD_POLY1305_KERNEL(poly1305_blocks_portable);
SIMD_CHACHA20_POLY1305_KERNEL(chacha20_poly1305_portable);

/* Poly1305 set-up and finish, shared by every kernel (portable C, constant
 * time): init clamps r, keeps s, zeroes h and empties the table; emit
 * reduces h fully mod p and writes (h + s) mod 2^128, little-endian. */
void simd_poly1305_init(simd_poly1305 *st, const uint8_t key[SIMD_POLY1305_KEY]);
void simd_poly1305_emit(const simd_poly1305 *st, uint8_t tag[SIMD_POLY1305_TAG]);

#endif
