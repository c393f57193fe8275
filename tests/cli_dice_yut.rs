//! The `boardfuzz` command line on dice_yut: answers from both sides, `--no-strict`, one-line
//! errors, and `check --solution` catching the bug real solutions have (a finished piece that
//! absorbs a roll, `tests/fixtures/dice_yut_pass_bug.py`) within a fixed budget, shrunk.

mod common;

use common::{boardfuzz, rejects, solves_to, text};

#[test]
fn answers_and_the_dice_count() {
    solves_to("dice_yut", b"5 5 5 5 5 5 5 4 2 2\n", &[], "154\n");
    solves_to("boj17825", b"5\n", &["--no-strict"], "10\n");
    rejects("dice_yut", b"5\n", &[], 1, "malformed");
    rejects("dice_yut", b"5 5 5 5 5 5 5 4 2 7\n", &[], 1, "out-of-range");
    rejects("dice_yut", b"", &["--no-strict"], 1, "truncated");
    // The engine alone answers long games at once (the reference is exponential in the dice).
    let dice: Vec<String> = (0..1000).map(|i| (1 + i * 7 % 5).to_string()).collect();
    let out = boardfuzz(
        &["solve", "dice_yut", "--no-strict"],
        dice.join(" ").as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let answer: u32 = text(&out.stdout).trim().parse().unwrap();
    assert!(answer > 0);
}

#[test]
fn check_finds_and_shrinks_a_solution_that_lets_finished_pieces_move() {
    if std::process::Command::new("python3")
        .arg("-V")
        .output()
        .is_err()
    {
        panic!("python3 is needed for the solution fixtures");
    }
    let out = boardfuzz(
        &[
            "check",
            "dice_yut",
            "--solution",
            "python3 tests/fixtures/dice_yut_pass_bug.py",
            "--cases",
            "60",
            "--seed",
            "1",
            "--no-save",
        ],
        b"",
    );
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}{}", text(&out.stderr));
    assert!(
        report.contains("FINDING in dice_yut: wrong answer"),
        "{report}"
    );
    let input = report
        .split("--- input ---\n")
        .nth(1)
        .and_then(|rest| rest.lines().next())
        .expect("the report prints the input");
    let dice: Vec<u32> = input.split(' ').map(|d| d.parse().unwrap()).collect();
    assert_eq!(dice.len(), 10, "{input}");
    // Shrunk: the bug needs pieces home early and small late rolls; no die can be lowered
    // without losing it, which leaves at most 40 pips (seven 5s, three 1s is 38).
    assert!(dice.iter().sum::<u32>() <= 40, "{input}");
}
