//! The structured coin_jump case: a board valid by construction, its `arbitrary` decoding (the
//! fuzz targets' format), rendering to judge text, parsing back, and structural shrinking.
//!
//! Case format, version 4 (version 3: the scope draw hashes 8 bytes at a time; version 4: a
//! medium scope between small and large; versioned — changing it invalidates saved fuzz
//! corpora): the scope is drawn from all the input's bytes ([`crate::draw::scope_draw`],
//! [`Scope::of`]), then the sides:
//! - *large* (`draw % LARGE_ONE_IN == LARGE_ONE_IN - 1`, one case in [`LARGE_ONE_IN`]): the
//!   judge's whole range, sides of `1 + 49·s³/255³` with `s` bytes 2 and 3 of the draw (skewed
//!   toward small boards: half of all values give a side of 7 or less; 255 gives 50);
//! - *medium* (of the others, those with `draw / LARGE_ONE_IN % MEDIUM_ONE_IN == 0`, one in
//!   [`MEDIUM_ONE_IN`]): one byte `s` each for the rows and the columns, a side of
//!   `1 + s % MEDIUM_MAX_SIDE`;
//! - *small* (every other case): the same with `1 + s % SMALL_MAX_SIDE`.
//!
//! Then one byte for the largest digit (`int_in_range(1..=9)`), one hole threshold `h`; then one
//! byte `b` per cell, row-major: a hole if `b < h`, else the digit `1 + b % largest`; cells past
//! the end of the input are holes. The top-left cell is never a hole (it takes the digit rule
//! whatever `b` is, and is 1 past the end). Every byte string is a valid board within the judge's
//! limits; input that runs out early reads as zeros (a small board, 1×1).
//!
//! Why these scopes: the literal reference computes the set of cells the coin can stand on after
//! each number of moves, up to N·M sets of N·M cells, so a board costs it O((N·M)²) — a 50×50
//! board with a reachable cycle some 6 M cell visits, an 8×8 one 4,096, a 5×5 one 625 — and in
//! the fuzz build every comparison of those visits is traced (libFuzzer's
//! `__sanitizer_cov_trace_cmp8` was three quarters of the target's time with 8×8 small cases,
//! `perf`, BENCHMARKS.md "Fuzz targets"). Every rule (leaving the board on each side, landing in
//! a hole, jumping over one, a reachable or an unreachable cycle, two routes meeting without a
//! cycle) shows on boards of a few cells, and so do the bugs of the solutions it is meant to
//! catch: most cases are at most 5×5. One in [`MEDIUM_ONE_IN`] is up to 8×8, where jumps of 5
//! to 7 stay on the board; one in [`LARGE_ONE_IN`] keeps the judge's whole range (long chains,
//! cycles far from the start, the 50-cell side). `cargo run --release --example scope_share`
//! gives each scope's share of the answering time (table in BENCHMARKS.md, "Fuzz targets"). The
//! campaign's generator ([`super::gen::generate`]) picks its board sides with the same shares
//! ([`Scope::pick`]).

use arbitrary::{Arbitrary, Unstructured};

use super::engine::{self, Board};

/// One case in this many is large: the judge's whole range of sides (the shares are explained in
/// the module documentation).
pub const LARGE_ONE_IN: u32 = 512;

/// Of the cases that are not large, one in this many is medium.
pub const MEDIUM_ONE_IN: u32 = 16;

/// The largest side of a medium case.
pub const MEDIUM_MAX_SIDE: usize = 8;

/// The largest side of a small case.
pub const SMALL_MAX_SIDE: usize = 5;

/// A case's scope: which range its board sides come from (module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Sides 1..=[`SMALL_MAX_SIDE`].
    Small,
    /// Sides 1..=[`MEDIUM_MAX_SIDE`].
    Medium,
    /// The judge's range, 1..=50.
    Large,
}

impl Scope {
    /// The scope the fuzz decoding gives an input whose scope draw is `draw`.
    pub fn of(draw: u32) -> Scope {
        if draw % LARGE_ONE_IN == LARGE_ONE_IN - 1 {
            Scope::Large
        } else if draw / LARGE_ONE_IN % MEDIUM_ONE_IN == 0 {
            Scope::Medium
        } else {
            Scope::Small
        }
    }

    /// A scope at random with the decoding's shares (the campaign's generator).
    pub fn pick(rng: &mut crate::rng::Rng) -> Scope {
        Scope::of(rng.below(1 << 32) as u32)
    }

    /// The largest side of a small or medium case (`None` for a large one).
    pub fn max_side(self) -> Option<usize> {
        match self {
            Scope::Small => Some(SMALL_MAX_SIDE),
            Scope::Medium => Some(MEDIUM_MAX_SIDE),
            Scope::Large => None,
        }
    }

    /// The scope's name, as the `scope_share` example prints it: `small`, `medium` or `large`.
    pub fn name(self) -> &'static str {
        match self {
            Scope::Small => "small",
            Scope::Medium => "medium",
            Scope::Large => "large",
        }
    }
}

/// A board: `cells[r * cols + c]` is a digit 1..=9 or 0 for a hole; `cells[0]` is never 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The number of rows, N (at least 1).
    pub rows: usize,
    /// The number of columns, M (at least 1).
    pub cols: usize,
    /// The cells, row-major: a digit 1..=9, or 0 for a hole (`H`).
    pub cells: Vec<u8>,
}

