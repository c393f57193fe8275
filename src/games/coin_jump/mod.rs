//! Coin jump (BOJ 1103): the structured case, its rendering, shrinking, generation modes and
//! census, and the glue between the optimized [`engine`] and the literal reference
//! (`reference/src/coin_jump.rs`).
//!
//! Case format (versioned — changing it invalidates saved fuzz corpora): one byte `s` each for
//! the rows and the columns, `1 + 49·s³/255³` (skewed toward small boards: the reference costs
//! O((N·M)²), and half of all bytes give a side of 7 or less; 255 gives 50), one byte for the
//! largest digit (`int_in_range(1..=9)`), one hole threshold `h`; then one byte `b` per cell,
//! row-major: a hole if `b < h`, else the digit `1 + b % largest`; cells past the end of the
//! input are holes. The top-left cell is never a hole (it takes the digit rule whatever `b` is,
//! and is 1 past the end). Every byte string is a valid board within the judge's limits.
//!
//! Options: strict sizes (N, M ≤ 50) by default in both engine and reference; `--no-strict`
//! lifts the limit. `gen` takes `--rows/--cols` of any size (solving a board wider or taller
//! than 50 then needs `--no-strict`) and `--mode` (see [`gen`]).

pub mod engine;
pub mod gen;

use arbitrary::{Arbitrary, Unstructured};

use crate::game::{Game, Knob, Options, Outcome, Trace};
use crate::rng::Rng;
use engine::{analyse, moves, Analysis, Board};

/// A board: `cells[r * cols + c]` is a digit 1..=9 or 0 for a hole; `cells[0]` is never 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<u8>,
}

impl Case {
    pub fn board(&self) -> Board {
        Board {
            rows: self.rows,
            cols: self.cols,
            cells: self.cells.clone(),
        }
    }

    fn digits(&self) -> u64 {
        self.cells.iter().filter(|&&c| c != 0).count() as u64
    }

    /// The case without row `r` (`None` if it is the only row).
    fn without_row(&self, r: usize) -> Option<Case> {
        (self.rows > 1).then(|| {
            let mut cells = self.cells.clone();
            cells.drain(r * self.cols..(r + 1) * self.cols);
            Case {
                rows: self.rows - 1,
                cols: self.cols,
                cells,
            }
            .with_start()
        })
    }

    /// The case without column `c` (`None` if it is the only column).
    fn without_col(&self, c: usize) -> Option<Case> {
        (self.cols > 1).then(|| {
            let cells = self
                .cells
                .iter()
                .enumerate()
                .filter(|(i, _)| i % self.cols != c)
                .map(|(_, &v)| v)
                .collect();
            Case {
                rows: self.rows,
                cols: self.cols - 1,
                cells,
            }
            .with_start()
        })
    }

    /// The top-left `rows × cols` part.
    fn crop(&self, rows: usize, cols: usize) -> Case {
        let cells = (0..rows)
            .flat_map(|r| {
                self.cells[r * self.cols..r * self.cols + cols]
                    .iter()
                    .copied()
            })
            .collect();
        Case { rows, cols, cells }
    }

    /// Makes sure the start is a digit (a shrink step may have moved a hole there).
    fn with_start(mut self) -> Case {
        if self.cells[0] == 0 {
            self.cells[0] = 1;
        }
        self
    }
}

impl From<Board> for Case {
    fn from(b: Board) -> Case {
        Case {
            rows: b.rows,
            cols: b.cols,
            cells: b.cells,
        }
    }
}

impl<'a> Arbitrary<'a> for Case {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let side = |s: u8| 1 + (s as usize).pow(3) * 49 / 255usize.pow(3);
        let rows = side(u8::arbitrary(u)?);
        let cols = side(u8::arbitrary(u)?);
        let largest = u.int_in_range(1..=9u8)?;
        let holes = u8::arbitrary(u)?;
        let mut cells = Vec::with_capacity(rows * cols);
        for i in 0..rows * cols {
            cells.push(match (i, u.is_empty()) {
                (0, true) => 1,
                (_, true) => 0,
                (0, false) => 1 + u8::arbitrary(u)? % largest,
                (_, false) => match u8::arbitrary(u)? {
                    b if b < holes => 0,
                    b => 1 + b % largest,
                },
            });
        }
        Ok(Case { rows, cols, cells })
    }
}

