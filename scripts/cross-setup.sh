#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Prepare everything a cross build + qemu-user test run needs, on Debian 12 as
# root: host tools (qemu-user 10 from bookworm-backports, gcc cross compilers,
# clang-19/lld-19) and one target sysroot per architecture under
# cross/sysroots/<debian-arch>, built from Debian packages with a private APT
# configuration so the host's dpkg state never learns about foreign
# architectures. Idempotent: whatever is already in place is skipped.
# scripts/deps.sh installs the native packages by purpose (test.sh: "test");
# the cross tools and the sysroots are this script's alone (with meson, ninja
# and pkg-config, so it runs without test.sh), and need root, not sudo.
#
# Usage: scripts/cross-setup.sh [ARCH...]   (ARCH: arm64 ppc64el riscv64 loong64
#        or aarch64 ppc64le riscv64 loongarch64; default: all)
#        scripts/cross-setup.sh amd64-<suite>...   (suite: bookworm-updates,
#        bookworm, bookworm-security, trixie, trixie-security, sid, experimental)
#        (x86_64 runtime sysroots of the libcrypto releases Debian ships, 3.0.x
#        to 4.0, for scripts/test-releases.sh; not part of "all", they need no
#        qemu; amd64-experimental also holds OpenSSL 4.0's headers)
#        scripts/cross-setup.sh arm64-sid ppc64el-sid riscv64-sid
#        (runtime sysroots with sid's OpenSSL 3.6 for the cross matrix's
#        "@sid" rows: programs built against the arch's own sysroot run on
#        them under qemu; not part of "all", test-cross.sh asks for them)
#        scripts/cross-setup.sh arm64-trixie arm64-experimental (also ppc64el-
#        and riscv64-, and loong64-experimental: the other releases' libcrypto
#        under qemu, trixie's 3.5 and experimental's 4.0 on sid's libc, for
#        tools/release-insns.sh; the experimental ones hold 4.0's headers too)
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SYSROOTS=$ROOT/cross/sysroots
WORK=$ROOT/cross/work
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg

