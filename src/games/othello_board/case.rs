//! The structured othello_board case: up to 32 placements on the 6×6 board, black first and
//! alternating, its `arbitrary` decoding (the fuzz targets' format), rendering to judge text,
//! parsing back, and structural shrinking.
//!
//! Case format, version 3 (version 3: the scope draw hashes 8 bytes at a time; versioned —
//! changing it invalidates saved fuzz corpora): the scope is
//! drawn from all the input's bytes ([`crate::draw::scope_draw`]): one case in
//! [`LARGE_ONE_IN`] is *large*, the others *small*. One byte `k`, the number of placements asked
//! for (`1 + k % 32` in a large case, `1 + k % SMALL_MAX_PLACEMENTS` in a small one), and one byte
//! `m`: the game is *loose* when `m % LOOSE_ONE_IN == 0` (one game in four), else *legal*. Then
//! per placement, in a legal game, one byte picks the cell among the legal moves of the colour to
//! move in row-major order (`byte % count`); the game ends when that colour has no legal move. In a loose game each
//! placement first reads a byte: if it is `0 mod 4` (or the colour to move has no legal move) the
//! placement is any empty cell (`byte % empties`, usually flipping nothing), otherwise a legal
//! one. Input past the end reads as zeros. A game that would end in a tie loses its last
//! placement (an odd number of placements cannot tie), so every byte string is a valid input in
//! the default mode, and a legal game is valid under `--strict` too.
//!
//! Why these scopes: both sides replay every placement and print the board, so a case costs about
//! as much as it has placements. Flips in every direction count, runs to the edge, gaps, corners,
//! a side without a move (the game ends) and both winners show within a dozen placements; only a
//! full board needs all 32, and a tie (which the decoding avoids) too. So most cases have at most
//! [`SMALL_MAX_PLACEMENTS`], and one in [`LARGE_ONE_IN`] up to 32, which gives large cases a fifth of
//! the answering time (`cargo run --release --example scope_share`, table in BENCHMARKS.md,
//! "Fuzz targets"). The campaign's
//! generator decodes random bytes through this same decoding.

use arbitrary::{Arbitrary, Unstructured};

use super::engine::{self, colour_of, SIZE};
use crate::games::othello::engine::{cell, push_number, Board, STRIDE};

/// One game in [`LOOSE_ONE_IN`] may place stones that flip nothing (default mode only).
pub const LOOSE_ONE_IN: u8 = 4;

/// One case in this many is large: up to 32 placements, a full board (the share is explained in
/// the module documentation).
pub const LARGE_ONE_IN: u32 = 8;

/// A small case asks for 1 to this many placements.
pub const SMALL_MAX_PLACEMENTS: usize = 12;

/// A whole input: the placements as 1-based (row, column), black first, alternating.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The placements in input order, each (row, column), 1-based; placement k is black
    /// when k is odd.
    pub placements: Vec<(u8, u8)>,
}

/// The `k`-th cell (0-based, `k < mask.count_ones()`) of a mask in row-major order, as 0-based
/// (row, column). Bit [`cell`]`(r, c)` is `r * STRIDE + c`, so row-major order is bit order.
fn nth_cell(mut mask: u64, k: usize) -> (usize, usize) {
    for _ in 0..k {
        mask &= mask - 1;
    }
    let bit = mask.trailing_zeros() as usize;
    let (r, c) = (bit / STRIDE, bit % STRIDE);
    debug_assert_eq!(cell(r, c), bit as u32);
    (r, c)
}

/// The next byte, or 0 past the end of the input.
fn byte(u: &mut Unstructured<'_>) -> u8 {
    u8::arbitrary(u).unwrap_or(0)
}

