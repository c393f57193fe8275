//! Othello (SWEA 4615), structure-aware: every input is a valid game; engine vs reference.
#![no_main]
use boardfuzz::games::othello::{Case, Othello};

libfuzzer_sys::fuzz_target!(|case: Case| boardfuzz::fuzzing::diff_case::<Othello>(&case));
