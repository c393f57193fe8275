//! The optimized coin_jump engine (BOJ 1103): one pass over the reachable graph.
//!
//! The board is one flat `Vec<u8>`, row-major, a cell's digit in its low four bits (0 = hole).
//! [`longest`] walks the graph of digit cells with an iterative depth-first search whose whole
//! state lives in two arrays: the high four bits of each cell byte hold its colour and, while it
//! is on the search path (grey), how many of its four moves have been tried; one `u32` per cell
//! holds the grey cell's parent and, once the cell is finished (black), its value
//! f(v) = 1 + max(0, f of its digit targets). Reaching a grey cell again proves a reachable cycle
//! (`-1`); a black one is reused. There is no recursion and no separate stack, so a 4000×4000
//! board costs its input text, one byte and one `u32` per cell, and nothing that grows with the
//! search depth. Indices are `u32` unless the board has 2³² cells or more (then `u64`).
//!
//! The trace ([`trace`]) runs the same search from every reachable cell, so when the engine and
//! the reference part ways the report names the first cell whose value differs. [`analyse`] is a
//! second, independent algorithm over the whole board (reverse topological peeling: Kahn's
//! algorithm on reversed edges) that gives every cell's value at once; the census uses it, and
//! the tests hold it to the search.

use crate::judge::{self, ErrorClass, JudgeError, JudgeText};

/// The judge's bound on N and M, enforced in strict mode.
pub const STRICT_LIMIT: i64 = 50;

/// A cell byte's digit bits; 0 is a hole.
const DIGIT: u8 = 0x0F;
/// Colour bits (high nibble): 0 white; 1..=5 grey with 0..=4 moves tried (recorded when the
/// search descends from the cell, so a parent's colour names the move that led to its child);
/// 6 black.
const GREY: u8 = 1 << 4;
const GREY_DONE: u8 = 5 << 4;
const BLACK: u8 = 6 << 4;

/// A parsed board: `cells[r * cols + c]` is the digit 1..=9, or 0 for a hole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// The number of rows, N.
    pub rows: usize,
    /// The number of columns, M.
    pub cols: usize,
    /// The cells, row-major: the digit 1..=9, or 0 for a hole.
    pub cells: Vec<u8>,
}

/// Input byte → cell: `1`..`9` → 1..=9, `H` → 0, anything else → `BAD`.
const BAD: u8 = 0xFF;
static CELL: [u8; 256] = {
    let mut t = [BAD; 256];
    let mut d = 1;
    while d <= 9 {
        t[b'0' as usize + d] = d as u8;
        d += 1;
    }
    t[b'H' as usize] = 0;
    t
};

/// Reads `N M` and N rows of M characters (`docs/judge-text.md`, section coin_jump). `strict`
/// limits N and M to [`STRICT_LIMIT`].
pub fn parse(input: &[u8], strict: bool) -> Result<Board, JudgeError> {
    let mut text = JudgeText::new(input)?;
    let (line, [n, m]) = text.fields::<2>("the board size `N M`")?;
    let hi = if strict { STRICT_LIMIT } else { i64::MAX };
    let rows = judge::number(n, line, "N", 1, hi)?;
    let cols = judge::number(m, line, "M", 1, hi)?;
    let too_big = |what: &str| {
        JudgeError::new(
            ErrorClass::OutOfRange,
            line,
            format!("{what} does not fit in memory indices on this machine"),
        )
    };
    let rows = usize::try_from(rows).map_err(|_| too_big("N"))?;
    let cols = usize::try_from(cols).map_err(|_| too_big("M"))?;
    // Never trust N·M for an allocation: the rows must be in the input.
    let mut cells = Vec::with_capacity(rows.saturating_mul(cols).min(input.len()));
    for r in 1..=rows {
        let (line, row) = text.line(1, "a board row")?;
        // The line has exactly one field, so the field is the trimmed line.
        let field = row.trim_ascii().as_bytes();
        if field.len() != cols {
            return Err(JudgeError::new(
                ErrorClass::Malformed,
                line,
                format!("row {r} has {} characters, expected {cols}", field.len()),
            ));
        }
        // Branch-free, so both loops vectorize; the slow path only runs on a bad row.
        cells.extend(
            field
                .iter()
                .map(|&b| if b == b'H' { 0 } else { b.wrapping_sub(b'0') }),
        );
        let bad = field.iter().fold(false, |acc, &b| {
            acc | !(b == b'H' || (b'1'..=b'9').contains(&b))
        });
        if bad {
            let at = field
                .iter()
                .position(|&b| CELL[b as usize] == BAD)
                .unwrap_or(0);
            let ch = std::str::from_utf8(&field[at..])
                .ok()
                .and_then(|s| s.chars().next())
                .unwrap_or('?');
            return Err(JudgeError::new(
                ErrorClass::Malformed,
                line,
                format!(
                    "row {r}, column {}: `{ch}` is neither a digit 1-9 nor H",
                    at + 1
                ),
            ));
        }
    }
    text.finish()?;
    if cells[0] == 0 {
        return Err(JudgeError::new(
            ErrorClass::Invalid,
            2,
            "the top-left cell (the start) is a hole",
        ));
    }
    Ok(Board { rows, cols, cells })
}

