#!/usr/bin/env bash
# The shrink benchmark (issue 39, item 5): boardfuzz's text shrinker (`boardfuzz shrink`) side by
# side with shrinkray and picire (ddmin), each from a fresh copy of the same start case of every
# fixture in benches/shrink/ (see its README.md), with the same interestingness test, whose runs
# are counted the same way (one line in $COUNT_FILE a run), one test at a time for every tool.
#
#     scripts/shrink-bench.sh                    # every format, every tool; the table at the end
#     FORMATS="graph tree" TOOLS="shrinkray" scripts/shrink-bench.sh
#     scripts/shrink-bench.sh --check            # the fixtures only: start and minimal interesting,
#                                                # the generator reproduces start.in
#     scripts/shrink-bench.sh --table A.tsv B.tsv  # the table of earlier runs only
#
# Settings (environment):
#   FORMATS                 formats to run (default: every folder of benches/shrink with a test.sh)
#   TOOLS                   tools to run, of `boardfuzz shrinkray picire` (default: all three)
#   SHRINK_BENCH_TIMEOUT    seconds a tool may spend on one case (default 600); a tool stopped by
#                           it is marked `timeout` (shrinkray's file then holds its best so far,
#                           picire writes nothing before it ends)
#   SHRINK_BENCH_VENV       the virtual environment for shrinkray and picire (default
#                           target/shrink-bench-venv; made with a Python >= 3.12 found on the
#                           machine, shrinkray needs it)
#   SHRINK_BENCH_PYTHON     the interpreter that runs the fixtures' programs (default: the one
#                           `python3` names, resolved once, so a pyenv shim is not paid a run)
#   SHRINK_BENCH_BOARDFUZZ  the boardfuzz binary (default: target/release/boardfuzz, built by
#                           `cargo build --release`; when set, nothing is built)
#   SHRINK_BENCH_OUT        where the results go (default target/shrink-bench): two runs at once
#                           (say one per tool) need two
#
# Writes the work of each run under $SHRINK_BENCH_OUT/<format>/<tool>/ (the case, the count, the
# tool's log), the raw figures to $SHRINK_BENCH_OUT.tsv and the Markdown table to
# $SHRINK_BENCH_OUT.md (target/shrink-bench.md by default), and prints the table.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
fixtures=$root/benches/shrink
SHRINKRAY_VERSION=26.9.13.0
PICIRE_VERSION=21.8
timeout_s=${SHRINK_BENCH_TIMEOUT:-600}
venv=${SHRINK_BENCH_VENV:-$root/target/shrink-bench-venv}
case $venv in /*) ;; *) venv=$root/$venv ;; esac
out_base=${SHRINK_BENCH_OUT:-$root/target/shrink-bench}
case $out_base in /*) ;; *) out_base=$root/$out_base ;; esac

die() {
    echo "shrink-bench: $*" >&2
    exit 1
}

command -v python3 > /dev/null || die "python3 is needed to run the fixtures' programs"
if [ -z "${SHRINK_BENCH_PYTHON:-}" ]; then
    SHRINK_BENCH_PYTHON=$(python3 -c 'import sys; print(sys.executable)')
fi
export SHRINK_BENCH_PYTHON
unset COUNT_FILE

if [ -z "${FORMATS:-}" ]; then
    FORMATS=$(for d in "$fixtures"/*/; do [ -x "$d/test.sh" ] && basename "$d"; done | tr '\n' ' ')
fi
TOOLS=${TOOLS:-boardfuzz shrinkray picire}
for f in $FORMATS; do
    [ -x "$fixtures/$f/test.sh" ] || die "no fixture $f (benches/shrink/$f/test.sh)"
done
for t in $TOOLS; do
    case $t in boardfuzz | shrinkray | picire) ;; *) die "unknown tool $t (boardfuzz, shrinkray, picire)" ;; esac
done

