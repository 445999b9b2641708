#!/bin/sh
# The main job: install what is missing, build, show the loaded provider and
# its kernel choice, and benchmark simd against OpenSSL's default provider.
# Extra arguments go to simdprov-bench (e.g. -a simd:level=portable, or -k all).
set -eu
cd "$(dirname "$0")/.."
sh scripts/deps.sh
[ -d build ] || meson setup build >/dev/null
ninja -C build >/dev/null
export OPENSSL_MODULES="$PWD/build"
openssl list -providers -verbose -provider simd | sed -n '/^  simd/,/gettable/p'
echo
exec build/bench/simdprov-bench "$@"
