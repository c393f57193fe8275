//! The optimized othello_board engine (BOJ 15671): one 6×6 game, colours alternating.
//!
//! The board, the placement (flips by shift-and-mask over two bitboards) and the check of each
//! placement are the othello engine's ([`crate::games::othello::engine`]); this module only reads
//! the other input format, alternates the colours (placement k is black when k is odd), checks the
//! final position for the promised winner and prints the board. As in othello, each placement is
//! played as soon as its line has been read, and the first `invalid` waits until the rest of the
//! input has passed the syntax checks.

use crate::games::othello::engine::{
    apply, cell, placement_tags, push_number, Board, Colour, Observer, Step, SHARED_TAGS,
};
use crate::judge::{self, ErrorClass, JudgeError, JudgeText};

/// Census tags (`docs/judge-text.md`); bit i is `TAGS[i]`. The first nine are othello's
/// per-placement tags, with the same bits.
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

/// Tag `black-wins`: the output's last line is `Black` (black has more stones at the end).
pub const BLACK_WINS: u64 = 1 << SHARED_TAGS;
/// Tag `white-wins`: the output's last line is `White` (white has more stones at the end).
pub const WHITE_WINS: u64 = 1 << (SHARED_TAGS + 1);

/// The board side.
pub const SIZE: usize = 6;

/// The contract's bound on the number of placements (the board has 32 empty cells).
pub const MAX_PLACEMENTS: i64 = 32;

/// The colour of placement `k` (1-based): black first, then alternating.
#[inline]
pub fn colour_of(k: usize) -> Colour {
    if k % 2 == 1 {
        Colour::Black
    } else {
        Colour::White
    }
}

/// Reads and plays the whole input (`docs/judge-text.md`, othello_board); returns the final board.
fn run<O: Observer>(input: &[u8], strict: bool, observer: &mut O) -> Result<Board, JudgeError> {
    let mut text = JudgeText::new(input)?;
    let (line, [n]) = text.fields::<1>("the number of placements N")?;
    let n = judge::number(n, line, "the number of placements N", 1, MAX_PLACEMENTS)? as usize;
    let mut board = Board::new(SIZE);
    if O::ACTIVE {
        observer.case(1, SIZE);
    }
    let mut invalid = None;
    for k in 1..=n {
        let (line, [r, c]) = text.fields::<2>("a placement `R C`")?;
        let r = judge::number(r, line, "the row R", 1, SIZE as i64)? as usize;
        let c = judge::number(c, line, "the column C", 1, SIZE as i64)? as usize;
        if invalid.is_some() {
            continue;
        }
        let at = cell(r - 1, c - 1);
        let colour = colour_of(k);
        let applied = if O::DETAILS {
            apply::<true>(&mut board, line, at, colour, strict)
        } else {
            apply::<false>(&mut board, line, at, colour, strict)
        };
        match applied {
            Ok(scan) => {
                if O::ACTIVE {
                    observer.placed(&Step {
                        case: 1,
                        index: k,
                        cell: at,
                        colour,
                        board: &board,
                        scan,
                    });
                }
            }
            Err(e) => invalid = Some(e),
        }
    }
    text.finish()?;
    if let Some(e) = invalid {
        return Err(e);
    }
    let (black, white) = (board.black_count(), board.white_count());
    if black == white {
        return Err(JudgeError::new(
            ErrorClass::Invalid,
            n + 1,
            format!("the final position is a tie ({black} black, {white} white)"),
        ));
    }
    Ok(board)
}

struct Quiet;

impl Observer for Quiet {
    const ACTIVE: bool = false;
}

/// The judge's answer: the six rows of the final board, then `Black` or `White`.
pub fn solve(input: &[u8], strict: bool) -> Result<String, JudgeError> {
    let board = run(input, strict, &mut Quiet)?;
    let mut out = String::with_capacity(SIZE * (SIZE + 1) + 6);
    board.write_rows(&mut out, '\n');
    out.push('\n');
    out.push_str(if board.black_count() > board.white_count() {
        "Black\n"
    } else {
        "White\n"
    });
    Ok(out)
}

struct Tracer {
    lines: Vec<String>,
}

impl Observer for Tracer {
    const ACTIVE: bool = true;
    const DETAILS: bool = false;

    fn placed(&mut self, step: &Step<'_>) {
        let mut line = String::with_capacity(4 + SIZE * (SIZE + 1));
        push_number(&mut line, step.index);
        line.push_str(": ");
        step.board.write_rows(&mut line, '/');
        self.lines.push(line);
    }
}

