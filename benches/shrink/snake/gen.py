# `snake` generator: python3 gen.py SIZE SEED. An N x N board (N from 4 to 12, growing with
# SIZE), apples on about a third of its cells, and up to 20 turns at increasing seconds, mostly
# soon after one another so that the snake winds about and, grown, meets its own tail. Always
# valid.
import random
import sys

size, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
n = max(4, min(12, 3 + size // 8))
cells = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1) if (r, c) != (1, 1)]
apples = rng.sample(cells, min(len(cells), max(1, n * n // 3)))
turns, second = [], 0
for _ in range(rng.randint(1, min(20, max(1, size // 3)))):
    second += rng.randint(1, 3)
    if second > 100:
        break
    turns.append((second, rng.choice("LDD")))
out = ["%d %d" % (n, len(apples))]
out += ["%d %d" % a for a in apples]
out.append("%d" % len(turns))
out += ["%d %s" % t for t in turns]
print("\n".join(out))
