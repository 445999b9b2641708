#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Python's hashlib MD5 (hashlib.md5, hashlib.new('md5'), copies mid-stream)
# through an OpenSSL config that names simd.so by its absolute path, against
# RFC 1321's digests and MD5 of a million 'a'. Python opens libcrypto with
# RTLD_LOCAL, so a module that still referenced one libcrypto symbol would
# fail to load there (undefined symbol) while `openssl` loads it fine, and
# default would serve MD5 with no error: so this proves simd served it. In
# the process itself, OSSL_PROVIDER_available (through ctypes, on the
# libcrypto _hashlib loaded) must say simd is active; and uprobes on simd's
# md5_final (uprobes.sh) must count at least one call per digest on simd and
# none on plain default (that count is skipped, and said so, without root
# or perf; SIMDPROV_REQUIRE_UPROBES=1 makes that a failure).
# Usage: test_hashlib.sh PYTHON SIMD_SO
set -u
python=$1 module=$2
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../support/testlib.sh"
. "$here/../support/uprobes.sh"
work_dir

# The module by absolute path and OPENSSL_MODULES unset, as in
# test_python.sh: every other module stays libcrypto's own.
simd_cnf_by_path "$work/simd.cnf" "$module"

cat >"$work/md5.py" <<'PY'
import ctypes, hashlib, sys
vectors = [  # RFC 1321 A.5, and a million 'a'
    (b"", "d41d8cd98f00b204e9800998ecf8427e"),
    (b"a", "0cc175b9c0f1b6a831c399e269772661"),
    (b"abc", "900150983cd24fb0d6963f7d28e17f72"),
    (b"message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
    (b"abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
    (b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
     "d174ab98d277d9f5a5611c2c9f419d9f"),
    (b"1234567890" * 8, "57edf4a22be3c955ac49da2e2107b67a"),
    (b"a" * 1000000, "7707d6ae4e027c70eea2a935c2296f21"),
]
bad = digests = 0
for msg, want in vectors:
    got = [hashlib.md5(msg).hexdigest(), hashlib.new("md5", msg).hexdigest()]
    h = hashlib.new("md5")
    half = len(msg) // 2
    h.update(msg[:half])
    c = h.copy()  # a copy mid-stream, finished on its own
    h.update(msg[half:])
    c.update(msg[half:])
    got += [h.hexdigest(), c.hexdigest()]
    digests += len(got)
    for g in got:
        if g != want:
            print("FAIL md5(%d bytes) = %s, want %s" % (len(msg), g, want))
            bad += 1
print("digests %d" % digests)
# The libcrypto that _hashlib loaded (RTLD_LOCAL): ctypes opens the same one.
path = next((l.split()[-1] for l in open("/proc/self/maps")
             if "libcrypto.so" in l), None)
crypto = ctypes.CDLL(path)
crypto.OSSL_PROVIDER_available.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
print("simd available %d" % crypto.OSSL_PROVIDER_available(None, b"simd"))
sys.exit(1 if bad else 0)
PY

if ! "$python" -c 'import _hashlib' 2>/dev/null; then
    skip_all "$python has no _hashlib (Python built without OpenSSL)"
fi
uprobes_start "count of simd's MD5 calls" "$module" md5_final || [ $? -eq 1 ] ||
    bail "no uprobes"

for run in simd default; do
    cnf=$work/simd.cnf
    [ $run = default ] && cnf=/dev/null
    OPENSSL_CONF=$cnf counted "$work/$run.stat" "$python" "$work/md5.py" \
        >"$work/$run.out" 2>&1 ||
        failed "python on $run"
    sed "s/^/# $run: /" "$work/$run.out"
done
grep -qx 'simd available 1' "$work/simd.out" ||
    failed "simd is active in Python's libcrypto (did the module load?)"
grep -qx 'simd available 0' "$work/default.out" ||
    failed "the default run has no simd"
digests=$(sed -n 's/^digests //p' "$work/simd.out")
uprobe_proof md5_final "$work/simd.stat" "$work/default.stat" "$digests" digests ||
    failed "simd served hashlib's MD5"
[ $fail -eq 0 ] && passed "hashlib MD5 on simd, right digests"
summary
