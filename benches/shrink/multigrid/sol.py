# `multigrid` with one 20 x 20 visited array for the whole input, as fast solutions often keep
# their arrays global. Planted bug: the array is not cleared between grids, so a `#` of a later
# grid where an earlier grid had a visited `#` is skipped.
import sys

tokens = sys.stdin.read().split()
t, pos = int(tokens[0]), 1
visited = [[False] * 20 for _ in range(20)]  # BUG: must be cleared for every grid
out = []
for _ in range(t):
    r, c = int(tokens[pos]), int(tokens[pos + 1])
    grid = tokens[pos + 2:pos + 2 + r]
    pos += 2 + r
    best = 0
    for i in range(r):
        for j in range(c):
            if grid[i][j] != "#" or visited[i][j]:
                continue
            visited[i][j] = True
            stack, size = [(i, j)], 0
            while stack:
                y, x = stack.pop()
                size += 1
                for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if 0 <= ny < r and 0 <= nx < c and grid[ny][nx] == "#" and not visited[ny][nx]:
                        visited[ny][nx] = True
                        stack.append((ny, nx))
            best = max(best, size)
    out.append(best)
print("\n".join(map(str, out)))
