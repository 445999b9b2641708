#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Instructions per 64-byte block of the aarch64 kernels, the portable C
# kernels and the sysroot's OpenSSL 3.0 libcrypto ChaCha20, counted two ways:
#  1. static: loop bodies read from llvm-objdump-19 -d (tools/aarch64-loops.py);
#  2. dynamic: qemu-aarch64 -one-insn-per-tb -d exec -dfilter <code range>
#     logs one line per executed instruction inside the range; the steady
#     state per block is (count(128 KiB) - count(64 KiB)) / 1024. The calls
#     are BUILD_DIR/tools/kernel_once (counted by tools/count-insns-qemu.sh)
#     and BUILD_DIR/bench/evp_chacha20_once (OpenSSL's code).
# Usage: tools/aarch64-insn-count.sh [BUILD_DIR]   (default build-cross/aarch64-gcc,
#        made by scripts/test-cross.sh aarch64, then configured with
#        -Dtools=true and rebuilt). Output goes to stdout.
set -euo pipefail
set -f # the regexes below are not file patterns

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-$ROOT/build-cross/aarch64-gcc}
SYSROOT=$ROOT/cross/sysroots/arm64
LIBCRYPTO=$SYSROOT/usr/lib/aarch64-linux-gnu/libcrypto.so.3
WORK=$BUILD/insn-count
OBJDUMP=llvm-objdump-19
LOOPS=$ROOT/tools/aarch64-loops.py
mkdir -p "$WORK"

echo "## static: loops of each kernel in $(basename "$BUILD")/libsimdkernels.a"
# Every kernel function: entries, what they route to, portable helpers.
for f in $(llvm-nm-19 --defined-only "$BUILD/libsimdkernels.a" |
    awk '$3 ~ /^(chacha20_|md5_blocks_)/ {print $3}' | sort -u); do
    echo "# $f ($($OBJDUMP -d "$BUILD/libsimdkernels.a" |
        awk -v f="<$f>:" '$2 == f {p = 1; next} /^$/ {p = 0} p && /^ /' | wc -l) instructions)"
    $OBJDUMP -d "$BUILD/libsimdkernels.a" | python3 "$LOOPS" "$f"
done

# OpenSSL 3.0's aarch64 ChaCha20 is not exported: find its sigma constant
# ("expand 32-byte k", kept in .text next to the code) and take the code from
# there to the first ret after the last adr that loads it (its three
# functions: ChaCha20_ctr32, ChaCha20_neon, ChaCha20_512_neon).
sigma_off=$(python3 -c "import sys; print(open(sys.argv[1],'rb').read().find(b'expand 32-byte k'))" "$LIBCRYPTO")
read -r text_addr text_off < <(readelf -SW "$LIBCRYPTO" |
    awk '$2 == ".text" {print "0x"$4, "0x"$5}')
sigma=$((sigma_off - text_off + text_addr))
$OBJDUMP -d --start-address=$sigma --stop-address=$((sigma + 0x3000)) "$LIBCRYPTO" >"$WORK/ossl.dis"
last_adr=$(grep -E "adr\s+x[0-9]+, $(printf '0x%x' $sigma)" "$WORK/ossl.dis" | tail -n1 | awk '{print $1}' | tr -d :)
ossl_end=$(awk -v a="$last_adr" 'found && $3 == "ret" {print $1; exit} $1 == a":" {found = 1}' "$WORK/ossl.dis" | tr -d :)
ossl_lo=$sigma ossl_hi=$((0x$ossl_end))
echo "## static: OpenSSL libcrypto.so.3 $(printf '%#x..%#x' $ossl_lo $ossl_hi) (sigma at $(printf '%#x' $sigma))"
$OBJDUMP -d --start-address=$ossl_lo --stop-address=$((ossl_hi + 4)) "$LIBCRYPTO" | python3 "$LOOPS"

# ---------------------------------------------------------------- dynamic
EVP=$BUILD/bench/evp_chacha20_once
[ -x "$EVP" ] || { echo "no $EVP: meson configure $BUILD -Dtools=true && ninja -C $BUILD" >&2; exit 2; }

