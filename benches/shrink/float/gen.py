# `float` generator: python3 gen.py SIZE SEED. SIZE/2 to SIZE points (at most 100); in about one
# case in two every point lies on one circle of a Pythagorean radius (5, 10, 13, 25, ...), where
# the planted bug gives the right answer, else coordinates are drawn from a box of a random
# size. Always valid.
import math
import random
import sys

size, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
n = max(1, min(100, rng.randint(max(1, size // 2), max(1, size))))
out = [str(n)]
if rng.random() < 0.5:
    r = rng.choice([5, 10, 13, 15, 17, 25, 65, 85, 125, 325, 425, 625, 1000])
    on = []
    for x in range(-r, r + 1):
        y = math.isqrt(r * r - x * x)
        if x * x + y * y == r * r:
            on += [(x, y), (x, -y)]
    points = [rng.choice(on) for _ in range(n)]
    if rng.random() < 0.5:  # one point off the circle
        points[rng.randrange(n)] = (rng.randint(-1000, 1000), rng.randint(-1000, 1000))
else:
    box = rng.choice([3, 10, 100, 1000])
    points = [(rng.randint(-box, box), rng.randint(-box, box)) for _ in range(n)]
out += ["%d %d" % p for p in points]
print("\n".join(out))
