//! SWEA 4615 "재미있는 오셀로 게임" (othello), followed rule by rule.
//!
//! The rules are those of `docs/rules/othello.md` (clauses `OT-…`); the input, error, trace and
//! census formats are those of `docs/judge-text.md` (sections "othello" and "Census tags of the
//! newer games").
//!
//! The state is kept as literally as possible: the board is an N×N grid of `Cell`s, addressed
//! with the input's 1-based coordinates (`x` the row, `y` the column: OT-6). A placement (OT-9)
//! puts the stone, then walks each of the 8 directions one cell at a time, collecting the opposite
//! stones it passes in a list, and turns them only if the first cell that is not an opposite stone
//! is on the board and holds the placer's colour (OT-10, OT-11). There are no bit boards, ray
//! tables or other shortcuts.
//!
//! The whole input is read and syntax-checked first (`docs/judge-text.md`, steps 1–8); only then
//! are the test cases played, one after the other on a fresh board each, and the `invalid` checks
//! (occupied cell, OT-4; with `strict`, a placement that flips nothing, OT-5) made in input order.
//!
//! The board type, the placement rule and the per-placement census tags are shared with
//! [`crate::othello_board`] (BOJ 15671), which has the same capture rule and starting pattern.

use crate::judge_text::{number, JudgeText};
use crate::InputError;

/// Input format: `1 ≤ T ≤ 1000` test cases (OT-1).
const MIN_TEST_CASES: i64 = 1;
const MAX_TEST_CASES: i64 = 1000;

/// The board side N is one of these (OT-2).
const BOARD_SIDES: [usize; 3] = [4, 6, 8];

/// The four centre stones are on the board from the start (OT-7), so `M ≤ N² − 4` (OT-2).
const CENTRE_STONES: usize = 4;

/// The colour codes of the input (OT-3).
const BLACK_CODE: i64 = 1;
const WHITE_CODE: i64 = 2;

/// The 8 directions (horizontal, vertical, diagonal) as (row step, column step) (OT-9).
const DIRECTIONS: [(i64, i64); 8] = [
    (-1, -1), // up-left
    (-1, 0),  // up
    (-1, 1),  // up-right
    (0, -1),  // left
    (0, 1),   // right
    (1, -1),  // down-left
    (1, 0),   // down
    (1, 1),   // down-right
];

/// The census tags of othello, in the order of `docs/judge-text.md`.
pub const TAGS: &[&str] = &[
    "flip-1-dir",
    "flip-2-dirs",
    "flip-3plus-dirs",
    "run-to-edge",
    "gap",
    "corner",
    "no-flip",
    "full-board",
    "wipe-out",
    "pass",
    "n-4",
    "n-6",
    "n-8",
    "multi-case",
];

/// One cell of the board. A placement's colour is also written as a `Cell` (`Black` or `White`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cell {
    Empty,
    Black,
    White,
}

/// The colour opposite to `colour` (`Black` ↔ `White`).
pub(crate) fn opposite(colour: Cell) -> Cell {
    match colour {
        Cell::Black => Cell::White,
        Cell::White => Cell::Black,
        Cell::Empty => unreachable!("an empty cell has no opposite colour"),
    }
}

/// The letter of a cell in the trace and in othello_board's output: `B`, `W` or `.`.
fn letter(cell: Cell) -> char {
    match cell {
        Cell::Black => 'B',
        Cell::White => 'W',
        Cell::Empty => '.',
    }
}

/// An N×N board. All its methods take the input's 1-based (row, column) coordinates (OT-6).
#[derive(Debug, Clone)]
pub(crate) struct Board {
    /// N, the side of the board.
    pub(crate) n: usize,
    /// `cells[row - 1][col - 1]` is the cell at 1-based (row, col).
    cells: Vec<Vec<Cell>>,
}

impl Board {
    /// The starting position (OT-7). With h = N/2, white at (h, h) and (h+1, h+1), black at
    /// (h, h+1) and (h+1, h); every other cell empty.
    pub(crate) fn initial(n: usize) -> Board {
        let mut board = Board {
            n,
            cells: vec![vec![Cell::Empty; n]; n],
        };
        let h = n / 2;
        board.set(h, h, Cell::White);
        board.set(h + 1, h + 1, Cell::White);
        board.set(h, h + 1, Cell::Black);
        board.set(h + 1, h, Cell::Black);
        board
    }

