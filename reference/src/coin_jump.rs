//! BOJ 1103 "게임" (coin_jump), computed by the literal "where can the coin be after t moves"
//! method.
//!
//! The rules are those of `docs/rules/coin_jump.md` (clauses `CJ-…`); the input, error and trace
//! formats are those of `docs/judge-text.md` (section "coin_jump").
//!
//! Method: keep the set of digit cells the coin can stand on after exactly `t` moves (`t = 0`: the
//! start alone; a set is the list of its cells plus a flag per cell, see `CellSet`). One step
//! applies each of the 4 moves (CJ-5) from every cell of the set and keeps
//! the targets that are digit cells on the board (CJ-7); moves into a hole or off the board end
//! the game (CJ-6) and contribute nothing to the next set.
//!
//! - If the set after `N·M` steps is still non-empty, some walk of `N·M` moves visits `N·M + 1`
//!   digit cells, so it repeats one (pigeonhole): a cycle is reachable and the coin can move
//!   forever: `-1` (CJ-9).
//! - Otherwise let `t` be the last step with a non-empty set. The longest walk over digit cells has
//!   `t` moves, and from its last cell every move ends the game, which is one more counted move
//!   (CJ-6): the answer is `t + 1`, the longest game over every choice of moves (CJ-8, CJ-10).
//!
//! This is O(N·M · largest set) per start cell, O((N·M)²) at worst; slow on purpose.

use crate::judge_text::{number, JudgeText};
use crate::InputError;

/// Strict mode's bound on N and M (the problem's constraints, CJ-1).
const STRICT_MAX_SIDE: i64 = 50;

/// The board: `cells[row][col]` is `Some(digit)` or `None` for a hole (CJ-4). 0-based.
struct Board {
    rows: usize,
    cols: usize,
    cells: Vec<Vec<Option<u8>>>,
}

/// The judge's answer: the maximum number of moves, or `-1`, plus a newline (CJ-9 to CJ-11).
/// `strict` limits N and M to 50 (anything larger is `out-of-range`); N, M ≥ 1 always (CJ-1).
pub fn solve(input: &[u8], strict: bool) -> Result<String, InputError> {
    let board = read_board(input, strict)?;
    let answer = play_from(&board, (0, 0));
    Ok(format!("{answer}\n"))
}

/// The board as read, row by row (`Some(digit)`, or `None` for a hole), or the input's error:
/// what [`solve`] reads before it plays (the raw-bytes fuzz target compares the two readers with
/// it on inputs too large to answer at fuzzing speed).
pub fn read(input: &[u8], strict: bool) -> Result<Vec<Vec<Option<u8>>>, InputError> {
    read_board(input, strict).map(|board| board.cells)
}

/// The trace (CJ-12): one line `r,c=V` (1-based) for every digit cell reachable from the start,
/// the start included, in row-major order; `V` is the answer of a game started on that cell.
pub fn trace(input: &[u8], strict: bool) -> Result<Vec<String>, InputError> {
    let board = read_board(input, strict)?;
    let reachable = reachable_from(&board, (0, 0));
    let mut lines = Vec::new();
    for row in 0..board.rows {
        for col in 0..board.cols {
            if reachable[index(&board, (row, col))] {
                let value = play_from(&board, (row, col));
                lines.push(format!("{},{}={}", row + 1, col + 1, value));
            }
        }
    }
    Ok(lines)
}

/// Reads `N M` (CJ-1) and N rows of M characters `1`–`9`/`H` (CJ-2), then checks (semantically)
/// that the top-left cell is not a hole (`invalid` at line 2, CJ-3).
fn read_board(input: &[u8], strict: bool) -> Result<Board, InputError> {
    let mut text = JudgeText::new(input)?;

    let max_side = if strict { STRICT_MAX_SIDE } else { i64::MAX };
    let (line, fields) = text.required_line(2)?;
    let rows = to_usize(number(fields[0], line, "N", 1, max_side)?, line)?;
    let cols = to_usize(number(fields[1], line, "M", 1, max_side)?, line)?;

    // Rows are pushed one by one as they are read: nothing of size N or N·M is allocated before
    // the rows are actually there.
    let mut cells = Vec::new();
    for _ in 0..rows {
        let (line, fields) = text.required_line(1)?;
        cells.push(read_row(fields[0], line, cols)?);
    }

    text.finish()?;

    // CJ-3: the top-left cell is never a hole.
    if cells[0][0].is_none() {
        return Err(InputError {
            class: "invalid",
            line: 2,
            message: "the top-left cell is a hole".to_string(),
        });
    }

    Ok(Board { rows, cols, cells })
}

