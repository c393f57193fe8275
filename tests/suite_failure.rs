//! What a failing test of the suite (`boardfuzz::game_suite!`) prints: a finding as `check`
//! prints one — shrunk by the harness, the first divergence, the case saved in the corpus and
//! the command that replays it — in at most 60 lines, libtest's own lines included; no raw byte
//! vector, no trace line without its label. (Issue 49: a user's planted bug printed 1,393 lines,
//! every failing case whole, proptest's byte vectors, `: second 1: …` lines.)
//!
//! Each planted test below runs only when this binary is started again by
//! [`a_failing_suite_test_prints_a_shrunk_finding_in_a_screen`] with `PLANTED_ROOT` set (a
//! crate root of its own, in a temporary folder): the whole output of `cargo test` for that one
//! failing test is what is measured.

use std::path::{Path, PathBuf};
use std::process::Command;

use boardfuzz::game::{Game, Options, Outcome, Rejection, Trace};
use boardfuzz::testing::Suite;

/// Take-away (a pile of N stones, M moves of 1 to 3; `A t` or `B t` names who took the last
/// stone and when), with a bug planted in the engine by `BUG`: 1 names the wrong player when
/// the game ends at the third move or later; 2 gives the right answer but a trace one stone off
/// from the third move on; 3 names the wrong player as 1 does, and its trace is one stone off
/// at that winning move only.
struct TakeAway<const BUG: u8>;

#[derive(Clone, Debug, arbitrary::Arbitrary)]
struct Case {
    pile: u8,
    moves: Vec<u8>,
}

/// The moves of a judge text, or its rejection.
fn read(input: &[u8]) -> Result<(u32, Vec<u32>), Rejection> {
    let text = std::str::from_utf8(input).map_err(|_| Rejection::new("not-utf8", 1, ""))?;
    let mut lines = text.lines();
    let numbers = |line: Option<&str>, at: usize| -> Result<Vec<u32>, Rejection> {
        let line = line.ok_or_else(|| Rejection::new("truncated", at, ""))?;
        line.split_whitespace()
            .map(|t| t.parse().map_err(|_| Rejection::new("malformed", at, "")))
            .collect()
    };
    let [pile @ 1..=100, count @ 0..=100] = numbers(lines.next(), 1)?[..] else {
        return Err(Rejection::new("malformed", 1, "N M"));
    };
    let mut moves = Vec::new();
    for at in 2..count as usize + 2 {
        let [take @ 1..=3] = numbers(lines.next(), at)?[..] else {
            return Err(Rejection::new("malformed", at, "a move"));
        };
        if take > pile - moves.iter().sum::<u32>() {
            return Err(Rejection::new("invalid", at, "too many"));
        }
        moves.push(take);
    }
    if lines.next().is_some() {
        return Err(Rejection::new("trailing", count as usize + 2, ""));
    }
    Ok((pile, moves))
}

/// The answer, with the planted bug when `bug` is 1 or 3.
fn answer(input: &[u8], bug: u8) -> Result<String, Rejection> {
    let (pile, moves) = read(input)?;
    let mut left = pile;
    for (i, take) in moves.iter().enumerate() {
        left -= take;
        if left == 0 {
            let first = (i % 2 == 0) != (bug & 1 == 1 && i >= 2);
            return Ok(format!("{} {}\n", if first { "A" } else { "B" }, i + 1));
        }
    }
    Ok("none\n".into())
}

/// The stones left after each move, one off from the third move on when `bug` is 2, at a win
/// from the third move on when it is 3.
fn trace(input: &[u8], bug: u8) -> Option<Trace> {
    let (pile, moves) = match read(input) {
        Ok(read) => read,
        Err(rejection) => return Some(Err(Outcome::rejected(rejection))),
    };
    let mut left = pile;
    let lines = moves.iter().enumerate().map(|(i, take)| {
        left -= take;
        // Bug 3: only the line of a win the answer gets wrong, so every case whose traces
        // differ has wrong answers too.
        let off = match bug {
            2 => i >= 2,
            3 => i >= 2 && left == 0,
            _ => false,
        };
        format!("left {}", left + u32::from(off))
    });
    Some(Ok(lines.collect()))
}

impl<const BUG: u8> Game for TakeAway<BUG> {
    type Case = Case;
    const SLUG: &'static str = "take_away";
    const UNIT: &'static str = "move";

    fn render(case: &Case) -> String {
        // A small pile, the moves while they fit, and a last move that takes what is left when
        // it can: most games are won, and a third of them at the third move or later.
        let pile = u32::from(case.pile % 10) + 1;
        let (mut left, mut moves) = (pile, Vec::new());
        for &m in &case.moves {
            let take = u32::from(m % 3) + 1;
            if take > left {
                break;
            }
            left -= take;
            moves.push(format!("{take}\n"));
        }
        if (1..=3).contains(&left) {
            moves.push(format!("{left}\n"));
        }
        format!("{pile} {}\n{}", moves.len(), moves.concat())
    }

    fn engine(input: &[u8], _: &Options) -> Outcome {
        Outcome::from_result(answer(input, BUG))
    }

    fn reference(input: &[u8], _: &Options) -> Outcome {
        Outcome::from_result(answer(input, 0))
    }

    fn engine_trace(input: &[u8], _: &Options) -> Option<Trace> {
        trace(input, BUG)
    }

    fn reference_trace(input: &[u8], _: &Options) -> Option<Trace> {
        trace(input, 0)
    }
}

