//! The dice_yut generator: random dice through the case decoding ([`super::case`]): 10 dice for
//! the judge; with `--no-strict` the fuzz target's scopes, drawn from random bytes through the
//! same decoding (mostly 1 to [`case::SMALL_MAX_DICE`] dice, 7 to 9 in about one case in
//! [`case::MID_ONE_IN`], 10 in one in [`case::JUDGE_ONE_IN`]). The literal reference is
//! exponential in the number of dice; `boardfuzz solve dice_yut --no-strict` takes up to 1000.

use arbitrary::Unstructured;

use super::case;
use super::Case;
use crate::rng::Rng;

/// The most dice a generated `--no-strict` case has (the reference's search grows about 3.5×
/// per die: 10 dice take it some 20 ms).
pub const MAX_CHECKED_DICE: u64 = case::JUDGE_DICE as u64;

/// A random case: 10 dice, or with `loose` (`--no-strict`) the scope the fuzz target's decoding
/// picks from random bytes (1 to [`MAX_CHECKED_DICE`] dice).
pub fn generate(rng: &mut Rng, loose: bool) -> Case {
    if loose {
        // The stream byte and at most 10 dice (the scope is drawn from all of them).
        let mut bytes = [0u8; 1 + case::JUDGE_DICE];
        rng.fill(&mut bytes);
        Case::decode_scoped(&mut Unstructured::new(&bytes))
    } else {
        let mut bytes = [0u8; 1 + case::JUDGE_DICE];
        rng.fill(&mut bytes);
        Case::decode(&mut Unstructured::new(&bytes), case::JUDGE_DICE)
    }
}