log() { printf 'cross-setup: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

# ---------------------------------------------------------------- host tools

# The archive URI the host already uses for bookworm (or, given a suite such
# as bookworm-security, for that one), so the backports suite and the target
# sysroots come from the same mirror.
archive_uri() { # [suite [default URI]]
    want_suite=${1:-bookworm}
    uri=""
    if [ -r /etc/apt/sources.list.d/debian.sources ]; then
        # deb822: the URIs of the stanza whose Suites include plain "bookworm".
        uri=$(awk '
            /^[ \t]*$/ { if (s && u) { print u; exit } s = 0; u = ""; next }
            tolower($1) == "uris:" { u = $2 }
            tolower($1) == "suites:" { for (i = 2; i <= NF; i++) if ($i == w) s = 1 }
            END { if (s && u) print u }' w="$want_suite" /etc/apt/sources.list.d/debian.sources | head -n1)
    fi
    if [ -z "$uri" ] && [ -r /etc/apt/sources.list ]; then
        uri=$(awk '$1 == "deb" {
                i = 2; if ($i ~ /^\[/) { while ($i !~ /\]$/) i++; i++ }
                if ($(i + 1) == w) { print $i; exit } }' w="$want_suite" /etc/apt/sources.list)
    fi
    [ -n "$uri" ] || uri=${2:-http://deb.debian.org/debian}
    printf '%s\n' "${uri%/}"
}

have_pkg() {
    [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null || true)" = installed ]
}

qemu_major() {
    v=$(dpkg-query -W -f='${Version}' qemu-user 2>/dev/null || true)
    v=${v#*:}
    printf '%s\n' "${v%%.*}"
}

APT_UPDATED=0
apt_update_once() {
    if [ "$APT_UPDATED" = 0 ]; then
        apt-get update -q >&2 || die "apt-get update failed"
        APT_UPDATED=1
    fi
}

setup_host() {
    command -v dpkg-query >/dev/null || die "not a Debian system"
    URI=$(archive_uri)

    want="gcc-aarch64-linux-gnu gcc-powerpc64le-linux-gnu clang-19 lld-19 llvm-19
          meson ninja-build pkg-config"
    missing=""
    for p in $want; do have_pkg "$p" || missing="$missing $p"; done
    # bookworm's own qemu 7.2 cannot run LoongArch LSX/LASX: need 10.x.
    qemu_ok=0
    if [ -n "$(qemu_major)" ] && [ "$(qemu_major)" -ge 10 ] 2>/dev/null; then qemu_ok=1; fi
    if [ -z "$missing" ] && [ "$qemu_ok" = 1 ]; then
        log "host tools: present"
        return 0
    fi
    [ "$(id -u)" = 0 ] || die "run as root once to install:$missing$([ "$qemu_ok" = 1 ] || echo ' qemu-user(bookworm-backports)')"

    if [ "$qemu_ok" = 0 ] &&
        ! grep -rqs 'bookworm-backports' /etc/apt/sources.list /etc/apt/sources.list.d/; then
        log "adding bookworm-backports ($URI)"
        printf 'deb [signed-by=%s] %s bookworm-backports main\n' "$KEYRING" "$URI" \
            >/etc/apt/sources.list.d/simdprov-bookworm-backports.list
    fi
    apt_update_once
    if [ -n "$missing" ]; then
        log "installing$missing"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing >&2
    fi
    if [ "$qemu_ok" = 0 ]; then
        log "installing qemu-user from bookworm-backports"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
            -t bookworm-backports qemu-user >&2
    fi
    for q in qemu-aarch64 qemu-ppc64le qemu-riscv64 qemu-loongarch64; do
        command -v "$q" >/dev/null || die "$q missing after install"
    done
}

# ---------------------------------------------------------------- sysroots

# Per Debian architecture: suite, GNU triplet, packages. riscv64 is not in
# bookworm (trixie is the first release with it); loong64 is only in sid.
BOOKWORM_PKGS="libc6 libc6-dev linux-libc-dev libgcc-s1 libgcc-12-dev libcrypt1 libcrypt-dev
    libssl3 libssl-dev openssl libcunit1 libcunit1-dev"
NEWER_PKGS="libc6 libc6-dev linux-libc-dev libgcc-s1 libgcc-14-dev libcrypt1 libcrypt-dev
    libssl3t64 libssl-dev openssl openssl-provider-legacy libzstd1 zlib1g libcunit1 libcunit1-dev"
# The runtime-only ones (amd64-<suite>, <arch>-sid) only run programs built
# against another sysroot: runtime libraries, no headers (but amd64-experimental
# has OpenSSL 4.0's, to build the test programs against its libcrypto.so.4).
RUNTIME_PKGS="libc6 libgcc-s1 libssl3t64 openssl libzstd1 zlib1g libcunit1"
BOOKWORM_RUNTIME_PKGS="libc6 libgcc-s1 libssl3 openssl libcunit1"
OSSL4_PKGS="libc6 libgcc-s1 libssl4 libssl-dev openssl openssl-provider-legacy libzstd1 zlib1g
    libcunit1"

foreign_info() { # sets TRIPLET QEMU for a Debian architecture other than amd64
    case $1 in
        arm64) TRIPLET=aarch64-linux-gnu QEMU=qemu-aarch64 ;;
        ppc64el) TRIPLET=powerpc64le-linux-gnu QEMU=qemu-ppc64le ;;
        riscv64) TRIPLET=riscv64-linux-gnu QEMU=qemu-riscv64 ;;
        loong64) TRIPLET=loongarch64-linux-gnu QEMU=qemu-loongarch64 ;;
    esac
}

