#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# The cross matrix: build simdprov for each non-x86 architecture (gcc and
# clang-19 where both can target it), then under every qemu CPU model of the
# table below run the full meson test suite with the probe expectations set
# (test/kernels/test_expect.c fails on a wrong probe or kernel choice), and check the
# target's own `openssl` binary end to end against its default provider,
# and trace every kernel the model runs for constant time (test/ct/
# ct_trace_qemu.py; every model with the first compiler, the first model
# with the other).
# One model per architecture also runs on the newest Debian libcrypto (sid's
# OpenSSL 3.6) without a rebuild: a "@sid" suffix on its model below.
#
# Usage: scripts/test-cross.sh [aarch64|ppc64le|riscv64|loongarch64|all]...
# Env:   SIMDPROV_CROSS_SCALE  SIMDPROV_TEST_SCALE for the qemu runs (default 0.25)
#        SIMDPROV_CROSS_BUILD  build folder root (default: build-cross)
#        SIMDPROV_CROSS_CC     only this compiler (gcc or clang)
# Ends with "cross: N passed, N failed"; exits non-zero if anything failed.
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD_ROOT=${SIMDPROV_CROSS_BUILD:-$ROOT/build-cross}
SCALE=${SIMDPROV_CROSS_SCALE:-0.25}
CROSS=$ROOT/cross
START=$(date +%s)

# arch | model (QEMU_CPU) | expected simd.caps | expected simd.level
#      | poly1305 [| chacha20/md5 [| chacha20_poly1305]]
# What each model offers is in cross/README.md. Kernels need not be listed:
# the expect suite derives them from the tables, so new kernels need no edit
# here; an optional last column pins them (SIMDPROV_EXPECT_CHACHA20/_MD5),
# which also catches a table row with the wrong needs. Poly1305 is pinned on
# every model (SIMDPROV_EXPECT_POLY1305); the stitched ChaCha20-Poly1305
# kernel where a column gives it (SIMDPROV_EXPECT_CHACHA20_POLY1305: on
# aarch64 "portable", two passes, as the stitched row is by name only).
# A model ending in "@sid" runs on the runtime sysroot <debian-arch>-sid
# (sid's libc and libcrypto 3.6, cross/README.md) instead of the one the build
# used: the same programs, the newest release's default provider as oracle,
# and its own openssl binary for the cli test (suite clients) and the end-to-end checks.
# loongarch64's own sysroot is sid already.
MATRIX='
aarch64     | cortex-a72     | asm asimd                       | neon    | neon     | neon/aarch64 | portable
aarch64     | neoverse-v1    | asm asimd sve                   | sve     | neon     | sve/aarch64  | portable
aarch64     | neoverse-v1,sve-default-vector-length=16 | asm asimd sve sve_vl128 | sve | neon | neon/aarch64 | portable
aarch64     | neoverse-n2@sid | asm asimd sve sve2 sve_vl128   | sve2    | neon     | sve2/aarch64 | portable
aarch64     | max,sve-default-vector-length=64  | asm asimd sve sve2 | sve2 | neon     | sve2/aarch64 | portable
aarch64     | max,sve-default-vector-length=256 | asm asimd sve sve2 | sve2 | neon     | sve2/aarch64 | portable
ppc64le     | power8         | asm arch_2_07                   | power8  | scalar | vsx/power8
ppc64le     | power9         | asm arch_2_07 arch_3_00         | power9  | power9 | vsx/power9
ppc64le     | power10@sid    | asm arch_2_07 arch_3_00 arch_3_1 | power10 | power10 | power10/power9
riscv64     | rv64,zbb=false | asm                             | base    | rv64
riscv64     | rv64           | asm zbb                         | zbb     | rv64
riscv64     | rv64,v=true,vlen=128 | asm zbb v                 | v       | rvv
riscv64     | rv64,v=true,vlen=256 | asm zbb v                 | v       | rvv
riscv64     | rva23u64@sid   | asm zbb v zvkb                  | zvkb    | rvv
loongarch64 | la464,lasx=off | asm lsx                         | lsx     | lsx      | lsx/loongarch64
loongarch64 | la464          | asm lsx lasx                    | lasx    | lasx     | lasx/loongarch64
'

