#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# llvm-mca-19 cycles per block of the steady-state loop each side runs, per
# Debian release, on every core llvm-mca has a model for: ChaCha20 (per
# 64-byte block), Poly1305 (per 16-byte block) and MD5 (per 64-byte block).
# The loops are found by executing them: tools/evp_once (one EVP update, MAC
# or digest through simd or the default provider) runs under qemu-user on
# the CPU model that stands for the core, on the release's sysroot, loader
# and libcrypto, and tools/steady-loop-qemu.py keeps one period of what it
# executed at the heart of the operation (inner loops unrolled as they ran;
# the libraries are stripped, so nothing is read from symbols). So simd's
# column is the kernel simd selects on that model and the default's is the
# code that release's libcrypto dispatches to there. tools/period-mca.py
# disassembles the period with llvm-mc-19 and runs llvm-mca-19 on it.
#
# Core <- qemu model pairs (the model offers what the core has):
#   aarch64: cortex-a72 <- cortex-a72, neoverse-n1 <- neoverse-n1,
#            neoverse-v1 <- neoverse-v1 (SVE at 256 bits), neoverse-n2 and
#            neoverse-v2 <- neoverse-n2 (SVE2 at 128 bits; qemu has no V2)
#   ppc64le: pwr9 <- power9, pwr10 <- power10
#   riscv64: sifive-u74 <- rv64,zbb=false (LLVM's U74 is RV64GC),
#            sifive-u74:+zbb <- rv64 (with Zbb, as the JH7110's U74 cores),
#            sifive-p670 <- rva23u64 (V at VLEN 128, Zbb, Zvkb, as LLVM's P670)
#   loongarch64: llvm-mca has no model; nothing is measured.
#
# Usage: tools/release-mca.sh ARCH|all [BUILD]
#   BUILD: as for tools/release-insns.sh (default build-cross/ARCH-gcc, or
#          -clang for riscv64), configured with -Dtools=true; simd.so and
#          tools/evp_once are built here
# Env: RELEASE_MCA_RELEASES: a subset (space separated)
#      RELEASE_MCA_OUT: folder for the periods, mca.tsv and table.md
#                       (default BUILD/release-mca; the periods and llvm-mca's
#                       answers found there are reused: delete it after a change)
#      RELEASE_MCA_JOBS: qemu runs at a time (default 2)
# Prints a markdown table: algorithm x core, simd's cycles per block and the
# default's per release (releases whose default loops are all byte-identical
# share a column), "default cycles (default / simd)", bold where the default
# takes fewer cycles; then those cells listed.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
# simd's own kernels also where it would leave an algorithm to the default
# (docs/behaviour.md, "Where simd steps aside"): the loops are the point.
export SIMDPROV_STEP_ASIDE=no
ALGS="chacha20:64 poly1305:16 md5:64"   # algorithm:bytes per block
LEN1=8192 LEN2=16384                     # evp_once's largest length is 16384

if [ "${1:-}" = --period ]; then # one run pair: --period QEMU SYSROOT MODEL PROV EVP_ONCE OUT
    shift
    shapes=() units=""
    for a in $ALGS; do shapes+=("${a%:*}:{len}"); units=$units${units:+,}${a#*:}; done
    if EVP_ONCE_MAPS=1 "$ROOT/tools/steady-loop-qemu.py" --marks "$1" "$2" "$3" "$units" \
        $LEN1 $LEN2 "$5" "$4" "${shapes[@]}" >"$6.tmp" 2>"$6.err"; then
        # One file per algorithm: the program's lines, then its part.
        n=0
        for a in $ALGS; do
            awk -v n="$n" '/^# part / { p = $3; next } p == "" || p == n' "$6.tmp" >"$6.${a%:*}"
            n=$((n + 1))
        done
        rm -f "$6.tmp" "$6.err" "$6".*.mca   # llvm-mca's answers for the old loops
    else
        echo "release-mca: $4 on $3 ($2): $(cat "$6.err")" >&2
        rm -f "$6.tmp"
    fi
    exit 0
fi

arch=${1:?usage: tools/release-mca.sh ARCH|all [BUILD]}
if [ "$arch" = all ]; then
    for a in aarch64 ppc64le riscv64 loongarch64; do "$0" "$a"; echo; done
    exit 0
fi
case $arch in
    aarch64) deb=arm64 cc=gcc own=bookworm releases="bookworm trixie sid experimental"
        pairs="cortex-a72@cortex-a72 neoverse-n1@neoverse-n1 neoverse-v1@neoverse-v1
               neoverse-n2@neoverse-n2 neoverse-v2@neoverse-n2" ;;
    ppc64le) deb=ppc64el cc=gcc own=bookworm releases="bookworm trixie sid experimental"
        pairs="pwr9@power9 pwr10@power10" ;;
    riscv64) deb=riscv64 cc=clang own=trixie releases="trixie sid experimental"
        pairs="sifive-u74@rv64,zbb=false sifive-u74:+zbb@rv64 sifive-p670@rva23u64" ;;
    loongarch64)
        echo "loongarch64: llvm-mca-19 knows la464 and la664 but has no scheduling model for"
        echo "any LoongArch core (\"unable to find instruction-level scheduling information\");"
        echo "nothing measured."
        exit 0 ;;
    *) echo "release-mca: unknown ARCH $arch" >&2; exit 2 ;;
