//! The suite every game gets (`boardfuzz::testing`), run on stack_game: corpus replay, census
//! coverage, traces and census of both sides, self-checks, generator reach and read-back,
//! shrinking, the kept fuzz seeds, and engine == reference properties on decoded and on
//! mutated inputs.
//! Also: the rules page `docs/rules/stack_game.md` against the clauses the code declares and the
//! corpus cites (`tests/common/rules.rs`).

mod common;

// Ending on turn 1 or at the limit exactly (one case in 32 is searched near the limit): held by
// the corpus.
boardfuzz::game_suite!(
    boardfuzz::games::stack_game::StackGame,
    cases = 1000,
    generator_may_miss = &["end-1", "end-1000"],
);

#[test]
fn the_rules_page_matches_the_code_and_the_corpus() {
    common::rules::holds("stack_game");
}