impl Case {
    /// Decodes an input (see the module documentation); `loose_allowed` is false for the
    /// strict-mode stream.
    pub fn decode(u: &mut Unstructured<'_>, loose_allowed: bool) -> Case {
        let large = crate::draw::scope_draw(u) % LARGE_ONE_IN == LARGE_ONE_IN - 1;
        let wanted = 1 + byte(u) as usize % if large { 32 } else { SMALL_MAX_PLACEMENTS };
        let loose = byte(u) % LOOSE_ONE_IN == 0 && loose_allowed;
        let mut board = Board::new(SIZE);
        let mut placements = Vec::with_capacity(wanted);
        while placements.len() < wanted {
            let colour = colour_of(placements.len() + 1);
            let any_cell = loose && byte(u) % 4 == 0;
            let legal = board.legal_moves(colour);
            let choices = if any_cell || legal == 0 {
                if !loose {
                    break;
                }
                board.empty()
            } else {
                legal
            };
            if choices == 0 {
                break;
            }
            let (r, c) = nth_cell(choices, byte(u) as usize % choices.count_ones() as usize);
            board.place(r, c, colour);
            placements.push((r as u8 + 1, c as u8 + 1));
        }
        let mut case = Case { placements };
        if case.ties() {
            case.placements.pop();
        }
        case
    }

    /// Whether the final position has as many black as white stones.
    fn ties(&self) -> bool {
        let mut board = Board::new(SIZE);
        for (k, &(r, c)) in self.placements.iter().enumerate() {
            board.place(r as usize - 1, c as usize - 1, colour_of(k + 1));
        }
        board.black_count() == board.white_count()
    }

    /// The judge input text.
    pub fn render(&self) -> String {
        let mut out = String::with_capacity(4 + 4 * self.placements.len());
        push_number(&mut out, self.placements.len());
        out.push('\n');
        for &(r, c) in &self.placements {
            push_number(&mut out, r.into());
            out.push(' ');
            push_number(&mut out, c.into());
            out.push('\n');
        }
        out
    }

    /// The case a judge text describes, if it is a valid input in the default mode.
    pub fn parse(input: &[u8]) -> Option<Case> {
        engine::solve(input, false).ok()?;
        let numbers: Vec<u8> = std::str::from_utf8(input)
            .ok()?
            .split_ascii_whitespace()
            .map(|f| f.parse().ok())
            .collect::<Option<_>>()?;
        Some(Case {
            placements: numbers[1..].chunks(2).map(|p| (p[0], p[1])).collect(),
        })
    }

    /// Structurally smaller variants: runs of placements dropped (later placements change colour,
    /// which is fine in the default mode; a candidate that ties is rejected by both sides and so
    /// never kept), most aggressive first.
    pub fn shrink(&self) -> Vec<Case> {
        let m = self.placements.len();
        let mut out = Vec::new();
        let mut chunk = m / 2;
        while chunk >= 1 {
            let mut start = 0;
            while start + chunk <= m {
                let mut c = self.clone();
                c.placements.drain(start..start + chunk);
                if !c.placements.is_empty() {
                    out.push(c);
                }
                start += chunk;
            }
            chunk /= 2;
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

    #[test]
    fn every_byte_string_is_a_valid_input_and_the_strict_stream_is_strictly_valid() {
        let mut rng = Rng::new(15671);
        let mut loose_seen = 0;
        for _ in 0..3000 {
            let mut bytes = vec![0u8; rng.range(0, 120) as usize];
            rng.fill(&mut bytes);
            let case = Case::decode(&mut Unstructured::new(&bytes), true);
            let text = case.render();
            assert!(engine::solve(text.as_bytes(), false).is_ok(), "{text}");
            assert_eq!(Case::parse(text.as_bytes()), Some(case));
            loose_seen += engine::solve(text.as_bytes(), true).is_err() as u32;
            let strict = Case::decode(&mut Unstructured::new(&bytes), false).render();
            assert!(engine::solve(strict.as_bytes(), true).is_ok(), "{strict}");
        }
        assert!(loose_seen > 100, "{loose_seen}");
    }
}
