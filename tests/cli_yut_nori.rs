//! The `boardfuzz` binary end to end on yut_nori: exit codes, one-line errors, solve, check,
//! repro, gen, and checking an external solution. Bad inputs are checked against both
//! implementations: same error class, same line, exit 2.

mod common;

use std::path::{Path, PathBuf};

use common::{boardfuzz, text};

/// A fresh empty folder under the system's temporary folder, removed again when dropped.
struct Temp(PathBuf);

impl std::ops::Deref for Temp {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn temp(name: &str) -> Temp {
    let d = std::env::temp_dir().join(format!("boardfuzz-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    Temp(d)
}

#[test]
fn solve_answers_the_official_sample_with_both_implementations() {
    let input = std::fs::read("corpus/yut_nori/sample-1.in").unwrap();
    let expected = std::fs::read_to_string("corpus/yut_nori/sample-1.out").unwrap();
    for args in [
        &["solve", "yut_nori"][..],
        &["solve", "boj15778", "--reference"][..],
    ] {
        let out = boardfuzz(args, &input);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert_eq!(text(&out.stdout), expected);
    }
}

#[test]
fn bad_yut_nori_inputs_give_one_line_errors_with_exit_2_from_both_sides() {
    let cases: &[(&[u8], &str, usize)] = &[
        (b"2\nA FFFF\n", "truncated", 3),
        (b"", "truncated", 1),
        (b"1\nA FFFF\nB FFFF\n", "trailing", 3),
        (b"0\n", "out-of-range", 1),
        (b"101\n", "out-of-range", 1),
        (b"x\n", "malformed", 1),
        (b"1\nE FFFF\n", "malformed", 2),
        (b"1\nA FFXF\n", "malformed", 2),
        (b"1\nA FFF\n", "malformed", 2),
        (b"1\nAFFFF\n", "malformed", 2),
        (b"1\nA\xff FFFF\n", "not-utf8", 2),
        // A runs 4+4+4+4+4 = 20 steps to 날밭, then exits with one more; then is named again.
        (
            b"7\nA FFFF\nA FFFF\nA FFFF\nA FFFF\nA FFFF\nA FBBB\nA FBBB\n",
            "invalid",
            8,
        ),
    ];
    for &(input, class, line) in cases {
        common::rejects("yut_nori", input, &[], line, class);
    }
}

#[test]
fn gen_is_deterministic_and_valid() {
    let a = boardfuzz(&["gen", "yut_nori", "--seed", "42"], b"");
    let b = boardfuzz(&["gen", "yut_nori", "--seed", "42"], b"");
    assert_eq!(a.status.code(), Some(0));
    assert_eq!(a.stdout, b.stdout);
    let solved = boardfuzz(&["solve", "yut_nori"], &a.stdout);
    assert_eq!(solved.status.code(), Some(0), "{}", text(&solved.stderr));
    assert_eq!(text(&solved.stdout).lines().count(), 32);
}

#[test]
fn check_passes_and_prints_a_census() {
    let corpus = temp("check");
    let out = boardfuzz(
        &[
            "check",
            "yut_nori",
            "--cases",
            "3000",
            "--seed",
            "5",
            "--corpus",
            corpus.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("== yut_nori: 3000 cases"), "{stdout}");
    assert!(stdout.contains("| capture-stack"), "{stdout}");
    assert!(stdout.contains("ok: 3000 case(s) in 1 game(s), 0 finding(s)"));
}

#[test]
fn repro_of_a_corpus_file_and_of_a_raw_artifact() {
    let out = boardfuzz(&["repro", "yut_nori", "corpus/yut_nori/sample-2.in"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("read as judge text"));
    assert!(text(&out.stdout).contains("engine and reference agree"));

    // Raw bytes in a structured target's artifact folder decode exactly as the fuzz target does:
    // byte 0 -> 1 turn, then piece byte 2 -> C, throws 0b0101 -> FBFB.
    let root = temp("artifact");
    let dir = root.join("artifacts").join("yut_nori");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("crash-0");
    std::fs::write(&file, [0u8, 2, 0b0101]).unwrap();
    let out = boardfuzz(&["repro", "yut_nori", file.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("raw artifact of the structured fuzz target"),
        "{stdout}"
    );
    assert!(stdout.contains("1\nC FBFB\n"), "{stdout}");
}

#[test]
fn repro_save_adds_an_entry_once() {
    let corpus = temp("save");
    let args = [
        "repro",
        "yut_nori",
        "corpus/yut_nori/sample-1.in",
        "--save",
        "--corpus",
        corpus.to_str().unwrap(),
    ];
    let first = text(&boardfuzz(&args, b"").stdout);
    assert!(first.contains("saved as"), "{first}");
    let second = text(&boardfuzz(&args, b"").stdout);
    assert!(second.contains("already in the corpus as"), "{second}");
    let files = std::fs::read_dir(corpus.join("yut_nori")).unwrap().count();
    assert_eq!(files, 2, "one .in and one .out");
}

#[test]
fn check_points_at_an_external_solution() {
    let corpus = temp("solution");
    let corpus = corpus.to_str().unwrap();
    // The engine, run as an external program, is a correct solution.
    let good = format!("{} solve yut_nori", env!("CARGO_BIN_EXE_boardfuzz"));
    let check = |solution: &str| {
        boardfuzz(
            &[
                "check",
                "yut_nori",
                "--cases",
                "30",
                "--seed",
                "1",
                "--corpus",
                corpus,
                "--solution",
                solution,
            ],
            b"",
        )
    };
    let out = check(&good);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert!(text(&out.stderr).contains("solution `"));

    // A solution that drops the last line of the picture is caught, shrunk and saved.
    let out = check(&format!("{good} | head -n 31"));
    assert_eq!(out.status.code(), Some(1));
    let report = text(&out.stdout);
    assert!(report.contains("- reference, + solution"), "{report}");
    assert!(
        report.contains("an external solution has no per-turn trace"),
        "{report}"
    );
    // Shrunk to a single turn: any one-turn game shows the bug.
    assert!(report.contains("--- input ---\n1\n"), "{report}");
}

/// A solution that misses one shortcut (`tests/fixtures/yut_nori_shortcut_bug.py`: a move that
/// starts on 앞밭 follows the outer ring) is found and shrunk to at most 4 turns.
#[test]
fn check_finds_a_missed_shortcut_and_shrinks_it() {
    let (code, report, took) =
        common::check_fixture("yut_nori", "yut_nori_shortcut_bug.py", &["--cases", "500"]);
    assert_eq!(code, Some(1), "{report}");
    assert!(
        report.contains("FINDING in yut_nori: wrong answer"),
        "{report}"
    );
    let input = common::reported_input(&report);
    let turns: usize = input.lines().next().unwrap().trim().parse().unwrap();
    assert!(turns <= 4, "{input}");
    eprintln!("yut_nori_shortcut_bug.py: found and shrunk in {took:?} to {input:?}");
}

#[test]
fn repro_shrink_says_plainly_when_no_smaller_case_fails() {
    let dir = common::temp_dir("yut-nori-no-smaller");
    let smallest = dir.join("smallest.in");
    std::fs::write(&smallest, "1\nA BBBB\n").unwrap();
    let bigger = dir.join("bigger.in");
    std::fs::write(&bigger, "2\nA BBBB\nA BBBB\n").unwrap();
    // A solution wrong on every input: one turn is as small as a game gets.
    let stderr_of = |case: &std::path::Path| {
        let case = case.display().to_string();
        let out = common::boardfuzz(
            &[
                "repro",
                "yut_nori",
                &case,
                "--solution",
                "echo 0",
                "--shrink",
            ],
            b"",
        );
        assert_eq!(out.status.code(), Some(1));
        common::text(&out.stderr)
    };
    let said = stderr_of(&smallest);
    assert!(
        said.contains("[yut_nori] wrong answer: no smaller case found (still 2 lines, 9 bytes)"),
        "{said}"
    );
    let said = stderr_of(&bigger);
    assert!(
        said.contains("[yut_nori] wrong answer: shrunk from 3 lines, 16 bytes to 2 lines, 9 bytes"),
        "{said}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
