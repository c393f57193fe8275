//! The `boardfuzz` command line on coin_jump: answers and exit codes, one-line errors with their
//! line numbers (the same from engine and reference), strict sizes versus `--no-strict`, and a
//! large generated board.

mod common;

use boardfuzz::games::coin_jump::gen::MODES;
use common::{boardfuzz, text};

fn solves_to(input: &str, extra: &[&str], want: &str) {
    common::solves_to("coin_jump", input.as_bytes(), extra, want);
}

fn rejects(input: &str, extra: &[&str], line: usize, class: &str) {
    common::rejects("boj1103", input.as_bytes(), extra, line, class);
}

#[test]
fn answers_samples_from_stdin_with_either_implementation() {
    solves_to("3 7\n3942178\n1234567\n9123532\n", &[], "5\n");
    solves_to("1 10\n2H3HH4HHH5\n", &[], "4\n");
    solves_to("4 4\n3994\n9999\n9999\n2924\n", &[], "-1\n");
    solves_to("1 4\r\n2312\r\n\r\n", &[], "4\n");
}

#[test]
fn bad_input_is_one_line_exit_2_same_class_from_both() {
    rejects("2 3\n123\n12\n", &[], 3, "malformed"); // a short row
    rejects("2 3\n123\n1234\n", &[], 3, "malformed"); // a long row
    rejects("2 3\n123\n1x3\n", &[], 3, "malformed"); // a character outside 1-9/H
    rejects("2 3\n123\n103\n", &[], 3, "malformed"); // 0 is not a digit of the game
    rejects("2 3\nH23\n123\n", &[], 2, "invalid"); // a hole at the start
    rejects("3 3\n123\n123\n", &[], 4, "truncated"); // a missing row
    rejects("", &[], 1, "truncated");
    rejects("2 3\n123\n123\n123\n", &[], 4, "trailing"); // one row too many
    rejects("2\n", &[], 1, "malformed");
    rejects("0 3\n", &[], 1, "out-of-range");
    rejects("1 1\n\u{ff}\n", &[], 2, "malformed");
    let out = boardfuzz(&["solve", "coin_jump"], b"1 1\n\xff\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("error: line 2: not-utf8: "));
}

#[test]
fn strict_sizes_by_default_and_no_strict_lifts_them() {
    let tall = format!("51 1\n{}", "1\n".repeat(51));
    rejects(&tall, &[], 1, "out-of-range");
    solves_to(&tall, &["--no-strict"], "-1\n");
    let wide = format!("1 60\n{}\n", "3HH1".repeat(15));
    rejects(&wide, &[], 1, "out-of-range");
    solves_to(&wide, &["--no-strict"], "30\n");
    // 50 is within the limit.
    solves_to(&format!("1 50\n9{}\n", "H".repeat(49)), &[], "1\n");
    // Game flags belong to the games that declare them.
    let out = boardfuzz(&["gen", "coin_jump", "--end", "3"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("does not take --end"));
}

#[test]
fn gen_makes_large_boards_that_solve_quickly() {
    let board = boardfuzz(
        &[
            "gen",
            "coin_jump",
            "--rows",
            "1500",
            "--cols",
            "1200",
            "--mode",
            "snake",
            "--seed",
            "1",
        ],
        b"",
    );
    assert_eq!(board.status.code(), Some(0), "{}", text(&board.stderr));
    assert!(board.stdout.starts_with(b"1500 1200\n"));
    assert_eq!(board.stdout.len(), 10 + 1500 * 1201);
    // Over the judge's limit: strict mode refuses, --no-strict answers.
    let strict = boardfuzz(&["solve", "coin_jump"], &board.stdout);
    assert_eq!(strict.status.code(), Some(2));
    let started = std::time::Instant::now();
    let solved = boardfuzz(&["solve", "coin_jump", "--no-strict"], &board.stdout);
    assert_eq!(solved.status.code(), Some(0));
    let moves: i64 = text(&solved.stdout).trim().parse().unwrap();
    assert!(moves > 400_000, "the snake is long: {moves}");
    assert!(started.elapsed().as_secs() < 20);
    // The same walk closed by a 2-cycle.
    let cyclic = boardfuzz(
        &[
            "gen",
            "coin_jump",
            "--rows",
            "1500",
            "--cols",
            "1200",
            "--mode",
            "snake-cycle",
        ],
        b"",
    );
    let solved = boardfuzz(&["solve", "coin_jump", "--no-strict"], &cyclic.stdout);
    assert_eq!(text(&solved.stdout), "-1\n");
}

#[test]
fn gen_modes_and_judge_size_boards() {
    assert_eq!(
        MODES.len(),
        9,
        "the README and `gen --help` list nine modes"
    );
    for &mode in MODES {
        let board = boardfuzz(&["gen", "coin_jump", "--mode", mode, "--seed", "5"], b"");
        assert_eq!(board.status.code(), Some(0), "{mode}");
        let engine = boardfuzz(&["solve", "coin_jump"], &board.stdout);
        let reference = boardfuzz(&["solve", "coin_jump", "--reference"], &board.stdout);
        assert_eq!(engine.status.code(), Some(0), "{mode}");
        assert_eq!(engine.stdout, reference.stdout, "{mode}");
        if mode == "answer-one" {
            assert_eq!(text(&engine.stdout), "1\n");
        }
    }
    let bad = boardfuzz(&["gen", "coin_jump", "--mode", "spiral"], b"");
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        text(&bad.stderr).contains("`--mode` takes one of random, chain"),
        "{}",
        text(&bad.stderr)
    );
    assert!(text(&bad.stderr).contains("not `spiral`"));
    let list = text(&boardfuzz(&["list"], b"").stdout);
    assert!(list.contains("coin_jump      boj1103"), "{list}");
    assert!(list.contains("--mode MODE"), "{list}");
}

/// The solution fixtures of coin_jump (`tests/fixtures/coin_jump*.py`), one verdict each: found
/// within a fixed case budget, classified, shrunk below a stated bound, nothing left running.
mod fixtures {
    use super::common::{check_fixture, processes_with, reported_input, run_marker};

    fn found(fixture: &str, extra: &[&str], verdict: &str, max_lines: usize) -> String {
        let (code, report, took) = check_fixture("coin_jump", fixture, extra);
        assert_eq!(code, Some(1), "{fixture}: {report}");
        assert!(
            report.contains(&format!("FINDING in coin_jump: {verdict}")),
            "{fixture}: want {verdict}: {report}"
        );
        let input = reported_input(&report);
        assert!(
            input.lines().count() <= max_lines,
            "{fixture}: shrunk only to\n{input}"
        );
        eprintln!("{fixture}: {verdict} in {took:?}, shrunk to {input:?}");
        report
    }

    #[test]
    fn a_cycle_the_coin_cannot_reach_is_not_minus_one() {
        let report = found(
            "coin_jump_cycle_bug.py",
            &["--cases", "300"],
            "wrong answer",
            4,
        );
        assert!(report.contains("+ -1"), "{report}");
    }

    #[test]
    fn a_crash_is_a_runtime_error_shrunk_to_one_cell() {
        let report = found(
            "coin_jump_crash.py",
            &["--cases", "100"],
            "solution runtime error",
            2,
        );
        assert!(report.contains("exit code 1"), "{report}");
        assert_eq!(reported_input(&report), "1 1\n2\n");
    }

    #[test]
    fn an_infinite_loop_is_a_time_limit_and_is_killed() {
        found(
            "coin_jump_loop.py",
            &["--cases", "400", "--solution-timeout", "1s"],
            "solution time limit",
            2,
        );
        let left = processes_with(&run_marker("coin_jump_loop.py"));
        assert!(left.is_empty(), "left running: {left:?}");
    }

    #[test]
    fn a_flood_is_an_output_limit() {
        found(
            "coin_jump_flood.py",
            &["--cases", "100", "--output-limit", "4M"],
            "solution output limit",
            2,
        );
        let left = processes_with(&run_marker("coin_jump_flood.py"));
        assert!(left.is_empty(), "left running: {left:?}");
    }

    #[test]
    fn a_correct_solution_raises_no_false_alarm() {
        let (code, report, _) = check_fixture("coin_jump", "coin_jump.py", &["--cases", "300"]);
        assert_eq!(code, Some(0), "{report}");
        assert!(
            report.contains("ok: 300 case(s) in 1 game(s), 0 finding(s)"),
            "{report}"
        );
    }

    #[test]
    fn a_solution_that_leaves_a_child_running_is_judged_and_its_child_killed() {
        let (code, report, took) =
            check_fixture("coin_jump", "coin_jump_orphan.py", &["--cases", "50"]);
        assert_eq!(code, Some(0), "{report}");
        assert!(report.contains("ok: 50 case(s)"), "{report}");
        // Each run would keep stdout open for 300 s if the checker waited for it.
        assert!(took.as_secs() < 60, "{took:?}");
        let left = processes_with("sleep 299.5");
        assert!(left.is_empty(), "left running: {left:?}");
    }
}

#[test]
fn repro_shows_a_board_over_a_screen_as_its_head_and_tail_and_the_file_holding_it() {
    let dir = common::temp_dir("coin-jump-repro-big");
    let board = format!("100 5\n{}", "11111\n".repeat(100));
    let case = dir.join("big.in");
    std::fs::write(&case, &board).unwrap();
    let out = common::boardfuzz(
        &[
            "repro",
            "coin_jump",
            &case.display().to_string(),
            "--no-strict",
        ],
        b"",
    );
    let stdout = common::text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.lines().count() < 45, "{stdout}");
    let line = stdout
        .lines()
        .find(|l| l.starts_with("… 71 lines (426 bytes) not shown; the whole case: "))
        .unwrap_or_else(|| panic!("no head and tail: {stdout}"));
    let path = line.rsplit(": ").next().unwrap();
    assert_eq!(std::fs::read_to_string(path).unwrap(), board);
    let _ = std::fs::remove_dir_all(&dir);
}
