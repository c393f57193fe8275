//! Generators: plain random boards, and boards searched to end at exactly a given turn.

use std::sync::Mutex;

use crate::game::Options;
use crate::rng::Rng;

use super::case::{LARGE_ONE_IN, SMALL_MAX_PIECES, SMALL_MAX_SIDE};
use super::engine::{self, Board, Fate, BLUE, CELLS, MAX_K, OFF, RED, WHITE};
use super::Case;

/// A random valid board: side 4..=12, 4..=10 pieces, per-board densities of blue and red.
pub fn random_board(rng: &mut Rng) -> Board {
    random_board_in(rng, (4, 12), (4, 10))
}

/// A random board with a side in `sides` and a piece count in `pieces` (inclusive ranges).
pub fn random_board_in(rng: &mut Rng, sides: (usize, usize), pieces: (usize, usize)) -> Board {
    let n = rng.range(sides.0 as u64, sides.1 as u64) as usize;
    let k = rng.range(pieces.0 as u64, pieces.1 as u64) as usize;
    random_board_of(rng, n, k)
}

/// A random board of side `n` with `k` pieces.
pub fn random_board_of(rng: &mut Rng, n: usize, k: usize) -> Board {
    let blue = rng.below(40);
    let red = rng.below(40);
    let mut colour = [OFF; CELLS];
    for r in 0..n {
        for c in 0..n {
            let x = rng.below(100);
            colour[engine::cell_of(r, c)] = if x < blue {
                BLUE
            } else if x < blue + red {
                RED
            } else {
                WHITE
            };
        }
    }
    let mut cells: Vec<usize> = (0..n * n).collect();
    let mut start = [0u8; MAX_K];
    let mut dir = [0u8; MAX_K];
    for p in 0..k {
        let i = p + rng.below((cells.len() - p) as u64) as usize;
        cells.swap(p, i);
        start[p] = engine::cell_of(cells[p] / n, cells[p] % n) as u8;
        dir[p] = rng.below(4) as u8;
    }
    Board {
        n,
        k,
        colour,
        start,
        dir,
    }
}

/// How a search went.
#[derive(Debug, Clone)]
pub struct Found {
    /// The best board seen: one that ends at exactly the target if `exact`.
    pub board: Board,
    /// The best board's fate (with the search's own turn cap).
    pub fate: Fate,
    /// Whether the best board's game ends at exactly the target turn.
    pub exact: bool,
    /// Boards evaluated (each one game simulated by the engine, with cycle detection).
    pub evaluations: u64,
}

/// Search settings.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    /// Give up after this many evaluations (the best board so far is returned).
    pub max_evaluations: u64,
    /// Mutations tried from one random restart before the next restart.
    pub climb: u64,
    /// Whether to try the time shift (see [`search`]).
    pub shift: bool,
    /// Board sides tried (inclusive; the judge allows 4..=12).
    pub sides: (usize, usize),
    /// Piece counts tried (inclusive; the judge allows 4..=10).
    pub pieces: (usize, usize),
}

impl Default for Plan {
    fn default() -> Plan {
        Plan {
            max_evaluations: 5_000_000,
            climb: 0,
            shift: true,
            sides: (4, 12),
            pieces: (4, 10),
        }
    }
}

fn distance(fate: Fate, target: u64) -> u64 {
    match fate {
        Fate::Ends(t) => t.abs_diff(target),
        _ => u64::MAX,
    }
}

/// The board at the start of turn `turn` of `board`'s game, if every piece is alone on its cell
/// then (so that state is itself a valid input).
fn board_at(board: &Board, turn: u64) -> Option<Board> {
    let mut s = engine::State::new(board);
    for t in 1..turn {
        if s.play_turn(&board.colour, t, &mut engine::Quiet) {
            return None;
        }
    }
    s.as_board(board)
}