/// The coin-jumping game.
pub struct CoinJump;

/// The census tags, in display order (see [`census_bits`] for each one's definition).
pub const TAGS: &[&str] = &[
    "answer-one",
    "reachable-cycle",
    "cycle-far",
    "unreachable-cycle",
    "trace-mixed",
    "rejoin-no-cycle",
    "long-chain",
    "holes-but-path",
    "board-1x1",
    "board-1xM",
    "board-Nx1",
    "board-50",
    "leave-up",
    "leave-down",
    "leave-left",
    "leave-right",
    "land-in-hole",
    "jump-over-hole",
];

/// A finite answer at least this large is a "long chain".
pub const LONG_CHAIN: i64 = 25;
/// A cycle at least this many moves from the start is "far".
pub const FAR: usize = 10;

fn tag(name: &str) -> u64 {
    1 << TAGS
        .iter()
        .position(|t| *t == name)
        .expect("census tag is declared in TAGS")
}

/// The census tags of an analysed board:
/// - `answer-one`: every move of the start ends the game; `reachable-cycle`: the answer is -1;
/// - `cycle-far`: -1, and every reachable cell that lies on or between cycles (reaches one and
///   is reached from one) is at least [`FAR`] moves from the start;
/// - `unreachable-cycle`: a finite answer on a board where some cell can move forever;
/// - `trace-mixed`: -1, but some reachable cell has a finite value;
/// - `rejoin-no-cycle`: a finite answer and a cell reached from two different reachable cells
///   (the `2312` trap: a finished cell met again is not a cycle);
/// - `long-chain`: a finite answer ≥ [`LONG_CHAIN`];
/// - `holes-but-path`: the board has holes and the answer equals its number of digit cells (≥ 2),
///   so every digit cell lies on the longest path;
/// - `board-1x1`, `board-1xM`, `board-Nx1`, `board-50` (a side at the judge's limit);
/// - `leave-up/down/left/right`: a move of a reachable cell other than the start leaves the
///   board on that side (the start always leaves up and left);
/// - `land-in-hole`: a reachable cell's move lands in a hole;
/// - `jump-over-hole`: a reachable cell's move lands on a digit cell over at least one hole.
pub fn census_bits(a: &Analysis) -> u64 {
    let (rows, cols) = (a.rows, a.cols);
    let n = rows * cols;
    let answer = a.answer();
    let mut bits = 0;
    let mut hit = |name: &str, yes: bool| {
        if yes {
            bits |= tag(name);
        }
    };
    let digits = a.cells.iter().filter(|&&c| c != 0).count();
    hit("answer-one", answer == 1);
    hit("reachable-cycle", answer == -1);
    hit("unreachable-cycle", answer > 0 && a.value.contains(&-1));
    hit(
        "trace-mixed",
        answer == -1 && (0..n).any(|i| a.reachable[i] && a.value[i] > 0),
    );
    hit("long-chain", answer >= LONG_CHAIN);
    hit(
        "holes-but-path",
        digits < n && digits >= 2 && answer == digits as i64,
    );
    hit("board-1x1", rows == 1 && cols == 1);
    hit("board-1xM", rows == 1 && cols > 1);
    hit("board-Nx1", cols == 1 && rows > 1);
    hit("board-50", rows == 50 || cols == 50);

    // Moves of reachable cells, and in-degrees within the reachable part.
    let mut indeg = vec![0u32; n];
    const SIDES: [&str; 4] = ["leave-up", "leave-down", "leave-left", "leave-right"];
    for i in (0..n).filter(|&i| a.reachable[i]) {
        let d = a.cells[i] as usize;
        for (k, t) in moves(rows, cols, i, a.cells[i]).into_iter().enumerate() {
            match t {
                None => hit(SIDES[k], i != 0),
                Some(t) if a.cells[t] == 0 => hit("land-in-hole", true),
                Some(t) => {
                    indeg[t] += 1;
                    let step = if k < 2 { cols } else { 1 };
                    let lo = i.min(t);
                    let over = (1..d).any(|j| a.cells[lo + j * step] == 0);
                    hit("jump-over-hole", over);
                }
            }
        }
    }
    hit(
        "rejoin-no-cycle",
        answer > 0 && indeg.iter().any(|&d| d >= 2),
    );
    if answer == -1 {
        // Peel reachable cells of in-degree 0: what stays is reached from a cycle.
        let mut left = indeg.clone();
        let mut stack: Vec<usize> = (0..n).filter(|&i| a.reachable[i] && left[i] == 0).collect();
        let mut peeled = vec![false; n];
        while let Some(v) = stack.pop() {
            peeled[v] = true;
            for t in a.edges(v) {
                left[t] -= 1;
                if left[t] == 0 {
                    stack.push(t);
                }
            }
        }
        // Breadth-first distance from the start to the nearest cell on or between cycles.
        let mut dist = vec![usize::MAX; n];
        let mut queue = std::collections::VecDeque::from([0usize]);
        dist[0] = 0;
        let mut nearest = usize::MAX;
        while let Some(v) = queue.pop_front() {
            if !peeled[v] && a.value[v] == -1 {
                nearest = dist[v];
                break;
            }
            for t in a.edges(v) {
                if dist[t] == usize::MAX {
                    dist[t] = dist[v] + 1;
                    queue.push_back(t);
                }
            }
        }
        hit("cycle-far", nearest != usize::MAX && nearest >= FAR);
    }
    bits
}

