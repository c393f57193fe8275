# `float` in one pass, printed at full precision (the judge compares with a tolerance). Planted
# bug: the square root is taken once, of the average squared distance (the root mean square),
# instead of averaging the distances; the two agree only when every point is as far out.
import sys

tokens = sys.stdin.read().split()
n = int(tokens[0])
squares = 0
for k in range(n):
    x, y = int(tokens[1 + 2 * k]), int(tokens[2 + 2 * k])
    squares += x * x + y * y
print((squares / n) ** 0.5)  # BUG: the mean of the roots is not the root of the mean
