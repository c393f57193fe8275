//! The kept fuzz seeds of stack_game (`fuzz/corpus/stack_game/`, `fuzz/corpus/stack_game_parse/`) replayed through
//! the same decoding and checks as the fuzz targets (tests/common/fuzz_seeds.rs).

mod common;

fuzz_seeds!("stack_game");
