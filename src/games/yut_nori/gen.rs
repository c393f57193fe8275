//! The yut_nori generator: random games decoded from random bytes, exactly as the structured fuzz
//! target decodes its input (every byte string is a valid game, so uniform bytes are enough).

use arbitrary::{Arbitrary, Unstructured};

use super::Case;
use crate::rng::Rng;

/// A random game: up to 512 random bytes through the fuzz decoding.
pub fn generate(rng: &mut Rng) -> Result<Case, String> {
    let len = rng.range(1, 512) as usize;
    let mut bytes = vec![0u8; len];
    rng.fill(&mut bytes);
    Case::arbitrary_take_rest(Unstructured::new(&bytes)).map_err(|e| e.to_string())
}
