#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# simdprov-bench against each OpenSSL release's default provider, at each
# x86_64 level, on this machine: one run per (release, level), its CSV kept,
# and one markdown table of default/simd per shape, cells below 0.98 in
# bold. The releases run through the wrappers scripts/test-releases.sh
# writes (BUILD/releases/run-RELEASE.sh, the sysroots' loader and
# libcrypto); 4.0 (libcrypto.so.4) takes the benchmark built against its
# headers (BUILD-ossl4, made by the same script). One simd.so, BUILD's,
# serves every release.
#
# Levels: best (nothing capped), avx2 (OpenSSL without AVX-512, simd at
# avx2), ssse3 (OpenSSL without AVX2 and AVX-512, simd at ssse3): the
# OPENSSL_ia32cap masks of docs/performance.md. A figure is the ratio of
# one run (the median of its per-round ratios), as the benchmark prints it.
#
# Usage: tools/bench-releases.sh [BUILD]   (default: build)
# Env: BENCH_RELEASES  (default "host trixie-security sid experimental")
#      BENCH_LEVELS    (default "best avx2 ssse3")
#      BENCH_ARGS      (default "-r 31 -t 2"; -f TEXT to keep some shapes)
#      BENCH_OUT       (default BUILD/bench-releases)
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$(cd "${1:-$ROOT/build}" && pwd)
RELEASES=${BENCH_RELEASES:-host trixie-security sid experimental}
LEVELS=${BENCH_LEVELS:-best avx2 ssse3}
ARGS=${BENCH_ARGS:--r 31 -t 2}
OUT=${BENCH_OUT:-$BUILD/bench-releases}
mkdir -p "$OUT"

die() { echo "bench-releases: $*" >&2; exit 1; }
[ "$(uname -m)" = x86_64 ] || die "the levels here are x86_64's"
ninja -C "$BUILD" simd.so bench/simdprov-bench >/dev/null ||
    die "building simd.so and the benchmark in $BUILD failed"
case " $RELEASES " in *" experimental "*)
    [ -f "$BUILD-ossl4/build.ninja" ] ||
        die "no $BUILD-ossl4: scripts/test-releases.sh $BUILD first"
    ninja -C "$BUILD-ossl4" bench/simdprov-bench >/dev/null ||
        die "building the benchmark in $BUILD-ossl4 failed" ;;
esac

for r in $RELEASES; do
    bench=$BUILD/bench/simdprov-bench run=""
    if [ "$r" != host ]; then
        run=$BUILD/releases/run-$r.sh
        [ -x "$run" ] || die "no $run: scripts/test-releases.sh $BUILD first"
        if [ "$r" = experimental ]; then
            bench=$BUILD-ossl4/bench/simdprov-bench
        fi
    fi
    [ -x "$bench" ] || die "no $bench"
    for l in $LEVELS; do
        case $l in
            best) cap="" side="simd" ;;
            avx2) cap=":~0x80210000" side="simd:level=avx2" ;;
            ssse3) cap=":~0x80210020" side="simd:level=ssse3" ;;
            *) die "unknown level $l (best, avx2, ssse3)" ;;
        esac
        csv=$OUT/$r-$l.csv
        echo "bench-releases: $r, $l" >&2
        # shellcheck disable=SC2086 # ARGS and run are word lists
        env ${cap:+OPENSSL_ia32cap=$cap} OPENSSL_MODULES="$BUILD" \
            $run "$bench" -b "$side" $ARGS -o csv >"$csv" ||
            die "the run $r $l failed (see $csv)"
    done
done

# The table: one column per run, in the order run; a shape a run left
# out is "-".
# shellcheck disable=SC2086 # one word per release and level
python3 - "$OUT" $RELEASES -- $LEVELS <<'EOF'
import csv, os, sys
out = sys.argv[1]
i = sys.argv.index("--")
releases, levels = sys.argv[2:i], sys.argv[i + 1:]
cols, rows, order = [], {}, []
for r in releases:
    for l in levels:
        path = os.path.join(out, f"{r}-{l}.csv")
        head = [x for x in open(path) if x.startswith("#")]
        ver = next((x.split()[2] for x in head if x.startswith("# OpenSSL")), r)
        regime = next((x[2:].split("(")[0].strip() for x in head
                       if x.startswith("# regime")), "")
        col = f"{ver} {l}"
        cols.append((col, regime))
        body = (x for x in open(path) if not x.startswith("#"))
        for row in csv.DictReader(body):
            if row["kind"] != "ab":
                continue
            if row["shape"] not in rows:
                rows[row["shape"]] = {}
                order.append(row["shape"])
            rows[row["shape"]][col] = float(row["ratio"])
print("| shape | " + " | ".join(c for c, _ in cols) + " |")
print("|---|" + "---:|" * len(cols))
low = 0
for s in order:
    cells = []
    for c, _ in cols:
        v = rows[s].get(c)
        if v is None:
            cells.append("-")
        elif v < 0.98:
            cells.append(f"**{v:.2f}**")
            low += 1
        else:
            cells.append(f"{v:.2f}")
    print(f"| {s} | " + " | ".join(cells) + " |")
print()
for c, regime in cols:
    print(f"- {c}: {regime}")
print(f"\n{low} cells below 0.98")
EOF
