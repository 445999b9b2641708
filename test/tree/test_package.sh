#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The Debian package as a user gets it: builds it (scripts/package-deb.sh:
# lintian, ELF checks), checks what scripts/deps.sh's purposes would install
# on a fresh Debian 12 root (apt's simulation: bench brings in nothing only
# the tests, the packaging or the charts need), installs the package into a
# throwaway copy of that root and checks there that the module loads with no
# path, that the example config makes simd serve, that the man page is
# installed, that installing activates nothing, that the README's system-wide
# activation works and backs out, that removing and purging leaves no file
# behind, and what OpenSSL does with a config that names simd once the module
# is gone.
#   sh test/tree/test_package.sh        (root: debootstrap and chroot)
# The root comes from debootstrap (minbase bookworm, SIMDPROV_DEBIAN_MIRROR,
# default deb.debian.org) and is cached in build-chroot/ with a stamp; every
# run works on a fresh copy of it. Set SIMDPROV_SKIP_PACKAGE=1 to skip.
# shellcheck disable=SC2016 # the eval strings expand when check runs them
set -eu
cd "$(dirname "$0")/../.."
top=$PWD
. test/support/testlib.sh # simd_cnf_sections; check is this script's own (below)

skip() { echo "skip: $*"; exit 77; }
[ "${SIMDPROV_SKIP_PACKAGE:-0}" != 1 ] || skip "SIMDPROV_SKIP_PACKAGE=1"
# The root is amd64 Debian 12 and runs natively: an x86_64 host only.
[ "$(uname -m)" = x86_64 ] || skip "the Debian 12 root is amd64; this host is $(uname -m)"
[ "$(id -u)" -eq 0 ] || skip "debootstrap and chroot need root"
sh scripts/deps.sh package-test

sh scripts/package-deb.sh
deb=$(ls build-deb/openssl-provider-simd_*_amd64.deb)

