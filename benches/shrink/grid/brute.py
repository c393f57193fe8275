# Trusted answer of `grid`: the number of 4-connected components of `#` cells, by a flood fill
# from every unvisited `#`. Asserts the constraints first (README.md):
#   R C                1 <= R, C <= 30
#   R lines            C characters each, `.` or `#`
# Canonical text only: one space between R and C, no leading zeros, every line ended by \n.
import os
import sys

# strict.py, one folder up: the reading every fixture shares.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from strict import ints, lines, need  # noqa: E402


text = lines()
r, c = ints(text[0], 2, 1, 30)
need(len(text) == 1 + r, "expected %d lines" % (1 + r))
grid = text[1:]
for row in grid:
    need(len(row) == c and all(ch in b".#" for ch in row), "a row must be %d of . and #" % c)
seen = [[False] * c for _ in range(r)]
components = 0
for i in range(r):
    for j in range(c):
        if grid[i][j] == ord("#") and not seen[i][j]:
            components += 1
            seen[i][j] = True
            stack = [(i, j)]
            while stack:
                y, x = stack.pop()
                for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if 0 <= ny < r and 0 <= nx < c and grid[ny][nx] == ord("#") and not seen[ny][nx]:
                        seen[ny][nx] = True
                        stack.append((ny, nx))
print(components)
