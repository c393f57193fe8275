# `path16` generator: python3 gen.py SIZE SEED. A path of SIZE nodes (at least 2), hidden as a
# judge's test hides one: the labels shuffled, each edge's two ends and the edges' order too.
# `gen.py 120000 1` is the start case, 1.4 MB. Always valid.
import random
import sys

size, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
n = max(2, min(200000, size))
label = list(range(1, n + 1))
rng.shuffle(label)
edges = []
for i in range(1, n):
    e = (label[i - 1], label[i]) if rng.random() < 0.5 else (label[i], label[i - 1])
    edges.append("%d %d" % e)
rng.shuffle(edges)
sys.stdout.write("%d\n%s\n" % (n, "\n".join(edges)))
