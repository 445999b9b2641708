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
# translated, is reported (the count would be unsure).
# Same counts as -one-insn-per-tb logging, at a fraction of the log. x86_64
# learns a block's size from its TCG ops (-d op: one "----" line per guest
# instruction) instead: qemu's x86 disassembly is not a count (an instruction
# over 8 bytes takes two lines; one that straddles the 1024th byte of a block
# shows as ".byte" lines and a wrong decoding of what follows).
#
# Usage: tools/release-insns.sh ARCH [BUILD]
#   ARCH: aarch64, ppc64le (bookworm, trixie, sid, experimental), riscv64
#         (trixie, sid, experimental), loongarch64 (sid, experimental),
#         x86_64 (bookworm-updates, bookworm, bookworm-security, trixie,
#         trixie-security, sid, experimental: Debian's amd64 point releases
#         3.0.17 to 4.0.3, the sysroots of scripts/test-releases.sh)
#   BUILD: a build folder (default build-cross/ARCH-gcc, or -clang where gcc
#          cannot target the sysroot; x86_64: build-cross/x86_64-native, a
#          native build against the host's OpenSSL 3.0 headers); set up here
#          when missing, configured with -Dtools=true and built (simd.so,
#          tools/evp_once)
# Env: RELEASE_INSNS_MODELS, RELEASE_INSNS_RELEASES: subsets (space separated)
#      RELEASE_INSNS_OUT: folder for raw.tsv and table.md (default BUILD/release-insns)
# Prints, and writes to table.md, a markdown table per release (shape x
# model, "default / simd = ratio", bold below 1.00), the kernels simd
# chooses on each model and the cells below 1.00. A release whose sysroot
# cannot be made is left out with a line saying so. CPU models: the cross
# matrix's (scripts/test-cross.sh); x86_64 has none there and uses
# X86_MODELS below.
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
    x86_64) deb=amd64 cc=native
        releases="bookworm-updates bookworm bookworm-security trixie trixie-security sid experimental" ;;
    *) echo "release-insns: unknown ARCH $arch" >&2; exit 2 ;;
esac
releases=${RELEASE_INSNS_RELEASES:-$releases}
build=${2:-$ROOT/build-cross/$arch-$cc}
out=${RELEASE_INSNS_OUT:-$build/release-insns}
qemu=qemu-$arch
SHAPES="chacha20:64 chacha20:1350 chacha20:16384 tls13:64 tls13:1350 tls13:16384
        poly1305:64 poly1305:16384 md5:64 md5:16384"
# x86_64: qemu TCG models at simd's levels (asm/x86_64/arch.c): qemu64 has no
# SSSE3 (level base), Nehalem SSSE3 but no AVX (ssse3), SandyBridge AVX but
# no AVX2 (ssse3 for simd; OpenSSL's AVX Poly1305), Haswell AVX2, BMI1 and
# BMI2 (avx2). TCG has no AVX-512: the avx512 level runs on no model here.
X86_MODELS="qemu64 Nehalem SandyBridge Haswell"

