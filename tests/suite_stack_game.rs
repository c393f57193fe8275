//! The suite every game gets (`boardfuzz::testing`), run on stack_game: corpus replay, census
//! coverage, traces and census of both sides, self-checks, generator reach and read-back,
//! shrinking, the kept fuzz seeds, and engine == reference properties on decoded and on
//! mutated inputs.
//! The worked examples of the rules are checked here too.

mod common;

// Ending on turn 1 or at the limit exactly (one case in 32 is searched near the limit): held by
// the corpus.
boardfuzz::game_suite!(
    boardfuzz::games::stack_game::StackGame,
    cases = 1000,
    generator_may_miss = &["end-1", "end-1000"],
);

#[test]
fn spec_examples_are_answered_by_both_sides() {
    common::suite::spec_examples("stack_game");
}
