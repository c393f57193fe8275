#!/usr/bin/env bash
# Source-based coverage of the game code reached by the kept seeds: for each target (default:
# every target), `cargo fuzz coverage -s none` runs fuzz/corpus/<target>/ through a
# coverage-instrumented build, then `llvm-cov report` gives, for each file of the target's game
# (src/games/<slug>/*.rs, engine.rs first), the share of lines and of regions covered.
#
#     fuzz/coverage.sh [--missing] [TARGET…]
#
# --missing also lists every uncovered line of those files. The last column leaves out the lines
# of `const fn` items (table builders evaluated at compile time, which no run can count). Works on the stable toolchain. The
# LLVM tools must be of the version `rustc -vV` names: taken from $LLVM_BIN if set, else from
# rustup's llvm-tools-preview component if installed, else from Debian's llvm-<version> package
# (/usr/lib/llvm-<version>/bin), which this script installs with apt-get when it is missing.
# Profiles stay in fuzz/coverage/<target>/ (`llvm-cov show` can render them as HTML).
set -euo pipefail
# shellcheck source=fuzz/common.sh
source "$(dirname "$0")/common.sh"
cd "$BOARDFUZZ_ROOT"

missing=0
if [ "${1:-}" = "--missing" ]; then
    missing=1
    shift
fi
targets="${*:-$(fuzz_targets)}"
for target in $targets; do require_target "$target"; done

host="$(rustc -vV | sed -n 's/^host: //p')"
llvm_version="$(rustc -vV | sed -n 's/^LLVM version: \([0-9]*\).*/\1/p')"

# The folder holding llvm-profdata and llvm-cov of rustc's LLVM version.
llvm_bin() {
    local rustup_bin debian_bin
    rustup_bin="$(rustc --print sysroot)/lib/rustlib/$host/bin"
    debian_bin="/usr/lib/llvm-$llvm_version/bin"
    if [ -n "${LLVM_BIN:-}" ]; then
        echo "$LLVM_BIN"
    elif [ -x "$rustup_bin/llvm-cov" ] && [ -x "$rustup_bin/llvm-profdata" ]; then
        echo "$rustup_bin"
    elif [ -x "$debian_bin/llvm-cov" ] && [ -x "$debian_bin/llvm-profdata" ]; then
        echo "$debian_bin"
    elif command -v apt-get >/dev/null 2>&1; then
        local sudo=""
        if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
        echo "installing llvm-$llvm_version (the LLVM of $(rustc -V)) with apt-get…" >&2
        if ! $sudo apt-get install -y -qq "llvm-$llvm_version" >&2; then
            $sudo apt-get update -qq >&2
            $sudo apt-get install -y -qq "llvm-$llvm_version" >&2
        fi
        echo "$debian_bin"
    else
        echo "error: no llvm-cov/llvm-profdata of LLVM $llvm_version found. Install them with" >&2
        echo "  rustup component add llvm-tools-preview" >&2
        echo "or your system's llvm-$llvm_version package, or set LLVM_BIN to their folder." >&2
        exit 2
    fi
}
llvm="$(llvm_bin)"
for tool in llvm-cov llvm-profdata; do
    if [ ! -x "$llvm/$tool" ]; then
        echo "error: $llvm/$tool is missing" >&2
        exit 2
    fi
done

# Coverage builds go to their own folder under fuzz/target, beside the fuzzing builds.
target_dir="fuzz/target/coverage"
table=()
declare -A ran=()

# The files of a game, engine.rs first (absolute paths, as llvm-cov names them).
game_files() {
    local dir="$BOARDFUZZ_ROOT/src/games/$1" f
    echo "$dir/engine.rs"
    for f in "$dir"/*.rs; do
        if [ "$f" != "$dir/engine.rs" ]; then echo "$f"; fi
    done
}

# The line numbers of file $1 that lie in a `const fn` item: its body runs at compile time
# (table builders), so a run never counts it, however much the tables it built are used.
const_fn_lines() {
    awk '
        !inside && /^[[:space:]]*(pub(\([a-z]+\))? )?const fn / { inside = 1; depth = 0; opened = 0 }
        inside {
            print NR
            line = $0
            sub(/\/\/.*/, "", line)
            opens = gsub(/\{/, "{", line)
            closes = gsub(/\}/, "}", line)
            depth += opens - closes
            if (opens > 0) opened = 1
            if (opened && depth <= 0) inside = 0
        }' "$1"
}

# The numbers of the lines of file $1 that profile $2 saw run zero times in the binaries $3…
zero_lines() {
    local file="$1" profile="$2"
    shift 2
    local binary="$1" objects=()
    shift
    for o in "$@"; do objects+=(-object "$o"); done
    "$llvm/llvm-cov" show "$binary" "${objects[@]}" -instr-profile="$profile" "$file" \
        -show-line-counts=true -show-expansions=false -use-color=false |
        awk -F'|' '$2 ~ /^ *0$/ { n = $1; gsub(/ /, "", n); print n }'
}

