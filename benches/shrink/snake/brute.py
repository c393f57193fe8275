# Trusted answer of `snake`: the second the game ends, simulated as the rules say it, with the
# snake a list of cells (head last) and the apples a list. Asserts the constraints first
# (README.md):
#   N K                2 <= N <= 12, 0 <= K <= N*N - 1
#   K lines r c        1 <= r, c <= N, not (1, 1), no two alike
#   L                  0 <= L <= 20
#   L lines X C        1 <= X <= 100, X increasing, C is L or D
# The snake starts at (1, 1), one cell long, heading right. Each second its head moves one cell
# on; off the board or onto a cell of its body (the tail's cell included: the tail has not moved
# yet) the game ends, that second counted. On an apple, the apple is eaten and the tail stays;
# else the tail's cell is left. At the end of second X it turns left (L) or right (D).
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from strict import ints, lines, need  # noqa: E402

text = lines()
n, k = ints(text[0], 2, 0, 144)
need(2 <= n <= 12 and k <= n * n - 1, "N or K out of range")
need(len(text) >= 2 + k, "too few lines")
apples = []
for i in range(k):
    r, c = ints(text[1 + i], 2, 1, n)
    need((r, c) != (1, 1) and [r, c] not in apples, "an apple at the start or twice")
    apples.append([r, c])
(count,) = ints(text[1 + k], 1, 0, 20)
need(len(text) == 2 + k + count, "expected %d lines" % (2 + k + count))
turns = []
for j in range(count):
    line = text[2 + k + j]
    need(line[-2:] in (b" L", b" D"), "a turn is `X L` or `X D`")
    (x,) = ints(line[:-2], 1, 1, 100)
    need(not turns or turns[-1][0] < x, "turn seconds must increase")
    turns.append((x, line[-1:].decode()))

directions = ["right", "down", "left", "up"]  # clockwise: D turns to the next one, L back
step = {"right": (0, 1), "down": (1, 0), "left": (0, -1), "up": (-1, 0)}
body = [[1, 1]]
heading = "right"
second = 0
while True:
    second += 1
    dr, dc = step[heading]
    head = [body[-1][0] + dr, body[-1][1] + dc]
    if not (1 <= head[0] <= n and 1 <= head[1] <= n) or head in body:
        break
    body.append(head)
    if head in apples:
        apples.remove(head)
    else:
        body.pop(0)
    for x, c in turns:
        if x == second:
            turn = 1 if c == "D" else -1
            heading = directions[(directions.index(heading) + turn) % 4]
print(second)
