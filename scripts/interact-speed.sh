#!/usr/bin/env bash
# `boardfuzz stress --interactor` against a `mkfifo` pipe loop in bash (issue 36): runs `cargo
# bench --bench interact` (benches/interact.rs: the same 1,000 native guess-the-number dialogues
# through the loop and through stress at one job, in one run) and prints the medians and the
# ratio to the loop as the Markdown table of BENCHMARKS.md ("Interactive problems"). Run it on
# an otherwise idle machine; it takes about three minutes on 2 cores, once built.
#
#     scripts/interact-speed.sh            # bench, then the table
#     scripts/interact-speed.sh --table    # the table of the last bench run only
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" != "--table" ]; then
    date -u +"interact speed started %Y-%m-%dT%H:%MZ on $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
    cargo bench --bench interact
    date -u +"interact speed finished %Y-%m-%dT%H:%MZ, load $(cut -d' ' -f1-3 /proc/loadavg)"
fi
median() {
    python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["median"]["point_estimate"] / 1e9)' \
        "target/criterion/interact/$1/new/estimates.json"
}
loop=$(median fifo_loop) one=$(median stress_1_job)
echo
echo "| run | median | dialogues/s | × the loop |"
echo "|---|---:|---:|---:|"
for row in "fifo loop (gen, then sol < fifo, piped to interactor > fifo)@$loop" "stress --interactor --jobs 1@$one"; do
    awk -v n="${row%%@*}" -v m="${row##*@}" -v l="$loop" \
        'BEGIN { printf "| %s | %.2f s | %.0f | %.2f× |\n", n, m, 1000 / m, l / m }'
done
awk -v a="$one" -v l="$loop" 'BEGIN {
    printf "\ngoal (issue 36): 1 job ≥ 1.0× the loop: %s\n", (l / a >= 1.0) ? "met" : "MISSED"
}'
