# `string` by expanding around centres. Planted bug: only the n letter centres are tried, not the
# n - 1 gaps between letters, so every even-length palindrome is missed.
import sys

s = sys.stdin.readline().strip()
n = len(s)
count = 0
for centre in range(n):  # BUG: even palindromes have their centre between two letters
    lo = hi = centre
    while lo >= 0 and hi < n and s[lo] == s[hi]:
        count += 1
        lo -= 1
        hi += 1
print(count)
