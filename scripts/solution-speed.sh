#!/usr/bin/env bash
# `check --solution` against the plain serial shell loop a competitive programmer would write
# (issue 25): the same native solution (benches/fixtures/stack_game_sol.c, `cc -O2`) on the same
# inputs, the loop and `check` at 1 and 2 jobs taking turns for several rounds; prints each run,
# then the medians and the ratios to the loop as a Markdown table (BENCHMARKS.md, "External
# solutions").
#
#     scripts/solution-speed.sh [ROUNDS] [CASES]        # default 7 rounds of 2,000 cases
#
# The inputs are the cases `check --seed 1` runs: case I is `boardfuzz gen stack_game --seed 1
# --case I`, generated once into target/solution-speed/in/. Each `check` must end `ok` (the
# solution agrees with the reference on every case), or the script stops.
# Environment: BOARDFUZZ=path measures that binary instead of building target/release/boardfuzz;
# BASELINE=path also measures a second binary in the same rounds, as rows "baseline, 1 job" and
# "baseline, 2 jobs"; BASELINE_REV=commit builds that binary from a commit first (exported with
# `git archive` into target/solution-speed/baseline/, its own target dir: a minute or two).
# Takes about a minute on 2 cores (two with a baseline); run it on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds="${1:-7}"
cases="${2:-2000}"
seed=1
dir=target/solution-speed
mkdir -p "$dir"

if [ -z "${BOARDFUZZ:-}" ]; then
    cargo build --release --quiet --bin boardfuzz
    BOARDFUZZ=target/release/boardfuzz
fi
cc -O2 -o "$dir/sol" benches/fixtures/stack_game_sol.c
if [ -n "${BASELINE_REV:-}" ]; then
    rm -rf "$dir/baseline/src"
    mkdir -p "$dir/baseline/src"
    git archive "$BASELINE_REV" | tar -x -C "$dir/baseline/src"
    cargo build --release --quiet --bin boardfuzz --manifest-path "$dir/baseline/src/Cargo.toml" \
        --target-dir "$dir/baseline/target"
    BASELINE="$dir/baseline/target/release/boardfuzz"
fi

rm -rf "$dir/in"
mkdir -p "$dir/in"
for ((i = 0; i < cases; i++)); do
    "$BOARDFUZZ" gen stack_game --seed "$seed" --case "$i" > "$dir/in/$i.in"
done

# Wall-clock seconds of "$@", to the millisecond.
seconds() {
    local start end
    start=$(date +%s%N)
    "$@"
    end=$(date +%s%N)
    awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", (e - s) / 1e9 }'
}

shell_loop() {
    for ((i = 0; i < cases; i++)); do
        "$dir/sol" < "$dir/in/$i.in" > /dev/null
    done
}

# check BINARY JOBS: the run must end `ok`.
check() {
    "$1" check stack_game --solution "$dir/sol" --cases "$cases" --seed "$seed" --no-save \
        --quiet --jobs "$2" > "$dir/check.out" 2> "$dir/check.err" || {
        echo "error: $1 check --jobs $2 failed:" >&2
        cat "$dir/check.out" "$dir/check.err" >&2
        exit 1
    }
}

names=("shell loop" "check, 1 job" "check, 2 jobs")
runs=("shell_loop" "check $BOARDFUZZ 1" "check $BOARDFUZZ 2")
if [ -n "${BASELINE:-}" ]; then
    names+=("baseline, 1 job" "baseline, 2 jobs")
    runs+=("check $BASELINE 1" "check $BASELINE 2")
fi

date -u +"solution speed started %Y-%m-%dT%H:%MZ on $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
declare -A times
for ((r = 1; r <= rounds; r++)); do
    line="round $r:"
    for k in "${!runs[@]}"; do
        t=$(seconds ${runs[$k]})
        times[$k]="${times[$k]:-} $t"
        line="$line ${names[$k]} ${t}s;"
    done
    echo "$line"
done
date -u +"solution speed finished %Y-%m-%dT%H:%MZ, load $(cut -d' ' -f1-3 /proc/loadavg)"

median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
loop=$(median <<< "${times[0]}")
echo
echo "$cases stack_game cases, $rounds rounds, medians:"
echo
echo "| run | median | cases/s | × the loop |"
echo "|---|---:|---:|---:|"
for k in "${!runs[@]}"; do
    m=$(median <<< "${times[$k]}")
    awk -v n="${names[$k]}" -v m="$m" -v l="$loop" -v c="$cases" \
        'BEGIN { printf "| %s | %.2f s | %.0f | %.2f× |\n", n, m, c / m, l / m }'
done
one=$(median <<< "${times[1]}") two=$(median <<< "${times[2]}")
awk -v a="$one" -v b="$two" -v l="$loop" 'BEGIN {
    printf "\n2 jobs ÷ 1 job: %.2f×\n", a / b
    printf "goals (issue 25): 1 job ≥ 0.95× the loop: %s; 2 jobs ≥ 1.7× the loop: %s\n",
        (l / a >= 0.95) ? "met" : "MISSED", (l / b >= 1.7) ? "met" : "MISSED"
}'
if [ -n "${BASELINE:-}" ]; then
    one=$(median <<< "${times[3]}") two=$(median <<< "${times[4]}")
    awk -v a="$one" -v b="$two" 'BEGIN { printf "baseline 2 jobs ÷ 1 job: %.2f×\n", a / b }'
fi
