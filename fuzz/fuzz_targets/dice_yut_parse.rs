//! Dice yut (BOJ 17825), raw bytes into both readers: same answer or same error class and line, no panic.
#![no_main]
use boardfuzz::games::dice_yut::DiceYut;

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| boardfuzz::fuzzing::parse_agree::<DiceYut>(bytes));
