#!/usr/bin/env bash
# Time to catch: does a short `boardfuzz check` campaign catch each mutant of a game's code, and
# how fast? (issue 12; results in MUTANTS.md)
#
#   scripts/mutants-check.sh GAME [--files "engine.rs mod.rs"] [--sample N] [--seed S]
#                                 [--time 10s] [--jobs 1] [--limit SECONDS] [--out DIR]
#
# For each mutant cargo-mutants generates in src/games/GAME/ (`cargo mutants --list --json --diff`,
# limited to --files if given; --sample N keeps N mutants evenly spread over the list), the script
# applies the mutant to a scratch copy of the tree (never to this tree), builds boardfuzz there
# (`cargo build --release --bin boardfuzz`, incremental, `-j $BUILD_JOBS`, default 1)
# and runs
#
#   boardfuzz check GAME --time 10s --seed S --no-save --jobs 1
#
# recording for each mutant: caught (exit 1, a finding) or missed (exit 0), the verdict of the
# first finding (wrong answer, engine panic, engine hang, …), the seconds from the start of the
# campaign to the first failure (when the "…; shrinking" line appears on stderr, i.e. before
# shrinking), the case index, the exit status, and the build time. A mutant that does not compile
# is `unviable`. Anything else is flagged, and the script exits 1 if any flag was raised:
#   - a mutant that makes the engine panic must be caught as an "engine panic" finding (exit 1);
#     a panic that escapes (exit 101, a signal) or a panic message with exit 0 is a harness bug;
#   - exit 2 (usage) or a run past --limit seconds (default 120: the 10 s campaign plus shrinking)
#     is listed as `error` / `timeout`.
#
# Output: DIR/results.tsv (one row per mutant), DIR/logs/<n>.{out,err,build}, DIR/summary.txt
# (counts, share caught within the campaign time, median and max time to first failure, flags).
# The unmutated tree is checked first and must pass (else nothing is measured).
# CHECK_ARGS="…" adds words to every `check` command line (e.g. `--deep-share 0`: answers only, as
# before check ran the deep checks).
# SCRATCH=DIR reuses a scratch directory (the copy of the tree and its target/, ~1 GB); by default
# a new /tmp/mutants-check-GAME.* is made and kept for the next run: delete it when done.
set -euo pipefail

usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

[ $# -ge 1 ] || usage
GAME=$1; shift
FILES="" SAMPLE=0 SEED=1 TIME=10s JOBS=1 LIMIT=120 OUT=""
while [ $# -gt 0 ]; do
  case $1 in
    --files) FILES=$2; shift 2 ;;
    --sample) SAMPLE=$2; shift 2 ;;
    --seed) SEED=$2; shift 2 ;;
    --time) TIME=$2; shift 2 ;;
    --jobs) JOBS=$2; shift 2 ;;
    --limit) LIMIT=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    *) usage ;;
  esac
done

ROOT=$(cd "$(dirname "$0")/.." && pwd)
[ -d "$ROOT/src/games/$GAME" ] || { echo "no game $GAME in $ROOT/src/games" >&2; exit 2; }
command -v cargo-mutants >/dev/null || { echo "needs cargo-mutants (cargo install cargo-mutants --locked)" >&2; exit 2; }
OUT=${OUT:-$ROOT/mutants.out.check-$GAME}
SCRATCH=${SCRATCH:-$(mktemp -d /tmp/mutants-check-$GAME.XXXXXX)}
BUILD_JOBS=${BUILD_JOBS:-1}
mkdir -p "$OUT/logs"

