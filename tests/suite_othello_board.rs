//! The checks every game gets (tests/common/suite.rs), run on othello_board: corpus replay, census
//! coverage, spec examples, engine census == reference census, and engine == reference
//! properties on decoded and on mutated inputs.

mod common;

game_suite!("othello_board", 2000, no_spec_examples);