# table TSV...: the Markdown table of the rows of the TSV files (one cell per tool, "bytes / runs /
# seconds", marked when stopped or no longer interesting), tools in the order they first appear.
table() {
    awk -F'\t' '
        FNR == 1 { next }
        {
            key = $1 SUBSEP $2
            if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1; start[$1] = $4; minimal[$1] = $5 }
            if (!($2 in tseen)) { tseen[$2] = 1; tool[++k] = $2 }
            if ($3 == "missing") cell[key] = "— (no `shrink` subcommand)"
            else {
                c = $6 " B / " $8 " / " $9 " s"
                if ($3 != "ok") c = c " (" $3 ")"
                if ($10 == "no") c = c " **not interesting**"
                cell[key] = c
            }
        }
        END {
            head = "| format | start B | minimal B |"; rule = "|---|---:|---:|"
            for (i = 1; i <= k; i++) { head = head " " tool[i] " B / runs / s |"; rule = rule "---:|" }
            print head; print rule
            for (j = 1; j <= n; j++) {
                f = order[j]; line = "| `" f "` | " start[f] " | " minimal[f] " |"
                for (i = 1; i <= k; i++) line = line " " ((f SUBSEP tool[i]) in cell ? cell[f SUBSEP tool[i]] : "") " |"
                print line
            }
        }' "$@"
}

# --table TSV...: only the table of earlier runs (say one run per tool, made side by side).
if [ "${1:-}" = "--table" ]; then
    shift
    table "$@"
    exit 0
fi

# --check: the fixtures only.
if [ "${1:-}" = "--check" ]; then
    bad=0
    for f in $FORMATS; do
        d=$fixtures/$f
        problems=""
        for file in gen.py brute.py sol.py start.in start.args minimal.in test.sh; do
            [ -f "$d/$file" ] || problems="$problems missing-$file"
        done
        if [ -z "$problems" ]; then
            "$d/test.sh" "$d/start.in" || problems="$problems start.in-not-interesting"
            "$d/test.sh" "$d/minimal.in" || problems="$problems minimal.in-not-interesting"
            # shellcheck disable=SC2046
            "$SHRINK_BENCH_PYTHON" "$d/gen.py" $(cat "$d/start.args") | cmp -s - "$d/start.in" ||
                problems="$problems gen.py-$(tr ' ' '-' < "$d/start.args" | tr -d '\n')-does-not-make-start.in"
            [ "$(wc -c < "$d/minimal.in")" -le "$(wc -c < "$d/start.in")" ] ||
                problems="$problems minimal.in-larger-than-start.in"
        fi
        if [ -z "$problems" ]; then
            printf 'ok    %-10s start %4d B (gen.py %s), minimal %3d B\n' "$f" "$(wc -c < "$d/start.in")" \
                "$(cat "$d/start.args")" "$(wc -c < "$d/minimal.in")"
        else
            printf 'FAIL  %-10s%s\n' "$f" "$problems"
            bad=1
        fi
    done
    exit $bad
fi

# A Python >= 3.12 for the venv (shrinkray's current versions need it; picire runs on it too).
find_python() {
    local c candidates=(python3.13 python3.12)
    local pyenv_root=${PYENV_ROOT:-$HOME/.pyenv}
    if command -v pyenv > /dev/null 2>&1; then pyenv_root=$(pyenv root); fi
    # the newest first
    candidates+=($(ls -d "$pyenv_root"/versions/3.[0-9]* 2> /dev/null | sort -t. -k2,2nr -k3,3nr | sed 's|$|/bin/python3|'))
    candidates+=(python3)
    for c in "${candidates[@]}"; do
        if [ -x "$c" ] || command -v "$c" > /dev/null 2>&1; then
            if "$c" -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2> /dev/null; then
                echo "$c"
                return 0
            fi
        fi
    done
    return 1
}

needs_venv=no
for t in $TOOLS; do
    if [ "$t" != boardfuzz ]; then needs_venv=yes; fi
done
if [ $needs_venv = yes ]; then
    if ! "$venv/bin/python" -c "
import importlib.metadata as m, sys
import pkg_resources
sys.exit(m.version('shrinkray') != '$SHRINKRAY_VERSION' or m.version('picire') != '$PICIRE_VERSION')
" 2> /dev/null; then
        py=$(find_python) || die "shrinkray $SHRINKRAY_VERSION needs Python >= 3.12, and none was found \
(tried python3.13, python3.12, pyenv's versions 3.12 and later and python3); install one, e.g. \`pyenv install 3.12\`"
        echo "shrink-bench: making $venv with $py ($("$py" --version 2>&1)); shrinkray's dependency" \
            "llama-cpp-python builds from source the first time (half an hour on two busy cores)" >&2
        "$py" -m venv "$venv"
        # picire imports pkg_resources, which setuptools 81 drops and a 3.12+ venv lacks
        "$venv/bin/pip" install --quiet --disable-pip-version-check \
            "shrinkray==$SHRINKRAY_VERSION" "picire==$PICIRE_VERSION" "setuptools<81"
    fi
