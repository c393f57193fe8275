//! `boardfuzz stress` and `boardfuzz judge` on the toy problem of `tests/fixtures/stress/`
//! (maximum subarray, `PROBLEM.md`): each wrong solution found, shrunk keeping its verdict,
//! saved, and its printed `replay:` line run as printed; the format-only differences each
//! checker accepts or rejects; correct solutions in C++ and Java run clean, C and Rust compile
//! paths find their bug; every setup error is exit 2 with the program's own words and nothing
//! saved; kept cases judged one verdict a case; `--time` and Ctrl-C.
//!
//! Every run has a folder of its own as its working folder (findings go to `findings/` there)
//! and one build cache per test process (`BOARDFUZZ_CACHE`), so each source is compiled once a
//! run of this file. Python starts slowly on a loaded machine: case counts are small, and a run
//! that finds something stops at its first finding.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use common::{judge_rows, processes_with, reported_input, run_marker, stress_fixture, temp_dir};
use common::{text, Run};

/// A fixture of `tests/fixtures/stress/`, by its absolute path.
fn fixture(name: &str) -> String {
    stress_fixture(name)
}

/// The build cache of this test process, under cargo's temporary folder; those of earlier
/// processes that have ended are removed.
fn cache() -> &'static str {
    static CACHE: OnceLock<String> = OnceLock::new();
    CACHE.get_or_init(|| {
        let root = Path::new(env!("CARGO_TARGET_TMPDIR"));
        if let Ok(entries) = std::fs::read_dir(root) {
            for entry in entries.flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                let pid = name.strip_prefix("stress-cache-");
                if pid.is_some_and(|pid| !Path::new(&format!("/proc/{pid}")).exists()) {
                    let _ = std::fs::remove_dir_all(entry.path());
                }
            }
        }
        let dir = root.join(format!("stress-cache-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.display().to_string()
    })
}

/// The environment of every run: this process's build cache, no colours.
fn env() -> [(&'static str, &'static str); 2] {
    [("BOARDFUZZ_CACHE", cache()), ("NO_COLOR", "1")]
}

/// Runs `boardfuzz ARGS…` in `cwd`, killed (and the test failed) after two minutes.
fn run_in(cwd: &Path, args: &[&str]) -> Run {
    Run::in_dir(cwd, args, &env())
}

/// `boardfuzz stress -q EXTRA…` in `cwd`, with `--gen 'gen.py {size}'` and `--seed 1` unless
/// `extra` gives them.
fn stress(cwd: &Path, extra: &[&str]) -> Run {
    let gen = format!("{} {{size}}", fixture("gen.py"));
    let mut args = vec!["stress", "-q"];
    if !extra.contains(&"--gen") {
        args.extend(["--gen", &gen]);
    }
    if !extra.contains(&"--seed") {
        args.extend(["--seed", "1"]);
    }
    args.extend_from_slice(extra);
    run_in(cwd, &args)
}

/// A flag and a fixture's path: `[flag, fixture(name)]`.
fn flag(flag: &str, name: &str) -> [String; 2] {
    [flag.to_string(), fixture(name)]
}

/// `stress` with these fixtures as `--brute` and `--solution`, then `extra`.
fn stress_fixtures(cwd: &Path, brute: &str, solution: &str, extra: &[&str]) -> Run {
    let [b, brute] = flag("--brute", brute);
    let [s, solution] = flag("--solution", solution);
    let mut args: Vec<&str> = vec![&b, &brute, &s, &solution];
    args.extend_from_slice(extra);
    stress(cwd, &args)
}

/// A finding as `stress` printed it.
#[derive(Debug)]
struct Finding {
    /// The case index of the FINDING line.
    case: u64,
    /// The command it says regenerates the unshrunk case.
    regenerate: String,
    /// The shrunk input it shows.
    input: String,
    /// The saved `.in`, relative to the run's folder.
    saved: PathBuf,
    /// The `replay:` command.
    replay: String,
}

/// The finding of a run that found one in solution `name` with this verdict (as the FINDING line
/// words it): exit 1, a saved `.in` holding the shown input and a `.out` holding `answer`.
fn found(cwd: &Path, run: &Run, name: &str, verdict: &str, answer: &str) -> Finding {
    let all = run.all();
    assert_eq!(run.code, Some(1), "{all}");
    let head = format!("FINDING in {name}: {verdict} (case ");
    let line = run
        .stdout
        .lines()
        .find(|l| l.starts_with(&head))
        .unwrap_or_else(|| panic!("no `{head}` line: {all}"));
    let case = line[head.len()..]
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no case index in {line}"));
    assert!(line.contains(" of seed "), "{line}");
    let regenerate = line
        .split('`')
        .nth(1)
        .unwrap_or_else(|| panic!("no regenerate command in {line}"))
        .to_string();
    let input = reported_input(&run.stdout);
    assert!(!input.is_empty(), "{all}");
    let saved = run
        .stdout
        .split("--- saved ---\n")
        .nth(1)
        .and_then(|rest| rest.lines().next())
        .map(PathBuf::from)
        .unwrap_or_else(|| panic!("nothing saved: {all}"));
    assert!(
        saved.starts_with(Path::new("findings").join(name))
            && saved.extension().is_some_and(|e| e == "in"),
        "{}",
        saved.display()
    );
    let kept = std::fs::read_to_string(cwd.join(&saved)).expect("the .in is saved");
    assert_eq!(kept, input, "the saved input is the one shown");
    let expected = std::fs::read_to_string(cwd.join(saved.with_extension("out")))
        .expect("the .out is saved beside it");
    assert_eq!(expected, answer, "the .out is the brute force's answer");
    assert_eq!(saved_cases(cwd), vec![saved.clone()], "one case saved");
    let replay = run
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("replay: "))
        .unwrap_or_else(|| panic!("no replay line: {all}"))
        .to_string();
    assert!(
        // The binary is not on PATH here: the printed command starts with its path.
        replay.starts_with(&format!("{} judge ", env!("CARGO_BIN_EXE_boardfuzz")))
            && replay.contains(&saved.display().to_string()),
        "{replay}"
    );
    let summary = run
        .stdout
        .lines()
        .find(|l| l.starts_with("FAILED: "))
        .unwrap_or_else(|| panic!("no FAILED line: {all}"));
    assert!(summary.contains(" case(s), 1 finding(s) ("), "{summary}");
    Finding {
        case,
        regenerate,
        input,
        saved,
        replay,
    }
}

/// Runs a command line as printed, with `sh -c` in `cwd` ([`Run::shell`]).
fn shell(cwd: &Path, line: &str) -> Run {
    Run::shell(cwd, line, &env())
}

/// The finding's `replay:` line, run as printed, fails with `verdict`; the same `judge` of a
/// correct solution passes.
fn replays(cwd: &Path, finding: &Finding, solution: &str, verdict: &str) {
    let again = shell(cwd, &finding.replay);
    let saved = finding.saved.display().to_string();
    assert_eq!(again.code, Some(1), "{}: {}", finding.replay, again.all());
    assert_eq!(
        judge_rows(&again.stdout),
        [(verdict.to_string(), saved.to_string())],
        "{}",
        again.all()
    );
    assert!(
        again
            .stdout
            .contains(&format!("FAILED: 1 of 1 case(s) judged, 0 ok, 1 {verdict}")),
        "{}",
        again.all()
    );
    let fixed = finding
        .replay
        .replace(&fixture(solution), &fixture("correct.cpp"));
    assert_ne!(fixed, finding.replay, "the replay line names {solution}");
    let fixed = shell(cwd, &fixed);
    assert_eq!(fixed.code, Some(0), "{}", fixed.all());
    assert_eq!(
        judge_rows(&fixed.stdout),
        [("ok".to_string(), saved.to_string())],
        "{}",
        fixed.all()
    );
    assert!(
        fixed.stdout.contains("ok: 1 of 1 case(s) judged, 1 ok"),
        "{}",
        fixed.all()
    );
}

/// The regenerate command of a finding, run: the unshrunk input.
fn regenerated(cwd: &Path, finding: &Finding) -> String {
    let run = shell(cwd, &finding.regenerate);
    assert_eq!(run.code, Some(0), "{}: {}", finding.regenerate, run.all());
    run.stdout
}

/// The `.in` files under `cwd/findings`, relative to `cwd`.
fn saved_cases(cwd: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&cwd.join("findings"), &mut files);
    let mut cases: Vec<PathBuf> = files
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .map(|p| p.strip_prefix(cwd).unwrap().to_path_buf())
        .collect();
    cases.sort();
    cases
}