debian_arch() {
    case $1 in
        aarch64) echo arm64 ;; ppc64le) echo ppc64el ;;
        riscv64) echo riscv64 ;; loongarch64) echo loong64 ;;
    esac
}
qemu_for() { echo "qemu-$1"; }
# The sysroot a row runs on: the build's own, or <debian-arch>-<suite> for a
# model with an "@<suite>" suffix (runtime libraries and openssl only).
runtime_sysroot() { # arch [suite]
    echo "$CROSS/sysroots/$(debian_arch "$1")${2:+-$2}"
}
# gcc-12 cannot link against riscv64's (trixie) or loong64's (sid) newer glibc.
compilers_for() {
    case $1 in aarch64 | ppc64le) echo gcc clang ;; *) echo clang ;; esac
}

PASSED=0
FAILED=0
declare -A CT_UNTRACED # arch-cc: the table kernels no model has traced yet
FAILURES=()
LOGDIR=$BUILD_ROOT/logs
mkdir -p "$LOGDIR"

ok() { PASSED=$((PASSED + 1)); printf '  ok    %s\n' "$*"; }
bad() {
    FAILED=$((FAILED + 1)); FAILURES+=("$*"); printf '  FAIL  %s\n' "$*"
}
elapsed() { echo $(($(date +%s) - $1))s; }

# The OpenSSL release a sysroot runs ("3.0.20"), from its own openssl
# (binary and library must agree). learn_release, in the main shell, fills
# the cache release_of reads (callers run it in $(...) subshells).
declare -A RELEASE=()
learn_release() { # arch sysroot
    local sr=$2 v
    v=$(env -u OPENSSL_CONF -u OPENSSL_MODULES "$(qemu_for "$1")" -L "$sr" "$sr/usr/bin/openssl" version 2>&1)
    if [[ $v =~ ^OpenSSL\ ([0-9.]+)\ .*\(Library:\ OpenSSL\ ([0-9.]+)\  ]] &&
        [ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ]; then
        RELEASE[$sr]=${BASH_REMATCH[1]}
    else
        RELEASE[$sr]="unknown ($v)"
    fi
}
# The runtime suites ("@sid") the rows of an architecture ask for.
row_suites() { # arch
    awk -F'|' -v a="$1" '{ gsub(/ /, "") } $1 == a && $2 ~ /@/ { sub(/.*@/, "", $2); print $2 }' <<<"$MATRIX" | sort -u
}
release_of() { # arch sysroot
    [ -n "${RELEASE[$2]:-}" ] || learn_release "$1" "$2"
    echo "${RELEASE[$2]}"
}

# ---------------------------------------------------------------- build

build() { # arch cc: configure (or reconfigure) and build $BUILD_ROOT/<arch>-<cc>
    local arch=$1 cc=$2 dir=$BUILD_ROOT/$1-$2 log=$LOGDIR/build-$1-$2.log
    # Warnings are errors, as in the native builds of scripts/test.sh.
    local opts=(-Dwerror=true --cross-file "$CROSS/sysroots/paths.ini" --cross-file "$CROSS/$arch.ini")
    # The arch file's own compiler is gcc for aarch64/ppc64le; the overlay
    # swaps in clang-19 there. riscv64/loongarch64 files use clang already.
    if [ "$cc" = clang ] && [ "$(compilers_for "$arch")" != clang ]; then
        opts+=(--cross-file "$CROSS/clang.ini")
    fi
    {
        if [ -f "$dir/build.ninja" ]; then
            meson setup --reconfigure "$dir" "${opts[@]}"
        else
            meson setup "$dir" "${opts[@]}"
        fi && ninja -C "$dir" -j2
    } >"$log" 2>&1
}

# ---------------------------------------------------------------- suites

sorted_words() { tr ' ' '\n' <<<"$1" | sed '/^$/d' | sort | tr '\n' ' '; }

# A row on another sysroot (suffix "@<suite>") runs the same build through a
# `meson test --wrapper` generated here, BUILD/runtime-<suite>/wrap.sh: it
# swaps the sysroot of the cross file's exe_wrapper (qemu -L) for the runtime
# one, in the command of each compiled test and in the MESON_EXE_WRAPPER that
# script tests (cli) run target programs with, and gives the cli test the
# runtime sysroot's own openssl instead of the build sysroot's.
runtime_wrapper() { # arch cc suite: writes the wrapper, prints its path
    local arch=$1 dir=$BUILD_ROOT/$1-$2 suite=$3 sr rt=$BUILD_ROOT/$1-$2/runtime-$3
    sr=$(runtime_sysroot "$arch" "$suite")
    mkdir -p "$rt"
    sed "s|^prog=.*|prog='$sr/usr/bin/openssl'|" "$dir/test/openssl-target.sh" >"$rt/openssl-target.sh"
    cat >"$rt/wrap.sh" <<WRAP
#!/bin/sh
# Generated by scripts/test-cross.sh: meson test --wrapper running the tests
# of $dir on $sr (OpenSSL $(release_of "$arch" "$sr")) instead of the build's sysroot.
sr='$sr'
case \$1 in
    qemu-* | */qemu-*)
        if [ "\$2" = -L ]; then q=\$1; shift 3; exec "\$q" -L "\$sr" "\$@"; fi ;;
esac
if [ -n "\${MESON_EXE_WRAPPER:-}" ]; then
    MESON_EXE_WRAPPER="\${MESON_EXE_WRAPPER%% *} -L '\$sr'"
    export MESON_EXE_WRAPPER
fi
for a; do
    shift
    [ "\$a" != '$dir/test/openssl-target.sh' ] || a='$rt/openssl-target.sh'
    set -- "\$@" "\$a"
done
exec "\$@"
WRAP
    chmod +x "$rt/wrap.sh" "$rt/openssl-target.sh"
    echo "$rt/wrap.sh"
}

