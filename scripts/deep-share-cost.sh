#!/usr/bin/env bash
# What the deep checks cost `check`: for every game, alternating runs of `check GAME --time T
# --jobs 1` with the default deep share (one case in 32) and with `--deep-share 0`, ROUNDS times, and the
# median cases/s of each with their ratio. Usage: scripts/deep-share-cost.sh [SECONDS] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-5}"
rounds="${2:-3}"
cargo build --release --quiet
bin=target/release/boardfuzz
rate() { # game, extra flags…: the cases/s of one run
    local game="$1"
    shift
    "$bin" check "$game" --time "${seconds}s" --jobs 1 --seed 1 --no-save --quiet --color never "$@" 2>/dev/null |
        sed -n 's/.*(\([0-9]*\) cases\/s, \([0-9]*\) deep-checked).*/\1 \2/p'
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
printf '| game | cases/s, deep share | deep-checked | cases/s, --deep-share 0 | ratio |\n|---|---:|---:|---:|---:|\n'
for game in yut_nori stack_game coin_jump othello othello_board dice_yut; do
    with=() without=() deep=()
    for _ in $(seq "$rounds"); do
        read -r r d < <(rate "$game")
        with+=("$r") deep+=("$d")
        read -r r _ < <(rate "$game" --deep-share 0)
        without+=("$r")
    done
    w=$(printf '%s\n' "${with[@]}" | median)
    o=$(printf '%s\n' "${without[@]}" | median)
    d=$(printf '%s\n' "${deep[@]}" | median)
    printf '| %s | %s | %s | %s | %.3f |\n' "$game" "$w" "$d" "$o" "$(echo "$w / $o" | bc -l)"
done
