//! The structured dice_yut case: the dice of one game, its `arbitrary` decoding (the fuzz
//! targets' format), rendering to judge text, parsing back, and structural shrinking.
//!
//! Case format, version 3 (version 3: the scope draw hashes 8 bytes at a time; versioned —
//! changing it invalidates saved fuzz corpora): the scope
//! draw `s` of all the input's bytes ([`crate::draw::scope_draw`]) picks the number of dice;
//! one byte `m` picks the stream; then one byte per die (input past the end reads as zeros).
//!
//! Scope (see [`dice_for_scope`]):
//! - *judge* (`s % JUDGE_ONE_IN == JUDGE_ONE_IN - 1`, one case in [`JUDGE_ONE_IN`]): exactly 10
//!   dice, run in the judge's strict mode;
//! - *mid* (else `s / JUDGE_ONE_IN % MID_ONE_IN == MID_ONE_IN - 1`, about one case in
//!   [`MID_ONE_IN`]): [`MID_DICE`] (5 to 8) dice, run with `--no-strict`
//!   ([`DiceYut::case_options`](super::DiceYut));
//! - *small* (every other case): 1 to [`SMALL_MAX_DICE`] dice, run with `--no-strict`.
//!
//! Input that runs out early reads as zeros: a small case of one die.
//!
//! Why these shares: the literal reference is an exhaustive search over 4^dice lines (no
//! memoisation), so a case costs it about 3.5× more per die — some 13,500 instructions for 3 dice,
//! 124,000 for 5, 1.2 M for 7, 50 M for 10 (callgrind, native build). Bugs show first in small
//! scopes (blocking, the three blue cells, the branches and the shared 25 are all reached with 2
//! to 5 dice), but finishing moves only pay from 7 dice on (`finish-overshoot` in 15% of 7-dice
//! cases, 0% below) and the passing mistake from 8. The shares give the fuzzer most of its cases
//! in the cheap small scope, keep the finishing scope in every few hundred cases, and give the
//! judge's own 10-dice cases a sixth of the answering time and the mid scope a third, while the
//! target stays above 20,000 cases a second (`cargo run --release --example scope_share`, table
//! in BENCHMARKS.md, "Fuzz targets"; the campaign's `--no-strict` generator draws through this
//! same decoding).
//!
//! Streams:
//! - *uniform* (three cases in four, `m % PASS_RICH_ONE_IN != 0`): die = `1 + byte % 5`;
//! - *pass-rich* (one case in four): the first dice are high (5, or 4 for `byte % 8 == 7`) and the
//!   last three small (`1 + byte % 3`). Uniform dice almost never make "passing" — a finished
//!   piece absorbing a roll, the bug real solutions have — pay (2 cases in 20,000), because it
//!   pays only when the best line wants to waste a small roll after a piece has raced home. Of the
//!   candidate shapes tried (2,000 cases each, engine `max_score`), seven 5s then three of 1–3 paid
//!   most often (78%; sevens of 4–5 then 1–2 paid under 1%); with the odd 4 mixed in,
//!   `boardfuzz check dice_yut --cases 400 --seed 2` shows `passing-pays` in 8.5% of all cases.

use arbitrary::{Arbitrary, Unstructured};

use super::engine;

/// One case in this many is drawn from the pass-rich stream.
pub const PASS_RICH_ONE_IN: u8 = 4;

/// The judge's number of dice.
pub const JUDGE_DICE: usize = engine::STRICT_DICE;

/// One case in this many is a judge case: exactly [`JUDGE_DICE`] dice, strict mode (the share is
/// explained in the module documentation).
pub const JUDGE_ONE_IN: u32 = 8192;

/// Of the other cases, one in this many has [`MID_DICE`] dice (the scope where pieces finish).
pub const MID_ONE_IN: u32 = 128;

/// The numbers of dice of a mid case (drawn uniformly).
pub const MID_DICE: std::ops::RangeInclusive<usize> = 5..=8;

/// The most dice of a small case (1 to this many, drawn uniformly).
pub const SMALL_MAX_DICE: usize = 4;

/// The number of dice the scope draw `s` picks (see the module documentation): its low bits
/// decide judge or not, the next ones mid or small, the rest the count within the scope.
pub fn dice_for_scope(s: u32) -> usize {
    let (judge, s) = (s % JUDGE_ONE_IN, s / JUDGE_ONE_IN);
    let (mid, s) = (s % MID_ONE_IN, s / MID_ONE_IN);
    if judge == JUDGE_ONE_IN - 1 {
        JUDGE_DICE
    } else if mid == MID_ONE_IN - 1 {
        MID_DICE.start() + s as usize % MID_DICE.count()
    } else {
        1 + s as usize % SMALL_MAX_DICE
    }
}

/// The dice of one game, each 1..=5.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The dice in the order they are played, each 1..=5.
    pub dice: Vec<u8>,
}

/// The next byte, or 0 past the end of the input.
fn byte(u: &mut Unstructured<'_>) -> u8 {
    u8::arbitrary(u).unwrap_or(0)
}

impl Case {
    /// Decodes a whole case: the scope word, then the stream and the dice (see the module
    /// documentation).
    pub fn decode_scoped(u: &mut Unstructured<'_>) -> Case {
        let s = crate::draw::scope_draw(u);
        Case::decode(u, dice_for_scope(s))
    }

    /// Decodes `count` dice from the stream the first byte picks (see the module documentation;
    /// for other counts than 10 the pass-rich stream keeps its last three dice small).
    pub fn decode(u: &mut Unstructured<'_>, count: usize) -> Case {
        let pass_rich = byte(u) % PASS_RICH_ONE_IN == 0;
        let dice = (0..count)
            .map(|i| {
                let b = byte(u);
                if !pass_rich {
                    1 + b % 5
                } else if i + 3 < count {
                    if b % 8 == 7 {
                        4
                    } else {
                        5
                    }
                } else {
                    1 + b % 3
                }
            })
            .collect();
        Case { dice }
    }

    /// The judge input text: the dice on one line.
    pub fn render(&self) -> String {
        let mut out = String::with_capacity(2 * self.dice.len());
        for (i, d) in self.dice.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push((b'0' + d) as char);
        }
        out.push('\n');
        out
    }

    /// The case a judge text describes (any number of dice the non-strict mode accepts).
    pub fn parse(input: &[u8]) -> Option<Case> {
        engine::parse(input, false).ok().map(|dice| Case { dice })
    }

    /// Structurally smaller variants: fewer dice (valid only with `--no-strict`; in strict mode
    /// both sides reject them alike, so the shrinker never keeps one), then each die lowered to 1
    /// or by one.
    pub fn shrink(&self) -> Vec<Case> {
        let n = self.dice.len();
        let mut out = Vec::new();
        for i in (0..n).filter(|_| n > 1) {
            let mut c = self.clone();
            c.dice.remove(i);
            out.push(c);
        }
        for i in 0..n {
            let d = self.dice[i];
            for lower in [1, d.saturating_sub(1)] {
                if lower >= 1 && lower < d {
                    let mut c = self.clone();
                    c.dice[i] = lower;
                    out.push(c);
                }
            }
        }
        out
    }
}

impl<'a> Arbitrary<'a> for Case {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(Case::decode_scoped(u))
    }
}
