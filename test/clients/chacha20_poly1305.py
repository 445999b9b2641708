# SPDX-License-Identifier: Apache-2.0
"""python3-cryptography's ChaCha20Poly1305 on whatever OPENSSL_CONF gives it.

Run by test_python.sh twice, on simd and on plain default: checks RFC 8439
section 2.8.2, round trips and tag failures, and prints one line per fact;
the driver compares the two runs' lines (the provider line aside) and counts
simd's calls with uprobes. Exit 77 (meson's skip) when this python's
cryptography does not run on the system libcrypto (a pip wheel carries its
own OpenSSL, which would not load simd.so).
"""
import ctypes
import hashlib
import sys

try:
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
    import cryptography
except ImportError as e:
    print(f"SKIP no python3-cryptography ({e})")
    sys.exit(77)

# RFC 8439 2.8.2 (the AEAD example): key 80..9f, this nonce and AAD.
RFC_KEY = bytes(range(0x80, 0xA0))
RFC_NONCE = bytes.fromhex("070000004041424344454647")
RFC_AAD = bytes.fromhex("50515253c0c1c2c3c4c5c6c7")
RFC_PT = (b"Ladies and Gentlemen of the class of '99: If I could offer you "
          b"only one tip for the future, sunscreen would be it.")
RFC_CT = bytes.fromhex(
    "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
    "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
    "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
    "3ff4def08e4b7a9de576d26586cec64b6116")
RFC_TAG = bytes.fromhex("1ae10b594f09e26a7e902ecbd0600691")

# Lengths around the 16-byte Poly1305 block, the 64-byte ChaCha20 block, the
# kernels' groups and the AEAD's chunks; AAD lengths likewise (13: TLS 1.2).
LENGTHS = [0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 255, 256, 257, 511, 512,
           1023, 1024, 1350, 2049, 4095, 4096, 4097, 8192, 16383, 16384,
           16385, 65536 + 3]
AAD_LENGTHS = [0, 1, 12, 13, 16, 17, 100]

failures = []
ops = 0  # seal/open calls; each one must reach simd at least once


def check(ok, what):
    if not ok:
        failures.append(what)


def system_libcrypto():
    """The libcrypto.so.3 this process mapped, or None."""
    with open("/proc/self/maps") as maps:
        for line in maps:
            if "libcrypto.so.3" in line:
                return line.split()[-1]
    return None


def stream(label, n):
    """n deterministic bytes (SHA-256 in counter mode), same in both runs."""
    out = b""
    i = 0
    while len(out) < n:
        out += hashlib.sha256(b"%s %d" % (label, i)).digest()
        i += 1
    return out[:n]


def served_by():
    """The provider EVP_CIPHER_fetch(NULL, "ChaCha20-Poly1305", NULL) picks,
    as cryptography's implicit fetch does."""
    lib = ctypes.CDLL("libcrypto.so.3")  # the copy already mapped
    lib.EVP_CIPHER_fetch.restype = ctypes.c_void_p
    lib.EVP_CIPHER_fetch.argtypes = [ctypes.c_void_p, ctypes.c_char_p,
                                     ctypes.c_char_p]
    lib.EVP_CIPHER_get0_provider.restype = ctypes.c_void_p
    lib.EVP_CIPHER_get0_provider.argtypes = [ctypes.c_void_p]
    lib.OSSL_PROVIDER_get0_name.restype = ctypes.c_char_p
    lib.OSSL_PROVIDER_get0_name.argtypes = [ctypes.c_void_p]
    lib.EVP_CIPHER_free.argtypes = [ctypes.c_void_p]
    c = lib.EVP_CIPHER_fetch(None, b"ChaCha20-Poly1305", None)
    if not c:
        return "none"
    name = lib.OSSL_PROVIDER_get0_name(lib.EVP_CIPHER_get0_provider(c))
    lib.EVP_CIPHER_free(c)
    return name.decode()


def rejects(aead, nonce, data, aad):
    global ops
    ops += 1
    try:
        aead.decrypt(nonce, data, aad)
    except InvalidTag:
        return True
    return False


def main():
    global ops
    lib = system_libcrypto()
    if lib is None:
        print(f"SKIP cryptography {cryptography.__version__} in {sys.executable} "
              "does not use the system libcrypto.so.3")
        return 77
    print(f"# cryptography {cryptography.__version__}, {lib}")
    print(f"provider {served_by()}")

    aead = ChaCha20Poly1305(RFC_KEY)
    ct = aead.encrypt(RFC_NONCE, RFC_PT, RFC_AAD)
    ops += 1
    check(ct == RFC_CT + RFC_TAG, "RFC 8439 2.8.2 seal")
    check(aead.decrypt(RFC_NONCE, ct, RFC_AAD) == RFC_PT,
          "RFC 8439 2.8.2 open")
    ops += 1
    for bit in (0, 8 * len(RFC_CT) - 1, 8 * len(RFC_CT), 8 * len(ct) - 1):
        bad = bytearray(ct)
        bad[bit // 8] ^= 1 << (bit % 8)
        check(rejects(aead, RFC_NONCE, bytes(bad), RFC_AAD),
              f"RFC vector with bit {bit} flipped is rejected")
    check(rejects(aead, RFC_NONCE, ct, RFC_AAD[:-1]), "shorter AAD rejected")
    check(rejects(aead, RFC_NONCE, ct[:-1], RFC_AAD), "short tag rejected")
    print("rfc8439 2.8.2 " + ct.hex())

    corpus = hashlib.sha256()
    for n in LENGTHS:
        for a in AAD_LENGTHS:
            label = b"%d/%d" % (n, a)
            key = stream(b"key " + label, 32)
            nonce = stream(b"nonce " + label, 12)
            pt, aad = stream(b"pt " + label, n), stream(b"aad " + label, a)
            aead = ChaCha20Poly1305(key)
            ct = aead.encrypt(nonce, pt, aad)
            check(len(ct) == n + 16, f"length {n}/{a}")
            check(aead.decrypt(nonce, ct, aad) == pt, f"round trip {n}/{a}")
            ops += 2
            corpus.update(ct)
            if n and a == 13:
                bad = bytearray(ct)
                bad[n // 2] ^= 0x80
                check(rejects(aead, nonce, bytes(bad), aad),
                      f"flipped ciphertext {n}/{a} rejected")
    print(f"corpus {len(LENGTHS) * len(AAD_LENGTHS)} messages sha256 "
          + corpus.hexdigest())
    print(f"ops {ops}")
    for f in failures:
        print("FAIL " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
