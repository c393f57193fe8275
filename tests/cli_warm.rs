//! Warm starts (issue 48, `src/harness/programs/warm.rs`): `stress` finds the same first failing
//! case, with the same verdict, warm (the default) and `--cold`, on the fixtures of
//! `tests/fixtures/stress` and `tests/fixtures/interact`; its opening line says which programs
//! start warm and which cold, and why.
//!
//! A run is stopped (Ctrl-C) once it starts shrinking its finding: the case and the verdict are
//! known then, and a cold shrink of Python programs takes seconds. The default test runs one
//! fixture of each kind of verdict (runtime error, wrong answer in C++ and under a checker
//! program, time limit, memory limit, an interactive dialogue); `--ignored` runs every fixture
//! that fails (about two minutes here).

mod common;

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use common::{stress_fixture, temp_dir};

/// The build cache of this test process.
fn cache() -> &'static str {
    static CACHE: OnceLock<String> = OnceLock::new();
    CACHE.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("warm-cache-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.display().to_string()
    })
}

fn interact_fixture(name: &str) -> String {
    format!(
        "{}/tests/fixtures/interact/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// What a `stress` run found first: the verdict and the case, as its progress line says when
/// the shrink starts (`[slug] VERDICT on case N; shrinking …`), and the opening line.
#[derive(Debug, PartialEq, Eq)]
struct First {
    found: Option<(String, u64)>,
}

/// `boardfuzz stress --seed 1 --no-save ARGS…` (with `--cold` if `cold`), interrupted once it
/// starts shrinking; what it found first, and its stderr's opening line.
fn first_failure(cwd: &Path, args: &[String], cold: bool) -> (First, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_boardfuzz"));
    command
        .args(["stress", "--seed", "1", "--no-save", "--jobs", "1"])
        .args(args)
        .current_dir(cwd)
        .env("BOARDFUZZ_CACHE", cache())
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if cold {
        command.arg("--cold");
    }
    let mut child = command.spawn().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut all = String::new();
        let _ = stdout.read_to_string(&mut all);
        all
    });
    let mut found = None;
    let mut said = String::new();
    for line in BufReader::new(child.stderr.take().unwrap()).lines() {
        let line = line.unwrap();
        said.push_str(&line);
        said.push('\n');
        if found.is_some() {
            continue;
        }
        let Some((head, _)) = line.split_once("; shrinking ") else {
            continue;
        };
        let Some((what, case)) = head.split_once(" on case ") else {
            continue;
        };
        let what = what.split_once("] ").map_or(what, |(_, w)| w);
        found = Some((what.to_string(), case.parse().unwrap()));
        // SAFETY: signalling our own child, not yet waited for.
        unsafe {
            libc::kill(child.id() as libc::pid_t, libc::SIGINT);
        }
    }
    child.wait().unwrap();
    let out = reader.join().unwrap();
    assert!(
        found.is_some() || out.contains("\nok: "),
        "neither a finding nor a clean run:\n{out}\n--- stderr ---\n{said}"
    );
    let opening = said
        .lines()
        .find(|l| l.starts_with("boardfuzz stress: "))
        .unwrap_or_else(|| panic!("no opening line: {said}"))
        .to_string();
    (First { found }, opening)
}

/// One fixture run: the flags after `stress`, and the verdict its first finding has.
struct Case {
    args: Vec<String>,
    verdict: &'static str,
}

