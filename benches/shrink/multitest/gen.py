# `multitest` generator: python3 gen.py SIZE SEED. About SIZE numbers in all, split into up to
# ten tests, values 1..1000 (so ties, the planted bug's trigger, are uncommon). Always valid.
import random
import sys

size, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
total = max(1, min(size, 1000))
t = rng.randint(1, max(1, min(10, total // 8)))
cuts = sorted(rng.sample(range(1, total), t - 1)) if t > 1 else []
sizes = [b - a for a, b in zip([0] + cuts, cuts + [total])]
out = [str(t)]
for n in sizes:
    n = min(n, 100)
    out.append(str(n))
    out.append(" ".join(str(rng.randint(1, 1000)) for _ in range(n)))
print("\n".join(out))
