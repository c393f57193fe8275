# Trusted answer of `queries`: for each query l r, the maximum of a_l .. a_r, by scanning the
# range. Asserts the constraints first (README.md):
#   N Q                1 <= N <= 100, 1 <= Q <= 100
#   a_1 .. a_N         on one line, -1000 <= a_i <= 1000
#   Q lines l r        1 <= l <= r <= N
# Canonical text only: one space between numbers, no leading zeros, no `+` or `-0`, every line
# ended by \n.
import os
import sys

# strict.py, one folder up: the reading every fixture shares.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from strict import ints, lines, need  # noqa: E402


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
