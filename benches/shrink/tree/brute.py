# Trusted answer of `tree`: the diameter (the most edges on a path between two nodes) of a rooted
# tree, by a breadth-first search from every node. Asserts the constraints first (README.md):
#   N                  1 <= N <= 200
#   p_2 .. p_N         on one line (no such line when N = 1), 1 <= p_i < i: the parent of node i
# Canonical text only: one space between numbers, no leading zeros, every line ended by \n.
import os
import sys

# strict.py, one folder up: the reading every fixture shares.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from strict import ints, lines, need  # noqa: E402


text = lines()
(n,) = ints(text[0], 1, 1, 200)
need(len(text) == (1 if n == 1 else 2), "expected %d lines" % (1 if n == 1 else 2))
adj = [[] for _ in range(n + 1)]
if n > 1:
    parents = ints(text[1], n - 1, 1, n)
    for i, p in enumerate(parents, start=2):
        need(p < i, "p_%d = %d is not below %d" % (i, p, i))
        adj[i].append(p)
        adj[p].append(i)
best = 0
for s in range(1, n + 1):
    dist = [-1] * (n + 1)
    dist[s] = 0
    frontier = [s]
    while frontier:
        nxt = []
        for u in frontier:
            for v in adj[u]:
                if dist[v] < 0:
                    dist[v] = dist[u] + 1
                    nxt.append(v)
        frontier = nxt
    best = max(best, max(dist))
print(best)
