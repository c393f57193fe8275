//! The checker under stress: the five ways the tool itself used to break (a solution's child
//! holding stdout, an output flood, orphans after a timeout, a panicking engine, a hanging engine)
//! are findings now, with verdicts, shrunk and saved; Ctrl-C stops a run with exit 130; a
//! command that cannot start is a usage error. Panics and hangs are planted with
//! `BOARDFUZZ_PLANT` (`src/harness/case/planted.rs`): the engine (or reference, or census) fails on any
//! input containing the character `3`.

mod common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{
    boardfuzz, boardfuzz_env, boardfuzz_within, processes_with, reported_input, temp_dir, text,
};

fn check_args<'a>(game: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["check", game, "--seed", "1", "--no-save"];
    args.extend_from_slice(extra);
    args
}

#[test]
fn a_child_that_keeps_stdout_open_does_not_hang_check() {
    let started = Instant::now();
    let out = boardfuzz(
        &check_args(
            "coin_jump",
            &["--cases", "3", "--solution", "sleep 30 & echo 1"],
        ),
        b"",
    );
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("solution wrong answer") || report.contains(": wrong answer"));
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn an_output_flood_is_an_output_limit_verdict() {
    let out = boardfuzz(
        &check_args(
            "coin_jump",
            &[
                "--cases",
                "3",
                "--solution",
                "yes",
                "--solution-timeout",
                "2s",
                "--output-limit",
                "1M",
            ],
        ),
        b"",
    );
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(
        report.contains("FINDING in coin_jump: solution output limit"),
        "{report}"
    );
    assert!(report.contains("wrote more than 1048576 bytes"), "{report}");
}

#[test]
fn a_timeout_kills_the_whole_process_group() {
    let marker = "import time; time.sleep(41.25)";
    let command = format!("python3 -c \"{marker}\"; true");
    let out = boardfuzz(
        &check_args(
            "coin_jump",
            &[
                "--cases",
                "3",
                "--solution",
                &command,
                "--solution-timeout",
                "500ms",
            ],
        ),
        b"",
    );
    // It sleeps on every input: on the two shortest cases and on each rerun of the first, it
    // is killed at the wall-clock cap, the shell and its python child alike, and the solution
    // is refused as slow on every input (a shrink of it would find nothing).
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.contains(
            "goes over its time limit on the two shortest of the first cases, so it cannot be \
             checked (nothing was saved): it is slow on every input"
        ),
        "{said}"
    );
    let left = processes_with("time.sleep(41.25)");
    assert!(left.is_empty(), "left running: {left:?}");
}

