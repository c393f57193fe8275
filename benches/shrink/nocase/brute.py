# Trusted answer of `nocase`: the two words compared ignoring case, letter by letter: -1, 0 or 1
# as the first is smaller, equal or larger. Asserts the constraints first (README.md):
#   s t                one line, two words of the same length L, 1 <= L <= 200, of the letters
#                      a-z and A-Z, one space between them
# Canonical text only: every line ended by \n.
import os
import sys

# strict.py, one folder up: the reading every fixture shares.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from strict import lines, need  # noqa: E402

LETTERS = set(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
text = lines()
need(len(text) == 1, "expected 1 line")
words = text[0].split(b" ")
need(len(words) == 2, "expected two words one space apart")
s, t = words
need(1 <= len(s) <= 200 and len(s) == len(t), "the words must be as long, 1 to 200 letters")
need(all(c in LETTERS for c in s + t), "letters only")
answer = 0
for a, b in zip(s, t):
    a, b = chr(a).lower(), chr(b).lower()
    if a != b:
        answer = -1 if a < b else 1
        break
print(answer)
