//! Pieces on a torus, checked by boardfuzz: a user's own game, built from
//! `docs/your-own-game.md` alone, whose judge text has a header bound (`R C M`) and records of
//! five numbers (`r c d s k`, the row bounded by `R`, the column by `C`).
//!
//! The rules are `RULES.md` (clauses `TP-1` … `TP-8`). Two sides read the same judge text and
//! write the same answer: [`engine`], the fast one (a grid of counts, a move as one sum), and
//! [`reference`], the literal one (a piece moved a cell at a time, crashes found by comparing
//! every pair). The game gives only the five items boardfuzz requires: a finding is shrunk by
//! the generic judge-text shrinker, and `tests/minimum.rs` holds that shrinker to the smallest
//! case there is.
//!
//! A planted bug, for trying the checker: with `TORUS_PIECES_PLANT=pair` in the environment the
//! engine gets TP-7 wrong where exactly two pieces meet (see [`engine`]).

pub mod engine;
pub mod reference;

use arbitrary::{Arbitrary, Unstructured};
use boardfuzz::game::{Game, Options, Outcome};

/// The game, as boardfuzz sees it.
pub struct TorusPieces;

/// One piece of a case, its numbers within the rules' ranges (TP-3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Row, 1 to R.
    pub row: u8,
    /// Column, 1 to C.
    pub col: u8,
    /// Direction: 0 right, 1 down, 2 left, 3 up.
    pub dir: u8,
    /// Cells moved a tick, 0 to 99.
    pub speed: u8,
    /// Colour, 0 to 9.
    pub colour: u8,
}

/// A random game, valid by construction: a board within TP-2's bounds and 1 to 8 pieces, no
/// two on one cell (TP-3, TP-4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// Rows of the board, 1 to 9.
    pub rows: u8,
    /// Columns of the board, 1 to 9.
    pub cols: u8,
    /// The pieces, in input order.
    pub pieces: Vec<Piece>,
}

impl<'a> Arbitrary<'a> for Case {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Case> {
        let rows = u.int_in_range(1..=9u8)?;
        let cols = u.int_in_range(1..=9u8)?;
        let cells = usize::from(rows) * usize::from(cols);
        let count = u.int_in_range(1..=cells.min(8))?;
        // The cells still free, row-major; each piece takes one of them, so no two share one.
        let mut free: Vec<(u8, u8)> = (1..=rows)
            .flat_map(|r| (1..=cols).map(move |c| (r, c)))
            .collect();
        let mut pieces = Vec::with_capacity(count);
        for _ in 0..count {
            let (row, col) = free.swap_remove(u.choose_index(free.len())?);
            pieces.push(Piece {
                row,
                col,
                dir: u.int_in_range(0..=3)?,
                speed: u.int_in_range(0..=99)?,
                colour: u.int_in_range(0..=9)?,
            });
        }
        Ok(Case { rows, cols, pieces })
    }
}

impl Game for TorusPieces {
    type Case = Case;
    const SLUG: &'static str = "torus_pieces";

    fn render(case: &Case) -> String {
        let mut text = format!("{} {} {}\n", case.rows, case.cols, case.pieces.len());
        for p in &case.pieces {
            text += &format!("{} {} {} {} {}\n", p.row, p.col, p.dir, p.speed, p.colour);
        }
        text
    }

    fn engine(input: &[u8], _: &Options) -> Outcome {
        Outcome::from_result(engine::solve(input))
    }

    fn reference(input: &[u8], _: &Options) -> Outcome {
        Outcome::from_result(reference::solve(input))
    }
}
