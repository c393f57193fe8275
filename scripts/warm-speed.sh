#!/usr/bin/env bash
# Warm starts (issue 48): cases/s of the shell loop a competitive programmer writes against
# `boardfuzz stress --cold` and `boardfuzz stress` (warm, the default), one job, side by side in
# one run, for a Python trio and a C++ trio (benches/fixtures/warm/: a generator, a brute force
# and a correct solution of maximum subarray). The loop is
#
#     for seed; do gen $seed > in; brute < in > a; sol < in > b; cmp -s a b || exit 1; done
#
# (`python3 X.py` for Python, the executables `g++ -O2` built for C++). ROUNDS rounds (default
# 3), each running the three side by side, in turn; the table gives each one's median cases/s
# and its ratio to the loop's. Cases per run are sized to take a few seconds each.
#
#     scripts/warm-speed.sh [ROUNDS]      # also: scripts/stress-speed.sh --warm [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
cargo build --release --quiet
bin=$PWD/target/release/boardfuzz
[ -n "${CARGO_TARGET_DIR:-}" ] && bin=$CARGO_TARGET_DIR/release/boardfuzz
fixtures=$PWD/benches/fixtures/warm
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export BOARDFUZZ_CACHE=$work/cache
for p in gen brute sol; do
    g++ -O2 -o "$work/$p" "$fixtures/$p.cpp"
done
py=$(command -v python3)

now() { date +%s.%N; }

# loop LANGUAGE CASES: seconds of the shell loop over seeds 1..CASES.
loop() {
    local run_gen run_brute run_sol
    if [ "$1" = py ]; then
        run_gen="$py $fixtures/gen.py" run_brute="$py $fixtures/brute.py" run_sol="$py $fixtures/sol.py"
    else
        run_gen=$work/gen run_brute=$work/brute run_sol=$work/sol
    fi
    local start; start=$(now)
    (cd "$work" && for ((seed = 1; seed <= $2; seed++)); do
        $run_gen $seed > in; $run_brute < in > a; $run_sol < in > b; cmp -s a b || exit 1
    done)
    echo "$(now) - $start" | bc
}

# stress LANGUAGE CASES [--cold]: seconds of one `stress` run; it must end ok.
stress() {
    local start; start=$(now)
    (cd "$work" && "$bin" stress --gen "$fixtures/gen.$1" --brute "$fixtures/brute.$1" \
        --solution "$fixtures/sol.$1" --cases "$2" --seed 1 --jobs 1 --no-save -q ${3:-} \
        > out 2> err) || { cat "$work/out" "$work/err"; exit 1; }
    echo "$(now) - $start" | bc
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

date -u +"warm speed started %Y-%m-%dT%H:%M:%SZ on $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
# Cases per run: (loop, cold, warm).
declare -A cases=([py]="60 60 600" [cpp]="600 600 3000")
# One stress run of each first, untimed: the builds and the warm servers' helpers are cached.
for lang in py cpp; do stress $lang 5 > /dev/null; done
for lang in py cpp; do
    read -r n_loop n_cold n_warm <<< "${cases[$lang]}"
    : > "$work/$lang.loop"; : > "$work/$lang.cold"; : > "$work/$lang.warm"
    for ((r = 1; r <= rounds; r++)); do
        echo "$n_loop / $(loop $lang "$n_loop")" | bc -l >> "$work/$lang.loop"
        echo "$n_cold / $(stress $lang "$n_cold" --cold)" | bc -l >> "$work/$lang.cold"
        echo "$n_warm / $(stress $lang "$n_warm")" | bc -l >> "$work/$lang.warm"
        printf '%s round %d: loop %.1f, cold %.1f, warm %.1f cases/s\n' "$lang" "$r" \
            "$(tail -1 "$work/$lang.loop")" "$(tail -1 "$work/$lang.cold")" "$(tail -1 "$work/$lang.warm")" >&2
    done
done
date -u +"warm speed finished %Y-%m-%dT%H:%M:%SZ, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| trio | shell loop | \`stress --cold\` | \`stress\` (warm) | cold × loop | warm × loop | warm × cold |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for lang in py cpp; do
    l=$(median < "$work/$lang.loop") c=$(median < "$work/$lang.cold") w=$(median < "$work/$lang.warm")
    awk -v n="$([ $lang = py ] && echo Python || echo C++)" -v l="$l" -v c="$c" -v w="$w" \
        'BEGIN { printf "| %s | %.1f | %.1f | %.1f | %.2f× | **%.2f×** | %.2f× |\n", n, l, c, w, c / l, w / l, w / c }'
done
echo
echo "(cases/s, medians of $rounds rounds; one job; goals of issue 48: Python warm ≥ 5× the loop, C++ warm ≥ 2×)"
