# Trusted answer of `string`: the number of palindromic substrings (counted by position), by
# checking every substring. Asserts the constraints first (README.md):
#   one line           a string of 1 to 300 lowercase letters a-z
# Canonical text only: the line ended by \n, nothing else.
import os
import sys

# strict.py, one folder up: the reading every fixture shares.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from strict import ints, lines, need  # noqa: E402


text = lines()
need(len(text) == 1, "expected one line")
s = text[0]
need(1 <= len(s) <= 300 and all(97 <= ch <= 122 for ch in s), "expected 1 to 300 of a-z")
n = len(s)
print(sum(1 for i in range(n) for j in range(i + 1, n + 1) if s[i:j] == s[i:j][::-1]))