/// A value that does not fit in `usize` is out of range too (only on targets narrower than 64
/// bits).
fn to_usize(value: i64, line: usize) -> Result<usize, InputError> {
    usize::try_from(value).map_err(|_| InputError {
        class: "out-of-range",
        line,
        message: format!("{value} does not fit in this machine's usize"),
    })
}

/// One board row: exactly `cols` characters, each `1`–`9` or `H`; anything else is `malformed`
/// (CJ-2).
fn read_row(field: &str, line: usize, cols: usize) -> Result<Vec<Option<u8>>, InputError> {
    let mut row = Vec::new();
    for character in field.chars() {
        let cell = match character {
            '1'..='9' => Some(character as u8 - b'0'),
            'H' => None,
            other => {
                return Err(InputError {
                    class: "malformed",
                    line,
                    message: format!("a board cell must be 1-9 or H, found {other:?}"),
                });
            }
        };
        row.push(cell);
    }
    if row.len() != cols {
        return Err(InputError {
            class: "malformed",
            line,
            message: format!("a row must have {cols} cells, found {}", row.len()),
        });
    }
    Ok(row)
}

/// The flat index of a cell in a per-cell flag list.
fn index(board: &Board, (row, col): (usize, usize)) -> usize {
    row * board.cols + col
}

/// Where the 4 moves from a digit cell land (CJ-5), as signed coordinates (possibly off the
/// board).
fn move_targets(board: &Board, (row, col): (usize, usize)) -> [(i64, i64); 4] {
    let jump = i64::from(board.cells[row][col].expect("moves start on a digit cell"));
    let (row, col) = (row as i64, col as i64);
    [
        (row - jump, col),
        (row + jump, col),
        (row, col - jump),
        (row, col + jump),
    ]
}

/// The target as a cell if the game continues there (on the board and a digit, CJ-7), `None`
/// if the move ends the game (off the board or a hole, CJ-6).
fn continuing_cell(board: &Board, (row, col): (i64, i64)) -> Option<(usize, usize)> {
    if row < 0 || col < 0 {
        return None;
    }
    let (row, col) = (row as usize, col as usize);
    if row >= board.rows || col >= board.cols {
        return None;
    }
    board.cells[row][col].map(|_| (row, col))
}

/// A set of cells: its members in the order they joined, and a flag per cell (flat index, see
/// `index`) saying whether it is a member, so that a cell joins at most once.
struct CellSet {
    members: Vec<(usize, usize)>,
    contains: Vec<bool>,
}

impl CellSet {
    fn empty(board: &Board) -> CellSet {
        CellSet {
            members: Vec::new(),
            contains: vec![false; board.rows * board.cols],
        }
    }

    fn insert(&mut self, board: &Board, cell: (usize, usize)) {
        let flat = index(board, cell);
        if !self.contains[flat] {
            self.contains[flat] = true;
            self.members.push(cell);
        }
    }

    fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    /// Makes the set empty again (only the members' flags need clearing).
    fn clear(&mut self, board: &Board) {
        for &cell in &self.members {
            self.contains[index(board, cell)] = false;
        }
        self.members.clear();
    }
}

/// One step: `next` becomes the set of cells the coin can stand on after one more move from any
/// cell of `current`.
fn step(board: &Board, current: &CellSet, next: &mut CellSet) {
    next.clear(board);
    for &cell in &current.members {
        for target in move_targets(board, cell) {
            if let Some(landed) = continuing_cell(board, target) {
                next.insert(board, landed);
            }
        }
    }
}

/// The game from `start` (a digit cell): its answer, `-1` (CJ-9) or the maximum number of moves
/// (CJ-8, CJ-10).
fn play_from(board: &Board, start: (usize, usize)) -> i64 {
    walk_step_sets(board, start, |_| {})
}

/// The digit cells reachable from `start` (`start` included): the union of the step sets of the
/// game from `start`, as a flag per cell (flat index, see `index`).
fn reachable_from(board: &Board, start: (usize, usize)) -> Vec<bool> {
    let mut reachable = CellSet::empty(board);
    walk_step_sets(board, start, |set| {
        for &cell in &set.members {
            reachable.insert(board, cell);
        }
    });
    reachable.contains
}

