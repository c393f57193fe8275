# Trusted answer of `grid`: the number of 4-connected components of `#` cells, by a flood fill
# from every unvisited `#`. Asserts the constraints first (README.md):
#   R C                1 <= R, C <= 30
#   R lines            C characters each, `.` or `#`
# Canonical text only: one space between R and C, no leading zeros, every line ended by \n.
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
r, c = ints(text[0], 2, 1, 30)
need(len(text) == 1 + r, "expected %d lines" % (1 + r))
grid = text[1:]
for row in grid:
    need(len(row) == c and all(ch in b".#" for ch in row), "a row must be %d of . and #" % c)
seen = [[False] * c for _ in range(r)]
components = 0
for i in range(r):
    for j in range(c):
        if grid[i][j] == ord("#") and not seen[i][j]:
            components += 1
            seen[i][j] = True
            stack = [(i, j)]
            while stack:
                y, x = stack.pop()
                for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if 0 <= ny < r and 0 <= nx < c and grid[ny][nx] == ord("#") and not seen[ny][nx]:
                        seen[ny][nx] = True
                        stack.append((ny, nx))
print(components)
