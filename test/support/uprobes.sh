# SPDX-License-Identifier: Apache-2.0
# Counting calls into simd.so from another program, for the real-client tests
# (test_tls.sh, test_python.sh, test_hashlib.sh, test_noinstall.sh,
# test_ssh.sh): uprobes on simd's functions (`perf probe -x`) and `perf stat`
# around the program. A count read back this way cannot be
# faked by the default provider doing the work: the probes sit on simd.so's
# own code, and a process that never runs it counts 0.
#
# Sourced (POSIX sh). Needs root and perf (Debian's linux-perf); without them
# uprobes_setup says why and every count reads "skip".
#   uprobes_setup MODULE FUNC...   0 = probes set; else UPROBE_SKIP says why
#   uprobes_start PROOF MODULE FUNC...
#                                  uprobes_setup, saying what came of it:
#                                  0 = set, 1 = skipped (TAP), 2 = failed
#                                  (no probe set, or SIMDPROV_REQUIRE_UPROBES=1
#                                  and skipped)
#   uprobe_missing MODULE FUNC...  the FUNCs MODULE has no code symbol for
#   counted STATFILE CMD [ARG...]  runs CMD, under perf stat when probes are set
#   uprobe_count STATFILE          the calls CMD made into FUNC..., summed
#   calls_at_least N WANT          N (a count or "skip") is skip or >= WANT
#   calls_none N                   N is skip or 0
#   uprobe_proof WHAT SIMD_STAT DEFAULT_STAT WANT UNIT
#                                  says the calls of a run on simd and one on
#                                  default; true if calls_at_least WANT and
#                                  calls_none
#   uprobes_cleanup                removes the probes (sourced after
#                                  testlib.sh, it runs at exit by itself;
#                                  else call it from the EXIT trap, and exit
#                                  on INT, TERM, HUP and PIPE so that it runs)

UPROBE_GROUP="" UPROBE_EVENTS="" UPROBE_SKIP=""

# simd's ChaCha20-Poly1305 entry points that every record goes through:
# libssl calls EVP_CipherUpdate per record (the cipher's update) and
# EVP_Cipher reaches its cipher entry. They are static functions of
# provider/cipher_chacha20_poly1305.c, found in the module's symbol table;
# rename them here when they are renamed there.
UPROBE_AEAD_FUNCS="cp_update cp_cipher"

uprobes_setup() {
    module=$1; shift
    if [ "$(id -u)" -ne 0 ]; then
        UPROBE_SKIP="not root (perf probe needs root)"; return 1
    fi
    # A module for another architecture runs under qemu-user (the cross
    # matrix): a uprobe would watch the host's qemu, never the module's code.
    if [ "$(od -An -tx2 -j18 -N2 "$module")" != "$(od -An -tx2 -j18 -N2 /proc/self/exe)" ]; then
        UPROBE_SKIP="$module is for another architecture (under qemu-user a uprobe sees only qemu)"
        return 1
    fi
    if ! command -v perf >/dev/null 2>&1; then
        UPROBE_SKIP="perf not installed (Debian: linux-perf)"; return 1
    fi
    # perf probe writes uprobe_events in tracefs; a container may not have
    # mounted it yet.
    tracefs=/sys/kernel/tracing
    if [ ! -e $tracefs/uprobe_events ] && [ -d $tracefs ]; then
        mount -t tracefs nodev $tracefs 2>/dev/null
    fi
    if [ ! -e $tracefs/uprobe_events ]; then
        UPROBE_SKIP="no $tracefs/uprobe_events (kernel without uprobe events, or tracefs not mountable)"
        return 1
    fi
    # One group per run: meson runs tests in parallel (test_tls.sh and
    # test_python.sh probe the same simd.so), and every build dir has its own.
    UPROBE_GROUP="simdprov_$$"
    # A run killed before its cleanup leaves its group behind, and pids wrap.
    perf probe -q -d "$UPROBE_GROUP:*" >/dev/null 2>&1
    # perf probe refuses an event name that any group already has, so the
    # names carry the pid too.
    for f in "$@"; do
        ev="$UPROBE_GROUP:${f}_$$"
        if ! perf probe -q -x "$module" -a "$ev=$f" >/dev/null 2>&1; then
            echo "perf probe -x $module $f failed:" >&2
            perf probe -x "$module" -a "$ev=$f" >&2
            uprobes_cleanup
            return 2
        fi
        UPROBE_EVENTS="$UPROBE_EVENTS${UPROBE_EVENTS:+,}$ev"
    done
    return 0
}

uprobes_start() {
    up_proof=$1 up_module=$2; shift 2
    if uprobes_setup "$up_module" "$@"; then
        diag "uprobes on $* in $up_module"
        return 0
    elif [ $? -eq 2 ]; then
        failed "setting uprobes on $up_module"
    elif [ "${SIMDPROV_REQUIRE_UPROBES:-0}" = 1 ]; then
        failed "$up_proof (SIMDPROV_REQUIRE_UPROBES=1): $UPROBE_SKIP"
    else
        skipped "$up_proof" "$UPROBE_SKIP"
        return 1
    fi
    return 2
}

# A function renamed in the provider: perf probe would say so only as root
# with perf, nm says so everywhere.
uprobe_missing() {
    up_module=$1 up_missing=""; shift
    for up_f in "$@"; do
        nm "$up_module" 2>/dev/null | grep -q " [tT] $up_f\$" ||
            up_missing="$up_missing${up_missing:+ }$up_f"
    done
    echo "$up_missing"
}

counted() {
    stat=$1; shift
    if [ -n "$UPROBE_EVENTS" ]; then
        perf stat -x, -o "$stat" -e "$UPROBE_EVENTS" -- "$@"
    else
        : >"$stat"
        "$@"
    fi
}

uprobe_count() {
    if [ -z "$UPROBE_EVENTS" ]; then
        echo skip
        return
    fi
    # CSV lines: count,unit,event,...; "<not counted>" is 0.
    awk -F, -v g="$UPROBE_GROUP:" 'index($3, g) == 1 { n += ($1 ~ /^[0-9]+$/) ? $1 : 0 }
        END { print n + 0 }' "$1"
}

# The proof's thresholds: a run on simd made at least WANT calls (one per
# record, packet or digest), a run on default none.
calls_at_least() { [ "$1" = skip ] || [ "$1" -ge "$2" ]; }
calls_none() { [ "$1" = skip ] || [ "$1" -eq 0 ]; }

uprobe_proof() { # what, simd run's stat file, default run's, want, unit
    up_ns=$(uprobe_count "$2") up_nd=$(uprobe_count "$3")
    diag "calls into simd's $1: $up_ns on simd, $up_nd on default, for ${4:-?} $5"
    calls_at_least "$up_ns" "${4:-1}" && calls_none "$up_nd"
}

uprobes_cleanup() {
    if [ -n "$UPROBE_GROUP" ]; then
        perf probe -q -d "$UPROBE_GROUP:*" >/dev/null 2>&1
    fi
    UPROBE_GROUP="" UPROBE_EVENTS=""
}

if command -v at_exit >/dev/null 2>&1; then
    at_exit uprobes_cleanup
fi
