//! The yut_nori census: the edge cases a game hits, observed on the engine's own game loop.
//! [`TAG_CLAUSES`] ties each tag to the clauses of `docs/rules/yut_nori.md` it exercises, and
//! [`UNMEASURED`] records why the other clauses have no tag.

use crate::game::tag_bit;

use super::engine::{self, AP_BAT, BANG, DWIT_BAT, NAL_BAT, OUT};

/// The census tags, in the order of `docs/judge-text.md` (yut_nori); bit i is `TAGS[i]`.
pub const TAGS: &[&str] = &[
    "start-ap-bat",
    "start-dwit-bat",
    "start-bang",
    "pass-ap-bat",
    "pass-dwit-bat",
    "pass-bang",
    "land-nal-bat",
    "exit-from-nal-bat",
    "exit-overshoot",
    "capture-single",
    "capture-stack",
    "capture-on-nal-bat",
    "stack-2",
    "stack-3",
    "stack-4",
    "move-stack-by-upper",
    "stack-exits",
    "reenter-after-capture",
    "all-back-throw",
    "home-onto-own",
];

/// The rule clauses each census tag exercises, one entry per tag of [`TAGS`] in the same order:
/// the "Census tags" table of `docs/rules/yut_nori.md`, which `tests/suite_yut_nori.rs` holds
/// equal to this.
pub const TAG_CLAUSES: &[(&str, &[&str])] = &[
    ("start-ap-bat", &["YN-11"]),
    ("start-dwit-bat", &["YN-11"]),
    ("start-bang", &["YN-11"]),
    ("pass-ap-bat", &["YN-13"]),
    ("pass-dwit-bat", &["YN-13"]),
    ("pass-bang", &["YN-13"]),
    ("land-nal-bat", &["YN-14", "YN-7"]),
    ("exit-from-nal-bat", &["YN-15"]),
    ("exit-overshoot", &["YN-14"]),
    ("capture-single", &["YN-16"]),
    ("capture-stack", &["YN-16"]),
    ("capture-on-nal-bat", &["YN-16", "YN-7"]),
    ("stack-2", &["YN-17"]),
    ("stack-3", &["YN-17"]),
    ("stack-4", &["YN-17"]),
    ("move-stack-by-upper", &["YN-9"]),
    ("stack-exits", &["YN-9", "YN-14", "YN-15"]),
    ("reenter-after-capture", &["YN-16", "YN-10"]),
    ("all-back-throw", &["YN-8"]),
    ("home-onto-own", &["YN-10", "YN-17"]),
];

/// The clauses no census tag measures, each with the reason: the "Clauses no tag measures" list
/// of `docs/rules/yut_nori.md`.
pub const UNMEASURED: &[(&str, &str)] = &[
    ("YN-1", "every input exercises it"),
    (
        "YN-2",
        "every input exercises it (`crlf-and-blank-tail`, `bad-throws`, `bad-truncated` cover \
         its readings)",
    ),
    (
        "YN-3",
        "reading only (covered by corpus entries `bad-exited-piece`, and `sample-2` for \
         non-alternating turns)",
    ),
    ("YN-4", "every input exercises it"),
    ("YN-5", "every input exercises it"),
    (
        "YN-6",
        "every input exercises it (every move walks one of the routes)",
    ),
    (
        "YN-12",
        "exercised by any move that starts on the board away from the three shortcut positions; \
         no tag singles it out (`derived-check-1` and `derived-check-2` continue from `saryeo` \
         and `dwit_mo_gae`)",
    ),
    ("YN-18", "every input exercises it"),
    ("YN-19", "every input exercises it"),
    (
        "YN-20",
        "every input that leaves a piece on the board exercises it; the census does not look at \
         the drawing",
    ),
    (
        "YN-21",
        "trace only: compared between engine and reference, never part of the census",
    ),
];

/// The census tags of an input (0 if it is rejected), observed on the engine's own game loop.
pub fn census(input: &[u8]) -> u64 {
    let mut hits = 0u64;
    let played = engine::play_all(input, |_, ev| {
        let mut hit = |name: &str| hits |= tag_bit(TAGS, name);
        match ev.start {
            AP_BAT => hit("start-ap-bat"),
            DWIT_BAT => hit("start-dwit-bat"),
            BANG => hit("start-bang"),
            _ => {}
        }
        if ev.passed & 1 != 0 {
            hit("pass-ap-bat");
        }
        if ev.passed & 2 != 0 {
            hit("pass-dwit-bat");
        }
        if ev.passed & 4 != 0 {
            hit("pass-bang");
        }
        if ev.dest == NAL_BAT {
            hit("land-nal-bat");
        }
        if ev.dest == OUT {
            hit(if ev.start == NAL_BAT {
                "exit-from-nal-bat"
            } else {
                "exit-overshoot"
            });
            if ev.group.count_ones() >= 2 {
                hit("stack-exits");
            }
        }
        match ev.captured.count_ones() {
            0 => {}
            1 => hit("capture-single"),
            _ => hit("capture-stack"),
        }
        if ev.captured != 0 && ev.dest == NAL_BAT {
            hit("capture-on-nal-bat");
        }
        if ev.joined != 0 {
            match (ev.joined | ev.group).count_ones() {
                2 => hit("stack-2"),
                3 => hit("stack-3"),
                _ => hit("stack-4"),
            }
            if ev.start == engine::HOME {
                hit("home-onto-own");
            }
        }
        if ev.group.count_ones() >= 2 && ev.by_upper {
            hit("move-stack-by-upper");
        }
        if ev.reentered {
            hit("reenter-after-capture");
        }
        if ev.steps == 5 {
            hit("all-back-throw");
        }
    });
    if played.is_ok() {
        hits
    } else {
        0
    }
}
