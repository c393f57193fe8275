# Trusted answer of `multigrid`: for each of T grids, the number of cells of its largest
# 4-connected component of `#` (0 when it has none), by a flood fill with a fresh visited set per
# grid. Asserts the constraints first (README.md):
#   T                  1 <= T <= 10
#   then T times: R C  1 <= R, C <= 20
#                 R lines of C characters, `.` or `#`
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
(t,) = ints(text[0], 1, 1, 10)
pos, out = 1, []
for _ in range(t):
    need(pos < len(text), "missing a grid")
    r, c = ints(text[pos], 2, 1, 20)
    grid = text[pos + 1:pos + 1 + r]
    pos += 1 + r
    need(len(grid) == r, "missing rows")
    for row in grid:
        need(len(row) == c and all(ch in b".#" for ch in row), "a row must be %d of . and #" % c)
    seen = set()
    best = 0
    for i in range(r):
        for j in range(c):
            if grid[i][j] == ord("#") and (i, j) not in seen:
                seen.add((i, j))
                stack, size = [(i, j)], 0
                while stack:
                    y, x = stack.pop()
                    size += 1
                    for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                        if 0 <= ny < r and 0 <= nx < c and grid[ny][nx] == ord("#") and (ny, nx) not in seen:
                            seen.add((ny, nx))
                            stack.append((ny, nx))
                best = max(best, size)
    out.append(best)
need(pos == len(text), "extra lines after the last grid")
print("\n".join(map(str, out)))
