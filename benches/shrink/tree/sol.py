# `tree` by heights: since p_i < i, the heights are filled from node N down to node 2. Planted
# bug: the answer is taken at the root only (the two tallest branches of node 1), as if every
# longest path went through the root; a path whose top is deeper is missed.
import sys

tokens = sys.stdin.read().split()
n = int(tokens[0])
parent = [0, 0] + [int(t) for t in tokens[1:n]]
height = [0] * (n + 1)
top = [[0, 0] for _ in range(n + 1)]  # the two tallest branches below each node
for i in range(n, 1, -1):
    p, h = parent[i], height[i] + 1
    if h > top[p][0]:
        top[p] = [h, top[p][0]]
    elif h > top[p][1]:
        top[p][1] = h
    height[p] = max(height[p], h)
print(top[1][0] + top[1][1])  # BUG: should be the maximum of top[v][0] + top[v][1] over every v