#[test]
fn an_engine_panic_is_a_finding_in_check_repro_replay_and_census() {
    let dir = temp_dir("checker-panic");
    let corpus = dir.to_str().unwrap();
    let plant = [("BOARDFUZZ_PLANT", "engine-panic")];
    // Seed 3: its first failing case holds its 3 on the board (with seed 1 it is the side of a
    // 1×3 board, which no structural shrink turns into a digit).
    let out = boardfuzz_env(
        &[
            "check",
            "coin_jump",
            "--cases",
            "200",
            "--seed",
            "3",
            "--corpus",
            corpus,
        ],
        b"",
        &plant,
    );
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}{}", text(&out.stderr));
    assert!(
        report.contains("FINDING in coin_jump: engine panic"),
        "{report}"
    );
    assert!(report.contains("index out of bounds"), "{report}");
    assert!(report.contains("src/harness/case/planted.rs:"), "{report}");
    // Shrunk to the smallest board that still holds a 3.
    assert_eq!(reported_input(&report), "1 1\n3\n", "{report}");
    let saved: Vec<_> = std::fs::read_dir(dir.join("coin_jump"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}");
    let saved = saved[0].to_str().unwrap();

    let out = boardfuzz_env(&["repro", "coin_jump", saved], b"", &plant);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("engine panic"));

    let out = boardfuzz_env(&["replay", "coin_jump", "--corpus", corpus], b"", &plant);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("engine panic: panicked at"),
        "{}",
        text(&out.stdout)
    );

    let plant = [("BOARDFUZZ_PLANT", "census-panic")];
    let out = boardfuzz_env(&["census", "coin_jump", "--corpus", corpus], b"", &plant);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("census panic"),
        "{}",
        text(&out.stdout)
    );
    let out = boardfuzz_env(&check_args("coin_jump", &["--cases", "200"]), b"", &plant);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("FINDING in coin_jump: census panic"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn replay_shows_a_failing_entry_as_a_finding_with_its_boards() {
    let dir = temp_dir("replay-finding");
    let corpus = dir.to_str().unwrap();
    let game = dir.join("othello_board");
    std::fs::create_dir_all(&game).unwrap();
    for ext in ["in", "out"] {
        std::fs::copy(
            format!("corpus/othello_board/census-flip-2-dirs.{ext}"),
            game.join(format!("e.{ext}")),
        )
        .unwrap();
    }
    let replay = |plant: &str| {
        let out = boardfuzz_env(
            &["replay", "othello_board", "--corpus", corpus],
            b"",
            &[("BOARDFUZZ_PLANT", plant), ("NO_COLOR", "1")],
        );
        (out.status.code(), text(&out.stdout))
    };
    // The entry holds a 3: the engine's answer gets a line more, its trace runs a turn ahead.
    let (code, report) = replay("engine-wrong,trace-ahead");
    assert_eq!(code, Some(1), "{report}");
    assert!(
        report.contains("FINDING in othello_board: wrong answer (corpus entry "),
        "{report}"
    );
    assert!(report.contains("\n+ planted\n"), "{report}");
    assert!(
        report.contains("turn 1, the first that differs"),
        "{report}"
    );
    // Both boards, the differing cell bracketed on each side of one row.
    assert!(
        report
            .lines()
            .any(|l| l.contains("B [.]") && l.contains("B [W]")),
        "{report}"
    );
    assert!(!report.contains("--- saved ---"), "{report}");
    assert!(
        report
            .lines()
            // The binary runs from its path, not from PATH: the printed command starts with it.
            .any(|l| l.starts_with(&format!(
                "repro: {} repro othello_board ",
                env!("CARGO_BIN_EXE_boardfuzz")
            )) && l.ends_with("e.in")),
        "{report}"
    );
    assert!(report.contains("replay: 0 passed, 1 failed"), "{report}");

    // Both sides agree, the entry expects something else: what it expects and what both gave.
    let out = game.join("e.out");
    let right = std::fs::read_to_string(&out).unwrap();
    std::fs::write(&out, right.replace("Black", "White")).unwrap();
    let (code, report) = replay("");
    assert_eq!(code, Some(1), "{report}");
    assert!(!report.contains("FINDING"), "{report}");
    let expects = report
        .split("--- the entry expects ---\n")
        .nth(1)
        .unwrap_or_else(|| panic!("{report}"));
    let (expected, gave) = expects
        .split_once("--- engine and reference both gave ---\n")
        .unwrap();
    assert!(expected.ends_with("White\n"), "{report}");
    assert!(gave.starts_with(&right), "{report}");

    std::fs::write(&out, &right).unwrap();
    assert_eq!(replay("").0, Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engine_hang_is_found_within_the_time_budget_and_shrunk_in_child_processes() {
    let started = Instant::now();
    let out = boardfuzz_env(
        &check_args("stack_game", &["--time", "10s", "--watchdog", "300ms"]),
        b"",
        &[("BOARDFUZZ_PLANT", "engine-hang")],
    );
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}{}", text(&out.stderr));
    assert!(
        report.contains("FINDING in stack_game: engine hang"),
        "{report}"
    );
    let input = reported_input(&report);
    assert!(input.contains('3'), "{input}");
    // The smallest stack_game board is 4×4 with 4 pieces: 1 + 4 + 4 lines.
    assert!(input.lines().count() <= 9, "{input}");
    assert!(
        started.elapsed() < Duration::from_secs(60),
        "{:?}",
        started.elapsed()
    );
    // The reference hang is reported as the reference's.
    let out = boardfuzz_env(
        &check_args("coin_jump", &["--cases", "100", "--watchdog", "300ms"]),
        b"",
        &[("BOARDFUZZ_PLANT", "reference-hang")],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("FINDING in coin_jump: reference hang"));
}

#[test]
fn ctrl_c_stops_check_with_the_summary_and_exit_130() {
    for (signal, plant) in [("-INT", ""), ("-TERM", "engine-hang")] {
        let child = Command::new(env!("CARGO_BIN_EXE_boardfuzz"))
            .args([
                "check",
                "stack_game",
                "--time",
                "60s",
                "--seed",
                "2",
                "--no-save",
            ])
            .env("BOARDFUZZ_PLANT", plant)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(1500));
        let sent = Instant::now();
        Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let took = sent.elapsed();
        assert_eq!(out.status.code(), Some(130), "{signal} {plant}");
        // At once, not at the end of the run's 60 s budget (room for a loaded machine).
        assert!(took < Duration::from_secs(20), "{signal} {plant}: {took:?}");
        assert!(
            text(&out.stdout).contains("INTERRUPTED: "),
            "{}",
            text(&out.stdout)
        );
    }
}

#[test]
fn a_solution_that_cannot_start_is_a_usage_error() {
    for command in [
        "./tests/fixtures/no-such-solution",
        "Cargo.toml",
        "no-such-program-xyz",
    ] {
        let out = boardfuzz(
            &check_args("coin_jump", &["--cases", "5", "--solution", command]),
            b"",
        );
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{command}: {err}");
        // Named by the flag the user gave, then the program (issue 40).
        assert!(
            err.contains(&format!("--solution `{command}` cannot be run: ")),
            "{err}"
        );
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn repro_runs_the_fuzz_targets_deep_check_too() {
    // A case whose answers agree but whose engine trace code panics (planted): the structured
    // fuzz target fails on it in its deep share, and `repro` of the saved case says why.
    let dir = temp_dir("repro-deep");
    let file = dir.join("case.in");
    std::fs::write(&file, "1 1\n3\n").unwrap();
    let file = file.to_str().unwrap();
    let out = boardfuzz(&["repro", "coin_jump", file], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let out = boardfuzz_env(
        &["repro", "coin_jump", file],
        b"",
        &[("BOARDFUZZ_PLANT", "trace-panic")],
    );
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}{}", text(&out.stderr));
    assert!(report.contains("engine and reference agree"), "{report}");
    assert!(
        report.contains("but the deep check fails") && report.contains("trace failed"),
        "{report}"
    );
    // Trace code that never returns is a failure under the watchdog, not a hang of repro.
    let started = std::time::Instant::now();
    let out = boardfuzz_env(
        &["repro", "coin_jump", file, "--watchdog", "1s"],
        b"",
        &[("BOARDFUZZ_PLANT", "trace-hang")],
    );
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}{}", text(&out.stderr));
    assert!(
        report.contains("but the deep check fails") && report.contains("(watchdog)"),
        "{report}"
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(30));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The `.in` files saved in `dir/<slug>/`.
fn saved_inputs(dir: &std::path::Path, slug: &str) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(dir.join(slug))
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "in"))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn check_runs_the_deep_checks_a_wrong_trace_and_a_wrong_census_are_findings() {
    // The answers agree on every case; only the engine's trace (or census) is wrong where the
    // input holds the trigger (an `F` in a throw, a 3 for the census). The deep checks see it:
    // a finding, shrunk keeping its kind, saved.
    let dir = temp_dir("checker-deep");
    let corpus = dir.to_str().unwrap();
    let trace_wrong = [("BOARDFUZZ_PLANT", "trace-wrong:F")];
    let out = boardfuzz_env(
        &[
            "check",
            "yut_nori",
            "--cases",
            "2000",
            "--seed",
            "1",
            "--deep-share",
            "1",
            "--corpus",
            corpus,
            "--color",
            "never",
        ],
        b"",
        &trace_wrong,
    );
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}{}", text(&out.stderr));
    assert!(
        report.contains("FINDING in yut_nori: trace differs"),
        "{report}"
    );
    assert!(report.contains("(planted)"), "{report}");
    assert!(
        report.contains("--- first divergence ---\nturn 1:"),
        "{report}"
    );
    assert!(
        report.contains("1 finding(s) (1 trace differs)"),
        "{report}"
    );
    // Shrunk: a yut_nori game is a count and its throws; one throw that holds an F is enough.
    let input = reported_input(&report);
    assert!(input.contains('F') && input.lines().count() == 2, "{input}");
    assert_eq!(saved_inputs(&dir, "yut_nori").len(), 1, "{report}");

    // The default share (one case in 32) finds it too, in more cases.
    let out = boardfuzz_env(
        &check_args("yut_nori", &["--cases", "5000"]),
        b"",
        &trace_wrong,
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("trace differs"));
    // `--deep-share 0` is the answers alone: the wrong trace goes unseen.
    let out = boardfuzz_env(
        &check_args("yut_nori", &["--cases", "2000", "--deep-share", "0"]),
        b"",
        &trace_wrong,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("0 deep-checked"));

    // A census that reports a tag more or less than the reference's.
    let out = boardfuzz_env(
        &[
            "check",
            "stack_game",
            "--cases",
            "2000",
            "--seed",
            "1",
            "--deep-share",
            "1",
            "--corpus",
            corpus,
            "--color",
            "never",
        ],
        b"",
        &[("BOARDFUZZ_PLANT", "census-wrong")],
    );
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}{}", text(&out.stderr));
    assert!(
        report.contains("FINDING in stack_game: census differs"),
        "{report}"
    );
    assert!(
        report.contains("note: the census of stack_game differs"),
        "{report}"
    );
    assert_eq!(saved_inputs(&dir, "stack_game").len(), 1, "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn signals_to_the_whole_group_keep_the_summary_and_every_report() {
    // `timeout -s INT` signals the process and its group: two SIGINTs at once. The second one
    // falls within the grace of the first, so the summary, the census and the report survive.
    let dir = temp_dir("checker-signals");
    let json = dir.join("int.json");
    let out = Command::new("timeout")
        .args(["--preserve-status", "-s", "INT", "2"])
        .arg(env!("CARGO_BIN_EXE_boardfuzz"))
        .args([
            "check",
            "--time",
            "30s",
            "--seed",
            "1",
            "--no-save",
            "--report",
            "json",
        ])
        .arg(&json)
        .output()
        .unwrap();
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(130),
        "{stdout}{}",
        text(&out.stderr)
    );
    assert!(stdout.contains("INTERRUPTED: "), "{stdout}");
    assert!(stdout.contains("| tag "), "the census so far: {stdout}");
    let report = std::fs::read_to_string(&json).expect("the report is written");
    assert!(report.contains("\"status\": \"interrupted\""), "{report}");

    // Two signals 1 ms apart, straight at the process.
    let child = Command::new(env!("CARGO_BIN_EXE_boardfuzz"))
        .args([
            "check",
            "yut_nori",
            "--time",
            "30s",
            "--seed",
            "1",
            "--no-save",
        ])
        .arg("--report")
        .arg("json")
        .arg(dir.join("twice.json"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1000));
    let pid = child.id() as libc::pid_t;
    // SAFETY: signalling our own child, which has not been waited for yet.
    unsafe {
        libc::kill(pid, libc::SIGINT);
        std::thread::sleep(Duration::from_millis(1));
        libc::kill(pid, libc::SIGINT);
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    assert!(text(&out.stdout).contains("INTERRUPTED: "));
    assert!(dir.join("twice.json").is_file());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_time_budget_holds_shrinking_too() {
    // Every run of this solution takes 0.2 s and answers wrong: the finding comes at once, and
    // shrinking it would take far longer than the budget. The run ends within the budget plus
    // the grace, with the smallest case so far, and says the shrink was cut short.
    let started = Instant::now();
    let out = boardfuzz(
        &check_args(
            "stack_game",
            &[
                "--time",
                "3s",
                "--jobs",
                "1",
                "--solution",
                "sh tests/fixtures/slow_wrong.sh",
            ],
        ),
        b"",
    );
    let took = started.elapsed();
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}{}", text(&out.stderr));
    assert!(
        report.contains("FINDING in stack_game: wrong answer"),
        "{report}"
    );
    assert!(
        report.contains("the time budget ran out while shrinking"),
        "{report}"
    );
    // 3 s of budget and 2 s of grace, with room for a loaded machine's start and report: not
    // the shrink's whole length.
    assert!(took < Duration::from_secs(15), "{took:?}");
    // The progress shows the shrink moving.
    assert!(
        text(&out.stderr).contains("shrinking"),
        "{}",
        text(&out.stderr)
    );
}

