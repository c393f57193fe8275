//! The kept fuzz seeds of othello_board (`fuzz/corpus/othello_board/`, `fuzz/corpus/othello_board_parse/`) replayed through
//! the same decoding and checks as the fuzz targets (tests/common/fuzz_seeds.rs).

mod common;

fuzz_seeds!("othello_board");
