#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""One outer iteration of an aarch64 loop as straight-line code, for llvm-mca.

Usage: tools/aarch64-unroll.py DIS OUTER_FIRST OUTER_LAST INNER_FIRST INNER_LAST
           TRIPS [SKIP_FIRST SKIP_LAST]...

DIS is `llvm-objdump-19 -d --mattr=+sve,+sve2` output; addresses are hex (the
first and last instruction of each loop, as tools/aarch64-loops.py prints
them). Prints the outer body's instructions before the inner loop, the inner
loop's body TRIPS times, then the rest of the outer body. Branches, `nop`s and
`adr`/`adrp` are left out (llvm-mca cannot follow them, and a predicted branch
costs next to nothing), and so is every address in a SKIP range: a path the
measured case does not take. Feed the result to
`llvm-mca-19 -mtriple=aarch64-linux-gnu -mcpu=CORE -mattr=+sve`.
"""
import re
import sys

if len(sys.argv) < 7 or len(sys.argv) % 2 == 0:
    sys.exit(__doc__)
dis = sys.argv[1]
lo, hi, ilo, ihi = (int(x, 16) for x in sys.argv[2:6])
trips = int(sys.argv[6])
skip = [(int(sys.argv[i], 16), int(sys.argv[i + 1], 16))
        for i in range(7, len(sys.argv), 2)]
DROP = ('b', 'cbz', 'cbnz', 'tbz', 'tbnz', 'ret', 'nop', 'adr', 'adrp')

insns = []
with open(dis) as f:
    for line in f:
        m = re.match(r'^\s*([0-9a-f]+):\s+(?:[0-9a-f]{2} ?){4}\s+(\S+)\s*(.*)$',
                     line)
        if not m:
            continue
        a = int(m.group(1), 16)
        if not lo <= a <= hi or any(x <= a <= y for x, y in skip):
            continue
        mn, ops = m.group(2), m.group(3).split('//')[0].strip()
        if mn in DROP or mn.startswith('b.'):
            continue
        insns.append((a, f'{mn} {ops}'))

body = [t for a, t in insns if ilo <= a <= ihi]
out = ([t for a, t in insns if a < ilo] + body * trips +
       [t for a, t in insns if a > ihi])
sys.stderr.write(f'{len(out)} instructions\n')
print('\n'.join(out))
