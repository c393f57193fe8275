# Trusted answer of `float`: the average distance of N points to the origin, printed with six
# decimals, by summing math.hypot. Asserts the constraints first (README.md):
#   N                  1 <= N <= 100
#   N lines x y        -1000 <= x, y <= 1000, integers
# Canonical text only: one space between numbers, no leading zeros, no `+` or `-0`, every line
# ended by \n. A judge accepts an absolute or relative error of 1e-6.
import os
import sys

# strict.py, one folder up: the reading every fixture shares.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from strict import ints, lines, need  # noqa: E402


import math

text = lines()
(n,) = ints(text[0], 1, 1, 100)
need(len(text) == 1 + n, "expected %d lines" % (1 + n))
total = 0.0
for k in range(n):
    x, y = ints(text[1 + k], 2, -1000, 1000)
    total += math.hypot(x, y)
print("%.6f" % (total / n))