# Before a build runs on a runtime sysroot: every library its programs and
# simd.so load is in that sysroot (qemu -L would fall back to the host's
# path), and simd, loaded by that sysroot's openssl, reports that core.
check_runtime() { # arch cc suite
    local arch=$1 dir=$BUILD_ROOT/$1-$2 sr q ld out p lib rel errs=""
    q=$(qemu_for "$1") sr=$(runtime_sysroot "$arch" "$3")
    rel=$(release_of "$arch" "$sr")
    ld=$(readelf -l "$sr/usr/bin/openssl" 2>/dev/null |
        sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p')
    for p in "$dir/simd.so" "$dir/test/fetch_check" "$dir/test/test_chacha20"; do
        out=$("$q" -L "$sr" "$sr$ld" --list "$p" 2>&1) || { errs+=" load(${p##*/}: $out)"; continue; }
        # Guest paths, which qemu maps into the sysroot when the file is
        # there; the loader's line shows the mapped path already.
        for lib in $(awk '/=>/ { print $3 }' <<<"$out"); do
            case $lib in "$sr"/*) ;; *) lib=$sr$lib ;; esac
            [ -e "$lib" ] || errs+=" ${p##*/}:${lib#"$sr"}-not-in-sysroot"
        done
    done
    out=$(env -u OPENSSL_CONF -u OPENSSL_MODULES "$q" -L "$sr" "$sr/usr/bin/openssl" \
        list -providers -verbose -provider-path "$dir" -provider simd 2>&1)
    grep -q "build info: .*; for core ${rel%.*};" <<<"$out" || errs+=" core(not ${rel%.*})"
    if [ -n "$errs" ]; then
        bad "$arch-$2 on $(basename "$sr") [OpenSSL $rel]:$errs"
        return 1
    fi
    ok "$arch-$2 on $(basename "$sr"): OpenSSL $rel, simd built for core ${rel%.*}, libraries all from it"
}

run_suites() { # arch cc model runtime caps level poly1305 [chacha20/md5 [chacha20_poly1305]]
    local arch=$1 cc=$2 model=$3 suite=$4 caps=$5 level=$6 poly1305=$7 kernels=${8:-} stitched=${9:-}
    local dir=$BUILD_ROOT/$1-$2 rel
    local -a pin=(SIMDPROV_EXPECT_POLY1305="$poly1305") wrap=()
    [ -z "$kernels" ] || pin+=(SIMDPROV_EXPECT_CHACHA20="${kernels%/*}" SIMDPROV_EXPECT_MD5="${kernels#*/}")
    [ -z "$stitched" ] || pin+=(SIMDPROV_EXPECT_CHACHA20_POLY1305="$stitched")
    [ -z "$suite" ] || wrap=(--wrapper "$(runtime_wrapper "$arch" "$cc" "$suite")")
    rel=$(release_of "$arch" "$(runtime_sysroot "$arch" "$suite")")
    local name="$arch-$cc $model${suite:+@$suite} [OpenSSL $rel]"
    local tag=${model//[^A-Za-z0-9]/_}${suite:+_$suite} t=$(date +%s) log
    log=$LOGDIR/test-$arch-$cc-$tag.log
    if env -u SIMDPROV_LEVEL -u SIMDPROV_CHACHA20 -u SIMDPROV_MD5 -u SIMDPROV_POLY1305 \
        -u SIMDPROV_CHACHA20_POLY1305 QEMU_CPU="$model" SIMDPROV_TEST_SCALE="$SCALE" \
        SIMDPROV_EXPECT_ARCH="$arch" SIMDPROV_EXPECT_CAPS="$caps" \
        SIMDPROV_EXPECT_LEVEL="$level" "${pin[@]}" \
        meson test -C "$dir" --no-rebuild --num-processes 2 --print-errorlogs \
        "${wrap[@]}" --logbase "testlog-$tag" >"$log" 2>&1; then
        ok "$name: suites ($(grep -E '^Ok:' "$log" | tr -s ' ') $(elapsed "$t"))"
    else
        bad "$name: suites (log: $log)"
        grep -E '^ *[0-9]+/[0-9]+ .*(FAIL|TIMEOUT|ERROR)|expected .* reports' "$log" | awk '!seen[$0]++' | sed 's/^/        /'
    fi
}

# Constant time (test/ct/ct_trace_qemu.py): every kernel this model runs and
# the glue, one qemu exec log per model, short inputs; its summary line.
ct_trace() { # arch cc model runtime
    local arch=$1 cc=$2 model=$3 suite=$4 dir=$BUILD_ROOT/$1-$2 sr rel out t
    t=$(date +%s)
    sr=$(runtime_sysroot "$arch" "$suite")
    rel=$(release_of "$arch" "$sr")
    local name="$arch-$cc $model${suite:+@$suite} [OpenSSL $rel]"
    local line skipped
    if out=$(env -u SIMDPROV_LEVEL -u SIMDPROV_CHACHA20 -u SIMDPROV_MD5 \
        -u SIMDPROV_POLY1305 -u SIMDPROV_CHACHA20_POLY1305 OPENSSL_MODULES="$dir" \
        python3 "$ROOT/test/ct/ct_trace_qemu.py" "$(qemu_for "$arch")" "$sr" \
        "$model" "$dir/test/ct_trace" --short 2>&1); then
        line=$(grep '^ct-trace:' <<<"$out" | sed 's/^ct-trace: .*qemu exec log: /ct-trace: /')
        ok "$name: $line ($(elapsed "$t"))"
        # The kernels no model traced so far (all of them before the first).
        skipped=$(sed -n 's/.*not on this CPU: \([^)]*\)).*/\1/p' <<<"$line" | sed 's/, /\n/g')
        if [ -z "${CT_UNTRACED[$arch-$cc]+set}" ]; then
            CT_UNTRACED[$arch-$cc]=$skipped
        else
            CT_UNTRACED[$arch-$cc]=$(comm -12 <(sort <<<"${CT_UNTRACED[$arch-$cc]}") <(sort <<<"$skipped"))
        fi
    else
        bad "$name: ct-trace"
        head -n 20 <<<"$out" | sed 's/^/        /'
    fi
}

# ---------------------------------------------------------------- end to end

E2E_IN=$BUILD_ROOT/e2e-input
KEY=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
# A counter of 0xfffffffe: the 100001-byte input crosses the 32-bit wrap,
# so the glue's carry handling is compared with the default provider's.
IV=feffffff000000090000004a00000000

make_inputs() {
    mkdir -p "$E2E_IN"
    for n in 0 1 64 1000 100001; do
        [ -f "$E2E_IN/in$n" ] || head -c "$n" /dev/urandom >"$E2E_IN/in$n"
    done
}

e2e() { # arch cc model runtime caps level speed(0/1)
    local arch=$1 cc=$2 model=$3 suite=$4 caps=$5 level=$6 do_speed=$7
    local dir=$BUILD_ROOT/$1-$2 sr rel
    sr=$(runtime_sysroot "$arch" "$suite")
    rel=$(release_of "$arch" "$sr")
    local name="$arch-$cc $model${suite:+@$suite} [OpenSSL $rel]: openssl" out a b n errs=""
    local -a envs=(env -u OPENSSL_CONF -u OPENSSL_MODULES -u SIMDPROV_LEVEL
        -u SIMDPROV_CHACHA20 -u SIMDPROV_MD5 -u SIMDPROV_POLY1305
        -u SIMDPROV_CHACHA20_POLY1305 QEMU_CPU="$model")
    local -a target=("$(qemu_for "$arch")" -L "$sr" "$sr/usr/bin/openssl")
    local -a ossl=("${envs[@]}" "${target[@]}")
    local -a simd=(-provider-path "$dir" -provider simd -provider default -propquery provider=simd)

    # Loaded, active, and the probe as the target's openssl sees it.
    out=$("${ossl[@]}" list -providers -verbose -provider-path "$dir" -provider simd 2>&1)
    if ! grep -q 'status: active' <<<"$out"; then
        errs+=" list-providers"
    else
        a=$(sed -n 's/.*(level \([^;]*\); cpu: \([^)]*\)).*/\2/p' <<<"$out")
        b=$(sed -n 's/.*(level \([^;]*\); cpu: .*/\1/p' <<<"$out")
        [ "$(sorted_words "$a")" = "$(sorted_words "$caps")" ] || errs+=" caps($a)"
        [ "$b" = "$level" ] || errs+=" level($b)"
        grep -q "build info: .*; for core ${rel%.*};" <<<"$out" || errs+=" core(not ${rel%.*})"
    fi
    # The override works through the target openssl too.
    out=$("${envs[@]}" SIMDPROV_LEVEL=portable "${target[@]}" list -providers -verbose \
        -provider-path "$dir" -provider simd 2>&1)
    grep -q 'ChaCha20=portable MD5=portable Poly1305=portable ChaCha20-Poly1305=portable (level portable;' <<<"$out" || errs+=" override"

    for n in 0 1 64 1000 100001; do
        a=$("${ossl[@]}" enc -chacha20 -K $KEY -iv $IV -in "$E2E_IN/in$n" "${simd[@]}" | md5sum) &&
            b=$("${ossl[@]}" enc -chacha20 -K $KEY -iv $IV -in "$E2E_IN/in$n" | md5sum) &&
            [ "$a" = "$b" ] || errs+=" enc$n"
        # `dgst -md5 -provider simd` alone would quietly use the default
        # provider's MD5; -propquery makes the fetch come from simd or fail.
        a=$("${ossl[@]}" dgst -md5 -r "${simd[@]}" "$E2E_IN/in$n" | cut -d' ' -f1) &&
            b=$("${ossl[@]}" dgst -md5 -r "$E2E_IN/in$n" | cut -d' ' -f1) &&
            [ -n "$a" ] && [ "$a" = "$b" ] || errs+=" md5-$n"
    done
    # Controls: the same property query must make algorithms simd does not
    # have fail, or the checks above would prove nothing.
    if "${ossl[@]}" dgst -sha256 "${simd[@]}" "$E2E_IN/in1" >/dev/null 2>&1; then
        errs+=" propquery-ignored(dgst)"
    fi
    if [ "$do_speed" = 1 ]; then
        for alg in chacha20 md5; do
            out=$("${ossl[@]}" speed "${simd[@]}" -seconds 1 -bytes 64 -evp $alg 2>&1) &&
                grep -qiE "^$alg +[0-9.]+k" <<<"$out" || errs+=" speed-$alg"
        done
        if "${ossl[@]}" speed "${simd[@]}" -seconds 1 -bytes 64 -evp aes-128-ctr >/dev/null 2>&1; then
            errs+=" propquery-ignored(speed)"
        fi
    fi
    if [ -z "$errs" ]; then
        ok "$name list/override/enc/dgst$([ "$do_speed" = 1 ] && echo /speed)"
    else
        bad "$name:$errs"
    fi
}

# TLS between the target's own s_server and s_client under qemu-user
# (test/clients/test_tls.sh: TLS 1.3 and 1.2 ChaCha20-Poly1305, both ends on
# simdprov.cnf, then each end alone on the target's default provider, 1 MB
# each way with checksums). Once per architecture, on its first model: the
# records' path does not depend on the CPU model. The uprobe proof cannot
# run under qemu-user (it would watch qemu); the script says so.
tls() { # arch cc model
    local arch=$1 cc=$2 model=$3 dir=$BUILD_ROOT/$1-$2
    local sr=$CROSS/sysroots/$(debian_arch "$1") wrapper=$BUILD_ROOT/$1-$2/openssl-qemu
    local log=$LOGDIR/tls-$arch-$cc.log t
    printf '#!/bin/sh\nexec env QEMU_CPU=%s %s -L %s %s/usr/bin/openssl "$@"\n' \
        "$model" "$(qemu_for "$arch")" "$sr" "$sr" >"$wrapper"
    chmod +x "$wrapper"
    t=$(date +%s)
    if env -u OPENSSL_CONF -u SIMDPROV_LEVEL -u SIMDPROV_CHACHA20 -u SIMDPROV_MD5 \
        -u SIMDPROV_POLY1305 -u SIMDPROV_CHACHA20_POLY1305 SIMDPROV_TLS_MB=1 OPENSSL_MODULES="$dir" \
        sh "$ROOT/test/clients/test_tls.sh" "$wrapper" "$ROOT/simdprov.cnf" "$dir/simd.so" \
        >"$log" 2>&1; then
        ok "$arch-$cc $model: s_server/s_client TLS 1.3 and 1.2 ChaCha20-Poly1305 ($(elapsed "$t"))"
    else
        bad "$arch-$cc $model: TLS (log: $log)"
        grep -E '^FAIL' "$log" | head -n 5 | sed 's/^/        /'
    fi
}

# ---------------------------------------------------------------- main

ARCHES=()
[ $# -gt 0 ] || set -- all
for a in "$@"; do
    case $a in
        all) ARCHES+=(aarch64 ppc64le riscv64 loongarch64) ;;
aarch64     | ppc64le        | riscv64                          | loongarch64) ARCHES+=("$a") ;;
        arm64) ARCHES+=(aarch64) ;; ppc64el) ARCHES+=(ppc64le) ;; loong64) ARCHES+=(loongarch64) ;;
        *) echo "usage: $0 [aarch64|ppc64le|riscv64|loongarch64|all]..." >&2; exit 2 ;;
    esac
