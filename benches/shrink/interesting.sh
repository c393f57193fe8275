#!/bin/sh
# The interestingness test shared by every fixture of the shrink benchmark (benches/shrink/README.md).
#
#     interesting.sh DIR MODE [ARGS...] FILE
#
# DIR is a fixture folder (its brute.py and sol.py are run), MODE is `text` or `float`, FILE (the
# last argument) is the candidate input. Exits 0 iff brute.py accepts FILE (exit 0: it asserts the
# input's constraints first) and sol.py's output differs from brute.py's as a judge compares:
#   text   line by line, trailing whitespace of each line and trailing empty lines ignored;
#   float  token by token, two numbers equal when their absolute or relative error is ≤ 1e-6.
# When $COUNT_FILE is set, appends one line to it first, so every tool's test runs are counted
# the same way. The Python used is $SHRINK_BENCH_PYTHON (default python3; give the interpreter
# itself, not a pyenv shim, which costs ~200 ms a launch).
dir=$1 mode=$2
shift 2
eval "file=\${$#}"
[ -n "${COUNT_FILE:-}" ] && echo "$$" >> "$COUNT_FILE"
py=${SHRINK_BENCH_PYTHON:-python3}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/shrink-test.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
timeout 10 "$py" -S "$dir/brute.py" < "$file" > "$tmp/want" 2> /dev/null || exit 1
timeout 10 "$py" -S "$dir/sol.py" < "$file" > "$tmp/got" 2> /dev/null
case $mode in
text)
    norm='{ sub(/[ \t\r]+$/, ""); l[NR] = $0 } END { n = NR; while (n > 0 && l[n] == "") n--; for (i = 1; i <= n; i++) print l[i] }'
    awk "$norm" "$tmp/want" > "$tmp/w"
    awk "$norm" "$tmp/got" > "$tmp/g"
    if cmp -s "$tmp/w" "$tmp/g"; then exit 1; else exit 0; fi
    ;;
float)
    # exit 0 (differ) or 1 (the same within 1e-6)
    awk '
        function num(s) { return s ~ /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/ }
        function abs(x) { return x < 0 ? -x : x }
        { for (i = 1; i <= NF; i++) if (FILENAME == ARGV[1]) w[++nw] = $i; else g[++ng] = $i }
        END {
            if (nw != ng) exit 0
            for (i = 1; i <= nw; i++) {
                if (num(w[i]) && num(g[i])) {
                    a = w[i] + 0; b = g[i] + 0; d = abs(a - b)
                    if (d > 1e-6 && d > 1e-6 * abs(a)) exit 0
                } else if (w[i] != g[i]) exit 0
            }
            exit 1
        }' "$tmp/want" "$tmp/got"
    ;;
*)
    echo "interesting.sh: unknown mode $mode" >&2
    exit 2
    ;;
esac
