# `edges` by one breadth-first search. Planted bug: the search starts at node 1 and its farthest
# distance is printed, as if node 1 were always an end of a longest path (it is right when node 1
# is a leaf on a diameter, wrong from `1` in the middle of a path of three nodes on).
import sys

tokens = sys.stdin.read().split()
n = int(tokens[0])
adj = [[] for _ in range(n + 1)]
for k in range(n - 1):
    u, v = int(tokens[1 + 2 * k]), int(tokens[2 + 2 * k])
    adj[u].append(v)
    adj[v].append(u)
dist = [-1] * (n + 1)
dist[1] = 0
queue = [1]
for u in queue:
    for v in adj[u]:
        if dist[v] < 0:
            dist[v] = dist[u] + 1
            queue.append(v)
print(max(dist))  # BUG: a second search from the farthest node is missing
