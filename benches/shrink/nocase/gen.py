# `nocase` generator: python3 gen.py SIZE SEED. Two words of L letters, L from SIZE to 2 x SIZE
# (at most 200): the same letters in random case, and one time in three one letter of the second
# changed. Always valid.
import random
import string
import sys

size, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
n = max(1, min(200, rng.randint(size, 2 * size)))
s = [rng.choice(string.ascii_lowercase) for _ in range(n)]
t = list(s)
if rng.random() < 1 / 3:
    t[rng.randrange(n)] = rng.choice(string.ascii_lowercase)
case = lambda c: c.upper() if rng.random() < 0.5 else c
print("".join(map(case, s)), "".join(map(case, t)))
