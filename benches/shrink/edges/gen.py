# `edges` generator: python3 gen.py SIZE SEED. A random tree on n nodes, n from SIZE to 2 x SIZE
# (at most 200): node i hangs from a node drawn among the last w before it (w drawn per case, so
# some trees are deep and thin and some bushy), then the labels are shuffled, each edge's two ends
# and the edges' order too, as a judge's test hides a tree. Always valid.
import random
import sys

size, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
n = max(2, min(200, rng.randint(size, 2 * size)))
w = rng.randint(1, max(1, n // 2))
label = list(range(1, n + 1))
rng.shuffle(label)
edges = []
for i in range(1, n):
    e = [label[i], label[rng.randint(max(0, i - w), i - 1)]]
    rng.shuffle(e)
    edges.append("%d %d" % tuple(e))
rng.shuffle(edges)
print(n)
print("\n".join(edges))