    /// The cell at 1-based (row, col).
    pub(crate) fn get(&self, row: usize, col: usize) -> Cell {
        self.cells[row - 1][col - 1]
    }

    /// Writes the cell at 1-based (row, col).
    fn set(&mut self, row: usize, col: usize, cell: Cell) {
        self.cells[row - 1][col - 1] = cell;
    }

    /// Is 1-based (row, col) on the board?
    fn on_board(&self, row: i64, col: i64) -> bool {
        let n = self.n as i64;
        1 <= row && row <= n && 1 <= col && col <= n
    }

    /// The number of cells holding `colour` (OT-13) (or empty cells, for `Cell::Empty`).
    pub(crate) fn count(&self, colour: Cell) -> usize {
        let mut total = 0;
        for row in 1..=self.n {
            for col in 1..=self.n {
                if self.get(row, col) == colour {
                    total += 1;
                }
            }
        }
        total
    }

    /// Row `row` as N letters `B`, `W`, `.` for columns 1..=N.
    pub(crate) fn row_text(&self, row: usize) -> String {
        let mut text = String::new();
        for col in 1..=self.n {
            text.push(letter(self.get(row, col)));
        }
        text
    }

    /// The trace's `ROWS` (OT-15): rows 1..=N, each as [`Board::row_text`], separated by `/`.
    pub(crate) fn rows_text(&self) -> String {
        let mut rows = Vec::new();
        for row in 1..=self.n {
            rows.push(self.row_text(row));
        }
        rows.join("/")
    }

    /// Is (row, col) one of the four corner cells?
    pub(crate) fn is_corner(&self, row: usize, col: usize) -> bool {
        (row == 1 || row == self.n) && (col == 1 || col == self.n)
    }
}

/// What the walk of OT-10 found in one direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Walk {
    /// The first cell in this direction is not an opposite stone (off the board, empty, or the
    /// placer's own colour): no stone was passed, nothing changes.
    NothingPassed,
    /// This many opposite stones were passed and then the placer's colour was met: they turned.
    Flipped(usize),
    /// Opposite stones were passed and then the walk left the board: nothing changes.
    LeftBoard,
    /// Opposite stones were passed and then an empty cell was met: nothing changes.
    MetEmpty,
}

/// The most stones one walk of OT-10 can pass: every cell of a row of the largest board but
/// the new stone's own.
const MAX_PASSED: usize = BOARD_SIDES[BOARD_SIDES.len() - 1] - 1;

/// Applies a placement of `colour` at 1-based (row, col), which must be empty (OT-9 to OT-12).
///
/// It puts the stone and walks the 8 directions one by one ([`walk_direction`], OT-9); no chain
/// reaction (OT-12) holds because only the stones passed on the walks from the new stone are
/// turned, never stones around a stone that was just turned. Returns what happened in each
/// direction, in [`DIRECTIONS`] order.
pub(crate) fn place(
    board: &mut Board,
    row: usize,
    col: usize,
    colour: Cell,
) -> [Walk; DIRECTIONS.len()] {
    // OT-9: put a stone of colour c on that cell.
    board.set(row, col, colour);
    // OT-9: each direction independently. The 8 rays from the new stone share no cell, so turning
    // the stones of one direction right away cannot change what another direction's walk sees.
    let mut walks = [Walk::NothingPassed; DIRECTIONS.len()];
    for (walk, direction) in walks.iter_mut().zip(DIRECTIONS) {
        *walk = walk_direction(board, row, col, colour, direction);
    }
    walks
}

