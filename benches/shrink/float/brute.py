# Trusted answer of `float`: the average distance of N points to the origin, printed with six
# decimals, by summing math.hypot. Asserts the constraints first (README.md):
#   N                  1 <= N <= 100
#   N lines x y        -1000 <= x, y <= 1000, integers
# Canonical text only: one space between numbers, no leading zeros, no `+` or `-0`, every line
# ended by \n. A judge accepts an absolute or relative error of 1e-6.
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


import math

text = lines()
(n,) = ints(text[0], 1, 1, 100)
need(len(text) == 1 + n, "expected %d lines" % (1 + n))
total = 0.0
for k in range(n):
    x, y = ints(text[1 + k], 2, -1000, 1000)
    total += math.hypot(x, y)
print("%.6f" % (total / n))
