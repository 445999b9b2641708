#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# python3-cryptography's ChaCha20Poly1305 through an OpenSSL config with simd:
# chacha20_poly1305.py (RFC 8439 2.8.2, round trips, tag failures) once on
# simd and once on plain default, with the same output; uprobes on simd.so
# (uprobes.sh) prove simd did the work: at least one call per seal or open
# on simd, none on default (skipped, and said so, without root or perf;
# SIMDPROV_REQUIRE_UPROBES=1 makes that a failure).
# Usage: test_python.sh PYTHON SIMD_SO OPENSSL
set -u
python=$1 module=$2 openssl=$3
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../support/testlib.sh"
. "$here/../support/uprobes.sh"
work_dir

# cryptography loads the legacy provider when it is imported; with
# OPENSSL_MODULES at the build dir, libcrypto would look for legacy.so there
# and the import fails ("DSO support routines::could not load the shared
# library"). So this config names simd.so by its absolute path and
# OPENSSL_MODULES is unset.
simd_cnf_by_path "$work/simd.cnf" "$module"

run() { # config, output
    OPENSSL_CONF=$1 counted "$2.stat" "$python" "$here/chacha20_poly1305.py" >"$2"
}

if why=$(cryptography_missing "$python"); then
    skip_all "$why"
fi
simd_aead=0
if OPENSSL_CONF=$work/simd.cnf "$openssl" list -cipher-algorithms 2>/dev/null |
        grep -qi '^ *ChaCha20-Poly1305 @ simd$'; then
    simd_aead=1
    uprobes_start "proof that simd did the work" "$module" $UPROBE_AEAD_FUNCS ||
        [ $? -eq 1 ] || bail "no uprobes"
elif [ -e "${SIMDPROV_SOURCE_ROOT:-/nonexistent}/provider/cipher_chacha20_poly1305.c" ]; then
    bail "simd does not serve ChaCha20-Poly1305 (the tree has its source)"
else
    skipped "simd serves ChaCha20-Poly1305" "not in this tree: both runs are on default"
fi

run "$work/simd.cnf" "$work/simd.out"; rs=$?
run /dev/null "$work/default.out"; rd=$?
diag <"$work/simd.out"
if [ $rs -eq 77 ]; then
    skipped "python3-cryptography ChaCha20Poly1305" \
        "$python's cryptography does not run on this libcrypto"
    summary
    exit
fi
if [ $rs -ne 0 ] || [ $rd -ne 0 ]; then
    failed "python exit $rs on simd, $rd on default"; diag <"$work/default.out"
fi
if ! grep -v '^provider ' "$work/simd.out" >"$work/a" ||
   ! grep -v '^provider ' "$work/default.out" >"$work/b" ||
   ! cmp -s "$work/a" "$work/b"; then
    failed "simd's output is default's"; diff "$work/a" "$work/b" | diag
fi
grep -qx 'provider default' "$work/default.out" ||
    failed "default run on default"
if [ $simd_aead = 1 ]; then
    grep -qx 'provider simd' "$work/simd.out" ||
        failed "simd's config gives simd's ChaCha20-Poly1305"
    ops=$(sed -n 's/^ops //p' "$work/simd.out")
    uprobe_proof ChaCha20-Poly1305 "$work/simd.out.stat" "$work/default.out.stat" \
        "$ops" "seals and opens" || failed "simd did the work"
fi
[ $fail -eq 0 ] && passed "python3-cryptography ChaCha20Poly1305 on simd == default"
summary
