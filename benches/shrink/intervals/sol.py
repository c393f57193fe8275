# `intervals` by a sweep over the ends. Planted bug: at one coordinate the ends are taken before
# the starts, as for half-open intervals, so two intervals that only touch (`1 2`, `2 3`) are never
# counted together.
import sys

tokens = sys.stdin.read().split()
n = int(tokens[0])
events = []
for k in range(n):
    l, r = int(tokens[1 + 2 * k]), int(tokens[2 + 2 * k])
    events.append((l, 1))
    events.append((r, -1))  # BUG: closed intervals need the ends after the starts: (r, +inf)
events.sort()
best = now = 0
for _, d in events:
    now += d
    best = max(best, now)
print(best)
