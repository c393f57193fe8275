//! Yut Nori, structure-aware: every input is a valid game; engine vs reference (answers; traces, census and self-checks on a share).
#![no_main]
use boardfuzz::games::yut_nori::YutNori;

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| boardfuzz::fuzzing::diff_fuzz_bytes::<YutNori>(bytes));
