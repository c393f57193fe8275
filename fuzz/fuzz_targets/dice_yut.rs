//! Dice yut (BOJ 17825), structure-aware: every input is a valid game; engine vs reference.
#![no_main]
use boardfuzz::games::dice_yut::{Case, DiceYut};

libfuzzer_sys::fuzz_target!(|case: Case| boardfuzz::fuzzing::diff_case::<DiceYut>(&case));
