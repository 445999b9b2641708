#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Draws `simdprov-bench -o csv` runs as an SVG chart: OpenSSL's default
# provider (side A) against simd (side B) per message size, one panel each
# for ChaCha20 (the tcrypt-shaped update on a running context), the TLS 1.3
# ChaCha20-Poly1305 seal of one record, the POLY1305 MAC and MD5 (init,
# update, final). Each point is a side's throughput, each label the median
# per-round ratio A/B (above 1: simd is faster); with several runs of the
# same command, every figure is the median over the runs.
#
#   tools/plot-bench.sh OUT.svg RUN.csv [RUN.csv ...]
#
# The title is taken from the files: the "# cpu:" line (CPUID vendor,
# family, model), OpenSSL's version, simd's kernels, the run's date, any
# OPENSSL_ia32cap cap and the regime counts, so the chart can be redrawn
# from the CSVs alone (docs/perf/ keeps them next to the charts).
#
# It lives in tools/, with the other scripts that turn the bench's or
# qemu's output into figures for the docs; bench/ holds the benchmark's C
# sources that meson builds. Needs gnuplot; when it is missing,
# `sh scripts/deps.sh draw` installs it.
set -eu

[ $# -ge 2 ] || { echo "usage: $0 OUT.svg RUN.csv [RUN.csv ...]" >&2; exit 2; }
out=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)

if ! command -v gnuplot >/dev/null 2>&1; then
    sh "$root/scripts/deps.sh" draw
    command -v gnuplot >/dev/null 2>&1 ||
        { echo "$0: gnuplot missing (sh scripts/deps.sh draw installs it)" >&2; exit 1; }
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One data file per panel (bytes, A ns, B ns, A MB/s, B MB/s, ratio, x
# label: medians over the runs), and the title lines.
awk -v dir="$tmp" -v nruns=$# '
function median(list,   n, v, i, j, t) {
    n = split(list, v, " ")
    for (i = 2; i <= n; i++)
        for (j = i; j > 1 && v[j - 1] + 0 > v[j] + 0; j--) {
            t = v[j]; v[j] = v[j - 1]; v[j - 1] = t
        }
    return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
}
function panel(shape) {
    if (shape ~ /^ChaCha20 update [0-9]+$/) return "chacha20"
    if (shape ~ /^aead tls13 seal [0-9]+$/) return "seal"
    if (shape ~ /^poly1305 [0-9]+$/) return "poly1305"
    if (shape ~ /^MD5 [0-9]+[KM]?$/) return "md5"
    return ""
}
function size_label(b) {
    if (b >= 1048576 && b % 1048576 == 0) return (b / 1048576) "M"
    if (b >= 1024 && b % 1024 == 0) return (b / 1024) "K"
    return b
}
FNR == 1 { file++ }
/^# cpu: / { sub(/^# cpu: /, ""); cpu = $0; next }
/^# run: / {
    sub(/^# run: /, "")
    if (date == "") date = substr($0, 1, 10)
    if (match($0, /OPENSSL_ia32cap=[^ ]+/)) cap = substr($0, RSTART, RLENGTH)
    next
}
/^# OpenSSL / { ossl = $2 " " $3; next }
/^# B = / { sub(/^# B = /, ""); side_b = $0; next }
/^# regime: / { quiet += $3; busy += $6; next }
/^#/ || /^kind,/ { next }
{
    split($0, f, ",")
    p = panel(f[3])
    if (f[1] != "ab" || p == "") next
    key = p SUBSEP f[4]
    if (!(key in a)) { order[++n] = key; pan[key] = p; bytes[key] = f[4] }
    a[key] = a[key] " " f[5]; b[key] = b[key] " " f[6]; r[key] = r[key] " " f[7]
}
END {
    for (i = 1; i <= n; i++) {
        k = order[i]
        an = median(a[k]); bn = median(b[k])
        printf("%d %.1f %.1f %.2f %.2f %.4f %s\n", bytes[k], an, bn,
            bytes[k] / an * 1e3, bytes[k] / bn * 1e3, median(r[k]),
            size_label(bytes[k])) > (dir "/" pan[k] ".dat")
    }
    capped = cap == "" ? "" : " (" cap ")"
    runs = nruns > 1 ? "runs" : "run"
    printf("%s, %s\n", cpu, ossl) > (dir "/title")
    printf("default provider vs %s%s; %s; median of %d %s, rounds %d quiet / %d contended\n",
        side_b, capped, date, nruns, runs, quiet, busy) > (dir "/title")
}' "$@"

# The panels the runs have rows for (a -f run may have one or two).
panels="" n=0
for p in chacha20 seal poly1305 md5; do
    [ -s "$tmp/$p.dat" ] && panels="$panels $p" n=$((n + 1))
done
[ "$n" -gt 0 ] || { echo "$0: no ChaCha20 update, TLS 1.3 seal, POLY1305 or MD5 rows in $*" >&2; exit 1; }
rows=$(((n + 1) / 2)) cols=2
[ "$n" -gt 1 ] || cols=1

title1=$(sed -n 1p "$tmp/title" | sed 's/"/\\"/g')
title2=$(sed -n 2p "$tmp/title" | sed 's/"/\\"/g')

# A plain SVG: fixed size, a generic font family (none embedded or
# fetched), no script; GitHub shows it as an image. Sizes are categories,
# evenly spaced; a bar below the dashed line at 1 (a size where simd is
# slower) is drawn in orange.
gnuplot <<EOF
set terminal svg size 980,$((rows * 330 + 40)) font "sans-serif,12" noenhanced background "#ffffff"
set output "$out"
set multiplot layout $rows,$cols title "$title1\n$title2\nbars: default's ns per message over simd's (median of per-round ratios); above 1, simd is faster" font "sans-serif,13"
set style fill solid 0.85 noborder
set boxwidth 0.6
set grid ytics lc rgb "#e0e0e0"
unset key
set ylabel "default ns / simd ns"
set xlabel "bytes per message"
set yrange [0:*]
set offsets 0.6, 0.6, graph 0.12, 0
set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#444444" front
colour(x) = x >= 1 ? 0x1f6fb4 : 0xe07b00
ratio(x) = sprintf("%.2fx", x)
do for [p in "${panels# }"] {
    name = p eq "chacha20" ? "ChaCha20: one update on a keyed context" : \
           p eq "seal" ? "ChaCha20-Poly1305: TLS 1.3 record seal" : \
           p eq "poly1305" ? "POLY1305 MAC: init, update, final" : \
                             "MD5: init, update, final"
    set title name
    f = "$tmp/" . p . ".dat"
    plot f using 0:6:(colour(\$6)):xticlabels(7) with boxes lc rgb variable, \
         f using 0:6:(ratio(\$6)) with labels offset 0,0.8 font "sans-serif,10"
}
unset multiplot
EOF
echo "$out"
