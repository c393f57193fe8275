//! BOJ 15671 "오델로" (othello_board), followed rule by rule.
//!
//! The rules are those of `docs/rules/othello_board.md` (clauses `OB-…`);
//! the input, error, trace and census formats are those of `docs/judge-text.md` (sections
//! "othello_board" and "Census tags of the newer games").
//!
//! Same capture rule and starting pattern as SWEA 4615, so the board, the placement rule (put the
//! stone, walk the 8 directions one cell at a time, turn the passed opposite stones only if the
//! walk ends on the placer's colour: OB-9, OB-10) and the per-placement census tags come from
//! [`crate::othello`]. What differs is spelled out here:
//!
//! - one game on a 6×6 board (white at (3,3) and (4,4), black at (3,4) and (4,3): OB-6);
//! - each placement is `R C`, the row first (OB-7); no colour is given: placement `k` is black
//!   when `k` is odd and white when it is even (strict alternation, black first: OB-8);
//! - the output is the final board, 6 lines of 6 letters, then `Black` or `White`, the side with
//!   more stones (OB-11, OB-12). A tie breaks the judge's promise and is `invalid` at line
//!   `N + 1` (OB-5).
//!
//! The whole input is read and syntax-checked first; only then is the game played and the
//! `invalid` checks made in input order (occupied cell, OB-3; with `strict`, a placement that
//! flips nothing, OB-4; then the final tie, OB-5).

use crate::judge_text::{number, JudgeText};
use crate::othello::{
    check_cell_is_empty, check_flipped_something, hit, in_tag_order, place, placement_tags, Board,
    Cell, Walk,
};
use crate::InputError;

/// The board is always 6×6 (OB-6).
const SIDE: usize = 6;

/// Input format: `1 ≤ N ≤ 32` placements (the board has 32 empty cells: OB-1).
const MIN_PLACEMENTS: i64 = 1;
const MAX_PLACEMENTS: i64 = 32;

/// The census tags of othello_board, in the order of `docs/judge-text.md`.
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
    "black-wins",
    "white-wins",
];

/// One placement line `R C` as read: 1-based row and column, and its input line.
struct Placement {
    line: usize,
    row: usize,
    col: usize,
}

/// What one applied placement left behind, shown to the trace and the census.
struct Applied<'a> {
    /// 1-based placement number k.
    index: usize,
    placement: &'a Placement,
    walks: &'a [Walk],
    /// The board right after the placement.
    board: &'a Board,
}

/// The judge's output: the 6 rows of the final board (row 1 first), then `Black` or `White`
/// (OB-12). With `strict`, a placement that flips nothing is `invalid`; without it, it is applied
/// as the capture rule reads (the stone is put, nothing turns: OB-4).
pub fn solve(input: &[u8], strict: bool) -> Result<String, InputError> {
    let placements = read_input(input)?;
    let (board, winner) = play(&placements, strict, &mut |_| {})?;
    let mut output = String::new();
    for row in 1..=SIDE {
        output.push_str(&board.row_text(row));
        output.push('\n');
    }
    output.push_str(winner);
    output.push('\n');
    Ok(output)
}

/// The trace (OB-13): one line per placement, `k: ROWS`, the board right after placement `k` (six
/// rows of six letters, row 1 first, separated by `/`).
pub fn trace(input: &[u8], strict: bool) -> Result<Vec<String>, InputError> {
    let placements = read_input(input)?;
    let mut lines = Vec::new();
    play(&placements, strict, &mut |applied| {
        lines.push(format!("{}: {}", applied.index, applied.board.rows_text()));
    })?;
    Ok(lines)
}

/// The census tags (see [`TAGS`]) the input hits, each once, in [`TAGS`] order.
pub fn census(input: &[u8], strict: bool) -> Result<Vec<&'static str>, InputError> {
    let placements = read_input(input)?;
    let mut tags = Vec::new();
    let (_, winner) = play(&placements, strict, &mut |applied| {
        placement_tags(
            &mut tags,
            applied.board,
            applied.placement.row,
            applied.placement.col,
            applied.walks,
        );
    })?;
    // The output's last line.
    match winner {
        "Black" => hit(&mut tags, "black-wins"),
        "White" => hit(&mut tags, "white-wins"),
        other => unreachable!("winner {other}"),
    }
    Ok(in_tag_order(TAGS, &tags))
}

