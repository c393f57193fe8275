//! The checks every game gets (tests/common/suite.rs), run on othello: corpus replay, census
//! coverage, spec examples, engine census == reference census, and engine == reference
//! properties on decoded and on mutated inputs.

mod common;

game_suite!("othello", 2000);
