# `perm` in one pass. Planted bug: an element is counted as a record when it is larger than the
# element just before it, not than the largest before it (right until a smaller element comes
# between a record and a larger-than-it-but-not-record element: `3 1 2`).
import sys

tokens = sys.stdin.read().split()
n = int(tokens[0])
p = [int(t) for t in tokens[1 : 1 + n]]
records = 0
prev = 0
for x in p:
    if x > prev:  # BUG: should compare with the running maximum
        records += 1
    prev = x
print(records)
