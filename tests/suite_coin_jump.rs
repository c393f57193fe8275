//! The suite every game gets (`boardfuzz::testing`), run on coin_jump: corpus replay, census
//! coverage, traces and census of both sides, self-checks, generator reach and read-back,
//! shrinking, the kept fuzz seeds, and engine == reference properties on decoded and on
//! mutated inputs.
//! Also: the rules page `docs/rules/coin_jump.md` against the clauses the code declares and the
//! corpus cites (`tests/common/rules.rs`).

mod common;

// A 50-cell side is one large case in 512, and then a skewed draw: held by the corpus.
boardfuzz::game_suite!(
    boardfuzz::games::coin_jump::CoinJump,
    cases = 1000,
    generator_may_miss = &["board-50"],
);

#[test]
fn the_rules_page_matches_the_code_and_the_corpus() {
    common::rules::holds("coin_jump");
}
