//! Othello (SWEA 4615), raw bytes into both readers: same answer or same error class and line, no panic.
#![no_main]
use boardfuzz::games::othello::Othello;

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| boardfuzz::fuzzing::parse_agree::<Othello>(bytes));
