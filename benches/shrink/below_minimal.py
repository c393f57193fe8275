"""A spot check of a fixture's hand-minimal size (benches/shrink/README.md).

    python3 benches/shrink/below_minimal.py FORMAT ALPHABET      # e.g. multitest '012 \\n'

Runs brute.py and sol.py in this process on every string over ALPHABET (escapes allowed) that is
shorter than FORMAT/minimal.in and ends with a newline, and prints how many brute.py accepts and
how many of those sol.py answers differently (compared as test.sh compares): that must be none.
The alphabet keeps it small, so it checks the README's argument, it does not replace it.
"""
import io
import itertools
import os
import sys

fmt, alphabet = sys.argv[1], sys.argv[2].encode().decode("unicode_escape").encode()
d = os.path.join(os.path.dirname(os.path.abspath(__file__)), fmt)
brute = compile(open(os.path.join(d, "brute.py")).read(), "brute.py", "exec")
sol = compile(open(os.path.join(d, "sol.py")).read(), "sol.py", "exec")
limit = os.path.getsize(os.path.join(d, "minimal.in"))


class Stdin:
    def __init__(self, data):
        self.buffer = io.BytesIO(data)
        self.text = io.StringIO(data.decode())

    def read(self):
        return self.text.read()

    def readline(self):
        return self.text.readline()


def run(code, data):
    out, saved = io.StringIO(), (sys.stdout, sys.stdin, sys.stderr)
    sys.stdout, sys.stdin, sys.stderr = out, Stdin(data), io.StringIO()
    rc = 0
    try:
        exec(code, {"__name__": "__main__"})
    except SystemExit as e:
        rc = e.code if isinstance(e.code, int) else 1
    except Exception:
        rc = 1
    finally:
        sys.stdout, sys.stdin, sys.stderr = saved
    return rc, out.getvalue()


def same(want, got):
    if fmt != "float":
        norm = lambda s: [line.rstrip() for line in s.rstrip("\n").split("\n")]
        return norm(want) == norm(got)
    w, g = want.split(), got.split()
    if len(w) != len(g):
        return False
    for a, b in zip(w, g):
        try:
            a, b = float(a), float(b)
        except ValueError:
            return False
        if abs(a - b) > 1e-6 and abs(a - b) > 1e-6 * abs(a):
            return False
    return True


valid = failing = 0
for length in range(1, limit):
    for chars in itertools.product(alphabet, repeat=length):
        data = bytes(chars)
        if not data.endswith(b"\n"):
            continue
        rc, want = run(brute, data)
        if rc != 0:
            continue
        valid += 1
        if not same(want, run(sol, data)[1]):
            failing += 1
            print("fails below the minimal size:", data)
print("%s: %d valid inputs shorter than %d bytes over %r, %d failing" % (fmt, valid, limit, alphabet, failing))
sys.exit(1 if failing else 0)