/// No file at all under `cwd/findings` (an empty folder of the run's sweep is allowed).
fn nothing_saved(cwd: &Path, run: &Run) {
    fn files(dir: &Path) -> Vec<PathBuf> {
        let mut out = Vec::new();
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                out.extend(files(&path));
            } else {
                out.push(path);
            }
        }
        out
    }
    let left = files(&cwd.join("findings"));
    assert!(left.is_empty(), "saved {left:?}: {}", run.all());
}

/// A run ended clean: exit 0, `ok: N case(s), 0 finding(s)`, nothing saved.
fn clean(cwd: &Path, run: &Run, cases: u64) {
    assert_eq!(run.code, Some(0), "{}", run.all());
    assert!(
        run.stdout
            .contains(&format!("\nok: {cases} case(s), 0 finding(s)\n")),
        "{}",
        run.all()
    );
    nothing_saved(cwd, run);
}

/// A setup error: exit 2, `said` in what it printed, no finding and nothing saved.
fn setup_error(cwd: &Path, run: &Run, said: &[&str]) {
    let all = run.all();
    assert_eq!(run.code, Some(2), "{all}");
    for words in said {
        assert!(all.contains(words), "`{words}` not in {all}");
    }
    assert!(!all.contains("FINDING"), "{all}");
    nothing_saved(cwd, run);
}

/// A line count and byte count of a text, for messages.
fn size(text: &str) -> (usize, usize) {
    (text.lines().count(), text.len())
}

// 1. Wrong solutions: found, shrunk keeping their verdict, saved, replayed as printed.