log() { printf 'release-insns: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

# The models of the cross matrix for ARCH ("@sid" dropped: every release
# runs), one a line.
# shellcheck disable=SC2086 # one word per model
if [ -n "${RELEASE_INSNS_MODELS:-}" ]; then
    models=$(printf '%s\n' $RELEASE_INSNS_MODELS)
elif [ "$arch" = x86_64 ]; then
    models=$(printf '%s\n' $X86_MODELS)
else
    models=$(sed -n "/^MATRIX='/,/^'/p" "$ROOT/scripts/test-cross.sh" |
        awk -F'|' -v a="$arch" '{ gsub(/ /, "", $1); gsub(/^ +| +$/, "", $2) }
            $1 == a { sub(/@.*/, "", $2); print $2 }')
fi
[ -n "$models" ] || die "no models for $arch in scripts/test-cross.sh"

# The sysroot of a release: the build's own suite is the plain <deb> one
# (x86_64: every release has its amd64-<suite> sysroot).
own_suite() {
    case $arch in riscv64) echo trixie ;; loongarch64) echo sid ;; x86_64) echo none ;; *) echo bookworm ;; esac
}
sysroot_name() { # release
    if [ "$1" = "$(own_suite)" ]; then echo "$deb"; else echo "$deb-$1"; fi
}
have_sysroot() { [ -f "$ROOT/cross/sysroots/$(sysroot_name "$1")/.simdprov-sysroot" ]; }
table_only=${RELEASE_INSNS_TABLE_ONLY:-0}
if [ "$table_only" != 1 ]; then
    # Make the missing sysroots one by one; a release whose sysroot cannot be
    # made (the mirror lacking its packages) is left out and said so.
    skipped=""
    kept=""
    for r in $releases; do
        have_sysroot "$r" || sh "$ROOT/scripts/cross-setup.sh" "$(sysroot_name "$r")" ||
            log "no sysroot $(sysroot_name "$r"): $r left out"
        if have_sysroot "$r"; then kept="$kept $r"; else skipped="$skipped $r:$(sysroot_name "$r")"; fi
    done
    releases=${kept# }
    [ -n "$releases" ] || die "no sysroot for any release"

    # The build: set up when missing (cross: as scripts/test-cross.sh does).
    if [ ! -f "$build/build.ninja" ]; then
        log "setting up $build"
        case $cc in
            native) opts=() ;;
            clang) opts=(--cross-file "$ROOT/cross/sysroots/paths.ini" --cross-file "$ROOT/cross/$arch.ini")
                   case $arch in aarch64 | ppc64le) opts+=(--cross-file "$ROOT/cross/clang.ini") ;; esac ;;
            *) opts=(--cross-file "$ROOT/cross/sysroots/paths.ini" --cross-file "$ROOT/cross/$arch.ini") ;;
        esac
        meson setup "$build" "${opts[@]}" -Dtools=true -Dtests=false >/dev/null ||
            die "meson setup $build failed"
    fi
    meson configure "$build" -Dtools=true >/dev/null
    ninja -C "$build" -j2 simd.so tools/evp_once >/dev/null || die "build failed in $build"
fi
build=$(cd "$build" && pwd)
mkdir -p "$out"
tmp=$(mktemp -d /dev/shm/release-insns.XXXXXX 2>/dev/null || mktemp -d)
trap 'rm -rf "$tmp"' EXIT

export OPENSSL_MODULES=$build OPENSSL_CONF=/dev/null
if [ "$arch" = x86_64 ]; then blocks=op; else blocks=in_asm; fi
# A fixed address space, so evp_once_mark lies at the same address in both
# runs: qemu -R for the foreign architectures; x86_64 keeps the vsyscall page
# at the top of the address space, which -R cannot hold, so the host's
# address randomisation is turned off instead (setarch -R). On x86_64 the
# sysroot's own loader runs the program with the sysroot's library folders:
# bookworm's sysroot is not merged-/usr, and under qemu -L a library path the
# sysroot lacks (the host's ld.so.cache names /lib/.../libcrypto.so.3) falls
# back to the host's own file.
# shellcheck disable=SC2086 # SHAPES: one word per shape
run() { # sysroot model provider [qemu options...]
    local sr=$1 model=$2 prov=$3
    shift 3
    if [ "$arch" = x86_64 ]; then
        QEMU_CPU=$model setarch -R "$qemu" -L "$sr" "$@" "$sr/lib64/ld-linux-x86-64.so.2" \
            --inhibit-cache --library-path "$sr/usr/lib/x86_64-linux-gnu:$sr/lib/x86_64-linux-gnu" \
            "$build/tools/evp_once" "$prov" $SHAPES
    else
        QEMU_CPU=$model "$qemu" -R 0x100000000 -L "$sr" "$@" \
            "$build/tools/evp_once" "$prov" $SHAPES
    fi
}
# simd's build info line on a model: the kernels it chooses there, through
# the release's own openssl (x86_64: as run() runs programs).
chosen() { # sysroot model
    local sr=$1 model=$2 o
    if [ "$arch" = x86_64 ]; then
        o=$(QEMU_CPU=$model "$qemu" -L "$sr" "$sr/lib64/ld-linux-x86-64.so.2" --inhibit-cache \
            --library-path "$sr/usr/lib/x86_64-linux-gnu:$sr/lib/x86_64-linux-gnu" \
            "$sr/usr/bin/openssl" list -providers -verbose -provider simd 2>/dev/null)
    else
        o=$(QEMU_CPU=$model "$qemu" -L "$sr" "$sr/usr/bin/openssl" \
            list -providers -verbose -provider simd 2>/dev/null)
    fi
    printf '%s\n' "$o" | sed -n 's/.*chosen at load on this CPU: \(.*\); rules.*/\1/p'
}

