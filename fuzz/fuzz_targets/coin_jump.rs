//! Coin jump, structure-aware: every input is a valid board up to 50×50; engine vs reference.
#![no_main]
use boardfuzz::games::coin_jump::{Case, CoinJump};

libfuzzer_sys::fuzz_target!(|case: Case| boardfuzz::fuzzing::diff_case::<CoinJump>(&case));
