# Trusted answer of `intervals`: the most closed intervals [l, r] sharing one point, every point
# from 1 to 1000 counted. Asserts the constraints first (README.md):
#   n                  1 <= n <= 200
#   n lines l r        1 <= l < r <= 1000
# Canonical text only: one space between numbers, no leading zeros, every line ended by \n.
import os
import sys

# strict.py, one folder up: the reading every fixture shares.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from strict import ints, lines, need  # noqa: E402


text = lines()
(n,) = ints(text[0], 1, 1, 200)
need(len(text) == 1 + n, "expected %d lines" % (1 + n))
spans = []
for k in range(n):
    l, r = ints(text[1 + k], 2, 1, 1000)
    need(l < r, "l >= r")
    spans.append((l, r))
print(max(sum(1 for l, r in spans if l <= x <= r) for x in range(1, 1001)))