arch_info() { # sets APTARCH SUITE SOURCES PIN TRIPLET PKGS QEMU for $1
    APTARCH=$1
    SOURCES="" # the suites of the private APT world when not just $SUITE
    PIN=""     # "<a=suite|n=codename> pkg...": from that suite, not the newest
    case $1 in
        arm64) SUITE=bookworm TRIPLET=aarch64-linux-gnu PKGS=$BOOKWORM_PKGS QEMU=qemu-aarch64 ;;
        ppc64el) SUITE=bookworm TRIPLET=powerpc64le-linux-gnu PKGS=$BOOKWORM_PKGS QEMU=qemu-ppc64le ;;
        riscv64) SUITE=trixie TRIPLET=riscv64-linux-gnu PKGS=$NEWER_PKGS QEMU=qemu-riscv64 ;;
        loong64) SUITE=sid TRIPLET=loongarch64-linux-gnu PKGS=$NEWER_PKGS QEMU=qemu-loongarch64 ;;
        # Run with the sysroot's own loader (QEMU empty), see scripts/test-releases.sh.
        # A point release lives in its suite plus the one it updates:
        # bookworm-updates holds 3.0.17 (older than bookworm's own), so its
        # libssl3 and openssl are pinned; a -security suite holds the newest.
        amd64-bookworm | amd64-bookworm-updates | amd64-bookworm-security)
            APTARCH=amd64 SUITE=${1#amd64-} TRIPLET=x86_64-linux-gnu
            PKGS=$BOOKWORM_RUNTIME_PKGS QEMU=
            [ "$SUITE" = bookworm ] || SOURCES="bookworm $SUITE"
            [ "$SUITE" != bookworm-updates ] || PIN="n=bookworm-updates libssl3 openssl" ;;
        amd64-trixie | amd64-trixie-security | amd64-sid)
            APTARCH=amd64 SUITE=${1#amd64-} TRIPLET=x86_64-linux-gnu PKGS=$RUNTIME_PKGS QEMU=
            [ "$SUITE" != trixie-security ] || SOURCES="trixie trixie-security" ;;
        # OpenSSL 4.0 (libssl4, libcrypto.so.4) is only in experimental, on
        # sid's libc; everything but OpenSSL comes from sid.
        amd64-experimental)
            APTARCH=amd64 SUITE=experimental TRIPLET=x86_64-linux-gnu PKGS=$OSSL4_PKGS QEMU=
            SOURCES="sid experimental"
            PIN="a=experimental libssl4 libssl-dev openssl openssl-provider-legacy" ;;
        # Newest release's libcrypto for bookworm/trixie-built programs (qemu -L).
        arm64-sid) APTARCH=arm64 SUITE=sid TRIPLET=aarch64-linux-gnu PKGS=$RUNTIME_PKGS QEMU=qemu-aarch64 ;;
        ppc64el-sid) APTARCH=ppc64el SUITE=sid TRIPLET=powerpc64le-linux-gnu PKGS=$RUNTIME_PKGS QEMU=qemu-ppc64le ;;
        riscv64-sid) APTARCH=riscv64 SUITE=sid TRIPLET=riscv64-linux-gnu PKGS=$RUNTIME_PKGS QEMU=qemu-riscv64 ;;
        # The other releases' libcrypto under qemu (tools/release-insns.sh).
        arm64-trixie | ppc64el-trixie | riscv64-trixie)
            APTARCH=${1%-trixie} SUITE=trixie PKGS=$RUNTIME_PKGS
            foreign_info "$APTARCH" ;;
        arm64-experimental | ppc64el-experimental | riscv64-experimental | loong64-experimental)
            APTARCH=${1%-experimental} SUITE=experimental PKGS=$OSSL4_PKGS
            SOURCES="sid experimental"
            PIN="a=experimental libssl4 libssl-dev openssl openssl-provider-legacy"
            foreign_info "$APTARCH" ;;
        *) die "unknown architecture $1" ;;
    esac
    PKGS=$(printf '%s\n' $PKGS | sort | tr '\n' ' ')
}