/// One direction (OT-10, OT-11): step away from the new stone at (row, col) while the cells hold
/// the opposite colour, collecting them. If at least one was passed and the first cell that is not
/// of the opposite colour is on the board and holds `colour`, turn every passed stone into
/// `colour`. If that cell is empty or the walk left the board, nothing changes.
fn walk_direction(
    board: &mut Board,
    row: usize,
    col: usize,
    colour: Cell,
    (row_step, col_step): (i64, i64),
) -> Walk {
    let enemy = opposite(colour);
    // The list of passed stones: the first `passed_count` slots of a fixed array (a placement
    // walks 8 directions, so the list lives on the stack).
    let mut passed = [(0, 0); MAX_PASSED];
    let mut passed_count = 0;
    let mut r = row as i64 + row_step;
    let mut c = col as i64 + col_step;
    // Step while the cell is on the board and holds the opposite colour.
    while board.on_board(r, c) && board.get(r as usize, c as usize) == enemy {
        passed[passed_count] = (r as usize, c as usize);
        passed_count += 1;
        r += row_step;
        c += col_step;
    }
    let passed = &passed[..passed_count];
    if passed.is_empty() {
        return Walk::NothingPassed;
    }
    // (r, c) is the first cell that is not of the opposite colour, or off the board.
    if !board.on_board(r, c) {
        return Walk::LeftBoard;
    }
    if board.get(r as usize, c as usize) == Cell::Empty {
        return Walk::MetEmpty;
    }
    // On the board and not empty and not the opposite colour: the placer's own colour.
    for &(passed_row, passed_col) in passed {
        board.set(passed_row, passed_col, colour);
    }
    Walk::Flipped(passed.len())
}

/// The number of directions in which a placement turned stones.
pub(crate) fn flipping_directions(walks: &[Walk]) -> usize {
    let mut directions = 0;
    for walk in walks {
        if let Walk::Flipped(_) = walk {
            directions += 1;
        }
    }
    directions
}

/// `invalid` check 1 (before the stone is put): a placement on an occupied cell (OT-4).
pub(crate) fn check_cell_is_empty(
    board: &Board,
    row: usize,
    col: usize,
    line: usize,
) -> Result<(), InputError> {
    let cell = board.get(row, col);
    if cell != Cell::Empty {
        return Err(InputError {
            class: "invalid",
            line,
            message: format!(
                "placement on ({row}, {col}), which already holds a {} stone",
                letter(cell)
            ),
        });
    }
    Ok(())
}

/// `invalid` check 2 (after the stone is put), only with `strict`: a placement that flips
/// nothing is not a legal Othello move (OT-5).
pub(crate) fn check_flipped_something(
    walks: &[Walk],
    strict: bool,
    row: usize,
    col: usize,
    line: usize,
) -> Result<(), InputError> {
    if strict && flipping_directions(walks) == 0 {
        return Err(InputError {
            class: "invalid",
            line,
            message: format!("placement on ({row}, {col}) flips nothing (not a legal move)"),
        });
    }
    Ok(())
}

/// Adds `tag` to `tags` unless it is already there.
pub(crate) fn hit(tags: &mut Vec<&'static str>, tag: &'static str) {
    if !tags.contains(&tag) {
        tags.push(tag);
    }
}

/// The census tags one placement at (row, col) hits, given what its walks found and the board
/// right after it: `flip-1-dir`/`flip-2-dirs`/`flip-3plus-dirs`/`no-flip`, `run-to-edge`, `gap`,
/// `corner`, `full-board`, `wipe-out`.
pub(crate) fn placement_tags(
    tags: &mut Vec<&'static str>,
    board: &Board,
    row: usize,
    col: usize,
    walks: &[Walk],
) {
    match flipping_directions(walks) {
        0 => hit(tags, "no-flip"),
        1 => hit(tags, "flip-1-dir"),
        2 => hit(tags, "flip-2-dirs"),
        _ => hit(tags, "flip-3plus-dirs"),
    }
    for walk in walks {
        match walk {
            Walk::LeftBoard => hit(tags, "run-to-edge"),
            Walk::MetEmpty => hit(tags, "gap"),
            Walk::NothingPassed | Walk::Flipped(_) => {}
        }
    }
    if board.is_corner(row, col) {
        hit(tags, "corner");
    }
    if board.count(Cell::Empty) == 0 {
        hit(tags, "full-board");
    }
    if board.count(Cell::Black) == 0 || board.count(Cell::White) == 0 {
        hit(tags, "wipe-out");
    }
}

/// Orders the tags hit as `all` (a game's `TAGS`) lists them.
pub(crate) fn in_tag_order(all: &[&'static str], hits: &[&'static str]) -> Vec<&'static str> {
    let mut ordered = Vec::new();
    for &tag in all {
        if hits.contains(&tag) {
            ordered.push(tag);
        }
    }
    ordered
}

/// One placement line `x y c` as read: 1-based row and column, colour, and its input line.
struct Placement {
    line: usize,
    row: usize,
    col: usize,
    colour: Cell,
}

