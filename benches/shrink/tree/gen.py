# `tree` generator: python3 gen.py SIZE SEED. N of SIZE to 2 x SIZE nodes (at most 200); each
# parent is drawn among the last w nodes before it, w drawn per case, so some trees are deep and
# thin and some bushy. Always valid.
import random
import sys

size, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
n = max(1, min(200, rng.randint(size, 2 * size)))
w = rng.randint(1, max(1, n // 2))
out = [str(n)]
if n > 1:
    out.append(" ".join(str(rng.randint(max(1, i - w), i - 1)) for i in range(2, n + 1)))
print("\n".join(out))
