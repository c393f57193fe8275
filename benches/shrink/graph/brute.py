# Trusted answer of `graph`: the number of connected components, by a depth-first search over an
# adjacency list. Asserts the constraints first (README.md):
#   N M                1 <= N <= 100, 0 <= M <= 200
#   M lines u v        1 <= u, v <= N (self-loops and repeated edges allowed)
# Canonical text only: one space between numbers, no leading zeros or signs, every line ended by \n.
import os
import sys

# strict.py, one folder up: the reading every fixture shares.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from strict import ints, lines, need  # noqa: E402


text = lines()
n, m = ints(text[0], 2, 0, 200)
need(1 <= n <= 100, "N out of [1, 100]")
need(len(text) == 1 + m, "expected %d lines" % (1 + m))
adj = [[] for _ in range(n + 1)]
for k in range(m):
    u, v = ints(text[1 + k], 2, 1, n)
    adj[u].append(v)
    adj[v].append(u)
seen = [False] * (n + 1)
components = 0
for s in range(1, n + 1):
    if not seen[s]:
        components += 1
        seen[s] = True
        stack = [s]
        while stack:
            u = stack.pop()
            for v in adj[u]:
                if not seen[v]:
                    seen[v] = True
                    stack.append(v)
print(components)
