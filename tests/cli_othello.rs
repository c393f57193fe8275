//! The `boardfuzz` command line on othello and othello_board: answers from both sides,
//! `--strict` against the default literal rule, one-line errors, and the row-first reading.

mod common;

use common::{boardfuzz, rejects, solves_to, text};

#[test]
fn strict_rejects_what_the_default_applies() {
    let corner = b"1\n6 1\n1 1 1\n";
    solves_to("othello", corner, &[], "#1 3 2\n");
    rejects("swea4615", corner, &["--strict"], 3, "invalid");
    solves_to(
        "othello_board",
        b"1\n1 1\n",
        &[],
        "B.....\n......\n..WB..\n..BW..\n......\n......\nBlack\n",
    );
    rejects("boj15671", b"1\n1 1\n", &["--strict"], 2, "invalid");
}

#[test]
fn bad_inputs_name_their_line() {
    rejects("othello", b"1\n5 0\n", &[], 2, "out-of-range");
    rejects("othello", b"2\n4 0\n4 1\n1 5 1\n", &[], 4, "out-of-range");
    rejects("othello", b"1\n4 1\n2 2 1\n", &[], 3, "invalid");
    rejects("othello_board", b"2\n2 4\n2 3\n", &[], 3, "invalid");
    rejects("othello_board", b"1\n7 1\n", &[], 2, "out-of-range");
}

#[test]
fn the_first_number_is_the_row() {
    let row = boardfuzz(&["solve", "othello_board"], b"1\n2 3\n");
    let column = boardfuzz(&["solve", "othello_board"], b"1\n3 2\n");
    assert_eq!(text(&row.stdout).lines().nth(1), Some("..B..."));
    assert_eq!(text(&column.stdout).lines().nth(2), Some(".BBB.."));
}

#[test]
fn check_runs_clean_in_both_modes() {
    for extra in [&[][..], &["--strict"]] {
        let mut args = vec![
            "check",
            "othello",
            "othello_board",
            "--cases",
            "3000",
            "--seed",
            "5",
        ];
        args.extend_from_slice(extra);
        let out = boardfuzz(&args, b"");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
        assert!(text(&out.stdout).contains("| flip-3plus-dirs |"));
    }
}
