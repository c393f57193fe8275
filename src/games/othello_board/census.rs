//! The othello_board census: the tags of `docs/judge-text.md` ("Census tags of the newer
//! games"), observed on the engine's own placement loop ([`engine::census`]); the literal
//! reference computes the same tags on its own, and `tests/suite_othello_board.rs` holds the two
//! equal.

use super::engine;

pub use engine::TAGS;

/// The census tags of an input as a bit set over [`TAGS`] (0 if it is rejected).
pub fn census(input: &[u8], strict: bool) -> u64 {
    engine::census(input, strict).unwrap_or(0)
}
