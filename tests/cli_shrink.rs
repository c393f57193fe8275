//! `boardfuzz shrink` on files of a user's own: by a test script's exit code (C-Reduce's
//! convention: the candidate's path last or at `{path}`, the candidate on stdin too), and by
//! `stress`'s verdict with the toy problem of `tests/fixtures/stress/` (the brute force and the
//! validator there, solutions with planted bugs written here); the original untouched and the
//! result beside it; the exact number of test runs, counted by the test programs themselves; a
//! case that is not interesting, and bad usage (exit 2); a time budget and Ctrl-C, which keep
//! the smallest case so far (exit 0 and 130).
//!
//! Each test has a folder of its own, the working folder of its runs, and its own build cache.

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{stress_fixture, temp_dir, text, Run};

/// A fixture of `tests/fixtures/stress/`, by its absolute path.
fn fixture(name: &str) -> String {
    stress_fixture(name)
}

/// `boardfuzz shrink ARGS…` in `dir` (its build cache there), failed after two minutes.
fn shrink(dir: &Path, args: &[&str]) -> Run {
    let cache = dir.join("cache").display().to_string();
    let env = [("BOARDFUZZ_CACHE", cache.as_str()), ("NO_COLOR", "1")];
    let mut all = vec!["shrink"];
    all.extend_from_slice(args);
    Run::in_dir(dir, &all, &env)
}

/// Writes an executable script, by a child `sh`: a file this process held open for writing
/// could be inherited by a child another test thread forks at that moment, and until that child
/// execs, running the script fails with `Text file busy`.
fn script(path: &Path, body: &str) {
    let mut sh = Command::new("sh")
        .args(["-c", "cat > \"$1\" && chmod 755 \"$1\"", "sh"])
        .arg(path)
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    sh.stdin.take().unwrap().write_all(body.as_bytes()).unwrap();
    assert!(sh.wait().unwrap().success(), "{}", path.display());
}

/// Fifty lines of five digits, no 9 anywhere but in line 40.
fn fifty_lines() -> String {
    let mut x = 7u32;
    (1..=50)
        .map(|line| {
            let digits: Vec<String> = (0..5)
                .map(|_| {
                    x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    ((x >> 16) % 9).to_string()
                })
                .collect();
            if line == 40 {
                "3 1 9 4 1\n".to_string()
            } else {
                digits.join(" ") + "\n"
            }
        })
        .collect()
}

/// The run count `in N test runs` of a summary line.
fn runs_said(run: &Run) -> u64 {
    let line = run
        .stdout
        .lines()
        .find(|l| l.contains(" test runs"))
        .unwrap_or_else(|| panic!("no count of test runs: {}", run.all()));
    let before = line.split(" test runs").next().unwrap();
    before.rsplit(' ').next().unwrap().parse().unwrap()
}

/// How many lines a test program appended to its log: how many times it ran.
fn logged(log: &Path) -> u64 {
    std::fs::read_to_string(log).map_or(0, |t| t.lines().count() as u64)
}