# x86_64: the capability vector OpenSSL derives from CPUID on a model (its
# paths follow from it), by the release's own openssl; other architectures:
# nothing.
default_caps() { # sysroot model
    [ "$arch" = x86_64 ] || return 0
    QEMU_CPU=$2 "$qemu" -L "$1" "$1/lib64/ld-linux-x86-64.so.2" --inhibit-cache \
        --library-path "$1/usr/lib/x86_64-linux-gnu:$1/lib/x86_64-linux-gnu" \
        "$1/usr/bin/openssl" info -cpusettings 2>/dev/null | grep '^OPENSSL_ia32cap=' || true
}

# Instructions between successive entries of the block at address MARK:
# "N COUNT" for the N-th stretch (1: the two marker calls in a row).
# shellcheck disable=SC2016 # awk's $ fields, not the shell's
COUNTER='
/^IN:/ { inblk = 1; n = 0; pc = ""; next }
/^OP:/ { inblk = 2; n = 0; pc = ""; next }
inblk == 1 && /^0x[0-9a-f]+:/ { if (n == 0) pc = substr($1, 1, length($1) - 1); n++; next }
inblk == 2 && /^ ---- / { if (n == 0) { pc = $2; sub(/^0+/, "", pc); pc = "0x" pc }; n++; next }
/^Trace / {
    split($0, f, "/"); a = f[2]; sub(/^0+/, "", a); a = "0x" a
    if (pc != "") { if (a == pc) size[$3] = n; else bad++; pc = "" }
    inblk = 0
    if (!($3 in size)) { missing++; next }
    if (a == mark) { k++; if (k > 1) print k - 1, c; c = 0 }
    c += size[$3]; next
}
inblk == 1 && !/^0x/ { inblk = 0 }
END { if (bad + missing) printf "unsure: %d blocks not run at once, %d unknown\n", bad, missing > "/dev/stderr" }'

raw=$out/raw.tsv
if [ "$table_only" = 1 ]; then
    # The tables again from the last run's raw.tsv, chosen.tsv and skipped.
    [ -f "$raw" ] || die "no $raw to make the tables from"
    skipped=$(cat "$out/skipped" 2>/dev/null || true)
    models=$(cut -f1 "$out/chosen.tsv")
