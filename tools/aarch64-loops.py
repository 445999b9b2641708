#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""List the loops of aarch64 code in llvm-objdump-19 -d output.

Usage: llvm-objdump-19 -d FILE [--start-address=A --stop-address=B] |
           tools/aarch64-loops.py [FUNCTION]

A loop is a backward branch (b, b.cond, cbz/cbnz, tbz/tbnz) to an address in
the same listing; for each one prints its first and last address and the
number of instructions in [target, branch], so a kernel's steady state per
iteration can be read off: inner-loop body x trip count + the rest of the
outer body. With FUNCTION, only that symbol's listing is read.
"""
import re
import sys

want = sys.argv[1] if len(sys.argv) > 1 else None
insns = []  # (address, mnemonic, operands)
cur = None
for line in sys.stdin:
    m = re.match(r'^([0-9a-f]+) <([^>]+)>:', line)
    if m:
        cur = m.group(2)
        continue
    if want is not None and cur != want:
        continue
    m = re.match(r'^\s*([0-9a-f]+):\s+(?:[0-9a-f]{2} ?){4}\s+(\S+)\s*(.*)$', line)
    if m:
        insns.append((int(m.group(1), 16), m.group(2), m.group(3)))

addrs = [a for a, _, _ in insns]
index = {a: i for i, a in enumerate(addrs)}
for i, (a, mn, ops) in enumerate(insns):
    if not (mn == 'b' or mn.startswith('b.') or mn in ('cbz', 'cbnz', 'tbz', 'tbnz')):
        continue
    m = re.search(r'0x([0-9a-f]+)', ops)
    if not m:
        continue
    t = int(m.group(1), 16)
    if t <= a and t in index:
        n = i - index[t] + 1
        print(f'loop {t:#x}..{a:#x}  {n:4d} instructions  ({mn} {ops.split("<")[0].strip()})')