/// Computes the set after `t` moves for `t = 0, 1, …` (the method of the module documentation),
/// shows each non-empty one to `visit`, and returns the game's answer: `t` when the set after
/// `t` moves is the first empty one, `-1` when the set after `N·M` moves is still non-empty.
///
/// The two step sets are allocated once and swap roles every step (the set after `t` moves is
/// computed into the one that held the set after `t - 2`), so a step allocates nothing.
fn walk_step_sets(board: &Board, start: (usize, usize), mut visit: impl FnMut(&CellSet)) -> i64 {
    let size = board.rows * board.cols;
    let mut current = CellSet::empty(board);
    let mut next = CellSet::empty(board);
    current.insert(board, start);
    visit(&current);

    for t in 1..=size {
        step(board, &current, &mut next);
        if next.is_empty() {
            // The last non-empty set was after t - 1 moves; the t-th move always ends the game.
            return t as i64;
        }
        visit(&next);
        std::mem::swap(&mut current, &mut next);
    }
    // A non-empty set after N·M steps: a cycle is reachable.
    -1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(input: &str) -> String {
        let strict = solve(input.as_bytes(), true).unwrap();
        let loose = solve(input.as_bytes(), false).unwrap();
        assert_eq!(strict, loose);
        strict
    }

    fn error(input: &str, strict: bool) -> (&'static str, usize) {
        let e = solve(input.as_bytes(), strict).unwrap_err();
        (e.class, e.line)
    }

    fn traced(input: &str) -> Vec<String> {
        trace(input.as_bytes(), true).unwrap()
    }

    #[test]
    fn additional_checks() {
        assert_eq!(answer("4 4\n3HH2\nH1HH\nH2H1\n2219\n"), "8\n");
        assert_eq!(
            answer("6 7\n12HHHHH\n2214HHH\nH1HHHHH\nH4H9H2H\nHHHHHHH\nHHH2HHH\n"),
            "7\n"
        );
        assert_eq!(answer("3 7\n3942178\n1234567\n9123432\n"), "6\n");
    }

    #[test]
    fn derived_check_two_routes_no_cycle() {
        assert_eq!(answer("1 4\n2312\n"), "4\n");
    }

    #[test]
    fn one_by_one() {
        assert_eq!(answer("1 1\n1\n"), "1\n");
        assert_eq!(traced("1 1\n5\n"), vec!["1,1=1"]);
    }

    #[test]
    fn holes_in_between_are_jumped_over() {
        // 2 jumps over the hole onto the 1; every move from the 1 ends the game: 2 moves.
        assert_eq!(answer("1 3\n2H1\n"), "2\n");
        // Vertically too: 2 over a hole onto 1, then 1 up into the hole.
        assert_eq!(answer("3 1\n2\nH\n1\n"), "2\n");
    }

    #[test]
    fn landing_in_a_hole_counts_as_a_move() {
        // 1 -> 1 (right), then the second 1 can only go into the hole or off the board.
        assert_eq!(answer("1 3\n11H\n"), "-1\n");
        assert_eq!(answer("2 2\n1H\nHH\n"), "1\n");
        assert_eq!(answer("2 2\n1H\n1H\n"), "-1\n");
        assert_eq!(answer("2 2\n2H\n1H\n"), "1\n");
    }

    #[test]
    fn unreachable_cycle_stays_finite() {
        // The 1s on the right bounce between each other forever, but the 9 can only leave.
        assert_eq!(answer("1 5\n9H111\n"), "1\n");
        assert_eq!(traced("1 5\n9H111\n"), vec!["1,1=1"]);
    }

    #[test]
    fn short_cycle() {
        assert_eq!(answer("1 2\n11\n"), "-1\n");
        assert_eq!(traced("1 2\n11\n"), vec!["1,1=-1", "1,2=-1"]);
    }

    #[test]
    fn trace_of_the_two_routes_check() {
        // (1,1)=2 -> (1,3)=1 -> (1,2)=3 [all moves leave: 1] or (1,4)=2 -> (1,2) [2].
        assert_eq!(
            traced("1 4\n2312\n"),
            vec!["1,1=4", "1,2=1", "1,3=3", "1,4=2"]
        );
    }

    #[test]
    fn trace_mixes_cycles_and_finite_cells() {
        // (1,1) <-> (1,2) <-> (1,3) bounce forever; the 9 on (1,4) is reachable from (1,3) and finite.
        assert_eq!(
            traced("1 4\n1119\n"),
            vec!["1,1=-1", "1,2=-1", "1,3=-1", "1,4=1"]
        );
    }

    #[test]
    fn trace_skips_holes_and_unreachable_cells() {
        // 2 -> 3 -> 9 -> off the board (every move to the left leaves it too); the holes and the
        // 1 on the right are never reachable.
        assert_eq!(answer("1 8\n2H3HH9H1\n"), "3\n");
        assert_eq!(traced("1 8\n2H3HH9H1\n"), vec!["1,1=3", "1,3=2", "1,6=1"]);
    }

    #[test]
    fn row_length_mismatch() {
        assert_eq!(error("2 3\n123\n12\n", true), ("malformed", 3));
        assert_eq!(error("2 3\n1234\n123\n", true), ("malformed", 2));
    }

    #[test]
    fn bad_characters() {
        assert_eq!(error("1 3\n1a3\n", true), ("malformed", 2));
        assert_eq!(error("1 3\n103\n", true), ("malformed", 2));
        assert_eq!(error("1 3\n1h3\n", true), ("malformed", 2));
        assert_eq!(error("2 2\n11\n1é\n", true), ("malformed", 3));
        // A row split into two fields.
        assert_eq!(error("1 2\n1 1\n", true), ("malformed", 2));
        // A blank line in the middle.
        assert_eq!(error("2 2\n\n11\n", true), ("malformed", 2));
    }

    #[test]
    fn hole_at_top_left_is_invalid_at_line_2() {
        assert_eq!(error("1 2\nH1\n", true), ("invalid", 2));
        assert_eq!(error("2 2\nH1\n11\n", false), ("invalid", 2));
        // Syntax errors anywhere beat it.
        assert_eq!(error("2 2\nH1\n1x\n", true), ("malformed", 3));
        assert_eq!(error("1 2\nH1\n11\n", true), ("trailing", 3));
    }

    #[test]
    fn missing_rows_are_truncated() {
        assert_eq!(error("", true), ("truncated", 1));
        assert_eq!(error("3 3\n", true), ("truncated", 2));
        assert_eq!(error("3 3\n123\n123\n", true), ("truncated", 4));
        assert_eq!(error("3 3\n123\n123\n\n\n", true), ("truncated", 4));
        // A huge N with no rows in non-strict mode: truncated, nothing huge allocated.
        assert_eq!(
            error("9223372036854775807 9223372036854775807\n", false),
            ("truncated", 2)
        );
        assert_eq!(error("1000000000000 1\n1\n", false), ("truncated", 3));
    }

    #[test]
    fn sizes_strict_and_not() {
        let tall = format!("51 1\n{}", "1\n".repeat(51));
        assert_eq!(error(&tall, true), ("out-of-range", 1));
        // 1 -> down 1 -> ... every cell moves up/down by 1: a cycle.
        assert_eq!(solve(tall.as_bytes(), false).unwrap(), "-1\n");
        // A staircase down column 1 whose last step lands on row 51 (1-based): 0 -> 9 -> 17 -> 24
        // -> 30 -> 35 -> 39 -> 42 -> 44 -> 45 -> 50 -> off (0-based), 11 moves. Every backward
        // jump lands in a hole.
        let mut stairs = vec!['H'; 51];
        for (at, digit) in [
            (0, '9'),
            (9, '8'),
            (17, '7'),
            (24, '6'),
            (30, '5'),
            (35, '4'),
            (39, '3'),
            (42, '2'),
            (44, '1'),
            (45, '5'),
            (50, '9'),
        ] {
            stairs[at] = digit;
        }
        let tall_stairs: String = stairs.iter().map(|c| format!("{c}\n")).collect();
        let tall_stairs = format!("51 1\n{tall_stairs}");
        assert_eq!(error(&tall_stairs, true), ("out-of-range", 1));
        assert_eq!(solve(tall_stairs.as_bytes(), false).unwrap(), "11\n");
        let wide_stairs: String = stairs.iter().collect();
        let wide_stairs = format!("1 51\n{wide_stairs}\n");
        assert_eq!(error(&wide_stairs, true), ("out-of-range", 1));
        assert_eq!(solve(wide_stairs.as_bytes(), false).unwrap(), "11\n");
        // 50 is fine in strict mode (the last step then leaves the board from row 46).
        let fifty: String = stairs[..50].iter().collect();
        assert_eq!(
            solve(format!("1 50\n{fifty}\n").as_bytes(), true).unwrap(),
            "10\n"
        );
        let fifty_nines = format!("50 50\n{}", format!("{}\n", "9".repeat(50)).repeat(50));
        assert_eq!(solve(fifty_nines.as_bytes(), true).unwrap(), "-1\n");
        // N, M >= 1 in both modes.
        for strict in [true, false] {
            assert_eq!(error("0 1\n", strict), ("out-of-range", 1));
            assert_eq!(error("1 0\n1\n", strict), ("out-of-range", 1));
            assert_eq!(error("-1 1\n", strict), ("out-of-range", 1));
            assert_eq!(error("1 +1\n", strict), ("malformed", 1));
            assert_eq!(error("1\n", strict), ("malformed", 1));
            assert_eq!(
                error("99999999999999999999 1\n", strict),
                ("out-of-range", 1)
            );
        }
    }

    #[test]
    fn trailing_content() {
        assert_eq!(error("1 1\n1\n1\n", true), ("trailing", 3));
        assert_eq!(error("1 1\n1\n\n  \n x\n", true), ("trailing", 5));
        assert_eq!(answer("1 1\r\n1\r\n\r\n"), "1\n");
    }

    #[test]
    fn not_utf8() {
        assert_eq!(
            solve(b"1 1\n\xff\n", true).map_err(|e| (e.class, e.line)),
            Err(("not-utf8", 2))
        );
    }
}
