# `grid` generator: python3 gen.py SIZE SEED. About 4 x SIZE cells (at most 30 x 30), a `#`
# density drawn per case. Always valid.
import random
import sys

size, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
cells = max(1, 4 * size)
r = max(1, min(30, rng.randint(max(1, size // 12), max(1, size // 3))))
c = max(1, min(30, cells // r))
p = rng.uniform(0.2, 0.6)
out = ["%d %d" % (r, c)]
for _ in range(r):
    out.append("".join("#" if rng.random() < p else "." for _ in range(c)))
print("\n".join(out))
