#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The steady-state loop a program executes, read from qemu-user's log.

Runs PROGRAM twice under qemu-user with `-d in_asm,exec,nochain` (each
translated block's instructions with their encodings, and every executed
block), once with {len} in its arguments replaced by LEN1 and once by LEN2.
Every instruction of the per-block work runs more often in the second run;
the one with the fewest extra runs that still repeats at least once per
MAX_PERIOD blocks marks the outermost loop of the kernel (an outer loop over
groups of blocks, or the block loop itself). The instructions executed
between two of its runs in the middle of the second run are one period of
the steady state, inner loops and calls unrolled as they ran; the next
period must be the same sequence, else the program is reported as having no
steady state. Stripped libraries need no symbols: the code is whatever ran.

With --marks (tools/evp_once), each shape's stretch between its two marker
calls is read on its own: UNIT is then a comma-separated list, one per shape,
and each period follows a "# part N" line (N from 0).

Prints what the program wrote to stderr ("# program LINE", second run), then
a header and one line per executed instruction of one period:
    # blocks N            blocks of UNIT bytes per period (the nearest whole
                          number to extra blocks / extra runs, which
                          "# blocks-measured" gives when it is not whole)
    # instructions N      instructions per period
    # sha256 HEX          hash of the period's encodings (identical loops)
    # hot PC              the instruction run most (in the innermost loop)
    PC ENCODING           encoding as qemu prints it (a little-endian value)

Usage: steady-loop-qemu.py [--passes P] [--max-period B] [--marks] QEMU
                           SYSROOT MODEL UNIT LEN1 LEN2 PROGRAM [ARG...]
  UNIT: bytes per block (64 for ChaCha20 and MD5, 16 for Poly1305);
  PASSES: how many times the program processes LEN bytes (evp_once: 2);
  the environment is passed on (OPENSSL_MODULES, OPENSSL_CONF).
  e.g. steady-loop-qemu.py --marks qemu-aarch64 cross/sysroots/arm64 \\
      neoverse-n1 64,16 8192 16384 build/tools/evp_once default \\
      chacha20:{len} poly1305:{len}
"""
import argparse
import hashlib
import os
import re
import subprocess
import sys
import tempfile
from array import array
from collections import Counter

INSN = re.compile(r'^0x([0-9a-f]+):\s+([0-9a-f]+)\s')
TRACE = re.compile(r'^Trace \d+: 0x([0-9a-f]+) \[[0-9a-f]+/([0-9a-f]+)/')


def run(args, length, tmp):
    """Run once; return (blocks by host address, executed host addresses, encodings by PC)."""
    log = os.path.join(tmp, 'log')
    argv = [a.replace('{len}', str(length)) for a in args.program]
    env = dict(os.environ, QEMU_CPU=args.model)
    # A fixed address space: the same PCs in both runs.
    r = subprocess.run([args.qemu, '-R', '0x100000000', '-L', args.sysroot,
                        '-d', 'in_asm,exec,nochain', '-D', log] + argv, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if r.returncode:
        sys.exit('steady-loop: %s failed: %s' % (' '.join(argv), r.stderr.strip()))
    blocks = {}     # host address -> tuple of PCs
    by_pc = {}      # first PC -> tuple of PCs (a translation not run at once)
    enc = {}        # PC -> encoding
    seq = array('Q')
    pending = []
    with open(log, errors='replace') as f:
        for line in f:
            if line.startswith('0x'):
                m = INSN.match(line)
                if m:
                    pc = int(m.group(1), 16)
                    enc[pc] = m.group(2)
                    pending.append(pc)
                continue
            if line.startswith('Trace'):
                m = TRACE.match(line)
                if not m:
                    continue
                host, pc = int(m.group(1), 16), int(m.group(2), 16)
                if pending:
                    tb = tuple(pending)
                    by_pc[tb[0]] = tb
                    pending = []
                    if tb[0] == pc:
                        blocks[host] = tb
                if host not in blocks or blocks[host][0] != pc:
                    if pc not in by_pc:
                        sys.exit('steady-loop: executed block at %#x never translated' % pc)
                    blocks[host] = by_pc[pc]
                seq.append(host)
            elif line.startswith('IN:'):
                if pending:
                    by_pc[pending[0]] = tuple(pending)
                pending = []
    os.unlink(log)
    args.stderr = r.stderr.splitlines()
    return blocks, seq, enc


def counts(blocks, seq):
    c = Counter()
    for host, n in Counter(seq).items():
        for pc in blocks[host]:
            c[pc] += n
    return c


def period(blocks, seq, home, anchor, hot):
    """One period from the anchor's middle run, if the next is the same."""
    hits = [i for i, h in enumerate(seq) if h in home]
    mid = len(hits) // 2
    if mid + 2 >= len(hits):
        return None
    pcs = []
    for i in range(hits[mid], hits[mid + 2] + 1):
        pcs.extend(blocks[seq[i]])
    at = [i for i, pc in enumerate(pcs) if pc == anchor]
    one, two = pcs[at[0]:at[1]], pcs[at[1]:at[2]]
    return one if one == two and hot in one else None


