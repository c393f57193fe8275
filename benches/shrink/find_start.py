"""Finds the start case of a shrink-benchmark fixture (benches/shrink/README.md).

    python3 benches/shrink/find_start.py FORMAT [--size 60] [--min-bytes 200] [--write]

Runs FORMAT/gen.py SIZE SEED for SEED = 1, 2, ... and stops at the first case of at least
MIN_BYTES bytes on which FORMAT/test.sh exits 0 (brute.py accepts it and sol.py's answer
differs). Prints `SIZE SEED BYTES`; with --write, stores the case as FORMAT/start.in and `SIZE SEED`
as FORMAT/start.args, which `scripts/shrink-bench.sh --check` regenerates and compares.
"""
import argparse
import os
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument("format")
ap.add_argument("--size", type=int, default=60)
ap.add_argument("--min-bytes", type=int, default=200)
ap.add_argument("--max-seed", type=int, default=10000)
ap.add_argument("--write", action="store_true")
args = ap.parse_args()
folder = os.path.join(here, args.format)
env = dict(os.environ)
env.pop("COUNT_FILE", None)
env.setdefault("SHRINK_BENCH_PYTHON", sys.executable)
with tempfile.TemporaryDirectory() as tmp:
    case = os.path.join(tmp, "case.in")
    for seed in range(1, args.max_seed + 1):
        text = subprocess.run([sys.executable, os.path.join(folder, "gen.py"), str(args.size), str(seed)],
                              check=True, capture_output=True).stdout
        if len(text) < args.min_bytes:
            continue
        with open(case, "wb") as f:
            f.write(text)
        if subprocess.run([os.path.join(folder, "test.sh"), case], env=env).returncode == 0:
            print(args.size, seed, len(text))
            if args.write:
                with open(os.path.join(folder, "start.in"), "wb") as f:
                    f.write(text)
                with open(os.path.join(folder, "start.args"), "w") as f:
                    f.write("%d %d\n" % (args.size, seed))
            sys.exit(0)
sys.exit("no failing case of %d bytes or more at size %d in seeds 1..%d" % (args.min_bytes, args.size, args.max_seed))
