#!/usr/bin/env bash
# Executions per second of each fuzz target: one libFuzzer process per target (no fork, one
# core), SECONDS long (default 60), started from a scratch copy of its kept seeds
# (fuzz/corpus/<target>/, which stay as they are), on the sanitizer of fuzz/common.sh (`none` on
# stable). Prints one row per target: executions, seconds, exec/s (libFuzzer's own
# `stat::average_exec_per_sec`), the goal (>= 20,000 for a structured target, >= 100,000 for a
# `_parse` target) and whether it was met; BENCHMARKS.md records the table.
#
#     fuzz/speed.sh [SECONDS] [TARGET…]
#
# Exits 1 if a target found a crash (its log is printed) or missed its goal, 0 otherwise.
# Run it on an otherwise idle machine: the figure is per core.
set -euo pipefail
# shellcheck source=fuzz/common.sh
source "$(dirname "$0")/common.sh"
cd "$BOARDFUZZ_ROOT"

seconds="${1:-60}"
shift || true
targets="${*:-$(fuzz_targets)}"
for target in $targets; do require_target "$target"; done
sanitizer="$(fuzz_sanitizer)"
cargo fuzz build -s "$sanitizer" >/dev/null 2>&1 || cargo fuzz build -s "$sanitizer"

echo "fuzz/speed.sh: ${seconds}s per target, sanitizer $sanitizer, $(rustc -V)"
printf '%-20s %12s %8s %10s %9s %s\n' target executions seconds exec/s goal met
status=0
for target in $targets; do
    goal=20000
    case "$target" in *_parse) goal=100000 ;; esac
    scratch="$(mktemp -d)"
    cp -r "fuzz/corpus/$target/." "$scratch/" 2>/dev/null || true
    log="$(mktemp)"
    if ! cargo fuzz run -s "$sanitizer" "$target" "$scratch" -- \
        -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$scratch/" \
        >"$log" 2>&1; then
        cat "$log"
        echo "error: $target failed (artifact in $scratch)" >&2
        status=1
        continue
    fi
    runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")"
    rate="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")"
    elapsed="$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log")"
    met=yes
    if [ "${rate:-0}" -lt "$goal" ]; then
        met=NO
        status=1
    fi
    printf '%-20s %12s %8s %10s %9s %s\n' "$target" "$runs" "$elapsed" "$rate" ">= $goal" "$met"
    rm -rf "$scratch" "$log"
done
exit "$status"
