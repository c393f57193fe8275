# `intervals` generator: python3 gen.py SIZE SEED. n intervals, n from SIZE to 2 x SIZE (at most
# 200), each `l r` with 1 <= l < r <= 100, of lengths 1 to 20, so that many touch end to start.
# Always valid.
import random
import sys

size, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
n = max(1, min(200, rng.randint(size, 2 * size)))
print(n)
for _ in range(n):
    length = rng.randint(1, 20)
    l = rng.randint(1, 100 - length)
    print(l, l + length)