impl Case {
    /// The judge input text: `N M`, then one line per row, `H` for a hole.
    pub fn render(&self) -> String {
        let mut out = String::with_capacity(16 + self.rows * (self.cols + 1));
        out.push_str(&format!("{} {}\n", self.rows, self.cols));
        for row in self.cells.chunks(self.cols) {
            out.extend(row.iter().map(|&v| match v {
                0 => 'H',
                d => (b'0' + d) as char,
            }));
            out.push('\n');
        }
        out
    }

    /// The case a judge text describes, if it is a valid board of any size (as with `--no-strict`).
    pub fn parse(input: &[u8]) -> Option<Case> {
        engine::parse(input, false).ok().map(Case::from)
    }

    /// Structurally smaller variants, most aggressive first: the board halved, single rows and
    /// columns dropped (last ones first), a digit cell made a hole, then a digit lowered to 1 or
    /// by one. The start always stays a digit.
    pub fn shrink(&self) -> Vec<Case> {
        let (rows, cols) = (self.rows, self.cols);
        let mut out = Vec::new();
        // Halve, then drop single rows and columns (last ones first).
        if rows > 1 {
            out.push(self.crop(rows / 2, cols));
        }
        if cols > 1 {
            out.push(self.crop(rows, cols / 2));
        }
        for r in (0..rows).rev() {
            out.extend(self.without_row(r));
        }
        for c in (0..cols).rev() {
            out.extend(self.without_col(c));
        }
        // Holes, then smaller digits.
        for i in 1..self.cells.len() {
            if self.cells[i] != 0 {
                let mut holed = self.clone();
                holed.cells[i] = 0;
                out.push(holed);
            }
        }
        for i in 0..self.cells.len() {
            let d = self.cells[i];
            for lower in [1, d.saturating_sub(1)] {
                if lower >= 1 && lower < d {
                    let mut smaller = self.clone();
                    smaller.cells[i] = lower;
                    out.push(smaller);
                }
            }
        }
        out
    }

    /// The shrinker's secondary size ([`crate::game::Game::shrink_rank`]): the number of digit
    /// cells, so a hole in place of a digit counts as smaller.
    pub fn shrink_rank(&self) -> u64 {
        self.digits()
    }

    /// The engine's board of a case.
    pub fn board(&self) -> Board {
        Board {
            rows: self.rows,
            cols: self.cols,
            cells: self.cells.clone(),
        }
    }

    fn digits(&self) -> u64 {
        self.cells.iter().filter(|&&c| c != 0).count() as u64
    }

    /// The case without row `r` (`None` if it is the only row).
    fn without_row(&self, r: usize) -> Option<Case> {
        (self.rows > 1).then(|| {
            let mut cells = self.cells.clone();
            cells.drain(r * self.cols..(r + 1) * self.cols);
            Case {
                rows: self.rows - 1,
                cols: self.cols,
                cells,
            }
            .with_start()
        })
    }

    /// The case without column `c` (`None` if it is the only column).
    fn without_col(&self, c: usize) -> Option<Case> {
        (self.cols > 1).then(|| {
            let cells = self
                .cells
                .iter()
                .enumerate()
                .filter(|(i, _)| i % self.cols != c)
                .map(|(_, &v)| v)
                .collect();
            Case {
                rows: self.rows,
                cols: self.cols - 1,
                cells,
            }
            .with_start()
        })
    }

    /// The top-left `rows × cols` part.
    fn crop(&self, rows: usize, cols: usize) -> Case {
        let cells = (0..rows)
            .flat_map(|r| {
                self.cells[r * self.cols..r * self.cols + cols]
                    .iter()
                    .copied()
            })
            .collect();
        Case { rows, cols, cells }
    }

    /// Makes sure the start is a digit (a shrink step may have moved a hole there).
    fn with_start(mut self) -> Case {
        if self.cells[0] == 0 {
            self.cells[0] = 1;
        }
        self
    }
}

impl From<Board> for Case {
    fn from(b: Board) -> Case {
        Case {
            rows: b.rows,
            cols: b.cols,
            cells: b.cells,
        }
    }
}

impl<'a> Arbitrary<'a> for Case {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let draw = crate::draw::scope_draw(u);
        let (rows, cols) = match Scope::of(draw).max_side() {
            None => {
                // Two more bytes of the draw; the skew keeps most large boards far below 50×50.
                let side = |s: u32| 1 + (s as usize & 0xff).pow(3) * 49 / 255usize.pow(3);
                (side(draw >> 16), side(draw >> 24))
            }
            Some(max) => {
                let side = |s: u8| 1 + s as usize % max;
                (side(u8::arbitrary(u)?), side(u8::arbitrary(u)?))
            }
        };
        let largest = u.int_in_range(1..=9u8)?;
        let holes = u8::arbitrary(u)?;
        let mut cells = Vec::with_capacity(rows * cols);
        for i in 0..rows * cols {
            cells.push(match (i, u.is_empty()) {
                (0, true) => 1,
                (_, true) => 0,
                (0, false) => 1 + u8::arbitrary(u)? % largest,
                (_, false) => match u8::arbitrary(u)? {
                    b if b < holes => 0,
                    b => 1 + b % largest,
                },
            });
        }
        Ok(Case { rows, cols, cells })
    }
}