/// A neighbour of a board: one cell recoloured, one piece turned, or one piece moved.
fn mutate(rng: &mut Rng, board: &Board) -> Board {
    let mut b = board.clone();
    let n = b.n;
    match rng.below(3) {
        0 => {
            let cell = engine::cell_of(rng.below(n as u64) as usize, rng.below(n as u64) as usize);
            b.colour[cell] = (b.colour[cell] + 1 + rng.below(2) as u8) % 3;
        }
        1 => {
            let p = rng.below(b.k as u64) as usize;
            b.dir[p] = (b.dir[p] + 1 + rng.below(3) as u8) % 4;
        }
        _ => {
            let p = rng.below(b.k as u64) as usize;
            let cell =
                engine::cell_of(rng.below(n as u64) as usize, rng.below(n as u64) as usize) as u8;
            if !b.start[..b.k].contains(&cell) {
                b.start[p] = cell;
            }
        }
    }
    b
}

/// Searches for a board whose game ends at exactly turn `target`: random restarts, each followed
/// by hill climbing on `|end − target|` (a mutation is kept when it is no worse). Every evaluated
/// game that ends at some `E > target` is also tried *time-shifted*: if at the start of turn
/// `E − target + 1` every piece stands alone, that position is a valid input whose game ends at
/// exactly `target` (the game from there on is the same game). Deterministic for a given RNG.
pub fn search(rng: &mut Rng, target: u64, plan: Plan) -> Found {
    let cap = Some(target.saturating_mul(4).max(target + 1000));
    let mut evaluations = 0;
    let mut best: Option<(Board, Fate)> = None;
    let consider = |b: Board, fate: Fate, best: &mut Option<(Board, Fate)>| -> bool {
        let better = match best {
            None => true,
            Some((_, f)) => distance(fate, target) < distance(*f, target),
        };
        if better {
            *best = Some((b, fate));
        }
        distance(fate, target) == 0
    };
    'restart: while evaluations < plan.max_evaluations {
        let mut board = random_board_in(rng, plan.sides, plan.pieces);
        let mut fate = engine::run(&board, cap).fate;
        evaluations += 1;
        for step in 0..=plan.climb {
            if step > 0 {
                if evaluations >= plan.max_evaluations {
                    break 'restart;
                }
                let next = mutate(rng, &board);
                let next_fate = engine::run(&next, cap).fate;
                evaluations += 1;
                if distance(next_fate, target) > distance(fate, target) {
                    continue;
                }
                board = next;
                fate = next_fate;
            }
            if consider(board.clone(), fate, &mut best) {
                break 'restart;
            }
            if let (true, Fate::Ends(end)) = (plan.shift, fate) {
                if end > target {
                    if let Some(shifted) = board_at(&board, end - target + 1) {
                        if consider(shifted, Fate::Ends(target), &mut best) {
                            break 'restart;
                        }
                    }
                }
            }
        }
    }
    let (board, fate) = best.expect("at least one board was evaluated");
    Found {
        exact: distance(fate, target) == 0,
        board,
        fate,
        evaluations,
    }
}

/// One case in this many of a plain run (no `--end`) is a boundary board: searched to end at
/// `L − 1`, `L`, `L + 1` or `L + 2` for the turn limit `L`, so `check` exercises SG-15's
/// boundary, which random boards almost never reach (about 1 in 20,000 ends at a given turn
/// near 1000).
pub const BOUNDARY_ONE_IN: u64 = 32;

/// Evaluations allowed for one boundary board inside `check` (the best board found is used
/// even if it misses; a search for turn 1000 needs about 80 on average).
pub const BOUNDARY_EVALUATIONS: u64 = 20_000;

