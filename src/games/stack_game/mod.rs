//! The stacking-pieces game (BOJ 17837, "새로운 게임 2"): the structured case, its rendering,
//! shrinking, census and generators, and the glue between the optimized [`engine`] and the
//! literal reference (`reference/src/stack_game.rs`).
//!
//! Case format (versioned — changing it invalidates saved fuzz corpora): `N` by `int_in_range
//! (4..=12)`, `K` by `int_in_range(4..=10)`, then one byte per cell in row-major order (colour =
//! `byte % 3`), then per piece one byte picking its cell among the still free ones in row-major
//! order (`byte % free`) and one byte for its direction (`byte % 4 + 1`). Every byte string is a
//! valid board.
//!
//! Knobs: `--turn-limit L` (engine and reference play turns `1..=L`; default 1000),
//! `--no-limit` (engine only, overrides `--turn-limit`: the true fate, `T` or `never (cycle of
//! period P entered at turn S)`, see [`engine::Fate`]; `check`, `repro` and `solve --reference`
//! refuse it, since the reference answers a different question) and `gen --end TURN` /
//! `check --end TURN` (boards searched to end at exactly `TURN`, see [`search`]). Without
//! `--end`, one generated case in [`search::BOUNDARY_ONE_IN`] is searched to end within a turn
//! or two of the turn limit, so a plain `check` tests rule 7's boundary.

pub mod engine;
pub mod search;

use arbitrary::{Arbitrary, Unstructured};

use crate::game::{Game, Knob, Options, Outcome, Trace};
use crate::rng::Rng;
use engine::{Board, Bounce, Fate, MoveEvent, Observer, State, BLUE, OFF, RED, WHITE};

/// One piece: 1-based row and column, direction 1..=4, as in the judge text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    pub row: u8,
    pub col: u8,
    pub dir: u8,
}

/// A whole input: `4 ≤ n ≤ 12`, `n * n` colours (row-major, `0..=2`), 4..=10 pieces on distinct
/// cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    pub n: u8,
    pub colours: Vec<u8>,
    pub pieces: Vec<Piece>,
}

impl Case {
    /// The engine's board of a case.
    pub fn board(&self) -> Board {
        engine::parse(StackGame::render(self).as_bytes()).expect("a Case is valid by construction")
    }

    /// The case of an engine board.
    pub fn from_board(board: &Board) -> Case {
        let n = board.n;
        let mut colours = Vec::with_capacity(n * n);
        for r in 0..n {
            for c in 0..n {
                colours.push(board.colour[engine::cell_of(r, c)]);
            }
        }
        let pieces = (0..board.k)
            .map(|p| {
                let (r, c) = engine::row_col(board.start[p] as usize);
                Piece {
                    row: r as u8 + 1,
                    col: c as u8 + 1,
                    dir: board.dir[p] + 1,
                }
            })
            .collect();
        Case {
            n: n as u8,
            colours,
            pieces,
        }
    }

    fn valid(&self) -> bool {
        let n = self.n as usize;
        (4..=12).contains(&n)
            && (4..=10).contains(&self.pieces.len())
            && self.colours.len() == n * n
            && self.pieces.iter().enumerate().all(|(i, p)| {
                (1..=self.n).contains(&p.row)
                    && (1..=self.n).contains(&p.col)
                    && (1..=4).contains(&p.dir)
                    && self.pieces[..i]
                        .iter()
                        .all(|q| (q.row, q.col) != (p.row, p.col))
            })
    }
}

impl<'a> Arbitrary<'a> for Case {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let n: u8 = u.int_in_range(4..=12)?;
        let k: usize = u.int_in_range(4..=10)?;
        let cells = n as usize * n as usize;
        let mut colours = Vec::with_capacity(cells);
        for _ in 0..cells {
            colours.push(u8::arbitrary(u)? % 3);
        }
        let mut free: Vec<u8> = (0..cells as u8).collect();
        let mut pieces = Vec::with_capacity(k);
        for _ in 0..k {
            let cell = free.remove(u8::arbitrary(u)? as usize % free.len());
            pieces.push(Piece {
                row: cell / n + 1,
                col: cell % n + 1,
                dir: u8::arbitrary(u)? % 4 + 1,
            });
        }
        Ok(Case { n, colours, pieces })
    }
}

