#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Executed instructions per EVP operation, simd against each Debian release's
# default provider, under qemu-user on every CPU model of the cross matrix
# (scripts/test-cross.sh) for one architecture. tools/evp_once runs each
# shape once between two marker calls; everything executed between them
# counts (libcrypto, the provider, libc, the caller's glue), less the
# markers' own instructions. One simd.so (built against the build sysroot's
# OpenSSL 3.0 headers) and one evp_once (which opens libcrypto.so.4 or .3 at
# run time) run on every release's sysroot, loader and libcrypto.
#
# Counting: qemu logs every translated block's instructions once (-d in_asm)
# and every executed block (-d exec,nochain) with the address of its host
# code; the log goes through a FIFO to awk, which learns a block's size from
# its translation and its first run (which follows at once) and adds it at
# every run. A translation not run at once, or a run of a block never seen
# translated, is reported (the count would be unsure). Same counts as
# -one-insn-per-tb logging, at a fraction of the log.
#
# Usage: tools/release-insns.sh ARCH [BUILD]
#   ARCH: aarch64, ppc64le (bookworm, trixie, sid, experimental), riscv64
#         (trixie, sid, experimental), loongarch64 (sid, experimental)
#   BUILD: a cross build folder (default build-cross/ARCH-gcc, or -clang
#          where gcc cannot target the sysroot); configured with -Dtools=true
#          and built (simd.so, tools/evp_once) here
# Env: RELEASE_INSNS_MODELS, RELEASE_INSNS_RELEASES: subsets (space separated)
#      RELEASE_INSNS_OUT: folder for raw.tsv and table.md (default BUILD/release-insns)
# Prints a markdown table per release: shape x model, "default / simd = ratio".
# Needs the sysroots <debian-arch>[-<suite>] (scripts/cross-setup.sh makes
# the missing ones).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
arch=${1:?usage: tools/release-insns.sh ARCH [BUILD]}
case $arch in
    aarch64) deb=arm64 cc=gcc releases="bookworm trixie sid experimental" ;;
    ppc64le) deb=ppc64el cc=gcc releases="bookworm trixie sid experimental" ;;
    riscv64) deb=riscv64 cc=clang releases="trixie sid experimental" ;;
    loongarch64) deb=loong64 cc=clang releases="sid experimental" ;;
    *) echo "release-insns: unknown ARCH $arch" >&2; exit 2 ;;
esac
releases=${RELEASE_INSNS_RELEASES:-$releases}
build=${2:-$ROOT/build-cross/$arch-$cc}
out=${RELEASE_INSNS_OUT:-$build/release-insns}
qemu=qemu-$arch
SHAPES="chacha20:64 chacha20:1350 chacha20:16384 tls13:64 tls13:1350 tls13:16384
        poly1305:64 poly1305:16384 md5:64 md5:16384"

log() { printf 'release-insns: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

# The models of the cross matrix for ARCH ("@sid" dropped: every release runs).
models=${RELEASE_INSNS_MODELS:-$(sed -n "/^MATRIX='/,/^'/p" "$ROOT/scripts/test-cross.sh" |
    awk -F'|' -v a="$arch" '{ gsub(/ /, "", $1); gsub(/^ +| +$/, "", $2) }
        $1 == a { sub(/@.*/, "", $2); print $2 }')}
[ -n "$models" ] || die "no models for $arch in scripts/test-cross.sh"

# The sysroot of a release: the build's own suite is the plain <deb> one.
own_suite() {
    case $arch in riscv64) echo trixie ;; loongarch64) echo sid ;; *) echo bookworm ;; esac
}
sysroot_name() { # release
    if [ "$1" = "$(own_suite)" ]; then echo "$deb"; else echo "$deb-$1"; fi
}
need=""
for r in $releases; do
    [ -f "$ROOT/cross/sysroots/$(sysroot_name "$r")/.simdprov-sysroot" ] ||
        need="$need $(sysroot_name "$r")"
done
# shellcheck disable=SC2086 # one word per sysroot
[ -z "$need" ] || sh "$ROOT/scripts/cross-setup.sh" $need

[ -f "$build/build.ninja" ] || die "no build in $build: scripts/test-cross.sh $arch first"
meson configure "$build" -Dtools=true >/dev/null
ninja -C "$build" simd.so tools/evp_once >/dev/null || die "build failed in $build"
build=$(cd "$build" && pwd)
mkdir -p "$out"
tmp=$(mktemp -d /dev/shm/release-insns.XXXXXX 2>/dev/null || mktemp -d)
trap 'rm -rf "$tmp"' EXIT

