//! Othello board (BOJ 15671), structure-aware: every input is a valid game; engine vs reference.
#![no_main]
use boardfuzz::games::othello_board::{Case, OthelloBoard};

libfuzzer_sys::fuzz_target!(|case: Case| boardfuzz::fuzzing::diff_case::<OthelloBoard>(&case));
