#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Installs what building and testing simdprov needs on Debian 12, skipping
# what is already there. Needs root (or sudo) only when something is missing.
set -eu
# linux-perf: the uprobes with which test_tls.sh and test_python.sh prove simd
# served the records; python3-cryptography: test_python.sh (Debian's, on the
# system libcrypto); openssh-server, openssh-client: test_ssh.sh;
# dpkg-dev ... debootstrap: scripts/package-deb.sh and test/test_package.sh.
need="meson ninja-build pkg-config gcc binutils clang libclang-rt-14-dev libssl-dev libcunit1-dev openssl valgrind linux-perf python3 python3-cryptography openssh-server openssh-client dpkg-dev debhelper lintian fakeroot debootstrap"
missing=""
for p in $need; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
        missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "installing:$missing"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
# Installing openssh-server enables (and on a running systemd starts) the
# system's sshd on port 22; test_ssh.sh runs its own. Installed here, it is
# stopped and disabled again.
case " $missing " in *" openssh-server "*)
    if command -v systemctl >/dev/null 2>&1; then
        [ -d /run/systemd/system ] && $sudo systemctl stop ssh.service ssh.socket 2>/dev/null || true
        $sudo systemctl disable ssh.service 2>/dev/null || true
    fi ;;
esac
