//! The othello census: the tags of `docs/judge-text.md` ("Census tags of the newer games"),
//! observed on the engine's own placement loop ([`engine::census`]); the literal reference
//! computes the same tags on its own, and `tests/suite_othello.rs` holds the two equal.
//! [`TAG_CLAUSES`] ties each tag to the clauses of `docs/rules/othello.md` it exercises, and
//! [`UNMEASURED`] records why the other clauses have no tag.

use super::engine;

pub use engine::TAGS;

/// The rule clauses each census tag exercises, one entry per tag of [`TAGS`] in the same order:
/// the "Census tags" table of `docs/rules/othello.md`, which `tests/suite_othello.rs` holds
/// equal to this.
pub const TAG_CLAUSES: &[(&str, &[&str])] = &[
    ("flip-1-dir", &["OT-10"]),
    ("flip-2-dirs", &["OT-9", "OT-10"]),
    ("flip-3plus-dirs", &["OT-9", "OT-10"]),
    ("run-to-edge", &["OT-11"]),
    ("gap", &["OT-11"]),
    ("corner", &["OT-3", "OT-11"]),
    ("no-flip", &["OT-5"]),
    ("full-board", &["OT-2", "OT-13"]),
    ("wipe-out", &["OT-10", "OT-13"]),
    ("pass", &["OT-8"]),
    ("n-4", &["OT-2", "OT-7"]),
    ("n-6", &["OT-2", "OT-7"]),
    ("n-8", &["OT-2", "OT-7"]),
    ("multi-case", &["OT-1", "OT-7", "OT-14"]),
];

/// The clauses no census tag measures, each with the reason: the "Clauses no tag measures" list
/// of `docs/rules/othello.md`.
pub const UNMEASURED: &[(&str, &str)] = &[
    (
        "OT-4",
        "reading only (covered by corpus entries `bad-occupied`, `bad-syntax-beats-occupied`)",
    ),
    (
        "OT-6",
        "reading only: the counts cannot show it, only the trace (OT-15) can; \
         `corpus/othello_board/row-first` is where the same reading reaches the output",
    ),
    (
        "OT-12",
        "every flipping placement exercises it; no tag separates a chained reading from the \
         literal one",
    ),
    (
        "OT-15",
        "trace only: compared between engine and reference, never part of the census",
    ),
];

/// The census tags of an input as a bit set over [`TAGS`] (0 if it is rejected).
pub fn census(input: &[u8], strict: bool) -> u64 {
    engine::census(input, strict).unwrap_or(0)
}
