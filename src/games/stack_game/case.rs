//! The structured stack_game case: a board valid by construction, its `arbitrary` decoding (the
//! fuzz targets' format), rendering to judge text, parsing back, and structural shrinking.
//!
//! Case format (versioned — changing it invalidates saved fuzz corpora): `N` by `int_in_range
//! (4..=12)`, `K` by `int_in_range(4..=10)`, then one byte per cell in row-major order (colour =
//! `byte % 3`), then per piece one byte picking its cell among the still free ones in row-major
//! order (`byte % free`) and one byte for its direction (`byte % 4 + 1`). Every byte string is a
//! valid board.

use arbitrary::{Arbitrary, Unstructured};

use super::engine::{self, Board};

/// One piece: 1-based row and column, direction 1..=4, as in the judge text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    pub row: u8,
    pub col: u8,
    pub dir: u8,
}

/// A whole input: `4 ≤ n ≤ 12`, `n * n` colours (row-major, `0..=2`), 4..=10 pieces on distinct
/// cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    pub n: u8,
    pub colours: Vec<u8>,
    pub pieces: Vec<Piece>,
}

impl Case {
    pub fn render(&self) -> String {
        let n = self.n as usize;
        let mut out = String::with_capacity(8 + 2 * n * n + 8 * self.pieces.len());
        out.push_str(&format!("{} {}\n", n, self.pieces.len()));
        for row in self.colours.chunks(n) {
            for (i, &c) in row.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                out.push((b'0' + c) as char);
            }
            out.push('\n');
        }
        for p in &self.pieces {
            out.push_str(&format!("{} {} {}\n", p.row, p.col, p.dir));
        }
        out
    }

    pub fn parse(input: &[u8]) -> Option<Case> {
        engine::parse(input).ok().map(|b| Case::from_board(&b))
    }

    pub fn shrink(&self) -> Vec<Case> {
        let n = self.n as usize;
        let mut out = Vec::new();
        // A smaller board: drop row i and column j (pieces there go; the rest shift).
        if n > 4 {
            let mut pairs = vec![(n - 1, n - 1), (0, 0), (n - 1, 0), (0, n - 1)];
            pairs.extend((1..n - 1).map(|i| (i, i)));
            for (dr, dc) in pairs {
                let mut colours = Vec::with_capacity((n - 1) * (n - 1));
                for r in (0..n).filter(|&r| r != dr) {
                    for c in (0..n).filter(|&c| c != dc) {
                        colours.push(self.colours[r * n + c]);
                    }
                }
                let pieces = self
                    .pieces
                    .iter()
                    .filter(|p| p.row as usize - 1 != dr && p.col as usize - 1 != dc)
                    .map(|p| Piece {
                        row: p.row - (p.row as usize - 1 > dr) as u8,
                        col: p.col - (p.col as usize - 1 > dc) as u8,
                        dir: p.dir,
                    })
                    .collect();
                out.push(Case {
                    n: n as u8 - 1,
                    colours,
                    pieces,
                });
            }
        }
        // Fewer pieces.
        for i in 0..self.pieces.len() {
            let mut c = self.clone();
            c.pieces.remove(i);
            out.push(c);
        }
        // Simpler colours (white, then red), smaller directions, pieces nearer the top left.
        for i in 0..self.colours.len() {
            for colour in 0..self.colours[i] {
                let mut c = self.clone();
                c.colours[i] = colour;
                out.push(c);
            }
        }
        for i in 0..self.pieces.len() {
            for dir in 1..self.pieces[i].dir {
                let mut c = self.clone();
                c.pieces[i].dir = dir;
                out.push(c);
            }
            for (dr, dc) in [(1, 0), (0, 1)] {
                let mut c = self.clone();
                c.pieces[i].row -= dr;
                c.pieces[i].col -= dc;
                out.push(c);
            }
        }
        out.retain(Case::valid);
        out
    }

    /// The engine's board of a case.
    pub fn board(&self) -> Board {
        engine::parse(self.render().as_bytes()).expect("a Case is valid by construction")
    }

    /// The case of an engine board.
    pub fn from_board(board: &Board) -> Case {
        let n = board.n;
        let mut colours = Vec::with_capacity(n * n);
        for r in 0..n {
            for c in 0..n {
                colours.push(board.colour[engine::cell_of(r, c)]);
            }
        }
        let pieces = (0..board.k)
            .map(|p| {
                let (r, c) = engine::row_col(board.start[p] as usize);
                Piece {
                    row: r as u8 + 1,
                    col: c as u8 + 1,
                    dir: board.dir[p] + 1,
                }
            })
            .collect();
        Case {
            n: n as u8,
            colours,
            pieces,
        }
    }

    fn valid(&self) -> bool {
        let n = self.n as usize;
        (4..=12).contains(&n)
            && (4..=10).contains(&self.pieces.len())
            && self.colours.len() == n * n
            && self.pieces.iter().enumerate().all(|(i, p)| {
                (1..=self.n).contains(&p.row)
                    && (1..=self.n).contains(&p.col)
                    && (1..=4).contains(&p.dir)
                    && self.pieces[..i]
                        .iter()
                        .all(|q| (q.row, q.col) != (p.row, p.col))
            })
    }
}

impl<'a> Arbitrary<'a> for Case {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let n: u8 = u.int_in_range(4..=12)?;
        let k: usize = u.int_in_range(4..=10)?;
        let cells = n as usize * n as usize;
        let mut colours = Vec::with_capacity(cells);
        for _ in 0..cells {
            colours.push(u8::arbitrary(u)? % 3);
        }
        let mut free: Vec<u8> = (0..cells as u8).collect();
        let mut pieces = Vec::with_capacity(k);
        for _ in 0..k {
            let cell = free.remove(u8::arbitrary(u)? as usize % free.len());
            pieces.push(Piece {
                row: cell / n + 1,
                col: cell % n + 1,
                dir: u8::arbitrary(u)? % 4 + 1,
            });
        }
        Ok(Case { n, colours, pieces })
    }
}
