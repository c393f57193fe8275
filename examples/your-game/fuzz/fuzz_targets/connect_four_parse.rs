//! Connect Four, raw bytes into both readers: same answer or same error class and line.
#![no_main]
libfuzzer_sys::fuzz_target!(|bytes: &[u8]| boardfuzz::fuzzing::parse_agree::<your_game::ConnectFour>(bytes));
