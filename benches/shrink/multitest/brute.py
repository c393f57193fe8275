# Trusted answer of `multitest`: for each test, the number of inversions (pairs i < j with
# a[i] > a[j]), by checking every pair. Asserts the constraints first (README.md):
#   T                  1 <= T <= 10
#   then T times: n    1 <= n <= 100
#                 a_1 .. a_n on one line, 1 <= a_i <= 1000
# Canonical text only: one space between numbers, no leading zeros or signs, every line ended by \n.
import sys


def need(ok, why):
    if not ok:
        sys.stderr.write("invalid input: %s\n" % why)
        sys.exit(3)


def ints(line, count, lo, hi):
    """The `count` integers of `line`, each in [lo, hi], written canonically, one space apart."""
    toks = line.split(b" ")
    need(len(toks) == count, "expected %d numbers on a line" % count)
    out = []
    for t in toks:
        try:
            v = int(t)
        except ValueError:
            v = None
        need(v is not None and b"%d" % v == t, "not a canonical integer: %r" % t)
        need(lo <= v <= hi, "%d out of [%d, %d]" % (v, lo, hi))
        out.append(v)
    return out


def lines():
    """The lines of stdin, which must be ended each by a newline."""
    data = sys.stdin.buffer.read()
    need(data.endswith(b"\n"), "the last line must end with a newline")
    return data[:-1].split(b"\n")


text = lines()
(t,) = ints(text[0], 1, 1, 10)
need(len(text) == 1 + 2 * t, "expected %d lines" % (1 + 2 * t))
out = []
for k in range(t):
    (n,) = ints(text[1 + 2 * k], 1, 1, 100)
    a = ints(text[2 + 2 * k], n, 1, 1000)
    out.append(sum(1 for i in range(n) for j in range(i + 1, n) if a[i] > a[j]))
print("\n".join(map(str, out)))