/// Runs the binary with a plant; exit code, stdout and stderr, and how long it took. A run that
/// has not ended after a minute is killed and reported as a hang (no exit code).
fn planted(args: &[&str], plant: &str) -> (Option<i32>, String, Duration) {
    let started = Instant::now();
    let limit = Duration::from_secs(60);
    let Some(out) = boardfuzz_within(args, &[("BOARDFUZZ_PLANT", plant)], limit) else {
        return (None, format!("(killed after {limit:?}: it hangs)"), limit);
    };
    let shown = format!("{}{}", text(&out.stdout), text(&out.stderr));
    (out.status.code(), shown, started.elapsed())
}

#[test]
fn repro_replay_and_census_report_every_planted_fault_under_the_watchdog() {
    // One corpus entry whose input holds the 3 every plant strikes on.
    let dir = temp_dir("watchdog-everywhere");
    std::fs::create_dir_all(dir.join("coin_jump")).unwrap();
    let case = dir.join("coin_jump/three.in");
    std::fs::write(&case, "1 1\n3\n").unwrap();
    std::fs::write(dir.join("coin_jump/three.out"), "1\n").unwrap();
    let empty = dir.join("empty");
    let (case, corpus) = (case.to_str().unwrap(), dir.to_str().unwrap());
    let empty = empty.to_str().unwrap();
    let repro = ["repro", "coin_jump", case, "--watchdog", "300ms"];
    let replay = [
        "replay",
        "coin_jump",
        "--corpus",
        corpus,
        "--watchdog",
        "300ms",
    ];
    let census = [
        "census",
        "coin_jump",
        "--corpus",
        corpus,
        "--watchdog",
        "300ms",
    ];
    let fill = [
        "census",
        "coin_jump",
        "--corpus",
        empty,
        "--fill",
        "--watchdog",
        "300ms",
    ];
    // (command, plant, what its output must say): every one exits 1, within a bounded time.
    let runs: Vec<(&[&str], &str, &[&str])> = vec![
        (
            &repro,
            "engine-hang",
            &["FINDING in coin_jump: engine hang"],
        ),
        (
            &repro,
            "reference-hang",
            &["FINDING in coin_jump: reference hang"],
        ),
        (
            &repro,
            "census-hang",
            &["FINDING in coin_jump: census hang", "(watchdog)"],
        ),
        (
            &repro,
            "census-panic",
            &["FINDING in coin_jump: census panic"],
        ),
        (
            &repro,
            "trace-hang",
            &["but the deep check fails", "(watchdog)"],
        ),
        // The report of a panic compares the traces: trace code that hangs there is cut off.
        (
            &repro,
            "engine-panic,trace-hang",
            &[
                "FINDING in coin_jump: engine panic",
                "the trace code gave no result",
            ],
        ),
        (
            &replay,
            "engine-hang",
            &["FAIL ", "engine hang: no answer after"],
        ),
        (
            &replay,
            "reference-hang",
            &["FAIL ", "reference hang: no answer after"],
        ),
        (
            &census,
            "census-hang",
            &["FINDING in coin_jump: census hang on ", "three.in"],
        ),
        (
            &fill,
            "census-hang",
            &["FINDING in coin_jump: census code hang while searching"],
        ),
    ];
    let mut failures = Vec::new();
    for (args, plant, says) in runs {
        let (code, shown, took) = planted(args, plant);
        if code != Some(1)
            || !says.iter().all(|s| shown.contains(s))
            || took > Duration::from_secs(30)
        {
            failures.push(format!(
                "{args:?} with {plant}: exit {code:?} after {took:?}, want 1 and {says:?}:\n{shown}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn repro_shrinks_a_hang_in_child_processes_as_check_does() {
    let dir = temp_dir("repro-shrink-hang");
    let file = dir.join("board.in");
    // A 5×6 board with one 3; the engine (then the reference) hangs on any input with a 3.
    std::fs::write(&file, "5 6\n121122\n211212\n112121\n221213\n122121\n").unwrap();
    let (file, corpus) = (file.to_str().unwrap(), dir.join("corpus"));
    let corpus = corpus.to_str().unwrap();
    for (plant, verdict) in [
        ("engine-hang", "engine hang"),
        ("reference-hang", "reference hang"),
    ] {
        let args = [
            "repro",
            "coin_jump",
            file,
            "--shrink",
            "--save",
            "--corpus",
            corpus,
            "--watchdog",
            "300ms",
        ];
        let (code, report, took) = planted(&args, plant);
        assert_eq!(code, Some(1), "{plant}: {report}");
        assert!(
            report.contains(&format!("FINDING in coin_jump: {verdict}")),
            "{plant}: {report}"
        );
        assert!(
            report.contains("child runs of `boardfuzz solve`"),
            "{report}"
        );
        let input = reported_input(&report);
        assert!(input.contains('3'), "{plant}: {input}");
        assert!(input.len() < 20, "{plant}: not shrunk: {input}");
        assert!(took < Duration::from_secs(60), "{plant}: {took:?}");
        // The shrunk case is what was saved: with its answer, or (the reference hangs) kept
        // apart as unanswered.
        let saved = report
            .lines()
            .find_map(|l| l.strip_prefix("saved as "))
            .unwrap_or_else(|| panic!("{plant}: not saved: {report}"));
        assert_eq!(std::fs::read_to_string(saved).unwrap(), input, "{plant}");
        assert_eq!(
            saved.contains("/unanswered/"),
            plant == "reference-hang",
            "{saved}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every file below `dir`, relative to it.
fn files_below(dir: &std::path::Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                found.push(path.strip_prefix(dir).unwrap().display().to_string());
            }
        }
    }
    found.sort();
    found
}

#[test]
fn a_corpus_stays_whole_under_two_runs_at_once_and_runs_killed_mid_way() {
    let dir = temp_dir("corpus-crash");
    let corpus = dir.to_str().unwrap();
    let games = ["coin_jump", "othello", "yut_nori", "stack_game"];
    let check = |seed: &str, extra: &[&str]| {
        let mut args = vec!["check"];
        args.extend(games);
        args.extend(["--seed", seed, "--corpus", corpus, "--quiet", "--jobs", "1"]);
        args.extend_from_slice(extra);
        Command::new(env!("CARGO_BIN_EXE_boardfuzz"))
            .args(args)
            .env("BOARDFUZZ_PLANT", "engine-panic")
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap()
    };
    // Two runs with a planted bug save into the folder at once (a finding in each game); runs of
    // the same kind are killed with SIGKILL at staggered moments of theirs meanwhile.
    let mut together = [
        check("3", &["--cases", "300"]),
        check("4", &["--cases", "300"]),
    ];
    for k in 0..12u64 {
        let mut victim = check(&(3 + k % 4).to_string(), &["--time", "60s"]);
        std::thread::sleep(Duration::from_millis(8 * k));
        victim.kill().unwrap();
        victim.wait().unwrap();
    }
    for run in &mut together {
        assert_eq!(
            run.wait().unwrap().code(),
            Some(1),
            "each run finds the bug"
        );
    }
    let files = files_below(&dir);
    // Only whole entries: every .in has its expectation beside it.
    let orphans: Vec<&String> = files
        .iter()
        .filter(|f| f.ends_with(".in"))
        .filter(|f| {
            let stem = f.trim_end_matches(".in");
            !["out", "err", "why"]
                .iter()
                .any(|e| files.contains(&format!("{stem}.{e}")))
        })
        .collect();
    assert!(
        orphans.is_empty(),
        "entries without expectation: {orphans:?}"
    );
    let entries = files.iter().filter(|f| f.ends_with(".in")).count();
    assert!(entries >= games.len(), "{files:?}");

    // A temporary file of a writer that is gone (as a save killed mid-write leaves one): the
    // next run that saves into the folder removes it and says so, and leaves none.
    let mut gone = Command::new("true").spawn().unwrap();
    let dead = gone.id();
    gone.wait().unwrap();
    let stale = dir.join(format!("coin_jump/0123456789abcdef.in.{dead}-0.tmp"));
    std::fs::write(&stale, "1 1\n").unwrap();
    let out = boardfuzz(
        &[
            "check",
            "coin_jump",
            "--cases",
            "5",
            "--seed",
            "1",
            "--corpus",
            corpus,
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = text(&out.stderr);
    assert!(
        said.contains(&format!("note: removed {}", stale.display())),
        "{said}"
    );
    let temporaries: Vec<String> = files_below(&dir)
        .into_iter()
        .filter(|f| f.contains(".tmp"))
        .collect();
    assert!(temporaries.is_empty(), "left: {temporaries:?}");

    // The corpus loads, and every entry passes its own replay (without the planted bug).
    let out = boardfuzz(&["replay", "--corpus", corpus], b"");
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{report}{}", text(&out.stderr));
    let unanswered = files
        .iter()
        .filter(|f| f.contains("unanswered/") && f.ends_with(".in"));
    let replayed = entries - unanswered.count();
    assert!(
        report.contains(&format!("replay: {replayed} passed, 0 failed")),
        "{report}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn children_die_with_a_parent_killed_by_sigkill() {
    // A solution that sleeps: boardfuzz runs it (the first of its probe runs) and is killed with
    // SIGKILL, which it cannot catch. The sleeping child must die with it, not run on alone.
    let marker = "31.4159";
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardfuzz"))
        .args([
            "check",
            "coin_jump",
            "--cases",
            "5",
            "--no-save",
            "--solution-timeout",
            "60s",
            "--solution",
        ])
        .arg(format!("sleep {marker}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while processes_with(&format!("sleep {marker}")).is_empty() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the solution never started"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let left = processes_with(&format!("sleep {marker}"));
        if left.is_empty() {
            break;
        }
        assert!(Instant::now() < deadline, "left running: {left:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// `repro --shrink` of a slow solution's finding (issue 31): `--time` bounds the shrink, a
/// progress line shows it, and Ctrl-C shows the smallest failing case so far and exits 130.
#[test]
fn repro_shrink_has_a_budget_progress_and_keeps_its_case_on_ctrl_c() {
    let dir = temp_dir("repro-shrink-budget");
    let case = dir.join("case.in");
    let generated = boardfuzz(&["gen", "yut_nori", "--seed", "3"], b"");
    std::fs::write(&case, &generated.stdout).unwrap();
    let lines = text(&generated.stdout).lines().count();
    assert!(lines > 20, "a long case to shrink: {lines} lines");
    let slow = format!(
        "sh {}/tests/fixtures/slow_wrong.sh",
        env!("CARGO_MANIFEST_DIR")
    );
    let args = |extra: &[&'static str]| {
        let mut args = vec!["repro".to_string(), "yut_nori".into()];
        args.push(case.display().to_string());
        args.extend(["--shrink", "--solution", &slow].map(String::from));
        args.extend(extra.iter().map(|s| s.to_string()));
        args
    };

    let started = Instant::now();
    let budget: Vec<String> = args(&["--time", "1s"]);
    let budget: Vec<&str> = budget.iter().map(String::as_str).collect();
    let out = boardfuzz(&budget, b"");
    let (report, progress) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{report}{progress}");
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "{:?}",
        started.elapsed()
    );
    assert!(
        report.contains("note: the time budget ran out while shrinking"),
        "{report}"
    );
    assert!(
        progress.contains("[yut_nori] wrong answer: shrunk from"),
        "{progress}"
    );
    let shown = reported_input(&report);
    assert!(shown.lines().count() < lines, "shrunk some: {shown}");

    let all = args(&[]);
    let child = Command::new(env!("CARGO_BIN_EXE_boardfuzz"))
        .args(&all)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    // SAFETY: signalling our own child, which has not been waited for yet.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
    let out = child.wait_with_output().unwrap();
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(130), "{report}");
    assert!(
        report.contains("FINDING in yut_nori: wrong answer"),
        "{report}"
    );
    assert!(
        report
            .contains("note: shrinking was interrupted; this is the smallest failing case so far"),
        "{report}"
    );
    assert!(reported_input(&report).lines().count() < lines, "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}
