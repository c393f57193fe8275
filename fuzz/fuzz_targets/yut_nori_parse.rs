//! Yut Nori, raw bytes into both readers: same answer or same error class and line, no panic.
#![no_main]
use boardfuzz::games::yut_nori::YutNori;

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| boardfuzz::fuzzing::parse_agree::<YutNori>(bytes));
