#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# The tables of docs/performance.md's "Per EVP operation, per release" and
# "Cycles per block, per release (llvm-mca)", regenerated: for each
# architecture tools/release-insns.sh, its table.md written between that
# architecture's marker comments in the document,
#   <!-- release-insns ARCH -->
#   ...
#   <!-- /release-insns ARCH -->
# then, where the document has <!-- release-mca ARCH --> markers (the
# architectures llvm-mca models), tools/release-mca.sh's table likewise
# (RELEASE_TABLES_MCA=0 leaves them).
# Everything outside the markers (the explanations) stays as it is; an
# architecture not named keeps its tables.
#
# Usage: tools/release-tables.sh [ARCH...]
#   ARCH: x86_64 aarch64 ppc64le riscv64 loongarch64 (default: all five, in
#         that order, one after the other)
# Env: RELEASE_TABLES_DOC: the document (default docs/performance.md)
#      RELEASE_INSNS_TABLE_ONLY=1: no runs, the last run's tables of each
#      architecture (its BUILD/release-insns) again
#      RELEASE_INSNS_MODELS, RELEASE_INSNS_RELEASES: passed on (subsets; with
#      more than one ARCH they apply to each)
# The runs take long (qemu logs every executed block): x86_64 about 15
# minutes, the whole set 45-60 minutes on two shared cores.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
doc=${RELEASE_TABLES_DOC:-$ROOT/docs/performance.md}
[ $# -gt 0 ] || set -- x86_64 aarch64 ppc64le riscv64 loongarch64

log() { printf 'release-tables: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

build_of() { # arch: the folder tools/release-insns.sh uses by default
    case $1 in
        x86_64) echo "$ROOT/build-cross/x86_64-native" ;;
        aarch64 | ppc64le) echo "$ROOT/build-cross/$1-gcc" ;;
        riscv64 | loongarch64) echo "$ROOT/build-cross/$1-clang" ;;
        *) die "unknown ARCH $1" ;;
    esac
}

# The document with FILE's lines in place of what lies between the markers
# <!-- KIND ARCH --> and <!-- /KIND ARCH -->.
write_between() { # kind arch file
    awk -v m="$1 $2" -v t="$3" '
        $0 == "<!-- " m " -->" {
            print; print ""
            while ((getline line < t) > 0) print line
            print ""; skip = 1; next
        }
        $0 == "<!-- /" m " -->" { skip = 0 }
        !skip' "$doc" >"$doc.tmp"
    mv "$doc.tmp" "$doc"
}

for arch in "$@"; do
    build_of "$arch" >/dev/null
    if ! grep -qx "<!-- release-insns $arch -->" "$doc" ||
        ! grep -qx "<!-- /release-insns $arch -->" "$doc"; then
        die "no markers for $arch in $doc"
    fi
done

for arch in "$@"; do
    out=${RELEASE_INSNS_OUT:-$(build_of "$arch")/release-insns}
    log "$arch"
    RELEASE_INSNS_OUT=$out "$ROOT/tools/release-insns.sh" "$arch" >/dev/null
    [ -s "$out/table.md" ] || die "$arch: no $out/table.md"
    write_between release-insns "$arch" "$out/table.md"
    log "$arch: tables written to ${doc#"$ROOT"/}"
    if [ "${RELEASE_TABLES_MCA:-1}" != 1 ] ||
        ! grep -qx "<!-- release-mca $arch -->" "$doc"; then
        continue
    fi
    # Its cache of loops and answers is for the code it last saw: cleared,
    # but for a tables-only run. Its first line names the architecture,
    # which the document's own text before the markers does.
    [ "${RELEASE_INSNS_TABLE_ONLY:-0}" = 1 ] || rm -rf "$(build_of "$arch")/release-mca"
    "$ROOT/tools/release-mca.sh" "$arch" | tail -n +3 >"$doc.mca"
    [ -s "$doc.mca" ] || die "$arch: release-mca.sh printed nothing"
    write_between release-mca "$arch" "$doc.mca"
    rm -f "$doc.mca"
    log "$arch: llvm-mca table written to ${doc#"$ROOT"/}"
done