/// The stacking-pieces game.
pub struct StackGame;

/// Sees the moves of turns `1..=limit` and sets census bits.
struct CensusObserver {
    limit: u64,
    hits: u64,
}

/// The bit of a census tag.
fn tag(name: &str) -> u64 {
    let i = StackGame::TAGS
        .iter()
        .position(|t| *t == name)
        .expect("census tag is declared in TAGS");
    1 << i
}

impl Observer for CensusObserver {
    fn on_move(&mut self, turn: u64, ev: &MoveEvent) {
        if turn > self.limit {
            return;
        }
        self.hits |= match ev.bounce {
            Bounce::None => match ev.landed {
                Some(RED) => tag("move-red"),
                _ => tag("move-white"),
            },
            Bounce::Blue => tag("move-blue"),
            Bounce::OffBoard => tag("bounce-off-board"),
        };
        if ev.bounce != Bounce::None {
            self.hits |= match ev.landed {
                None => tag("bounce-blocked"),
                Some(RED) => tag("red-after-bounce"),
                Some(_) => 0,
            };
        }
        if ev.group >= 2 {
            self.hits |= tag("group-carried");
        }
    }
}

/// The turn limit of a run.
pub fn turn_limit(options: &Options) -> u32 {
    options.turn_limit.unwrap_or(engine::TURN_LIMIT)
}

/// Replays a game that ends at `end` up to its ending move, then plays the rest of that turn as
/// if rule 6 did not exist. Returns (pieces on the ending move's destination, largest stack at
/// the end of the turn).
pub fn ending_move(board: &Board, end: u64) -> (usize, usize) {
    let mut s = State::new(board);
    for t in 1..end {
        s.play_turn(&board.colour, t, &mut engine::Quiet);
    }
    for a in 0..s.k {
        let len = s.move_piece(&board.colour, a, end, &mut engine::Quiet);
        if len >= 4 {
            return (len, s.finish_turn_ignoring_end(&board.colour, a + 1));
        }
    }
    unreachable!("the game ends in turn {end}")
}

