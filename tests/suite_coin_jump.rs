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

/// This very test binary, run again on the one test named `test` with `args` (what `cargo test`
/// runs, libtest's capture of passing tests' output included unless `args` turn it off).
fn this_suite(test: &str, args: &[&str]) -> (String, String) {
    let out = std::process::Command::new(std::env::current_exe().expect("the test binary"))
        .args(["--exact", test, "--test-threads", "1"])
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the test binary runs");
    let (stdout, stderr) = (common::text(&out.stdout), common::text(&out.stderr));
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("1 passed"), "{stdout}{stderr}");
    (stdout, stderr)
}

#[test]
fn the_properties_keep_failures_beside_the_test_file_without_a_warning() {
    // With `--nocapture` everything proptest prints shows: its default persistence looks for a
    // `lib.rs` or `main.rs` above `tests/suite_coin_jump.rs`, finds none, and says so.
    for property in [
        "engine_matches_reference_on_valid_cases",
        "engine_and_reference_agree_on_mutated_text",
    ] {
        let (stdout, stderr) = this_suite(property, &["--nocapture"]);
        assert!(
            !stdout.contains("proptest:") && !stderr.contains("proptest:"),
            "{property}:\n{stdout}{stderr}"
        );
    }
}

#[test]
fn a_skipped_check_says_so_where_a_plain_cargo_test_shows_it() {
    // coin_jump's reference computes no census tags, so the census cross-check has nothing to
    // compare with. Run as `cargo test` runs it (output of a passing test captured), the test
    // passes, and the notice must still reach the terminal.
    let (stdout, stderr) = this_suite("engine_census_equals_reference_census", &[]);
    let notice = "coin_jump: suite check `engine_census_equals_reference_census` skipped, it \
                  checked nothing: the reference computes no census tags of its own; write \
                  Game::reference_census to have it\n";
    assert!(stderr.contains(notice), "{stdout}{stderr}");
}
