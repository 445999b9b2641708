#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Instructions one kernel call executes, counted under qemu-user: with
# -one-insn-per-tb and -d exec,nochain qemu logs every executed guest
# instruction, and -dfilter keeps those whose PC lies inside the functions
# named. Complements the static per-loop counts in asm/<arch>/README.md
# (setup included). qemu timings mean nothing; executed instructions do.
#
# Usage: tools/count-insns-qemu.sh BUILD_DIR QEMU SYSROOT MODEL ALG KERNEL LEN FUNCTION...
#   e.g. tools/count-insns-qemu.sh build-cross/loongarch64-clang qemu-loongarch64 \
#          cross/sysroots/loong64 la464 chacha20 lasx 65536 'chacha20_.*'
# FUNCTION: an extended regex for whole symbol names; 'chacha20_.*' or
# 'md5_blocks_.*' counts all of an algorithm's kernel code (entries, the
# inner kernels they route to, the portable kernel's helpers).
# BUILD_DIR must be configured with -Dtools=true (it runs BUILD_DIR/tools/kernel_once);
# LEN is a whole number of 64-byte blocks. Prints the count. Needs llvm-nm-19.
set -euo pipefail
[ $# -ge 8 ] || { sed -n '2,16p' "$0" >&2; exit 2; }
build=$1 qemu=$2 sysroot=$3 model=$4 alg=$5 kernel=$6 len=$7
shift 7
prog=$build/tools/kernel_once
[ -x "$prog" ] || { echo "no $prog: meson configure $build -Dtools=true && ninja -C $build" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A fixed reserved address space (-R) puts the PIE at the same address on
# every run, so a first run without tracing tells where it is loaded.
run() { # extra qemu options... -> main's address as kernel_once prints it
    QEMU_CPU=$model "$qemu" -R 0x100000000 -L "$sysroot" "$@" \
        "$prog" "$alg" "$kernel" "$len" 2>"$tmp/err" >/dev/null ||
        { cat "$tmp/err" >&2; exit 1; }
    sed -n 's/^main //p' "$tmp/err"
}
main=$(run)
# -dfilter ranges START+SIZE of every symbol FUNCTION matches, moved by the
# load offset.
ranges=$(llvm-nm-19 -S "$prog" | python3 -c '
import re, sys
main, pats = int(sys.argv[1], 16), [re.compile(p + "$") for p in sys.argv[2:]]
syms = [l.split() for l in sys.stdin]
syms = [(int(s[0], 16), int(s[1], 16), s[3]) for s in syms if len(s) == 4]
off = main - [a for a, _, name in syms if name == "main"][0]
print(",".join("%#x+%#x" % (a + off, n) for a, n, name in syms
               if n and any(p.match(name) for p in pats)))' "${main:-0}" "$@")
[ -n "$main" ] && [ -n "$ranges" ] || { echo "no function matches $*" >&2; exit 1; }
[ "$(run -one-insn-per-tb -d exec,nochain -dfilter "$ranges" -D "$tmp/trace")" = "$main" ] ||
    { echo "kernel_once moved between runs" >&2; exit 1; }
grep -c '^Trace' "$tmp/trace" || true
