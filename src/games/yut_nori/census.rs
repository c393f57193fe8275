//! The yut_nori census: the edge cases a game hits, observed on the engine's own game loop.

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
