#!/bin/bash
# Instructions one kernel call executes, counted under qemu-user: with
# -one-insn-per-tb and -d exec,nochain qemu logs every executed guest
# instruction, and -dfilter keeps those whose PC lies inside the given
# functions. Complements the static per-loop counts in asm/<arch>/README.md
# (setup included). qemu timings mean nothing; executed instructions do.
#
# Usage: tools/count-insns-qemu.sh BUILD_DIR QEMU SYSROOT MODEL ALG KERNEL LEN SYMBOL...
#   e.g. tools/count-insns-qemu.sh build-cross/loongarch64-clang qemu-loongarch64 \
#          cross/sysroots/loong64 la464 chacha20 lasx 65536 chacha20_xor_lasx
#   (the portable kernel: SYMBOL = chacha20_xor_portable chacha20_block)
# BUILD_DIR must be configured with -Dtools=true (it runs BUILD_DIR/tools/kernel_once);
# LEN is a whole number of 64-byte blocks; the first SYMBOL is KERNEL's own
# function. Prints the count. Needs llvm-nm-19.
set -euo pipefail
[ $# -ge 8 ] || { sed -n '2,14p' "$0" >&2; exit 2; }
build=$1 qemu=$2 sysroot=$3 model=$4 alg=$5 kernel=$6 len=$7
shift 7
prog=$build/tools/kernel_once
[ -x "$prog" ] || { echo "no $prog: meson configure $build -Dtools=true && ninja -C $build" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A fixed reserved address space (-R) puts the PIE at the same address on
# every run, so a first run without tracing tells where the kernel is.
run() { # extra qemu options... -> the kernel's address as kernel_once prints it
    QEMU_CPU=$model "$qemu" -R 0x100000000 -L "$sysroot" "$@" \
        "$prog" "$alg" "$kernel" "$len" 2>&1 >/dev/null | sed -n 's/^fn //p'
}
fn=$(run)
llvm-nm-19 -S "$prog" >"$tmp/nm"
# -dfilter ranges START+SIZE of each SYMBOL, moved by the load offset that
# the first SYMBOL's printed address gives.
ranges=$(for s in "$@"; do awk -v s="$s" '$4 == s {print $1, $2}' "$tmp/nm"; done |
    python3 -c '
import sys
fn, first = int(sys.argv[1], 16), sys.argv[2]
spans = [[int(x, 16) for x in l.split()] for l in sys.stdin]
off = fn - spans[0][0]
print(",".join("%#x+%#x" % (a + off, n) for a, n in spans))' "${fn:-0}" "$1")
[ -n "$fn" ] && [ -n "$ranges" ] || { echo "symbol $1 or its address not found" >&2; exit 1; }
[ "$(run -one-insn-per-tb -d exec,nochain -dfilter "$ranges" -D "$tmp/trace")" = "$fn" ] ||
    { echo "the kernel moved between runs" >&2; exit 1; }
grep -c '^Trace' "$tmp/trace" || true
