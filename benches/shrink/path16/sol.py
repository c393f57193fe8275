# `path16` by two breadth-first searches. Planted bug: the distances are kept in 16 bits (an
# array of unsigned shorts, as `unsigned short dist[N]` in C), so they wrap at 65,536: wrong on a
# tree whose diameter is 65,536 edges or more (a path of 65,537 nodes and up), right below.
import sys
from array import array

tokens = sys.stdin.buffer.read().split()
n = int(tokens[0])
adj = [[] for _ in range(n + 1)]
for k in range(n - 1):
    u, v = int(tokens[1 + 2 * k]), int(tokens[2 + 2 * k])
    adj[u].append(v)
    adj[v].append(u)


def farthest(s):
    dist = array("H", [0]) * (n + 1)  # BUG: 16 bits
    seen = bytearray(n + 1)
    seen[s] = 1
    queue = [s]
    for u in queue:
        for v in adj[u]:
            if not seen[v]:
                seen[v] = 1
                dist[v] = (dist[u] + 1) & 0xFFFF
                queue.append(v)
    best = max(range(1, n + 1), key=dist.__getitem__)
    return best, dist[best]


far, _ = farthest(1)
print(farthest(far)[1])