impl Game for StackGame {
    type Case = Case;
    const SLUG: &'static str = "stack_game";
    const PROBLEM: &'static str = "boj17837";
    const TITLE: &'static str = "Stacking pieces (BOJ 17837)";
    /// Move tags count moves of turns `1..=limit`; `move-*` and `bounce-off-board` name what the
    /// first target was. End buckets are the game's *true* end turn (whatever the limit); the
    /// `stack-*` tags are about the move that ends the game within the limit; `cycle-proved`
    /// means the engine answered -1 from a repeated state before reaching the limit.
    const TAGS: &'static [&'static str] = &[
        "move-white",
        "move-red",
        "move-blue",
        "bounce-off-board",
        "bounce-blocked",
        "red-after-bounce",
        "group-carried",
        "stack-5-in-one-move",
        "stack-4-broken-same-turn",
        "end-1",
        "end-2-10",
        "end-11-100",
        "end-101-999",
        "end-1000",
        "end-1001-1100",
        "never-ends",
        "cycle-proved",
    ];
    const KNOBS: &'static [Knob] = &[Knob::TurnLimit, Knob::NoLimit, Knob::End];

    fn render(case: &Case) -> String {
        let n = case.n as usize;
        let mut out = String::with_capacity(8 + 2 * n * n + 8 * case.pieces.len());
        out.push_str(&format!("{} {}\n", n, case.pieces.len()));
        for row in case.colours.chunks(n) {
            for (i, &c) in row.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                out.push((b'0' + c) as char);
            }
            out.push('\n');
        }
        for p in &case.pieces {
            out.push_str(&format!("{} {} {}\n", p.row, p.col, p.dir));
        }
        out
    }

    fn parse_case(input: &[u8]) -> Option<Case> {
        engine::parse(input).ok().map(|b| Case::from_board(&b))
    }

    fn shrink(case: &Case) -> Vec<Case> {
        let n = case.n as usize;
        let mut out = Vec::new();
        // A smaller board: drop row i and column j (pieces there go; the rest shift).
        if n > 4 {
            let mut pairs = vec![(n - 1, n - 1), (0, 0), (n - 1, 0), (0, n - 1)];
            pairs.extend((1..n - 1).map(|i| (i, i)));
            for (dr, dc) in pairs {
                let mut colours = Vec::with_capacity((n - 1) * (n - 1));
                for r in (0..n).filter(|&r| r != dr) {
                    for c in (0..n).filter(|&c| c != dc) {
                        colours.push(case.colours[r * n + c]);
                    }
                }
                let pieces = case
                    .pieces
                    .iter()
                    .filter(|p| p.row as usize - 1 != dr && p.col as usize - 1 != dc)
                    .map(|p| Piece {
                        row: p.row - (p.row as usize - 1 > dr) as u8,
                        col: p.col - (p.col as usize - 1 > dc) as u8,
                        dir: p.dir,
                    })
                    .collect();
                out.push(Case {
                    n: n as u8 - 1,
                    colours,
                    pieces,
                });
            }
        }
        // Fewer pieces.
        for i in 0..case.pieces.len() {
            let mut c = case.clone();
            c.pieces.remove(i);
            out.push(c);
        }
        // Simpler colours (white, then red), smaller directions, pieces nearer the top left.
        for i in 0..case.colours.len() {
            for colour in 0..case.colours[i] {
                let mut c = case.clone();
                c.colours[i] = colour;
                out.push(c);
            }
        }
        for i in 0..case.pieces.len() {
            for dir in 1..case.pieces[i].dir {
                let mut c = case.clone();
                c.pieces[i].dir = dir;
                out.push(c);
            }
            for (dr, dc) in [(1, 0), (0, 1)] {
                let mut c = case.clone();
                c.pieces[i].row -= dr;
                c.pieces[i].col -= dc;
                out.push(c);
            }
        }
        out.retain(Case::valid);
        out
    }

    fn generate(rng: &mut Rng, options: &Options) -> Result<Case, String> {
        search::generate(rng, options)
    }

    fn engine(input: &[u8], options: &Options) -> Outcome {
        Outcome::from_engine(if options.no_limit {
            engine::solve_no_limit(input)
        } else {
            engine::solve(input, turn_limit(options))
        })
    }

    fn reference(input: &[u8], options: &Options) -> Outcome {
        Outcome::from_reference(boardfuzz_reference::stack_game::solve_with_limit(
            input,
            turn_limit(options),
        ))
    }

    fn engine_trace(input: &[u8], options: &Options) -> Trace {
        engine::trace(input, turn_limit(options)).map_err(|e| Outcome::from_engine(Err(e)))
    }

    fn reference_trace(input: &[u8], options: &Options) -> Trace {
        boardfuzz_reference::stack_game::trace(input, turn_limit(options))
            .map_err(|e| Outcome::from_reference(Err(e)))
    }

    fn census(input: &[u8], options: &Options) -> u64 {
        let Ok(board) = engine::parse(input) else {
            return 0;
        };
        let limit = turn_limit(options) as u64;
        let mut obs = CensusObserver { limit, hits: 0 };
        let run = engine::run_with(&board, Some(limit.max(1100)), engine::TABLE_CAP, &mut obs);
        let mut hits = obs.hits;
        match run.fate {
            Fate::Ends(end) => {
                hits |= match end {
                    1 => tag("end-1"),
                    2..=10 => tag("end-2-10"),
                    11..=100 => tag("end-11-100"),
                    101..=999 => tag("end-101-999"),
                    1000 => tag("end-1000"),
                    1001..=1100 => tag("end-1001-1100"),
                    _ => 0,
                };
                if end <= limit {
                    let (len, largest_after) = ending_move(&board, end);
                    if len >= 5 {
                        hits |= tag("stack-5-in-one-move");
                    }
                    if largest_after < 4 {
                        hits |= tag("stack-4-broken-same-turn");
                    }
                }
            }
            Fate::Never { start, period } => {
                hits |= tag("never-ends");
                if start + period <= limit {
                    hits |= tag("cycle-proved");
                }
            }
            Fate::Undecided { .. } => {}
        }
        hits
    }
}

// The colour constants are the judge's digits.
const _: () = assert!(WHITE == 0 && RED == 1 && BLUE == 2 && OFF == 3);
