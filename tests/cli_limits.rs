//! The limits a judge holds a solution to, through the command line: CPU time charged to the
//! whole process group (a busy loop is a time limit however loaded the machine is; a sleep is
//! stopped by the wall-clock cap), resident memory (2 GiB touched is a memory limit under the
//! default 1 GiB), sanitizers (`--sanitize`: a right answer read out of bounds is undefined
//! behaviour on its first case, in `stress`, `judge` and `check --solution`), and source files
//! of every language compiled for `check --solution` as for `stress` (a compiler that is not
//! installed is named, and its test says it was skipped).
//!
//! The fixtures are those of `tests/fixtures/stress/` (maximum subarray, `PROBLEM.md` there) and
//! coin_jump's `tests/fixtures/coin_jump_loop.py`. Each run has a build cache of its own.

mod common;

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use common::{check_fixture, processes_with, reported_input, run_marker, stress_fixture, temp_dir};
use common::{judge_rows, saved_case, text, Run};

/// The environment of every run: a build cache in `dir`, no colours.
fn env(dir: &Path) -> Vec<(String, String)> {
    vec![
        (
            "BOARDFUZZ_CACHE".into(),
            dir.join("cache").display().to_string(),
        ),
        ("NO_COLOR".into(), "1".into()),
    ]
}

/// `boardfuzz ARGS…` in `dir`.
fn run_in(dir: &Path, args: &[&str]) -> Run {
    let env = env(dir);
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    Run::in_dir(dir, args, &env)
}

/// `stress -q --gen 'gen.py {size}' --brute brute.py --seed 1 --no-save --solution SOLUTION
/// EXTRA…` in `dir`.
/// Held by every test of this file: the load test's busy threads and the 2 GiB and sanitizer
/// runs would otherwise starve each other (cargo runs a file's tests in parallel), and a
/// shrink cut short by another test's load is no finding of the limits under test.
fn alone() -> std::sync::MutexGuard<'static, ()> {
    static ALONE: std::sync::Mutex<()> = std::sync::Mutex::new(());
    ALONE.lock().unwrap_or_else(|e| e.into_inner())
}

fn stress(dir: &Path, solution: &str, extra: &[&str]) -> Run {
    let gen = format!("{} {{size}}", stress_fixture("gen.py"));
    let brute = stress_fixture("brute.py");
    let mut args = vec![
        "stress",
        "-q",
        "--gen",
        &gen,
        "--brute",
        &brute,
        "--seed",
        "1",
        "--no-save",
        "--solution",
        solution,
    ];
    args.extend_from_slice(extra);
    run_in(dir, &args)
}

/// The finding's line (`FINDING in NAME: VERDICT (case N …`), its verdict and case number.
fn finding(run: &Run) -> (String, u64) {
    let all = run.all();
    let line = run
        .stdout
        .lines()
        .find(|l| l.starts_with("FINDING in "))
        .unwrap_or_else(|| panic!("no finding: {all}"));
    let (_, rest) = line.split_once(": ").unwrap();
    let (verdict, rest) = rest.split_once(" (case ").unwrap();
    let case = rest.split(' ').next().unwrap().parse().unwrap();
    (verdict.to_string(), case)
}

