//! The kept fuzz seeds of dice_yut (`fuzz/corpus/dice_yut/`, `fuzz/corpus/dice_yut_parse/`) replayed through
//! the same decoding and checks as the fuzz targets (tests/common/fuzz_seeds.rs).

mod common;

fuzz_seeds!("dice_yut");
