# `matrix` in one scan. Planted bug: a block counts when its top-left number equals its right and
# lower neighbours; the corner diagonally below is never looked at.
import sys

tokens = sys.stdin.read().split()
n, m = int(tokens[0]), int(tokens[1])
a = [[int(tokens[2 + i * m + j]) for j in range(m)] for i in range(n)]
count = 0
for i in range(n - 1):
    for j in range(m - 1):
        if a[i][j] == a[i][j + 1] == a[i + 1][j]:  # BUG: a[i + 1][j + 1] is not compared
            count += 1
print(count)
