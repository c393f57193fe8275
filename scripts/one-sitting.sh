#!/usr/bin/env bash
# Every game measured in one sitting (issue 12): the criterion bench `one_sitting` (engine and
# reference on the same campaign cases, `check` at one job and at one job per core, the engine on
# a judge-size input), then every fuzz target's exec/s (`fuzz/speed.sh`), then one Markdown table
# with a row per game, from criterion's medians (target/criterion/one_sitting_<slug>/*/new/).
#
#     scripts/one-sitting.sh [FUZZ_SECONDS]     # default 60 s per fuzz target
#
# Run it on an otherwise idle machine; it takes some 25 minutes on 2 cores (dice_yut's literal
# reference is the slow part of the bench, the 12 fuzz targets one after another the rest).
# Environment: BOARDFUZZ_BENCH_GAMES=a,b limits the bench's games (the table then has those rows);
# SKIP_BENCH=1 / SKIP_FUZZ=1 reuse the figures of the last run of that half.
# Needs jq (the table) and cargo-fuzz (the exec/s; `fuzz/speed.sh` says how to install it).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
command -v jq >/dev/null || { echo "error: needs jq (apt-get install jq)" >&2; exit 2; }
speed_log=target/one-sitting-speed.txt
mkdir -p target

date -u +"one sitting started %Y-%m-%dT%H:%MZ on $(nproc) cores, $(rustc -V)"
if [ -z "${SKIP_BENCH:-}" ]; then
    cargo bench --bench one_sitting >&2
fi
if [ -z "${SKIP_FUZZ:-}" ]; then
    # speed.sh exits 1 when a target misses its goal; the table shows it.
    fuzz/speed.sh "$seconds" | tee "$speed_log" >&2 || true
fi
date -u +"one sitting finished %Y-%m-%dT%H:%MZ"

# The median of benchmark $2 of game $1, in nanoseconds per iteration, and its elements.
median_ns() { jq '.median.point_estimate' "target/criterion/one_sitting_$1/$2/new/estimates.json"; }
elements() { jq '.throughput.Elements' "target/criterion/one_sitting_$1/$2/new/benchmark.json"; }
exec_rate() { awk -v t="$1" '$1 == t { print $4 }' "$speed_log" 2>/dev/null; }

echo
echo "| game | engine µs/case | reference µs/case | reference ÷ engine | check cases/s, 1 job | check cases/s, $(nproc) jobs | engine, judge-size input | exec/s structured | exec/s \`_parse\` |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for dir in target/criterion/one_sitting_*/; do
    slug="${dir%/}"
    slug="${slug##*/one_sitting_}"
    engine="$(median_ns "$slug" engine)" reference="$(median_ns "$slug" reference)"
    cases="$(elements "$slug" engine)" check_cases="$(elements "$slug" check_1_job)"
    one="$(median_ns "$slug" check_1_job)" all="$(median_ns "$slug" check_all_jobs)"
    judge="$(median_ns "$slug" judge_case)"
    awk -v s="$slug" -v e="$engine" -v r="$reference" -v n="$cases" -v m="$check_cases" \
        -v one="$one" -v all="$all" -v j="$judge" \
        -v x="$(exec_rate "$slug")" -v xp="$(exec_rate "${slug}_parse")" '
        function t(ns) { return ns >= 1e6 ? sprintf("%.2f ms", ns / 1e6) : sprintf("%.1f µs", ns / 1e3) }
        BEGIN {
            printf "| %s | %.2f | %.1f | %.0f× | %.0f | %.0f | %s | %s | %s |\n", s, e / n / 1e3,
                r / n / 1e3, r / e, m / (one / 1e9), m / (all / 1e9), t(j),
                x == "" ? "–" : x, xp == "" ? "–" : xp
        }'
done