done

case ${SIMDPROV_CROSS_CC:-} in
    '' | gcc | clang) ;;
    *) echo "SIMDPROV_CROSS_CC must be gcc or clang" >&2; exit 2 ;;
esac

DEBARCHES=()
for a in "${ARCHES[@]}"; do
    DEBARCHES+=("$(debian_arch "$a")")
    # and the runtime sysroots of its "@<suite>" rows
    for s in $(row_suites "$a"); do
        DEBARCHES+=("$(debian_arch "$a")-$s")
    done
done
"$ROOT/scripts/cross-setup.sh" "${DEBARCHES[@]}" || { echo "cross: setup failed" >&2; exit 1; }
make_inputs
for arch in "${ARCHES[@]}"; do
    learn_release "$arch" "$(runtime_sysroot "$arch")"
    for s in $(row_suites "$arch"); do learn_release "$arch" "$(runtime_sysroot "$arch" "$s")"; done
done

for arch in "${ARCHES[@]}"; do
    for cc in $(compilers_for "$arch"); do
        [ -z "${SIMDPROV_CROSS_CC:-}" ] || [ "$SIMDPROV_CROSS_CC" = "$cc" ] || continue
        echo "== $arch ($cc)"
        t=$(date +%s)
        if ! build "$arch" "$cc"; then
            bad "$arch-$cc: build (log: $LOGDIR/build-$arch-$cc.log)"
            tail -n 20 "$LOGDIR/build-$arch-$cc.log" | sed 's/^/        /'
            continue
        fi
        ok "$arch-$cc: build ($(elapsed "$t"))"
        first=1
        # The arch's first compiler: TLS, and the constant-time trace on
        # every model (the other compiler: on the first model).
        main_cc=0
        [ "$cc" != "$(compilers_for "$arch" | cut -d' ' -f1)" ] || main_cc=1
        while IFS='|' read -r m_arch model caps level poly1305 kernels stitched; do
            m_arch=$(echo $m_arch) model=$(echo $model) caps=$(echo $caps) level=$(echo $level)
            poly1305=$(echo $poly1305) kernels=$(echo $kernels) stitched=$(echo $stitched)
            [ "$m_arch" = "$arch" ] || continue
            suite=""
            case $model in *@*) suite=${model#*@} model=${model%@*} ;; esac
            [ -z "$suite" ] || check_runtime "$arch" "$cc" "$suite" || continue
            run_suites "$arch" "$cc" "$model" "$suite" "$caps" "$level" "$poly1305" "$kernels" "$stitched"
            # (the other compiler's C kernels compile differently)
            if [ "$first" = 1 ] || [ "$main_cc" = 1 ]; then
                ct_trace "$arch" "$cc" "$model" "$suite"
            fi
            e2e "$arch" "$cc" "$model" "$suite" "$caps" "$level" "$first"
            if [ "$first" = 1 ] && [ "$main_cc" = 1 ]; then
                tls "$arch" "$cc" "$model"
            fi
            first=0
        done <<<"$MATRIX"
        # Every kernel of the tables traced on some model of the matrix.
        if [ "$main_cc" = 1 ]; then
            if [ -z "$(tr -d '\n' <<<"${CT_UNTRACED[$arch-$cc]:-}")" ]; then
                ok "$arch-$cc: ct-trace: every table kernel traced on some model"
            else
                bad "$arch-$cc: ct-trace: on no model: $(paste -sd, <<<"${CT_UNTRACED[$arch-$cc]}")"
            fi
        fi
    done
done

echo "cross: wall time $(elapsed "$START") for ${ARCHES[*]}"
# Which OpenSSL each model ran on: the build's sysroot, or the "@<suite>" one.
for arch in "${ARCHES[@]}"; do
    line="cross: $arch on OpenSSL $(release_of "$arch" "$(runtime_sysroot "$arch")")"
    for s in $(row_suites "$arch"); do
        line+=", $(awk -F'|' -v a="$arch" -v s="@$s" '{ gsub(/ /, "") } $1 == a && $2 ~ s"$" { print $2 }' <<<"$MATRIX" |
            paste -sd' ') on $(release_of "$arch" "$(runtime_sysroot "$arch" "$s")")"
    done
    echo "$line"
done
for f in "${FAILURES[@]}"; do echo "cross: failed: $f"; done
echo "cross: $PASSED passed, $FAILED failed"
[ "$FAILED" = 0 ]