# Adds to the table one row per file of game $2: lines and regions covered under profile $3 by
# the binaries $4…, labelled $1; and the lines share once the uncovered lines of `const fn`
# items (compile-time code, see const_fn_lines) are left out of the count.
add_rows() {
    local label="$1" slug="$2" profile="$3"
    shift 3
    local binary="$1" objects=() files file regions regions_missed lines lines_missed const_missed
    local binaries=("$@")
    shift
    for o in "$@"; do objects+=(-object "$o"); done
    mapfile -t files < <(game_files "$slug")
    # Columns of `llvm-cov report`: file, regions, missed regions, cover, functions, missed,
    # executed, lines, missed lines, cover, …
    while read -r file regions regions_missed _ _ _ _ lines lines_missed _; do
        const_missed="$(comm -12 \
            <(zero_lines "$BOARDFUZZ_ROOT/src/games/$slug/$file" "$profile" "${binaries[@]}" | sort) \
            <(const_fn_lines "$BOARDFUZZ_ROOT/src/games/$slug/$file" | sort) | wc -l)"
        table+=("$(awk -v t="$label" -v f="src/games/$slug/$file" \
            -v r="$regions" -v rm="$regions_missed" -v l="$lines" -v lm="$lines_missed" \
            -v cm="$const_missed" \
            'function pct(n, m) { return n ? sprintf("%.1f%%", 100 * (n - m) / n) : "-" }
             BEGIN { printf "%-22s %-34s %7s %9s %8s %9s %9s", t, f, pct(l, lm), (l - lm) "/" l,
                     pct(r, rm), (r - rm) "/" r, pct(l - cm, lm - cm) }')")
    done < <("$llvm/llvm-cov" report "$binary" "${objects[@]}" -instr-profile="$profile" \
        "${files[@]}" | awk '$1 ~ /\.rs$/')
}

# Prints every line of game $1 that profile $2 saw run zero times in the binaries $3…
uncovered_lines() {
    local slug="$1" profile="$2"
    shift 2
    local binary="$1" objects=() files f
    shift
    for o in "$@"; do objects+=(-object "$o"); done
    mapfile -t files < <(game_files "$slug")
    for f in "${files[@]}"; do
        "$llvm/llvm-cov" show "$binary" "${objects[@]}" -instr-profile="$profile" "$f" \
            -show-line-counts=true -show-expansions=false -use-color=false |
            awk -F'|' -v f="${f#"$BOARDFUZZ_ROOT"/}" '
                $2 ~ /^ *0$/ {
                    n = $1; gsub(/ /, "", n); code = $0; sub(/^[^|]*\|[^|]*\|/, "", code)
                    print "  uncovered " f ":" n ":" code
                }'
    done
}

for target in $targets; do
    slug="$(fuzz_slug "$target")"
    seeds="fuzz/corpus/$target"
    if [ -z "$(ls -A "$seeds" 2>/dev/null)" ]; then
        echo "error: $seeds holds no seed (fuzz/fuzz-all.sh makes them)" >&2
        exit 1
    fi
    echo "-- $target: $(find "$seeds" -type f | wc -l) seeds"
    # Raw profiles of an earlier run (other seeds, another build) must not leak into this one.
    rm -rf "fuzz/coverage/$target/raw"
    log="$(mktemp)"
    if ! cargo fuzz coverage -s none --llvm-path "$llvm" --target-dir "$target_dir" \
        "$target" "$seeds" >"$log" 2>&1; then
        tail -n 30 "$log"
        echo "error: cargo fuzz coverage $target failed" >&2
        exit 1
    fi
    rm -f "$log"
    ran[$target]=1
    add_rows "$target" "$slug" "fuzz/coverage/$target/coverage.profdata" \
        "$target_dir/$host/release/$target"
done

# Where both targets of a game ran, their union: what the game's fuzzing reaches in all.
for target in $targets; do
    slug="$(fuzz_slug "$target")"
    if [ "$target" != "$slug" ] || [ -z "${ran[${slug}_parse]:-}" ]; then continue; fi
    union="fuzz/coverage/$slug+parse"
    mkdir -p "$union"
    "$llvm/llvm-profdata" merge -sparse "fuzz/coverage/$slug/coverage.profdata" \
        "fuzz/coverage/${slug}_parse/coverage.profdata" -o "$union/coverage.profdata"
    add_rows "$slug+parse" "$slug" "$union/coverage.profdata" \
        "$target_dir/$host/release/$slug" "$target_dir/$host/release/${slug}_parse"
done

if [ "$missing" -eq 1 ]; then
    echo
    for target in $targets; do
        slug="$(fuzz_slug "$target")"
        if [ -n "${ran[$slug]:-}" ] && [ -n "${ran[${slug}_parse]:-}" ]; then
            # Listed once per game, for the union of its two targets.
            if [ "$target" != "$slug" ]; then continue; fi
            echo "-- lines neither $slug nor ${slug}_parse runs"
            uncovered_lines "$slug" "fuzz/coverage/$slug+parse/coverage.profdata" \
                "$target_dir/$host/release/$slug" "$target_dir/$host/release/${slug}_parse"
        else
            echo "-- lines $target does not run"
            uncovered_lines "$slug" "fuzz/coverage/$target/coverage.profdata" \
                "$target_dir/$host/release/$target"
        fi
    done
fi

echo
printf '%-22s %-34s %7s %9s %8s %9s %9s\n' target file lines covered regions covered "run-time"
echo "(run-time: the lines share without the uncovered lines of \`const fn\` items, which run at compile time)"
printf '%s\n' "${table[@]}"
