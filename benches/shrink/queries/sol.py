# `queries` by a sparse table (range maximum in O(1) a query), with a shortcut for a query of the
# whole array. Planted bug: the shortcut's maximum starts from 0 ("nothing is below zero"), so a
# whole-array query of an array with no positive element answers 0.
import sys

tokens = sys.stdin.read().split()
n, q = int(tokens[0]), int(tokens[1])
a = list(map(int, tokens[2:2 + n]))
table = [a[:]]
span = 1
while 2 * span <= n:
    prev = table[-1]
    table.append([max(prev[i], prev[i + span]) for i in range(n - 2 * span + 1)])
    span *= 2
whole = 0  # BUG: should start from a[0] (or minus infinity)
for x in a:
    if x > whole:
        whole = x
out = []
pos = 2 + n
for _ in range(q):
    l, r = int(tokens[pos]) - 1, int(tokens[pos + 1])
    pos += 2
    if l == 0 and r == n:
        out.append(whole)
        continue
    k = (r - l).bit_length() - 1
    out.append(max(table[k][l], table[k][r - (1 << k)]))
print("\n".join(map(str, out)))