impl Game for CoinJump {
    type Case = Case;
    const SLUG: &'static str = "coin_jump";
    const PROBLEM: &'static str = "boj1103";
    const TITLE: &'static str = "Coin jump (BOJ 1103)";
    const TAGS: &'static [&'static str] = TAGS;
    const KNOBS: &'static [Knob] = &[Knob::NoStrict, Knob::Size, Knob::Mode];

    fn render(case: &Case) -> String {
        let mut out = String::with_capacity(16 + case.rows * (case.cols + 1));
        out.push_str(&format!("{} {}\n", case.rows, case.cols));
        for row in case.cells.chunks(case.cols) {
            out.extend(row.iter().map(|&v| match v {
                0 => 'H',
                d => (b'0' + d) as char,
            }));
            out.push('\n');
        }
        out
    }

    fn parse_case(input: &[u8]) -> Option<Case> {
        engine::parse(input, false).ok().map(Case::from)
    }

    fn shrink(case: &Case) -> Vec<Case> {
        let (rows, cols) = (case.rows, case.cols);
        let mut out = Vec::new();
        // Halve, then drop single rows and columns (last ones first).
        if rows > 1 {
            out.push(case.crop(rows / 2, cols));
        }
        if cols > 1 {
            out.push(case.crop(rows, cols / 2));
        }
        for r in (0..rows).rev() {
            out.extend(case.without_row(r));
        }
        for c in (0..cols).rev() {
            out.extend(case.without_col(c));
        }
        // Holes, then smaller digits.
        for i in 1..case.cells.len() {
            if case.cells[i] != 0 {
                let mut holed = case.clone();
                holed.cells[i] = 0;
                out.push(holed);
            }
        }
        for i in 0..case.cells.len() {
            let d = case.cells[i];
            for lower in [1, d.saturating_sub(1)] {
                if lower >= 1 && lower < d {
                    let mut smaller = case.clone();
                    smaller.cells[i] = lower;
                    out.push(smaller);
                }
            }
        }
        out
    }

    fn shrink_rank(case: &Case) -> u64 {
        case.digits()
    }

    fn generate(rng: &mut Rng, options: &Options) -> Result<Case, String> {
        gen::generate(rng, options.mode.as_deref(), options.rows, options.cols)
    }

    fn engine(input: &[u8], options: &Options) -> Outcome {
        Outcome::from_engine(engine::solve(input, !options.no_strict))
    }

    fn reference(input: &[u8], options: &Options) -> Outcome {
        Outcome::from_reference(boardfuzz_reference::coin_jump::solve(
            input,
            !options.no_strict,
        ))
    }

    fn engine_trace(input: &[u8], options: &Options) -> Trace {
        engine::trace(input, !options.no_strict).map_err(|e| Outcome::from_engine(Err(e)))
    }

    fn reference_trace(input: &[u8], options: &Options) -> Trace {
        boardfuzz_reference::coin_jump::trace(input, !options.no_strict)
            .map_err(|e| Outcome::from_reference(Err(e)))
    }

    fn census(input: &[u8], options: &Options) -> u64 {
        match engine::parse(input, !options.no_strict) {
            Ok(board) => census_bits(&analyse(&board)),
            Err(_) => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(input: &str) -> Vec<&'static str> {
        let b = CoinJump::census(input.as_bytes(), &Options::default());
        TAGS.iter()
            .enumerate()
            .filter(|(i, _)| b & (1 << i) != 0)
            .map(|(_, t)| *t)
            .collect()
    }

    #[test]
    fn census_of_small_boards() {
        assert_eq!(bits("1 1\n9\n"), ["answer-one", "board-1x1"]);
        assert_eq!(
            bits("1 2\n11\n"),
            [
                "reachable-cycle",
                "board-1xM",
                "leave-up",
                "leave-down",
                "leave-right"
            ]
        );
        let t = bits("1 4\n2312\n");
        assert!(
            t.contains(&"rejoin-no-cycle") && t.contains(&"board-1xM"),
            "{t:?}"
        );
        assert!(!t.contains(&"holes-but-path"));
        let t = bits("2 3\n9HH\n111\n");
        assert!(
            t.contains(&"unreachable-cycle") && t.contains(&"answer-one"),
            "{t:?}"
        );
        let t = bits("3 3\n211\nHHH\n9HH\n");
        assert!(
            t.contains(&"trace-mixed") && t.contains(&"reachable-cycle"),
            "{t:?}"
        );
        assert!(!t.contains(&"cycle-far"));
        let t = bits("1 10\n2H3HH4HHH5\n");
        assert!(
            t.contains(&"jump-over-hole") && t.contains(&"holes-but-path"),
            "{t:?}"
        );
        let t = bits("1 3\n1H1\n");
        assert!(
            t.contains(&"land-in-hole") && !t.contains(&"jump-over-hole"),
            "{t:?}"
        );
        assert!(bits("2 2\nH1\n11\n").is_empty());
    }

    #[test]
    fn cycle_far_needs_a_long_approach() {
        // 3HH1 3HH1 …: two moves per block to the right (every left jump lands in a hole), then
        // a 2H2 bounce: five blocks put the bounce ten moves away.
        let row = format!("{}2H2", "3HH1".repeat(5));
        let t = bits(&format!("1 {}\n{row}\n", row.len()));
        assert!(t.contains(&"cycle-far"), "{t:?}");
        let row = format!("{}2H2", "3HH1".repeat(4));
        let t = bits(&format!("1 {}\n{row}\n", row.len()));
        assert!(!t.contains(&"cycle-far"), "{t:?}");
    }

    #[test]
    fn render_parse_round_trip_and_shrink_keeps_the_start() {
        let mut rng = Rng::new(11);
        for _ in 0..200 {
            let case = CoinJump::generate(&mut rng, &Options::default()).unwrap();
            let text = CoinJump::render(&case);
            assert_eq!(CoinJump::parse_case(text.as_bytes()), Some(case.clone()));
            for smaller in CoinJump::shrink(&case) {
                assert_ne!(smaller.cells[0], 0);
                assert_eq!(smaller.cells.len(), smaller.rows * smaller.cols);
            }
        }
    }

    #[test]
    fn arbitrary_decoding_is_always_a_valid_board() {
        let mut rng = Rng::new(12);
        for _ in 0..500 {
            let mut bytes = vec![0u8; rng.below(600) as usize];
            rng.fill(&mut bytes);
            let case = Case::arbitrary_take_rest(Unstructured::new(&bytes)).unwrap();
            assert!((1..=50).contains(&case.rows) && (1..=50).contains(&case.cols));
            assert_ne!(case.cells[0], 0);
            let text = CoinJump::render(&case);
            assert!(matches!(
                CoinJump::engine(text.as_bytes(), &Options::default()),
                Outcome::Output(_)
            ));
        }
    }
}
