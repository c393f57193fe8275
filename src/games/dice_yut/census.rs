//! The dice_yut census: the tags of `docs/judge-text.md` ("Census tags of the newer games"),
//! computed by the engine on the optimal moves of its memoized search ([`engine::census`]); the
//! literal reference computes the same tags by enumerating every line of play, and
//! `tests/suite_dice_yut.rs` holds the two equal.
//! [`TAG_CLAUSES`] ties each tag to the clauses of `docs/rules/dice_yut.md` it exercises, and
//! [`UNMEASURED`] records why the other clauses have no tag.

use super::engine;

pub use engine::TAGS;

/// The rule clauses each census tag exercises, one entry per tag of [`TAGS`] in the same order:
/// the "Census tags" table of `docs/rules/dice_yut.md`, which `tests/suite_dice_yut.rs` holds
/// equal to this.
pub const TAG_CLAUSES: &[(&str, &[&str])] = &[
    ("blocked", &["DY-10"]),
    ("blocked-at-40", &["DY-10", "DY-4"]),
    ("blocked-at-25", &["DY-10", "DY-4"]),
    ("finish-exact", &["DY-9"]),
    ("finish-overshoot", &["DY-9"]),
    ("start-blue-10", &["DY-8", "DY-5"]),
    ("start-blue-20", &["DY-8", "DY-5"]),
    ("start-blue-30", &["DY-8", "DY-5"]),
    ("pass-blue", &["DY-8"]),
    ("land-25-from-10", &["DY-4", "DY-5"]),
    ("land-25-from-20", &["DY-4", "DY-5"]),
    ("land-25-from-30", &["DY-4", "DY-5"]),
    ("land-30-35-from-10", &["DY-4"]),
    ("land-30-35-from-20", &["DY-4"]),
    ("land-30-35-from-30", &["DY-4"]),
    ("piece-left-on-s", &["DY-6"]),
    ("ends-early", &["DY-13"]),
    ("passing-pays", &["DY-12"]),
];

/// The clauses no census tag measures, each with the reason: the "Clauses no tag measures" list
/// of `docs/rules/dice_yut.md`.
pub const UNMEASURED: &[(&str, &str)] = &[
    (
        "DY-1",
        "every input exercises it (`bad-zero`, `bad-six`, `bad-not-a-number` cover its \
         rejections)",
    ),
    (
        "DY-2",
        "every input exercises it (`bad-nine-dice`, `bad-eleven-dice`, `bad-empty`, \
         `bad-blank-first-line`, `bad-trailing`, `bad-no-strict-1001-dice` cover its \
         rejections)",
    ),
    (
        "DY-3",
        "every input exercises it (`derived-cell-identity` and `derived-one-40` are the entries \
         a by-number reading fails)",
    ),
    ("DY-7", "every input exercises it"),
    ("DY-11", "every input exercises it"),
    ("DY-14", "every input exercises it"),
    ("DY-15", "every input exercises it"),
    (
        "DY-16",
        "trace only: compared between engine and reference, never part of the census",
    ),
];

/// The census tags of an input as a bit set over [`TAGS`] (0 if it is rejected).
pub fn census(input: &[u8], strict: bool) -> u64 {
    engine::census(input, strict).unwrap_or(0)
}
