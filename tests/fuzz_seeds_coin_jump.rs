//! The kept fuzz seeds of coin_jump (`fuzz/corpus/coin_jump/`, `fuzz/corpus/coin_jump_parse/`) replayed through
//! the same decoding and checks as the fuzz targets (tests/common/fuzz_seeds.rs).

mod common;

fuzz_seeds!("coin_jump");