/// The suite of `G` in the crate root `PLANTED_ROOT`, and the test file proptest keeps its
/// seeds beside; `None` in a plain run of this binary.
fn planted<G: Game>() -> Option<(Suite, &'static str)> {
    let root = PathBuf::from(std::env::var_os("PLANTED_ROOT")?);
    let source = root.join("tests/suite.rs").display().to_string();
    Some((
        Suite::new::<G>(&root).cases(200),
        Box::leak(source.into_boxed_str()),
    ))
}

#[test]
fn planted_wrong_winner_on_valid_cases() {
    if let Some((suite, source)) = planted::<TakeAway<1>>() {
        suite.valid_cases_agree(source);
    }
}

#[test]
fn planted_wrong_winner_on_mutated_text() {
    if let Some((suite, source)) = planted::<TakeAway<1>>() {
        suite.mutated_text_agrees(source);
    }
}

#[test]
fn planted_wrong_trace() {
    if let Some((suite, _)) = planted::<TakeAway<2>>() {
        suite.traces_agree();
    }
}

/// The traces differ where the answers do too: the case is shrunk all the same.
#[test]
fn planted_wrong_winner_and_trace() {
    if let Some((suite, _)) = planted::<TakeAway<3>>() {
        suite.traces_agree();
    }
}

/// A crate root for one planted test: a corpus of two entries, an empty test file.
fn crate_root(test: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("boardfuzz-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("corpus/take_away")).unwrap();
    std::fs::create_dir_all(root.join("tests")).unwrap();
    std::fs::write(root.join("tests/suite.rs"), "").unwrap();
    std::fs::write(root.join("corpus/take_away/empty.in"), "5 0\n").unwrap();
    std::fs::write(root.join("corpus/take_away/empty.out"), "none\n").unwrap();
    // A longer game, won at the sixth move: the first case the trace checks fail on.
    let won = "10 6\n1\n2\n3\n1\n2\n1\n";
    std::fs::write(root.join("corpus/take_away/won.in"), won).unwrap();
    std::fs::write(root.join("corpus/take_away/won.out"), "B 6\n").unwrap();
    root
}

/// The `.in` files of the corpus at `root`.
fn saved(root: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(root.join("corpus/take_away"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .filter(|p| !p.ends_with("empty.in") && !p.ends_with("won.in"))
        .collect();
    found.sort();
    found
}

/// The input a finding shows, one string a line.
fn shown_input(output: &str) -> Vec<&str> {
    output
        .lines()
        .skip_while(|l| *l != "--- input ---")
        .skip(1)
        .take_while(|l| !l.starts_with("--- "))
        .collect()
}

#[test]
fn a_failing_suite_test_prints_a_shrunk_finding_in_a_screen() {
    // Each planted test, and the most lines its smallest failing case can have: the wrong
    // winner shows from the third move on (`3 3` and three moves of 1), the trace too; a
    // mutated text may keep a line more.
    for (test, most_input_lines) in [
        ("planted_wrong_winner_on_valid_cases", 4),
        ("planted_wrong_winner_on_mutated_text", 5),
        ("planted_wrong_trace", 4),
        ("planted_wrong_winner_and_trace", 4),
    ] {
        let root = crate_root(test);
        let out = Command::new(std::env::current_exe().unwrap())
            .args([test, "--exact", "--test-threads", "1"])
            .env("PLANTED_ROOT", &root)
            .env("RUST_BACKTRACE", "0")
            .output()
            .unwrap();
        let printed = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        let lines = printed.lines().count();
        println!("{test}: {lines} lines");
        assert!(!out.status.success(), "{test} passed:\n{printed}");
        assert!(lines <= 60, "{test} printed {lines} lines:\n{printed}");
        assert!(printed.contains("FINDING in take_away"), "{printed}");
        assert!(!printed.contains("bytes = ["), "{printed}");
        assert!(!printed.contains("minimal failing input"), "{printed}");
        assert!(
            !printed.lines().any(|l| l.starts_with(": ")),
            "a line without its label:\n{printed}"
        );
        // The shrunk case, shown, saved, and replayed by the command printed under it.
        let input = shown_input(&printed);
        assert!(
            (2..=most_input_lines).contains(&input.len()),
            "{test}: the input shown is not shrunk:\n{printed}"
        );
        let files = saved(&root);
        assert_eq!(files.len(), 1, "{test} saved {files:?}:\n{printed}");
        let file = std::fs::read_to_string(&files[0]).unwrap();
        assert_eq!(file.lines().collect::<Vec<_>>(), input, "{printed}");
        let name = files[0].file_name().unwrap().to_str().unwrap();
        let replay =
            format!("replay: cargo run --release -- repro take_away corpus/take_away/{name}");
        assert!(
            printed.lines().any(|l| l == replay),
            "no `{replay}` in:\n{printed}"
        );
        if test == "planted_wrong_winner_and_trace" {
            // The first failing case, the corpus's `won.in`, is shrunk (bytes before and after,
            // on the header line), though its answers differ too.
            let (_, sizes) = printed.split_once("shrunk from ").expect("the header");
            let bytes: Vec<usize> = sizes
                .split(" as ")
                .next()
                .unwrap()
                .split(" bytes")
                .filter_map(|s| s.rsplit(' ').next()?.parse().ok())
                .collect();
            assert!(
                bytes.len() == 2 && bytes[1] < bytes[0],
                "{test}:\n{printed}"
            );
        }
        if test.ends_with("trace") {
            assert!(printed.contains("move 3:\n  reference: left "), "{printed}");
        } else {
            assert!(
                printed.contains("- A 3\n+ B 3") || printed.contains("- B"),
                "{printed}"
            );
        }
        std::fs::remove_dir_all(&root).unwrap();
    }
}
