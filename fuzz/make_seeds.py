#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the seeds of fuzz/corpus that reproduce the rows of the deviations
table (docs/deviations.md): one file per row, named dev-<row id>, each a call
sequence in the fuzz harness's input format whose right answer that row
states.
Run from anywhere; rewrites only the dev-* seeds.

Input format (fuzz_provider.c; the steps in cipher_steps.c, aead_steps.c and
mac_steps.c): byte 0 picks the simd instance; then steps.
A step byte >= 0xc0 is a ChaCha20-Poly1305 step (step - 0xc0) % 9:
  0 init: flags (1 key, 2 IV, 4 encrypt), 40 key bytes, 20 IV bytes
  1 AAD or data: length (2 bytes, big-endian), mode (bit 2 one-shot
    EVP_Cipher, 0x10 AAD, 0xc0 no input), then up to 64 input bytes
  4 final
The POLY1305 part reads the same input again from byte 1: step % 8, where
0 is init (flags: 1 key argument), 2 an update (length byte even: next
byte % 40 is the length; an offset byte; the bytes), 4 a final (room byte).
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
KEY = bytes(range(0x80, 0xa0)) + bytes(8)     # 40 bytes, 32 used
IV = bytes(range(12)) + bytes(8)              # 20 bytes, 12 used
AAD = bytes(range(0x50, 0x62))                # 18 bytes, sent as 5 + 13
PT = bytes(3 * i % 256 for i in range(20))


def init(enc=True):
    """The instance pick (byte 0), then an init with key and IV."""
    return bytes([0, 0xc0, 1 | 2 | (4 if enc else 0)]) + KEY + IV


def call(data, aad=False, one_shot=False, no_input=False):
    mode = (0x10 if aad else 0) | (4 if one_shot else 0)
    if no_input:
        mode |= 0xc0
    n = len(data)
    return bytes([0xc1, n >> 8, n & 0xff, mode]) + data


FINAL = bytes([0xc4])

SEEDS = {
    # EVP_Cipher(ctx, NULL, NULL, 0) ends a message: a final with a tag.
    "aead-oneshot-zero": init() + call(AAD[:5], aad=True) + call(PT)
    + call(b"", one_shot=True, no_input=True),
    # EVP_Cipher(ctx, out, in, 0) between AAD fragments: a no-op.
    "aead-zero-len-mid-aad": init() + call(AAD[:5], aad=True)
    + call(b"", one_shot=True) + call(AAD[5:], aad=True) + call(PT) + FINAL,
    # EVP_Cipher(ctx, NULL, NULL, 0) between AAD fragments, then the rest.
    "aead-final-mid-aad": init() + call(AAD[:5], aad=True)
    + call(b"", one_shot=True, no_input=True) + call(AAD[5:], aad=True)
    + call(PT) + FINAL,
    # AAD after data.
    "aead-aad-after-data": init() + call(AAD[:5], aad=True) + call(PT)
    + call(AAD[5:], aad=True) + FINAL,
    # POLY1305: an update of 20 bytes and a final with no key.
    "poly1305-no-key": bytes([0, 2, 0, 20, 0]) + PT + bytes([4, 16]),
    # POLY1305: keyed, update, final, then a final again.
    "poly1305-after-final": bytes([0, 0, 1]) + KEY
    + bytes([2, 0, 20, 0]) + PT + bytes([4, 16, 4, 16]),
}

for name, data in SEEDS.items():
    with open(os.path.join(HERE, "corpus", "dev-" + name), "wb") as f:
        f.write(data)
