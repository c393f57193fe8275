# `nocase` by lowering and comparing. Planted bug: only the first word is lowered, so an upper-case
# letter of the second compares below every lower-case letter.
import sys

s, t = sys.stdin.read().split()
s = s.lower()  # BUG: t must be lowered too
print(-1 if s < t else (1 if s > t else 0))
