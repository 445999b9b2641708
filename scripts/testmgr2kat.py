#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Extracts the ChaCha20, RFC 7539 AEAD, Poly1305 and MD5 vectors of the Linux
kernel's crypto/testmgr.h into OpenSSL's evp test format (the format of
test/support/data/openssl/*.txt), for test/provider/test_kat.c.

    python3 scripts/testmgr2kat.py TESTMGR_H VERSION > test/support/data/linux/testmgr.txt

To regenerate from Debian 12's kernel source package:

    apt-get download linux-source-6.1
    dpkg-deb --fsys-tarfile linux-source-6.1_*_all.deb |
        tar xf - --wildcards '*.tar.xz' -O | xz -dc |
        tar xf - --wildcards '*/crypto/testmgr.h'
    python3 scripts/testmgr2kat.py linux-source-6.1/crypto/testmgr.h \
        "linux-source-6.1 6.1.192-3" > test/support/data/linux/testmgr.txt

Mappings: chacha20_tv_template's 16-byte IV is already OpenSSL's layout
(32-bit little-endian counter || nonce). rfc7539_tv_template's ctext is the
ciphertext followed by the 16-byte tag. rfc7539esp_tv_template (RFC 7634)
keeps a 4-byte salt after the 32-byte key and the 8-byte IV at the end of the
associated data: the nonce is salt || IV and the AAD is assoc without its last
8 bytes. poly1305_tv_template passes the 32-byte one-time key as the first 32
bytes of the message (the kernel's shash convention).
"""
import re
import sys

TEMPLATES = {
    "chacha20_tv_template": "chacha20",
    "rfc7539_tv_template": "aead",
    "rfc7539esp_tv_template": "aead_esp",
    "poly1305_tv_template": "poly1305",
    "md5_tv_template": "md5",
}

ESCAPES = {"n": 10, "t": 9, "r": 13, "\\": 92, '"': 34, "'": 39, "0": 0,
           "a": 7, "b": 8, "f": 12, "v": 11}


def c_string(lit):
    """Bytes of one C string literal body (between the quotes)."""
    out, i = bytearray(), 0
    while i < len(lit):
        c = lit[i]
        if c != "\\":
            out += c.encode("latin-1")
            i += 1
            continue
        e = lit[i + 1]
        if e == "x":
            m = re.match(r"[0-9a-fA-F]+", lit[i + 2:])
            out.append(int(m.group(0), 16) & 0xFF)
            i += 2 + len(m.group(0))
        elif e in "01234567":
            m = re.match(r"[0-7]{1,3}", lit[i + 1:])
            out.append(int(m.group(0), 8))
            i += 1 + len(m.group(0))
        else:
            out.append(ESCAPES[e])
            i += 2
    return bytes(out)


def entries(body):
    """Top-level { ... } entries of an array initializer, with the comment
    that precedes or opens each."""
    depth, start, res, i = 0, None, [], 0
    while i < len(body):
        c = body[i]
        if c == '"':
            j = i + 1
            while body[j] != '"':
                j += 2 if body[j] == "\\" else 1
            i = j + 1
            continue
        if body.startswith("/*", i):
            i = body.index("*/", i) + 2
            continue
        if c == "{":
            if depth == 0:
                start = i
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                res.append(body[start + 1:i])
        i += 1
    return res


def fields(entry):
    comment = re.search(r"/\*\s*(.*?)\s*\*/", entry, re.S)
    comment = " ".join(comment.group(1).split()) if comment else ""
    stripped = re.sub(r"/\*.*?\*/", "", entry, flags=re.S)
    res = {}
    for m in re.finditer(r"\.(\w+)\s*=\s*((?:\"(?:[^\"\\]|\\.)*\"\s*)+|[^,]+),",
                         stripped + ","):
        name, val = m.group(1), m.group(2).strip()
        if val.startswith('"'):
            res[name] = b"".join(c_string(s) for s in
                                 re.findall(r"\"((?:[^\"\\]|\\.)*)\"", val))
        else:
            res[name] = val
    return comment, res


def cut(b, n):
    n = int(n)
    assert len(b) >= n, (len(b), n)
    return b[:n]


def main():
    path, version = sys.argv[1], sys.argv[2]
    text = open(path, encoding="latin-1").read()
    print("# Extracted by scripts/testmgr2kat.py from crypto/testmgr.h of %s." % version)
    print("# crypto/testmgr.h: SPDX-License-Identifier: GPL-2.0-or-later.")
    print("# Each stanza names its template and index; the text after it is the")
    print("# comment the kernel source gives the vector, if any.")
    for name, kind in TEMPLATES.items():
        m = re.search(r"static const struct \w+ %s\[\]\s*=\s*\{(.*?)\n\};" % name,
                      text, re.S)
        assert m, name
        for idx, entry in enumerate(entries(m.group(1))):
            comment, f = fields(entry)
            print()
            print("# %s[%d]%s" % (name, idx, ": " + comment if comment else ""))
            if kind == "chacha20":
                n = int(f["len"])
                assert int(f["klen"]) == 32 and len(f["iv"]) >= 16
                print("Cipher = chacha20")
                print("Key = " + cut(f["key"], 32).hex())
                print("IV = " + cut(f["iv"], 16).hex())
                print("Plaintext = " + cut(f["ptext"], n).hex())
                print("Ciphertext = " + cut(f["ctext"], n).hex())
            elif kind in ("aead", "aead_esp"):
                klen, alen = int(f["klen"]), int(f["alen"])
                plen, clen = int(f["plen"]), int(f["clen"])
                assert clen == plen + 16 and "novrfy" not in f
                key = cut(f["key"], klen)
                assoc = cut(f.get("assoc", b""), alen)
                if kind == "aead":
                    assert klen == 32
                    nonce, aad = cut(f["iv"], 12), assoc
                else:
                    assert klen == 36 and alen >= 8
                    nonce = key[32:] + cut(f["iv"], 8)
                    key, aad = key[:32], assoc[:-8]
                    assert assoc[-8:] == cut(f["iv"], 8)
                ct = cut(f["ctext"], clen)
                print("Cipher = chacha20-poly1305")
                print("Key = " + key.hex())
                print("IV = " + nonce.hex())
                print("AAD = " + aad.hex())
                print("Tag = " + ct[plen:].hex())
                print("Plaintext = " + cut(f.get("ptext", b""), plen).hex())
                print("Ciphertext = " + ct[:plen].hex())
            elif kind == "poly1305":
                msg = cut(f.get("plaintext", b""), f.get("psize", "0"))
                assert "key" not in f and len(msg) >= 32
                print("MAC = Poly1305")
                print("Key = " + msg[:32].hex())
                print("Input = " + msg[32:].hex())
                print("Output = " + cut(f["digest"], 16).hex())
            else:
                msg = cut(f.get("plaintext", b""), f.get("psize", "0"))
                print("Digest = MD5")
                print("Input = " + msg.hex())
                print("Output = " + cut(f["digest"], 16).hex())


if __name__ == "__main__":
    main()
