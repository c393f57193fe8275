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

#[test]
fn a_corpus_missing_a_tag_fails_naming_the_command_that_fills_it() {
    // An empty corpus hits no tag: the failure says which and how to fill them.
    let root = std::env::temp_dir().join(format!("boardfuzz-unhit-tags-{}", std::process::id()));
    std::fs::create_dir_all(root.join("corpus/yut_nori")).unwrap();
    let suite = boardfuzz::testing::Suite::new::<boardfuzz::games::yut_nori::YutNori>(&root);
    let failure = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        suite.corpus_hits_every_tag()
    }))
    .expect_err("an empty corpus hits no tag");
    let message = failure
        .downcast_ref::<String>()
        .cloned()
        .unwrap_or_default();
    assert!(
        message.contains("yut_nori: tags no corpus entry hits: "),
        "{message}"
    );
    assert!(
        message.contains("`cargo run --release -- census yut_nori --fill`")
            && message.contains("census-<tag>.in"),
        "{message}"
    );
    let _ = std::fs::remove_dir_all(&root);
}