kernel() { # LEN cpu alg kernel symbol... -> instructions one kernel call runs
    local len=$1 cpu=$2 alg=$3 name=$4; shift 4
    bash "$ROOT/tools/count-insns-qemu.sh" "$BUILD" qemu-aarch64 "$SYSROOT" \
        "$cpu" "$alg" "$name" "$len" "$@"
}
# libcrypto's load address under qemu with a fixed reserved VA (-R): stable.
base=$(QEMU_CPU=cortex-a72 qemu-aarch64 -R 0x100000000 -L "$SYSROOT" \
    "$EVP" 64 2>&1 >/dev/null | sed -n 's/libcrypto at //p')
load=$((base + 0)) # the .so's vaddr 0 maps at base
openssl() { # LEN cpu -> instructions one EVP update runs in OpenSSL's ChaCha20
    QEMU_CPU=$2 qemu-aarch64 -R 0x100000000 -L "$SYSROOT" -one-insn-per-tb \
        -d exec,nochain -D "$WORK/trace" \
        -dfilter "$(printf '%#x..%#x' $((load + ossl_lo)) $((load + ossl_hi)))" \
        "$EVP" "$1" >/dev/null 2>&1
    grep -c '^Trace' "$WORK/trace" || true
}
per_block() { # kernel|openssl args... (LEN put first) -> steady-state per block
    local f=$1 a b; shift
    a=$($f 65536 "$@") b=$($f 131072 "$@")
    echo "scale=2; ($b - $a) / 1024" | bc
}
# kernel_once's arguments and the code counted: all of an algorithm's kernel
# functions, so whatever an entry hands work to (sve2 to neon for short
# inputs, the portable kernel to its block function) is counted with it.
PORTABLE="chacha20 portable chacha20_.*"
NEON="chacha20 neon chacha20_.*"
SVE2="chacha20 sve2 chacha20_.*"
SVE="chacha20 sve chacha20_.*|simd_aarch64_sve_bytes"

echo "## dynamic (qemu): instructions per 64-byte block, steady state (128 KiB - 64 KiB)"
printf '%-34s %s\n' "portable ChaCha20 (cortex-a72)" "$(per_block kernel cortex-a72 $PORTABLE)"
printf '%-34s %s\n' "neon (cortex-a72)" "$(per_block kernel cortex-a72 $NEON)"
for vl in 16 32 64 256; do
    printf '%-34s %s\n' "sve2 VL $((vl * 8))" \
        "$(per_block kernel max,sve-default-vector-length=$vl $SVE2)"
done
printf '%-34s %s\n' "sve VL 256 (neoverse-v1)" "$(per_block kernel neoverse-v1 $SVE)"
printf '%-34s %s\n' "OpenSSL 3.0 libcrypto (cortex-a72)" "$(per_block openssl cortex-a72)"
printf '%-34s %s\n' "portable MD5" "$(per_block kernel cortex-a72 md5 portable md5_blocks_.*)"
printf '%-34s %s\n' "md5 aarch64" "$(per_block kernel cortex-a72 md5 aarch64 md5_blocks_.*)"

# Whole blocks only: kernels take nothing else (the glue keeps partial blocks).
echo "## dynamic (qemu): instructions for one call of LEN bytes"
printf '%-7s %9s %9s %9s %9s %9s %9s %9s\n' len portable neon sve-256 sve2-128 sve2-512 sve2-2048 openssl
for n in 64 128 256 1024 16384; do
    printf '%-7s %9s %9s %9s %9s %9s %9s %9s\n' $n \
        "$(kernel $n cortex-a72 $PORTABLE)" \
        "$(kernel $n cortex-a72 $NEON)" \
        "$(kernel $n neoverse-v1 $SVE)" \
        "$(kernel $n neoverse-n2 $SVE2)" \
        "$(kernel $n max,sve-default-vector-length=64 $SVE2)" \
        "$(kernel $n max,sve-default-vector-length=256 $SVE2)" \
        "$(openssl $n cortex-a72)"
done
