#!/bin/sh
# Runs the fuzzer for a bounded time; prints libFuzzer's summary line.
# Usage: run_fuzz.sh FUZZER SEED_CORPUS WORK_DIR SECONDS
set -eu
fuzzer=$1 seeds=$2 work=$3 seconds=$4
mkdir -p "$work"
log="$work/last-run.log"
status=0
"$fuzzer" -max_total_time="$seconds" -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$work/" "$work" "$seeds" >"$log" 2>&1 || status=$?
tail -n 40 "$log"
exit "$status"