#[test]
fn a_test_script_shrinks_fifty_lines_to_the_line_with_a_9_and_its_runs_are_counted() {
    let dir = temp_dir("shrink-test");
    let case = dir.join("case.in");
    std::fs::write(&case, fifty_lines()).unwrap();
    // Interesting: a 9 in the file, and the same bytes on stdin; each run logged.
    let log = dir.join("runs.log");
    script(
        &dir.join("nine.sh"),
        &format!(
            "#!/bin/sh\necho run >> '{}'\ncmp -s - \"$1\" || exit 3\ngrep -q 9 \"$1\"\n",
            log.display()
        ),
    );
    let run = shrink(&dir, &["case.in", "--test", "./nine.sh"]);
    assert_eq!(run.code, Some(0), "{}", run.all());
    assert_eq!(std::fs::read_to_string(&case).unwrap(), fifty_lines());
    let min = std::fs::read_to_string(dir.join("case.min.in")).unwrap();
    assert_eq!(min, "9\n", "{}", run.all());
    let runs = logged(&log);
    assert!(runs > 2, "{runs} runs");
    let [summary, path] = run.last_lines(2)[..] else {
        panic!("{}", run.all())
    };
    let prefix = format!(
        "shrunk from 50 lines, 250 tokens, {} bytes to 1 lines, 1 tokens, 2 bytes in {runs} \
         test runs, ",
        fifty_lines().len()
    );
    assert!(
        summary.starts_with(&prefix) && summary.ends_with(" s"),
        "{summary:?} is not {prefix:?}…: {}",
        run.all()
    );
    assert_eq!(path, "case.min.in");
    assert_eq!(runs_said(&run), runs);

    // `{path}` in the middle of the line, and --output: the same result, written there.
    std::fs::remove_file(&log).unwrap();
    let run = shrink(
        &dir,
        &[
            "case.in",
            "--test",
            "sh nine.sh {path} unused",
            "--output",
            "small.txt",
            "--quiet",
        ],
    );
    assert_eq!(run.code, Some(0), "{}", run.all());
    assert_eq!(
        std::fs::read_to_string(dir.join("small.txt")).unwrap(),
        "9\n"
    );
    assert_eq!(run.last_lines(1), ["small.txt"]);
    assert_eq!(runs_said(&run), logged(&log));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_case_that_is_already_minimal_is_said_plainly() {
    let dir = temp_dir("shrink-minimal");
    std::fs::write(dir.join("case"), "9\n").unwrap();
    let run = shrink(&dir, &["case", "--test", "grep -q 9"]);
    assert_eq!(run.code, Some(0), "{}", run.all());
    let [summary, path] = run.last_lines(2)[..] else {
        panic!("{}", run.all())
    };
    assert!(
        summary.starts_with("no smaller case found in ") && summary.ends_with(" test runs"),
        "{}",
        run.all()
    );
    assert_eq!(path, "case.min");
    assert_eq!(
        std::fs::read_to_string(dir.join("case.min")).unwrap(),
        "9\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_case_as_long_but_with_smaller_numbers_is_said_to_be_shrunk() {
    // Two equal numbers of 10 or more: `64 64` goes to `10 10`, as many lines, tokens and
    // bytes, which the sizes alone would not show as a shrink.
    let dir = temp_dir("shrink-same-size");
    std::fs::write(dir.join("case.in"), "64 64\n").unwrap();
    script(
        &dir.join("equal.sh"),
        "#!/bin/sh\nread a b < \"$1\"\n[ \"$a\" = \"$b\" ] && [ \"$a\" -ge 10 ] 2>/dev/null\n",
    );
    let run = shrink(&dir, &["case.in", "--test", "./equal.sh"]);
    assert_eq!(run.code, Some(0), "{}", run.all());
    assert_eq!(
        std::fs::read_to_string(dir.join("case.min.in")).unwrap(),
        "10 10\n"
    );
    let [note, summary, _] = run.last_lines(3)[..] else {
        panic!("{}", run.all())
    };
    assert_eq!(
        note,
        "note: as many lines, tokens and bytes as case.in, but smaller: earlier in byte order \
         (numbers lowered, letters made smaller)"
    );
    assert!(
        summary.starts_with(
            "shrunk from 1 lines, 2 tokens, 6 bytes to 1 lines, 2 tokens, 6 bytes in "
        ),
        "{}",
        run.all()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_case_the_test_finds_uninteresting_is_exit_2_with_the_tests_own_words() {
    let dir = temp_dir("shrink-uninteresting");
    std::fs::write(dir.join("case.in"), fifty_lines()).unwrap();
    script(
        &dir.join("no.sh"),
        "#!/bin/sh\necho 'no crash here' >&2\nexit 4\n",
    );
    let run = shrink(&dir, &["case.in", "--test", "./no.sh"]);
    assert_eq!(run.code, Some(2), "{}", run.all());
    assert!(
        run.stderr.contains(
            "error: the test says case.in is not interesting (exit code 4); its stderr ends: no \
             crash here"
        ),
        "{}",
        run.all()
    );
    assert!(!dir.join("case.min.in").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_usage_is_exit_2() {
    let dir = temp_dir("shrink-usage");
    std::fs::write(dir.join("case.in"), "1\n5\n").unwrap();
    let brute = fixture("brute.py");
    for (args, says) in [
        (vec!["case.in"], "say what keeps a candidate"),
        (
            vec!["case.in", "--test", "true", "--brute", &brute],
            "cannot be used with",
        ),
        (
            vec!["case.in", "--brute", &brute],
            "--brute needs a --solution",
        ),
        (
            vec!["case.in", "--interactor", &brute],
            "--interactor needs a --solution",
        ),
        (
            vec!["case.in", "--test", "true", "--interactor", &brute],
            "cannot be used with",
        ),
        (
            vec![
                "case.in",
                "--brute",
                &brute,
                "--idle-limit",
                "1s",
                "-s",
                &brute,
            ],
            "--interactor",
        ),
        (
            vec!["missing.in", "--test", "true"],
            "cannot read missing.in",
        ),
        (
            vec!["case.in", "--test", "no-such-program-here"],
            "cannot be run",
        ),
    ] {
        let run = shrink(&dir, &args);
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.all());
        assert!(run.stderr.contains(says), "{args:?}: {}", run.all());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A solution of the toy problem that crashes on an array holding a 5 and is off by one on any
/// other: which of the two a shrink keeps is the case's.
const CRASH_ON_5_ELSE_WRONG: &str = "import sys
t = sys.stdin.read().split()
n = int(t[0])
a = [int(x) for x in t[1:1 + n]]
assert 5 not in a, 'a five'
best = cur = a[0]
for x in a[1:]:
    cur = max(x, cur + x)
    best = max(best, cur)
print(best + 1)
";

/// `shrink CASE --brute brute.py --solution sol.py --validator counting-validator`, in `dir`:
/// the run, and how many times the validator ran (once per candidate judged).
fn shrink_by_verdict(dir: &Path, case: &str) -> (Run, u64) {
    std::fs::write(dir.join("sol.py"), CRASH_ON_5_ELSE_WRONG).unwrap();
    let log = dir.join(format!("{case}.log"));
    let validator = dir.join("validate.sh");
    script(
        &validator,
        &format!(
            "#!/bin/sh\necho run >> '{}'\nexec python3 '{}'\n",
            log.display(),
            fixture("validator.py")
        ),
    );
    let validator = validator.display().to_string();
    let brute = fixture("brute.py");
    let args = [
        case,
        "--brute",
        &brute,
        "--solution",
        "sol.py",
        "--validator",
        &validator,
    ];
    let run = shrink(dir, &args);
    (run, logged(&log))
}

#[test]
fn the_brute_force_mode_keeps_the_verdict_of_the_case_and_prints_the_diff() {
    let dir = temp_dir("shrink-verdict");
    let crash = "12\n3 -1 5 2 -7 4 0 1 -2 6 8 -3\n";
    std::fs::write(dir.join("crash.in"), crash).unwrap();
    let (run, runs) = shrink_by_verdict(&dir, "crash.in");
    assert_eq!(run.code, Some(0), "{}", run.all());
    assert_eq!(
        std::fs::read_to_string(dir.join("crash.in")).unwrap(),
        crash
    );
    // A runtime error stays one: the 5 is kept, though `1 / 0` (a wrong answer) is smaller.
    let min = std::fs::read_to_string(dir.join("crash.min.in")).unwrap();
    assert_eq!(min, "1\n5\n", "{}", run.all());
    assert!(
        run.stdout
            .contains("verdict: solution runtime error (kept from crash.in)\n"),
        "{}",
        run.all()
    );
    assert_eq!(runs_said(&run), runs, "{}", run.all());
    // The brute force's answer beside the result (for `boardfuzz judge`), and the solution's.
    let answers = "\ncrash.min.in\nanswers: crash.min.out (expected), crash.min.got (got)\n";
    assert!(run.stdout.contains(answers), "{}", run.all());
    assert_eq!(read(&dir.join("crash.min.out")), "5\n");
    assert!(read(&dir.join("crash.min.got")).contains("AssertionError: a five"));
    let tail = run.stdout.split(answers).nth(1).unwrap_or("");
    assert!(
        tail.starts_with("--- output diff (- expected, + solution, two spaces = both) ---\n- 5\n")
            && tail.contains("+ (runtime error) exit code 1")
            && tail.contains("AssertionError: a five"),
        "{}",
        run.all()
    );

    // No 5: a wrong answer, kept as one.
    let wrong = "6\n-3 8 -1 2 -9 4\n";
    std::fs::write(dir.join("wrong.in"), wrong).unwrap();
    let (run, runs) = shrink_by_verdict(&dir, "wrong.in");
    assert_eq!(run.code, Some(0), "{}", run.all());
    let min = std::fs::read_to_string(dir.join("wrong.min.in")).unwrap();
    assert_eq!(min, "1\n0\n", "{}", run.all());
    assert!(
        run.stdout
            .contains("verdict: wrong answer (kept from wrong.in)\n"),
        "{}",
        run.all()
    );
    assert_eq!(runs_said(&run), runs, "{}", run.all());
    assert_eq!(read(&dir.join("wrong.min.out")), "0\n");
    assert_eq!(read(&dir.join("wrong.min.got")), "1\n");
    assert!(
        run.stdout.ends_with(
            "wrong.min.in\nanswers: wrong.min.out (expected), wrong.min.got (got)\n--- answer, \
             line by line (expected: the brute force's; got: the \
             solution's; ^ under each character that differs) ---\nanswer line 1: expected \
             `0`\n                    got `1`\n                         ^\n"
        ),
        "{}",
        run.all()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file's text.
fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// An interactive finding (guess the number: `n x`, a solution that needs one query too many
/// for some x) shrinks with its interactor alone, its verdict kept, to the smallest case that
/// fails: `6 4` (the smaller numbers, and `n` below `x`, are refused or pass); the solution's
/// lowering both numbers together, where either alone loses the failure. `judge` with the
/// interactor finds the result a wrong answer again.
#[test]
fn an_interactive_finding_shrinks_with_its_interactor() {
    let dir = temp_dir("shrink-interactor");
    std::fs::write(dir.join("guess.in"), "81 39\n").unwrap();
    let interactor = common::interact_fixture("guess_interactor.py");
    let solution = common::interact_fixture("guess_one_too_many.py");
    let args = [
        "guess.in",
        "--interactor",
        &interactor,
        "--solution",
        &solution,
    ];
    let run = shrink(&dir, &args);
    assert_eq!(run.code, Some(0), "{}", run.all());
    assert!(
        run.stdout
            .contains("verdict: wrong answer (kept from guess.in)\n"),
        "{}",
        run.all()
    );
    assert_eq!(read(&dir.join("guess.min.in")), "6 4\n", "{}", run.all());
    assert!(
        run.stdout.contains("more than 3 queries for n = 6"),
        "{}",
        run.all()
    );
    // No brute force: no answer is kept beside the result.
    assert!(!dir.join("guess.min.out").exists());
    let cache = dir.join("cache").display().to_string();
    let env = [("BOARDFUZZ_CACHE", cache.as_str()), ("NO_COLOR", "1")];
    let judged = Run::in_dir(
        &dir,
        &[
            "judge",
            &solution,
            "guess.min.in",
            "--interactor",
            &interactor,
        ],
        &env,
    );
    assert_eq!(judged.code, Some(1), "{}", judged.all());
    assert_eq!(
        common::judge_rows(&judged.stdout),
        [("wrong answer".to_string(), "guess.min.in".to_string())],
        "{}",
        judged.all()
    );
    // The interactor alone judges: a correct solution's answer is accepted, said so.
    let right = common::interact_fixture("guess_right.py");
    let args = [
        "guess.min.in",
        "--interactor",
        &interactor,
        "--solution",
        &right,
    ];
    let run = shrink(&dir, &args);
    assert_eq!(run.code, Some(2), "{}", run.all());
    assert!(
        run.stderr
            .contains("is accepted (by the interactor): there is no failure to keep"),
        "{}",
        run.all()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_case_the_solution_passes_or_the_brute_force_fails_on_is_exit_2() {
    let dir = temp_dir("shrink-verdict-errors");
    std::fs::write(dir.join("case.in"), "3\n1 -2 3\n").unwrap();
    let brute = fixture("brute.py");
    let run = shrink(&dir, &["case.in", "--brute", &brute, "--solution", &brute]);
    assert_eq!(run.code, Some(2), "{}", run.all());
    assert!(
        run.stderr
            .contains("error: the solution's answer to case.in is accepted"),
        "{}",
        run.all()
    );
    let fails = fixture("brute_fails.py");
    let run = shrink(&dir, &["case.in", "--brute", &fails, "--solution", &brute]);
    assert_eq!(run.code, Some(2), "{}", run.all());
    assert!(
        run.stderr.contains("fails on case.in") && run.stderr.contains("brute: internal error"),
        "{}",
        run.all()
    );
    assert!(!dir.join("case.min.in").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A slow test (0.3 s a run): interesting while the file has a 9.
fn slow_test(dir: &Path) -> PathBuf {
    let path = dir.join("slow.sh");
    script(&path, "#!/bin/sh\nsleep 0.3\ngrep -q 9 \"$1\"\n");
    path
}

#[test]
fn a_time_budget_ends_the_shrink_with_the_smallest_case_so_far() {
    let dir = temp_dir("shrink-budget");
    std::fs::write(dir.join("case.in"), fifty_lines()).unwrap();
    slow_test(&dir);
    let run = shrink(&dir, &["case.in", "--test", "./slow.sh", "--time", "2s"]);
    assert_eq!(run.code, Some(0), "{}", run.all());
    // Ended by the budget (said below), not by the end of the shrink, which takes many times
    // longer at 0.3 s a run; the bound leaves room for a loaded machine's start and exit.
    assert!(run.took < Duration::from_secs(10), "{}", run.all());
    assert!(
        run.stdout
            .contains("the time budget (2s) ran out: this is the smallest case so far\n"),
        "{}",
        run.all()
    );
    let min = std::fs::read_to_string(dir.join("case.min.in")).unwrap();
    assert!(
        min.contains('9') && min.len() < fifty_lines().len(),
        "{min:?}: {}",
        run.all()
    );
    assert!(run.stdout.contains(" to "), "{}", run.all());

    // One line of 10,000 numbers: the shrinker's own work between two candidates is long (it
    // was over 30 s before the first in a debug build), and the budget still ends the shrink.
    let line: Vec<String> = (0..10_000)
        .map(|i| (i * 7919 % 97 + 1).to_string())
        .collect();
    let wide = line.join(" ") + " AAA\n";
    std::fs::write(dir.join("wide.in"), &wide).unwrap();
    let run = shrink(&dir, &["wide.in", "--test", "grep -q AAA", "--time", "1s"]);
    assert_eq!(run.code, Some(0), "{}", run.all());
    assert!(run.took < Duration::from_secs(10), "{}", run.all());
    let min = std::fs::read_to_string(dir.join("wide.min.in")).unwrap();
    assert!(
        min.contains("AAA") && min.len() <= wide.len(),
        "{}",
        run.all()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ctrl_c_writes_the_smallest_case_so_far_and_exits_130_and_a_second_one_loses_nothing() {
    let dir = temp_dir("shrink-ctrl-c");
    std::fs::write(dir.join("case.in"), fifty_lines()).unwrap();
    let test = slow_test(&dir);
    let child = Command::new(env!("CARGO_BIN_EXE_boardfuzz"))
        .args(["shrink", "case.in", "--test"])
        .arg(&test)
        .current_dir(&dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The first smaller case written, and one more run begun.
    let min = dir.join("case.min.in");
    let started = Instant::now();
    while !min.exists() {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "nothing written"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(400));
    let sent = Instant::now();
    for _ in 0..2 {
        // SAFETY: signalling our own child, which has not been waited for yet.
        unsafe {
            libc::kill(child.id() as libc::pid_t, libc::SIGINT);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = child.wait_with_output().unwrap();
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    let all = format!("{stdout}--- stderr ---\n{stderr}");
    assert_eq!(out.status.code(), Some(130), "{all}");
    // At once, not at the end of the shrink (minutes at 0.3 s a run).
    assert!(sent.elapsed() < Duration::from_secs(10), "{all}");
    assert!(
        stdout.contains("interrupted: this is the smallest case so far\n"),
        "{all}"
    );
    let kept = std::fs::read_to_string(&min).unwrap();
    assert!(
        kept.contains('9') && kept.len() < fifty_lines().len(),
        "{kept:?}: {all}"
    );
    let said = format!(
        "to {} lines, {} tokens, {} bytes in ",
        kept.lines().count(),
        kept.split_ascii_whitespace().count(),
        kept.len()
    );
    assert!(stdout.contains(&said), "{said}: {all}");
    assert!(stdout.ends_with("\ncase.min.in\n"), "{all}");
    assert_eq!(
        std::fs::read_to_string(dir.join("case.in")).unwrap(),
        fifty_lines()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_test_with_a_flag_of_the_brute_force_mode_is_bad_usage() {
    let dir = temp_dir("shrink-test-checker");
    let case = dir.join("case.in");
    std::fs::write(&case, "1\n").unwrap();
    let case = case.display().to_string();
    for flag in [["--checker", "tokens"], ["--solution-timeout", "2s"]] {
        let run = shrink(&dir, &[&case, "--test", "true", flag[0], flag[1]]);
        assert_eq!(run.code, Some(2), "{}", run.all());
        assert!(run.stderr.contains("cannot be used with"), "{}", run.all());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_shrink_has_a_time_budget_by_default() {
    // A shrink of a big case may try what no longer cuts for long: five minutes unless told.
    let dir = temp_dir("shrink-default-budget");
    let run = Run::in_dir(&dir, &["shrink", "--help"], &[("NO_COLOR", "1")]);
    assert_eq!(run.code, Some(0), "{}", run.all());
    assert!(run.stdout.contains("[default: 5m]"), "{}", run.all());
    let _ = std::fs::remove_dir_all(&dir);
}
