#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Runs the fuzzer for a bounded time; prints libFuzzer's summary line.
# Usage: run_fuzz.sh FUZZER SEED_CORPUS WORK_DIR SECONDS
#
# First every seed is replayed once as a plain input: the process ends
# right after, so LeakSanitizer's exit-time check always runs (a leak in
# the harness's set-up shows on every run, not only when the timed run
# happens to trigger a leak check). Then the timed run. On a failure, every
# artifact (crash-, leak-, timeout-, oom-, slow-unit-) is printed in base64
# so the input can be replayed from a CI log:
#   echo '<base64>' | base64 -d > input && FUZZER input
set -eu
fuzzer=$1 seeds=$2 work=$3 seconds=$4
mkdir -p "$work"
rm -f "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* \
    "$work"/slow-unit-*
log="$work/last-run.log"

print_artifacts() {
    for f in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* \
        "$work"/slow-unit-*; do
        [ -f "$f" ] || continue
        echo "artifact $(basename "$f") ($(wc -c <"$f") bytes), base64:"
        base64 -w 76 "$f"
    done
}

# A failure exits 1, whatever libFuzzer's status: it exits 77 on a finding,
# which meson reads as "skipped", so a crash would not fail the suite.
status=0
"$fuzzer" -artifact_prefix="$work/" "$seeds"/* >"$log" 2>&1 || status=$?
if [ "$status" != 0 ]; then
    tail -n 60 "$log"
    echo "replaying the seed corpus failed (exit $status)"
    print_artifacts
    exit 1
fi
echo "seed corpus replayed: $(ls "$seeds" | wc -l) inputs, no finding"

"$fuzzer" -max_total_time="$seconds" -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$work/" "$work" "$seeds" >"$log" 2>&1 || status=$?
tail -n 40 "$log"
if [ "$status" != 0 ]; then
    echo "fuzzing failed (exit $status)"
    print_artifacts
    exit 1
fi
