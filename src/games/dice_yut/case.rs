//! The structured dice_yut case: the dice of one game, its `arbitrary` decoding (the fuzz
//! targets' format), rendering to judge text, parsing back, and structural shrinking.
//!
//! Case format (versioned — changing it invalidates saved fuzz corpora): one byte `m` picks the
//! stream, then one byte per die, exactly 10 dice (the judge's count; input past the end reads as
//! zeros):
//! - *uniform* (three cases in four, `m % PASS_RICH_ONE_IN != 0`): die = `1 + byte % 5`;
//! - *pass-rich* (one case in four): the first seven dice are high (5, or 4 for `byte % 8 == 7`)
//!   and the last three small (`1 + byte % 3`). Uniform dice almost never make "passing" — a
//!   finished piece absorbing a roll, the bug real solutions have — pay (2 cases in 20,000),
//!   because it pays only when the best line wants to waste a small roll after a piece has raced
//!   home. Of the candidate shapes tried (2,000 cases each, engine `max_score`), seven 5s then
//!   three of 1–3 paid most often (78%; sevens of 4–5 then 1–2 paid under 1%); with the odd 4 mixed
//!   in, `boardfuzz check dice_yut --cases 400 --seed 2` shows `passing-pays` in 8.5% of all cases.

use arbitrary::{Arbitrary, Unstructured};

use super::engine;

/// One case in this many is drawn from the pass-rich stream.
pub const PASS_RICH_ONE_IN: u8 = 4;

/// The judge's number of dice.
pub const JUDGE_DICE: usize = engine::STRICT_DICE;

/// The dice of one game, each 1..=5.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    pub dice: Vec<u8>,
}

/// The next byte, or 0 past the end of the input.
fn byte(u: &mut Unstructured<'_>) -> u8 {
    u8::arbitrary(u).unwrap_or(0)
}

impl Case {
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
        Ok(Case::decode(u, JUDGE_DICE))
    }
}
