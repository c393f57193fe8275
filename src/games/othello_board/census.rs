//! The othello_board census: the tags of `docs/judge-text.md` ("Census tags of the newer
//! games"), observed on the engine's own placement loop ([`engine::census`]); the literal
//! reference computes the same tags on its own, and `tests/suite_othello_board.rs` holds the two
//! equal.
//! [`TAG_CLAUSES`] ties each tag to the clauses of `docs/rules/othello_board.md` it exercises, and
//! [`UNMEASURED`] records why the other clauses have no tag.

use super::engine;

pub use engine::TAGS;

/// The rule clauses each census tag exercises, one entry per tag of [`TAGS`] in the same order:
/// the "Census tags" table of `docs/rules/othello_board.md`, which `tests/suite_othello_board.rs` holds
/// equal to this.
pub const TAG_CLAUSES: &[(&str, &[&str])] = &[
    ("flip-1-dir", &["OB-9"]),
    ("flip-2-dirs", &["OB-9"]),
    ("flip-3plus-dirs", &["OB-9"]),
    ("run-to-edge", &["OB-10"]),
    ("gap", &["OB-10"]),
    ("corner", &["OB-2", "OB-10"]),
    ("no-flip", &["OB-4"]),
    ("full-board", &["OB-1", "OB-12"]),
    ("wipe-out", &["OB-9", "OB-11"]),
    ("black-wins", &["OB-11", "OB-12"]),
    ("white-wins", &["OB-11", "OB-12"]),
];

/// The clauses no census tag measures, each with the reason: the "Clauses no tag measures" list
/// of `docs/rules/othello_board.md`.
pub const UNMEASURED: &[(&str, &str)] = &[
    (
        "OB-3",
        "reading only (covered by corpus entry `bad-occupied`)",
    ),
    (
        "OB-5",
        "reading only (covered by corpus entry `bad-tie`); an input that hits it is rejected, \
         and rejected inputs hit no tag",
    ),
    ("OB-6", "every input exercises it"),
    (
        "OB-7",
        "reading only (covered by corpus entry `row-first`): every input uses it, but no tag \
         can tell a transposed reading apart",
    ),
    ("OB-8", "every input exercises it"),
    (
        "OB-13",
        "trace only: compared between engine and reference, never part of the census",
    ),
];

/// The census tags of an input as a bit set over [`TAGS`] (0 if it is rejected).
pub fn census(input: &[u8], strict: bool) -> u64 {
    engine::census(input, strict).unwrap_or(0)
}