/// The judge's answer for an input: the maximum number of moves or `-1`, and a newline.
pub fn solve(input: &[u8], strict: bool) -> Result<String, JudgeError> {
    let board = parse(input, strict)?;
    Ok(format!("{}\n", longest(board)))
}

/// One line `r,c=V` per digit cell reachable from the start, row-major, `V` the answer from that
/// cell (`-1` if a cycle is reachable from it): the search of [`longest`] started on each cell.
/// O(reachable cells × N·M); meant for the small boards of disagreement reports.
pub fn trace(input: &[u8], strict: bool) -> Result<Vec<String>, JudgeError> {
    let board = parse(input, strict)?;
    let (rows, cols) = (board.rows, board.cols);
    Ok(reachable(&board)
        .iter()
        .enumerate()
        .filter(|(_, &r)| r)
        .map(|(i, _)| {
            let value = longest_from(rows, cols, board.cells.clone(), i);
            format!("{},{}={value}", i / cols + 1, i % cols + 1)
        })
        .collect())
}

/// [`trace`] computed by [`analyse`] instead of the search (for tests).
pub fn trace_by_analysis(input: &[u8], strict: bool) -> Result<Vec<String>, JudgeError> {
    let a = analyse(&parse(input, strict)?);
    Ok(a.reachable
        .iter()
        .enumerate()
        .filter(|(_, &r)| r)
        .map(|(i, _)| format!("{},{}={}", i / a.cols + 1, i % a.cols + 1, a.value[i]))
        .collect())
}

/// The digit cells the coin can reach from the start (the start included).
pub fn reachable(board: &Board) -> Vec<bool> {
    let (rows, cols, cells) = (board.rows, board.cols, &board.cells);
    let mut seen = vec![false; cells.len()];
    let mut stack = vec![0usize];
    seen[0] = true;
    while let Some(v) = stack.pop() {
        for t in moves(rows, cols, v, cells[v]).into_iter().flatten() {
            if cells[t] != 0 && !seen[t] {
                seen[t] = true;
                stack.push(t);
            }
        }
    }
    seen
}

/// The answer for a board: the maximum number of moves from the top-left cell, or `-1`.
pub fn longest(board: Board) -> i64 {
    longest_from(board.rows, board.cols, board.cells, 0)
}

/// The answer of a game started on digit cell `start` (`cells` is used as scratch).
fn longest_from(rows: usize, cols: usize, mut cells: Vec<u8>, start: usize) -> i64 {
    if u32::try_from(cells.len()).is_ok_and(|n| n < u32::MAX) {
        search::<u32>(rows, cols, &mut cells, start)
    } else {
        search::<u64>(rows, cols, &mut cells, start)
    }
}

/// [`longest`] on a borrowed board (the cells are copied).
pub fn longest_of(rows: usize, cols: usize, cells: &[u8]) -> i64 {
    longest(Board {
        rows,
        cols,
        cells: cells.to_vec(),
    })
}

/// [`longest`] with 64-bit slots, the path boards of 2^32 cells or more take (the self-check
/// compares it with the 32-bit one on every board it sees).
pub fn longest_wide(board: &Board) -> i64 {
    let mut cells = board.cells.clone();
    search::<u64>(board.rows, board.cols, &mut cells, 0)
}

/// An index type for the per-cell parent/value array.
trait Slot: Copy + Default {
    fn of(i: usize) -> Self;
    fn at(self) -> usize;
}