/// A max-subarray run of `solution` against `brute` (`gen.py {size}`), with `extra` flags.
fn subarray(brute: &str, solution: &str, verdict: &'static str, extra: &[&str]) -> Case {
    let mut args = vec![
        "--gen".to_string(),
        format!("{} {{size}}", stress_fixture("gen.py")),
        "--brute".into(),
        stress_fixture(brute),
        "--solution".into(),
        stress_fixture(solution),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    Case { args, verdict }
}

/// An interactive run of guess-the-number (`guess_*.py`) or hidden-sum (`sum_*.py` with its
/// brute force): `extra` flags after.
fn interactive(solution: &str, verdict: &'static str) -> Case {
    let problem = if solution.starts_with("sum_") {
        "sum"
    } else {
        "guess"
    };
    let mut args = vec![
        "--gen".to_string(),
        format!(
            "{} {{size}}",
            interact_fixture(&format!("{problem}_gen.py"))
        ),
        "--interactor".into(),
        interact_fixture(&format!("{problem}_interactor.py")),
        "--solution".into(),
        interact_fixture(solution),
        "--idle-limit".into(),
        "500ms".into(),
    ];
    if problem == "sum" {
        args.extend(["--brute".into(), interact_fixture("sum_brute.py")]);
        args.extend(["--checker".into(), "tokens".into()]);
    }
    Case { args, verdict }
}

/// Runs each case warm and cold, two cases at a time: the same first failing case and verdict,
/// the verdict the one expected; the opening line of the warm run names its programs as warm.
fn same_warm_and_cold(tag: &str, cases: &[Case]) {
    let dir = temp_dir(tag);
    for pair in cases.chunks(2) {
        std::thread::scope(|scope| {
            for case in pair {
                scope.spawn(|| warm_as_cold(&dir, case));
            }
        });
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// One case of [`same_warm_and_cold`].
fn warm_as_cold(dir: &Path, case: &Case) {
    let (warm, opening) = first_failure(dir, &case.args, false);
    let (cold, cold_opening) = first_failure(dir, &case.args, true);
    let solution = &case.args[case.args.iter().position(|a| a == "--solution").unwrap() + 1];
    let warm_ones = opening
        .split_once("; warm starts: ")
        .map(|(_, rest)| rest.split("; cold starts: ").next().unwrap_or(rest));
    assert!(
        warm_ones.is_some_and(|w| w.contains(&format!("`{solution}`"))),
        "{opening}"
    );
    assert!(
        cold_opening.ends_with("; every program starts cold (--cold)"),
        "{cold_opening}"
    );
    assert_eq!(warm, cold, "{solution}: warm and cold");
    let (verdict, _) = warm
        .found
        .as_ref()
        .unwrap_or_else(|| panic!("{solution}: nothing found"));
    assert!(
        verdict.ends_with(case.verdict),
        "{solution}: {verdict}, not {}",
        case.verdict
    );
}

/// `--solution-timeout 1s`: a hang is a time limit within seconds.
const FAST_TIMEOUT: &[&str] = &["--solution-timeout", "1s"];

#[test]
fn warm_and_cold_find_the_same_first_failure_of_each_kind_of_verdict() {
    same_warm_and_cold(
        "warm-cold-kinds",
        &[
            subarray("brute.py", "crash.py", "runtime error", &[]),
            subarray("brute.py", "wrong.cpp", "wrong answer", &[]),
            subarray(
                "brute.py",
                "short_runs.py",
                "wrong answer",
                &["--checker", &stress_fixture("checker.py")],
            ),
            subarray("brute.py", "slow.py", "time limit", FAST_TIMEOUT),
            subarray(
                "brute.py",
                "memory_hog.py",
                "memory limit",
                &["--memory-limit", "200M"],
            ),
            interactive("guess_one_too_many.py", "wrong answer"),
        ],
    );
}

#[test]
#[ignore = "every failing fixture, warm and cold: about two minutes"]
fn warm_and_cold_find_the_same_first_failure_on_every_fixture() {
    let gen = |name: &str, size: bool| {
        let line = stress_fixture(name);
        if size {
            format!("{line} {{size}}")
        } else {
            line
        }
    };
    let with_gen = |mut case: Case, generator: String| {
        case.args[1] = generator;
        case
    };
    same_warm_and_cold(
        "warm-cold-all",
        &[
            subarray("brute.py", "crash.py", "runtime error", &[]),
            subarray("brute.py", "crash.cpp", "runtime error", &[]),
            subarray("brute.py", "wrong.cpp", "wrong answer", &[]),
            subarray("brute.py", "wrong.c", "wrong answer", &[]),
            subarray("brute.py", "wrong.rs", "wrong answer", &[]),
            subarray("brute.py", "sign.py", "wrong answer", &[]),
            subarray("brute.py", "spaces.py", "wrong answer", &[]),
            subarray("brute.py", "tokens.cpp", "wrong answer", &[]),
            subarray("brute.py", "short_runs.py", "wrong answer", &[]),
            subarray("brute.py", "slow.py", "time limit", FAST_TIMEOUT),
            subarray("brute.py", "slow.cpp", "time limit", FAST_TIMEOUT),
            subarray("brute.py", "sleeps.py", "time limit", FAST_TIMEOUT),
            subarray(
                "brute.py",
                "memory_hog.py",
                "memory limit",
                &["--memory-limit", "200M"],
            ),
            subarray(
                "brute.py",
                "ub_overflow.cpp",
                "undefined behaviour",
                &["--sanitize"],
            ),
            subarray(
                "brute.py",
                "oob_right.cpp",
                "undefined behaviour",
                &["--sanitize"],
            ),
            subarray(
                "mean_brute.py",
                "mean_wrong.py",
                "wrong answer",
                &["--checker", "float"],
            ),
            subarray("three_brute.py", "three_wrong.py", "wrong answer", &[]),
            subarray(
                "three_brute.py",
                "three_tokens.py",
                "wrong answer",
                &["--checker", "tokens"],
            ),
            with_gen(
                subarray(
                    "dice_brute.py",
                    "dice_finished_moves.cpp",
                    "wrong answer",
                    &[],
                ),
                gen("dice_gen.py", false),
            ),
            with_gen(
                subarray("sum_brute.py", "sum_short_array.py", "wrong answer", &[]),
                gen("sum_gen.py", false),
            ),
            with_gen(
                subarray(
                    "long_answer_brute.py",
                    "long_answer_crash.py 100",
                    "runtime error",
                    &[],
                ),
                gen("long_gen.py", true),
            ),
            interactive("guess_one_too_many.py", "wrong answer"),
            interactive("guess_malformed.py", "wrong answer"),
            interactive("guess_deadlock.py", "time limit"),
            interactive("guess_exits_early.py", "wrong answer"),
            interactive("sum_drops_negatives.py", "wrong answer"),
        ],
    );
}

/// The opening line names each program as the user gave it: warm, or cold and why.
#[test]
fn the_opening_line_says_which_programs_start_warm_and_why_others_start_cold() {
    let dir = temp_dir("warm-opening");
    let brute = stress_fixture("brute.py");
    let args: Vec<String> = [
        "--gen",
        &format!("{} {{size}}", stress_fixture("gen.py")),
        "--brute",
        &format!("python3 {brute}"),
        "--solution",
        &stress_fixture("crash.py"),
    ]
    .map(String::from)
    .to_vec();
    let (_, opening) = first_failure(&dir, &args, false);
    assert!(
        opening.ends_with(&format!(
            "; warm starts: `{} {{size}}`, `{}`; cold starts: `python3 {brute}` (a command \
             boardfuzz did not build)",
            stress_fixture("gen.py"),
            stress_fixture("crash.py")
        )),
        "{opening}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
