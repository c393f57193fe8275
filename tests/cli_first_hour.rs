//! What a new user runs in the first hour, each as they would type it (issue 22): settings that
//! test nothing, a solution with a typo in its file name, a solution and no game, a flag the
//! game does not take, the list of games, completions, the README's fuzz commands.

mod common;

use std::path::Path;

use common::{boardfuzz, boardfuzz_env, temp_dir, text};

#[test]
fn a_run_whose_every_case_is_rejected_by_both_sides_tested_nothing() {
    // Boards of 100 rows are over the judge's 50: both sides reject every case.
    let out = boardfuzz(
        &[
            "check",
            "coin_jump",
            "--rows",
            "100",
            "--time",
            "5s",
            "--seed",
            "1",
            "--no-save",
        ],
        b"",
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    assert!(stdout.contains("so nothing was tested"), "{stdout}");
    assert!(stdout.contains("(--rows 100)"), "{stdout}");
    assert!(stdout.contains("--no-strict"), "{stdout}");
    assert!(stdout.contains("rejected by both sides"), "{stdout}");
    assert!(stdout.contains("NOTHING TESTED"), "{stdout}");
    // It stops early rather than spend the budget.
    assert!(!stdout.contains("5.0"), "{stdout}");
    // With a wrong solution too: the solution is never asked about an invalid input.
    let out = boardfuzz(
        &[
            "check",
            "coin_jump",
            "--rows",
            "100",
            "--cases",
            "300",
            "--no-save",
            "--solution",
            "echo 5",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    // With --no-strict the same boards are tested: no error, every case answered.
    let out = boardfuzz(
        &[
            "check",
            "coin_jump",
            "--rows",
            "100",
            "--no-strict",
            "--cases",
            "20",
            "--seed",
            "1",
            "--no-save",
        ],
        b"",
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("(0 rejected by both sides)"), "{stdout}");
}

#[test]
fn a_solution_checks_exactly_one_game() {
    let out = boardfuzz(&["check", "--solution", "echo 1", "--time", "2s"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--solution checks one game"),
        "{}",
        text(&out.stderr)
    );
    let out = boardfuzz(
        &[
            "check",
            "othello",
            "coin_jump",
            "--solution",
            "echo 1",
            "--cases",
            "5",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_solution_that_fails_the_same_way_at_once_is_a_usage_error_and_nothing_is_saved() {
    let dir = temp_dir("first-hour-typo");
    let findings = dir.join("findings");
    let out = boardfuzz(
        &[
            "check",
            "yut_nori",
            "--solution",
            "python3 nope.py",
            "--cases",
            "50",
            "--findings",
            findings.to_str().unwrap(),
        ],
        b"",
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}{}", text(&out.stdout));
    assert!(
        err.contains("fails the same way on the two shortest of the first cases"),
        "{err}"
    );
    assert!(err.contains("nope.py"), "what the program said: {err}");
    assert!(!findings.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_solutions_findings_go_to_their_own_folder_and_the_printed_repro_reproduces_them() {
    let dir = temp_dir("first-hour-findings");
    let findings = dir.join("findings");
    let out = boardfuzz(
        &[
            "check",
            "coin_jump",
            "--solution",
            "echo 7",
            "--cases",
            "50",
            "--seed",
            "3",
            "--color",
            "never",
            "--findings",
            findings.to_str().unwrap(),
        ],
        b"",
    );
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    let saved: Vec<_> = std::fs::read_dir(findings.join("coin_jump"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "in"))
        .collect();
    assert_eq!(saved.len(), 1, "{report}");
    // The shrink says what it came to and how many candidates it ran, as a game's own
    // structural shrinker (coin_jump's) did it.
    let shrunk = report
        .lines()
        .find_map(|l| l.strip_prefix("note: shrunk from "))
        .expect("a note on the shrink");
    let runs: u64 = shrunk
        .rsplit_once(" (")
        .and_then(|(_, r)| r.strip_suffix(" candidates run)"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a count of candidates run: {shrunk}"));
    assert!(runs > 0, "{shrunk}");
    // The printed replay line, run as printed (through a shell, as a user pastes it): the
    // binary is not on PATH, so the line starts with the path it was started by.
    let line = report
        .lines()
        .find_map(|l| l.strip_prefix("replay: "))
        .expect("a replay line");
    assert!(
        line.starts_with(&format!("{} repro ", env!("CARGO_BIN_EXE_boardfuzz"))),
        "{line}"
    );
    assert!(line.contains("--solution 'echo 7'"), "{line}");
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("{line} --color never"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let replayed = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{replayed}{}",
        text(&out.stderr)
    );
    assert!(
        replayed.contains("FINDING in coin_jump: wrong answer"),
        "{replayed}"
    );
    assert!(replayed.contains("+ 7"), "{replayed}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_runtime_error_shows_the_end_of_the_programs_stderr() {
    // The reference itself, but it fails on boards with a hole: the first cases pass, so it is a
    // finding, not a typo.
    let script = "input=$(cat); case \"$input\" in *H*) echo 'Traceback: the hole broke me' >&2; \
                  exit 3;; esac; printf '%s\\n' \"$input\" | \"$BF\" solve coin_jump --reference";
    let out = boardfuzz_env(
        &[
            "check",
            "coin_jump",
            "--solution",
            script,
            "--cases",
            "500",
            "--seed",
            "1",
            "--no-save",
            "--color",
            "never",
        ],
        b"",
        &[("BF", env!("CARGO_BIN_EXE_boardfuzz"))],
    );
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}{}", text(&out.stderr));
    assert!(report.contains("solution runtime error"), "{report}");
    assert!(report.contains("Traceback: the hole broke me"), "{report}");
}

#[test]
fn a_flag_a_game_does_not_take_gets_the_same_error_everywhere() {
    for args in [
        &["check", "stack_game", "--no-limit", "--cases", "1"][..],
        &["check", "yut_nori", "--turn-limit", "5", "--cases", "1"][..],
        &["gen", "stack_game", "--no-limit"][..],
        &["repro", "stack_game", "Cargo.toml", "--end", "5"][..],
    ] {
        let out = boardfuzz(args, b"");
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("does not take --"), "{args:?}: {err}");
        assert!(!err.contains("unexpected argument"), "{args:?}: {err}");
    }
}

#[test]
fn list_says_each_note_once_and_completions_know_the_games() {
    let list = text(&boardfuzz(&["list"], b"").stdout);
    for line in list.lines() {
        assert!(
            line.matches("engine").count() <= 1,
            "a note said twice: {line}"
        );
    }
    let script = text(&boardfuzz(&["completions", "bash"], b"").stdout);
    for game in boardfuzz::games::builtin().all() {
        assert!(
            script.contains(game.slug()),
            "{} not completed",
            game.slug()
        );
        assert!(
            script.contains(game.problem()),
            "{} not completed",
            game.problem()
        );
    }
}

#[test]
fn the_readmes_fuzz_commands_leave_the_kept_seeds_alone_and_stop() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let runs: Vec<&str> = readme
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("cargo fuzz run") || l.starts_with("cargo +nightly fuzz run"))
        .collect();
    assert!(!runs.is_empty());
    for run in &runs {
        // A working folder of its own first, the kept seeds after it (read only).
        let work = run.find("fuzz/work/");
        let seeds = run.find("fuzz/corpus/");
        assert!(
            work.is_some() && seeds.is_some() && work < seeds,
            "writes into the kept seeds: {run}"
        );
    }
    assert!(
        runs.iter().any(|r| r.contains("-max_total_time=")),
        "no command shows how to stop: {runs:?}"
    );
}

#[test]
fn a_reference_that_hangs_while_a_solution_is_probed_is_a_finding_not_a_hang() {
    // Before the campaign, the first cases probe the solution; a reference that never answers
    // there must not hang boardfuzz: the probe gives up under the watchdog, and the campaign
    // reports the hang as a finding.
    let out = common::boardfuzz_within(
        &[
            "check",
            "coin_jump",
            "--solution",
            "echo 1",
            "--watchdog",
            "300ms",
            "--cases",
            "50",
            "--seed",
            "3",
            "--no-save",
        ],
        &[("BOARDFUZZ_PLANT", "reference-hang")],
        std::time::Duration::from_secs(30),
    )
    .expect("check ends (it hung in the probe before)");
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("FINDING in coin_jump: reference hang"),
        "{stdout}"
    );
}

/// In a solution's run the engine is not under test: the census of what the cases reached is
/// the reference's (issue 31). With the engine's census planted wrong, the table is unchanged.
#[test]
fn a_solutions_run_counts_the_references_census_not_the_engines() {
    let dir = temp_dir("solution-census");
    let bin = env!("CARGO_BIN_EXE_boardfuzz");
    let solution = format!("{bin} solve othello");
    let census_of = |plant: &str| {
        let report = dir.join(format!("report{plant}.json"));
        let args = [
            "check",
            "othello",
            "--solution",
            &solution,
            "--cases",
            "40",
            "--seed",
            "1",
            "--no-save",
            "--quiet",
            "--report",
            "json",
            report.to_str().unwrap(),
        ];
        let out = boardfuzz_env(&args, b"", &[("BOARDFUZZ_PLANT", plant)]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
        json["games"][0]["census"].clone()
    };
    let plain = census_of("");
    assert!(plain
        .as_object()
        .is_some_and(|tags| tags.values().any(|n| n.as_u64() > Some(0))));
    assert_eq!(census_of("census-wrong"), plain);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn census_without_a_game_name_asks_for_one_when_several_are_registered() {
    let out = boardfuzz(&["census"], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("name the game to take the census of") && err.contains("yut_nori"),
        "{err}"
    );
}
