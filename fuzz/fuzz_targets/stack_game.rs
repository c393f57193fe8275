//! Stacking pieces, structure-aware: every input is a valid board; engine vs reference (answers; traces, census and self-checks on a share).
#![no_main]
use boardfuzz::games::stack_game::StackGame;

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| boardfuzz::fuzzing::diff_fuzz_bytes::<StackGame>(bytes));
