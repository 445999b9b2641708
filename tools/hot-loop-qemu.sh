#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# The code a program runs exactly TIMES times, as contiguous runs of guest
# PCs under qemu-user's instruction log (-one-insn-per-tb -d exec,nochain).
# For a stripped library such as a sysroot's libcrypto: make the program
# run the loop of interest a known number of times, and the run of that
# length is the loop body, with its size in instructions (the branch
# included). Prints "START END INSTRUCTIONS" per run, runtime addresses.
# Assumes fixed 4-byte instructions (ppc64le, aarch64, loongarch64).
#
# Usage: tools/hot-loop-qemu.sh QEMU SYSROOT MODEL TIMES PROGRAM [ARG...]
#   e.g. OpenSSL's MD5 block loop over 100 blocks (+1 for the padding):
#   head -c 6400 /dev/zero >/tmp/z
#   tools/hot-loop-qemu.sh qemu-ppc64le cross/sysroots/ppc64el power9 101 \
#       cross/sysroots/ppc64el/usr/bin/openssl dgst -md5 /tmp/z
set -euo pipefail
[ $# -ge 5 ] || { sed -n '2,16p' "$0" >&2; exit 2; }
qemu=$1 sysroot=$2 model=$3 times=$4
shift 4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
env -u OPENSSL_CONF -u OPENSSL_MODULES QEMU_CPU="$model" "$qemu" -L "$sysroot" \
    -one-insn-per-tb -d exec,nochain -D "$tmp/trace" "$@" >/dev/null
# "Trace N: HOST [CPU/PC/FLAGS/...]": the guest PC is the second field.
sed -n 's/^Trace [0-9]*: [^[]*\[[0-9a-f]*\/\([0-9a-f]*\)\/.*/\1/p' "$tmp/trace" |
    sort | uniq -c | awk -v t="$times" '$1 == t { print $2 }' |
    python3 -c '
import sys
pcs = sorted(int(l, 16) for l in sys.stdin)
run = []
for pc in pcs + [None]:
    if run and (pc is None or pc != run[-1] + 4):
        print("%#x %#x %d" % (run[0], run[-1], len(run)))
        run = []
    if pc is not None:
        run.append(pc)'
