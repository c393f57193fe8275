# Trusted answer of `multitest`: for each test, the number of inversions (pairs i < j with
# a[i] > a[j]), by checking every pair. Asserts the constraints first (README.md):
#   T                  1 <= T <= 10
#   then T times: n    1 <= n <= 100
#                 a_1 .. a_n on one line, 1 <= a_i <= 1000
# Canonical text only: one space between numbers, no leading zeros or signs, every line ended by \n.
import os
import sys

# strict.py, one folder up: the reading every fixture shares.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from strict import ints, lines, need  # noqa: E402


text = lines()
(t,) = ints(text[0], 1, 1, 10)
need(len(text) == 1 + 2 * t, "expected %d lines" % (1 + 2 * t))
out = []
for k in range(t):
    (n,) = ints(text[1 + 2 * k], 1, 1, 100)
    a = ints(text[2 + 2 * k], n, 1, 1000)
    out.append(sum(1 for i in range(n) for j in range(i + 1, n) if a[i] > a[j]))
print("\n".join(map(str, out)))
