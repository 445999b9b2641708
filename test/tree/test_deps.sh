#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# scripts/deps.sh's purposes (--print, nothing installed): build and bench
# name none of the packages only the tests or the packaging need, each
# purpose includes the ones it builds on, and every script installs the
# purpose meant for it. test/tree/test_package.sh checks on a fresh Debian 12
# root what apt would really install for bench.
# Usage: test_deps.sh SOURCE_ROOT
# shellcheck disable=SC2016 # the eval strings expand when check runs them
set -eu
root=$1
. "$root/test/support/testlib.sh"
work_dir
deps() { sh "$root/scripts/deps.sh" "$@"; }

# Only for the tests, the packaging or the charts.
not_for_bench="libcunit1-dev clang libclang-rt-14-dev valgrind linux-perf
    python3-cryptography openssh-server openssh-client build-essential dpkg-dev
    debhelper lintian fakeroot debootstrap gnuplot-nox"
# Only for the tests.
not_for_package="libcunit1-dev clang libclang-rt-14-dev valgrind linux-perf
    python3-cryptography openssh-server openssh-client gnuplot-nox"

none_of() { # purpose, packages it must not name
    list=$(deps --print "$1") || return 1
    bad=0
    for p in $2; do
        if printf '%s\n' "$list" | grep -qx -- "$p"; then echo "$1 names $p"; bad=1; fi
    done
    [ "$bad" = 0 ]
}
includes() { # purpose, purposes or packages it must include
    list=$(deps --print "$1") || return 1
    want=""
    for w in $2; do
        if w_list=$(deps --print "$w" 2>/dev/null); then want="$want $w_list"; else want="$want $w"; fi
    done
    bad=0
    for p in $want; do
        printf '%s\n' "$list" | grep -qx -- "$p" || { echo "$1 lacks $p"; bad=1; }
    done
    [ "$bad" = 0 ]
}
calls() { # script, the purposes it installs
    grep -qx " *sh scripts/deps.sh $2" "$root/$1" || {
        echo "$1 does not run: sh scripts/deps.sh $2"; return 1; }
}
fails_with_usage() { # arguments
    rc=0
    deps "$@" >"$work/stdout" 2>"$work/stderr" || rc=$?
    [ "$rc" -eq 2 ] && [ ! -s "$work/stdout" ] && grep -q '^usage:' "$work/stderr"
}

check "no purpose: exit 2 with usage" fails_with_usage
check "--print and no purpose: exit 2 with usage" fails_with_usage --print
check "unknown purpose: exit 2 with usage" fails_with_usage --print tests
check "build names no test, package or chart package" none_of build "$not_for_bench"
check "bench names no test, package or chart package" none_of bench "$not_for_bench"
check "package names no test or chart package" none_of package "$not_for_package"
check "package-test names no test or chart package" none_of package-test "$not_for_package"
check "bench includes build and openssl" includes bench "build openssl"
check "package includes build" includes package "build build-essential lintian"
check "package-test includes package and debootstrap" includes package-test "package debootstrap"
check "test includes bench and package-test" includes test "bench package-test"
check "draw is gnuplot-nox alone" eval '[ "$(deps --print draw)" = gnuplot-nox ]'
check "a package named twice is listed once" eval \
    '[ "$(deps --print test bench build | sort | uniq -d)" = "" ]'
check "scripts/run.sh installs bench" calls scripts/run.sh bench
check "scripts/run.sh configures build/ without the CUnit suites" \
    grep -q 'meson setup build -Dtests=false' "$root/scripts/run.sh"
check "scripts/test.sh installs test" calls scripts/test.sh test
check "scripts/package-deb.sh installs package" calls scripts/package-deb.sh package
check "test/tree/test_package.sh installs package-test" calls test/tree/test_package.sh package-test
summary
