# Trusted answer of `perm`: the number of records (prefix maxima) of a permutation, each element
# compared with every element before it. Asserts the constraints first (README.md):
#   n                  1 <= n <= 200
#   p_1 .. p_n         on one line: a permutation of 1..n
# Canonical text only: one space between numbers, no leading zeros, every line ended by \n.
import os
import sys

# strict.py, one folder up: the reading every fixture shares.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from strict import ints, lines, need  # noqa: E402


text = lines()
need(len(text) == 2, "expected 2 lines")
(n,) = ints(text[0], 1, 1, 200)
p = ints(text[1], n, 1, n)
need(sorted(p) == list(range(1, n + 1)), "not a permutation of 1..%d" % n)
print(sum(1 for i in range(n) if all(p[j] < p[i] for j in range(i))))