def stretches(blocks, seq, stderr, marks, n):
    """The parts of an executed sequence to read loops from: all of it, or
    with marks the stretch between the marker calls of each of n shapes."""
    if not marks:
        return [seq]
    mark = None
    for ln in stderr:
        if ln.startswith('mark 0x'):
            mark = int(ln.split()[1], 16)
    if mark is None:
        sys.exit('steady-loop: the program printed no "mark ADDRESS"')
    at = [i for i, h in enumerate(seq) if blocks[h][0] == mark]
    if len(at) != 2 + 2 * n:
        sys.exit('steady-loop: %d marker calls, %d expected' % (len(at), 2 + 2 * n))
    return [seq[at[2 + 2 * i] + 1:at[3 + 2 * i]] for i in range(n)]


def main():
    p = argparse.ArgumentParser(usage=__doc__.split('Usage: ')[1])
    p.add_argument('--passes', type=int, default=1)
    p.add_argument('--max-period', type=int, default=32)
    p.add_argument('--marks', action='store_true')
    p.add_argument('qemu')
    p.add_argument('sysroot')
    p.add_argument('model')
    p.add_argument('unit')
    p.add_argument('len1', type=int)
    p.add_argument('len2', type=int)
    p.add_argument('program', nargs=argparse.REMAINDER)
    args = p.parse_args()
    units = [int(u) for u in args.unit.split(',')]
    with tempfile.TemporaryDirectory(dir='/dev/shm' if os.path.isdir('/dev/shm') else None) as tmp:
        b1, s1, _ = run(args, args.len1, tmp)
        parts1 = stretches(b1, s1, args.stderr, args.marks, len(units))
        b2, s2, enc = run(args, args.len2, tmp)
        parts2 = stretches(b2, s2, args.stderr, args.marks, len(units))
    for ln in args.stderr:
        print('# program %s' % ln)
    for n, unit in enumerate(units):
        if len(units) > 1:
            print('# part %d' % n)
        dblocks = (args.len2 - args.len1) * args.passes // unit
        c1, c2 = counts(b1, parts1[n]), counts(b2, parts2[n])
        delta = {pc: c2[pc] - c1.get(pc, 0) for pc in c2}
        # A loop that takes a block count no power of two divides (OpenSSL's
        # SVE ChaCha20 does VL/32 + 1 blocks a pass) runs floor(LEN / group)
        # times: its extra runs are off by one, so blocks per period is
        # the nearest whole number, taken when it is near enough.
        cand = [(d, pc) for pc, d in delta.items()
                if d > 0 and round(dblocks / d) <= args.max_period
                and abs(dblocks / d - round(dblocks / d)) <= 0.2]
        # The hottest instruction is in the kernel's innermost loop: a
        # period must contain it, and two periods in a row must be the same.
        hot = max(delta, key=lambda pc: (delta[pc], -pc))
        tried = set()
        one = None
        for d, anchor in sorted(cand):
            home = frozenset(h for h, tb in b2.items() if anchor in tb)
            if home in tried:
                continue
            tried.add(home)
            one = period(b2, parts2[n], home, anchor, hot)
            if one:
                break
        if not one:
            print('# error no steady state within %d blocks' % args.max_period)
            continue
        h = hashlib.sha256(' '.join(enc[pc] for pc in one).encode()).hexdigest()
        print('# blocks %d' % round(dblocks / d))
        if dblocks % d:
            print('# blocks-measured %.2f' % (dblocks / d))
        print('# instructions %d' % len(one))
        print('# sha256 %s' % h)
        print('# hot %#x' % hot)
        for pc in one:
            print('%#x %s' % (pc, enc[pc]))


if __name__ == '__main__':
    main()