/// One test case as read: the board side and its placements in input order.
struct TestCase {
    n: usize,
    placements: Vec<Placement>,
}

/// What one applied placement left behind, shown to the trace and the census.
struct Applied<'a> {
    /// 1-based test case number t.
    case: usize,
    /// 1-based placement number k within the test case.
    index: usize,
    placement: &'a Placement,
    walks: &'a [Walk],
    /// The board right after the placement.
    board: &'a Board,
}

/// The judge's output: one line `#t B W` per test case (OT-14). With `strict`, a placement that
/// flips nothing is `invalid`; without it, it is applied literally (the stone is put, nothing
/// turns: OT-5).
pub fn solve(input: &[u8], strict: bool) -> Result<String, InputError> {
    let cases = read_input(input)?;
    let counts = play(&cases, strict, &mut |_| {})?;
    let mut output = String::new();
    for (index, (black, white)) in counts.iter().enumerate() {
        output.push_str(&format!("#{} {} {}\n", index + 1, black, white));
    }
    Ok(output)
}

/// The trace (OT-15): one line per placement, in input order across all test cases: `t.k: ROWS`,
/// the board right after the placement (rows 1..=N separated by `/`, each N letters `B`, `W`,
/// `.`).
pub fn trace(input: &[u8], strict: bool) -> Result<Vec<String>, InputError> {
    let cases = read_input(input)?;
    let mut lines = Vec::new();
    play(&cases, strict, &mut |applied| {
        lines.push(format!(
            "{}.{}: {}",
            applied.case,
            applied.index,
            applied.board.rows_text()
        ));
    })?;
    Ok(lines)
}

/// The census tags (see [`TAGS`]) the input hits, each once, in [`TAGS`] order.
pub fn census(input: &[u8], strict: bool) -> Result<Vec<&'static str>, InputError> {
    let cases = read_input(input)?;
    let mut tags = Vec::new();

    // Per placement, over all test cases.
    play(&cases, strict, &mut |applied| {
        placement_tags(
            &mut tags,
            applied.board,
            applied.placement.row,
            applied.placement.col,
            applied.walks,
        );
    })?;

    // Per test case: its size, and two consecutive placements of the same colour.
    for case in &cases {
        match case.n {
            4 => hit(&mut tags, "n-4"),
            6 => hit(&mut tags, "n-6"),
            8 => hit(&mut tags, "n-8"),
            other => unreachable!("board side {other}"),
        }
        for k in 1..case.placements.len() {
            if case.placements[k].colour == case.placements[k - 1].colour {
                hit(&mut tags, "pass");
            }
        }
    }

    // Per input: more than one test case.
    if cases.len() > 1 {
        hit(&mut tags, "multi-case");
    }

    Ok(in_tag_order(TAGS, &tags))
}

/// Reads the input of `docs/judge-text.md`: `T` (OT-1), then per test case `N M` (OT-2) and M
/// lines `x y c` (OT-3).
/// Every syntax check (field by field, left to right) and the trailing check run here; nothing
/// semantic.
fn read_input(input: &[u8]) -> Result<Vec<TestCase>, InputError> {
    let mut text = JudgeText::new(input)?;

    let (line, fields) = text.required_line(1)?;
    let t = number(fields[0], line, "T", MIN_TEST_CASES, MAX_TEST_CASES)? as usize;

    let mut cases = Vec::new();
    for _ in 0..t {
        let (line, fields) = text.required_line(2)?;
        let n = read_board_side(fields[0], line)?;
        let max_m = (n * n - CENTRE_STONES) as i64;
        let m = number(fields[1], line, "M", 0, max_m)? as usize;

        let mut placements = Vec::new();
        for _ in 0..m {
            let (line, fields) = text.required_line(3)?;
            let row = number(fields[0], line, "x", 1, n as i64)? as usize;
            let col = number(fields[1], line, "y", 1, n as i64)? as usize;
            let code = number(fields[2], line, "c", BLACK_CODE, WHITE_CODE)?;
            let colour = if code == BLACK_CODE {
                Cell::Black
            } else {
                Cell::White
            };
            placements.push(Placement {
                line,
                row,
                col,
                colour,
            });
        }
        cases.push(TestCase { n, placements });
    }

    text.finish()?;
    Ok(cases)
}

