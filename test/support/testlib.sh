# SPDX-License-Identifier: Apache-2.0
# What the shell tests share: their TAP output (meson runs them with
# protocol tap, so it reports each check), the named checks with their
# pass/fail counts, the work directory and its removal at exit, the config
# that loads simd.so by absolute path, and the python3-cryptography probe.
# The uprobe part is uprobes.sh.
#
# Sourced (POSIX sh, safe under set -u) by path relative to the script,
# `. "$(dirname "$0")/../support/testlib.sh"`: the tests run from meson, by
# hand and from scripts/test-cross.sh and scripts/test-releases.sh as
# `sh PATH`, where no build-time variable says where the tree is.
#   work_dir                 makes $work, removed at exit; INT, TERM, HUP and
#                            PIPE exit 1 so that the exit actions run
#   at_exit CMD              CMD runs at exit, before the ones given earlier
#   check NAME CMD [ARG...]  runs CMD (output kept in $work/out, shown as
#                            TAP diagnostics on failure) and counts it; with
#                            check_ms=1 "ok" lines carry CMD's wall time
#   note TEXT                appended to the "ok" line of the running check
#   passed NAME              a check decided by the script: "ok N - NAME"
#   failed NAME [WHY...]     "not ok N - NAME", each WHY a diagnostic line
#   skipped NAME WHY         "ok N - NAME # SKIP WHY" (counted when the
#                            script set skip=0)
#   diag [TEXT...]           TEXT, or standard input, as "# " lines
#   skip_all WHY             "1..0 # SKIP WHY" and exit 0: nothing to check
#   bail WHY                 "Bail out! WHY" and exit 1: the rest cannot run
#   summary                  the plan "1..N", then "# P passed, F failed[,
#                            S skipped]"; false if a check failed
#   simd_cnf_by_path FILE MODULE  writes simdprov.cnf with the module by
#                                 path, unsets OPENSSL_MODULES
#   simd_cnf_sections MODULE      its provider and algorithm sections
#   cryptography_missing PYTHON   true, saying why, if PYTHON cannot import
#                                 cryptography

pass=0 fail=0 skip="" check_ms=0 TESTLIB_AT_EXIT="" tap_n=0

at_exit() {
    TESTLIB_AT_EXIT="$*${TESTLIB_AT_EXIT:+; $TESTLIB_AT_EXIT}"
}

work_dir() {
    work=$(mktemp -d) || exit 1
    at_exit 'rm -rf "$work"'
    trap 'eval "$TESTLIB_AT_EXIT"' EXIT
    trap 'exit 1' INT TERM HUP PIPE
}

diag() {
    if [ $# -gt 0 ]; then
        printf '# %s\n' "$@"
    else
        sed 's/^/# /'
    fi
}

passed() {
    pass=$((pass + 1)) tap_n=$((tap_n + 1))
    echo "ok $tap_n - $1"
}

failed() {
    fail=$((fail + 1)) tap_n=$((tap_n + 1))
    echo "not ok $tap_n - $1"
    shift
    [ $# -eq 0 ] || diag "$@"
}

skipped() {
    [ -z "$skip" ] || skip=$((skip + 1))
    tap_n=$((tap_n + 1))
    echo "ok $tap_n - $1 # SKIP $2"
}

skip_all() {
    echo "1..0 # SKIP $*"
    exit 0
}

bail() {
    echo "Bail out! $*"
    exit 1
}

check() { # name, then a command that must succeed
    name=$1; shift
    t0=$(date +%s%N)
    if "$@" >"$work/out" 2>&1; then
        [ "$check_ms" = 1 ] && note " ($(( ($(date +%s%N) - t0) / 1000000 )) ms)"
        passed "$name$(cat "$work/note" 2>/dev/null)"
    else
        failed "$name"
        diag <"$work/out"
    fi
    rm -f "$work/note"
}
note() { printf '%s' "$*" >>"$work/note"; }

summary() {
    echo "1..$tap_n"
    if [ -n "$skip" ]; then
        diag "$pass passed, $fail failed, $skip skipped"
    else
        diag "$pass passed, $fail failed"
    fi
    [ "$fail" -eq 0 ]
}

# The sections of simdprov.cnf. The README's system-wide activation appends
# them to openssl.cnf with "simd.so" (test_package.sh checks it says so).
simd_cnf_sections() { # module
    cat <<CNF
[provider_sect]
default = default_sect
simd = simd_sect
[default_sect]
activate = 1
[simd_sect]
module = $1
activate = 1
[algorithm_sect]
default_properties = ?provider=simd
CNF
}

# simdprov.cnf naming the module by its path, and no OPENSSL_MODULES: every
# other module (legacy, which python3-cryptography loads when imported) then
# comes from libcrypto's own modules directory.
simd_cnf_by_path() { # file, module
    {
        printf '%s\n' 'openssl_conf = openssl_init' '[openssl_init]' \
            'providers = provider_sect' 'alg_section = algorithm_sect'
        simd_cnf_sections "$2"
    } >"$1"
    unset OPENSSL_MODULES
}

cryptography_missing() { # python
    "$1" -c 'import cryptography' 2>/dev/null && return 1
    echo "$1 has no cryptography module (Debian: python3-cryptography)"
}
