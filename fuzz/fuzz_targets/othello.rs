//! Othello (SWEA 4615), structure-aware: every input is a valid game; engine vs reference (answers; traces, census and self-checks on a share).
#![no_main]
use boardfuzz::games::othello::Othello;

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| boardfuzz::fuzzing::diff_fuzz_bytes::<Othello>(bytes));