/// N is a number and one of 4, 6, 8 (OT-2); any other value (5 and 7 included) is
/// `out-of-range`.
fn read_board_side(field: &str, line: usize) -> Result<usize, InputError> {
    let value = number(field, line, "N", i64::MIN, i64::MAX)?;
    for side in BOARD_SIDES {
        if value == side as i64 {
            return Ok(side);
        }
    }
    Err(InputError {
        class: "out-of-range",
        line,
        message: format!("N must be 4, 6 or 8, found {value}"),
    })
}

/// Plays every test case on a fresh board (OT-7 to OT-13), making the `invalid` checks in input
/// order, and shows each applied placement to `watch`. Returns (black, white) per test case.
fn play(
    cases: &[TestCase],
    strict: bool,
    watch: &mut dyn FnMut(&Applied),
) -> Result<Vec<(usize, usize)>, InputError> {
    let mut counts = Vec::new();
    for (case_index, case) in cases.iter().enumerate() {
        // OT-7: every test case starts from the initial position.
        let mut board = Board::initial(case.n);
        // OT-8: the placements in input order, each with the colour given.
        for (placement_index, placement) in case.placements.iter().enumerate() {
            let Placement {
                line,
                row,
                col,
                colour,
            } = *placement;
            check_cell_is_empty(&board, row, col, line)?;
            let walks = place(&mut board, row, col, colour);
            check_flipped_something(&walks, strict, row, col, line)?;
            watch(&Applied {
                case: case_index + 1,
                index: placement_index + 1,
                placement,
                walks: &walks,
                board: &board,
            });
        }
        // OT-13: count the stones.
        counts.push((board.count(Cell::Black), board.count(Cell::White)));
    }
    Ok(counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The answer, which must be the same with and without `strict` (all placements legal).
    fn answer(input: &str) -> String {
        let loose = solve(input.as_bytes(), false).unwrap();
        assert_eq!(solve(input.as_bytes(), true).unwrap(), loose);
        loose
    }

    fn loose(input: &str) -> String {
        solve(input.as_bytes(), false).unwrap()
    }

    /// The error as (class, line), which must be the same with and without `strict` unless it is
    /// the strict-only non-flipping check.
    fn error(input: &str, strict: bool) -> (&'static str, usize) {
        let e = solve(input.as_bytes(), strict).unwrap_err();
        (e.class, e.line)
    }

    fn tags(input: &str, strict: bool) -> Vec<&'static str> {
        census(input.as_bytes(), strict).unwrap()
    }

    const SAMPLE: &str = "1
4 12
1 2 1
1 1 2
4 3 1
4 4 2
2 1 1
4 2 2
3 4 1
1 3 2
2 4 1
1 4 2
4 1 2
3 1 2
";

    const GAP_CHECK: &str = "1\n4 4\n2 1 1\n1 3 2\n2 4 1\n1 1 2\n";

    const INITIAL_COLOUR_CHECK: &str = "1\n4 1\n1 2 1\n";

    #[test]
    fn official_sample() {
        assert_eq!(answer(SAMPLE), "#1 0 16\n");
    }

    #[test]
    fn counts_do_not_depend_on_the_reading_of_x_y() {
        // Spec, "Coordinate convention": reading `x y` as (column, row) gives the same counts.
        for input in [SAMPLE, GAP_CHECK, INITIAL_COLOUR_CHECK] {
            let mut swapped = String::new();
            for (index, line) in input.lines().enumerate() {
                let fields: Vec<&str> = line.split_whitespace().collect();
                if index >= 2 {
                    swapped.push_str(&format!("{} {} {}\n", fields[1], fields[0], fields[2]));
                } else {
                    swapped.push_str(line);
                    swapped.push('\n');
                }
            }
            assert_eq!(answer(&swapped), answer(input));
            assert_ne!(
                trace(swapped.as_bytes(), true).unwrap(),
                trace(input.as_bytes(), true).unwrap()
            );
        }
    }

    #[test]
    fn derived_gap_check() {
        assert_eq!(answer(GAP_CHECK), "#1 4 4\n");
    }

    #[test]
    fn derived_initial_colour_check() {
        assert_eq!(answer(INITIAL_COLOUR_CHECK), "#1 4 1\n");
    }

    #[test]
    fn initial_position() {
        // OT-7, N = 6: `......`, `......`, `..WB..`, `..BW..`, `......`, `......`.
        let board = Board::initial(6);
        assert_eq!(
            board.rows_text(),
            "....../....../..WB../..BW../....../......"
        );
        assert_eq!(Board::initial(4).rows_text(), "..../.WB./.BW./....");
        assert_eq!(
            Board::initial(8).rows_text(),
            "......../......../......../...WB.../...BW.../......../......../........"
        );
        // No placements: two of each.
        assert_eq!(answer("1\n4 0\n"), "#1 2 2\n");
    }

    #[test]
    fn trace_of_the_documented_example() {
        assert_eq!(
            trace(INITIAL_COLOUR_CHECK.as_bytes(), false).unwrap(),
            vec!["1.1: .B../.BB./.BW./...."]
        );
    }

    #[test]
    fn trace_of_the_gap_check() {
        // Hand-played: placement 4 (white at (1,1)) turns only (2,2); the black run (2,1) below it
        // is followed by the empty (3,1) and stays.
        assert_eq!(
            trace(GAP_CHECK.as_bytes(), true).unwrap(),
            vec![
                "1.1: ..../BBB./.BW./....",
                "1.2: ..W./BBW./.BW./....",
                "1.3: ..W./BBBB/.BW./....",
                "1.4: W.W./BWBB/.BW./....",
            ]
        );
    }

    #[test]
    fn x_is_the_row() {
        // (1,2) black, then (4,2) white: both in column 2, rows 1 and 4.
        let input = "1\n4 2\n1 2 1\n4 2 2\n";
        assert_eq!(
            trace(input.as_bytes(), false).unwrap(),
            vec!["1.1: .B../.BB./.BW./....", "1.2: .B../.BB./.BW./.W.."]
        );
    }

    #[test]
    fn run_reaching_the_edge_does_not_flip() {
        // After (1,2) black, column 2 holds black in rows 1–3. White at (4,2) walks up over three
        // black stones and leaves the board: nothing turns (a wrong solution makes it `#1 1 5`).
        let input = "1\n4 2\n1 2 1\n4 2 2\n";
        assert_eq!(loose(input), "#1 4 2\n");
        assert_eq!(
            tags(input, false),
            vec!["flip-1-dir", "run-to-edge", "no-flip", "n-4"]
        );
    }

    #[test]
    fn no_chain_reaction() {
        // White at (1,1) turns (2,2) (bracketed by (3,3)). The turned (2,2) would now bracket the
        // black (2,3) against the white (2,4), but newly flipped stones flip nothing (OT-12).
        let input = "1\n4 3\n1 2 1\n2 4 2\n1 1 2\n";
        assert_eq!(
            trace(input.as_bytes(), false).unwrap(),
            vec![
                "1.1: .B../.BB./.BW./....",
                "1.2: .B../.BBW/.BW./....",
                "1.3: WB../.WBW/.BW./....",
            ]
        );
        assert_eq!(loose(input), "#1 3 4\n");
    }

    #[test]
    fn colour_given_is_used_without_alternation() {
        // Two blacks in a row (a pass): black (1,2) turns (2,2); black (4,4) then turns (3,3)
        // against the black (2,2). Alternating colours would make the second stone white.
        let input = "1\n4 2\n1 2 1\n4 4 1\n";
        assert_eq!(answer(input), "#1 6 0\n");
        assert_eq!(
            tags(input, true),
            vec!["flip-1-dir", "corner", "wipe-out", "pass", "n-4"]
        );
    }

    #[test]
    fn strict_rejects_a_non_flipping_placement_default_applies_it() {
        // Black at (1,1): the diagonal holds white (2,2), (3,3) and then the empty (4,4).
        let input = "1\n4 1\n1 1 1\n";
        assert_eq!(loose(input), "#1 3 2\n");
        assert_eq!(error(input, true), ("invalid", 3));
        assert_eq!(
            trace(input.as_bytes(), false).unwrap(),
            vec!["1.1: B.../.WB./.BW./...."]
        );
        assert_eq!(
            census(input.as_bytes(), true).map_err(|e| (e.class, e.line)),
            Err(("invalid", 3))
        );
        // Run to the edge, strict: the second placement of that test is rejected at its line.
        assert_eq!(error("1\n4 2\n1 2 1\n4 2 2\n", true), ("invalid", 4));
    }

    #[test]
    fn occupied_cell_is_invalid_at_its_line() {
        for strict in [false, true] {
            // A centre cell.
            assert_eq!(error("1\n4 1\n2 2 1\n", strict), ("invalid", 3));
            assert_eq!(error("1\n4 2\n1 2 1\n3 3 2\n", strict), ("invalid", 4));
            // A cell taken by an earlier placement, in the second test case.
            assert_eq!(error("2\n4 0\n4 2\n1 2 1\n1 2 2\n", strict), ("invalid", 5));
            // The first invalid placement decides.
            assert_eq!(
                error("1\n4 3\n1 2 1\n2 3 2\n1 2 2\n", strict),
                ("invalid", 4)
            );
        }
    }

    #[test]
    fn board_is_reset_between_test_cases() {
        // The same placement twice, in two test cases: legal both times.
        let input = "2\n4 1\n1 2 1\n4 1\n1 2 1\n";
        assert_eq!(answer(input), "#1 4 1\n#2 4 1\n");
        assert_eq!(
            trace(input.as_bytes(), true).unwrap(),
            vec!["1.1: .B../.BB./.BW./....", "2.1: .B../.BB./.BW./...."]
        );
    }

    #[test]
    fn syntax_errors() {
        for strict in [false, true] {
            assert_eq!(error("", strict), ("truncated", 1));
            assert_eq!(error("\n\n", strict), ("truncated", 1));
            assert_eq!(error("x\n", strict), ("malformed", 1));
            assert_eq!(error("1 1\n", strict), ("malformed", 1));
            assert_eq!(error("0\n", strict), ("out-of-range", 1));
            assert_eq!(error("1001\n", strict), ("out-of-range", 1));
            assert_eq!(error("1\n", strict), ("truncated", 2));
            // N: 4, 6, 8 only; checked before M.
            for n in ["5", "7", "2", "0", "-4", "10", "99999999999999999999"] {
                assert_eq!(error(&format!("1\n{n} 0\n"), strict), ("out-of-range", 2));
            }
            assert_eq!(error("1\n7 x\n", strict), ("out-of-range", 2));
            assert_eq!(error("1\nx 99\n", strict), ("malformed", 2));
            assert_eq!(error("1\n4 x\n", strict), ("malformed", 2));
            assert_eq!(error("1\n4\n", strict), ("malformed", 2));
            // M: 0..=N²−4.
            assert_eq!(error("1\n4 13\n", strict), ("out-of-range", 2));
            assert_eq!(error("1\n4 -1\n", strict), ("out-of-range", 2));
            assert_eq!(error("1\n6 33\n", strict), ("out-of-range", 2));
            assert_eq!(error("1\n8 61\n", strict), ("out-of-range", 2));
            assert_eq!(error("1\n4 12\n", strict), ("truncated", 3));
            assert_eq!(error("1\n8 60\n", strict), ("truncated", 3));
            // x, y, c left to right.
            assert_eq!(error("1\n4 1\n5 1 1\n", strict), ("out-of-range", 3));
            assert_eq!(error("1\n4 1\n1 0 1\n", strict), ("out-of-range", 3));
            assert_eq!(error("1\n4 1\n1 2 3\n", strict), ("out-of-range", 3));
            assert_eq!(error("1\n4 1\n1 2 0\n", strict), ("out-of-range", 3));
            assert_eq!(error("1\n4 1\n9 x 1\n", strict), ("out-of-range", 3));
            assert_eq!(error("1\n4 1\nx 9 9\n", strict), ("malformed", 3));
            assert_eq!(error("1\n4 1\n1 2\n", strict), ("malformed", 3));
            assert_eq!(error("1\n4 1\n1 2 1 1\n", strict), ("malformed", 3));
            assert_eq!(error("1\n6 1\n6 6 +1\n", strict), ("malformed", 3));
            // The second test case, line numbers counted across cases.
            assert_eq!(error("2\n4 1\n1 2 1\n", strict), ("truncated", 4));
            assert_eq!(
                error("2\n4 1\n1 2 1\n6 1\n6 7 1\n", strict),
                ("out-of-range", 5)
            );
            // Blank line inside, trailing content.
            assert_eq!(error("1\n4 1\n\n1 2 1\n", strict), ("malformed", 3));
            assert_eq!(error("1\n4 0\n\n5\n", strict), ("trailing", 4));
            assert_eq!(error("1\n4 1\n1 2 1\n1 3 2\n", strict), ("trailing", 4));
            let bad = solve(b"1\n4 \xff0\n", strict).unwrap_err();
            assert_eq!((bad.class, bad.line), ("not-utf8", 2));
        }
    }

    #[test]
    fn syntax_beats_semantics() {
        // Occupied cell on line 3, bad colour on line 4.
        assert_eq!(error("1\n4 2\n2 2 1\n1 2 5\n", false), ("out-of-range", 4));
        // Occupied cell on line 3, trailing content on line 4.
        assert_eq!(error("1\n4 1\n2 2 1\n1\n", false), ("trailing", 4));
        // Non-flipping placement (strict) on line 3, truncated second test case.
        assert_eq!(error("2\n4 1\n1 1 1\n", true), ("truncated", 4));
    }

    #[test]
    fn whitespace_is_flexible() {
        let input = "  1\r\n4\t1 \r\n 1  2 1\r\n\r\n\n";
        assert_eq!(answer(input), "#1 4 1\n");
    }

    #[test]
    fn census_of_the_sample() {
        // 12 = N² − 4 placements fill the board; the answer `0 16` has no black left; corners are
        // played; the last three placements are white (a pass).
        let found = tags(SAMPLE, true);
        for tag in ["corner", "full-board", "wipe-out", "pass", "n-4"] {
            assert!(found.contains(&tag), "{tag} in {found:?}");
        }
        for tag in ["no-flip", "n-6", "n-8", "multi-case"] {
            assert!(!found.contains(&tag), "{tag} in {found:?}");
        }
    }

    #[test]
    fn census_of_the_gap_check() {
        // Placement 2 (white (1,3)) passes black (2,2) to the empty (3,1); placement 3 (black
        // (2,4)) passes white (1,3) and leaves the board; placement 4 is on the corner (1,1).
        assert_eq!(
            tags(GAP_CHECK, true),
            vec!["flip-1-dir", "run-to-edge", "gap", "corner", "n-4"]
        );
    }

    #[test]
    fn census_two_directions() {
        // Black (1,2), white (1,3), then black (1,4) turns (1,3) to the left and (2,3) down-left.
        let input = "1\n4 3\n1 2 1\n1 3 2\n1 4 1\n";
        assert_eq!(answer(input), "#1 6 1\n");
        assert_eq!(
            tags(input, true),
            vec!["flip-1-dir", "flip-2-dirs", "gap", "corner", "n-4"]
        );
    }

    #[test]
    fn census_three_directions() {
        // Seven non-flipping placements build, around the empty corner (1,1) of an 8×8 board:
        // right W(1,2) B(1,3), down W(2,1) B(3,1), diagonal W(2,2) W(3,3) W(4,4) W(5,5) B(6,6).
        // Black (1,1) then turns 1 + 1 + 4 stones in three directions, leaving no white.
        let input = "1\n8 8\n1 3 1\n3 1 1\n6 6 1\n1 2 2\n2 1 2\n3 3 2\n2 2 2\n1 1 1\n";
        assert_eq!(loose(input), "#1 12 0\n");
        assert_eq!(
            tags(input, false),
            vec![
                "flip-3plus-dirs",
                "run-to-edge",
                "gap",
                "corner",
                "no-flip",
                "wipe-out",
                "pass",
                "n-8"
            ]
        );
        assert_eq!(error(input, true), ("invalid", 3));
    }

    #[test]
    fn census_case_level_tags() {
        assert_eq!(tags("1\n4 0\n", true), vec!["n-4"]);
        assert_eq!(
            tags("2\n6 0\n4 0\n", true),
            vec!["n-4", "n-6", "multi-case"]
        );
        assert_eq!(answer("2\n6 0\n4 0\n"), "#1 2 2\n#2 2 2\n");
        // A pass only within a test case: black at the end of case 1, black at the start of
        // case 2 is not a pass.
        assert_eq!(
            tags("2\n4 1\n1 2 1\n4 1\n1 2 1\n", true),
            vec!["flip-1-dir", "n-4", "multi-case"]
        );
    }

    #[test]
    fn tags_are_the_documented_ones() {
        assert_eq!(TAGS.len(), 14);
        for tag in tags(SAMPLE, true) {
            assert!(TAGS.contains(&tag));
        }
    }
}
