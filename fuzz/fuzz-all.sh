#!/usr/bin/env bash
# Fuzzes every target for SECONDS (default 60) with libFuzzer's fork mode on JOBS processes
# (default: the number of cores), then merges the new finds into the kept seeds
# fuzz/corpus/<target>/ and minimizes them (`cargo fuzz cmin`). The `_parse` targets are first
# seeded with the regression corpus' judge texts (corpus/<slug>/*.in); minimizing keeps those that
# add coverage.
#
#     fuzz/fuzz-all.sh [SECONDS] [JOBS]
#
# Environment: FUZZ_TARGETS="a b" fuzzes only those targets; FUZZ_SANITIZER overrides the
# sanitizer (default: none on stable, address on nightly); FUZZ_TIMEOUT is the seconds one input
# may run before it counts as a hang (default 30); FUZZ_MAX_SEEDS (default 200) bounds a kept
# folder: when a set cover of all coverage features keeps more, minimizing keeps one input per
# covered edge instead.
#
# Exits 1 if any target found a crash, a hang or an out-of-memory, after fuzzing the others, and
# prints the `boardfuzz repro` command for each artifact; 0 otherwise. Review `git status
# fuzz/corpus` afterwards and commit the seeds you want to keep.
set -euo pipefail
# shellcheck source=fuzz/common.sh
source "$(dirname "$0")/common.sh"
cd "$BOARDFUZZ_ROOT"

seconds="${1:-60}"
jobs="${2:-$(nproc)}"
sanitizer="$(fuzz_sanitizer)"
targets="${FUZZ_TARGETS:-$(fuzz_targets)}"
for target in $targets; do require_target "$target"; done

cmin() {
    local target="$1"
    shift
    cargo fuzz cmin -s "$sanitizer" "$target" -- -set_cover_merge=1 "$@" >/dev/null 2>&1
}
count() { find "$1" -type f | wc -l; }
bytes() { find "$1" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }'; }

echo "fuzz-all: ${seconds}s per target, fork=$jobs, sanitizer $sanitizer"
cargo fuzz build -s "$sanitizer"

failed=()
crashes=()
summary=()
for target in $targets; do
    slug="$(fuzz_slug "$target")"
    seeds="fuzz/corpus/$target"
    artifacts="fuzz/artifacts/$target"
    mkdir -p "$seeds" "$artifacts"
    if [ "$target" != "$slug" ] && [ -d "corpus/$slug" ]; then
        for f in corpus/"$slug"/*.in; do
            [ -f "$f" ] && cp "$f" "$seeds/$(sha1sum <"$f" | cut -d' ' -f1)"
        done
    fi
    before="$(count "$seeds")"
    marker="$(mktemp)"
    log="$(mktemp)"
    echo "-- $target (${before} seeds)"
    # Fork mode writes each new input into the first corpus folder as it finds it.
    status=0
    cargo fuzz run -s "$sanitizer" "$target" "$seeds" -- \
        -fork="$jobs" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-30}" \
        -ignore_crashes=0 -ignore_timeouts=0 -ignore_ooms=0 >"$log" 2>&1 || status=$?
    found="$(find "$artifacts" -type f -newer "$marker" | sort)"
    if [ "$status" -ne 0 ] || [ -n "$found" ]; then
        tail -n 40 "$log"
        echo "FAILED: $target (exit $status)"
        failed+=("$target")
        for artifact in $found; do
            crashes+=("$(repro_command "$target" "$artifact")")
        done
    else
        grep -E '^#[0-9]+' "$log" | tail -n 1 || true
    fi
    rm -f "$marker" "$log"
    # A greedy set cover of the features (edges and their hit counts); if that keeps more than
    # FUZZ_MAX_SEEDS inputs (default 200), a set cover of the edges alone (one input per covered
    # edge), so each kept folder stays small.
    if ! cmin "$target" || [ "$(count "$seeds")" -gt "${FUZZ_MAX_SEEDS:-200}" ]; then
        cmin "$target" -use_counters=0 ||
            echo "warning: cargo fuzz cmin $target failed; $seeds left unminimized" >&2
    fi
    summary+=("$(printf '%-22s %5s -> %5s files %9s bytes' "$target" "$before" "$(count "$seeds")" "$(bytes "$seeds")")")
done

echo "== kept seeds (fuzz/corpus/<target>: before -> after minimizing)"
printf '%s\n' "${summary[@]}"
if [ "${#failed[@]}" -ne 0 ]; then
    echo "== ${#failed[@]} target(s) failed: ${failed[*]}; reproduce with:"
    if [ "${#crashes[@]}" -ne 0 ]; then printf '    %s\n' "${crashes[@]}"; fi
    echo "keep one as a seed after the fix: fuzz/keep.sh TARGET ARTIFACT"
    exit 1
fi
echo "== no crashes"