debian_arch() {
    case $1 in
        arm64 | aarch64) echo arm64 ;;
        ppc64el | ppc64le) echo ppc64el ;;
        riscv64) echo riscv64 ;;
        loong64 | loongarch64) echo loong64 ;;
        amd64-bookworm | amd64-bookworm-updates | amd64-bookworm-security | \
            amd64-trixie | amd64-trixie-security | amd64-sid | amd64-experimental | \
            arm64-sid | ppc64el-sid | riscv64-sid) echo "$1" ;;
        arm64-trixie | ppc64el-trixie | riscv64-trixie | \
            arm64-experimental | ppc64el-experimental | riscv64-experimental | \
            loong64-experimental) echo "$1" ;;
        aarch64-sid) echo arm64-sid ;; ppc64le-sid) echo ppc64el-sid ;;
        *) die "unknown architecture $1" ;;
    esac
}

# A private APT world for one target architecture: its own sources, lists,
# cache and an empty dpkg status, so nothing touches the host's state.
write_apt_conf() { # $1 arch, $2 dir
    aa=$1 d=$2
    mkdir -p "$d/lists/partial" "$d/cache/archives/partial" "$d/etc/sources.list.d" \
        "$d/etc/preferences.d" "$d/log" "$d/debs"
    : >"$d/status"
    : >"$d/etc/sources.list"
    for s in ${SOURCES:-$SUITE}; do
        case $s in *-security) u=$SECURITY_URI ;; *) u=$URI ;; esac
        printf 'deb [arch=%s signed-by=%s] %s %s main\n' "$aa" "$KEYRING" "$u" "$s" \
            >>"$d/etc/sources.list"
    done
    : >"$d/etc/preferences"
    if [ -n "$PIN" ]; then
        printf 'Package: %s\nPin: release %s\nPin-Priority: 990\n' \
            "${PIN#* }" "${PIN%% *}" >"$d/etc/preferences"
    fi
    cat >"$d/apt.conf" <<CONF
APT::Architecture "$aa";
APT::Architectures { "$aa"; };
Dir::State "$d";
Dir::State::Lists "$d/lists";
Dir::State::status "$d/status";
Dir::Cache "$d/cache";
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
Dir::Etc::SourceList "$d/etc/sources.list";
Dir::Etc::SourceParts "$d/etc/sources.list.d";
Dir::Etc::Preferences "$d/etc/preferences";
Dir::Etc::PreferencesParts "$d/etc/preferences.d";
Dir::Log "$d/log";
Acquire::Languages "none";
// sid's Release may be past Valid-Until on a mirror snapshot; signatures
// are still checked against the Debian archive keyring.
Acquire::Check-Valid-Until "false";
// Downloads land in a root-owned project folder the _apt user cannot write.
APT::Sandbox::User "root";
CONF
}

# Absolute symlinks (libc6-dev's libm.so -> /lib/<triplet>/libm.so.6) would
# point into the host; make them relative to the sysroot.
relativize_links() { # $1 sysroot
    sr=$1
    find "$sr" -type l | while IFS= read -r l; do
        t=$(readlink "$l")
        case $t in
            /*) ln -sfn "$(realpath -s -m --relative-to="$(dirname "$l")" "$sr$t")" "$l" ;;
        esac
    done
}

trim_sysroot() { # $1 sysroot
    sr=$1
    rm -rf "$sr/usr/share/doc" "$sr/usr/share/man" "$sr/usr/share/locale" \
        "$sr/usr/share/info" "$sr/usr/share/lintian" "$sr/usr/share/bug" \
        "$sr"/usr/lib/*/gconv # iconv modules (~20 MB); nothing here converts charsets
    # The big static archives (libc.a, libm, libcrypto.a, libgcc-N-dev's
    # sanitizer and OpenMP ones...): nothing here links statically. Small
    # ones stay: glibc's libpthread.a/libdl.a stubs keep -lpthread working,
    # and *_nonshared.a, libgcc.a, libgcc_eh.a are used by dynamic links too.
    find "$sr" -name '*.a' -size +64k ! -name '*_nonshared.a' ! -name 'libgcc.a' \
        ! -name 'libgcc_eh.a' -delete
}

