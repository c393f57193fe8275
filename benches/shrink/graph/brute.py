# Trusted answer of `graph`: the number of connected components, by a depth-first search over an
# adjacency list. Asserts the constraints first (README.md):
#   N M                1 <= N <= 100, 0 <= M <= 200
#   M lines u v        1 <= u, v <= N (self-loops and repeated edges allowed)
# Canonical text only: one space between numbers, no leading zeros or signs, every line ended by \n.
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
n, m = ints(text[0], 2, 0, 200)
need(1 <= n <= 100, "N out of [1, 100]")
need(len(text) == 1 + m, "expected %d lines" % (1 + m))
adj = [[] for _ in range(n + 1)]
for k in range(m):
    u, v = ints(text[1 + k], 2, 1, n)
    adj[u].append(v)
    adj[v].append(u)
seen = [False] * (n + 1)
components = 0
for s in range(1, n + 1):
    if not seen[s]:
        components += 1
        seen[s] = True
        stack = [s]
        while stack:
            u = stack.pop()
            for v in adj[u]:
                if not seen[v]:
                    seen[v] = True
                    stack.append(v)
print(components)
