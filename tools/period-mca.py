#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""llvm-mca-19 cycles per block of a loop period from steady-loop-qemu.py.

The period's encodings are disassembled by llvm-mc-19 (all of the
architecture's extensions on) and the listing runs through llvm-mca-19
-mcpu=CORE -iterations=N; cycles per block = Total Cycles / (N x blocks).
Prints "CORE CYCLES" per core, or "CORE n/a REASON" when llvm-mca refuses
the code (an instruction the core does not have, or no scheduling data).

Usage: period-mca.py ARCH PERIOD CORE[:+attr,...]...
  ARCH: aarch64, ppc64le or riscv64 (loongarch64 has no llvm-mca model)
  e.g. period-mca.py aarch64 chacha20.txt cortex-a72 neoverse-n1
       period-mca.py riscv64 md5.txt sifive-u74:+zbb
"""
import re
import subprocess
import sys

ARCH = {
    'aarch64': ('aarch64', ['-mattr=+sve,+sve2']),
    'ppc64le': ('powerpc64le', ['-mcpu=pwr10']),
    'riscv64': ('riscv64', ['-mattr=+m,+a,+f,+d,+c,+zba,+zbb,+zbs,+v,+zvkb']),
}


def disassemble(arch, lines):
    triple, opts = ARCH[arch]
    text = []
    for ln in lines:
        v = ln.split()[1]
        text.append(' '.join('0x' + v[i - 2:i] for i in range(len(v), 0, -2)))
    r = subprocess.run(['llvm-mc-19', '--disassemble', '-triple=' + triple] + opts,
                       input='\n'.join(text) + '\n', capture_output=True, text=True)
    if r.returncode or 'invalid' in r.stderr:
        sys.exit('period-mca: llvm-mc cannot decode: ' + r.stderr.strip()[:300])
    asm = [a for a in r.stdout.splitlines() if a.strip() and not a.strip().startswith('.')]
    # POWER10's prefixed instructions (8 bytes) come as two words, one line each
    if len(asm) > len(lines) or (len(asm) < len(lines) and arch != 'ppc64le'):
        sys.exit('period-mca: %d instructions decoded of %d' % (len(asm), len(lines)))
    return triple, asm


def main():
    if len(sys.argv) < 4 or sys.argv[1] not in ARCH:
        sys.exit(__doc__)
    arch, path, cores = sys.argv[1], sys.argv[2], sys.argv[3:]
    blocks, lines = None, []
    for ln in open(path):
        if ln.startswith('# blocks '):
            blocks = int(ln.split()[2])
        elif ln.startswith('0x'):
            lines.append(ln)
    if not blocks or not lines:
        sys.exit('period-mca: %s is no period' % path)
    triple, asm = disassemble(arch, lines)
    iters = max(100, 400000 // len(asm))
    src = '\n'.join(asm) + '\n'
    for core in cores:
        cpu, _, attr = core.partition(':')
        cmd = ['llvm-mca-19', '-mtriple=' + triple, '-mcpu=' + cpu,
               '-iterations=%d' % iters, '-summary-view', '-resource-pressure=0',
               '-instruction-info=0']
        if attr:
            cmd.append('-mattr=' + attr)
        r = subprocess.run(cmd, input=src, capture_output=True, text=True)
        m = re.search(r'^Total Cycles:\s+(\d+)', r.stdout, re.M)
        if r.returncode or not m:
            why = (r.stderr.strip().splitlines() or ['failed'])[0]
            print('%s n/a %s' % (core, why[:200]))
            continue
        print('%s %.1f' % (core, int(m.group(1)) / (iters * blocks)))


if __name__ == '__main__':
    main()
