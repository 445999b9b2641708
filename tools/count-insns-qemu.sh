#!/bin/bash
# Instructions one kernel call executes, counted under qemu-user: with
# -one-insn-per-tb and -d exec,nochain qemu logs every executed guest
# instruction; the lines whose PC lies inside the given functions are counted.
# Complements the static per-loop counts in asm/<arch>/README.md (setup
# included). qemu timings mean nothing; executed instructions do.
#
# Usage: tools/count-insns-qemu.sh BUILD_DIR QEMU SYSROOT MODEL ALG KERNEL LEN SYMBOL...
#   e.g. tools/count-insns-qemu.sh build-cross/loongarch64-clang qemu-loongarch64 \
#          cross/sysroots/loong64 la464 chacha20 lasx 65536 chacha20_xor_lasx
#   (the portable kernel: SYMBOL = chacha20_xor_portable chacha20_block)
# BUILD_DIR must be configured with -Dtools=true (it runs BUILD_DIR/tools/kernel_once);
# LEN is a whole number of 64-byte blocks. Prints the count. Needs llvm-nm-19.
set -euo pipefail
[ $# -ge 8 ] || { sed -n '2,13p' "$0" >&2; exit 2; }
build=$1 qemu=$2 sysroot=$3 model=$4 alg=$5 kernel=$6 len=$7
shift 7
prog=$build/tools/kernel_once
[ -x "$prog" ] || { echo "no $prog: meson configure $build -Dtools=true && ninja -C $build" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

QEMU_CPU=$model "$qemu" -L "$sysroot" -one-insn-per-tb -d exec,nochain \
    -D "$tmp/trace" "$prog" "$alg" "$kernel" "$len" >/dev/null 2>"$tmp/fn"
fn=$(sed -n 's/^fn 0x//p' "$tmp/fn")
# The first symbol named is the kernel whose run-time address was printed;
# the load offset of the PIE follows from it.
llvm-nm-19 -S "$prog" >"$tmp/nm"
base=$(awk -v s="$1" '$4 == s {print $1}' "$tmp/nm")
ranges=$(for s in "$@"; do awk -v s="$s" '$4 == s {print $1, $2}' "$tmp/nm"; done)
[ -n "$base" ] && [ -n "$fn" ] || { echo "symbol $1 or its address not found" >&2; exit 1; }
awk -v fn="$fn" -v base="$base" -v ranges="$ranges" '
function hex(h,  i, v) {
    v = 0; h = tolower(h); sub(/^0x/, "", h)
    for (i = 1; i <= length(h); i++) v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
    return v
}
BEGIN {
    off = hex(fn) - hex(base); n = split(ranges, r, " ")
    for (i = 1; i <= n; i += 2) { lo[i] = hex(r[i]) + off; hi[i] = lo[i] + hex(r[i + 1]) }
}
# "Trace N: HOST [CS_BASE/PC/FLAGS/CFLAGS] ..."
/^Trace/ {
    split($4, f, "/"); pc = hex(f[2])
    for (i = 1; i <= n; i += 2) if (pc >= lo[i] && pc < hi[i]) { c++; break }
}
END { print c + 0 }' "$tmp/trace"
