#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The main job: install what is missing (deps.sh bench: compiler, meson,
# libssl-dev, openssl; nothing for the tests), build, show the loaded provider
# and its kernel choice, and benchmark simd against OpenSSL's default provider.
# Extra arguments go to simdprov-bench (e.g. -a simd:level=portable, or -k all).
set -eu
cd "$(dirname "$0")/.."
sh scripts/deps.sh bench
# Without the CUnit suites, which the bench does not need (a build/ set up
# by hand keeps its own options).
[ -d build ] || meson setup build -Dtests=false >/dev/null
ninja -C build >/dev/null
# The no-install form: the generated config names build/simd.so by absolute
# path and leaves libcrypto's own modules (legacy.so) reachable.
OPENSSL_CONF="$PWD/build/simdprov-build.cnf" openssl list -providers -verbose |
    sed -n '/^  simd/,/gettable/p'
echo
# The bench loads default and simd into its own library context by name.
OPENSSL_MODULES="$PWD/build" exec build/bench/simdprov-bench "$@"