/// One line `k: ROWS` per placement, the board after it.
pub fn trace(input: &[u8], strict: bool) -> Result<Vec<String>, JudgeError> {
    let mut tracer = Tracer { lines: Vec::new() };
    run(input, strict, &mut tracer)?;
    Ok(tracer.lines)
}

struct Census {
    bits: u64,
}

impl Observer for Census {
    const ACTIVE: bool = true;

    fn placed(&mut self, step: &Step<'_>) {
        self.bits |= placement_tags(step);
    }
}

/// The census of an input: bit i set when `TAGS[i]` holds.
pub fn census(input: &[u8], strict: bool) -> Result<u64, JudgeError> {
    let mut census = Census { bits: 0 };
    let board = run(input, strict, &mut census)?;
    Ok(census.bits
        | if board.black_count() > board.white_count() {
            BLACK_WINS
        } else {
            WHITE_WINS
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::othello::engine as othello;

    fn error(input: &str, strict: bool) -> (&'static str, usize) {
        let e = solve(input.as_bytes(), strict).unwrap_err();
        (e.class.name(), e.line)
    }

    fn tags(input: &str) -> Vec<&'static str> {
        let bits = census(input.as_bytes(), false).unwrap();
        TAGS.iter()
            .enumerate()
            .filter(|(i, _)| bits >> i & 1 != 0)
            .map(|(_, t)| *t)
            .collect()
    }

    #[test]
    fn shared_tags_match_othello() {
        assert_eq!(&TAGS[..SHARED_TAGS], &othello::TAGS[..SHARED_TAGS]);
        assert_eq!(TAGS.len(), SHARED_TAGS + 2);
    }

    #[test]
    fn the_first_number_is_the_row() {
        // Black on row 2, column 3 turns (3,3) below it.
        let out = solve(b"1\n2 3\n", false).unwrap();
        assert_eq!(
            out,
            "......\n..B...\n..BB..\n..BW..\n......\n......\nBlack\n"
        );
        // The transposed move, row 3, column 2, turns (3,3) to its right.
        let out = solve(b"1\n3 2\n", true).unwrap();
        assert_eq!(
            out,
            "......\n......\n.BBB..\n..BW..\n......\n......\nBlack\n"
        );
    }

    #[test]
    fn colours_alternate_black_first() {
        // Black (2,3); white (2,2) turns (3,3) (the row to its right is B then empty: a gap);
        // black (2,1) turns (2,2).
        let t = trace(b"3\n2 3\n2 2\n2 1\n", false).unwrap();
        assert_eq!(
            t,
            [
                "1: ....../..B.../..BB../..BW../....../......",
                "2: ....../.WB.../..WB../..BW../....../......",
                "3: ....../BBB.../..WB../..BW../....../......",
            ]
        );
        // Two placements leave 3 black and 3 white: a tie, reported at the last placement's
        // line, so there is no trace either.
        assert_eq!(error("2\n2 3\n2 2\n", false), ("invalid", 3));
        assert!(trace(b"2\n2 3\n2 2\n", false).is_err());
        let out = solve(b"3\n2 3\n2 2\n2 1\n", true).unwrap();
        assert!(out.ends_with("Black\n"), "{out}");
    }

    #[test]
    fn white_can_win() {
        // Black (2,3), white (2,2), black (3,2); white (2,4) then turns (2,3) leftwards and
        // (3,4) downwards (two directions) and leads 5 to 3.
        let input = "4\n2 3\n2 2\n3 2\n2 4\n";
        assert_eq!(
            solve(input.as_bytes(), true).unwrap(),
            "......\n.WWW..\n.BBW..\n..BW..\n......\n......\nWhite\n"
        );
        assert_eq!(
            tags(input),
            ["flip-1-dir", "flip-2-dirs", "gap", "white-wins"]
        );
        // White (2,4) straight after black (2,3) ties 3–3.
        assert_eq!(error("2\n2 3\n2 4\n", false), ("invalid", 3));
    }

    #[test]
    fn invalid_placements() {
        // Occupied: the centre.
        assert_eq!(error("1\n3 3\n", false), ("invalid", 2));
        assert_eq!(error("2\n2 3\n2 3\n", false), ("invalid", 3));
        // Turning nothing: applied by default, rejected in strict mode.
        assert_eq!(error("1\n1 1\n", true), ("invalid", 2));
        let out = solve(b"1\n1 1\n", false).unwrap();
        assert_eq!(
            out,
            "B.....\n......\n..WB..\n..BW..\n......\n......\nBlack\n"
        );
        // A tie after placements that turn nothing: black (1,1), white (6,6).
        assert_eq!(error("2\n1 1\n6 6\n", false), ("invalid", 3));
        assert_eq!(error("2\n1 1\n6 6\n", true), ("invalid", 2));
        // A syntax error after an invalid placement wins.
        assert_eq!(error("2\n3 3\n7 1\n", false), ("out-of-range", 3));
        assert_eq!(error("1\n3 3\n\nx\n", false), ("trailing", 4));
    }

    #[test]
    fn syntax_errors() {
        assert_eq!(error("", false), ("truncated", 1));
        assert_eq!(error("0\n", false), ("out-of-range", 1));
        assert_eq!(error("33\n", false), ("out-of-range", 1));
        assert_eq!(error("1 1\n", false), ("malformed", 1));
        assert_eq!(error("1\n0 1\n", false), ("out-of-range", 2));
        assert_eq!(error("1\n1 7\n", false), ("out-of-range", 2));
        assert_eq!(error("1\n7 x\n", false), ("out-of-range", 2));
        assert_eq!(error("1\nx 7\n", false), ("malformed", 2));
        assert_eq!(error("1\n2 3 1\n", false), ("malformed", 2));
        assert_eq!(error("2\n2 3\n", false), ("truncated", 3));
        assert_eq!(error("1\n2 3\n1 1\n", false), ("trailing", 3));
        assert!(solve(b"1\r\n 2\t3 \r\n\n", false).is_ok());
    }

    #[test]
    fn census_of_small_inputs() {
        assert_eq!(tags("1\n2 3\n"), ["flip-1-dir", "black-wins"]);
        // Black (1,1) meets nothing: no flip, a corner.
        assert_eq!(tags("1\n1 1\n"), ["corner", "no-flip", "black-wins"]);
        let t = tags("3\n2 3\n2 2\n2 1\n");
        assert!(
            t.contains(&"black-wins") && !t.contains(&"white-wins"),
            "{t:?}"
        );
    }

    #[test]
    fn random_legal_games_match_the_othello_engine() {
        // Play random legal 6×6 games with strict alternation (stop when the side to move has
        // no move), and compare with the othello engine on the same moves.
        let mut state = 0x1234_5678_9ABC_DEF0u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut checked = 0;
        for _ in 0..2000 {
            let mut b = Board::new(SIZE);
            let mut moves = Vec::new();
            let limit = 1 + (next() % 32) as usize;
            while moves.len() < limit {
                let colour = colour_of(moves.len() + 1);
                let mut legal = b.legal_moves(colour);
                if legal == 0 {
                    break;
                }
                for _ in 0..next() % legal.count_ones() as u64 {
                    legal &= legal - 1;
                }
                let at = legal.trailing_zeros() as usize;
                let (x, y) = (at / 8, at % 8);
                b.place(x, y, colour);
                moves.push((x + 1, y + 1, colour));
            }
            if moves.is_empty() {
                continue;
            }
            let mut input = format!("{}\n", moves.len());
            let mut other = format!("1\n6 {}\n", moves.len());
            for &(x, y, c) in &moves {
                input += &format!("{x} {y}\n");
                other += &format!("{x} {y} {}\n", c.code());
            }
            let ours = solve(input.as_bytes(), true);
            if b.black_count() == b.white_count() {
                let e = ours.unwrap_err();
                assert_eq!((e.class, e.line), (ErrorClass::Invalid, moves.len() + 1));
                continue;
            }
            let out = ours.unwrap();
            let counts = othello::solve(other.as_bytes(), true).unwrap();
            assert_eq!(
                counts,
                format!("#1 {} {}\n", b.black_count(), b.white_count())
            );
            let pic: String = out.lines().take(SIZE).collect();
            assert_eq!(pic.matches('B').count() as u32, b.black_count());
            assert_eq!(pic.matches('W').count() as u32, b.white_count());
            let t = trace(input.as_bytes(), true).unwrap();
            assert_eq!(t.len(), moves.len());
            let mut rows = String::new();
            b.write_rows(&mut rows, '/');
            assert_eq!(t.last().unwrap(), &format!("{}: {rows}", moves.len()));
            checked += 1;
        }
        assert!(checked > 1000);
    }
}