/// Reads the input of `docs/judge-text.md`: `N` (OB-1), then N lines `R C` (OB-2). Every syntax
/// check (field by field, left to right) and the trailing check run here; nothing semantic.
fn read_input(input: &[u8]) -> Result<Vec<Placement>, InputError> {
    let mut text = JudgeText::new(input)?;

    let (line, fields) = text.required_line(1)?;
    let n = number(fields[0], line, "N", MIN_PLACEMENTS, MAX_PLACEMENTS)? as usize;

    let mut placements = Vec::new();
    for _ in 0..n {
        let (line, fields) = text.required_line(2)?;
        let row = number(fields[0], line, "R", 1, SIDE as i64)? as usize;
        let col = number(fields[1], line, "C", 1, SIDE as i64)? as usize;
        placements.push(Placement { line, row, col });
    }

    text.finish()?;
    Ok(placements)
}

/// Placement `k` (1-based) is black when `k` is odd, white when `k` is even (OB-8).
fn colour_of_placement(k: usize) -> Cell {
    if k % 2 == 1 {
        Cell::Black
    } else {
        Cell::White
    }
}

/// Plays the game from the 6×6 starting position (OB-6, OB-9, OB-10), making the `invalid` checks
/// in input order (OB-3, OB-4), and shows each applied placement to `watch`. Returns the final
/// board and the winner's name.
fn play(
    placements: &[Placement],
    strict: bool,
    watch: &mut dyn FnMut(&Applied),
) -> Result<(Board, &'static str), InputError> {
    let mut board = Board::initial(SIDE);
    for (index, placement) in placements.iter().enumerate() {
        let k = index + 1;
        let Placement { line, row, col } = *placement;
        let colour = colour_of_placement(k);
        check_cell_is_empty(&board, row, col, line)?;
        let walks = place(&mut board, row, col, colour);
        check_flipped_something(&walks, strict, row, col, line)?;
        watch(&Applied {
            index: k,
            placement,
            walks: &walks,
            board: &board,
        });
    }
    let winner = winner(&board, placements.len())?;
    Ok((board, winner))
}

