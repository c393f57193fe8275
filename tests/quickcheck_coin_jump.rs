//! coin_jump with quickcheck: a second generator, independent of the `arbitrary` decoding the
//! fuzz target and proptest use and of the game's own generator modes. It writes judge text
//! directly — a size up to 12×12, an alphabet per board (only small digits, all digits, mostly
//! holes, …) — and compares engine and reference on the answer *and* on the per-cell trace.
//! A second property breaks such a board in one place (a bad character, a short or long row, a
//! missing or extra row, a hole at the start, a bad size) and requires both implementations to
//! reject it with the same error class at the same line.

use boardfuzz::game::{DynGame, Options, Outcome};
use boardfuzz::games;
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};

const ALPHABETS: [&[u8]; 6] = [
    b"12",
    b"123H",
    b"1234H",
    b"123456789",
    b"123456789H",
    b"1HHH",
];

#[derive(Clone, Debug)]
struct Board {
    rows: Vec<Vec<u8>>,
}

impl Board {
    fn text(&self) -> String {
        let mut s = format!("{} {}\n", self.rows.len(), self.rows[0].len());
        for row in &self.rows {
            s.push_str(std::str::from_utf8(row).unwrap());
            s.push('\n');
        }
        s
    }
}

impl Arbitrary for Board {
    fn arbitrary(g: &mut Gen) -> Board {
        let n = 1 + usize::arbitrary(g) % 12;
        let m = 1 + usize::arbitrary(g) % 12;
        let alphabet = *g.choose(&ALPHABETS).unwrap();
        let mut rows: Vec<Vec<u8>> = (0..n)
            .map(|_| (0..m).map(|_| *g.choose(alphabet).unwrap()).collect())
            .collect();
        if rows[0][0] == b'H' {
            rows[0][0] = b'1' + (u8::arbitrary(g) % 9);
        }
        Board { rows }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Board>> {
        let mut out = Vec::new();
        if self.rows.len() > 1 {
            let mut b = self.clone();
            b.rows.pop();
            out.push(b);
        }
        if self.rows[0].len() > 1 {
            let mut b = self.clone();
            for row in &mut b.rows {
                row.pop();
            }
            out.push(b);
        }
        for r in 0..self.rows.len() {
            for c in 0..self.rows[0].len() {
                if self.rows[r][c] != b'1' {
                    let mut b = self.clone();
                    b.rows[r][c] = b'1';
                    out.push(b);
                }
            }
        }
        Box::new(out.into_iter())
    }
}

fn coin_jump() -> &'static dyn DynGame {
    games::builtin().find("boj1103").unwrap()
}

#[test]
fn engine_matches_reference_on_quickcheck_boards() {
    fn prop(board: Board) -> bool {
        let g = coin_jump();
        let text = board.text();
        let o = Options::new();
        let (e, r) = (
            g.engine(text.as_bytes(), &o),
            g.reference(text.as_bytes(), &o),
        );
        matches!(r, Outcome::Output(_))
            && e.agrees_with(&r)
            && g.engine_trace(text.as_bytes(), &o) == g.reference_trace(text.as_bytes(), &o)
    }
    QuickCheck::new()
        .tests(3000)
        .quickcheck(prop as fn(Board) -> bool);
}

#[derive(Clone, Debug)]
struct Broken {
    text: String,
    /// Whether the mutation makes the board invalid.
    must_reject: bool,
}

impl Arbitrary for Broken {
    fn arbitrary(g: &mut Gen) -> Broken {
        let board = Board::arbitrary(g);
        let mut lines: Vec<String> = board.text().lines().map(String::from).collect();
        let n = lines.len() - 1;
        let row = 1 + usize::arbitrary(g) % n;
        let m = lines[row].len();
        let at = usize::arbitrary(g) % m;
        let kind = u8::arbitrary(g) % 8;
        // A blank line appended is still a valid board, and so is a leading digit replaced by
        // a tab and a digit (leading blanks are not part of a field).
        let mut must_reject = kind != 7;
        match kind {
            0 => {
                let bad = *g.choose(&["0", "h", "x", "é", " ", "-", "\t1"]).unwrap();
                lines[row].replace_range(at..at + 1, bad);
                must_reject = !(bad == "\t1" && at == 0);
            }
            1 => {
                lines[row].remove(at);
            }
            2 => lines[row].push('1'),
            3 => {
                lines.remove(row);
            }
            4 => lines.insert(row, lines[row].clone()),
            5 => lines[1].replace_range(0..1, "H"),
            6 => {
                let size = *g
                    .choose(&["0 1", "1 0", "51 1", "1 51", "x 1", "1", "1 1 1", "-1 2"])
                    .unwrap();
                lines[0] = size.to_string();
            }
            _ => lines.push(String::new()),
        }
        Broken {
            text: lines.join("\n") + "\n",
            must_reject,
        }
    }
}

#[test]
fn engine_and_reference_reject_broken_boards_alike() {
    fn prop(broken: Broken) -> TestResult {
        let g = coin_jump();
        let o = Options::new();
        let input = broken.text.as_bytes();
        let (engine, reference) = (g.engine(input, &o), g.reference(input, &o));
        let rejected = matches!(reference, Outcome::Rejected { .. });
        if engine.agrees_with(&reference) && rejected == broken.must_reject {
            TestResult::passed()
        } else {
            TestResult::error(format!(
                "{:?} (must reject: {}): engine {engine} reference {reference}",
                broken.text, broken.must_reject
            ))
        }
    }
    QuickCheck::new()
        .tests(3000)
        .quickcheck(prop as fn(Broken) -> TestResult);
}
