#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Installs on Debian 12 the packages a task needs, by purpose, skipping what
# is already there. Needs root (or sudo) only when something is missing.
#   sh scripts/deps.sh PURPOSE...           install what these purposes need
#   sh scripts/deps.sh --print PURPOSE...   list their packages, install nothing
# PURPOSE (each includes the ones it names):
#   build         compile simd.so and the bench, without the CUnit suites
#                 (meson setup -Dtests=false, ninja)
#   bench         build + the openssl command: scripts/run.sh
#   package       build + Debian's packaging tools and lintian:
#                 scripts/package-deb.sh
#   package-test  package + debootstrap: test/tree/test_package.sh
#   test          bench + package-test + the suites' tools: everything
#                 scripts/test.sh runs, but for the cross compilers, qemu and
#                 the sysroots, which scripts/cross-setup.sh installs itself
#   draw          gnuplot-nox, for the charts in tools/
set -eu

usage() {
    echo "usage: sh scripts/deps.sh [--print] PURPOSE..." >&2
    echo "  PURPOSE: build bench package package-test test draw" >&2
    exit 2
}

# libc6-dev: gcc only recommends it, and apt here skips recommends.
# openssl: run.sh shows the loaded provider with it; the cli, tls and
# client suites run it.
# build-essential: dpkg-buildpackage checks for it (and its g++, make).
# libcunit1-dev: the unit suites. clang, libclang-rt-14-dev: the clang,
# ThreadSanitizer and libFuzzer builds. valgrind: the constant-time suite and
# the memcheck step. linux-perf: the uprobes with which test_tls.sh,
# test_ssh.sh and test_python.sh prove simd served the records.
# python3-cryptography: test_python.sh (Debian's, on the system libcrypto;
# python3 itself comes with meson).
# openssh-server, openssh-client: test_ssh.sh. groff-base: test_manpage.sh
# renders provider-simd(7).
packages() { # purpose
    case $1 in
        build) echo meson ninja-build pkg-config gcc libc6-dev binutils libssl-dev ;;
        bench) echo "$(packages build) openssl" ;;
        package) echo "$(packages build) build-essential dpkg-dev debhelper lintian fakeroot" ;;
        package-test) echo "$(packages package) debootstrap" ;;
        test) echo "$(packages bench) $(packages package-test) libcunit1-dev" \
            clang libclang-rt-14-dev valgrind linux-perf python3-cryptography \
            openssh-server openssh-client groff-base ;;
        draw) echo gnuplot-nox ;;
        *) echo "deps.sh: unknown purpose: $1" >&2; usage ;;
    esac
}

print=0
[ "${1:-}" != --print ] || { print=1; shift; }
[ $# -gt 0 ] || usage
need="" n=0
for purpose in "$@"; do
    list=$(packages "$purpose") || exit 2
    for p in $list; do
        case " $need " in *" $p "*) ;; *) need="$need $p" n=$((n + 1)) ;; esac
    done
done
if [ "$print" = 1 ]; then
    for p in $need; do echo "$p"; done
    exit 0
fi

missing=""
for p in $need; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
        missing="$missing $p"
done
if [ -z "$missing" ]; then
    echo "deps ($*): all $n packages present"
    exit 0
fi
echo "deps ($*): installing$missing"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
# shellcheck disable=SC2086 # a list of package names
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
# Installing openssh-server enables (and on a running systemd starts) the
# system's sshd on port 22; test_ssh.sh runs its own. Installed here, it is
# stopped and disabled again.
case " $missing " in *" openssh-server "*)
    if command -v systemctl >/dev/null 2>&1; then
        # shellcheck disable=SC2015 # either failing is fine
        [ -d /run/systemd/system ] && $sudo systemctl stop ssh.service ssh.socket 2>/dev/null || true
        $sudo systemctl disable ssh.service 2>/dev/null || true
    fi ;;
esac
