//! The checks every game gets (tests/common/suite.rs), run on dice_yut: corpus replay, census
//! coverage, spec examples (samples and the additional and derived tables), engine census ==
//! reference census, and engine == reference properties on decoded and on mutated inputs. Fewer
//! cases than the other games: the literal reference searches all 4^10 lines of every input.

mod common;

game_suite!("dice_yut", 100);
