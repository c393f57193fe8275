//! Stacking pieces, structure-aware: every input is a valid board; engine vs reference.
#![no_main]
use boardfuzz::games::stack_game::{Case, StackGame};

libfuzzer_sys::fuzz_target!(|case: Case| boardfuzz::fuzzing::diff_case::<StackGame>(&case));
