#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# docs/provider-simd.7 renders without a warning (groff -man -ww, as man
# and lintian run it), and names every override variable and configuration
# key of asm/arch.h's algorithm list and every provider parameter of
# provider/provider.c, so a new algorithm or parameter cannot be missing
# from it. Skipped without groff.
# Usage: test_manpage.sh SOURCE_ROOT
set -eu
root=$1
page=$root/docs/provider-simd.7
. "$root/test/support/testlib.sh"
command -v groff >/dev/null || skip_all "groff is not installed"

if warnings=$(groff -man -ww -z "$page" 2>&1) && [ -z "$warnings" ]; then
    passed "provider-simd.7 renders without warnings"
else
    failed "provider-simd.7 renders without warnings"
    printf '%s\n' "$warnings" | diag
fi

# The page as a reader sees it: no fonts, no overstriking, no hyphenation
# at line ends, one long line per paragraph so no name is split.
text=$(groff -man -Tascii -P-c -P-b -P-u -rLL=1000n -rHY=0 "$page" 2>/dev/null |
    sed 's/  */ /g')
missing=""
has() {
    printf '%s\n' "$text" | grep -qF -- "$1" || missing="$missing '$1'"
}
# The verdict on the names asked for (has) since the last verdict.
named() { # what
    if [ -z "$missing" ]; then
        passed "provider-simd.7 names $1"
    else
        failed "provider-simd.7 names $1" "missing:$missing"
    fi
    missing=""
}
# X(ID, key, "Title") rows of SIMD_ALGORITHMS: SIMDPROV_ID, key = , simd.key
algs=$(sed -n 's/^ *X(\([A-Z0-9_]*\), \([a-z0-9_]*\),.*/\1 \2/p' "$root/asm/arch.h")
[ -n "$algs" ] || bail "no algorithms found in asm/arch.h"
n=0 np=0
# The keys provider.c reads besides the per-algorithm ones (SIMDPROV_LEVEL,
# SIMDPROV_STEP_ASIDE): each with its config key, the name in lower case.
keys=$(grep -o '^ *"SIMDPROV_[A-Z_]*",' "$root/provider/provider.c" |
    sed 's/^ *"SIMDPROV_\([A-Z_]*\)",/\1/')
[ -n "$keys" ] || bail "no SIMDPROV_ keys found in provider/provider.c"
for k in $keys; do
    has "SIMDPROV_$k"
    has "$(printf '%s' "$k" | tr 'A-Z' 'a-z') = "
done
while read -r id key; do
    has "SIMDPROV_$id"
    has "$key = "
    has "simd.$key"
    n=$((n + 1))
done <<EOF
$algs
EOF
named "the override keys of $n algorithms"
params=$(sed -n 's/^#define PARAM_[A-Z_]* "\(simd\.[a-z_]*\)"$/\1/p' \
    "$root/provider/provider.c")
[ -n "$params" ] || bail "no simd.* parameters found in provider/provider.c"
while read -r p; do
    has "$p"
    np=$((np + 1))
done <<EOF
$params
EOF
named "its $np simd.* parameters"
summary
