# Trusted answer of `edges`: the diameter of a tree (the most edges on a path between two nodes),
# by a breadth-first search from every node. Asserts the constraints first (README.md):
#   n                  2 <= n <= 200
#   n - 1 lines u v    1 <= u, v <= n, u != v: the edges of a tree (connected)
# Canonical text only: one space between numbers, no leading zeros, every line ended by \n.
import os
import sys

# strict.py, one folder up: the reading every fixture shares.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from strict import ints, lines, need  # noqa: E402


def distances(adj, s):
    dist = [-1] * len(adj)
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
    return dist


text = lines()
(n,) = ints(text[0], 1, 2, 200)
need(len(text) == n, "expected %d lines" % n)
adj = [[] for _ in range(n + 1)]
for k in range(1, n):
    u, v = ints(text[k], 2, 1, n)
    need(u != v, "a loop")
    adj[u].append(v)
    adj[v].append(u)
need(min(distances(adj, 1)[1:]) >= 0, "not connected")
print(max(max(distances(adj, s)) for s in range(1, n + 1)))
