//! The checks every game gets (tests/common/suite.rs), run on yut_nori: corpus replay, census
//! coverage, spec examples, engine census == reference census, and engine == reference
//! properties on decoded and on mutated inputs.

mod common;

game_suite!("yut_nori", 2000);