/// The generator behind `gen`, `check` and `census --fill`.
///
/// - `--end TURN`: a board whose game ends at exactly `TURN` ([`search`]), or an error if the
///   search budget runs out.
/// - otherwise: one time in [`BOUNDARY_ONE_IN`] a boundary board, else a random board with the
///   fuzz target's scopes ([`super::case`]): one in [`LARGE_ONE_IN`] over the judge's whole
///   range, the others small (side 4..=[`SMALL_MAX_SIDE`], 4..=[`SMALL_MAX_PIECES`] pieces).
///   Searched boards (`--end`, boundary boards) use the judge's whole range.
///
/// `--side N` and `--pieces K` fix the board side and the piece count of either kind.
pub fn generate(
    rng: &mut Rng,
    options: &Options,
    end: Option<u64>,
    side: Option<usize>,
    pieces: Option<usize>,
) -> Result<Case, String> {
    let fixed_or = |value: Option<usize>, range: (usize, usize)| value.map_or(range, |v| (v, v));
    let shape = Plan {
        sides: fixed_or(side, (4, 12)),
        pieces: fixed_or(pieces, (4, 10)),
        ..Plan::default()
    };
    if let Some(end) = end {
        if end == 0 {
            return Err("the end turn must be at least 1 (turns are numbered from 1)".into());
        }
        let found = search(rng, end, shape);
        if !found.exact {
            return Err(format!(
                "no board ending at turn {end} in {} evaluations",
                found.evaluations
            ));
        }
        return Ok(Case::from_board(&found.board));
    }
    if rng.below(BOUNDARY_ONE_IN) == 0 {
        let limit = super::turn_limit(options) as u64;
        let target = (limit + rng.below(4)).saturating_sub(1).max(1);
        let plan = Plan {
            max_evaluations: BOUNDARY_EVALUATIONS,
            ..shape
        };
        return Ok(Case::from_board(&search(rng, target, plan).board));
    }
    let (sides, pieces) = if rng.below(LARGE_ONE_IN.into()) == 0 {
        (shape.sides, shape.pieces)
    } else {
        (
            fixed_or(side, (4, usize::from(SMALL_MAX_SIDE))),
            fixed_or(pieces, (4, SMALL_MAX_PIECES)),
        )
    };
    Ok(Case::from_board(&random_board_in(rng, sides, pieces)))
}

/// Games that end late are hard to shrink structurally: dropping a row, a piece or a colour
/// changes when the game ends, so a failure that needs the game to end at exactly turn 1001
/// (one past the limit) survives no structural step. This shrink step *synthesizes* smaller
/// games with the same end turn instead: [`search`] on a smaller board or with fewer pieces
/// (the time shift makes that cheap), up to [`SYNTHESIS_EVALUATIONS`] games per shape,
/// deterministically, each shape searched once per end turn (cached).
pub fn same_end_smaller(case: &Case) -> Vec<Case> {
    let board = case.board();
    let Fate::Ends(end) = engine::run(&board, Some(SYNTHESIS_FROM * 4)).fate else {
        return Vec::new();
    };
    if end < SYNTHESIS_FROM {
        return Vec::new();
    }
    let (n, k) = (board.n, board.k);
    let mut shapes = vec![(4, 4), (n - 1, k), (n, k - 1), (n - 1, k - 1)];
    shapes.retain(|&(sn, sk)| sn >= 4 && sk >= 4 && sn <= n && sk <= k && (sn, sk) != (n, k));
    shapes.dedup();
    static CACHE: Mutex<Vec<Synthesized>> = Mutex::new(Vec::new());
    let mut out = Vec::new();
    for (sn, sk) in shapes {
        let key = (end, sn, sk);
        let cached = CACHE
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, b)| b.clone());
        let found = cached.unwrap_or_else(|| {
            let plan = Plan {
                max_evaluations: SYNTHESIS_EVALUATIONS,
                sides: (sn, sn),
                pieces: (sk, sk),
                ..Plan::default()
            };
            let seed = end ^ ((sn as u64) << 32) ^ ((sk as u64) << 48);
            let found = search(&mut Rng::new(seed), end, plan);
            let board = found.exact.then_some(found.board);
            CACHE
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push((key, board.clone()));
            board
        });
        out.extend(found.map(|b| Case::from_board(&b)));
    }
    out
}

/// A cached synthesis: (end turn, side, pieces) and the board found, if any.
type Synthesized = ((u64, usize, usize), Option<Board>);

/// Games ending at this turn or later get synthesized shrink candidates ([`same_end_smaller`]).
pub const SYNTHESIS_FROM: u64 = 500;

/// Games evaluated per synthesized shape.
pub const SYNTHESIS_EVALUATIONS: u64 = 100_000;