fi
boardfuzz=${SHRINK_BENCH_BOARDFUZZ:-}
if [[ " $TOOLS " == *" boardfuzz "* ]] && [ -z "$boardfuzz" ]; then
    cargo build --release --quiet
    boardfuzz=$root/target/release/boardfuzz
fi

mkdir -p "$out_base"
tsv=$out_base.tsv
printf 'format\ttool\tstatus\tstart_bytes\tminimal_bytes\tbytes\tlines\truns\tseconds\tinteresting\n' > "$tsv"

# run_tool TOOL FORMAT: one shrink of FORMAT's start.in by TOOL; appends a row to the TSV.
run_tool() {
    local tool=$1 f=$2 d=$fixtures/$2 work=$out_base/$2/$1 status=ok rc=0 out t0 t1
    rm -rf "$work"
    mkdir -p "$work"
    cp "$d/start.in" "$work/case.in"
    : > "$work/count"
    t0=$(date +%s.%N)
    case $tool in
    shrinkray)
        # --no-llm: its default LLM passes download a model; --assume-deterministic: the test is
        # (it otherwise replays cases to detect flakiness, runs the others do not make).
        out=$work/case.in
        (cd "$work" && COUNT_FILE=$work/count SHRINKRAY_LLM=0 timeout -k 10 "$timeout_s" \
            "$venv/bin/shrinkray" --no-llm --ui basic --parallelism 1 --timeout 60 --no-history \
            --formatter none --assume-deterministic --seed 0 "$d/test.sh" case.in) \
            > "$work/log" 2>&1 || rc=$?
        ;;
    picire)
        # Its tester calls exit 0 interesting, as test.sh does; --atom both: lines, then characters.
        out=$work/out/case.in
        COUNT_FILE=$work/count PYTHONWARNINGS=ignore timeout -k 10 "$timeout_s" \
            "$venv/bin/picire" --input "$work/case.in" --test "$d/test.sh" --atom both \
            --out "$work/out" > "$work/log" 2>&1 || rc=$?
        ;;
    boardfuzz)
        out=$work/out.in
        if ! "$boardfuzz" shrink --help > /dev/null 2>&1; then
            echo "shrink-bench: $boardfuzz has no \`shrink\` subcommand in this build" \
                "(a build older than the subcommand?); boardfuzz's row is left empty" >&2
            status=missing
            rc=-1
        else
            COUNT_FILE=$work/count timeout -k 10 "$timeout_s" \
                "$boardfuzz" shrink "$work/case.in" --test "$d/test.sh" --output "$out" \
                > "$work/log" 2>&1 || rc=$?
        fi
        ;;
    esac
    t1=$(date +%s.%N)
    if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
        status=timeout
    elif [ "$rc" != 0 ] && [ $status = ok ]; then
        status="exit-$rc"
    fi
    local bytes=- lines=- interesting=-
    if [ -f "$out" ] && [ $status != missing ]; then
        bytes=$(wc -c < "$out")
        lines=$(wc -l < "$out")
        if "$d/test.sh" "$out"; then interesting=yes; else interesting=no; fi
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$f" "$tool" "$status" "$(wc -c < "$d/start.in")" \
        "$(wc -c < "$d/minimal.in")" "$bytes" "$lines" "$(wc -l < "$work/count")" \
        "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')" "$interesting" >> "$tsv"
    printf 'shrink-bench: %-9s %-10s %s: %s B, %s lines, %s runs, %s s, interesting %s\n' "$tool" "$f" \
        "$status" "$bytes" "$lines" "$(wc -l < "$work/count")" \
        "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')" "$interesting" >&2
}

date -u +"shrink-bench started %Y-%m-%dT%H:%MZ on $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); formats: $FORMATS; tools: $TOOLS; cap ${timeout_s}s a case" >&2
for f in $FORMATS; do
    for t in $TOOLS; do
        run_tool "$t" "$f"
    done
done
date -u +"shrink-bench finished %Y-%m-%dT%H:%MZ, load $(cut -d' ' -f1-3 /proc/loadavg)" >&2

table "$tsv" | tee "$out_base.md"
