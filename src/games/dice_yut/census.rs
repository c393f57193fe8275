//! The dice_yut census: the tags of `docs/judge-text.md` ("Census tags of the newer games"),
//! computed by the engine on the optimal moves of its memoized search ([`engine::census`]); the
//! literal reference computes the same tags by enumerating every line of play, and
//! `tests/suite_dice_yut.rs` holds the two equal.

use super::engine;

pub use engine::TAGS;

/// The census tags of an input as a bit set over [`TAGS`] (0 if it is rejected).
pub fn census(input: &[u8], strict: bool) -> u64 {
    engine::census(input, strict).unwrap_or(0)
}
