//! The suite every game gets (`boardfuzz::testing`), run on othello: corpus replay, census
//! coverage, traces and census of both sides, self-checks, generator reach and read-back,
//! shrinking, the kept fuzz seeds, and engine == reference properties on decoded and on
//! mutated inputs.
//! The worked examples of the rules are checked here too.

mod common;

boardfuzz::game_suite!(boardfuzz::games::othello::Othello, cases = 2000,);

#[test]
fn spec_examples_are_answered_by_both_sides() {
    common::suite::spec_examples("othello");
}
