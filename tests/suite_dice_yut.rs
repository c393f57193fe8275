//! The suite every game gets (`boardfuzz::testing`), run on dice_yut: corpus replay, census
//! coverage, traces and census of both sides, self-checks, generator reach and read-back,
//! shrinking, the kept fuzz seeds, and engine == reference properties on decoded and on
//! mutated inputs.
//! Fewer cases than the other games: the literal reference searches all 4^10 lines of every
//! input.
//! Also: the rules page `docs/rules/dice_yut.md` against the clauses the code declares and the
//! corpus cites (`tests/common/rules.rs`).

mod common;

// Exact finishes need the last die to land a piece on the finish; early ends need all four
// pieces home before the tenth die; a block at 25 needs two branches to meet there: held by the
// corpus.
boardfuzz::game_suite!(
    boardfuzz::games::dice_yut::DiceYut,
    cases = 100,
    generator_may_miss = &["finish-exact", "ends-early", "blocked-at-25"],
);

#[test]
fn the_rules_page_matches_the_code_and_the_corpus() {
    common::rules::holds("dice_yut");
}