mirror=${SIMDPROV_DEBIAN_MIRROR:-http://deb.debian.org/debian}
cache=$top/build-chroot
pristine=$cache/bookworm
stamp_want="debootstrap --variant=minbase --include=openssl bookworm $mirror"
if [ "$(cat "$pristine.stamp" 2>/dev/null)" != "$stamp_want" ]; then
    echo "making the Debian 12 root (cached in build-chroot/)"
    rm -rf "$pristine" "$pristine.tmp" "$pristine.stamp"
    mkdir -p "$cache"
    if ! debootstrap --variant=minbase --include=openssl bookworm \
        "$pristine.tmp" "$mirror" >"$cache/debootstrap.log" 2>&1; then
        tail -n 20 "$cache/debootstrap.log" >&2
        exit 1
    fi
    mv "$pristine.tmp" "$pristine"
    echo "$stamp_want" >"$pristine.stamp"
fi
root=$cache/work
rm -rf "$root"
cp -a "$pristine" "$root"
out=$(mktemp -d)
trap 'rm -rf "$root" "$out"' EXIT
trap 'exit 1' INT TERM
pass=0 fail=0
# Not testlib.sh's: the commands run in the root through run, which keeps
# their output in $out; a failure shows the start of their stderr.
check() {
    name=$1; shift
    if "$@"; then pass=$((pass + 1)); echo "ok   $name"
    else fail=$((fail + 1)); echo "FAIL $name"
        sed 's/^/     stderr: /' "$out/stderr" | head -n 5; fi
}
# A command in the root with a clean environment: nothing of this host's
# OPENSSL_CONF or OPENSSL_MODULES leaks in. Output in $out/stdout, $out/stderr,
# the status in $rc.
run() {
    rc=0
    chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C \
        "$@" >"$out/stdout" 2>"$out/stderr" || rc=$?
}
ok_quiet() { [ "$rc" -eq 0 ] && [ ! -s "$out/stderr" ]; }
says() { grep -q -- "$1" "$out/stdout"; }
# `openssl list -providers` output: is provider $1 listed as active?
active() { awk -v p="  $1" '$0 == p {f = 1; next} /^  [^ ]/ {f = 0}
    f && /status: active/ {found = 1} END {exit !found}' "$out/stdout"; }
stdout_is() { [ "$(cat "$out/stdout")" = "$1" ]; }
# Every path in the root with its type and mode, and the content of /etc:
# what "leaves nothing behind" compares. dpkg's and apt's own state and logs
# change.
snapshot() {
    (cd "$root" && find . -xdev \( -path ./var/lib/dpkg -o -path ./var/log \
        -o -path ./var/lib/apt -o -path ./var/cache/apt -o -path ./var/cache/ldconfig \
        -o -path ./proc -o -path ./dev \) -prune \
        -o -printf '%p %y %m\n' | sort && find ./etc -type f -exec md5sum {} + | sort)
}

# What scripts/deps.sh would install on a fresh Debian 12 (this root): apt's
# simulation on the root's package state with this host's package lists.
# bench (scripts/run.sh) brings in none of the packages that only test,
# package-test or draw name, not even as a dependency; every purpose resolves.
apt-cache show meson >/dev/null 2>&1 || apt-get update -qq
simulate() { # purpose...: what apt would install, sorted, in $out/inst
    # shellcheck disable=SC2046 # a list of package names
    apt-get -s -o Dir::State::status="$pristine/var/lib/dpkg/status" install \
        --no-install-recommends $(sh scripts/deps.sh --print "$@") >"$out/sim" 2>"$out/stderr" &&
        sed -n 's/^Inst \([^ :]*\).*/\1/p' "$out/sim" | sort >"$out/inst"
}
bench_alone() {
    simulate bench || return 1
    sh scripts/deps.sh --print bench | sort >"$out/bench"
    sh scripts/deps.sh --print test package-test draw | sort -u |
        comm -23 - "$out/bench" | comm -12 - "$out/inst" >"$out/stderr"
    [ ! -s "$out/stderr" ]
}
check "deps.sh bench on a fresh root: nothing only test, package or draw need" bench_alone
for purpose in build package package-test test draw; do
    check "deps.sh $purpose resolves on a fresh root" simulate "$purpose"
done

run openssl version -m
modulesdir=$(sed -n 's/^MODULESDIR: "\(.*\)"$/\1/p' "$out/stdout")
example=/usr/share/doc/openssl-provider-simd/examples/simdprov.cnf
data=/usr/bin/openssl
key=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
iv=01000000000000004a00000000000000

# What default says, before the package: the reference outputs.
run openssl dgst -md5 "$data"; md5_default=$(cat "$out/stdout")
run sh -c "openssl enc -chacha20 -K $key -iv $iv -in $data | md5sum"
chacha_default=$(cat "$out/stdout")
check "reference outputs from default" eval '[ -n "$md5_default" ] && [ -n "$chacha_default" ]'
# The proof below that simd served: provider=simd (not ?provider=simd) makes
# a fetch fail unless simd has the algorithm; without simd loaded it fails.
run openssl dgst -md5 -propquery provider=simd "$data"
check "control: -propquery provider=simd fails when simd is not loaded" \
    eval '[ "$rc" -ne 0 ] && grep -q unsupported "$out/stderr"'

# What the README promises: no maintainer script, no trigger.
check "the package has no maintainer script (control, md5sums only)" eval \
    '[ "$(dpkg-deb --ctrl-tarfile "$deb" | tar -t | sort | tr "\n" " ")" = "./ ./control ./md5sums " ]'

# The man page, compressed as debhelper leaves it.
manpage=/usr/share/man/man7/provider-simd.7.gz
check "the package has the man page $manpage" eval \
    'dpkg-deb -c "$deb" | grep -q " \.$manpage\$"'

snapshot >"$out/before"
cp "$deb" "$root/pkg.deb"
run dpkg -i /pkg.deb
rm -f "$root/pkg.deb"
check "dpkg -i" ok_quiet
run dpkg -L openssl-provider-simd
check "simd.so in libcrypto's modules directory ($modulesdir)" says "^$modulesdir/simd.so\$"
check "the example config in $example" says "^$example\$"
check "the man page in $manpage" says "^$manpage\$"
check "no conffile, nothing in /etc" eval '! says "^/etc"'
snapshot | grep ' \./etc/' >"$out/etc-installed"
check "dpkg -i changed nothing in /etc" eval 'grep " \./etc/" "$out/before" | diff - "$out/etc-installed"'

run openssl list -providers
check "installing activates nothing (system config: default only)" \
    eval '[ "$rc" -eq 0 ] && ! says simd'
run openssl list -providers -provider simd
check "openssl list -providers -provider simd, no path: simd active" active simd

run env OPENSSL_CONF=$example openssl list -providers
check "example config: simd and default active" eval 'active simd && active default'
run env OPENSSL_CONF=$example openssl dgst -md5 -propquery provider=simd "$data"
check "example config: MD5 from simd equals default's" stdout_is "$md5_default"
run env OPENSSL_CONF=$example sh -c \
    "openssl enc -chacha20 -propquery provider=simd -K $key -iv $iv -in $data | md5sum"
check "example config: ChaCha20 from simd equals default's" stdout_is "$chacha_default"
run env OPENSSL_CONF=$example openssl list -cipher-algorithms -propquery provider=simd
check "example config: list -cipher-algorithms names ChaCha20 @ simd" says "ChaCha20 @ simd"

# System-wide activation, exactly as the README gives it (Debian's
# openssl.cnf has config_diagnostics = 1 and no include directory).
enable="sed -i '/^\[openssl_init\]\$/a providers = provider_sect\nalg_section = algorithm_sect' /etc/ssl/openssl.cnf
cat >>/etc/ssl/openssl.cnf <<'EOF'
# simdprov begin
$(simd_cnf_sections simd.so)
# simdprov end
EOF"
disable="sed -i -e '/^providers = provider_sect\$/d' -e '/^alg_section = algorithm_sect\$/d' \\
    -e '/^# simdprov begin\$/,/^# simdprov end\$/d' /etc/ssl/openssl.cnf"
# Every line of both, as the README prints them (so what is tested is what
# it says).
in_readme() {
    printf '%s\n' "$enable" "$disable" | sed 's/^ *//' | while IFS= read -r line; do
        grep -qF -- "$line" README.md || { echo "     not in README.md: $line"; return 1; }
    done
}
check "README.md gives these activation and back-out commands" in_readme
run sh -c "$enable"
run openssl list -providers
check "system-wide: simd and default active" eval 'active simd && active default'
run openssl dgst -md5 -propquery provider=simd "$data"
check "system-wide: MD5 from simd equals default's" stdout_is "$md5_default"

# The package removed first, the lines still in openssl.cnf.
run dpkg -r openssl-provider-simd
check "dpkg -r" ok_quiet
check "dpkg -r removed simd.so" [ ! -e "$root$modulesdir/simd.so" ]
run openssl dgst -md5 "$data"
check "system-wide, module gone: openssl dgst -md5 works, silent, exit 0" \
    eval 'ok_quiet && stdout_is "$md5_default"'
run openssl list -providers
check "system-wide, module gone: default active, simd not listed" \
    eval '[ "$rc" -eq 0 ] && active default && ! says simd'
run openssl list -providers -provider simd
check "module gone: an explicit -provider simd fails (exit 1, says so)" \
    eval '[ "$rc" -eq 1 ] && grep -q "unable to load provider simd" "$out/stderr"'
run sh -c "$disable"
run openssl list -providers
check "backed out: default only" eval 'active default && ! says simd'

# No conffiles: dpkg -r already removes everything, the package is then
# unknown to dpkg. Again with apt as the README says, then installed and
# purged straight away.
snapshot >"$out/after"
check "dpkg -r: no file left, /etc as before" diff "$out/before" "$out/after"
run dpkg -s openssl-provider-simd
check "dpkg -r: dpkg no longer knows the package (nothing to purge)" [ "$rc" -ne 0 ]
cp "$deb" "$root/pkg.deb"
run sh -c 'cd / && apt-get install -y -q ./pkg.deb'
rm -f "$root/pkg.deb"
check "apt-get install ./openssl-provider-simd_*.deb" [ "$rc" -eq 0 ]
run openssl list -providers -provider simd
check "after apt-get install: simd active" active simd
run apt-get remove -y -q openssl-provider-simd
check "apt-get remove" [ "$rc" -eq 0 ]
snapshot >"$out/after"
check "apt-get remove: no file left, /etc as before" diff "$out/before" "$out/after"
cp "$deb" "$root/pkg.deb"
run dpkg -i /pkg.deb
rm -f "$root/pkg.deb"
check "dpkg -i again" ok_quiet
run dpkg -P openssl-provider-simd
check "dpkg -P" ok_quiet
snapshot >"$out/after"
check "dpkg -P: no file left, /etc as before" diff "$out/before" "$out/after"

# The example config (a copy: the package is gone) with the module missing;
# then simd listed before default, and soft_load = 1, which OpenSSL 3.0
# accepts: the same outcome each time.
cp simdprov.cnf "$root/tmp/example.cnf"
sed -e 's/^default = default_sect$/simd = simd_sect/;t' -e 's/^simd = simd_sect$/default = default_sect/' \
    simdprov.cnf >"$root/tmp/simd-first.cnf"
sed 's/^\[simd_sect\]$/&\nsoft_load = 1/' simdprov.cnf >"$root/tmp/soft-load.cnf"
check "the variants differ from the example" sh -c \
    "! cmp -s '$root/tmp/simd-first.cnf' simdprov.cnf && ! cmp -s '$root/tmp/soft-load.cnf' simdprov.cnf"
for cnf in example simd-first soft-load; do
    run env OPENSSL_CONF=/tmp/$cnf.cnf openssl dgst -md5 "$data"
    check "$cnf.cnf, module missing: dgst -md5 works, silent, exit 0" \
        eval 'ok_quiet && stdout_is "$md5_default"'
    run env OPENSSL_CONF=/tmp/$cnf.cnf openssl list -providers
    check "$cnf.cnf, module missing: default active, simd not listed" \
        eval '[ "$rc" -eq 0 ] && active default && ! says simd'
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