# The mutants of this game only: every other game folder, the registry and (with --files) the
# game's other files are excluded. (-e, not -F: cargo-mutants 27 lets "delete field" mutants of
# other files through an -F regex.)
excludes=(-e 'src/games/mod.rs')
for dir in "$ROOT"/src/games/*/; do
  g=$(basename "$dir")
  [ "$g" = "$GAME" ] && continue
  excludes+=(-e "src/games/$g/**")
done
if [ -n "$FILES" ]; then
  for f in "$ROOT/src/games/$GAME"/*.rs; do
    b=$(basename "$f")
    case " $FILES " in *" $b "*) ;; *) excludes+=(-e "src/games/$GAME/$b") ;; esac
  done
fi
(cd "$ROOT" && cargo mutants --list --json --diff "${excludes[@]}") > "$OUT/mutants.json"

# The scratch tree: a copy of the sources (not target/, .git, fuzz/target, mutants.out*).
mkdir -p "$SCRATCH/tree"
# Extracted with fresh times (-m): a reused scratch target holds the last mutant's build, and
# cargo would take a source with an older time than that build for unchanged.
tar -C "$ROOT" --exclude=./target --exclude=./fuzz/target --exclude=./.git \
    --exclude='./mutants.out*' -cf - . | tar -C "$SCRATCH/tree" -m -xf -
export CARGO_TARGET_DIR="$SCRATCH/target"
# Incremental rebuilds of the mutated crate (cargo never builds registry crates incrementally, so
# the compiled dependencies stay valid); the release profile is otherwise the campaign's own.
export CARGO_PROFILE_RELEASE_INCREMENTAL=true
# Seed the scratch target with this tree's compiled release dependencies (a copy, read once) so
# that only boardfuzz and the reference are compiled; SEED_TARGET=0 builds everything.
if [ "${SEED_TARGET:-1}" != 0 ] && [ -d "$ROOT/target/release/.fingerprint" ] && [ ! -d "$CARGO_TARGET_DIR/release" ]; then
  mkdir -p "$CARGO_TARGET_DIR/release"
  cp -a "$ROOT/target/release/deps" "$ROOT/target/release/build" "$ROOT/target/release/.fingerprint" \
     "$CARGO_TARGET_DIR/release/" 2>/dev/null || true
fi
BIN="$SCRATCH/target/release/boardfuzz"

build() { (cd "$SCRATCH/tree" && cargo build --release --bin boardfuzz -j "$BUILD_JOBS" --quiet) ; }

# run LOGPREFIX: the campaign, with a timestamp on every stderr line; prints
# "exit|first_failure_seconds|verdict|case|total_seconds".
run_check() {
  # shellcheck disable=SC2086 # CHECK_ARGS is a list of words
  python3 - "$1" "$LIMIT" "$BIN" check "$GAME" --time "$TIME" --seed "$SEED" --no-save \
      --jobs "$JOBS" --color never ${CHECK_ARGS:-} <<'PY'
import re, subprocess, sys, time, os, signal
prefix, limit, cmd = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
start = time.monotonic()
first = verdict = case = ""
with open(prefix + ".out", "wb") as out, open(prefix + ".err", "w") as err:
    p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                         start_new_session=True, text=True, errors="replace")
    timed_out = False
    import threading
    def kill():
        nonlocal_flag.append(1)
        try: os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError: pass
    nonlocal_flag = []
    t = threading.Timer(limit, kill); t.start()
    for line in p.stderr:
        now = time.monotonic() - start
        err.write(f"{now:8.3f} {line}")
        m = re.search(r"\] (.*) on case (\d+)(?: \(no answer after [^)]*\))?; shrinking", line) \
            or re.search(r"\] (.*hangs) on case (\d+)", line)
        if m and not first:
            first, verdict, case = f"{now:.3f}", m.group(1), m.group(2)
    code = p.wait(); t.cancel()
    total = time.monotonic() - start
if nonlocal_flag:
    code = "timeout"
if not verdict:
    # No progress line (e.g. a generator error): take the verdict from the report.
    text = open(prefix + ".out", errors="replace").read()
    m = re.search(r"FINDING in \S+: ([^(\n]*?)\s*\(case (\d+)", text)
    if m:
        verdict, case = m.group(1), m.group(2)
    elif re.search(r"^error: (.*)$", text, re.M):
        verdict = re.search(r"^error: (.*)$", text, re.M).group(1)[:80]
print(f"{code}|{first}|{verdict.replace('|', '/')}|{case}|{total:.1f}")
PY
}

echo "building the unmutated tree in $SCRATCH (profile release + incremental, -j $BUILD_JOBS)…" >&2
build > "$OUT/logs/baseline.build" 2>&1 || { echo "the unmutated tree does not build" >&2; exit 1; }
base=$(run_check "$OUT/logs/baseline")
case $base in 0*) ;; *) echo "the unmutated campaign fails: $base (see $OUT/logs/baseline.*)" >&2; exit 1 ;; esac
echo "baseline: $base" >&2

python3 - "$OUT/mutants.json" "$SAMPLE" > "$OUT/selected.tsv" <<'PY'
import json, sys
ms = json.load(open(sys.argv[1])); n = int(sys.argv[2])
idx = range(len(ms)) if n <= 0 or n >= len(ms) else sorted({round(i * (len(ms) - 1) / max(n - 1, 1)) for i in range(n)})
for i in idx:
    m = ms[i]
    open(f"{sys.argv[1]}.{i}.diff", "w").write(m["diff"])
    print(f"{i}\t{m['file']}\t{m['name']}")
PY

{
  echo "# boardfuzz check $GAME --time $TIME --seed $SEED --no-save --jobs $JOBS ${CHECK_ARGS:-}; $(date -u +%FT%TZ); $(wc -l < "$OUT/selected.tsv") of $(python3 -c "import json;print(len(json.load(open('$OUT/mutants.json'))))") mutants"
  printf 'n\toutcome\tverdict\tfirst_failure_s\tcase\texit\tcheck_s\tbuild_s\tname\n'
} > "$OUT/results.tsv"

flags=0
while IFS=$'\t' read -r n file name; do
  src="$SCRATCH/tree/$file"
  cp "$src" "$SCRATCH/pristine.rs"
  if ! patch --quiet -p0 "$src" < "$OUT/mutants.json.$n.diff" > "$OUT/logs/$n.patch" 2>&1; then
    cp "$SCRATCH/pristine.rs" "$src"
    printf '%s\terror\tpatch failed\t\t\t\t\t\t%s\n' "$n" "$name" >> "$OUT/results.tsv"; flags=1; continue
  fi
  b0=$(date +%s)
  if build > "$OUT/logs/$n.build" 2>&1; then
    b=$(( $(date +%s) - b0 ))
    IFS='|' read -r code first verdict case total <<< "$(run_check "$OUT/logs/$n")"
    outcome=error
    case $code in
      0) outcome=missed ;;
      1) outcome=caught ;;
      timeout) if [ -n "$first" ]; then outcome=caught; else outcome=timeout; fi ;;
    esac
    panic_text=$(grep -l "panicked at" "$OUT/logs/$n.err" "$OUT/logs/$n.out" 2>/dev/null || true)
    if [ "$outcome" = error ] || { [ -n "$panic_text" ] && [ "$code" != 1 ]; }; then
      echo "FLAG: mutant $n ($name): exit $code, verdict '$verdict'${panic_text:+, a panic message in $panic_text}" >&2
      flags=1
    fi
  else
    b=$(( $(date +%s) - b0 )); outcome=unviable code="" first="" verdict="" case="" total=""
  fi
  cp "$SCRATCH/pristine.rs" "$src"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$n" "$outcome" "$verdict" "$first" "$case" "$code" \
    "$total" "$b" "$name" >> "$OUT/results.tsv"
  echo "$outcome ${first:+${first}s }${verdict:+($verdict) }$name" >&2
done < "$OUT/selected.tsv"

python3 - "$OUT/results.tsv" "$TIME" > "$OUT/summary.txt" <<'PY'
import csv, statistics, sys
rows = [r for r in csv.DictReader((l for l in open(sys.argv[1]) if not l.startswith("#")), delimiter="\t")]
limit = float(sys.argv[2].rstrip("s"))
by = lambda o: [r for r in rows if r["outcome"] == o]
caught, viable = by("caught"), [r for r in rows if r["outcome"] != "unviable"]
times = sorted(float(r["first_failure_s"]) for r in caught if r["first_failure_s"])
within = [t for t in times if t <= limit]
print(f"mutants: {len(rows)}; viable {len(viable)}; caught {len(caught)}; missed {len(by('missed'))}; "
      f"unviable {len(by('unviable'))}; timeout {len(by('timeout'))}; error {len(by('error'))}")
if viable:
    print(f"caught within {sys.argv[2]}: {len(within)}/{len(viable)} viable ({100*len(within)/len(viable):.0f}%)")
if times:
    print(f"time to first failure: median {statistics.median(times):.2f}s, min {times[0]:.2f}s, max {times[-1]:.2f}s")
verdicts = {}
for r in caught:
    verdicts[r["verdict"]] = verdicts.get(r["verdict"], 0) + 1
print("verdicts: " + ", ".join(f"{v or '?'} {c}" for v, c in sorted(verdicts.items())))
for r in by("missed"):
    print(f"missed: {r['name']}")
for r in caught:
    if "panic" in r["verdict"]:
        print(f"panic caught as a finding: {r['name']} ({r['verdict']}, case {r['case']}, {r['first_failure_s']}s)")
PY
cat "$OUT/summary.txt"
[ "$flags" = 0 ] || { echo "flags raised: see above and $OUT/results.tsv" >&2; exit 1; }
