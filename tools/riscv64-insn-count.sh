#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Instructions per 64-byte block, in steady state, of the riscv64 kernels and
# of the portable C kernels compiled for the same targets, counted from the
# disassembly (qemu timings say nothing about real cores). Prints the
# markdown table that asm/riscv64/README.md carries.
#
# Usage: tools/riscv64-insn-count.sh [BUILD_DIR]   (default build-cross/riscv64-clang)
# Needs: llvm-objdump-19, clang-19, the riscv64 sysroot (scripts/cross-setup.sh).
#
# How: every backward branch in a function closes a loop; a loop's count is
# the instructions from its target to the branch, inclusive. The shipped
# code is read from the linked simd.so (the build compiles the C for the
# baseline rv64gc); the portable C for rv64gc + Zbb is compiled here with
# the build's flags plus -march=rv64gc_zbb (-mno-relax so the object's
# branches are resolved). Trip counts are not guessed: the ChaCha20 round
# loop's trip count is 320 / (32-bit adds in its body), since a block has 80
# quarter rounds of 4 adds, which holds however far the compiler unrolled.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-$ROOT/build-cross/riscv64-clang}
SYSROOT=$ROOT/cross/sysroots/riscv64
OBJDUMP=llvm-objdump-19
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

[ -f "$BUILD/simd.so" ] || { echo "no $BUILD/simd.so: build riscv64 first" >&2; exit 1; }

# loops OBJ FN -> "total N" then one "loop START END COUNT ADDS" per
# backward branch (ADDS: add/addw/vadd.vv in the range).
loops() {
    "$OBJDUMP" -d --no-show-raw-insn --mattr=+c,+d,+zbb,+v,+zvkb \
        --disassemble-symbols="$2" "$1" | awk '
        function hex(h,   v, i) { # mawk has no strtonum
            v = 0; h = tolower(h); sub(/^0x/, "", h)
            for (i = 1; i <= length(h); i++)
                v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
            return v
        }
        /^ *[0-9a-f]+:/ {
            a = hex(substr($1, 1, length($1) - 1))
            addr[n] = a; op[n] = $2; line[n] = $0; n++
        }
        END {
            print "total", n
            for (i = 0; i < n; i++) {
                if (op[i] !~ /^(b|j$)/ || !match(line[i], /0x[0-9a-f]+ </)) continue
                t = hex(substr(line[i], RSTART, RLENGTH - 2))
                if (t > addr[i]) continue
                c = 0; adds = 0
                for (j = 0; j < n; j++)
                    if (addr[j] >= t && addr[j] <= addr[i]) {
                        c++
                        if (op[j] ~ /^(add|addw|vadd\.vv)$/) adds++
                    }
                printf "loop %d %d %d %d\n", t, addr[i], c, adds
            }
        }'
}

# The largest loop closed by a conditional branch (a kernel's block loop).
biggest() { loops "$1" "$2" | awk '$1 == "loop" && $4 > m { m = $4 } END { print m }'; }

# MD5 assembly: two block loops, aligned first (lower address).
md5_asm() { # obj fn -> "aligned unaligned"
    loops "$1" "$2" | awk '$1 == "loop" && $4 > 500 && !seen[$3]++ { print $4 }' |
        head -2 | tr '\n' ' '
}

