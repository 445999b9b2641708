#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""x86_64 MD5 block loops: instructions per 64-byte block and llvm-mca cycles.

Usage: tools/x86_64-md5-mca.py [--mcpu=A,B,...] [--keep=DIR] FILE...

FILE is a shared object: simd.so (both scalar kernels) or any libcrypto
(OpenSSL's md5-x86_64 loop; stripped libraries are fine). A loop is found by
its first step, the one instruction that adds the constant 0xd76aa478
(`add $0xd76aa478` in simd's kernels, `lea -0x28955b88(...)` in OpenSSL's),
and runs from the target of the first backward branch after it to that
branch. Every such loop in FILE is listed, so a libcrypto with OpenSSL's
stitched RC4-MD5 (whose loop also adds the constant) shows two: the plain
MD5 loop is the one `openssl dgst -md5` runs (callgrind names its function).

For each loop: its start address, the instructions of one iteration (the
backward branch included) and llvm-mca-19's cycles per iteration (200
iterations of the body without the branch) on each -mcpu model. --keep
writes each body to DIR as FILE-ADDRESS.s for llvm-mca's other views.
"""
import os
import re
import subprocess
import sys

MODELS = "znver3,znver4,znver5,skylake,alderlake,haswell,goldmont"
FIRST_K = re.compile(r"\$0xd76aa478,|-0x28955b88\(")
INSN = re.compile(r"^\s*([0-9a-f]+):\s+(.*?)\s*$")
JUMP = re.compile(r"^(j[a-z]+)\s+([0-9a-f]+)\b")


def listing(path):
    """(address, instruction text) for every instruction objdump shows."""
    text = subprocess.check_output(["objdump", "-d", "--no-show-raw-insn", path],
                                   text=True)
    found = (INSN.match(line) for line in text.splitlines())
    return [(int(m.group(1), 16), re.sub(r"\s+<[^>]*>$", "", m.group(2)))
            for m in found if m]


def loops(insns):
    index = {a: i for i, (a, _) in enumerate(insns)}
    found = []
    for i, (addr, text) in enumerate(insns):
        if not FIRST_K.search(text):
            continue
        for j in range(i + 1, len(insns)):
            m = JUMP.match(insns[j][1])
            if m and int(m.group(2), 16) <= addr:
                start = index.get(int(m.group(2), 16))
                if start is not None:
                    found.append((start, j))
                break
    return found


def mca(body, cpu):
    out = subprocess.run(["llvm-mca-19", "-mtriple=x86_64", "-mcpu=" + cpu,
                          "-iterations=200"], input=body, check=True,
                         capture_output=True, text=True).stdout
    total = re.search(r"Total Cycles:\s+(\d+)", out)
    return int(total.group(1)) / 200


def main(argv):
    models, keep, files = MODELS.split(","), None, []
    for arg in argv:
        if arg.startswith("--mcpu="):
            models = arg[len("--mcpu="):].split(",")
        elif arg.startswith("--keep="):
            keep = arg[len("--keep="):]
        else:
            files.append(arg)
    if not files:
        sys.exit(__doc__)
    print("| file | loop | instructions | " + " | ".join(models) + " |")
    print("|---|---|---:|" + "---:|" * len(models))
    for path in files:
        insns = listing(path)
        for start, end in loops(insns):
            body = "".join(t.replace("repz ", "") + "\n"
                           for _, t in insns[start:end])
            if keep:
                name = "%s-%x.s" % (os.path.basename(path), insns[start][0])
                with open(os.path.join(keep, name), "w") as f:
                    f.write(body)
            cycles = " | ".join("%.1f" % mca(body, c) for c in models)
            print("| %s | %#x | %d | %s |" % (path, insns[start][0],
                                               end - start + 1, cycles))


if __name__ == "__main__":
    main(sys.argv[1:])
