#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The whole test suite: what CI runs and what the README tells you to run.
#   1. gcc build (warnings are errors), every suite; on x86_64 the CUnit
#      suites again as smaller CPUs (SIMDPROV_TEST_LEVEL=ssse3, then avx2),
#      so a machine that runs every kernel also runs the paths that skip
#      kernels, as a CPU without AVX-512 (or AVX2) would
#   1b. on x86_64: the gcc build's simd.so, CUnit suites, fuzz corpus replay
#      and test_cli.sh again on every libcrypto Debian ships for amd64 and the
#      host's own: 3.0.17, 3.0.20, 3.0.22, 3.5.9, 3.5.10, 3.6.5 and 4.0.3
#      (scripts/test-releases.sh; Debian bookworm to experimental libraries,
#      their default provider the oracle; one summary line per release)
#   2. clang build (warnings are errors), every suite; then the Debian
#      package, built and installed into a throwaway Debian 12 root
#      (test/tree/test_package.sh, x86_64 and root only; SIMDPROV_SKIP_PACKAGE=1
#      skips it)
#   3. gcc ASan+UBSan build (LeakSanitizer included), every suite but the
#      openssl CLI one
#   4. clang ThreadSanitizer build, the CUnit suites
#   5. the gcc build's suites under valgrind memcheck (which also hides
#      AVX-512 from the probe: the lower x86_64 kernels get chosen there)
#   6. the libFuzzer harness (clang, ASan+UBSan) for SIMDPROV_FUZZ_SECONDS
#      (default 60) from the committed seed corpus, simd against default;
#      on x86_64 then 15 s more at each smaller CPU level
#   7. the cross matrix: aarch64, ppc64le, riscv64, loongarch64 under qemu-user,
#      several CPU models each (scripts/test-cross.sh; see cross/README.md),
#      with the constant-time trace of each model from qemu's exec log
#   (the constant-time suites run in steps 1 and 2: valgrind taint in both,
#   and in step 1 the trace of every kernel's executed addresses, whose
#   summary line it prints)
# Set SIMDPROV_SKIP_SLOW=1 to run step 1 only, SIMDPROV_SKIP_CROSS=1 to skip 7,
# SIMDPROV_SKIP_RELEASES=1 to skip 1b.
set -eu
cd "$(dirname "$0")/.."
# Every step's packages (test/tree/test_package.sh's included); the cross
# compilers, qemu and the sysroots of steps 1b and 7 come from
# scripts/cross-setup.sh.
sh scripts/deps.sh test

step() { printf '\n=== %s\n' "$*"; }

build() { # dir, compiler, extra meson options
    dir=$1 cc=$2; shift 2
    if [ ! -d "$dir" ]; then
        CC=$cc meson setup "$dir" -Dwerror=true "$@" >/dev/null
    else
        meson configure "$dir" "$@" >/dev/null
    fi
    ninja -C "$dir" >/dev/null
}

# The CUnit suites (test/kernels, test/abi, test/provider) and the seed
# replay (fuzz/): what runs again as a smaller CPU, under ThreadSanitizer and
# under valgrind (test/README.md lists the suites).
unit_suites="--suite kernels --suite abi --suite provider --suite fuzz"

# The smaller CPUs this machine also pretends to be (test/support/testcaps.h).
lower_levels=""
[ "$(uname -m)" = x86_64 ] && lower_levels="ssse3 avx2"

step "gcc build"
build build-gcc gcc
meson test -C build-gcc --print-errorlogs
# the constant-time trace's summary line (test/ct/ct_trace.c)
sed -n 's/^ct-trace: /ct-trace (build-gcc): /p' build-gcc/meson-logs/testlog.txt | head -n 1
for level in $lower_levels; do
    step "gcc build, CUnit suites as a smaller CPU: SIMDPROV_TEST_LEVEL=$level"
    SIMDPROV_TEST_LEVEL=$level meson test -C build-gcc $unit_suites \
        --print-errorlogs
done

if [ "${SIMDPROV_SKIP_SLOW:-0}" = 1 ]; then
    exit 0
fi

if [ "$(uname -m)" = x86_64 ] && [ "${SIMDPROV_SKIP_RELEASES:-0}" != 1 ]; then
    step "gcc build on every Debian libcrypto (3.0.17 to 4.0.3)"
    sh scripts/test-releases.sh build-gcc
fi

step "clang build"
build build-clang clang
meson test -C build-clang --print-errorlogs

step "Debian package: build, lintian, install test in a Debian 12 root"
sh test/tree/test_package.sh || [ $? -eq 77 ]

step "gcc ASan + UBSan build"
build build-asan gcc -Db_sanitize=address,undefined -Db_lundef=false \
    -Dbuildtype=debugoptimized
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    meson test -C build-asan --print-errorlogs

step "clang ThreadSanitizer build"
build build-tsan clang -Db_sanitize=thread -Db_lundef=false \
    -Dbuildtype=debugoptimized
TSAN_OPTIONS=halt_on_error=1 meson test -C build-tsan $unit_suites \
    --print-errorlogs

step "valgrind memcheck"
meson test -C build-gcc --setup valgrind $unit_suites --print-errorlogs

step "libFuzzer, ${SIMDPROV_FUZZ_SECONDS:-60} s from the seed corpus"
build build-fuzz clang -Dfuzz=true -Dtests=false \
    -Db_sanitize=address,undefined -Db_lundef=false \
    -Dc_args=-fsanitize=fuzzer-no-link \
    -Dfuzz_seconds="${SIMDPROV_FUZZ_SECONDS:-60}"
meson test -C build-fuzz --suite fuzz --print-errorlogs
for level in $lower_levels; do
    step "libFuzzer as a smaller CPU: SIMDPROV_TEST_LEVEL=$level, 15 s"
    SIMDPROV_TEST_LEVEL=$level OPENSSL_MODULES="$PWD/build-fuzz" \
        sh fuzz/run_fuzz.sh build-fuzz/fuzz/fuzz_provider fuzz/corpus \
        "build-fuzz/fuzz/corpus-work-$level" 15
done

if [ "${SIMDPROV_SKIP_CROSS:-0}" != 1 ]; then
    step "cross matrix (qemu-user)"
    bash scripts/test-cross.sh all
fi
