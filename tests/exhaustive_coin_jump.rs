//! coin_jump, bounded-exhaustive: every board from 1×1 to 3×3 over the alphabet {1, 2, 3, H}
//! (the top-left cell never H) — 203,067 boards — through the engine and the reference. The
//! answers must be equal, and so must the per-cell traces (`r,c=V` for every reachable cell):
//! the engine's (its search started on every reachable cell), the one computed by its second
//! algorithm (`engine::analyse`, which the census relies on) and the reference's.
//!
//! Digits up to 3 are enough on boards this small: a 3 already leaves a 3×3 board from anywhere
//! but its far edge, so larger digits only add more ways to leave.

use boardfuzz::games::coin_jump::engine;
use boardfuzz_reference::coin_jump as reference;

const ALPHABET: [u8; 4] = [b'1', b'2', b'3', b'H'];

#[test]
fn every_board_up_to_3x3_over_1_2_3_h() {
    let mut boards = 0u64;
    let mut answers = [0u64; 10]; // index 0 counts -1, index k counts k moves
    let mut text = Vec::with_capacity(32);
    let mut failures = Vec::new();
    for rows in 1..=3usize {
        for cols in 1..=3usize {
            let cells = rows * cols;
            for code in 0..4u32.pow(cells as u32) {
                // Cell i is base-4 digit i of `code`; skip boards whose start is a hole.
                if code % 4 == 3 {
                    continue;
                }
                text.clear();
                text.extend_from_slice(format!("{rows} {cols}\n").as_bytes());
                for i in 0..cells {
                    text.push(ALPHABET[(code >> (2 * i)) as usize % 4]);
                    if (i + 1) % cols == 0 {
                        text.push(b'\n');
                    }
                }
                boards += 1;
                let e = engine::solve(&text, true).expect("engine accepts the board");
                let r = reference::solve(&text, true).expect("reference accepts the board");
                let et = engine::trace(&text, true).expect("engine traces the board");
                let rt = reference::trace(&text, true).expect("reference traces the board");
                let at = engine::trace_by_analysis(&text, true).expect("analysis traces it");
                if e != r || et != rt || at != rt {
                    failures.push(format!(
                        "{}engine {} / reference {}\ntraces {et:?} / {rt:?} / analysis {at:?}",
                        String::from_utf8_lossy(&text),
                        e.trim(),
                        r.trim()
                    ));
                    if failures.len() >= 10 {
                        break;
                    }
                }
                let v: i64 = e.trim().parse().unwrap();
                answers[if v < 0 { 0 } else { v as usize }] += 1;
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} disagreement(s) (first 10):\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    assert_eq!(boards, 203_067);
    eprintln!("{boards} boards; answers -1, 1, 2, …: {answers:?}");
    // Cycles, one-move games and the longest chains these boards allow (5 moves) all occur.
    assert!(answers[0] > 0 && answers[1] > 0 && answers[5] > 0);
}
