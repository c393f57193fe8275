# Trusted answer of `multigrid`: for each of T grids, the number of cells of its largest
# 4-connected component of `#` (0 when it has none), by a flood fill with a fresh visited set per
# grid. Asserts the constraints first (README.md):
#   T                  1 <= T <= 10
#   then T times: R C  1 <= R, C <= 20
#                 R lines of C characters, `.` or `#`
# Canonical text only: one space between R and C, no leading zeros, every line ended by \n.
import os
import sys

# strict.py, one folder up: the reading every fixture shares.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from strict import ints, lines, need  # noqa: E402


text = lines()
(t,) = ints(text[0], 1, 1, 10)
pos, out = 1, []
for _ in range(t):
    need(pos < len(text), "missing a grid")
    r, c = ints(text[pos], 2, 1, 20)
    grid = text[pos + 1:pos + 1 + r]
    pos += 1 + r
    need(len(grid) == r, "missing rows")
    for row in grid:
        need(len(row) == c and all(ch in b".#" for ch in row), "a row must be %d of . and #" % c)
    seen = set()
    best = 0
    for i in range(r):
        for j in range(c):
            if grid[i][j] == ord("#") and (i, j) not in seen:
                seen.add((i, j))
                stack, size = [(i, j)], 0
                while stack:
                    y, x = stack.pop()
                    size += 1
                    for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                        if 0 <= ny < r and 0 <= nx < c and grid[ny][nx] == ord("#") and (ny, nx) not in seen:
                            seen.add((ny, nx))
                            stack.append((ny, nx))
                best = max(best, size)
    out.append(best)
need(pos == len(text), "extra lines after the last grid")
print("\n".join(map(str, out)))
