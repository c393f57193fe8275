# `string` generator: python3 gen.py SIZE SEED. A string of 3 x SIZE to 5 x SIZE letters (at most
# 300) from the first k letters, k drawn per case between 3 and 26. Always valid.
import random
import sys

size, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
k = rng.randint(3, 26)
n = max(1, min(300, rng.randint(3 * size, 5 * size)))
print("".join(chr(97 + rng.randrange(k)) for _ in range(n)))
