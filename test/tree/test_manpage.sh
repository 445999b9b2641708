#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# docs/provider-simd.7 renders without a warning (groff -man -ww, as man
# and lintian run it), and names every override variable and configuration
# key of asm/arch.h's algorithm list and every provider parameter of
# provider/provider.c, so a new algorithm or parameter cannot be missing
# from it. Skipped (exit 77) without groff.
# Usage: test_manpage.sh SOURCE_ROOT
set -eu
root=$1
page=$root/docs/provider-simd.7
command -v groff >/dev/null || { echo "skip: groff is not installed"; exit 77; }

bad=0
warnings=$(groff -man -ww -z "$page" 2>&1) || bad=1
if [ -n "$warnings" ]; then
    printf '%s\n' "$warnings"
    bad=1
fi

# The page as a reader sees it: no fonts, no overstriking, no hyphenation
# at line ends, one long line per paragraph so no name is split.
text=$(groff -man -Tascii -P-c -P-b -P-u -rLL=1000n -rHY=0 "$page" 2>/dev/null |
    sed 's/  */ /g')
has() {
    printf '%s\n' "$text" | grep -qF -- "$1" || {
        echo "provider-simd.7 does not name $1"
        bad=1
    }
}
# X(ID, key, "Title") rows of SIMD_ALGORITHMS: SIMDPROV_ID, key = , simd.key
algs=$(sed -n 's/^ *X(\([A-Z0-9_]*\), \([a-z0-9_]*\),.*/\1 \2/p' "$root/asm/arch.h")
[ -n "$algs" ] || { echo "no algorithms found in asm/arch.h"; exit 1; }
n=0 np=0
has "SIMDPROV_LEVEL"
has "level = "
while read -r id key; do
    has "SIMDPROV_$id"
    has "$key = "
    has "simd.$key"
    n=$((n + 1))
done <<EOF
$algs
EOF
params=$(sed -n 's/^#define PARAM_[A-Z]* "\(simd\.[a-z_]*\)"$/\1/p' \
    "$root/provider/provider.c")
[ -n "$params" ] || { echo "no simd.* parameters found in provider/provider.c"; exit 1; }
while read -r p; do
    has "$p"
    np=$((np + 1))
done <<EOF
$params
EOF
[ "$bad" = 0 ] && echo "provider-simd.7: no warnings; names the keys of $n algorithms and $np simd.* parameters"
exit "$bad"
