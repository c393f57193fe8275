//! Coin jump, structure-aware: every input is a valid board up to 50×50; engine vs reference (answers; traces, census and self-checks on a share).
#![no_main]
use boardfuzz::games::coin_jump::CoinJump;

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| boardfuzz::fuzzing::diff_fuzz_bytes::<CoinJump>(bytes));
