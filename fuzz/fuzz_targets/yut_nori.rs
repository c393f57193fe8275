//! Yut Nori, structure-aware: every input is a valid game; engine vs reference.
#![no_main]
use boardfuzz::games::yut_nori::{Case, YutNori};

libfuzzer_sys::fuzz_target!(|case: Case| boardfuzz::fuzzing::diff_case::<YutNori>(&case));
