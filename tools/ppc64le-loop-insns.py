#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Steady-state instruction counts of ChaCha20 loops in ppc64le code.

Disassembles with llvm-objdump-19 and finds loops as backward branches.
A kernel's steady state is one pass of its outer (per-group) loop with the
inner double-round loop counted `trips` times, trips being the `li rN, K`
that feeds the `mtctr` in front of the inner loop:

    per group = outer - inner + trips * inner;  per 64-byte block = / blocks

Usage:
  ppc64le-loop-insns.py loops FILE [SYMBOL]  list loops (start, end, size,
                                             vector op counts)
  ppc64le-loop-insns.py group FILE SYMBOL|0xINNER BLOCKS
      steady state of the outer loop around the innermost round loop of
      SYMBOL (or the inner loop starting at 0xINNER, for stripped code)
  ppc64le-loop-insns.py call FILE SYMBOL CALLEE [0xSTART]
      one block per pass of SYMBOL's loop that calls CALLEE and XORs (gcc
      keeps the portable kernel's chacha20_block out of line): the loop plus
      all of CALLEE with its round loop run `trips` times
"""
import re
import subprocess
import sys
from collections import Counter

LINE = re.compile(r'^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$')
SYM = re.compile(r'^([0-9a-f]+) <([^>]+)>:$')
TARGET = re.compile(r'0x([0-9a-f]+)')
BRANCH = re.compile(r'^(b|bc|bdnz|bdz|bt|bf|bne|beq|blt|bgt|ble|bge|bso|bns)[-+]?$')


def disasm(path):
    out = subprocess.run(['llvm-objdump-19', '-d', '--no-show-raw-insn', path],
                         check=True, capture_output=True, text=True).stdout
    funcs, cur = {}, None
    insns = []
    for line in out.splitlines():
        m = SYM.match(line)
        if m:
            cur = m.group(2)
            funcs[cur] = []
            continue
        m = LINE.match(line)
        if m and cur is not None:
            ins = (int(m.group(1), 16), m.group(2), m.group(3))
            funcs[cur].append(ins)
            insns.append(ins)
    return funcs, insns


def loops(insns):
    found = []
    index = {ins[0]: n for n, ins in enumerate(insns)}
    for idx, (addr, mn, ops) in enumerate(insns):
        if not BRANCH.match(mn):
            continue
        t = TARGET.search(ops)
        if not t:
            continue
        tgt = int(t.group(1), 16)
        if tgt < addr and tgt in index:  # (tgt == addr: unrelocated call)
            s = index[tgt]
            found.append((tgt, addr, insns[s:idx + 1], s))
    return found


def trips(insns, start_idx):
    """li rN, K ... mtctr rN shortly before the loop."""
    reg = None
    for addr, mn, ops in reversed(insns[max(0, start_idx - 80):start_idx]):
        if mn == 'mtctr' and reg is None:
            reg = ops.strip()
        elif mn == 'li' and reg is not None:
            r, k = [x.strip() for x in ops.split(',')]
            if r == reg:
                return int(k, 0)
    raise SystemExit('no li/mtctr before the inner loop')


def histo(body):
    c = Counter(mn for _, mn, _ in body)
    keys = ['vadduwm', 'vxor', 'xxlxor', 'vrlw', 'vpermxor', 'xxlor', 'add',
            'xor', 'rotlwi']
    return ' '.join('%s=%d' % (k, c[k]) for k in keys if c[k])


def innermost_rounds(ls):
    """The loop with most vadduwm/add that contains no other loop."""
    leaves = [l for l in ls
              if not any(o is not l and o[0] >= l[0] and o[1] <= l[1]
                         for o in ls)]
    return max(leaves, key=lambda l: sum(mn in ('vadduwm', 'add')
                                           for _, mn, _ in l[2]))


def unrolled(insns):
    """Instructions of a whole function with its inner loop run `trips` times."""
    ls = loops(insns)
    inner = innermost_rounds(ls)
    return len(insns) - len(inner[2]) + trips(insns, inner[3]) * len(inner[2])


def main():
    cmd, path = sys.argv[1], sys.argv[2]
    funcs, allins = disasm(path)
    if cmd == 'loops':
        insns = funcs[sys.argv[3]] if len(sys.argv) > 3 else allins
        for tgt, end, body, _ in loops(insns):
            print('%8x..%8x %5d insns  %s' % (tgt, end, len(body), histo(body)))
        return
    if cmd == 'call':
        insns = funcs[sys.argv[3]]
        # The whole-block loop: it calls CALLEE and XORs 16 words; a
        # backward jump into shared epilogue code can look like a loop
        # too, so its start may be given (see the `loops` listing).
        cands = [l for l in loops(insns)
                 if any(mn == 'bl' for _, mn, _ in l[2])]
        if len(sys.argv) > 5:
            cands = [l for l in cands if l[0] == int(sys.argv[5], 16)]
        loop = min(cands, key=lambda l: len(l[2]))
        callee = unrolled(funcs[sys.argv[4]])
        print('loop %x..%x %d insns + %s %d (round loop unrolled) = %d per '
              '64-byte block' % (loop[0], loop[1], len(loop[2]), sys.argv[4],
                                 callee, len(loop[2]) + callee))
        return
    what, blocks = sys.argv[3], int(sys.argv[4])
    if what.startswith('0x'):
        insns = allins
        ls = loops(insns)
        inner = [l for l in ls if l[0] == int(what, 16)][0]
    else:
        insns = funcs[what]
        ls = loops(insns)
        inner = innermost_rounds(ls)
    outer = min((l for l in ls if l[0] < inner[0] and l[1] > inner[1]),
                key=lambda l: len(l[2]))
    k = trips(insns, inner[3])
    per = len(outer[2]) - len(inner[2]) + k * len(inner[2])
    extra = ''
    print('outer %x..%x %d insns, inner %x..%x %d insns x %d%s: '
          '%d per group of %d blocks = %.1f per 64-byte block'
          % (outer[0], outer[1], len(outer[2]), inner[0], inner[1],
             len(inner[2]), k, extra, per, blocks, per / blocks))
    print('  inner: %s' % histo(inner[2]))


if __name__ == '__main__':
    main()
