# `matrix` generator: python3 gen.py SIZE SEED. An n x m matrix of digits 0 to 2, n from 2 to
# SIZE / 6 and m from 2 to SIZE / 3 (at most 50 each), so that 2 x 2 blocks of equal digits and
# blocks with one odd digit both come up. Always valid.
import random
import sys

size, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
n = rng.randint(2, max(2, min(50, size // 6)))
m = rng.randint(2, max(2, min(50, size // 3)))
print(n, m)
for _ in range(n):
    print(" ".join(str(rng.randint(0, 2)) for _ in range(m)))
