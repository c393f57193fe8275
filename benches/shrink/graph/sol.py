# `graph` by union-find: N minus the number of merges. Planted bug: a self-loop skips the find
# (an "optimisation") and falls through to the merge, so it lowers the count (the `continue` of
# the u != v branch is missing for u == v).
import sys

tokens = sys.stdin.read().split()
n, m = int(tokens[0]), int(tokens[1])
parent = list(range(n + 1))


def find(x):
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


components = n
for k in range(m):
    u, v = int(tokens[2 + 2 * k]), int(tokens[3 + 2 * k])
    if u != v:
        ru, rv = find(u), find(v)
        if ru == rv:
            continue
    else:
        ru = rv = find(u)  # BUG: a self-loop joins nothing, it should `continue` too
    parent[ru] = rv
    components -= 1
print(components)
