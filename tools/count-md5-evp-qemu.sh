#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Instructions one EVP MD5 update of LEN bytes executes through a provider,
# glue included: everything the process runs under qemu-user
# (-one-insn-per-tb -d exec,nochain, no filter) for bench/evp_md5_once LEN
# minus the same for LEN 0. Loading, fetching, init and final are the same
# in both runs (LEN a multiple of 64, so the final pads alike), so the
# difference is the update: libcrypto's EVP layer, the provider's update,
# its buffering and its block function, wherever they run (libc included).
# Slow: the whole process is traced (about 6 million instructions at start).
#
# Usage: tools/count-md5-evp-qemu.sh BUILD QEMU SYSROOT MODEL PROVIDER LEN [PROG]
#   e.g. tools/count-md5-evp-qemu.sh build-cross/loongarch64-clang \
#          qemu-loongarch64 cross/sysroots/loong64 la464 default 16384
# PROVIDER: default (the sysroot's libcrypto) or simd (BUILD/simd.so).
# PROG: evp_md5_once built against SYSROOT's libcrypto when that is not
# the one BUILD used (another release); default BUILD/bench/evp_md5_once,
# which needs -Dtools=true. Prints the count.
set -euo pipefail
[ $# -eq 6 ] || [ $# -eq 7 ] || { sed -n '2,19p' "$0" >&2; exit 2; }
build=$(cd "$1" && pwd) qemu=$2 sysroot=$3 model=$4 prov=$5 len=$6
prog=${7:-$build/bench/evp_md5_once}
[ -x "$prog" ] || { echo "no $prog: meson configure $1 -Dtools=true && ninja -C $1" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkfifo "$tmp/log"

count() { # len -> instructions of the whole run
    grep -c '^Trace' <"$tmp/log" >"$tmp/n" &
    env -u OPENSSL_CONF OPENSSL_MODULES="$build" QEMU_CPU="$model" "$qemu" \
        -R 0x100000000 -L "$sysroot" -one-insn-per-tb -d exec,nochain -D "$tmp/log" \
        "$prog" "$1" "$prov" >/dev/null
    wait
    cat "$tmp/n"
}
a=$(count 0)
b=$(count "$len")
echo $((b - a))
