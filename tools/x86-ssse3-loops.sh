#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# llvm-mca-19 cycles per iteration of two 4-block SSSE3 ChaCha20 round loops
# (one iteration = one double round of four blocks) on named CPU models:
# simd's `ssse3_4x` (from BUILD/simd.so) and OpenSSL's 4-block SSSE3 loop
# (from each LIBCRYPTO given; stripped libraries are fine). A loop is a
# backward `jne` after `dec %eax` whose body holds the marker: in simd.so
# inside chacha20_ssse3_4x_tail, in libcrypto `psrld $0x14,%xmm6` (the
# loop of its ChaCha20_4x; its AVX2/AVX-512 loops use VEX/EVEX forms).
#
# Usage: tools/x86-ssse3-loops.sh [BUILD [LIBCRYPTO...]]
#        (defaults: build, /usr/lib/x86_64-linux-gnu/libcrypto.so.3)
#        MCA_CPUS="..." to choose the models; KEEP=DIR keeps the loops as .s
set -eu

BUILD=${1:-build}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- /usr/lib/x86_64-linux-gnu/libcrypto.so.3
CPUS=${MCA_CPUS:-"sandybridge silvermont goldmont tremont btver2 znver1 znver3 znver4 znver5 skylake alderlake"}
MCA=${MCA:-llvm-mca-19}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# loop FUNCTION MARKER < objdump text: the loop's instructions, as llvm-mca
# input (label 1, the backward branch to it; comments and symbols dropped)
loop() {
    awk -v fn="$1" -v mark="$2" '
        function hex(h,   v, k) {
            v = 0
            for (k = 1; k <= length(h); k++) v = v * 16 + index("0123456789abcdef", substr(h, k, 1)) - 1
            return v
        }
        fn != "" && /^[0-9a-f]+ </ { inside = index($0, "<" fn ">:") > 0; next }
        fn != "" && !inside { next }
        /^ *[0-9a-f]+:\t/ {
            split($0, f, "\t"); a = f[1]; sub(/^ */, "", a); sub(/:$/, "", a)
            text = f[2]; sub(/ *#.*/, "", text); sub(/ *<[^>]*>$/, "", text)
            n++; addr[n] = hex(a); ins[n] = text
            if (text ~ mark) marks[n] = 1
            if (text ~ /^jne +[0-9a-f]+$/ && n > 1 && ins[n - 1] ~ /^dec +%eax$/) {
                split(text, j, / +/); t = hex(j[2])
                if (t < addr[n]) {
                    for (s = n; s > 1 && addr[s] > t; s--) ;
                    if (addr[s] != t) next
                    hit = 0
                    for (k = s; k <= n; k++) if (k in marks) hit = 1
                    if (!hit) next
                    print "1:"
                    for (k = s; k < n; k++) print ins[k]
                    print "jne 1b"
                    exit
                }
            }
        }'
}

objdump -d --no-show-raw-insn "$BUILD/simd.so" | loop chacha20_ssse3_4x_tail 'psrld +\$0x14' > "$TMP/simd-ssse3_4x.s"
i=0
for lib in "$@"; do
    i=$((i + 1))
    ver=$(strings "$lib" | grep -m1 -E '^OpenSSL [0-9]+\.[0-9]+\.[0-9]+ ' | awk '{print $2}')
    objdump -d --no-show-raw-insn "$lib" | loop "" 'psrld +\$0x14,%xmm6' > "$TMP/openssl-$ver-$i.s"
done

printf '%-20s %6s' loop insns
for c in $CPUS; do printf ' %11s' "$c"; done
echo
for f in "$TMP"/*.s; do
    [ -s "$f" ] || { echo "$(basename "$f" .s): no loop found" >&2; continue; }
    printf '%-20s %6d' "$(basename "$f" .s)" $(($(wc -l < "$f") - 1))
    for c in $CPUS; do
        cyc=$("$MCA" -mtriple=x86_64 -mcpu="$c" -iterations=200 "$f" 2>/dev/null |
            awk '/^Total Cycles:/ { printf "%.1f", $3 / 200 }')
        printf ' %11s' "$cyc"
    done
    echo
done
if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP" && cp "$TMP"/*.s "$KEEP"/; fi
