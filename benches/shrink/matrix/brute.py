# Trusted answer of `matrix`: the number of 2 x 2 blocks whose four numbers are equal, every block
# looked at whole. Asserts the constraints first (README.md):
#   n m                1 <= n, m <= 50
#   n lines of m       0 <= a_ij <= 9
# Canonical text only: one space between numbers, no leading zeros, every line ended by \n.
import os
import sys

# strict.py, one folder up: the reading every fixture shares.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from strict import ints, lines, need  # noqa: E402


text = lines()
n, m = ints(text[0], 2, 1, 50)
need(len(text) == 1 + n, "expected %d lines" % (1 + n))
a = [ints(text[1 + i], m, 0, 9) for i in range(n)]
print(sum(1 for i in range(n - 1) for j in range(m - 1)
          if len({a[i][j], a[i][j + 1], a[i + 1][j], a[i + 1][j + 1]}) == 1))
