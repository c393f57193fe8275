# `multigrid` generator: python3 gen.py SIZE SEED. T grids (at most 10) of about 4 x SIZE cells in
# all (each at most 20 x 20), a `#` density drawn per grid. Always valid.
import random
import sys

size, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
t = rng.randint(1, max(1, min(10, size // 15)))
cells = max(1, 4 * size // t)
out = [str(t)]
for _ in range(t):
    r = rng.randint(1, max(1, min(20, cells // 2)))
    c = max(1, min(20, cells // r))
    p = rng.uniform(0.1, 0.7)
    out.append("%d %d" % (r, c))
    out += ["".join("#" if rng.random() < p else "." for _ in range(c)) for _ in range(r)]
print("\n".join(out))
