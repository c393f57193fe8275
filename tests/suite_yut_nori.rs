//! The suite every game gets (`boardfuzz::testing`), run on yut_nori: corpus replay, census
//! coverage, traces and census of both sides, self-checks, generator reach and read-back,
//! shrinking, the kept fuzz seeds, and engine == reference properties on decoded and on
//! mutated inputs.
//! Also: the rules page `docs/rules/yut_nori.md` against the clauses the code declares and the
//! corpus cites (`tests/common/rules.rs`).

mod common;

boardfuzz::game_suite!(boardfuzz::games::yut_nori::YutNori, cases = 2000,);

#[test]
fn the_rules_page_matches_the_code_and_the_corpus() {
    common::rules::holds("yut_nori");
}
