//! The structured othello case: T test cases, each a board size and placements on empty cells,
//! its `arbitrary` decoding (the fuzz targets' format), rendering to judge text, parsing back,
//! and structural shrinking.
//!
//! Case format, version 3 (version 3: the scope draw hashes 8 bytes at a time; versioned —
//! changing it invalidates saved fuzz corpora): the scope is
//! drawn from all the input's bytes ([`crate::draw::scope_draw`]):
//! - *large* (`draw % LARGE_ONE_IN == LARGE_ONE_IN - 1`, one case in [`LARGE_ONE_IN`]): the
//!   whole range of version 1, one byte `t`, T = `1 + t % 3`, and per test case up to N² − 4
//!   placements;
//! - *small* (every other case): T = `1 + t % SMALL_MAX_TESTS`, and per test case up to
//!   [`SMALL_MAX_PLACEMENTS`] placements.
//!
//! Then per test case one byte `s` (N = 4, 6, 8 for `s % 3` = 0, 1, 2), one byte `k`, the number
//! of placements asked for (`k % (most + 1)`, with `most` = N² − 4 in a large case and the
//! smaller of N² − 4 and [`SMALL_MAX_PLACEMENTS`] in a small one), and one byte `m`: the test
//! case is *loose* when `m % LOOSE_ONE_IN == 0` (a documented share of one in four), else
//! *legal*. Then per placement, in a legal test case: one byte picks the colour among the colours
//! that have a legal move (`byte % count`, the colour to move — the one that did not play last,
//! black first — listed first, so a pass shows as the same colour twice), and one byte picks the
//! cell among that colour's legal moves in row-major order (`byte % count`); the test case ends
//! early when neither colour can move. In a loose test case each placement first reads a byte: if
//! it is `0 mod 4` the placement is any empty cell (`byte % empties`) of colour `1 + byte % 2`
//! (usually flipping nothing), otherwise it is a legal placement as above (or, when neither side
//! can move, an empty cell as just said). Input past the end reads as zeros. Every byte string is a
//! valid input in the default mode; a legal test case is valid under `--strict` too.
//!
//! Why these scopes: both sides replay every placement, so a case costs about as much as it has
//! placements, and a version-1 case had 38 on average (up to 180). Every rule shows on a few
//! placements — flips in one, two or three directions, a run to the edge, a gap, a corner, a pass
//! and a full board on 4×4 (12 placements fill it), the board sizes and the reset between test
//! cases (two test cases) — so most cases are small: at most 2 test cases of at most 12
//! placements. One case in [`LARGE_ONE_IN`] is large (up to 3 full 8×8 games), which gives large
//! cases a fifth of the answering time (`cargo run --release --example scope_share`, table in
//! BENCHMARKS.md, "Fuzz targets").
//! The campaign's generator decodes random bytes through this same decoding.

use arbitrary::{Arbitrary, Unstructured};

use super::engine::{self, Board, Colour};

/// One test case in [`LOOSE_ONE_IN`] may place stones that flip nothing (default mode only).
pub const LOOSE_ONE_IN: u8 = 4;

/// One case in this many is large: the whole range of test cases and placements (the share is
/// explained in the module documentation).
pub const LARGE_ONE_IN: u32 = 8;

/// A small case has 1 to this many test cases.
pub const SMALL_MAX_TESTS: u8 = 2;

/// A test case of a small case has at most this many placements (enough to fill a 4×4 board).
pub const SMALL_MAX_PLACEMENTS: usize = 12;

/// One placement: 1-based row and column, colour 1 (black) or 2 (white), as in the judge text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    /// The row, 1-based (the judge's `x`).
    pub x: u8,
    /// The column, 1-based (the judge's `y`).
    pub y: u8,
    /// The colour code: 1 for black, 2 for white.
    pub colour: u8,
}

/// One test case: a board size and its placements, every one on an empty cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestCase {
    /// The board side N: 4, 6 or 8.
    pub n: u8,
    /// The placements, in input order.
    pub placements: Vec<Placement>,
}

/// A whole input: 1 or more test cases.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The test cases, in input order (T is their number).
    pub tests: Vec<TestCase>,
}

/// The `k`-th cell (0-based, `k < mask.count_ones()`) of a mask in row-major order, as 0-based
/// (row, column). Bit [`engine::cell`]`(x, y)` is `x * STRIDE + y`, so row-major order is bit
/// order.
fn nth_cell(mut mask: u64, k: usize) -> (usize, usize) {
    for _ in 0..k {
        mask &= mask - 1;
    }
    let bit = mask.trailing_zeros() as usize;
    let (x, y) = (bit / engine::STRIDE, bit % engine::STRIDE);
    debug_assert_eq!(engine::cell(x, y), bit as u32);
    (x, y)
}

