# `perm` generator: python3 gen.py SIZE SEED. A random permutation of 1..n, n from SIZE to
# 2 x SIZE (at most 200). Always valid.
import random
import sys

size, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
n = max(1, min(200, rng.randint(size, 2 * size)))
p = list(range(1, n + 1))
rng.shuffle(p)
print(n)
print(" ".join(map(str, p)))