/// The side with more stones (OB-11). The judge promises a winner, so a tie is `invalid` (OB-5),
/// reported at line `N + 1` (the last placement's line; line 1 holds `N`).
fn winner(board: &Board, n: usize) -> Result<&'static str, InputError> {
    let black = board.count(Cell::Black);
    let white = board.count(Cell::White);
    if black > white {
        Ok("Black")
    } else if white > black {
        Ok("White")
    } else {
        Err(InputError {
            class: "invalid",
            line: n + 1,
            message: format!("the final position is a tie ({black} black, {white} white)"),
        })
    }
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

    fn error(input: &str, strict: bool) -> (&'static str, usize) {
        let e = solve(input.as_bytes(), strict).unwrap_err();
        (e.class, e.line)
    }

    fn tags(input: &str, strict: bool) -> Vec<&'static str> {
        census(input.as_bytes(), strict).unwrap()
    }

    #[test]
    fn row_first_reading() {
        // (R, C) = (2, 3): row 2, column 3. Black there turns (3,3) (down, against (4,3)). Read
        // transposed, the stone would land on (3,2) and turn (3,3) to the right instead.
        let input = "1\n2 3\n";
        assert_eq!(
            answer(input),
            "......\n..B...\n..BB..\n..BW..\n......\n......\nBlack\n"
        );
        assert_eq!(
            trace(input.as_bytes(), true).unwrap(),
            vec!["1: ....../..B.../..BB../..BW../....../......"]
        );
    }

    #[test]
    fn initial_position_colours() {
        // White on the centre's main diagonal: black (2,3) is legal only because (3,3) is white
        // and (4,3) black; with the colours swapped it would flip nothing (and strict rejects).
        let board = Board::initial(SIDE);
        assert_eq!(
            board.rows_text(),
            "....../....../..WB../..BW../....../......"
        );
        assert_eq!(answer("1\n2 3\n").lines().last(), Some("Black"));
    }

    #[test]
    fn placements_alternate_black_first() {
        // 1: black (2,3) turns (3,3). 2: white (2,2) turns (3,3) back (diagonal, against (4,4)).
        // 3: black (1,1): its diagonal passes white (2,2), (3,3), (4,4) and meets the empty
        // (5,5), a gap: nothing turns. 4: white (5,3) turns (4,3) (up, against (3,3)).
        let input = "4\n2 3\n2 2\n1 1\n5 3\n";
        assert_eq!(
            trace(input.as_bytes(), false).unwrap(),
            vec![
                "1: ....../..B.../..BB../..BW../....../......",
                "2: ....../.WB.../..WB../..BW../....../......",
                "3: B...../.WB.../..WB../..BW../....../......",
                "4: B...../.WB.../..WB../..WW../..W.../......",
            ]
        );
        assert_eq!(
            loose(input),
            "B.....\n.WB...\n..WB..\n..WW..\n..W...\n......\nWhite\n"
        );
        // Placement 3 flips nothing: strict rejects it at its line.
        assert_eq!(error(input, true), ("invalid", 4));
    }

    #[test]
    fn gap_does_not_flip() {
        // White (1,3) walks down over black (2,3), (3,3), (4,3) and meets the empty (5,3).
        let input = "2\n2 3\n1 3\n";
        assert_eq!(
            trace(input.as_bytes(), false).unwrap(),
            vec![
                "1: ....../..B.../..BB../..BW../....../......",
                "2: ..W.../..B.../..BB../..BW../....../......",
            ]
        );
        assert_eq!(
            tags(input, false),
            vec!["flip-1-dir", "gap", "no-flip", "black-wins"]
        );
    }

    #[test]
    fn run_reaching_the_edge_does_not_flip() {
        // Black (2,3); white (6,6) and black (1,3) flip nothing; then column 3 is black from row
        // 1 to row 4, and white (5,3) walks up over four blacks and leaves the board: nothing
        // turns (up-right it meets its own (4,4) at once).
        let input = "4\n2 3\n6 6\n1 3\n5 3\n";
        assert_eq!(
            loose(input),
            "..B...\n..B...\n..BB..\n..BW..\n..W...\n.....W\nBlack\n"
        );
        assert_eq!(
            tags(input, false),
            vec![
                "flip-1-dir",
                "run-to-edge",
                "corner",
                "no-flip",
                "black-wins"
            ]
        );
    }

    #[test]
    fn no_chain_reaction() {
        // 1: black (2,3) turns (3,3). 2: white (3,5) flips nothing (left: black (3,4), (3,3),
        // then the empty (3,2)). 3: black (6,1), far away, flips nothing. 4: white (2,2) turns
        // (3,3) (diagonal, against (4,4)); the turned (3,3) would now bracket black (3,4) against
        // white (3,5), but a turned stone turns nothing (OB-10). 5: black (6,6), far away.
        let input = "5\n2 3\n3 5\n6 1\n2 2\n6 6\n";
        assert_eq!(
            trace(input.as_bytes(), false).unwrap(),
            vec![
                "1: ....../..B.../..BB../..BW../....../......",
                "2: ....../..B.../..BBW./..BW../....../......",
                "3: ....../..B.../..BBW./..BW../....../B.....",
                "4: ....../.WB.../..WBW./..BW../....../B.....",
                "5: ....../.WB.../..WBW./..BW../....../B....B",
            ]
        );
        assert_eq!(loose(input).lines().last(), Some("Black"));
    }

    #[test]
    fn strict_rejects_a_non_flipping_placement_default_applies_it() {
        // Black (1,1) has no stone next to it.
        let input = "1\n1 1\n";
        assert_eq!(
            loose(input),
            "B.....\n......\n..WB..\n..BW..\n......\n......\nBlack\n"
        );
        assert_eq!(error(input, true), ("invalid", 2));
        assert_eq!(
            census(input.as_bytes(), true).map_err(|e| (e.class, e.line)),
            Err(("invalid", 2))
        );
        assert_eq!(tags(input, false), vec!["corner", "no-flip", "black-wins"]);
    }

    #[test]
    fn occupied_cell_is_invalid_at_its_line() {
        for strict in [false, true] {
            assert_eq!(error("1\n4 4\n", strict), ("invalid", 2));
            assert_eq!(error("2\n2 3\n3 3\n", strict), ("invalid", 3));
            assert_eq!(error("3\n2 3\n2 2\n2 3\n", strict), ("invalid", 4));
        }
        // The occupied cell (line 3) comes before the final check (line N + 1 = 4).
        assert_eq!(error("3\n2 3\n3 3\n1 1\n", false), ("invalid", 3));
    }

    #[test]
    fn a_tie_is_invalid_at_line_n_plus_1() {
        // Black (2,3) then white (2,2): 3 and 3.
        for strict in [false, true] {
            assert_eq!(error("2\n2 3\n2 2\n", strict), ("invalid", 3));
            assert_eq!(
                trace(b"2\n2 3\n2 2\n", strict).map_err(|e| (e.class, e.line)),
                Err(("invalid", 3))
            );
        }
        // Blank lines after the last placement do not move the line.
        assert_eq!(error("2\n2 3\n2 2\n\n\n", false), ("invalid", 3));
    }

    #[test]
    fn syntax_errors() {
        for strict in [false, true] {
            assert_eq!(error("", strict), ("truncated", 1));
            assert_eq!(error("x\n", strict), ("malformed", 1));
            assert_eq!(error("1 1\n", strict), ("malformed", 1));
            assert_eq!(error("0\n", strict), ("out-of-range", 1));
            assert_eq!(error("33\n", strict), ("out-of-range", 1));
            assert_eq!(error("-1\n", strict), ("out-of-range", 1));
            assert_eq!(error("1\n", strict), ("truncated", 2));
            assert_eq!(error("2\n2 3\n", strict), ("truncated", 3));
            assert_eq!(error("1\n7 1\n", strict), ("out-of-range", 2));
            assert_eq!(error("1\n0 1\n", strict), ("out-of-range", 2));
            assert_eq!(error("1\n1 7\n", strict), ("out-of-range", 2));
            assert_eq!(error("1\n7 x\n", strict), ("out-of-range", 2));
            assert_eq!(error("1\nx 7\n", strict), ("malformed", 2));
            assert_eq!(error("1\n1\n", strict), ("malformed", 2));
            assert_eq!(error("1\n1 2 1\n", strict), ("malformed", 2));
            assert_eq!(error("2\n\n2 3\n", strict), ("malformed", 2));
            assert_eq!(error("1\n2 3\n\n4 4\n", strict), ("trailing", 4));
            let bad = solve(b"1\n2\xc3 3\n", strict).unwrap_err();
            assert_eq!((bad.class, bad.line), ("not-utf8", 2));
        }
        // Syntax beats semantics: an occupied cell on line 2, a bad column on line 3.
        assert_eq!(error("2\n4 4\n1 9\n", false), ("out-of-range", 3));
        // A tie would follow, but the input is truncated.
        assert_eq!(error("3\n2 3\n2 2\n", false), ("truncated", 4));
    }

    #[test]
    fn census_winner_tags() {
        assert_eq!(tags("1\n2 3\n", true), vec!["flip-1-dir", "black-wins"]);
        let white = "2\n1 1\n5 3\n";
        assert_eq!(
            loose(white),
            "B.....\n......\n..WB..\n..WW..\n..W...\n......\nWhite\n"
        );
        assert_eq!(
            tags(white, false),
            vec!["flip-1-dir", "corner", "no-flip", "white-wins"]
        );
    }

    #[test]
    fn tags_are_the_documented_ones() {
        assert_eq!(TAGS.len(), 11);
        assert!(!TAGS.contains(&"pass"));
    }
}
