# `graph` generator: python3 gen.py SIZE SEED. SIZE edges (at most 200) on about SIZE vertices
# (at most 100), so the graph falls into several components; a self-loop (the planted bug's
# trigger) is drawn only once in 40 edges. Always valid.
import random
import sys

size, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
m = max(0, min(size, 200))
n = max(1, min(100, rng.randint(max(1, size * 3 // 4), max(1, size * 3 // 2))))
out = ["%d %d" % (n, m)]
for _ in range(m):
    u = rng.randint(1, n)
    v = u if rng.random() < 1 / 40 else rng.randint(1, n)
    out.append("%d %d" % (u, v))
print("\n".join(out))