else
    printf 'release\tversion\tmodel\tprovider\tshape\tinsns\n' >"$raw"
    : >"$out/chosen.tsv"
    : >"$out/aside.tsv"
    first_release=${releases%% *}
    for r in $releases; do
        sr=$ROOT/cross/sysroots/$(sysroot_name "$r")
        for model in $models; do
            [ "$r" != "$first_release" ] ||
                printf '%s\t%s\t%s\n' "$model" "$(chosen "$sr" "$model")" \
                    "$(default_caps "$sr" "$model")" >>"$out/chosen.tsv"
            for prov in default simd; do
                first=$(run "$sr" "$model" "$prov" 2>&1 >/dev/null) || die "$r $model $prov: $first"
                mark=$(printf '%s\n' "$first" | awk '/^mark/ { print $2 }')
                ver=$(printf '%s\n' "$first" | awk '/^mark/ { print $4 }')
                # evp_once fetches ?provider=simd: where simd steps aside for
                # this release, the default serves (both counts its path).
                [ "$prov" = default ] || printf '%s\n' "$first" |
                    awk -v r="$r" -v m="$model" '/^served / && $3 != "simd" {
                        printf "%s\t%s\t%s\n", r, m, $2 }' >>"$out/aside.tsv"
                rm -f "$tmp/fifo"
                mkfifo "$tmp/fifo"
                awk -v mark="$mark" "$COUNTER" "$tmp/fifo" >"$tmp/counts" 2>"$tmp/unsure" &
                run "$sr" "$model" "$prov" -d "$blocks,exec,nochain" -D "$tmp/fifo" \
                    >/dev/null 2>"$tmp/err" || { cat "$tmp/err" >&2; die "$r $model $prov failed"; }
                wait $!
                [ ! -s "$tmp/unsure" ] || die "$r $model $prov: $(cat "$tmp/unsure")"
                # Stretch 1 is the markers alone; shape i lies in stretch 2i+1.
                # shellcheck disable=SC2086 # SHAPES: one word per shape
                set -- $SHAPES
                [ "$(wc -l <"$tmp/counts")" -ge $((2 * $# + 1)) ] ||
                    die "$r $model $prov: the marks were not seen (mark $mark)"
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
    printf '%s\n' "$skipped" >"$out/skipped"
fi

# One table per release: shape x model, default / simd = default over simd,
# bold where simd executes more; then simd's kernels per model and the cells
# below 1.00. aarch64's "max,sve-default-vector-length=N" shows as "max VL"
# and the length in bits.
touch "$out/aside.tsv"
awk -F'\t' -v models="$models" -v shapes="$SHAPES" -v skipped="$skipped" -v arch="$arch" \
    -v chosen="$out/chosen.tsv" -v aside="$out/aside.tsv" '
function disp(x) {
    if (x ~ /^max,sve-default-vector-length=[0-9]+$/) { sub(/.*=/, "", x); return "max VL" x * 8 }
    return x
}
NR > 1 { v[$1] = $2; n[$1 SUBSEP $3 SUBSEP $4 SUBSEP $5] = $6
         if (!($1 in seen)) { seen[$1] = 1; rel[++nr] = $1 } }
END {
    nm = split(models, m, "\n"); ns = split(shapes, s, " "); nb = 0
    for (i = 1; i <= nr; i++) {
        r = rel[i]
        printf "%s**%s, OpenSSL %s**\n\n| shape |", (i > 1 ? "\n" : ""), r, v[r]
        for (j = 1; j <= nm; j++) printf " %s |", disp(m[j])
        printf "\n|---|"
        for (j = 1; j <= nm; j++) printf "---|"
        printf "\n"
        for (k = 1; k <= ns; k++) {
            printf "| %s |", s[k]
            for (j = 1; j <= nm; j++) {
                d = n[r SUBSEP m[j] SUBSEP "default" SUBSEP s[k]]
                e = n[r SUBSEP m[j] SUBSEP "simd" SUBSEP s[k]]
                cell = sprintf("%d / %d = %.2f", d, e, e ? d / e : 0)
                if (d < e) { cell = "**" cell "**"
                             # grouped by model and shape, releases in order
                             key = "`" disp(m[j]) "` " s[k]
                             if (!(key in rels)) { order[++nb] = key; lo[key] = hi[key] = d / e }
                             rels[key] = rels[key] (nr_of[key]++ ? ", " : "") r " " v[r]
                             if (d / e < lo[key]) lo[key] = d / e
                             if (d / e > hi[key]) hi[key] = d / e }
                printf " %s |", cell
            }
            printf "\n"
        }
    }
    printf "\nsimd'"'"'s kernels per model (its build info line%s):\n\n",
        (arch == "x86_64" ? "; and the CPUID-derived capabilities the default provider picks its code by" : "")
    while ((getline line < chosen) > 0) {
        split(line, f, "\t")
        printf "- `%s`: %s%s\n", disp(f[1]), (f[2] == "" ? "(not read)" : f[2]),
            (f[3] == "" ? "" : "; the default provider: `" f[3] "`")
    }
    ns2 = split(skipped, sk, " ")
    for (i = 1; i <= ns2; i++) {
        split(sk[i], rs, ":")
        printf "%s%s: left out, `scripts/cross-setup.sh %s` could not make its sysroot (cross/README.md)\n",
            (i == 1 ? "\n" : ""), rs[1], rs[2]
    }
    na = 0
    while ((getline line < aside) > 0) {
        split(line, f, "\t")
        key = "`" disp(f[2]) "` " f[3]
        if (!(key in arels)) aorder[++na] = key
        arels[key] = arels[key] (anr[key]++ ? ", " : "") f[1] " " v[f[1]]
    }
    if (na > 0) {
        printf "\nWhere simd steps aside (the default serves the simd run too, so both counts are the default'"'"'s; docs/behaviour.md):\n\n"
        for (i = 1; i <= na; i++) printf "- %s: %s\n", aorder[i], arels[aorder[i]]
    }
    if (nb == 0) printf "\nBelow 1.00 on %s: none.\n", arch
    else {
        printf "\nBelow 1.00 on %s:\n\n", arch
        for (i = 1; i <= nb; i++) {
            key = order[i]
            rr = sprintf("%.3f", lo[key])
            if (sprintf("%.3f", hi[key]) != rr) rr = rr "-" sprintf("%.3f", hi[key])
            printf "- %s: %s on %s\n", key, rr, rels[key]
        }
    }
}' "$raw" | tee "$out/table.md"
