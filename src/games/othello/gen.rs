//! The othello generator: random inputs decoded from random bytes exactly as the structured fuzz
//! target decodes its input ([`super::case`]); with `--strict`, the stream that never places a
//! stone that flips nothing.

use arbitrary::Unstructured;

use super::Case;
use crate::rng::Rng;

/// A random input: up to 600 random bytes through the case decoding.
pub fn generate(rng: &mut Rng, strict: bool) -> Case {
    let mut bytes = vec![0u8; rng.range(1, 600) as usize];
    rng.fill(&mut bytes);
    Case::decode(&mut Unstructured::new(&bytes), !strict)
}