export OPENSSL_MODULES=$build OPENSSL_CONF=/dev/null
# shellcheck disable=SC2086 # SHAPES: one word per shape
run() { # sysroot model provider [qemu options...]
    local sr=$1 model=$2 prov=$3
    shift 3
    QEMU_CPU=$model "$qemu" -R 0x100000000 -L "$sr" "$@" \
        "$build/tools/evp_once" "$prov" $SHAPES
}

# Instructions between successive entries of the block at address MARK:
# "N COUNT" for the N-th stretch (1: the two marker calls in a row).
# shellcheck disable=SC2016 # awk's $ fields, not the shell's
COUNTER='
/^IN:/ { inblk = 1; n = 0; pc = ""; next }
inblk && /^0x[0-9a-f]+:/ { if (n == 0) pc = substr($1, 1, length($1) - 1); n++; next }
/^Trace / {
    split($0, f, "/"); a = f[2]; sub(/^0+/, "", a); a = "0x" a
    if (pc != "") { if (a == pc) size[$3] = n; else bad++; pc = "" }
    inblk = 0
    if (!($3 in size)) { missing++; next }
    if (a == mark) { k++; if (k > 1) print k - 1, c; c = 0 }
    c += size[$3]; next
}
inblk && !/^0x/ { inblk = 0 }
END { if (bad + missing) printf "unsure: %d blocks not run at once, %d unknown\n", bad, missing > "/dev/stderr" }'

raw=$out/raw.tsv
printf 'release\tversion\tmodel\tprovider\tshape\tinsns\n' >"$raw"
for r in $releases; do
    sr=$ROOT/cross/sysroots/$(sysroot_name "$r")
    for model in $models; do
        for prov in default simd; do
            first=$(run "$sr" "$model" "$prov" 2>&1 >/dev/null) || die "$r $model $prov: $first"
            mark=$(printf '%s\n' "$first" | awk '/^mark/ { print $2 }')
            ver=$(printf '%s\n' "$first" | awk '/^mark/ { print $4 }')
            rm -f "$tmp/fifo"
            mkfifo "$tmp/fifo"
            awk -v mark="$mark" "$COUNTER" "$tmp/fifo" >"$tmp/counts" 2>"$tmp/unsure" &
            run "$sr" "$model" "$prov" -d in_asm,exec,nochain -D "$tmp/fifo" \
                >/dev/null 2>"$tmp/err" || { cat "$tmp/err" >&2; die "$r $model $prov failed"; }
            wait $!
            [ ! -s "$tmp/unsure" ] || die "$r $model $prov: $(cat "$tmp/unsure")"
            # Stretch 1 is the markers alone; shape i lies in stretch 2i+1.
            awk -v r="$r" -v v="$ver" -v m="$model" -v p="$prov" -v shapes="$SHAPES" '
                { c[$1] = $2 }
                END { n = split(shapes, s, " ")
                      for (i = 1; i <= n; i++)
                          printf "%s\t%s\t%s\t%s\t%s\t%d\n", r, v, m, p, s[i], c[2 * i + 1] - c[1] }' \
                "$tmp/counts" >>"$raw"
            log "$r ($ver) $model $prov: done"
        done
    done
done

# One table per release: shape x model, default / simd = default over simd.
awk -F'\t' -v models="$models" -v shapes="$SHAPES" '
NR > 1 { v[$1] = $2; n[$1 SUBSEP $3 SUBSEP $4 SUBSEP $5] = $6
         if (!($1 in seen)) { seen[$1] = 1; rel[++nr] = $1 } }
END {
    nm = split(models, m, "\n"); ns = split(shapes, s, " ")
    for (i = 1; i <= nr; i++) {
        r = rel[i]
        printf "\n%s (OpenSSL %s): default / simd = default/simd\n\n| shape |", r, v[r]
        for (j = 1; j <= nm; j++) printf " %s |", m[j]
        printf "\n|---|"
        for (j = 1; j <= nm; j++) printf "---|"
        printf "\n"
        for (k = 1; k <= ns; k++) {
            printf "| %s |", s[k]
            for (j = 1; j <= nm; j++) {
                d = n[r SUBSEP m[j] SUBSEP "default" SUBSEP s[k]]
                e = n[r SUBSEP m[j] SUBSEP "simd" SUBSEP s[k]]
                printf " %d / %d = %.2f |", d, e, e ? d / e : 0
            }
            printf "\n"
        }
    }
}' "$raw" | tee "$out/table.md"
