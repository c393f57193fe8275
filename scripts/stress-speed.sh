#!/usr/bin/env bash
# `boardfuzz stress` against the serial shell loop (issue 29): runs `cargo bench --bench stress`
# (benches/stress.rs: the same 2,000 native cases through the loop and through stress at 1 and 2
# jobs, in one run) and prints the medians and the ratios to the loop as the Markdown table of
# BENCHMARKS.md ("Stress testing three programs"). Run it on an otherwise idle machine; it takes
# about five minutes on 2 cores.
#
#     scripts/stress-speed.sh            # bench, then the table
#     scripts/stress-speed.sh --table    # the table of the last bench run only
#     scripts/stress-speed.sh --warm [ROUNDS]   # warm starts (issue 48), below
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--warm" ]; then
    exec scripts/warm-speed.sh "${@:2}"
fi
if [ "${1:-}" != "--table" ]; then
    date -u +"stress speed started %Y-%m-%dT%H:%MZ on $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
    cargo bench --bench stress
    date -u +"stress speed finished %Y-%m-%dT%H:%MZ, load $(cut -d' ' -f1-3 /proc/loadavg)"
fi
median() {
    python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["median"]["point_estimate"] / 1e9)' \
        "target/criterion/stress/$1/new/estimates.json"
}
loop=$(median shell_loop) one=$(median stress_1_job) two=$(median stress_2_jobs)
echo
echo "| run | median | cases/s | × the loop |"
echo "|---|---:|---:|---:|"
for row in "shell loop (gen, brute, sol, cmp per case)|$loop" "stress --jobs 1|$one" "stress --jobs 2|$two"; do
    awk -v n="${row%%|*}" -v m="${row##*|}" -v l="$loop" \
        'BEGIN { printf "| %s | %.2f s | %.0f | %.2f× |\n", n, m, 2000 / m, l / m }'
done
awk -v a="$one" -v b="$two" -v l="$loop" 'BEGIN {
    printf "\n2 jobs ÷ 1 job: %.2f×\n", a / b
    printf "goals (issue 29): 1 job ≥ 1.0× the loop: %s; 2 jobs ≥ 1.8× the loop: %s\n",
        (l / a >= 1.0) ? "met" : "MISSED", (l / b >= 1.8) ? "met" : "MISSED"
}'
