# Trusted answer of `string`: the number of palindromic substrings (counted by position), by
# checking every substring. Asserts the constraints first (README.md):
#   one line           a string of 1 to 300 lowercase letters a-z
# Canonical text only: the line ended by \n, nothing else.
import sys


def need(ok, why):
    if not ok:
        sys.stderr.write("invalid input: %s\n" % why)
        sys.exit(3)


def ints(line, count, lo, hi):
    """The `count` integers of `line`, each in [lo, hi], written canonically, one space apart."""
    toks = line.split(b" ")
    need(len(toks) == count, "expected %d numbers on a line" % count)
    out = []
    for t in toks:
        try:
            v = int(t)
        except ValueError:
            v = None
        need(v is not None and b"%d" % v == t, "not a canonical integer: %r" % t)
        need(lo <= v <= hi, "%d out of [%d, %d]" % (v, lo, hi))
        out.append(v)
    return out


def lines():
    """The lines of stdin, which must be ended each by a newline."""
    data = sys.stdin.buffer.read()
    need(data.endswith(b"\n"), "the last line must end with a newline")
    return data[:-1].split(b"\n")


text = lines()
need(len(text) == 1, "expected one line")
s = text[0]
need(1 <= len(s) <= 300 and all(97 <= ch <= 122 for ch in s), "expected 1 to 300 of a-z")
n = len(s)
print(sum(1 for i in range(n) for j in range(i + 1, n + 1) if s[i:j] == s[i:j][::-1]))