fn colour_of(code: u8) -> Colour {
    if code == 1 {
        Colour::Black
    } else {
        Colour::White
    }
}

/// The legal placement picked by two bytes, or `None` when neither colour can move. `last` is the
/// colour of the previous placement (0 for none).
fn legal_pick(board: &Board, last: u8, colour_byte: u8, cell_byte: u8) -> Option<Placement> {
    let to_move = if last == 1 { 2 } else { 1 };
    let moves = [to_move, 3 - to_move].map(|c| (c, board.legal_moves(colour_of(c))));
    let (colour, legal) = match moves {
        [(_, 0), (_, 0)] => return None,
        [first, (_, 0)] => first,
        [(_, 0), second] => second,
        [first, second] => [first, second][colour_byte as usize % 2],
    };
    let (x, y) = nth_cell(legal, cell_byte as usize % legal.count_ones() as usize);
    Some(Placement {
        x: x as u8 + 1,
        y: y as u8 + 1,
        colour,
    })
}

/// Any empty cell picked by a byte, of the colour picked by another (`None` on a full board).
fn loose_pick(board: &Board, colour_byte: u8, cell_byte: u8) -> Option<Placement> {
    let empties = board.empty();
    if empties == 0 {
        return None;
    }
    let (x, y) = nth_cell(empties, cell_byte as usize % empties.count_ones() as usize);
    Some(Placement {
        x: x as u8 + 1,
        y: y as u8 + 1,
        colour: 1 + colour_byte % 2,
    })
}

/// The next byte, or 0 past the end of the input.
fn byte(u: &mut Unstructured<'_>) -> u8 {
    u8::arbitrary(u).unwrap_or(0)
}

impl TestCase {
    /// Decodes one test case (see the module documentation); `loose_allowed` is false for the
    /// strict-mode stream, which never places a stone that flips nothing; `large` is the scope.
    pub fn decode(u: &mut Unstructured<'_>, loose_allowed: bool, large: bool) -> TestCase {
        let n = [4u8, 6, 8][byte(u) as usize % 3];
        let cells = n as usize * n as usize;
        let most = if large {
            cells - 4
        } else {
            (cells - 4).min(SMALL_MAX_PLACEMENTS)
        };
        let wanted = byte(u) as usize % (most + 1);
        let loose = byte(u) % LOOSE_ONE_IN == 0 && loose_allowed;
        let mut board = Board::new(n as usize);
        let mut placements = Vec::with_capacity(wanted);
        let mut last = 0;
        while placements.len() < wanted {
            let any_cell = loose && byte(u) % 4 == 0;
            let (a, b) = (byte(u), byte(u));
            let legal = if any_cell {
                None
            } else {
                legal_pick(&board, last, a, b)
            };
            let pick = match legal {
                Some(p) => p,
                None if loose => match loose_pick(&board, a, b) {
                    Some(p) => p,
                    None => break,
                },
                None => break,
            };
            board.place(
                pick.x as usize - 1,
                pick.y as usize - 1,
                colour_of(pick.colour),
            );
            last = pick.colour;
            placements.push(pick);
        }
        TestCase { n, placements }
    }
}

impl Case {
    /// Decodes a whole input; see the module documentation.
    pub fn decode(u: &mut Unstructured<'_>, loose_allowed: bool) -> Case {
        let large = crate::draw::scope_draw(u) % LARGE_ONE_IN == LARGE_ONE_IN - 1;
        let t = 1 + byte(u) as usize % if large { 3 } else { SMALL_MAX_TESTS as usize };
        Case {
            tests: (0..t)
                .map(|_| TestCase::decode(u, loose_allowed, large))
                .collect(),
        }
    }

