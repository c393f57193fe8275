# `multitest` by merge sort: the inversions of each test. Planted bug: the merge takes from the
# left half only while left < right, so an equal pair is counted as an inversion (`>=`).
import sys


def count(a):
    if len(a) <= 1:
        return a, 0
    mid = len(a) // 2
    left, x = count(a[:mid])
    right, y = count(a[mid:])
    merged, inv, i, j = [], x + y, 0, 0
    while i < len(left) and j < len(right):
        if left[i] < right[j]:  # BUG: should be <=
            merged.append(left[i])
            i += 1
        else:
            merged.append(right[j])
            inv += len(left) - i
            j += 1
    merged += left[i:] + right[j:]
    return merged, inv


tokens = sys.stdin.read().split()
t, pos, out = int(tokens[0]), 1, []
for _ in range(t):
    n = int(tokens[pos])
    a = list(map(int, tokens[pos + 1:pos + 1 + n]))
    pos += 1 + n
    out.append(count(a)[1])
print("\n".join(map(str, out)))