/// Busy threads, `per_core` on every core, until dropped: the load the issue saw (≈ 8 on 2
/// cores), made by this test process itself.
struct Load {
    stop: Arc<AtomicBool>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl Load {
    fn start(per_core: usize) -> Load {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let stop = Arc::new(AtomicBool::new(false));
        let threads = (0..cores * per_core)
            .map(|_| {
                let stop = Arc::clone(&stop);
                std::thread::spawn(move || {
                    let mut x = 1u64;
                    while !stop.load(Ordering::Relaxed) {
                        x = std::hint::black_box(x.wrapping_mul(6364136223846793005) + 1);
                    }
                })
            })
            .collect();
        Load { stop, threads }
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

/// The coin_jump test of the issue (`cli_coin_jump::fixtures::
/// an_infinite_loop_is_a_time_limit_and_is_killed`), under four busy threads a core: charged in
/// CPU time, a slow start of Python under load is no time limit, so the shrink keeps only
/// candidates that loop and the finding is the loop's, shrunk to the 1x1 board `9`. Under a
/// 300 ms limit (the was 1 s: each looping candidate costs the limit, raised by the
/// margin, in CPU time a fifth of a core gives slowly), once here; ten runs under six busy
/// loops are `scripts/limits-under-load.sh --tests`'s.
#[test]
fn an_infinite_loop_under_load_is_a_time_limit_every_time() {
    let _alone = alone();
    let load = Load::start(4);
    for round in 0..1 {
        let (code, report, took) = check_fixture(
            "coin_jump",
            "coin_jump_loop.py",
            &["--cases", "400", "--solution-timeout", "300ms"],
        );
        assert_eq!(code, Some(1), "round {round}: {report}");
        assert!(
            report.contains("FINDING in coin_jump: solution time limit"),
            "round {round}: {report}"
        );
        assert!(!report.contains("FINDING in coin_jump: agree"), "{report}");
        assert_eq!(
            reported_input(&report),
            "1 1\n9\n",
            "round {round}: {report}"
        );
        // Charged 300 ms of CPU time, or stopped at the 2.3 s wall-clock cap (lengthened by the
        // time it waited for a CPU): a time limit either way, both times given.
        assert!(
            report.contains("+ (time limit) over the CPU-time limit 0.30s (CPU ")
                || report.contains("+ (time limit) no answer within the wall-clock cap 2.30s"),
            "{report}"
        );
        assert!(report.contains(", wall "), "{report}");
        eprintln!("round {round} under load: {took:?}");
    }
    drop(load);
    let left = processes_with(&run_marker("coin_jump_loop.py"));
    assert!(left.is_empty(), "left running: {left:?}");
}

#[test]
fn a_solution_that_sleeps_is_stopped_by_the_wall_clock_cap() {
    let _alone = alone();
    let dir = temp_dir("limits-sleep");
    let marker = run_marker("limits-sleep");
    let solution = format!("{} {marker}", stress_fixture("sleeps.py"));
    let started = Instant::now();
    let run = stress(
        &dir,
        &solution,
        &["--solution-timeout", "300ms", "--cases", "50"],
    );
    let (verdict, _) = finding(&run);
    assert_eq!(verdict, "solution time limit", "{}", run.all());
    // 3 x 300 ms is under 300 ms + 2 s: the cap is 2.30 s (lengthened, on a loaded machine,
    // by the time the program waited for a CPU), and the sleep used no CPU time.
    assert!(
        run.stdout
            .contains("no answer within the wall-clock cap 2.30s of the CPU-time limit 0.30s"),
        "{}",
        run.all()
    );
    assert!(run.stdout.contains("it sleeps or waits"), "{}", run.all());
    assert!(reported_input(&run.stdout).contains('7'), "{}", run.all());
    eprintln!("sleeps.py: found and shrunk in {:?}", started.elapsed());
    let left = processes_with(&marker);
    assert!(left.is_empty(), "left running: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_solution_that_touches_2_gib_is_a_memory_limit_shrunk_as_one() {
    let _alone = alone();
    let dir = temp_dir("limits-memory");
    let marker = run_marker("limits-memory");
    let solution = format!("{} {marker}", stress_fixture("memory_hog.py"));
    let run = stress(&dir, &solution, &["--cases", "50"]);
    let (verdict, _) = finding(&run);
    assert_eq!(verdict, "solution memory limit", "{}", run.all());
    assert_eq!(reported_input(&run.stdout), "1\n7\n", "{}", run.all());
    assert!(
        run.stdout
            .contains("+ (memory limit) over the memory limit 1.00 GiB of resident memory"),
        "{}",
        run.all()
    );
    // Killed near the limit, long before its 2 GiB.
    let peak = run
        .stdout
        .split("peak memory ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse::<f64>().ok())
        .unwrap_or_else(|| panic!("no peak memory: {}", run.all()));
    assert!((1.0..1.9).contains(&peak), "{peak} GiB: {}", run.all());
    // With no limit it answers right: no finding. (Writing 2 GiB is slow on a loaded machine,
    // this file's own load test included: one job, and time enough that only memory is judged.)
    let run = stress(
        &dir,
        &solution,
        &[
            "--cases",
            "12",
            "--memory-limit",
            "0",
            "--jobs",
            "1",
            "--solution-timeout",
            "60s",
        ],
    );
    assert_eq!(run.code, Some(0), "{}", run.all());
    let left = processes_with(&marker);
    assert!(left.is_empty(), "left running: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_right_answer_read_out_of_bounds_is_undefined_behaviour_on_its_first_case() {
    let _alone = alone();
    let dir = temp_dir("limits-sanitize");
    let oob = stress_fixture("oob_right.cpp");
    // Without sanitizers its answers are right.
    let run = stress(&dir, &oob, &["--cases", "30"]);
    assert_eq!(run.code, Some(0), "{}", run.all());
    let run = stress(&dir, &oob, &["--cases", "30", "--sanitize"]);
    let (verdict, case) = finding(&run);
    assert_eq!(verdict, "solution undefined behaviour", "{}", run.all());
    assert_eq!(case, 0, "the first case: {}", run.all());
    for said in [
        "AddressSanitizer: heap-buffer-overflow",
        "READ of size 8",
        "oob_right.cpp:16",
    ] {
        assert!(run.stdout.contains(said), "{said}: {}", run.all());
    }
    // Cached apart: the normal build is not the sanitized one.
    let builds = std::fs::read_dir(dir.join("cache").join("build"))
        .unwrap()
        .filter(|e| {
            e.as_ref().is_ok_and(|e| {
                e.file_name()
                    .to_string_lossy()
                    .starts_with("oob_right-cpp-")
            })
        })
        .count();
    assert_eq!(
        builds, 2,
        "oob_right built twice: normally and with sanitizers"
    );
    // A signed overflow, shrunk keeping UndefinedBehaviorSanitizer's check.
    let run = stress(
        &dir,
        &stress_fixture("ub_overflow.cpp"),
        &["--cases", "30", "--sanitize"],
    );
    let (verdict, _) = finding(&run);
    assert_eq!(verdict, "solution undefined behaviour", "{}", run.all());
    assert!(
        run.stdout
            .contains("UndefinedBehaviorSanitizer: signed integer overflow"),
        "{}",
        run.all()
    );
    assert!(run.stdout.contains("ub_overflow.cpp:13:"), "{}", run.all());
    // `judge --sanitize` on a kept case.
    std::fs::write(dir.join("one.in"), "3\n1 -2 3\n").unwrap();
    std::fs::write(dir.join("one.out"), "3\n").unwrap();
    let judged = run_in(&dir, &["judge", &oob, "one.in"]);
    assert_eq!(judged.code, Some(0), "{}", judged.all());
    let judged = run_in(&dir, &["judge", &oob, "one.in", "--sanitize"]);
    assert_eq!(judged.code, Some(1), "{}", judged.all());
    assert!(
        judged.all().contains("undefined behaviour"),
        "{}",
        judged.all()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_solution_compiles_a_source_file_and_sanitizes_it() {
    let _alone = alone();
    let dir = temp_dir("limits-check-cpp");
    // Reads past a one-int array on every board, then answers 0: a wrong answer as built
    // normally, undefined behaviour with --sanitize.
    let source = dir.join("main.cpp");
    std::fs::write(
        &source,
        "#include <cstdio>\nint main() {\n  int cell[1] = {0};\n  volatile int i = 1;\n  \
         int past = cell[i];\n  std::printf(\"%d\\n\", past * 0);\n}\n",
    )
    .unwrap();
    let source = source.display().to_string();
    let args = [
        "check",
        "coin_jump",
        "--solution",
        &source,
        "--seed",
        "1",
        "--no-save",
        "--cases",
        "50",
    ];
    let run = run_in(&dir, &args);
    assert!(
        run.stderr.contains("compiled ") && run.stderr.contains("(solution, C++)"),
        "{}",
        run.all()
    );
    let (verdict, _) = finding(&run);
    assert_eq!(verdict, "wrong answer", "{}", run.all());
    let mut sanitized = args.to_vec();
    sanitized.push("--sanitize");
    let run = run_in(&dir, &sanitized);
    let (verdict, case) = finding(&run);
    assert_eq!(verdict, "solution undefined behaviour", "{}", run.all());
    assert_eq!(case, 0, "{}", run.all());
    assert!(run.stdout.contains("main.cpp:5"), "{}", run.all());
    // A second run compiles nothing: the build is cached.
    let again = run_in(&dir, &args);
    assert!(!again.stderr.contains("compiled "), "{}", again.all());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether `program` is on PATH.
fn installed(program: &str) -> bool {
    std::process::Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Kadane in Go and Kotlin: built by `judge` from the source file where the compiler is
/// installed, an error naming the missing compiler where it is not (and the test says which).
#[test]
fn go_and_kotlin_sources_build_or_name_their_missing_compiler() {
    let _alone = alone();
    let dir = temp_dir("limits-languages");
    std::fs::write(dir.join("one.in"), "3\n1 -2 3\n").unwrap();
    std::fs::write(dir.join("one.out"), "3\n").unwrap();
    let sources = [
        (
            "go",
            "Go",
            "main.go",
            "package main\nimport \"fmt\"\nfunc main() {\n  var n int\n  fmt.Scan(&n)\n  \
             best, cur := int64(-1 << 62), int64(0)\n  for i := 0; i < n; i++ {\n    \
             var x int64\n    fmt.Scan(&x)\n    if cur < 0 { cur = 0 }\n    cur += x\n    \
             if cur > best { best = cur }\n  }\n  fmt.Println(best)\n}\n",
        ),
        (
            "kotlinc",
            "Kotlin",
            "Main.kt",
            "fun main() {\n  val n = readLine()!!.trim().toInt()\n  \
             val a = readLine()!!.trim().split(\" \").map { it.toLong() }\n  \
             var best = a[0]; var cur = a[0]\n  \
             for (i in 1 until n) { cur = maxOf(a[i], cur + a[i]); best = maxOf(best, cur) }\n  \
             println(best)\n}\n",
        ),
    ];
    for (compiler, language, file, code) in sources {
        std::fs::write(dir.join(file), code).unwrap();
        let judged = run_in(&dir, &["judge", file, "one.in", "--timeout", "30s"]);
        if installed(compiler) {
            assert_eq!(judged.code, Some(0), "{language}: {}", judged.all());
            assert!(
                judged.stderr.contains(&format!("(program, {language})")),
                "{}",
                judged.all()
            );
        } else {
            eprintln!("skipped building {language}: `{compiler}` is not installed here");
            assert_eq!(judged.code, Some(2), "{language}: {}", judged.all());
            let said = text(judged.stderr.as_bytes());
            assert!(
                said.contains(&format!("the {language} compiler is not here")),
                "{said}"
            );
            assert!(
                said.contains(&format!("`{compiler}` is not a program on PATH")),
                "{said}"
            );
        }
    }
    // PyPy: `--run py=pypy3 {src}`, as docs/stress.md says.
    let brute = stress_fixture("brute.py");
    if installed("pypy3") {
        let judged = run_in(
            &dir,
            &["judge", &brute, "one.in", "--run", "py=pypy3 {src}"],
        );
        assert_eq!(judged.code, Some(0), "{}", judged.all());
    } else {
        eprintln!("skipped PyPy: `pypy3` is not installed here");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The sum of `|a_i|` of a reported max-subarray input (`n`, then the numbers): what
/// `slow_sum.c` spins for (10 ms of CPU each) and `big_sum.c` holds (10 MiB each).
fn sum_of_magnitudes(input: &str) -> i64 {
    input
        .lines()
        .nth(1)
        .unwrap_or("")
        .split_whitespace()
        .map(|t| t.parse::<i64>().unwrap().abs())
        .sum()
}

/// A time limit that its reruns do not give again — a run near the limit, or one a loaded
/// machine slowed down — is a note, not a finding: the run is ok, exit 0. `flaky_slow.py` spins
/// on its second run only (the probe's run of case 0 is its first): case 0 is a time limit once,
/// and none of its 3 reruns. `judge` holds a case so too.
#[test]
fn a_time_limit_that_does_not_come_again_is_a_note_not_a_finding() {
    let _alone = alone();
    let dir = temp_dir("limits-unconfirmed");
    let marker = run_marker("limits-unconfirmed");
    let solution = format!("{} 1 {marker}", stress_fixture("flaky_slow.py"));
    let run = stress(
        &dir,
        &solution,
        &[
            "--solution-timeout",
            "300ms",
            "--cases",
            "10",
            "--jobs",
            "1",
        ],
    );
    assert_eq!(run.code, Some(0), "{}", run.all());
    assert!(
        run.stdout.contains("ok: 10 case(s), 0 finding(s)"),
        "{}",
        run.all()
    );
    assert!(
        run.stdout.contains(
            "note: unconfirmed, not a finding: solution time limit: over the CPU-time limit 0.30s"
        ) && run
            .stdout
            .contains("on case 0, given again by 0 of 3 reruns"),
        "{}",
        run.all()
    );
    assert!(!run.stdout.contains("FINDING"), "{}", run.all());
    // `judge`: its first run spins, its reruns answer.
    std::fs::write(dir.join("case.in"), "2\n3 -1\n").unwrap();
    std::fs::write(dir.join("case.out"), "3\n").unwrap();
    std::fs::remove_file(dir.join("runs.count")).unwrap();
    let solution = format!("{} 0 {marker}", stress_fixture("flaky_slow.py"));
    let run = run_in(
        &dir,
        &["judge", &solution, "case.in", "--solution-timeout", "300ms"],
    );
    assert_eq!(run.code, Some(0), "{}", run.all());
    assert_eq!(
        judge_rows(&run.stdout),
        [("ok".to_string(), "case.in".to_string())],
        "{}",
        run.all()
    );
    assert!(
        run.stdout
            .contains("  case.in (unconfirmed time limit: given again by 0 of 3 reruns)\n"),
        "{}",
        run.all()
    );
    assert!(processes_with(&marker).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `stress` of `solution` (a fixture) on the toy problem, generated by `gen` (a fixture, given
/// `{size}`), seed 1, 200 cases, under the limit `flags` (and `flags` and `more` given to
/// stress alone): a finding of `verdict` (`solution time limit`, …), whose input's magnitudes add up to
/// at least `least` and whose report says `kept`; then its saved case judged five times under
/// the same flags, each time `judged` (`time limit`, …).
fn kept_with_a_margin(
    name: &str,
    gen: &str,
    solution: &str,
    (flags, more): (&[&str], &[&str]),
    (verdict, least, kept, judged): (&str, i64, &str, &str),
) {
    let dir = temp_dir(name);
    let gen = format!("{} {{size}}", stress_fixture(gen));
    let (brute, solution) = (stress_fixture("brute.py"), stress_fixture(solution));
    let mut args = vec![
        "stress",
        "-q",
        "--gen",
        &gen,
        "--brute",
        &brute,
        "--seed",
        "1",
        "--solution",
        &solution,
        "--cases",
        "200",
    ];
    args.extend_from_slice(flags);
    args.extend_from_slice(more);
    let run = run_in(&dir, &args);
    assert_eq!(finding(&run).0, verdict, "{}", run.all());
    let input = reported_input(&run.stdout);
    assert!(sum_of_magnitudes(&input) >= least, "{input}: {}", run.all());
    assert!(run.stdout.contains(kept), "{}", run.all());
    let saved = saved_case(&run);
    for round in 0..5 {
        let mut args = vec!["judge", solution.as_str(), saved.as_str()];
        args.extend_from_slice(flags);
        let again = run_in(&dir, &args);
        assert_eq!(again.code, Some(1), "round {round}: {}", again.all());
        assert_eq!(
            judge_rows(&again.stdout)[0].0,
            judged,
            "round {round}: {}",
            again.all()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A time-limit finding is shrunk keeping only candidates over 1.25x the CPU-time limit:
/// `slow_sum.c` spins 10 ms per unit of the sum of its numbers, so under a 100 ms limit a sum of
/// 11 is over the limit by 10%, the kind of case that a judge fails one time in two, and the
/// shrink must keep a sum of at least 13 (130 ms, over 125 ms). The kept case is a time limit
/// every time `judge` runs it.
#[test]
fn a_time_limit_is_shrunk_with_a_margin_and_its_kept_case_fails_every_time() {
    let _alone = alone();
    let kept = "note: kept with a margin: judged under 1.25x the CPU-time limit and 1.1x the \
                memory limit (--time-margin, --memory-margin), this case still went over: over \
                the CPU-time limit 0.12s";
    kept_with_a_margin(
        "limits-time-margin",
        "gen.py",
        "slow_sum.c",
        (&["--solution-timeout", "100ms"], &[]),
        ("solution time limit", 13, kept, "time limit"),
    );
}

/// A time limit first found between the limit and its margin is regenerated larger before it is
/// shrunk, so that the case kept fails every time: `size_gen.py`'s case is its size, which
/// `slow_sum.c` spins 10 ms a unit of, so under 155 ms size 16 (160 ms, from case 20 of a run
/// from size 14) is the first over the limit but not over 1.25 x 155 ms = 193.75 ms; sizes
/// double to 32 (over), then 24, 20 (over) and 18, 19 (not) are tried, and size 20 (200 ms)
/// is kept. Without the search, the case of 160 ms is kept unshrunk.
#[test]
fn a_time_limit_found_under_its_margin_is_regenerated_larger_and_fails_every_time() {
    let _alone = alone();
    kept_with_a_margin(
        "limits-time-grown",
        "size_gen.py",
        "slow_sum.c",
        (&["--solution-timeout", "155ms"], &["--min-size", "14"]),
        (
            "solution time limit",
            20,
            "over the limit but not over its margin; regenerated over the margin at size 20",
            "time limit",
        ),
    );
}

/// A memory-limit finding is shrunk keeping only candidates over 1.1x the memory limit:
/// `big_sum.c` holds 10 MiB per unit of the sum of its numbers, so under 100 MiB a sum of 10 is
/// over the limit by its own megabyte of code and stack, and the shrink must keep a sum of at
/// least 11 (over 110 MiB). The kept case is a memory limit every time `judge` runs it.
#[test]
fn a_memory_limit_is_shrunk_with_a_margin_and_its_kept_case_fails_every_time() {
    let _alone = alone();
    kept_with_a_margin(
        "limits-memory-margin",
        "gen.py",
        "big_sum.c",
        (&["--memory-limit", "100M"], &[]),
        (
            "solution memory limit",
            11,
            "this case still went over: over the memory limit 110.0 MiB",
            "memory limit",
        ),
    );
}

/// A solution over its time limit on the first case and on one of the largest size (and again
/// on each rerun of the first) is slow on every input: an error before any case, as a solution
/// that crashes on every input is, never a finding whose shrink costs a time limit a candidate.
#[test]
fn a_solution_slow_on_every_input_is_refused_before_any_case() {
    let _alone = alone();
    let dir = temp_dir("limits-always-slow");
    let marker = run_marker("limits-always-slow");
    let solution = format!("{} {marker}", stress_fixture("always_sleeps.py"));
    let run = stress(&dir, &solution, &["--solution-timeout", "100ms"]);
    assert_eq!(run.code, Some(2), "{}", run.all());
    assert!(
        run.stderr.contains(
            "goes over its time limit on the first case (4 bytes) and on a case of the largest \
             size, so it cannot be checked (nothing was saved): it is slow on every input — does \
             it wait for input it never gets, or sleep? (no answer within the wall-clock cap \
             2.10s"
        ),
        "{}",
        run.all()
    );
    assert!(!run.stdout.contains("FINDING"), "{}", run.all());
    assert!(processes_with(&marker).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A runtime error whose expected answer is long prints a screen, not the answer: the first
/// lines of the diff, how many more and how long each answer is, and the files that hold them
/// whole (the finding's `.out` and `.got`). Through `stress` (an answer of 100 lines, shrunk)
/// and `judge` (of 5,000 lines: the 45 KB, now under 16 KB in all).
#[test]
fn a_crash_with_a_long_expected_answer_prints_a_screen_and_saves_the_answers() {
    let _alone = alone();
    let dir = temp_dir("limits-long-answer");
    let gen = format!("{} {{size}}", stress_fixture("long_gen.py"));
    let brute = stress_fixture("long_answer_brute.py");
    let solution = format!("{} 100", stress_fixture("long_answer_crash.py"));
    let run = run_in(
        &dir,
        &[
            "stress",
            "-q",
            "--gen",
            &gen,
            "--brute",
            &brute,
            "--seed",
            "1",
            "--solution",
            &solution,
            "--min-size",
            "2",
            "--cases",
            "200",
        ],
    );
    let (verdict, _) = finding(&run);
    assert_eq!(verdict, "solution runtime error", "{}", run.all());
    assert!(run.stdout.len() < 16 << 10, "{}", run.all());
    assert!(
        run.stdout
            .contains("more lines of the diff not shown\n(- has 100 lines, "),
        "{}",
        run.all()
    );
    let saved = saved_case(&run);
    let (out, got) = (saved.replace(".in", ".out"), saved.replace(".in", ".got"));
    assert!(
        run.stdout.contains(&format!(
            "the whole answers: {out} (expected), {got} (the solution's)"
        )),
        "{}",
        run.all()
    );
    assert_eq!(
        std::fs::read_to_string(dir.join(&out))
            .unwrap()
            .lines()
            .count(),
        100
    );
    assert_eq!(
        std::fs::read_to_string(dir.join(&got)).unwrap(),
        "(runtime error) exit code 3\n"
    );
    // `judge` on a case of 5,000 numbers, whose expected answer has 5,000 lines.
    let numbers: Vec<i64> = (0..5000).map(|i| i % 7 - 3).collect();
    let listed: Vec<String> = numbers.iter().map(i64::to_string).collect();
    std::fs::write(dir.join("long.in"), format!("5000\n{}\n", listed.join(" "))).unwrap();
    let sums: Vec<String> = numbers
        .iter()
        .scan(0, |total, x| {
            *total += x;
            Some(total.to_string())
        })
        .collect();
    std::fs::write(dir.join("long.out"), sums.join("\n") + "\n").unwrap();
    let crash = stress_fixture("long_answer_crash.py");
    let judged = run_in(&dir, &["judge", &crash, "long.in"]);
    assert_eq!(judged.code, Some(1), "{}", judged.all());
    assert!(judged.stdout.len() < 16 << 10, "{}", judged.all());
    assert!(
        judged
            .stdout
            .contains("… 4971 more lines of the diff not shown\n(- has 5000 lines, "),
        "{}",
        judged.all()
    );
    assert!(
        judged
            .stdout
            .contains("the whole answers: long.out (expected), "),
        "{}",
        judged.all()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A recursive DFS over a path of 100,000 nodes needs about 12 MiB of stack: it passes under
/// the default stack (the memory limit, as judges give), and under `--stack 8M` (a shell's
/// usual limit) it is a runtime error named a stack overflow, with the limit it died of.
#[test]
fn a_deep_recursion_passes_with_the_judges_stack_and_is_a_stack_overflow_under_8m() {
    let _alone = alone();
    let dir = temp_dir("limits-stack");
    let n = 100_000;
    let edges: String = (1..n).map(|i| format!("{i} {}\n", i + 1)).collect();
    std::fs::write(dir.join("path.in"), format!("{n}\n{edges}")).unwrap();
    std::fs::write(dir.join("path.out"), format!("{}\n", n - 1)).unwrap();
    let dfs = stress_fixture("deep_dfs.cpp");
    let run = run_in(&dir, &["judge", &dfs, "path.in"]);
    assert_eq!(run.code, Some(0), "{}", run.all());
    assert_eq!(judge_rows(&run.stdout)[0].0, "ok", "{}", run.all());
    let run = run_in(&dir, &["judge", &dfs, "path.in", "--stack", "8M"]);
    assert_eq!(run.code, Some(1), "{}", run.all());
    assert_eq!(
        judge_rows(&run.stdout)[0].0,
        "runtime error",
        "{}",
        run.all()
    );
    assert!(
        run.stdout.contains(
            "stack overflow: killed by signal 11 (SIGSEGV) under the stack limit 8.0 MiB \
             (--stack); with 1.00 GiB it does not crash"
        ),
        "{}",
        run.all()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
