# `snake` the fast way: the body a deque with a grid of occupied cells, the apples a grid, the
# turns a table by second. Planted bug: when the head lands on no apple, the tail's cell is
# freed BEFORE the head's cell is checked, so a head moving into the cell the tail is leaving
# goes on (the rules end the game there: the tail has not moved yet).
import sys
from collections import deque

t = sys.stdin.read().split()
n, k = int(t[0]), int(t[1])
apple = [[False] * (n + 2) for _ in range(n + 2)]
for i in range(k):
    apple[int(t[2 + 2 * i])][int(t[3 + 2 * i])] = True
p = 2 + 2 * k
turn = {}
for j in range(int(t[p])):
    turn[int(t[p + 1 + 2 * j])] = t[p + 2 + 2 * j]
used = [[False] * (n + 2) for _ in range(n + 2)]
body = deque([(1, 1)])
used[1][1] = True
dr, dc = 0, 1
second = 0
while True:
    second += 1
    r, c = body[-1][0] + dr, body[-1][1] + dc
    if not (1 <= r <= n and 1 <= c <= n):
        break
    if apple[r][c]:
        apple[r][c] = False
    else:
        tr, tc = body.popleft()  # BUG: the tail leaves before the head's cell is checked
        used[tr][tc] = False
    if used[r][c]:
        break
    body.append((r, c))
    used[r][c] = True
    if second in turn:
        dr, dc = (dc, -dr) if turn[second] == "D" else (-dc, dr)
print(second)