# Merged-/usr suites ship the loader under usr/; qemu -L looks it up at the
# path in PT_INTERP (/lib/..., /lib64/...), so add the usual root links.
usrmerge_links() { # $1 sysroot
    sr=$1
    for top in lib lib64 bin sbin; do
        if [ ! -e "$sr/$top" ] && [ ! -L "$sr/$top" ] && [ -d "$sr/usr/$top" ]; then
            ln -s "usr/$top" "$sr/$top"
        fi
    done
}

setup_sysroot() { # $1 debian arch
    a=$1
    # (sh has no locals: the helpers below must not reuse $a, $sr, $d.)
    arch_info "$a"
    sr=$SYSROOTS/$a
    # Bump the layout number when the way a sysroot is made changes.
    stamp="layout=5 suite=$SUITE pkgs=$PKGS"
    [ -z "$SOURCES$PIN" ] || stamp="$stamp sources=$SOURCES pin=$PIN"
    if [ -f "$sr/.simdprov-sysroot" ] && [ "$(cat "$sr/.simdprov-sysroot")" = "$stamp" ]; then
        log "sysroot $a: present"
        return 0
    fi
    log "sysroot $a: building from ${SOURCES:-$SUITE}"
    d=$WORK/apt-$a
    rm -rf "$d" "$sr"
    write_apt_conf "$APTARCH" "$d"
    APT_CONFIG=$d/apt.conf apt-get update -q >&2 || die "apt-get update for $a failed"
    (cd "$d/debs" && APT_CONFIG=$d/apt.conf apt-get download -q $PKGS >&2) ||
        die "apt-get download for $a failed"
    mkdir -p "$sr"
    for deb in "$d"/debs/*.deb; do dpkg -x "$deb" "$sr"; done
    relativize_links "$sr"
    usrmerge_links "$sr"
    trim_sysroot "$sr"
    # Check the result can run: the target's own openssl under qemu, or
    # (same architecture) under the sysroot's own loader and libraries.
    if [ -n "$QEMU" ]; then
        ver=$("$QEMU" -L "$sr" "$sr/usr/bin/openssl" version) ||
            die "sysroot $a: openssl does not run under $QEMU"
    else
        # bookworm is not merged-/usr: its libc lies in lib/, libssl in usr/lib/.
        ver=$("$sr/lib64/ld-linux-x86-64.so.2" --inhibit-cache \
            --library-path "$sr/usr/lib/$TRIPLET:$sr/lib/$TRIPLET" "$sr/usr/bin/openssl" version) ||
            die "sysroot $a: openssl does not run under its own loader"
    fi
    log "sysroot $a: $ver"
    # The index and .debs are not needed any more; keep the folder small.
    rm -rf "$d"
    printf '%s\n' "$stamp" >"$sr/.simdprov-sysroot"
}

# meson 1.0.1 machine files know no @DIRNAME@, so the committed cross files
# take the project's location from this generated one (given first).
write_paths() {
    case $ROOT in *"'"* | *'\'*) die "project path must not contain quotes or backslashes" ;; esac
    want=$(printf "# Generated by scripts/cross-setup.sh\n[constants]\ncross_dir = '%s'" "$ROOT/cross")
    [ "$(cat "$SYSROOTS/paths.ini" 2>/dev/null)" != "$want" ] || return 0
    printf '%s\n' "$want" >"$SYSROOTS/paths.ini.tmp"
    mv "$SYSROOTS/paths.ini.tmp" "$SYSROOTS/paths.ini"
}

main() {
    if [ $# -eq 0 ]; then set -- arm64 ppc64el riscv64 loong64; fi
    [ "${1:-}" != all ] || set -- arm64 ppc64el riscv64 loong64
    # The amd64 runtime sysroots need no cross tools or qemu.
    need_host=0
    for a in "$@"; do case $a in amd64-*) ;; *) need_host=1 ;; esac; done
    if [ "$need_host" = 1 ]; then setup_host; else URI=$(archive_uri); fi
    SECURITY_URI=$(archive_uri bookworm-security http://deb.debian.org/debian-security)
    mkdir -p "$SYSROOTS" "$WORK"
    for a in "$@"; do setup_sysroot "$(debian_arch "$a")"; done
    write_paths
}

main "$@"
