//! `boardfuzz stress --interactor` and `boardfuzz judge --interactor` on guess-the-number
//! (`tests/fixtures/interact/`): each planted bug found with the verdict a judge gives, shrunk
//! keeping it, saved, the dialogue's end shown in the finding, and the saved case re-judged; an
//! interactor that fails itself is an error of the setup (exit 2, nothing saved), never a
//! finding; a right solution runs clean.
//!
//! Every run has a folder of its own (findings go to `findings/` there). Python starts slowly on
//! a loaded machine: case counts are small, and a run stops at its first finding.

mod common;

use std::path::Path;

use common::{temp_dir, Run};

fn fixture(name: &str) -> String {
    format!(
        "{}/tests/fixtures/interact/{name}.py",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn python(name: &str) -> String {
    format!("python3 {}", fixture(name))
}

fn env() -> [(&'static str, &'static str); 1] {
    [("NO_COLOR", "1")]
}

/// `boardfuzz stress` with the guess generator and interactor, `--seed 1`, an idleness limit of
/// 500 ms, 400 cases unless `extra` says, and `solution`.
fn stress(cwd: &Path, solution: &str, extra: &[&str]) -> Run {
    let gen = format!("{} {{size}}", python("guess_gen"));
    let interactor = python("guess_interactor");
    let solution = python(solution);
    let mut args = vec![
        "stress",
        "-q",
        "--gen",
        &gen,
        "--interactor",
        &interactor,
        "--solution",
        &solution,
        "--seed",
        "1",
        "--idle-limit",
        "500ms",
    ];
    if !extra.contains(&"--cases") {
        args.extend(["--cases", "400"]);
    }
    args.extend_from_slice(extra);
    Run::in_dir(cwd, &args, &env())
}

/// The `n x` of the shrunk input a finding shows.
fn shrunk(run: &Run) -> (u32, u32) {
    let input = common::reported_input(&run.stdout);
    let mut numbers = input.split_whitespace().map(|w| w.parse::<u32>().unwrap());
    match (numbers.next(), numbers.next()) {
        (Some(n), Some(x)) => (n, x),
        _ => panic!("no `n x` input: {}", run.all()),
    }
}

/// `boardfuzz judge SOLUTION CASE --interactor INTERACTOR` for each `(solution, exit code,
/// verdict)`: the exit code, and a line of its output that starts with the verdict.
fn judge_again(dir: &Path, case: &str, interactor: &str, expected: &[(&str, i32, &str)]) {
    for &(solution, code, verdict) in expected {
        let judge = Run::in_dir(
            dir,
            &["judge", &python(solution), case, "--interactor", interactor],
            &env(),
        );
        assert_eq!(judge.code, Some(code), "{solution}: {}", judge.all());
        assert!(
            judge.stdout.lines().any(|l| l.starts_with(verdict)),
            "{solution}: {}",
            judge.all()
        );
    }
}

#[test]
fn one_query_too_many_is_a_wrong_answer_shrunk_to_the_smallest_secret_and_judged_again() {
    let dir = temp_dir("interact-too-many");
    let run = stress(&dir, "guess_one_too_many", &[]);
    let all = run.all();
    assert_eq!(run.code, Some(1), "{all}");
    assert!(
        run.stdout
            .contains("FINDING in guess_one_too_many-py: wrong answer"),
        "{all}"
    );
    // n = 6 is the smallest n the bug fails on, and 4 its smallest secret there.
    assert_eq!(shrunk(&run), (6, 4), "{all}");
    // The interactor's words and the dialogue's end, each line marked by who wrote it.
    for shown in [
        "query 4: more than 3 queries for n = 6",
        "the dialogue, 8 line(s) (`>` the solution, `<` the interactor)",
        "< 6",
        "> ? 5",
        "< <",
        "> ? 4",
    ] {
        assert!(
            run.stdout
                .lines()
                .any(|l| l.trim_start_matches(['+', ' ']) == shown || l.contains(shown)),
            "{shown:?} not shown: {all}"
        );
    }
    let case = common::saved_case(&run);
    assert_eq!(
        std::fs::read_to_string(dir.join(&case)).unwrap(),
        "6 4\n",
        "{all}"
    );
    // The saved case, judged again: the bug's verdict, and the right solution passes it.
    let interactor = python("guess_interactor");
    judge_again(
        &dir,
        &case,
        &interactor,
        &[
            ("guess_one_too_many", 1, "wrong answer"),
            ("guess_right", 0, "ok"),
        ],
    );
}

#[test]
fn a_malformed_query_a_deadlock_and_an_early_exit_get_their_verdicts_shrunk() {
    let dir = temp_dir("interact-verdicts");
    for (solution, verdict, says, smallest) in [
        (
            "guess_malformed",
            "wrong answer",
            "expected `? y` or `! y`, got '?5'",
            None,
        ),
        (
            "guess_deadlock",
            "solution time limit",
            "idleness limit",
            Some((2, 1)),
        ),
        (
            "guess_exits_early",
            "wrong answer",
            "the solution's output ended before its answer (3 queries)",
            Some((8, 8)),
        ),
    ] {
        let run = stress(&dir, solution, &["--no-save"]);
        let all = run.all();
        assert_eq!(run.code, Some(1), "{solution}: {all}");
        assert!(
            run.stdout
                .contains(&format!("FINDING in {solution}-py: {verdict}")),
            "{solution}: {all}"
        );
        assert!(
            run.stdout.contains(says),
            "{solution}: {says:?} not in {all}"
        );
        // The deadlock's usual cause, said where its verdict is.
        assert_eq!(
            run.stdout.contains(
                "note: hint: an interactive solution must flush its output after each line"
            ),
            solution == "guess_deadlock",
            "{solution}: {all}"
        );
        let (n, x) = shrunk(&run);
        match smallest {
            Some(want) => assert_eq!((n, x), want, "{solution}: {all}"),
            // The smallest malformed cases: n = 5 (x = 5) and n = 6 (x = 4, 5 or 6).
            None => assert!(n <= 6 && x >= 4, "{solution}: {n} {x}: {all}"),
        }
    }
}

#[test]
fn an_interactor_that_fails_is_an_error_of_the_setup_and_a_right_solution_runs_clean() {
    let dir = temp_dir("interact-setup");
    let gen = format!("{} {{size}}", python("guess_gen"));
    let fails = python("interactor_fails");
    let right = python("guess_right");
    let run = Run::in_dir(
        &dir,
        &[
            "stress",
            "-q",
            "--gen",
            &gen,
            "--interactor",
            &fails,
            "--solution",
            &right,
            "--seed",
            "1",
            "--cases",
            "20",
        ],
        &env(),
    );
    let all = run.all();
    assert_eq!(run.code, Some(2), "{all}");
    assert!(
        run.stdout.contains("the interactor")
            && run
                .stdout
                .contains("FAIL: internal error: the query table is empty"),
        "{all}"
    );
    assert!(!run.stdout.contains("FINDING"), "{all}");
    assert!(!dir.join("findings").exists(), "{all}");
    let run = stress(&dir, "guess_right", &["--cases", "60"]);
    assert_eq!(run.code, Some(0), "{}", run.all());
    assert!(
        run.stdout.contains("ok: 60 case(s), 0 finding(s)"),
        "{}",
        run.all()
    );
}

#[test]
fn help_explains_the_interactive_flags() {
    for command in ["stress", "judge"] {
        let out = common::boardfuzz(&[command, "--help"], b"");
        let help = common::text(&out.stdout);
        assert!(help.contains("--interactor <PROGRAM>"), "{command}: {help}");
        assert!(
            help.contains("INTERACTOR INPUT OUTPUT"),
            "{command}: {help}"
        );
        assert!(
            help.contains("--idle-limit <DURATION>"),
            "{command}: {help}"
        );
    }
}

/// `stress --interactor --brute` on hidden-sum (`sum_*.py`): the interactor accepts any answer
/// and writes it to OUTPUT; the brute force plays the same dialogue, and the two OUTPUTs are
/// compared by the checker. The planted bug (negatives added as zero) is found, shrunk to one
/// negative number, saved with the brute force's OUTPUT, and judged again: wrong for the bug,
/// ok for the brute force. `--checker` without `--brute` is a usage error (nothing to compare
/// against), and the brute force against itself runs clean.
#[test]
fn a_brute_force_plays_the_dialogue_too_and_the_outputs_are_compared() {
    let dir = temp_dir("interact-brute");
    let gen = format!("{} {{size}}", python("sum_gen"));
    let interactor = python("sum_interactor");
    let brute = python("sum_brute");
    let stress = |solution: &str, extra: &[&str]| {
        let solution = python(solution);
        let mut args = vec![
            "stress",
            "-q",
            "--gen",
            &gen,
            "--interactor",
            &interactor,
            "--solution",
            &solution,
            "--seed",
            "1",
            "--cases",
            "60",
        ];
        args.extend_from_slice(extra);
        Run::in_dir(&dir, &args, &env())
    };
    let run = stress(
        "sum_drops_negatives",
        &["--brute", &brute, "--checker", "tokens"],
    );
    let all = run.all();
    assert_eq!(run.code, Some(1), "{all}");
    assert!(
        run.stdout
            .contains("FINDING in sum_drops_negatives-py: wrong answer"),
        "{all}"
    );
    let input = common::reported_input(&run.stdout);
    let numbers: Vec<i64> = input
        .split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect();
    assert!(
        numbers.len() == 2 && numbers[0] == 1 && numbers[1] < 0,
        "not shrunk to one negative number: {input:?}\n{all}"
    );
    let (expected, got) = (format!("- {}", numbers[1]), "+ 0");
    assert!(
        run.stdout.lines().any(|l| l == expected) && run.stdout.lines().any(|l| l == got),
        "the two OUTPUTs not shown: {all}"
    );
    let case = common::saved_case(&run);
    judge_again(
        &dir,
        &case,
        &interactor,
        &[
            ("sum_drops_negatives", 1, "wrong answer"),
            ("sum_brute", 0, "ok"),
        ],
    );
    let run = stress("sum_drops_negatives", &["--checker", "tokens"]);
    assert_eq!(run.code, Some(2), "{}", run.all());
    assert!(
        run.stderr
            .contains("--checker with --interactor needs --brute"),
        "{}",
        run.all()
    );
    let run = stress("sum_brute", &["--brute", &brute]);
    assert_eq!(run.code, Some(0), "{}", run.all());
    assert!(
        run.stdout.contains("ok: 60 case(s), 0 finding(s)"),
        "{}",
        run.all()
    );
}
