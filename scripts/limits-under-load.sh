#!/usr/bin/env bash
# Limit verdicts under load (issue 45): starts BUSY busy loops (default 6) in this session — the
# scheduling group boardfuzz runs in, so that they take its share of the 2 cores, not a share of
# their own — and then, with the release binary:
#
#   1. a right Python solution (benches/fixtures/limits/sort_brute.py judged against itself)
#      over 60 cases under --solution-timeout 500ms, ROUNDS times: each run must be ok, exit 0;
#   2. a quadratic sort (bubble_sort.py, 1 s) found over its time limit and shrunk, then its
#      kept case judged ten times: each must be a time limit;
#   3. a memory hog (hog.py, 8 MiB per unit of its sum, 256M) found and shrunk, then its kept
#      case judged ten times: each must be a memory limit;
#   4. with --tests, the test files that judge a limit (their tests that do), ROUNDS times.
#
#     scripts/limits-under-load.sh [--busy N] [--rounds N] [--parts "1 2 3"] [--tests]
#
# --parts runs only the parts named (of 1, 2 and 3; all by default; "" for none).
#
# Prints one line per run and a summary; exits 1 if any run did not give what it must.
set -euo pipefail
cd "$(dirname "$0")/.."
busy=6 rounds=10 tests=0 parts="1 2 3"
while [ $# -gt 0 ]; do
    case "$1" in
        --busy) busy="$2"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        --parts) parts="$2"; shift 2 ;;
        --tests) tests=1; shift ;;
        *) echo "usage: $0 [--busy N] [--rounds N] [--parts \"1 2 3\"] [--tests]" >&2; exit 2 ;;
    esac
done
# The release binary, for parts 1 to 3 (`--parts "" --tests` runs only the tests).
[ -n "${parts// /}" ] && cargo build --release --quiet
bin="$PWD/target/release/boardfuzz"
fixtures="$PWD/benches/fixtures/limits"
work="$(mktemp -d)"
loops=()
cleanup() {
    for pid in "${loops[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
for _ in $(seq "$busy"); do
    (while :; do :; done) &
    loops+=("$!")
done
sleep 2
date -u +"limits under load started %Y-%m-%dT%H:%MZ: $busy busy loops on $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
failures=0
fail() { echo "  NOT AS IT MUST BE: $*"; failures=$((failures + 1)); }

part() { [[ " $parts " == *" $1 "* ]]; }

part 1 && echo "== 1. a right Python solution, 60 cases, --solution-timeout 500ms, $rounds runs"
part 1 && for round in $(seq "$rounds"); do
    start=$(date +%s)
    set +e
    out=$(cd "$work" && "$bin" stress -q --gen "$fixtures/sort_gen.py {size}" \
        --brute "$fixtures/sort_brute.py" --solution "$fixtures/sort_brute.py" \
        --solution-timeout 500ms --cases 60 --seed "$round" --no-save 2>&1)
    code=$?
    set -e
    notes=$(grep -c "unconfirmed" <<<"$out" || true)
    echo "  run $round: exit $code in $(( $(date +%s) - start )) s, $notes unconfirmed note(s)"
    [ "$code" = 0 ] || fail "run $round: exit $code: $(tail -3 <<<"$out")"
done

# A finding of `stress` ($1: the name, then the flags), then its kept case judged ten times
# with the judge flags $judge; each must be the verdict $2.
finding_then_judge() {
    local name="$1" verdict="$2" solution="$3" gen="$4" brute="$5"
    shift 5
    local dir="$work/$name"
    mkdir -p "$dir"
    local start=$(date +%s)
    set +e
    out=$(cd "$dir" && "$bin" stress -q --gen "$gen {size}" --brute "$brute" \
        --solution "$solution" --seed 1 "$@" 2>&1)
    set -e
    local line=$(grep -m1 "^FINDING" <<<"$out" || true)
    echo "  found in $(( $(date +%s) - start )) s: ${line:-no finding}"
    grep -m1 "kept with a margin" <<<"$out" | sed 's/^/  /' || true
    local saved=$(grep -A1 -- "--- saved ---" <<<"$out" | tail -1)
    if [ -z "$saved" ] || [ ! -f "$dir/$saved" ]; then
        fail "$name: nothing saved: $(tail -5 <<<"$out")"
        return
    fi
    echo "  kept case: $(head -c 60 "$dir/$saved" | tr '\n' ' ')... ($(wc -c <"$dir/$saved") bytes)"
    local gave=0
    for i in $(seq 10); do
        got=$(cd "$dir" && "$bin" judge "$solution" "$saved" "${judge[@]}" 2>/dev/null \
            | awk 'NR == 2 { print substr($0, 1, 19) }' | sed 's/ *$//' || true)
        [ "$got" = "$verdict" ] && gave=$((gave + 1))
    done
    echo "  judged 10 times: $gave of 10 $verdict"
    [ "$gave" = 10 ] || fail "$name: $gave of 10"
}

if part 2; then
echo "== 2. a quadratic sort over its 1 s time limit"
judge=(--solution-timeout 1s)
finding_then_judge sort "time limit" "$fixtures/bubble_sort.py" "$fixtures/sort_gen.py" \
    "$fixtures/sort_brute.py" --solution-timeout 1s --cases 400
fi

if part 3; then
echo "== 3. a memory hog over its 256M memory limit"
judge=(--memory-limit 256M)
finding_then_judge hog "memory limit" "$fixtures/hog.py" "$fixtures/hog_gen.py" \
    "$fixtures/sum_brute.py" --memory-limit 256M --cases 400
fi

if [ "$tests" = 1 ]; then
    echo "== 4. the tests that judge a limit, $rounds runs"
    cargo test --quiet --no-run --test cli_limits --test cli_stress --test cli_coin_jump \
        --test cli_interact --test interact --test cli_checker 2>/dev/null
    for round in $(seq "$rounds"); do
        start=$(date +%s)
        set +e
        cargo test --quiet --no-fail-fast --test cli_limits --test cli_coin_jump \
            --test interact >"$work/tests.log" 2>&1
        a=$?
        cargo test --quiet --test cli_stress -- time wall_clock ctrl_c hang sleeps \
            >>"$work/tests.log" 2>&1
        b=$?
        cargo test --quiet --test cli_interact -- deadlock verdicts >>"$work/tests.log" 2>&1
        c=$?
        cargo test --quiet --test cli_checker -- timeout >>"$work/tests.log" 2>&1
        d=$?
        set -e
        passed=$(grep -o "[0-9]* passed" "$work/tests.log" | awk '{ s += $1 } END { print s }')
        failed=$(grep -o "[0-9]* failed" "$work/tests.log" | awk '{ s += $1 } END { print s }')
        echo "  run $round: $passed passed, $failed failed in $(( $(date +%s) - start )) s"
        if [ "$a$b$c$d" != 0000 ]; then
            fail "tests run $round: $(grep -E '^test .* FAILED|panicked' "$work/tests.log" | head -5)"
        fi
    done
fi
date -u +"limits under load finished %Y-%m-%dT%H:%MZ, load $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "$failures" = 0 ]; then
    echo "all as they must be"
else
    echo "$failures not as they must be"
    exit 1
fi