# Portable ChaCha20: the per-block loop calls chacha20_block or inlines it;
# an inlined round loop (the biggest loop inside the block loop) runs
# 320 / its adds times.
chacha_portable() { # obj -> per block
    local outer blk total inner adds
    outer=$(loops "$1" chacha20_xor_portable | awk '
        BEGIN { o = 0; n = 0 }
        $1 == "loop" { c[++k] = $4; s[k] = $2; e[k] = $3; a[k] = $5 }
        END {
            for (i = 1; i <= k; i++) if (c[i] > c[o]) o = i
            for (i = 1; i <= k; i++)
                if (i != o && s[i] >= s[o] && e[i] <= e[o] && c[i] > c[n]) n = i
            print n ? c[o] - c[n] + c[n] * 320 / a[n] : c[o]
        }')
    if "$OBJDUMP" -t "$1" | grep -q ' chacha20_block$'; then
        read -r total < <(loops "$1" chacha20_block | awk '$1 == "total" { print $2 }')
        read -r inner adds < <(loops "$1" chacha20_block |
            awk '$1 == "loop" && $4 > m { m = $4; a = $5 } END { print m, a }')
        blk=$((total - inner + inner * 320 / adds))
    else
        blk=0
    fi
    echo $((outer + blk))
}

# RVV ChaCha20: per batch of vl blocks = batch loop - round loop - XOR loop
# + 10 * round loop + 2 * XOR loop (the XOR loop moves VLEN bytes per pass at
# e8/m8 and a batch is 64 * VLEN/32 = 2 * VLEN bytes). Per block: / (VLEN/32).
chacha_rvv() { # obj fn -> per batch
    loops "$1" "$2" | awk '
        $1 == "loop" { c[++k] = $4; s[k] = $2; e[k] = $3 }
        END {
            for (i = 1; i <= k; i++) if (c[i] > big) { big = c[i]; b = i }
            for (i = 1; i <= k; i++) {
                if (i == b || s[i] < s[b] || e[i] > e[b]) continue
                if (c[i] > 50) rounds = c[i]; else xor = c[i]
            }
            print big - rounds - xor + 10 * rounds + 2 * xor
        }'
}

SO=$BUILD/simd.so
flags=(--target=riscv64-linux-gnu --sysroot="$SYSROOT" -std=c11 -O3 -fPIC -mno-relax)
for k in md5 chacha20; do
    clang-19 "${flags[@]}" -march=rv64gc_zbb -c "$ROOT/asm/portable/${k}_portable.c" -o "$TMP/${k}_zbb.o"
done

p_md5=$(biggest "$SO" md5_blocks_portable)
p_md5_zbb=$(biggest "$TMP/md5_zbb.o" md5_blocks_portable)
read -r rv64_a rv64_u <<<"$(md5_asm "$SO" md5_blocks_rv64)"
read -r zbb_a zbb_u <<<"$(md5_asm "$SO" md5_blocks_zbb)"
p_cc=$(chacha_portable "$SO")
p_cc_zbb=$(chacha_portable "$TMP/chacha20_zbb.o")
rvv=$(chacha_rvv "$SO" chacha20_xor_rvv)
zvkb=$(chacha_rvv "$SO" chacha20_xor_rvv_zvkb)

pct() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.0f%%", (a / b - 1) * 100 }'; }

echo "| kernel | target | instructions / 64-byte block | vs portable C, same target |"
echo "|---|---|---|---|"
echo "| md5 portable C | rv64gc | $p_md5 | |"
echo "| md5_blocks_rv64 | rv64gc | $rv64_a aligned, $rv64_u unaligned | $(pct "$rv64_a" "$p_md5"), $(pct "$rv64_u" "$p_md5") |"
echo "| md5 portable C | rv64gc_zbb | $p_md5_zbb | |"
echo "| md5_blocks_zbb | rv64gc_zbb | $zbb_a aligned, $zbb_u unaligned | $(pct "$zbb_a" "$p_md5_zbb"), $(pct "$zbb_u" "$p_md5_zbb") (vs rv64gc C: $(pct "$zbb_a" "$p_md5")) |"
echo "| chacha20 portable C | rv64gc | $p_cc | |"
echo "| chacha20 portable C | rv64gc_zbb | $p_cc_zbb | |"
for vlen in 128 256 512 1024; do
    lanes=$((vlen / 32))
    echo "| chacha20_xor_rvv, VLEN $vlen | rv64gcv | $((rvv / lanes)) ($rvv per $lanes-block batch) | $(pct $((rvv / lanes)) "$p_cc_zbb") |"
done
for vlen in 128 256 512 1024; do
    lanes=$((vlen / 32))
    echo "| chacha20_xor_rvv_zvkb, VLEN $vlen | rv64gcv_zvkb | $((zvkb / lanes)) ($zvkb per $lanes-block batch) | $(pct $((zvkb / lanes)) "$p_cc_zbb") |"
done