esac
releases=${RELEASE_MCA_RELEASES:-$releases}
build=${2:-$ROOT/build-cross/$arch-$cc}
out=${RELEASE_MCA_OUT:-$build/release-mca}
qemu=qemu-$arch
log() { printf 'release-mca: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

sysroot_of() { # release
    if [ "$1" = "$own" ]; then echo "$ROOT/cross/sysroots/$deb"; else echo "$ROOT/cross/sysroots/$deb-$1"; fi
}
[ -f "$build/build.ninja" ] || die "no build in $build: scripts/test-cross.sh $arch first"
meson configure "$build" -Dtools=true >/dev/null
ninja -C "$build" simd.so tools/evp_once >/dev/null || die "build failed in $build"
build=$(cd "$build" && pwd)
mkdir -p "$out/periods"
export OPENSSL_MODULES=$build OPENSSL_CONF=/dev/null

models=$(for p in $pairs; do echo "${p#*@}"; done | awk '!seen[$0]++')
present=""
for r in $releases; do
    if [ -f "$(sysroot_of "$r")/.simdprov-sysroot" ]; then present="$present $r"
    else log "no sysroot for $r ($(sysroot_of "$r")): skipped"; fi
done

# The periods: simd on the build's own sysroot, the default on every release;
# one run pair per model and release gives all three algorithms.
jobs=$out/jobs
: >"$jobs"
for model in $models; do
    for r in simd $present; do
        if [ "$r" = simd ]; then prov=simd sr=$(sysroot_of "$own"); else prov=default sr=$(sysroot_of "$r"); fi
        f=$out/periods/$r.${model//[,=]/_}
        [ -s "$f.md5" ] || printf '%s\n' "$qemu" "$sr" "$model" "$prov" \
            "$build/tools/evp_once" "$f" >>"$jobs"
    done
done
if [ -s "$jobs" ]; then
    log "$(($(wc -l <"$jobs") / 6)) run pairs under $qemu"
    xargs -d '\n' -n 6 -P "${RELEASE_MCA_JOBS:-2}" "$0" --period <"$jobs"
fi

# llvm-mca on each period, for the cores its model stands for.
tsv=$out/mca.tsv
printf 'release\tversion\tmodel\tcore\talg\tblocks\tinsns\tsha256\tcycles\tcode\n' >"$tsv"
for model in $models; do
    cores=$(for p in $pairs; do if [ "${p#*@}" = "$model" ]; then echo "${p%@*}"; fi; done)
    for a in $ALGS; do
        for r in simd $present; do
            f=$out/periods/$r.${model//[,=]/_}.${a%:*}
            grep -q '^0x' "$f" 2>/dev/null || { log "no loop for $r ${a%:*} on $model"; continue; }
            ver=$(sed -n 's/^# program mark .* OpenSSL \([^ ]*\) .*/\1/p' "$f")
            blocks=$(sed -n 's/^# blocks //p' "$f")
            insns=$(sed -n 's/^# instructions //p' "$f")
            sha=$(sed -n 's/^# sha256 //p' "$f")
            code=libcrypto
            if [ "$r" = simd ]; then # the kernel: simd.so's function most of the period runs in
                code=$(python3 - "$f" "$build/simd.so" <<'PY'
import collections, re, subprocess, sys
text = open(sys.argv[1]).read()
m = re.search(r'^# program map ([0-9a-f]+)-([0-9a-f]+) \S+ ([0-9a-f]+) .*/simd\.so$', text, re.M)
lo, hi, off = (int(x, 16) for x in m.groups())
seg = subprocess.run(['llvm-readelf-19', '-lW', sys.argv[2]], capture_output=True, text=True).stdout
load = [l.split() for l in seg.splitlines() if l.split()[:1] == ['LOAD'] and l.split()[-2] == 'E'][0]
delta = int(load[2], 16) - int(load[1], 16)  # the code segment's vaddr - offset
pcs = [int(l.split()[0], 16) for l in text.splitlines() if l.startswith('0x')]
addrs = ['%#x' % (pc - lo + off + delta) for pc in pcs if lo <= pc < hi]
out = subprocess.run(['llvm-symbolizer-19', '--obj=' + sys.argv[2]], input='\n'.join(addrs),
                     capture_output=True, text=True).stdout.split('\n\n')
names = collections.Counter(o.strip().splitlines()[0] for o in out if o.strip())
print(names.most_common(1)[0][0] if names else '?')
PY
)
            fi
            # shellcheck disable=SC2086 # one word per core
            # llvm-mca's answers are kept next to the period (FILE.mca)
            if [ "$(awk '{ print $1 }' "$f.mca" 2>/dev/null | xargs)" != "$(xargs <<<"$cores")" ]; then
                "$ROOT/tools/period-mca.py" "$arch" "$f" $cores >"$f.mca" ||
                    log "llvm-mca: nothing for $f"
            fi
            while read -r core cyc _; do
                printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$ver" "$model" "$core" \
                    "${a%:*}" "$blocks" "$insns" "$sha" "$cyc" "$code"
            done <"$f.mca"
        done
    done
done >>"$tsv"

# The table: releases in order; neighbours whose default loops are all the
# same bytes share a column.
python3 - "$tsv" "$arch" "$present" "$pairs" "$ALGS" >"$out/table.md" <<'EOF'
import sys
tsv, arch, releases, pairs, algs = sys.argv[1:]
releases = releases.split()
cores = [p.split('@')[0] for p in pairs.split()]
model = {p.split('@')[0]: p.split('@', 1)[1] for p in pairs.split()}
algs = [a.split(':')[0] for a in algs.split()]
rows = [l.rstrip('\n').split('\t') for l in open(tsv)][1:]
cell = {(r[0], r[3], r[4]): r for r in rows}
version = {r[0]: r[1] for r in rows}
groups = []
for r in releases:
    same = groups and all(
        cell.get((groups[-1][0], c, a), [None] * 10)[7] == cell.get((r, c, a), [None] * 10)[7]
        for c in cores for a in algs)
    if same:
        groups[-1].append(r)
    else:
        groups.append([r])
head = ['algorithm', 'core (qemu model)', 'simd kernel', 'simd']
for g in groups:
    head.append('default ' + ', '.join(version.get(r, r) for r in g))
print('| ' + ' | '.join(head) + ' |')
print('|' + '---|' * len(head))
lower = []
unit = {'chacha20': 'ChaCha20 /64 B', 'poly1305': 'Poly1305 /16 B', 'md5': 'MD5 /64 B'}
for a in algs:
    for c in cores:
        s = cell.get(('simd', c, a))
        line = [unit[a], '%s (%s)' % (c, model[c]), '`%s`' % s[9] if s else '-',
                s[8] if s else '-']
        for g in groups:
            d = cell.get((g[0], c, a))
            if not d:
                line.append('-')
                continue
            try:
                ratio = float(d[8]) / float(s[8])
            except (TypeError, ValueError):
                line.append(d[8])
                continue
            txt = '%s (%.2f)' % (d[8], ratio)
            if ratio < 1:
                txt = '**%s**' % txt
                lower.append('%s on %s, OpenSSL %s: default %s, simd %s cycles per block'
                             % (unit[a].split()[0], c, ', '.join(version.get(r, r) for r in g),
                                d[8], s[8]))
            line.append(txt)
        print('| ' + ' | '.join(line) + ' |')
print()
if lower:
    print('Where the default takes fewer cycles on %s:' % arch)
    print()
    for l in lower:
        print('- ' + l)
else:
    print('On %s the default takes fewer cycles nowhere.' % arch)
EOF
echo "$arch:"
echo
cat "$out/table.md"