impl Slot for u32 {
    #[inline(always)]
    fn of(i: usize) -> u32 {
        i as u32
    }
    #[inline(always)]
    fn at(self) -> usize {
        self as usize
    }
}

impl Slot for u64 {
    #[inline(always)]
    fn of(i: usize) -> u64 {
        i as u64
    }
    #[inline(always)]
    fn at(self) -> usize {
        self as usize
    }
}

/// The iterative colour DFS from digit cell `start` (see the module documentation). `cells`
/// holds digits on entry and is used as the colour array.
fn search<S: Slot>(rows: usize, cols: usize, cells: &mut [u8], start: usize) -> i64 {
    let n = rows * cols;
    // Zeroed, so pages of cells the search never reaches are never touched.
    let mut slot: Vec<S> = vec![S::default(); n];
    let (mut v, mut col) = (start, start % cols);
    cells[start] |= GREY;
    'walk: loop {
        let b = cells[v];
        let d = (b & DIGIT) as usize;
        // Try the moves not tried yet: up, down, left, right, in that order (`step` 1..=4).
        let mut step = b >> 4;
        while step < GREY_DONE >> 4 {
            let target = match step {
                1 => v.checked_sub(d * cols),
                2 => Some(v + d * cols).filter(|&t| t < n),
                3 => (col >= d).then(|| v - d),
                _ => (col + d < cols).then(|| v + d),
            };
            step += 1;
            let Some(t) = target else { continue };
            let tb = cells[t];
            if tb & DIGIT == 0 || tb >= BLACK {
                continue; // a hole ends the game; a finished cell is reused when v finishes
            }
            if tb >= GREY {
                return -1; // t is on the search path: a reachable cycle
            }
            // Descend; v's colour records how many moves it has tried, so the last one taken.
            cells[v] = (b & DIGIT) | (step << 4);
            slot[t] = S::of(v);
            cells[t] = tb | GREY;
            match step {
                4 => col -= d,
                5 => col += d,
                _ => {}
            }
            v = t;
            continue 'walk;
        }
        // Every move tried: each digit target is black and holds its value.
        let mut best = 0usize;
        let mut take = |t: usize| {
            if cells[t] & DIGIT != 0 {
                best = best.max(slot[t].at());
            }
        };
        if let Some(t) = v.checked_sub(d * cols) {
            take(t);
        }
        if v + d * cols < n {
            take(v + d * cols);
        }
        if col >= d {
            take(v - d);
        }
        if col + d < cols {
            take(v + d);
        }
        let parent = slot[v].at();
        slot[v] = S::of(best + 1);
        cells[v] = (b & DIGIT) | BLACK;
        if v == start {
            return best as i64 + 1;
        }
        // Back to the parent; its colour says which move led here, which gives its column.
        let pb = cells[parent];
        match pb >> 4 {
            4 => col += (pb & DIGIT) as usize, // it moved left
            5 => col -= (pb & DIGIT) as usize, // it moved right
            _ => {}
        }
        v = parent;
    }
}

/// The four moves of a digit cell, as the in-board cell each lands on (`None`: off the board), in
/// the order up, down, left, right.
pub fn moves(rows: usize, cols: usize, i: usize, digit: u8) -> [Option<usize>; 4] {
    moves_at(rows, cols, i / cols, i % cols, digit)
}

/// [`moves`] of the cell at row `r`, column `c` (0-based).
#[inline]
pub fn moves_at(rows: usize, cols: usize, r: usize, c: usize, digit: u8) -> [Option<usize>; 4] {
    let (i, d) = (r * cols + c, digit as usize);
    [
        (r >= d).then(|| i - d * cols),
        (r + d < rows).then(|| i + d * cols),
        (c >= d).then(|| i - d),
        (c + d < cols).then(|| i + d),
    ]
}

/// Every cell's value and which cells the coin can reach.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// The board's number of rows.
    pub rows: usize,
    /// The board's number of columns.
    pub cols: usize,
    /// Digits, 0 for holes.
    pub cells: Vec<u8>,
    /// Cells reachable from the start (the start included).
    pub reachable: Vec<bool>,
    /// For a digit cell: the answer of a game started there (`-1` or ≥ 1); 0 for a hole.
    pub value: Vec<i64>,
}

impl Analysis {
    /// The game's answer (the start's value).
    pub fn answer(&self) -> i64 {
        self.value[0]
    }

