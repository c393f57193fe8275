//! stack_game with quickcheck: a second generator, independent of the `arbitrary` decoding and of
//! the engine's generator. It writes judge text directly: a random size, a colour mix drawn per
//! board (sometimes no blue at all, sometimes mostly red), and pieces on distinct cells chosen by
//! shuffling the cell list — valid without borrowing the engine's notion of validity. Half of the
//! boards are run with a random turn limit in 1..=1200, so the limit is exercised away from 1000.

use boardfuzz::game::{Options, Outcome, Value};
use boardfuzz::games;
use boardfuzz::harness::{Disagreement, Subject};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};

#[derive(Clone, Debug)]
struct Board {
    text: String,
    turn_limit: Option<u32>,
}

impl Arbitrary for Board {
    fn arbitrary(g: &mut Gen) -> Board {
        let n = 4 + usize::arbitrary(g) % 9;
        let k = 4 + usize::arbitrary(g) % 7;
        // Weights of white, red, blue for this board.
        let weights = [
            1 + u32::arbitrary(g) % 8,
            u32::arbitrary(g) % 5,
            u32::arbitrary(g) % 4,
        ];
        let total: u32 = weights.iter().sum();
        let mut text = format!("{n} {k}\n");
        for _ in 0..n {
            let row: Vec<&str> = (0..n)
                .map(|_| {
                    let x = u32::arbitrary(g) % total;
                    if x < weights[0] {
                        "0"
                    } else if x < weights[0] + weights[1] {
                        "1"
                    } else {
                        "2"
                    }
                })
                .collect();
            text.push_str(&row.join(" "));
            text.push('\n');
        }
        let mut cells: Vec<usize> = (0..n * n).collect();
        for i in (1..cells.len()).rev() {
            cells.swap(i, usize::arbitrary(g) % (i + 1));
        }
        for &cell in &cells[..k] {
            let dir = 1 + u8::arbitrary(g) % 4;
            text.push_str(&format!("{} {} {dir}\n", cell / n + 1, cell % n + 1));
        }
        let turn_limit = bool::arbitrary(g).then(|| 1 + u32::arbitrary(g) % 1200);
        Board { text, turn_limit }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Board>> {
        // Only the turn limit shrinks (toward the default); boards are shrunk by the harness.
        match self.turn_limit {
            None => Box::new(std::iter::empty()),
            Some(_) => Box::new(std::iter::once(Board {
                text: self.text.clone(),
                turn_limit: None,
            })),
        }
    }
}

#[test]
fn engine_matches_reference_on_quickcheck_boards() {
    fn prop(board: Board) -> TestResult {
        let g = games::builtin().find("stack_game").unwrap();
        let mut options = Options::new();
        if let Some(limit) = board.turn_limit {
            options.set("turn-limit", Value::Number(limit as u64));
        }
        let engine = g.engine(board.text.as_bytes(), &options);
        let reference = g.reference(board.text.as_bytes(), &options);
        if !matches!(reference, Outcome::Output(_)) {
            return TestResult::error(format!("the generator wrote a bad board:\n{}", board.text));
        }
        if engine.agrees_with(&reference) {
            return TestResult::passed();
        }
        let report = Disagreement::new(
            g,
            &Subject::Engine,
            board.text.clone(),
            &options,
            "quickcheck".into(),
        );
        TestResult::error(format!(
            "turn limit {:?}\n{}",
            board.turn_limit,
            report.report()
        ))
    }
    QuickCheck::new()
        .tests(2000)
        .quickcheck(prop as fn(Board) -> TestResult);
}