    /// The judge input text.
    pub fn render(&self) -> String {
        let placements: usize = self.tests.iter().map(|t| t.placements.len()).sum();
        let mut out = String::with_capacity(4 + 6 * self.tests.len() + 6 * placements);
        let mut line = |numbers: &[usize]| {
            for (i, &number) in numbers.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                engine::push_number(&mut out, number);
            }
            out.push('\n');
        };
        line(&[self.tests.len()]);
        for t in &self.tests {
            line(&[t.n.into(), t.placements.len()]);
            for p in &t.placements {
                line(&[p.x.into(), p.y.into(), p.colour.into()]);
            }
        }
        out
    }

    /// The case a judge text describes, if it is a valid input in the default mode.
    pub fn parse(input: &[u8]) -> Option<Case> {
        engine::solve(input, false).ok()?;
        let text = std::str::from_utf8(input).ok()?;
        let mut numbers = text.split_ascii_whitespace().map(|f| f.parse::<i64>().ok());
        let mut next = || numbers.next().flatten();
        let t = next()?;
        let mut tests = Vec::new();
        for _ in 0..t {
            let (n, m) = (next()?, next()?);
            let mut placements = Vec::new();
            for _ in 0..m {
                let (x, y, c) = (next()?, next()?, next()?);
                placements.push(Placement {
                    x: x as u8,
                    y: y as u8,
                    colour: c as u8,
                });
            }
            tests.push(TestCase {
                n: n as u8,
                placements,
            });
        }
        Some(Case { tests })
    }

    /// Structurally smaller variants, most aggressive first: fewer test cases, fewer placements
    /// (dropping any placement keeps the others on empty cells), a smaller board (8 → 6 → 4,
    /// placements shifted one row and column toward the centre, those that fall off dropped), and
    /// black for white.
    pub fn shrink(&self) -> Vec<Case> {
        let mut out = Vec::new();
        let with = |i: usize, t: TestCase| {
            let mut c = self.clone();
            c.tests[i] = t;
            c
        };
        if self.tests.len() > 1 {
            for i in 0..self.tests.len() {
                let mut c = self.clone();
                c.tests.remove(i);
                out.push(c);
            }
        }
        for (i, t) in self.tests.iter().enumerate() {
            let m = t.placements.len();
            let mut chunk = m.div_ceil(2);
            while chunk >= 1 {
                let mut start = 0;
                while start + chunk <= m {
                    let mut s = t.clone();
                    s.placements.drain(start..start + chunk);
                    out.push(with(i, s));
                    start += chunk;
                }
                chunk /= 2;
            }
            if t.n > 4 {
                let placements = t
                    .placements
                    .iter()
                    .filter(|p| (2..t.n).contains(&p.x) && (2..t.n).contains(&p.y))
                    .map(|p| Placement {
                        x: p.x - 1,
                        y: p.y - 1,
                        colour: p.colour,
                    })
                    .collect();
                out.push(with(
                    i,
                    TestCase {
                        n: t.n - 2,
                        placements,
                    },
                ));
            }
            for j in (0..m).filter(|&j| t.placements[j].colour == 2) {
                let mut s = t.clone();
                s.placements[j].colour = 1;
                out.push(with(i, s));
            }
        }
        out
    }
}

impl<'a> Arbitrary<'a> for Case {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(Case::decode(u, true))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn random_case(rng: &mut Rng, loose: bool) -> Case {
        let mut bytes = vec![0u8; rng.range(0, 400) as usize];
        rng.fill(&mut bytes);
        Case::decode(&mut Unstructured::new(&bytes), loose)
    }

    #[test]
    fn every_byte_string_is_a_valid_input_and_the_strict_stream_is_strictly_valid() {
        let mut rng = Rng::new(4615);
        let (mut passes, mut loose_flips_nothing) = (0, 0);
        for _ in 0..3000 {
            let case = random_case(&mut rng, true);
            let text = case.render();
            assert!(engine::solve(text.as_bytes(), false).is_ok(), "{text}");
            assert_eq!(Case::parse(text.as_bytes()), Some(case.clone()));
            if engine::solve(text.as_bytes(), true).is_err() {
                loose_flips_nothing += 1;
            }
            let strict = random_case(&mut rng, false).render();
            assert!(engine::solve(strict.as_bytes(), true).is_ok(), "{strict}");
            passes += case
                .tests
                .iter()
                .filter(|t| t.placements.windows(2).any(|w| w[0].colour == w[1].colour))
                .count();
        }
        // Passes arise from legal play; the loose share shows up as strict-mode rejections.
        assert!(passes > 50, "{passes}");
        assert!(loose_flips_nothing > 100, "{loose_flips_nothing}");
    }

    #[test]
    fn shrink_candidates_stay_valid_inputs() {
        let mut rng = Rng::new(15671);
        for _ in 0..300 {
            let case = random_case(&mut rng, true);
            for smaller in case.shrink() {
                let text = smaller.render();
                assert!(engine::solve(text.as_bytes(), false).is_ok(), "{text}");
            }
        }
    }
}