    /// The digit cells a move from `i` lands on.
    pub fn edges(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        moves(self.rows, self.cols, i, self.cells[i])
            .into_iter()
            .flatten()
            .filter(|&t| self.cells[t] != 0)
    }
}

/// Values of all cells by reverse topological peeling: a cell whose digit targets all have
/// values gets 1 + their maximum; cells never valued can reach a cycle (`-1`).
pub fn analyse(board: &Board) -> Analysis {
    let (rows, cols) = (board.rows, board.cols);
    let n = rows * cols;
    let mut a = Analysis {
        rows,
        cols,
        cells: board.cells.clone(),
        reachable: vec![false; n],
        value: vec![0; n],
    };
    // Reversed edges in compressed form: preds of t are pred[first[t]..first[t + 1]].
    let mut pending = vec![0u32; n];
    let mut first = vec![0usize; n + 1];
    for (i, pending) in pending.iter_mut().enumerate() {
        if a.cells[i] != 0 {
            for t in a.edges(i) {
                *pending += 1;
                first[t + 1] += 1;
            }
        }
    }
    for t in 0..n {
        first[t + 1] += first[t];
    }
    let mut fill = first.clone();
    let mut pred = vec![0usize; first[n]];
    for i in 0..n {
        if a.cells[i] != 0 {
            for t in moves(rows, cols, i, a.cells[i]).into_iter().flatten() {
                if a.cells[t] != 0 {
                    pred[fill[t]] = i;
                    fill[t] += 1;
                }
            }
        }
    }
    let mut queue: Vec<usize> = (0..n)
        .filter(|&i| a.cells[i] != 0 && pending[i] == 0)
        .collect();
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head];
        head += 1;
        let best = a.edges(v).map(|t| a.value[t]).max().unwrap_or(0);
        a.value[v] = best + 1;
        for &p in &pred[first[v]..first[v + 1]] {
            pending[p] -= 1;
            if pending[p] == 0 {
                queue.push(p);
            }
        }
    }
    for i in 0..n {
        if a.cells[i] != 0 && a.value[i] == 0 {
            a.value[i] = -1;
        }
    }
    a.reachable = reachable(board);
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(input: &str) -> String {
        solve(input.as_bytes(), true).unwrap()
    }

    fn error(input: &str, strict: bool) -> (&'static str, usize) {
        let e = solve(input.as_bytes(), strict).unwrap_err();
        (e.class.name(), e.line)
    }

    /// The same search with 64-bit slots, to check the wide path on small boards.
    fn answer64(input: &str) -> i64 {
        let mut b = parse(input.as_bytes(), false).unwrap();
        search::<u64>(b.rows, b.cols, &mut b.cells, 0)
    }

    #[test]
    fn samples_and_spec_checks() {
        let cases = [
            ("3 7\n3942178\n1234567\n9123532\n", 5),
            ("1 10\n2H3HH4HHH5\n", 4),
            ("4 4\n3994\n9999\n9999\n2924\n", -1),
            ("4 6\n123456\n234567\n345678\n456789\n", 4),
            ("1 1\n9\n", 1),
            ("3 7\n2H9HH11\nHHHHH11\n9HHHH11\n", 2),
            ("4 4\n3HH2\nH1HH\nH2H1\n2219\n", 8),
            (
                "6 7\n12HHHHH\n2214HHH\nH1HHHHH\nH4H9H2H\nHHHHHHH\nHHH2HHH\n",
                7,
            ),
            ("3 7\n3942178\n1234567\n9123432\n", 6),
            ("1 4\n2312\n", 4),
        ];
        for (input, want) in cases {
            assert_eq!(answer(input), format!("{want}\n"), "{input}");
            assert_eq!(answer64(input), want, "{input}");
            let a = analyse(&parse(input.as_bytes(), true).unwrap());
            assert_eq!(a.answer(), want, "analyse: {input}");
        }
    }

    #[test]
    fn finished_cell_is_not_a_cycle() {
        // 2312: the start reaches column 3 directly and through column 2.
        assert_eq!(
            trace(b"1 4\n2312\n", true).unwrap(),
            ["1,1=4", "1,2=1", "1,3=3", "1,4=2"]
        );
    }

    #[test]
    fn unreachable_cycle_stays_finite() {
        // The 1s on row 2 bounce forever, but the start leaves the board at once.
        assert_eq!(answer("2 3\n9HH\n111\n"), "1\n");
        assert_eq!(answer("2 3\n1HH\n111\n"), "-1\n");
    }

    #[test]
    fn trace_marks_cells_that_reach_a_cycle() {
        // The top row bounces forever; the 9 two rows below the start ends the game at once.
        assert_eq!(
            trace(b"3 3\n211\nHHH\n9HH\n", true).unwrap(),
            ["1,1=-1", "1,2=-1", "1,3=-1", "3,1=1"]
        );
    }

    #[test]
    fn errors_name_class_and_line() {
        assert_eq!(error("", true), ("truncated", 1));
        assert_eq!(error("2 2\n11\n", true), ("truncated", 3));
        assert_eq!(error("2 2\n11\n\n11\n", true), ("malformed", 3));
        assert_eq!(error("2 2\n11\n1\n", true), ("malformed", 3));
        assert_eq!(error("2 2\n11\n1 1\n", true), ("malformed", 3));
        assert_eq!(error("2 2\n11\n10\n", true), ("malformed", 3));
        assert_eq!(error("2 2\n11\n1h\n", true), ("malformed", 3));
        assert_eq!(error("2 2\n11\n1é\n", true), ("malformed", 3));
        assert_eq!(error("2 2\nH1\n11\n", true), ("invalid", 2));
        assert_eq!(error("2 2\nH1\n1x\n", true), ("malformed", 3));
        assert_eq!(error("2 2\nH1\n11\nx\n", true), ("trailing", 4));
        assert_eq!(error("51 1\n", true), ("out-of-range", 1));
        assert_eq!(error("1 51\n", true), ("out-of-range", 1));
        assert_eq!(error("0 5\n", false), ("out-of-range", 1));
        assert_eq!(error("5 x\n", false), ("malformed", 1));
        assert_eq!(error("x 0\n", false), ("malformed", 1));
        assert_eq!(error("0 x\n", false), ("out-of-range", 1));
        assert_eq!(
            error("9223372036854775807 9223372036854775807\n", false),
            ("truncated", 2)
        );
        assert_eq!(error("1000000000000 1\n1\n", false), ("truncated", 3));
        assert_eq!(error("1 1\n\u{ff}\n", true), ("malformed", 2));
        assert_eq!(
            solve(b"1 1\n\xff\n", true).map_err(|e| (e.class.name(), e.line)),
            Err(("not-utf8", 2))
        );
    }

    #[test]
    fn strict_limit_is_lifted_by_no_strict() {
        let tall = format!("51 1\n{}", "1\n".repeat(51));
        assert_eq!(error(&tall, true), ("out-of-range", 1));
        assert_eq!(solve(tall.as_bytes(), false).unwrap(), "-1\n");
        let fifty = format!("50 50\n{}", format!("{}\n", "9".repeat(50)).repeat(50));
        assert_eq!(answer(&fifty), "-1\n");
    }

    #[test]
    fn a_very_long_chain_does_not_overflow_the_stack() {
        // One row of 3HH1 blocks: 3 jumps to the 1, the 1 to the next block's 3; every jump to
        // the left lands in a hole or off the board. 500,000 moves deep.
        let m = 1_000_000;
        let row = "3HH1".repeat(m / 4);
        let input = format!("1 {m}\n{row}\n");
        assert_eq!(solve(input.as_bytes(), false).unwrap(), "500000\n");
        assert_eq!(answer64(&input), 500_000);
    }

    #[test]
    fn wide_and_narrow_slots_agree_on_random_boards() {
        let mut rng = crate::rng::Rng::new(5);
        for _ in 0..2000 {
            let (rows, cols) = (rng.range(1, 7) as usize, rng.range(1, 7) as usize);
            let cells: Vec<u8> = (0..rows * cols)
                .map(|i| {
                    if i > 0 && rng.chance(1, 4) {
                        0
                    } else {
                        rng.range(1, 4) as u8
                    }
                })
                .collect();
            let narrow = longest_of(rows, cols, &cells);
            let mut wide = cells.clone();
            assert_eq!(narrow, search::<u64>(rows, cols, &mut wide, 0));
            let a = analyse(&Board { rows, cols, cells });
            assert_eq!(narrow, a.answer());
        }
    }
}
