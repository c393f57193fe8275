# Trusted answer of `path16`: the diameter of a tree (the most edges on a path between two nodes),
# by two breadth-first searches (the farthest node from node 1 ends a longest path), distances in
# Python's unbounded integers. Asserts the constraints first (README.md):
#   n                  2 <= n <= 200000
#   n - 1 lines u v    1 <= u, v <= n, u != v: the edges of a tree (connected)
# Canonical text only: one space between numbers, no leading zeros, every line ended by \n.
import os
import re
import sys

# strict.py, one folder up: the reading every fixture shares.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from strict import ints, lines, need  # noqa: E402


def distances(adj, s):
    dist = [-1] * len(adj)
    dist[s] = 0
    queue = [s]
    for u in queue:
        for v in adj[u]:
            if dist[v] < 0:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


text = lines()
(n,) = ints(text[0], 1, 2, 200000)
need(len(text) == n, "expected %d lines" % n)
# The edge lines checked at once (strict.py's `ints` line by line takes a second at 120,000 lines).
body = b"\n".join(text[1:])
need(re.fullmatch(rb"(?:[1-9][0-9]* [1-9][0-9]*\n)*[1-9][0-9]* [1-9][0-9]*", body),
     "an edge line that is not two canonical positive numbers one space apart")
ends = list(map(int, body.split()))
need(max(ends) <= n, "a node above n")
adj = [[] for _ in range(n + 1)]
for k in range(0, len(ends), 2):
    u, v = ends[k], ends[k + 1]
    need(u != v, "a loop")
    adj[u].append(v)
    adj[v].append(u)
dist = distances(adj, 1)
need(min(dist[1:]) >= 0, "not connected")
far = dist.index(max(dist))
print(max(distances(adj, far)))
