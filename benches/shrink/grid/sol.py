# `grid` by breadth-first search. Planted bug: the neighbour list has the four diagonals too
# (8-connectivity), so two `#` touching only at a corner are one component.
import sys
from collections import deque

tokens = sys.stdin.read().split()
r, c = int(tokens[0]), int(tokens[1])
grid = tokens[2:2 + r]
STEPS = [(dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dy or dx]  # BUG: 4 steps, not 8
seen = [[False] * c for _ in range(r)]
count = 0
for i in range(r):
    for j in range(c):
        if grid[i][j] == "#" and not seen[i][j]:
            count += 1
            seen[i][j] = True
            queue = deque([(i, j)])
            while queue:
                y, x = queue.popleft()
                for dy, dx in STEPS:
                    ny, nx = y + dy, x + dx
                    if 0 <= ny < r and 0 <= nx < c and not seen[ny][nx] and grid[ny][nx] == "#":
                        seen[ny][nx] = True
                        queue.append((ny, nx))
print(count)
