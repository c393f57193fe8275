//! The dice_yut generator: random dice through the case decoding ([`super::case`]): 10 dice for
//! the judge, 1 to [`MAX_CHECKED_DICE`] with `--no-strict` (the literal reference is exponential
//! in the number of dice; `boardfuzz solve dice_yut --no-strict` takes up to 1000).

use arbitrary::Unstructured;

use super::Case;
use crate::rng::Rng;

/// The most dice a generated `--no-strict` case has (the reference's search grows about 3.5×
/// per die: 10 dice take it some 20 ms).
pub const MAX_CHECKED_DICE: u64 = 10;

/// A random case: 10 dice, or with `loose` (`--no-strict`) 1 to [`MAX_CHECKED_DICE`].
pub fn generate(rng: &mut Rng, loose: bool) -> Case {
    let count = if loose {
        rng.range(1, MAX_CHECKED_DICE) as usize
    } else {
        super::case::JUDGE_DICE
    };
    let mut bytes = vec![0u8; count + 1];
    rng.fill(&mut bytes);
    Case::decode(&mut Unstructured::new(&bytes), count)
}
