# Trusted answer of `queries`: for each query l r, the maximum of a_l .. a_r, by scanning the
# range. Asserts the constraints first (README.md):
#   N Q                1 <= N <= 100, 1 <= Q <= 100
#   a_1 .. a_N         on one line, -1000 <= a_i <= 1000
#   Q lines l r        1 <= l <= r <= N
# Canonical text only: one space between numbers, no leading zeros, no `+` or `-0`, every line
# ended by \n.
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
n, q = ints(text[0], 2, 1, 100)
need(len(text) == 2 + q, "expected %d lines" % (2 + q))
a = ints(text[1], n, -1000, 1000)
out = []
for k in range(q):
    l, r = ints(text[2 + k], 2, 1, n)
    need(l <= r, "l > r")
    out.append(max(a[l - 1:r]))
print("\n".join(map(str, out)))
