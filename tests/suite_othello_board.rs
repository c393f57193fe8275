//! The suite every game gets (`boardfuzz::testing`), run on othello_board: corpus replay, census
//! coverage, traces and census of both sides, self-checks, generator reach and read-back,
//! shrinking, the kept fuzz seeds, and engine == reference properties on decoded and on
//! mutated inputs.
//! Also: the rules page `docs/rules/othello_board.md` against the clauses the code declares and the
//! corpus cites (`tests/common/rules.rs`).

mod common;

// A full board or a side wiped out needs most of the 32 placements: held by the corpus.
boardfuzz::game_suite!(
    boardfuzz::games::othello_board::OthelloBoard,
    cases = 2000,
    generator_may_miss = &["full-board", "wipe-out"],
);

#[test]
fn the_rules_page_matches_the_code_and_the_corpus() {
    common::rules::holds("othello_board");
}
