//! The planted bug (`YOUR_GAME_PLANT=anti-diagonal`: the engine misses wins along one diagonal)
//! is found by `check`, shrunk to a small game, saved in the corpus folder it is given, and
//! replayed from there: the whole loop a user runs, through this crate's own binary.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run(args: &[&str], planted: bool) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_your-game"));
    command.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
    if planted {
        command.env("YOUR_GAME_PLANT", "anti-diagonal");
    } else {
        command.env_remove("YOUR_GAME_PLANT");
    }
    command.output().expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("your-game-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn saved_inputs(corpus: &Path) -> Vec<PathBuf> {
    let dir = corpus.join("connect_four");
    let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|entries| entries.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    found.retain(|p| p.extension().is_some_and(|e| e == "in"));
    found
}

#[test]
fn check_finds_shrinks_saves_and_replays_the_planted_bug() {
    let corpus = scratch("planted");
    let corpus_arg = corpus.to_str().unwrap();
    let out = run(
        &[
            "check",
            "connect_four",
            "--time",
            "60s",
            "--seed",
            "1",
            "--corpus",
            corpus_arg,
            "--color",
            "never",
        ],
        true,
    );
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}{}", text(&out.stderr));
    assert!(
        report.contains("FINDING in connect_four: wrong answer"),
        "{report}"
    );
    // The traces (the board after each move) are compared too: the planted engine places the
    // same pieces, it only misses the win, so the report says the answer alone differs — in
    // moves, the game's unit.
    assert!(
        report.contains("the per-move traces agree on all") && report.contains(" move(s); "),
        "{report}"
    );
    assert!(!report.contains("turn"), "{report}");
    // The board is drawn (`Game::draw`): the traces agree, so the report shows the last board,
    // one picture for both sides, its cells and its caption.
    let heading = report
        .lines()
        .position(|l| l.starts_with("move ") && l.ends_with(", the last (both sides):"))
        .unwrap_or_else(|| panic!("no board drawn:\n{report}"));
    let board: Vec<&str> = report
        .lines()
        .skip(heading + 1)
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert!(
        board.iter().any(|l| l.contains(" X ")) && board.iter().any(|l| l.contains(" O ")),
        "{report}"
    );
    assert!(
        board
            .last()
            .is_some_and(|l| l.contains(" dropped in column ")),
        "{report}"
    );

    let saved = saved_inputs(&corpus);
    assert_eq!(saved.len(), 1, "{report}");
    let input = std::fs::read_to_string(&saved[0]).unwrap();
    // Shrunk: a win along the missed diagonal needs at least ten moves (four of one player on
    // a falling diagonal, supported from below); the shrinker gets it near that.
    let moves: Vec<&str> = input
        .lines()
        .nth(2)
        .unwrap_or("")
        .split_whitespace()
        .collect();
    assert!(
        (7..=16).contains(&moves.len()),
        "not shrunk to a small game:\n{input}"
    );
    let expected = std::fs::read_to_string(saved[0].with_extension("out")).unwrap();
    assert!(
        expected.starts_with('X') || expected.starts_with('O'),
        "the saved answer is the reference's win: {expected}"
    );

    // Replayed from the corpus: it fails while the bug is planted, and passes without it.
    let planted = run(&["replay", "connect_four", "--corpus", corpus_arg], true);
    assert_eq!(planted.status.code(), Some(1), "{}", text(&planted.stdout));
    let fixed = run(&["replay", "connect_four", "--corpus", corpus_arg], false);
    assert_eq!(fixed.status.code(), Some(0), "{}", text(&fixed.stdout));

    // And `repro` of the saved file shows the same finding.
    let path = saved[0].to_str().unwrap();
    let repro = run(&["repro", "connect_four", path, "--color", "never"], true);
    assert_eq!(repro.status.code(), Some(1), "{}", text(&repro.stdout));
    assert!(text(&repro.stdout).contains("wrong answer"));
    std::fs::remove_dir_all(&corpus).unwrap();
}

#[test]
fn without_the_plant_check_finds_nothing() {
    let out = run(
        &[
            "check",
            "connect_four",
            "--cases",
            "3000",
            "--seed",
            "1",
            "--no-save",
        ],
        false,
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
}
