//! Connect Four, structure-aware: every input is a valid game; engine vs reference.
#![no_main]
libfuzzer_sys::fuzz_target!(|bytes: &[u8]| boardfuzz::fuzzing::diff_fuzz_bytes::<your_game::ConnectFour>(bytes));
