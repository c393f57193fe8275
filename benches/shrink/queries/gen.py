# `queries` generator: python3 gen.py SIZE SEED. N and Q of SIZE/3 to 2 x SIZE/3 (at most 100);
# values from a range drawn per case (all negative in about one case in three); one query in
# ten is the whole array. Always valid.
import random
import sys

size, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
n = max(1, min(100, rng.randint(max(1, size // 3), max(1, 2 * size // 3))))
q = max(1, min(100, rng.randint(max(1, size // 3), max(1, 2 * size // 3))))
if rng.random() < 1 / 3:
    lo, hi = -1000, -1
else:
    lo, hi = -1000, rng.randint(-1000, 1000)
out = ["%d %d" % (n, q), " ".join(str(rng.randint(lo, hi)) for _ in range(n))]
for _ in range(q):
    if rng.random() < 0.1:
        l, r = 1, n
    else:
        l, r = sorted((rng.randint(1, n), rng.randint(1, n)))
    out.append("%d %d" % (l, r))
print("\n".join(out))
