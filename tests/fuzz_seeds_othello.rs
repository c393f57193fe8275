//! The kept fuzz seeds of othello (`fuzz/corpus/othello/`, `fuzz/corpus/othello_parse/`) replayed through
//! the same decoding and checks as the fuzz targets (tests/common/fuzz_seeds.rs).

mod common;

fuzz_seeds!("othello");
