#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Builds the Debian package openssl-provider-simd from this tree with
# Debian's own tools (debhelper + meson, dpkg-buildpackage), checks it with
# lintian and the module's ELF checks, and leaves the .deb, .buildinfo and
# .changes in build-deb/.
#   sh scripts/package-deb.sh
# The package is built from the committed tree (git archive HEAD), so
# uncommitted changes are not in it; outside a git checkout, from a copy of
# the files. packaging/debian becomes debian/ in that export only, so the top
# level stays free of packaging. Installs what is missing with apt (root or
# sudo): scripts/deps.sh package, then whatever else debian/control's
# Build-Depends name.
set -eu
cd "$(dirname "$0")/.."
top=$PWD
out=$top/build-deb

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
sh scripts/deps.sh package

# The package version must be the project's: meson.build is the one source.
meson_version=$(sed -n "s/^ *version *: *'\([^']*\)'.*/\1/p" meson.build | head -n 1)
deb_version=$(dpkg-parsechangelog -l packaging/debian/changelog -S Version)
if [ "$meson_version" != "$deb_version" ]; then
    echo "packaging/debian/changelog says $deb_version, meson.build $meson_version" >&2
    exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
src=$tmp/openssl-provider-simd-$deb_version
mkdir "$src"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git archive --format=tar HEAD | tar -x -C "$src"
else
    tar -c --exclude=./.git --exclude='./build*' --exclude=./cross/sysroots \
        --exclude=./cross/work --exclude=./fuzz/corpus-work . | tar -x -C "$src"
fi
rm -rf "$src/debian"
cp -R packaging/debian "$src/debian"

if ! (cd "$src" && dpkg-checkbuilddeps) 2>/dev/null; then
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get build-dep -y -qq "$src"
fi

rm -rf "$out"
mkdir -p "$out"
echo "building the package (log: build-deb/build.log)"
case ${DEB_BUILD_OPTIONS:-} in
    *parallel=*) ;;
    *) DEB_BUILD_OPTIONS="${DEB_BUILD_OPTIONS:+$DEB_BUILD_OPTIONS }parallel=$(nproc)"
       export DEB_BUILD_OPTIONS ;;
esac
if ! (cd "$src" && dpkg-buildpackage -us -uc -b) >"$out/build.log" 2>&1; then
    tail -n 40 "$out/build.log" >&2
    exit 1
fi
# dpkg-buildpackage writes next to the source tree; the -dbgsym .ddeb too.
for f in "$tmp"/*.deb "$tmp"/*.ddeb "$tmp"/*.buildinfo "$tmp"/*.changes; do
    [ -e "$f" ] && mv "$f" "$out/"
done

# The shipped (stripped) module, beside the objects it was linked from (the
# kernels' archive is thin: its members are found relative to it): the same
# ELF checks as the test suite's module test.
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
deb=$out/openssl-provider-simd_${deb_version}_$arch.deb
obj=$src/obj-$(dpkg-architecture -qDEB_HOST_GNU_TYPE)
dpkg-deb -x "$deb" "$tmp/root"
module=$(find "$tmp/root" -path '*/ossl-modules/simd.so')
[ -n "$module" ] || { echo "no ossl-modules/simd.so in $deb" >&2; exit 1; }
cp "$module" "$obj/packaged-simd.so"
# test_module.sh tells x86_64 and aarch64 apart, the GNU names of both.
cpu=$(dpkg-architecture -qDEB_HOST_GNU_CPU)
echo "module checks on the packaged simd.so ($cpu)"
sh test/tree/test_module.sh "$obj/packaged-simd.so" "$cpu" "${CC:-cc}"

echo "lintian"
lintian --fail-on error,warning --info "$out"/*.changes
echo "package: $deb"
dpkg-deb -c "$deb"