#[test]
fn a_wrong_answer_in_cpp_is_found_shrunk_to_the_smallest_valid_input_saved_and_replayed() {
    let dir = temp_dir("stress-wrong-cpp");
    let validator = fixture("validator.py");
    let run = stress_fixtures(&dir, "brute.py", "wrong.cpp", &["--validator", &validator]);
    let finding = found(&dir, &run, "wrong-cpp", "wrong answer", "-1\n");
    // The smallest input the validator accepts is two lines, `n` and n numbers; the bug needs
    // every number negative: `1` / `-1` is the only such input of 5 bytes, and none is shorter.
    assert_eq!(finding.input, "1\n-1\n", "{}", run.all());
    assert!(
        run.stdout.contains(&format!(
            "{ANSWER_LINES}answer line 1: expected `-1`\n                    got `0`\n\
             \x20                        ^^\n"
        )),
        "{}",
        run.all()
    );
    let unshrunk = regenerated(&dir, &finding);
    assert!(size(&unshrunk).1 >= finding.input.len(), "{unshrunk}");
    assert!(
        unshrunk
            .split_whitespace()
            .skip(1)
            .all(|x| x.starts_with('-')),
        "the unshrunk case is all negative too: {unshrunk}"
    );
    replays(&dir, &finding, "wrong.cpp", "wrong answer");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_python_crash_is_a_runtime_error_shrunk_to_an_input_that_still_crashes() {
    let dir = temp_dir("stress-crash-py");
    let validator = fixture("validator.py");
    let run = stress_fixtures(&dir, "brute.py", "crash.py", &["--validator", &validator]);
    let finding = found(&dir, &run, "crash-py", "solution runtime error", "0\n");
    // The crash is a 0 in the array: shrunk to the one valid input of one element 0.
    assert_eq!(finding.input, "1\n0\n", "{}", run.all());
    assert!(
        run.stdout.contains("ZeroDivisionError"),
        "the solution's stderr is shown: {}",
        run.all()
    );
    let unshrunk = regenerated(&dir, &finding);
    assert!(
        size(&unshrunk).1 > finding.input.len(),
        "seed 1 finds it on a larger case: {unshrunk}"
    );
    assert!(
        unshrunk.split_whitespace().skip(1).any(|x| x == "0"),
        "{unshrunk}"
    );
    replays(&dir, &finding, "crash.py", "runtime error");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_cpp_abort_on_the_first_inputs_is_a_finding_not_a_program_that_cannot_run() {
    // crash.cpp aborts when n == 1, and every run's first ten inputs have n == 1: its first two
    // cases fail the same way, by a signal (it used to be refused as "cannot be checked").
    let dir = temp_dir("stress-crash-cpp");
    let validator = fixture("validator.py");
    let run = stress_fixtures(&dir, "brute.py", "crash.cpp", &["--validator", &validator]);
    let finding = found(&dir, &run, "crash-cpp", "solution runtime error", "0\n");
    assert_eq!(finding.case, 0, "{}", run.all());
    assert!(
        run.stdout.contains("killed by signal 6 (SIGABRT)"),
        "{}",
        run.all()
    );
    // Shrunk keeping n == 1, its one number moved to 0.
    assert_eq!(finding.input, "1\n0\n", "{}", run.all());
    replays(&dir, &finding, "crash.cpp", "runtime error");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_hang_is_a_time_limit_shrunk_to_an_input_that_still_hangs() {
    let dir = temp_dir("stress-slow-py");
    let validator = fixture("validator.py");
    // An argument slow.py ignores marks this test's runs of it.
    let marker = run_marker("stress-slow");
    let slow = format!("slow.py {marker}");
    let run = stress_fixtures(
        &dir,
        "brute.py",
        &slow,
        &["--validator", &validator, "--solution-timeout", "1s"],
    );
    let finding = found(&dir, &run, "slow-py", "solution time limit", "7\n");
    // slow.py loops forever on a 7: the smallest such input.
    assert_eq!(finding.input, "1\n7\n", "{}", run.all());
    assert!(
        run.stdout
            .contains("+ (time limit) over the CPU-time limit 1.00s (CPU "),
        "{}",
        run.all()
    );
    assert!(
        finding.replay.ends_with(" --solution-timeout 1000ms"),
        "the replay keeps the time limit: {}",
        finding.replay
    );
    replays(&dir, &finding, &slow, "time limit");
    let left = left_running(&marker);
    assert!(left.is_empty(), "left running: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

// 2. Differences of format only: what each checker accepts.

#[test]
fn spaces_pass_the_tokens_checker_and_fail_the_default_lines_checker() {
    let dir = temp_dir("stress-spaces");
    let run = stress_fixtures(
        &dir,
        "brute.py",
        "spaces.py",
        &["--checker", "tokens", "--cases", "12"],
    );
    clean(&dir, &run, 12);
    assert!(
        run.stderr.contains("judged by tokens (whitespace ignored)"),
        "{}",
        run.all()
    );
    let run = stress_fixtures(&dir, "brute.py", "spaces.py", &["--cases", "12"]);
    let finding = found(&dir, &run, "spaces-py", "wrong answer", "0\n");
    // Any input shows it: the first, its number moved to 0.
    assert_eq!(finding.case, 0, "{}", run.all());
    assert_eq!(finding.input, "1\n0\n", "{}", run.all());
    assert!(
        run.stdout.contains(
            "\nanswer line 1: expected `0`\n                    got `  0`\n\
             \x20                        ^^^\n"
        ),
        "the answers show the spaces: {}",
        run.all()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_checker_program_accepts_a_plus_sign_and_float_accepts_more_digits_but_not_a_wrong_mean() {
    let dir = temp_dir("stress-checkers");
    let checker = fixture("checker.py");
    let run = stress_fixtures(
        &dir,
        "brute.py",
        "sign.py",
        &["--checker", &checker, "--cases", "10"],
    );
    clean(&dir, &run, 10);
    // ... which the default checker rejects: the first case's `+8`, shrunk to the smallest
    // positive answer.
    let run = stress_fixtures(&dir, "brute.py", "sign.py", &["--cases", "10"]);
    let finding = found(&dir, &run, "sign-py", "wrong answer", "1\n");
    assert_eq!(
        (finding.case, &*finding.input),
        (0, "1\n1\n"),
        "{}",
        run.all()
    );
    std::fs::remove_dir_all(dir.join("findings")).unwrap();

    let run = stress_fixtures(
        &dir,
        "mean_brute.py",
        "mean_precise.py",
        &["--checker", "float", "--cases", "14"],
    );
    clean(&dir, &run, 14);
    let validator = fixture("validator.py");
    let run = stress_fixtures(
        &dir,
        "mean_brute.py",
        "mean_wrong.py",
        &["--checker", "float", "--validator", &validator],
    );
    let finding = found(&dir, &run, "mean_wrong-py", "wrong answer", "-0.500000\n");
    // The first cases have one number, whose mean is whole; the smallest failing input has two
    // whose sum is odd, and the smallest such numbers are 0 and ±1.
    assert!(
        ["2\n0 -1\n", "2\n-1 0\n", "2\n0 1\n", "2\n1 0\n"].contains(&finding.input.as_str()),
        "{}",
        run.all()
    );
    assert!(finding.case >= 10, "{}", run.all());
    assert!(
        run.stdout.contains("expected -0.500000, found -1.000000"),
        "the checker says why: {}",
        run.all()
    );
    assert!(
        finding
            .replay
            .contains(" --checker float --abs-error 1e-6 --rel-error 1e-6"),
        "{}",
        finding.replay
    );
    let again = shell(&dir, &finding.replay);
    assert_eq!(again.code, Some(1), "{}", again.all());
    assert_eq!(
        judge_rows(&again.stdout)[0].0,
        "wrong answer",
        "{}",
        again.all()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_float_checker_s_note_shows_the_error_that_decided_rounded() {
    // Only --rel-error given: the relative error, rounded (before: `error
    // 1.9999999999997797e-4`, the absolute one).
    let dir = temp_dir("stress-float-note");
    std::fs::write(
        dir.join("n_brute.py"),
        "n = int(input())\nprint(f'{n:.6f}')\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("n_off.py"),
        "n = int(input())\nprint(f'{n * 1.0002:.6f}')\n",
    )
    .unwrap();
    let run = stress(
        &dir,
        &[
            "--brute",
            "n_brute.py",
            "--solution",
            "n_off.py",
            "--checker",
            "float",
            "--rel-error",
            "1e-5",
            "--cases",
            "5",
        ],
    );
    let finding = found(&dir, &run, "n_off-py", "wrong answer", "1.000000\n");
    let note = "token 1: expected 1.000000, found 1.000200 (relative error 2e-4, over the 1e-5 \
                allowed)";
    assert!(run.stdout.contains(note), "{note}\nnot in {}", run.all());
    let again = shell(&dir, &finding.replay);
    assert!(
        again.stdout.contains(note),
        "{note}\nnot in {}",
        again.all()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// 3. Correct solutions run clean; the C and Rust compile paths find their bug.

#[test]
fn correct_solutions_in_cpp_and_java_run_clean() {
    let dir = temp_dir("stress-correct");
    let run = stress_fixtures(&dir, "brute.py", "correct.cpp", &["--cases", "30"]);
    clean(&dir, &run, 30);
    let run = stress_fixtures(&dir, "brute.py", "Main.java", &["--cases", "6"]);
    clean(&dir, &run, 6);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn solutions_of_one_name_in_two_languages_keep_their_findings_apart() {
    // sol.cpp and sol.py: `findings/sol-cpp` and `findings/sol-py` (before: both `findings/sol`,
    // where the second finding, the same input, was not saved at all).
    let dir = temp_dir("stress-two-languages");
    std::fs::copy(fixture("wrong.cpp"), dir.join("sol.cpp")).unwrap();
    std::fs::write(
        dir.join("sol.py"),
        "n = int(input())\na = list(map(int, input().split()))\nbest = run = 0\n\
         for x in a:\n    run = max(x, run + x)\n    best = max(best, run)\nprint(best)\n",
    )
    .unwrap();
    let validator = fixture("validator.py");
    let [b, brute] = flag("--brute", "brute.py");
    let sol = |file: &str| {
        stress(
            &dir,
            &[&b, &brute, "--solution", file, "--validator", &validator],
        )
    };
    let run = sol("sol.cpp");
    let cpp = found(&dir, &run, "sol-cpp", "wrong answer", "-1\n");
    let run = sol("sol.py");
    assert_eq!(run.code, Some(1), "{}", run.all());
    assert!(
        run.stdout
            .contains("FINDING in sol-py: wrong answer (case "),
        "{}",
        run.all()
    );
    let py = Path::new("findings/sol-py").join(cpp.saved.file_name().unwrap());
    assert!(
        run.stdout.contains(&format!("\n{}\n", py.display())),
        "{}",
        run.all()
    );
    assert_eq!(saved_cases(&dir), vec![cpp.saved, py], "{}", run.all());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_same_bug_in_c_and_in_rust_is_found_and_shrunk() {
    let dir = temp_dir("stress-c-rust");
    let validator = fixture("validator.py");
    for source in ["wrong.c", "wrong.rs"] {
        let run = stress_fixtures(&dir, "brute.py", source, &["--validator", &validator]);
        let name = source.replace('.', "-");
        let finding = found(&dir, &run, &name, "wrong answer", "-1\n");
        assert_eq!(finding.input, "1\n-1\n", "{source}: {}", run.all());
        let again = shell(&dir, &finding.replay);
        assert_eq!(again.code, Some(1), "{source}: {}", again.all());
        std::fs::remove_dir_all(dir.join("findings")).unwrap();
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// 4. What is not the solution's fault: exit 2, the program's own words, nothing saved.

#[test]
fn a_generator_that_fails_hangs_or_prints_nothing_is_an_error() {
    let dir = temp_dir("stress-gen-errors");
    for (gen, extra, said) in [
        (
            "gen_fails.py",
            &[][..],
            &["exit code 3", "gen: cannot open config"][..],
        ),
        (
            "gen_hangs.py",
            &["--gen-timeout", "1s"][..],
            &["gave no input within 1s (killed)"][..],
        ),
        ("gen_empty.py", &[][..], &["printed nothing"][..]),
    ] {
        let gen = fixture(gen);
        let [b, brute] = flag("--brute", "brute.py");
        let [s, solution] = flag("--solution", "correct.cpp");
        let mut args = vec!["--gen", &gen, &b, &brute, &s, &solution, "--cases", "5"];
        args.extend_from_slice(extra);
        let run = stress(&dir, &args);
        setup_error(&dir, &run, said);
        assert!(
            run.stderr
                .contains("error: the generator (--gen) failed on case 0 (seed "),
            "{}",
            run.all()
        );
        assert!(run.took < Duration::from_secs(30), "{}", run.all());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A generator of the maximum subarray's inputs (one number) that appends `SIZE SEED` to
/// `gen.log` in the run's folder each time it runs, and fails (exit 1, `gen: broken` on stderr)
/// from its `fail_from`-th run on.
fn logging_gen(dir: &Path, fail_from: usize) -> String {
    std::fs::write(
        dir.join("gen_log.py"),
        format!(
            "import sys\n\
             size, seed = int(sys.argv[1]), int(sys.argv[-1])\n\
             with open('gen.log', 'a') as log:\n    log.write(f'{{size}} {{seed}}\\n')\n\
             if len(open('gen.log').read().splitlines()) >= {fail_from}:\n\
             \x20   sys.exit('gen: broken')\n\
             print(1)\nprint(seed % 21 - 10)\n"
        ),
    )
    .unwrap();
    "gen_log.py {size}".into()
}

/// The seeds `gen.log` holds, one a run of the generator.
fn logged_seeds(dir: &Path) -> Vec<u64> {
    std::fs::read_to_string(dir.join("gen.log"))
        .unwrap_or_default()
        .lines()
        .map(|l| l.split(' ').nth(1).unwrap().parse().unwrap())
        .collect()
}

#[test]
fn a_failing_generator_is_named_by_its_flag_with_the_case_and_the_seed_it_was_given_on_stderr() {
    // Case 0 runs (the probe's run of the generator is the run's), the generator's second
    // run, case 1, fails (before: "generator failed on case seed 5206558337466748783: `…`
    // failed", on stdout).
    let dir = temp_dir("stress-gen-words");
    let gen = logging_gen(&dir, 2);
    let [b, brute] = flag("--brute", "brute.py");
    let [s, solution] = flag("--solution", "correct.cpp");
    let run = stress(
        &dir,
        &[
            "--gen", &gen, &b, &brute, &s, &solution, "--jobs", "1", "--cases", "5",
        ],
    );
    setup_error(&dir, &run, &["gen: broken"]);
    let seeds = logged_seeds(&dir);
    assert_eq!(seeds.len(), 2, "{seeds:?}: {}", run.all());
    let head = format!(
        "error: the generator (--gen) failed on case 1 (seed {}): `python3 gen_log.py 1 {}` \
         failed with exit code 1; its stderr ends:\n  gen: broken\n",
        seeds[1], seeds[1]
    );
    assert!(run.stderr.contains(&head), "{head}\nnot in {}", run.all());
    assert!(!run.stdout.contains("error"), "{}", run.all());
    // Only the seed the generator got: no 64-bit case seed beside it.
    let line = run
        .stderr
        .lines()
        .find(|l| l.starts_with("error: "))
        .unwrap();
    for number in line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty())
    {
        assert!(number.parse::<u64>().unwrap() < 1 << 31, "{line}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_generator_runs_once_on_each_case_the_probe_before_the_run_included() {
    let dir = temp_dir("stress-gen-once");
    let gen = logging_gen(&dir, usize::MAX);
    let [b, brute] = flag("--brute", "brute.py");
    let [s, solution] = flag("--solution", "correct.cpp");
    let run = stress(
        &dir,
        &["--gen", &gen, &b, &brute, &s, &solution, "--cases", "12"],
    );
    clean(&dir, &run, 12);
    let mut seeds = logged_seeds(&dir);
    assert_eq!(seeds.len(), 12, "{seeds:?}: {}", run.all());
    seeds.sort();
    seeds.dedup();
    assert_eq!(seeds.len(), 12, "twelve cases, twelve seeds: {seeds:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_brute_force_that_fails_hangs_or_prints_nothing_is_an_error_showing_the_input() {
    let dir = temp_dir("stress-brute-errors");
    for (brute, extra, said) in [
        (
            "brute_fails.py",
            &[][..],
            &["exit code 1", "RuntimeError: brute: internal error"][..],
        ),
        (
            "brute_hangs.py",
            &["--reference-timeout", "1s"][..],
            &["time limit: no answer within 1s (killed)"][..],
        ),
        (
            "brute_empty.py",
            &[][..],
            &["printed nothing (exit code 0)"][..],
        ),
    ] {
        let run = stress_fixtures(
            &dir,
            brute,
            "correct.cpp",
            &[&["--cases", "5"][..], extra].concat(),
        );
        setup_error(&dir, &run, said);
        let head = format!("error: --brute `{}` fails on case 0 (", fixture(brute));
        assert!(run.stderr.contains(&head), "{}", run.all());
        // The input it failed on, and the command that makes it again.
        let shown = run.stderr.split(":\n").last().unwrap_or("");
        assert!(
            shown.starts_with("1\n") && shown.ends_with("(nothing was run or saved)\n"),
            "{}",
            run.all()
        );
        assert!(
            run.stderr
                .contains(&format!("from `python3 {} 1 ", fixture("gen.py"))),
            "{}",
            run.all()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_brute_force_that_fails_on_some_inputs_only_is_an_error_with_that_input() {
    let dir = temp_dir("stress-brute-sometimes");
    let brute = fixture("brute_fails_sometimes.py");
    let run = stress_fixtures(&dir, "brute_fails_sometimes.py", "correct.cpp", &[]);
    setup_error(&dir, &run, &["brute: n = 2 is not handled"]);
    let head = format!("\nerror: --brute `{brute}` failed on case ");
    assert!(run.stdout.contains(&head), "{}", run.all());
    let input = run
        .stdout
        .split("--- the input ---\n")
        .nth(1)
        .map(|rest| rest.lines().take(2).collect::<Vec<_>>())
        .unwrap_or_default();
    assert_eq!(input.len(), 2, "{}", run.all());
    assert_eq!(input[0], "2", "the input it fails on: {}", run.all());
    assert_eq!(input[1].split(' ').count(), 2, "{}", run.all());
    assert!(run.stdout.contains("\nERROR: "), "{}", run.all());
    assert!(run.stdout.contains(", 0 finding(s)"), "{}", run.all());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_compile_error_shows_the_compilers_message_and_runs_nothing() {
    let dir = temp_dir("stress-compile-error");
    let run = stress_fixtures(&dir, "brute.py", "compile_error.cpp", &["--cases", "5"]);
    setup_error(
        &dir,
        &run,
        &[
            "compile_error.cpp does not compile (exit code 1 with `g++ ",
            "compile_error.cpp:6:",
            "error: expected",
            "    6 |     return 0",
        ],
    );
    assert!(
        !run.stderr.contains(" stress: solution "),
        "no run was started: {}",
        run.all()
    );
    assert!(!dir.join("findings").exists(), "{}", run.all());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_validator_that_refuses_every_input_is_an_error() {
    let dir = temp_dir("stress-reject-all");
    let validator = fixture("reject_all.py");
    let run = stress_fixtures(
        &dir,
        "brute.py",
        "correct.cpp",
        &["--validator", &validator, "--cases", "5"],
    );
    setup_error(
        &dir,
        &run,
        &[
            "error: the validator refused 5 of 5 generated inputs",
            "validator: n must be even",
            "so nothing was tested",
            "\nERROR: 5 case(s), 0 finding(s)\n",
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A program named by a typo is "no such file", with the closest name in its folder when one
/// is close, under the flag the user gave it (`--brute`, not "the reference").
#[test]
fn a_mistyped_program_is_no_such_file_with_the_closest_name_under_its_flag() {
    let dir = temp_dir("stress-typo");
    std::fs::copy(fixture("correct.cpp"), dir.join("main.cpp")).expect("copy main.cpp");
    // A file of the folder the run is in, one swap away.
    let run = stress(
        &dir,
        &["--brute", &fixture("brute.py"), "--solution", "mian.cpp"],
    );
    setup_error(
        &dir,
        &run,
        &["--solution `mian.cpp` cannot be run: no such file: `mian.cpp` (did you mean `main.cpp`?)"],
    );
    assert!(!run.all().contains("PATH"), "{}", run.all());
    // A path in another folder: the suggestion keeps the folder; the flag is --brute as given.
    let typo = fixture("brtue.py");
    let run = stress(&dir, &["--brute", &typo, "--solution", "main.cpp"]);
    let said = format!(
        "--brute `{typo}` cannot be run: no such file: `{typo}` (did you mean `{}`?)",
        fixture("brute.py")
    );
    setup_error(&dir, &run, &[said.as_str()]);
    assert!(!run.all().contains("reference"), "{}", run.all());
    // `-r`, the short name, is the flag named when it is the one given.
    let run = stress(&dir, &["-r", &typo, "--solution", "main.cpp"]);
    setup_error(&dir, &run, &[format!("-r `{typo}` cannot be run").as_str()]);
    // Nothing close: no guess.
    let run = stress(
        &dir,
        &[
            "--brute",
            &fixture("brute.py"),
            "--solution",
            "zzqqxxyy.cpp",
        ],
    );
    setup_error(&dir, &run, &["no such file: `zzqqxxyy.cpp`"]);
    assert!(!run.all().contains("did you mean"), "{}", run.all());
    let _ = std::fs::remove_dir_all(&dir);
}

// 5. Kept cases, judged one verdict a case.

#[test]
fn judge_takes_the_time_limit_under_stress_s_name_and_under_its_older_one() {
    // `stress --solution-timeout`, `judge --timeout`: one name now, the old one an alias.
    let dir = temp_dir("stress-judge-timeout");
    std::fs::write(dir.join("spin.in"), "2\n1 1\n").unwrap();
    std::fs::write(dir.join("spin.out"), "2\n").unwrap();
    let slow = fixture("slow.cpp");
    for flag in ["--solution-timeout", "--timeout"] {
        let run = run_in(&dir, &["judge", &slow, "spin.in", flag, "300ms"]);
        assert_eq!(run.code, Some(1), "{flag}: {}", run.all());
        // The limit given, not the default 10 s.
        assert!(
            judge_rows(&run.stdout) == [("time limit".to_string(), "spin.in".to_string())]
                && run.stdout.contains("\nover the CPU-time limit 0.30s (CPU "),
            "{flag}: {}",
            run.all()
        );
    }
    let help = run_in(&dir, &["judge", "--help"]);
    assert!(
        help.stdout.contains("--solution-timeout <DURATION>")
            && help.stdout.contains("[alias: --timeout]"),
        "{}",
        help.all()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn judge_gives_one_verdict_per_kept_case_and_fails_if_any_fails() {
    let dir = temp_dir("stress-judge");
    let cases = dir.join("cases");
    std::fs::create_dir_all(&cases).unwrap();
    for (name, input, answer, ext) in [
        ("a", "1\n-1\n", "-1\n", "out"),
        ("b", "3\n1 2 3\n", "6\n", "out"),
        ("c", "2\n-3 -2\n", "-2\n", "ans"),
        ("d", "4\n2 -5 4 1\n", "5\n", "out"),
    ] {
        std::fs::write(cases.join(format!("{name}.in")), input).unwrap();
        std::fs::write(cases.join(format!("{name}.{ext}")), answer).unwrap();
    }
    let wrong = fixture("wrong.cpp");
    let run = run_in(&dir, &["judge", &wrong, "cases", "--jobs", "3"]);
    assert_eq!(run.code, Some(1), "{}", run.all());
    let row = |verdict: &str, case: &str| (verdict.to_string(), case.to_string());
    assert_eq!(
        judge_rows(&run.stdout),
        [
            row("wrong answer", "cases/a.in"),
            row("ok", "cases/b.in"),
            row("wrong answer", "cases/c.in"),
            row("ok", "cases/d.in"),
        ],
        "{}",
        run.all()
    );
    assert!(
        run.stdout
            .starts_with("verdict                CPU    wall  case\n"),
        "{}",
        run.all()
    );
    // Every failure's details, in the cases' order.
    let a = run
        .stdout
        .find("\n--- cases/a.in: wrong answer ---\n--- input ---\n1\n-1\n");
    let c = run
        .stdout
        .find("\n--- cases/c.in: wrong answer ---\n--- input ---\n2\n-3 -2\n");
    assert!(a.is_some() && a < c, "{}", run.all());
    assert!(
        run.stdout.contains("expected: the .ans file's")
            && run.stdout.contains("expected: the .out file's"),
        "{}",
        run.all()
    );
    assert!(
        run.stdout
            .contains("\nFAILED: 4 of 4 case(s) judged, 2 ok, 2 wrong answer\n"),
        "{}",
        run.all()
    );

    let correct = fixture("correct.cpp");
    let run = run_in(&dir, &["judge", &correct, "cases"]);
    assert_eq!(run.code, Some(0), "{}", run.all());
    assert_eq!(
        judge_rows(&run.stdout)
            .iter()
            .filter(|(verdict, _)| verdict == "ok")
            .count(),
        4
    );
    assert!(
        run.stdout.contains("\nok: 4 of 4 case(s) judged, 4 ok\n"),
        "{}",
        run.all()
    );

    // One kept case by its file, and other verdicts; a glob's answers are no cases.
    let crash = fixture("crash.cpp");
    let run = run_in(
        &dir,
        &["judge", &crash, "cases/a.in", "cases/a.out", "cases/b.in"],
    );
    assert_eq!(run.code, Some(1), "{}", run.all());
    assert_eq!(
        judge_rows(&run.stdout),
        [row("runtime error", "cases/a.in"), row("ok", "cases/b.in")],
        "{}",
        run.all()
    );
    let spaces = fixture("spaces.py");
    let run = run_in(&dir, &["judge", &spaces, "cases", "--checker", "tokens"]);
    assert_eq!(run.code, Some(0), "{}", run.all());

    // A case with no answer beside it is listed so, and the others are judged; with --brute,
    // the brute force's answer judges it.
    std::fs::write(cases.join("e.in"), "1\n5\n").unwrap();
    let run = run_in(&dir, &["judge", &correct, "cases"]);
    assert_eq!(run.code, Some(0), "{}", run.all());
    assert_eq!(
        judge_rows(&run.stdout)[4],
        row("no answer kept", "cases/e.in"),
        "{}",
        run.all()
    );
    assert!(
        run.stdout.contains(
            "--- cases/e.in: no answer kept ---\nno cases/e.out or cases/e.ans beside it (give \
             --brute to judge it by a brute force's answer)"
        ) && run
            .stdout
            .contains("\nok: 4 of 5 case(s) judged, 4 ok, 1 no answer kept\n"),
        "{}",
        run.all()
    );
    let brute = fixture("brute.py");
    let run = run_in(&dir, &["judge", &wrong, "cases", "--brute", &brute]);
    assert_eq!(run.code, Some(1), "{}", run.all());
    assert_eq!(
        judge_rows(&run.stdout)[4],
        row("ok", "cases/e.in"),
        "{}",
        run.all()
    );
    let run = run_in(&dir, &["judge", &correct, "no-such-folder"]);
    assert_eq!(run.code, Some(2), "{}", run.all());
    assert!(
        run.stderr
            .contains("no-such-folder: no such file or folder"),
        "{}",
        run.all()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// 6. The time budget and Ctrl-C.

#[test]
fn the_time_budget_holds_when_a_time_limit_takes_a_whole_solution_timeout_to_confirm() {
    // Seed 2's case 2 is `1` / `7`, on which sleeps.py sleeps: it is seen 3 s after it starts
    // (the wall-clock cap of a 1 s CPU-time limit, whatever the load: a sleep uses no CPU
    // time), before the 4 s budget and its 2 s grace end, and its first rerun, which would
    // confirm it, takes the 3 s cap again, past them: the run ends on time, and the time limit
    // seen once is a note, not a finding.
    let dir = temp_dir("stress-time");
    let marker = run_marker("stress-time");
    let slow = format!("sleeps.py {marker}");
    let run = stress_fixtures(
        &dir,
        "brute.py",
        &slow,
        &["--seed", "2", "--time", "4s", "--solution-timeout", "1s"],
    );
    assert_eq!(run.code, Some(0), "{}", run.all());
    assert!(!run.stdout.contains("FINDING"), "{}", run.all());
    assert!(
        run.stdout.contains(
            "note: unconfirmed, not a finding: a limit verdict of sleeps-py on case 2, whose \
             rerun 1 of 3 was still running at the end of the time budget"
        ),
        "{}",
        run.all()
    );
    // The budget, its grace, and one solution timeout for startup (syntax checks, the probe).
    let bound = Duration::from_secs(4 + 2 + 4);
    assert!(
        run.took < bound,
        "{:?} over {bound:?}: {}",
        run.took,
        run.all()
    );
    let left = left_running(&marker);
    assert!(left.is_empty(), "left running: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Starts `stress --seed 2` of slow.py (case 2 hangs), marked, with these extra flags; returns
/// the child and the marker.
fn spawn_slow(dir: &Path, tag: &str, extra: &[&str]) -> (std::process::Child, String) {
    let marker = run_marker(tag);
    let solution = format!("{} {marker}", fixture("slow.py"));
    let gen = format!("{} {{size}}", fixture("gen.py"));
    let brute = fixture("brute.py");
    let child = Command::new(env!("CARGO_BIN_EXE_boardfuzz"))
        .args([
            "stress",
            "--gen",
            &gen,
            "--brute",
            &brute,
            "--solution",
            &solution,
        ])
        .args(["--seed", "2", "-q"])
        .args(extra)
        .current_dir(dir)
        .envs(env())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    (child, marker)
}

/// Waits until the `nth` (from 1) process marked `marker` other than `parent` has been running
/// for a second: a run of slow.py that hangs. Panics after a minute.
fn wait_for_hang(marker: &str, parent: u32, nth: usize) {
    let pids = || -> Vec<u32> {
        processes_with(marker)
            .iter()
            .filter_map(|p| p.split(':').next()?.parse().ok())
            .filter(|&pid| pid != parent)
            .collect()
    };
    let started = Instant::now();
    let mut seen: Vec<(u32, Instant)> = Vec::new();
    let mut hung: Vec<u32> = Vec::new();
    while started.elapsed() < Duration::from_secs(60) {
        let now = pids();
        for &pid in &now {
            if !seen.iter().any(|(p, _)| *p == pid) {
                seen.push((pid, Instant::now()));
            }
        }
        for (pid, since) in &seen {
            if now.contains(pid) && since.elapsed() > Duration::from_secs(1) && !hung.contains(pid)
            {
                hung.push(*pid);
                if hung.len() == nth {
                    return;
                }
            }
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("no {nth} hanging run of {marker} within a minute (seen {seen:?})");
}

/// The processes marked `marker` still running two seconds after the run ended: those a run
/// started after Ctrl-C's kill are killed by its sentinel when it exits, a moment later.
fn left_running(marker: &str) -> Vec<String> {
    let started = Instant::now();
    loop {
        let left = processes_with(marker);
        if left.is_empty() || started.elapsed() > Duration::from_secs(2) {
            return left;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Sends SIGINT to the child and waits: its exit code, stdout and how long it took to end.
fn interrupt(child: std::process::Child) -> (Option<i32>, String, Duration) {
    let sent = Instant::now();
    // SAFETY: signalling our own child, which has not been waited for yet.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
    let out = child.wait_with_output().unwrap();
    let report = format!("{}--- stderr ---\n{}", text(&out.stdout), text(&out.stderr));
    (out.status.code(), report, sent.elapsed())
}

/// How soon a run ends after Ctrl-C: at once, not when the hang it interrupts would have ended
/// (the messages say what was cut short); room for a loaded machine's kill and report.
const PROMPT: Duration = Duration::from_secs(10);

#[test]
fn ctrl_c_while_the_solution_hangs_exits_130_and_leaves_nothing_running() {
    let dir = temp_dir("stress-ctrl-c");
    let (child, marker) = spawn_slow(&dir, "stress-hang", &["--time", "60s"]);
    let pid = child.id();
    wait_for_hang(&marker, pid, 1);
    let (code, report, took) = interrupt(child);
    assert_eq!(code, Some(130), "{report}");
    assert!(took < PROMPT, "{took:?}: {report}");
    assert!(report.contains("\nINTERRUPTED: "), "{report}");
    // A solution killed by Ctrl-C is no finding, nor is a generator or a reference.
    assert!(!report.contains("FINDING"), "{report}");
    assert!(!report.contains("error"), "{report}");
    let left = left_running(&marker);
    assert!(left.is_empty(), "left running: {left:?}");
    nothing_saved(
        &dir,
        &Run {
            code,
            stdout: report,
            stderr: String::new(),
            took,
        },
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ctrl_c_while_a_time_limit_is_confirmed_is_a_note_not_a_finding() {
    // One job: the first hang is case 2's, the second its first rerun, which would confirm it.
    let dir = temp_dir("stress-ctrl-c-confirm");
    let (child, marker) = spawn_slow(
        &dir,
        "stress-confirm",
        &["--jobs", "1", "--solution-timeout", "3s"],
    );
    let pid = child.id();
    wait_for_hang(&marker, pid, 2);
    let (code, report, took) = interrupt(child);
    assert_eq!(code, Some(130), "{report}");
    assert!(took < PROMPT, "{took:?}: {report}");
    assert!(!report.contains("FINDING"), "{report}");
    assert!(
        report.contains(
            "note: unconfirmed, not a finding: solution time limit: over the CPU-time limit 3.00s"
        ) && report.contains("on case 2: Ctrl-C came before it was run again"),
        "{report}"
    );
    assert!(report.contains("\nINTERRUPTED: "), "{report}");
    assert!(saved_cases(&dir).is_empty(), "{report}");
    let left = left_running(&marker);
    assert!(left.is_empty(), "left running: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ctrl_c_while_the_found_case_is_rerun_still_reports_and_saves_it() {
    // One job: the first hang is case 2's, the next three its reruns that confirm it, the
    // fifth the shrink's rerun of it.
    let dir = temp_dir("stress-ctrl-c-shrink");
    let (child, marker) = spawn_slow(
        &dir,
        "stress-rerun",
        &["--jobs", "1", "--solution-timeout", "2s"],
    );
    let pid = child.id();
    wait_for_hang(&marker, pid, 5);
    let (code, report, took) = interrupt(child);
    assert_eq!(code, Some(130), "{report}");
    assert!(took < PROMPT, "{took:?}: {report}");
    assert!(
        report.contains("FINDING in slow-py: solution time limit (case 2 of seed 2; "),
        "{report}"
    );
    assert!(
        report.contains("shrinking was interrupted; this is the smallest failing case so far"),
        "{report}"
    );
    assert!(report.contains("\nINTERRUPTED: "), "{report}");
    assert_eq!(saved_cases(&dir).len(), 1, "{report}");
    let left = left_running(&marker);
    assert!(left.is_empty(), "left running: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ctrl_c_while_the_generator_runs_is_no_error_of_the_generator() {
    // A generator that hangs from size 2 on (case 10): Ctrl-C kills it, which is not its fault
    // (before: "error: generator failed …: killed by signal 9 (SIGKILL)", "the generator is
    // yours to fix").
    let dir = temp_dir("stress-ctrl-c-gen");
    std::fs::write(
        dir.join("gen_later.py"),
        "import sys, time\n\
         size, seed = int(sys.argv[1]), int(sys.argv[-1])\n\
         while size >= 2:\n    time.sleep(3600)\n\
         print(1)\nprint(seed % 21 - 10)\n",
    )
    .unwrap();
    let marker = run_marker("stress-gen");
    let gen = format!("gen_later.py {{size}} {marker}");
    let (brute, correct) = (fixture("brute.py"), fixture("correct.cpp"));
    let child = Command::new(env!("CARGO_BIN_EXE_boardfuzz"))
        .args([
            "stress",
            "--gen",
            &gen,
            "--brute",
            &brute,
            "--solution",
            &correct,
        ])
        .args(["--seed", "1", "-q", "--gen-timeout", "60s"])
        .current_dir(&dir)
        .envs(env())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    wait_for_hang(&marker, pid, 1);
    let (code, report, took) = interrupt(child);
    assert_eq!(code, Some(130), "{report}");
    assert!(took < PROMPT, "{took:?}: {report}");
    assert!(
        report.contains("\nINTERRUPTED: 10 case(s), 0 finding(s)"),
        "{report}"
    );
    assert!(!report.contains("error"), "{report}");
    let left = left_running(&marker);
    assert!(left.is_empty(), "left running: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The shards of a stress run merged: a brute force that fails on some inputs is the user's to
/// fix in the merged report too (exit 2, as `stress` itself exits), and a solution's finding in
/// any shard is a finding (exit 1).
#[test]
fn merged_shards_of_stress_exit_as_stress_does() {
    let dir = temp_dir("stress-merge");
    let shards = |brute: &str, solution: &str| -> Vec<String> {
        (0..2)
            .map(|k| {
                let report = dir.join(format!("{brute}-{solution}-{k}.json"));
                let shard = format!("{k}/2");
                let report_arg = report.display().to_string();
                let run = stress_fixtures(
                    &dir,
                    brute,
                    solution,
                    &[
                        "--cases",
                        "40",
                        "--no-save",
                        "--shard",
                        &shard,
                        "--report",
                        "json",
                        &report_arg,
                    ],
                );
                assert!(matches!(run.code, Some(1 | 2)), "{}", run.all());
                report_arg
            })
            .collect()
    };
    let merge = |reports: Vec<String>| {
        let mut args = vec!["merge"];
        args.extend(reports.iter().map(String::as_str));
        run_in(&dir, &args)
    };
    let broken = merge(shards("brute_fails_sometimes.py", "correct.cpp"));
    assert_eq!(broken.code, Some(2), "{}", broken.all());
    assert!(broken.stderr.contains("yours to fix"), "{}", broken.all());
    let wrong = merge(shards("brute.py", "wrong.cpp"));
    assert_eq!(wrong.code, Some(1), "{}", wrong.all());
    assert!(wrong.stdout.contains("wrong answer"), "{}", wrong.all());
    let _ = std::fs::remove_dir_all(&dir);
}

// 6. Shrinking on the inputs a judge gives (issue 39): kept to the generator's shape, and
//    started from a case the generator makes again at a smaller size.

/// A fixture's Python program run on `input`: what it prints.
fn python_on(name: &str, input: &str) -> String {
    use std::io::Write;
    let mut child = Command::new("python3")
        .arg(fixture(name))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{name} on {input:?}");
    text(&out.stdout)
}

/// `stress` of dice yut (BOJ 17825): ten dice from `dice_gen.py` (no `{size}`), the brute force
/// `dice_brute.py` (which answers any number of dice) and `dice_finished_moves.cpp` (a finished
/// piece can be picked again; it reads exactly ten dice), then `extra`.
fn dice_stress(cwd: &Path, extra: &[&str]) -> Run {
    let gen = fixture("dice_gen.py");
    let mut args = vec!["--gen", &gen, "--cases", "400"];
    args.extend_from_slice(extra);
    stress_fixtures(cwd, "dice_brute.py", "dice_finished_moves.cpp", &args)
}

/// The dice of a dice yut input, one line of numbers.
fn dice(input: &str) -> Vec<u64> {
    assert_eq!(input.lines().count(), 1, "one line: {input:?}");
    input
        .split_whitespace()
        .map(|t| t.parse().unwrap_or_else(|_| panic!("{t} in {input:?}")))
        .collect()
}

#[test]
fn the_ten_dice_finding_is_shrunk_to_ten_dice_in_1_to_5_on_which_the_two_still_differ() {
    let dir = temp_dir("stress-dice-shape");
    let run = dice_stress(&dir, &[]);
    let answer = python_on("dice_brute.py", &reported_input(&run.stdout));
    let finding = found(
        &dir,
        &run,
        "dice_finished_moves-cpp",
        "wrong answer",
        &answer,
    );
    let shrunk = dice(&finding.input);
    assert_eq!(shrunk.len(), 10, "{}", run.all());
    assert!(shrunk.iter().all(|d| (1..=5).contains(d)), "{}", run.all());
    // The brute force's answer, saved as the `.out`, is boardfuzz's own engine's on these ten
    // dice (strict: the judge's ten), and the solution's differs: the replay line fails.
    let engine = shell(
        &dir,
        &format!(
            "printf '{}' | {} solve dice_yut",
            finding.input.trim_end(),
            env!("CARGO_BIN_EXE_boardfuzz")
        ),
    );
    assert_eq!(
        (engine.code, engine.stdout.as_str()),
        (Some(0), answer.as_str())
    );
    let again = shell(&dir, &finding.replay);
    assert_eq!(again.code, Some(1), "{}", again.all());
    assert_eq!(
        judge_rows(&again.stdout)[0].0,
        "wrong answer",
        "{}",
        again.all()
    );
    // The report says what the shrink kept, and that the generator takes no size to shrink by.
    for said in [
        "\nnote: kept to the generator's shape (learned from ",
        "): 1 line of 10 numbers in 1..5",
        "\nnote: not regenerated smaller: the generator's command has no `{size}`; shrunk from \
         1 line, ",
        " outside the shape refused without a run)\n",
    ] {
        assert!(run.stdout.contains(said), "`{said}` not in {}", run.all());
    }
    // The unshrunk case is the generator's own: ten dice too.
    assert_eq!(dice(&regenerated(&dir, &finding)).len(), 10);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn shape_loose_lets_the_ten_dice_shrink_to_fewer_than_ten() {
    let dir = temp_dir("stress-dice-loose");
    let run = dice_stress(&dir, &["--shape", "loose"]);
    let answer = python_on("dice_brute.py", &reported_input(&run.stdout));
    let finding = found(
        &dir,
        &run,
        "dice_finished_moves-cpp",
        "wrong answer",
        &answer,
    );
    // Nothing keeps the ten dice: the brute force answers any number, and the solution, which
    // reads ten, is wrong on fewer.
    assert!(dice(&finding.input).len() < 10, "{}", run.all());
    assert!(!run.stdout.contains("generator's shape"), "{}", run.all());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The number after `words` in `line`.
fn number_after(line: &str, words: &str) -> u64 {
    line.split(words)
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no number after `{words}` in {line}"))
}

#[test]
fn a_case_found_at_size_60_is_regenerated_smaller_then_shrunk_and_its_command_prints_it() {
    // short_runs.py tries runs of one or two elements only: wrong on a list of 3 or more, so
    // the first case, at size 60, fails, and sizes 1 and 2 cannot.
    let dir = temp_dir("stress-regenerate");
    let extra = ["--min-size", "60", "--cases", "100", "--verbose"];
    let run = stress_fixtures(&dir, "brute.py", "short_runs.py", &extra);
    let answer = python_on("brute.py", &reported_input(&run.stdout));
    let finding = found(&dir, &run, "short_runs-py", "wrong answer", &answer);
    let note = run
        .stdout
        .lines()
        .find(|l| l.starts_with("note: found at size "))
        .unwrap_or_else(|| panic!("no note of the regenerate step: {}", run.all()));
    let found_size = number_after(note, "found at size ");
    let kept_size = number_after(note, "regenerated failing at size ");
    assert!(found_size >= 50, "{note}");
    assert!((3..found_size).contains(&kept_size), "{note}");
    assert!(note.contains(" generator run(s), "), "{note}");
    assert!(note.contains("; then shrunk to 2 lines, "), "{note}");
    // The FINDING line's command regenerates the case the shrink started from, the one
    // --verbose printed: run as printed, it prints exactly that input.
    assert!(
        run.stdout.contains(&format!(
            "(case {} of seed 1, at size {found_size}, regenerated failing at size {kept_size}; \
             regenerate the unshrunk case with `",
            finding.case
        )),
        "{}",
        run.all()
    );
    assert!(
        finding.regenerate.contains(&format!("gen.py {kept_size} ")),
        "{}",
        finding.regenerate
    );
    let printed = run
        .stderr
        .split(&format!(
            "the regenerated case, from `{}`:\n",
            finding.regenerate
        ))
        .nth(1)
        .unwrap_or_else(|| panic!("--verbose shows no regenerated case: {}", run.all()));
    let kept = regenerated(&dir, &finding);
    assert!(printed.starts_with(&kept), "{kept:?} is not {printed:?}");
    // It fails as the found case did, on a list of 3 or more, and the shrink went on from it.
    assert_ne!(
        python_on("brute.py", &kept),
        python_on("short_runs.py", &kept)
    );
    let n: u64 = kept
        .lines()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(n >= 3, "{kept}");
    assert!(
        finding.input.len() <= kept.len(),
        "{kept:?} {:?}",
        finding.input
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_finding_over_a_screen_is_shown_as_its_head_and_tail_and_the_json_report_keeps_it_whole() {
    // sum_short_array.py keeps 44 numbers: the smallest failing input is 46 lines; the shape
    // keeps the generator's 51.
    let dir = temp_dir("stress-big-finding");
    let gen = fixture("sum_gen.py");
    let json = dir.join("report.json").display().to_string();
    let base = ["--gen", gen.as_str(), "--cases", "20"];
    let mut args = base.to_vec();
    args.extend(["--report", "json", &json]);
    let run = stress_fixtures(&dir, "sum_brute.py", "sum_short_array.py", &args);
    assert_eq!(run.code, Some(1), "{}", run.all());
    let saved = saved_cases(&dir);
    assert_eq!(saved.len(), 1, "{}", run.all());
    let saved = saved[0].display().to_string();
    let whole = std::fs::read_to_string(dir.join(&saved)).unwrap();
    let lines: Vec<&str> = whole.lines().collect();
    assert!(lines.len() > 40, "{whole}");
    // The first 20 lines, what is left out and where the whole case is, the last 10.
    let shown_as = |path: &str| {
        let mut shown: String = lines[..20].iter().map(|l| format!("{l}\n")).collect();
        let left_out: usize = lines[20..lines.len() - 10]
            .iter()
            .map(|l| l.len() + 1)
            .sum();
        shown.push_str(&format!(
            "… {} lines ({left_out} bytes) not shown; the whole case: {path}\n",
            lines.len() - 30
        ));
        shown.extend(lines[lines.len() - 10..].iter().map(|l| format!("{l}\n")));
        shown
    };
    assert_eq!(
        reported_input(&run.stdout),
        shown_as(&saved),
        "{}",
        run.all()
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["findings"][0]["input"], whole.as_str());
    // `judge` shows the failing case the same way, pointing to its file.
    let judged = run_in(
        &dir,
        &["judge", &fixture("sum_short_array.py"), saved.as_str()],
    );
    assert_eq!(judged.code, Some(1), "{}", judged.all());
    assert!(
        judged
            .stdout
            .contains(&format!("--- input ---\n{}", shown_as(&saved))),
        "{}",
        judged.all()
    );
    // Not saved: the whole case is written to a file of its own, which the report names.
    let _ = std::fs::remove_dir_all(dir.join("findings"));
    let mut args = base.to_vec();
    args.push("--no-save");
    let unsaved = stress_fixtures(&dir, "sum_brute.py", "sum_short_array.py", &args);
    assert_eq!(unsaved.code, Some(1), "{}", unsaved.all());
    nothing_saved(&dir, &unsaved);
    let shown = reported_input(&unsaved.stdout);
    let path = shown
        .lines()
        .find_map(|l| l.split("; the whole case: ").nth(1))
        .unwrap_or_else(|| panic!("{}", unsaved.all()));
    assert_eq!(shown, shown_as(path));
    assert_eq!(std::fs::read_to_string(path).unwrap(), whole);
    let _ = std::fs::remove_file(path);
    let _ = std::fs::remove_dir_all(&dir);
}

// 7. A problem's words (issue 40 items 1 and 2): the reports of a stress run name its three
//    programs and none of a game's fields, and a wrong answer is shown line by line (token by
//    token with `tokens`), the characters that differ marked as the heading says.

/// The heading of the answers of a finding, line by line, the marker explained.
const ANSWER_LINES: &str = "--- answer, line by line (expected: the brute force's; got: the \
                            solution's; ^ under each character that differs) ---\n";

/// `stress` of the three-line problem (`three_brute.py`: n, the smallest element, the largest)
/// against `three_wrong.py` (wrong on line 2 when every element is positive), with `extra`.
fn three_lines(cwd: &Path, extra: &[&str]) -> Run {
    let mut args = vec!["--cases", "40", "--no-save"];
    args.extend_from_slice(extra);
    stress_fixtures(cwd, "three_brute.py", "three_wrong.py", &args)
}

#[test]
fn a_wrong_answer_on_line_2_of_3_is_shown_as_line_2_expected_and_got_with_its_marker() {
    let dir = temp_dir("stress-answer-lines");
    let run = three_lines(&dir, &[]);
    assert_eq!(run.code, Some(1), "{}", run.all());
    let shown = run
        .stdout
        .split(ANSWER_LINES)
        .nth(1)
        .unwrap_or_else(|| panic!("no answer heading: {}", run.all()));
    let lines: Vec<&str> = shown.lines().take(3).collect();
    // The smallest element is positive (1..=10), the solution says 0: line 2, one character.
    assert!(
        lines[0].starts_with("answer line 2: expected `") && lines[0].ends_with('`'),
        "{shown}"
    );
    assert_eq!(lines[1], "                    got `0`", "{shown}");
    assert_eq!(lines[2], "                         ^", "{shown}");
    assert!(!run.stdout.contains("output diff"), "{}", run.all());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn with_the_tokens_checker_a_wrong_token_is_shown_by_its_position() {
    let dir = temp_dir("stress-answer-tokens");
    let run = stress_fixtures(
        &dir,
        "three_brute.py",
        "three_tokens.py",
        &["--cases", "40", "--no-save", "--checker", "tokens"],
    );
    assert_eq!(run.code, Some(1), "{}", run.all());
    // The solution prints its three answers on one line: token 2 is its line 1's token 2.
    assert!(
        run.stdout.contains(
            "--- answer, token by token (expected: the brute force's; got: the solution's; ^ \
             under each character that differs) ---\nanswer token 2 (line 1, token 2): expected `"
        ),
        "{}",
        run.all()
    );
    assert!(
        run.stdout
            .contains("`\n                                       got `0`\n"),
        "{}",
        run.all()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Fails the test if `text` holds one of `words`.
fn holds_none(what: &str, text: &str, words: &[&str]) {
    for word in words {
        assert!(!text.contains(word), "`{word}` in the {what}: {text}");
    }
}

#[test]
fn a_stress_runs_json_html_and_junit_reports_name_its_programs_and_no_game_field() {
    let dir = temp_dir("stress-reports");
    let path = |name: &str| dir.join(name).display().to_string();
    let (json, html, junit) = (path("r.json"), path("r.html"), path("r.xml"));
    let run = three_lines(
        &dir,
        &[
            "--report", "json", &json, "--report", "html", &html, "--report", "junit", &junit,
        ],
    );
    assert_eq!(run.code, Some(1), "{}", run.all());
    let gen = format!("{} {{size}}", fixture("gen.py"));
    let (brute, solution) = (fixture("three_brute.py"), fixture("three_wrong.py"));
    let game_words = [
        "turn",
        "census",
        "deep",
        "clause",
        "engine",
        "games",
        "rejected by both",
    ];

    let text = std::fs::read_to_string(&json).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["kind"], "stress", "{text}");
    assert_eq!(v["schema"], 2, "{text}");
    assert_eq!(v["programs"]["generator"], gen.as_str(), "{text}");
    assert_eq!(v["programs"]["brute_force"], brute.as_str(), "{text}");
    assert_eq!(v["programs"]["solution"], solution.as_str(), "{text}");
    assert_eq!(v["programs"]["checker"], "lines", "{text}");
    assert_eq!(v["problem"], "three_wrong-py", "{text}");
    assert_eq!(v["findings"][0]["verdict"], "wrong answer", "{text}");
    let expected = v["findings"][0]["expected_output"].as_str().unwrap();
    assert_eq!(expected.lines().count(), 3, "{text}");
    for field in [
        "games",
        "subject",
        "settings",
        "deep_share",
        "unit",
        "first_divergence",
    ] {
        assert!(
            !text.contains(&format!("\"{field}\"")),
            "`{field}` in {text}"
        );
    }
    holds_none("JSON report", &text, &game_words);

    let page = std::fs::read_to_string(&html).unwrap();
    for (role, command) in [
        ("generator", &gen),
        ("brute force", &brute),
        ("solution", &solution),
    ] {
        let row = format!("<tr><th>{role}</th><td>{command}</td></tr>");
        assert!(page.contains(&row), "no `{row}` in {page}");
    }
    assert!(
        page.contains("<pre class=\"answer\">\nanswer line 2: expected `"),
        "{page}"
    );
    assert!(
        page.contains("^ under each character that differs)</h4>"),
        "the legend explains the marker: {page}"
    );
    assert!(page.contains("<span class=\"mark\">"), "{page}");
    holds_none("HTML report", &page, &game_words);
    holds_none(
        "HTML report",
        &page,
        &["deep-checked", "census tags", "First divergence"],
    );

    let xml = std::fs::read_to_string(&junit).unwrap();
    for (role, command) in [
        ("generator", &gen),
        ("brute_force", &brute),
        ("solution", &solution),
    ] {
        let property = format!("<property name=\"{role}\" value=\"{command}\"/>");
        assert!(xml.contains(&property), "no `{property}` in {xml}");
    }
    assert!(
        xml.contains("<testsuites name=\"boardfuzz stress\""),
        "{xml}"
    );
    assert!(xml.contains("\nanswer line 2: expected `"), "{xml}");
    holds_none("JUnit report", &xml, &game_words);
    holds_none("JUnit report", &xml, &["name=\"subject\"", "clause:"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_stress_shards_reports_merge_in_a_problems_words_and_check_reports_still_merge() {
    let dir = temp_dir("stress-merge-words");
    let path = |name: &str| dir.join(name).display().to_string();
    for k in 0..2 {
        let shard = format!("{k}/2");
        let json = path(&format!("s{k}.json"));
        let run = three_lines(&dir, &["--shard", &shard, "--report", "json", &json]);
        assert_eq!(run.code, Some(1), "{}", run.all());
    }
    let (json, html) = (path("all.json"), path("all.html"));
    let merged = run_in(
        &dir,
        &[
            "merge",
            &path("s1.json"),
            &path("s0.json"),
            "--report",
            "json",
            &json,
            "--report",
            "html",
            &html,
        ],
    );
    assert_eq!(merged.code, Some(1), "{}", merged.all());
    // The text is stress's: its finding line by line, no game's counts.
    assert!(merged.stdout.contains(ANSWER_LINES), "{}", merged.all());
    let cases_of = |file: &str| -> u64 {
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path(file)).unwrap()).unwrap();
        v["cases"].as_u64().unwrap()
    };
    let cases = cases_of("s0.json") + cases_of("s1.json");
    assert!(
        merged
            .stdout
            .contains(&format!("\nFAILED: {cases} case(s), ")),
        "{}",
        merged.all()
    );
    holds_none(
        "merged text",
        &merged.stdout,
        &["game(s)", "rejected by both", "census"],
    );
    let text = std::fs::read_to_string(&json).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["kind"], "stress", "{text}");
    assert_eq!(
        v["merged_from"],
        serde_json::json!(["0/2", "1/2"]),
        "{text}"
    );
    assert_eq!(v["cases"], cases, "{text}");
    assert_eq!(
        v["programs"]["solution"],
        fixture("three_wrong.py").as_str(),
        "{text}"
    );
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains("<tr><th>merged from</th><td>0/2, 1/2</td></tr>"),
        "{page}"
    );
    assert!(page.contains("<tr><th>brute force</th>"), "{page}");

    // A check run's shards merge as before, of kind `check`.
    for k in 0..2 {
        let shard = format!("{k}/2");
        let json = path(&format!("c{k}.json"));
        let run = run_in(
            &dir,
            &[
                "check",
                "stack_game",
                "--cases",
                "30",
                "--seed",
                "3",
                "--shard",
                &shard,
                "-q",
            ]
            .into_iter()
            .chain(["--report", "json", &json])
            .collect::<Vec<_>>(),
        );
        assert_eq!(run.code, Some(0), "{}", run.all());
    }
    let checks = run_in(
        &dir,
        &[
            "merge",
            &path("c0.json"),
            &path("c1.json"),
            "--report",
            "json",
            &json,
        ],
    );
    assert_eq!(checks.code, Some(0), "{}", checks.all());
    assert!(
        checks.stdout.contains("ok: 30 case(s) in 1 game(s)"),
        "{}",
        checks.all()
    );
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(
        (&v["kind"], &v["cases"]),
        (&serde_json::json!("check"), &serde_json::json!(30))
    );
    // And a stress report with a check report does not.
    let mixed = run_in(&dir, &["merge", &path("s0.json"), &path("c1.json")]);
    assert_eq!(mixed.code, Some(2), "{}", mixed.all());
    assert!(
        mixed.stderr.contains("reports of stress and check"),
        "{}",
        mixed.all()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
