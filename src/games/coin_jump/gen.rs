//! Board generators for coin_jump, each biased toward one edge case of the rules
//! (`docs/rules/coin_jump.md`).
//!
//! Most modes are built on a [`Walk`]: a path of digit cells from the start in which every cell's
//! digit is the jump to the next one, and where no move of a path cell lands on an *earlier* path
//! cell. Moves onto later path cells are forward edges, so the walk's cells form an acyclic graph
//! whose longest route is the whole walk, by construction. Cells no path move lands on are
//! unreachable and can hold anything — cycles included — without changing the answer.
//!
//! Modes (`boardfuzz gen coin_jump --mode NAME`): `random`, `chain` (a long walk, the rest holes
//! or unreachable filler), `cycle` (a long walk that ends in a 2-cycle), `unreachable` (a walk
//! plus unreachable filler that holds a cycle), `answer-one` (every move of the start ends the
//! game), `thin` (1×1, 1×M and N×1 boards), `path` (a random walk, holes everywhere else), and
//! the deterministic `snake` and `snake-cycle` (an induced greedy snake alone, finished or closed
//! by a 2-cycle that only the end of the path reaches: the long-chain and long-path-then-cycle
//! boards of the benchmarks; about 30 % of the cells are on the path, 856 moves on 50×50,
//! 4,718,042 on 4000×4000). [`search_long_chain`] improves a snake by local search (the
//! `coin_jump_longest` example).
//!
//! Without `--mode`, each case picks a mode at random, also when `--rows/--cols` are given.

use super::case::Scope;
use super::engine::{longest_of, moves_at};
use super::Case;
use crate::rng::Rng;

/// The generator modes, in the order `check` picks them from.
pub const MODES: &[&str] = &[
    "random",
    "chain",
    "cycle",
    "unreachable",
    "answer-one",
    "thin",
    "path",
    "snake",
    "snake-cycle",
];

/// The largest board `gen` makes (16384×16384; the text alone is 256 MiB).
pub const MAX_CELLS: usize = 1 << 28;

/// [`Walk::mark`] values.
const FREE: u8 = 0;
const ON: u8 = 1;
const BLOCKED: u8 = 2;

/// Direction indices, as in [`moves_at`]: up, down, left, right.
const DOWN: usize = 1;
const LEFT: usize = 2;
const RIGHT: usize = 3;

/// A board side within the judge's limit, skewed toward small boards (and the limit itself).
pub fn judge_side(rng: &mut Rng) -> usize {
    if rng.chance(1, 40) {
        return 50;
    }
    let cap = rng.range(1, 50);
    rng.range(1, cap) as usize
}

/// One case in the named mode (`None`: any mode, chosen by `rng`). `rows`/`cols` fix the size;
/// otherwise the board has the fuzz target's scopes ([`Scope::pick`]): a large board is
/// judge-size, skewed toward small ones ([`judge_side`]); a small or medium one has sides up to
/// its scope's largest.
pub fn generate(
    rng: &mut Rng,
    mode: Option<&str>,
    rows: Option<usize>,
    cols: Option<usize>,
) -> Result<Case, String> {
    let mode = match mode {
        Some(m) => MODES
            .iter()
            .copied()
            .find(|&x| x == m)
            .ok_or_else(|| format!("unknown mode `{m}` (modes: {})", MODES.join(", ")))?,
        None => MODES[rng.below(MODES.len() as u64) as usize],
    };
    let scope = Scope::pick(rng);
    let mut side = || match scope.max_side() {
        None => judge_side(rng),
        Some(max) => rng.range(1, max as u64) as usize,
    };
    let mut r = rows.unwrap_or_else(&mut side);
    let mut c = cols.unwrap_or_else(&mut side);
    if r == 0 || c == 0 {
        return Err("a board needs at least one row and one column".into());
    }
    if r.checked_mul(c).map_or(true, |n| n > MAX_CELLS) {
        return Err(format!(
            "{r}×{c} is more than {MAX_CELLS} cells (2^28, e.g. 16384×16384)"
        ));
    }
    Ok(match mode {
        "random" => random_board(rng, r, c),
        "chain" => {
            let noise = if rng.chance(1, 3) { 0 } else { rng.below(300) };
            let mut w = Walk::new(r, c);
            w.run(rng, noise, usize::MAX);
            w.finish();
            let fill = if rng.chance(1, 2) { 0 } else { rng.below(80) };
            w.into_case(rng, fill, false)
        }
        "cycle" => {
            let noise = if rng.chance(1, 3) { 0 } else { rng.below(300) };
            let mut w = Walk::new(r, c);
            let len = if rng.chance(1, 2) {
                usize::MAX
            } else {
                rng.range(1, 60) as usize
            };
            w.run(rng, noise, len);
            w.close_with_cycle();
            let fill = rng.below(60);
            w.into_case(rng, fill, false)
        }
        "unreachable" => {
            let mut w = Walk::new(r, c);
            let len = rng.range(1, 40) as usize;
            w.run(rng, 1000, len);
            w.finish();
            let fill = rng.range(20, 90);
            w.into_case(rng, fill, true)
        }
        "answer-one" => {
            let mut case = random_board(rng, r, c);
            let d = rng.range(1, 9) as usize;
            case.cells[0] = d as u8;
            if d < c {
                case.cells[d] = 0;
            }
            if d < r {
                case.cells[d * c] = 0;
            }
            case
        }
        "thin" => {
            match (rows, cols, rng.below(3)) {
                (None, None, 0) => (r, c) = (1, 1),
                (None, _, 1) => r = 1,
                (_, None, _) => c = 1,
                _ => r = 1,
            }
            if rng.chance(1, 2) {
                random_board(rng, r, c)
            } else {
                let mut w = Walk::new(r, c);
                w.run(rng, 1000, usize::MAX);
                if rng.chance(1, 3) {
                    w.close_with_cycle();
                } else {
                    w.finish();
                }
                let fill = rng.below(70);
                w.into_case(rng, fill, false)
            }
        }
        "snake" => snake(r, c, false),
        "snake-cycle" => snake(r, c, true),
        _ => {
            // "path": holes everywhere but one random walk.
            let mut w = Walk::new(r, c);
            w.run(rng, 1000, usize::MAX);
            w.finish();
            w.into_case(rng, 0, false)
        }
    })
}

/// A board of random digits (at most a random maximum digit) and holes.
pub fn random_board(rng: &mut Rng, rows: usize, cols: usize) -> Case {
    let cap = rng.range(1, 9);
    let max_digit = rng.range(1, cap);
    let holes = if rng.chance(1, 4) { 0 } else { rng.below(60) };
    let cells = (0..rows * cols)
        .map(|i| {
            if i > 0 && rng.below(100) < holes {
                0
            } else {
                rng.range(1, max_digit) as u8
            }
        })
        .collect();
    Case { rows, cols, cells }
}

/// A path of digit cells from the start; see the module documentation.
pub struct Walk {
    rows: usize,
    cols: usize,
    /// Digits of the path cells (the last one is set by [`Walk::finish`]); 0 elsewhere.
    cells: Vec<u8>,
    /// Per cell: [`FREE`], [`ON`] the path, or [`BLOCKED`] (an induced walk's other moves land
    /// there, so it must stay a hole).
    mark: Vec<u8>,
    /// Whether the path is induced: no move of a path cell lands on a path cell other than the
    /// next one, so the reachable graph is the path alone (no shortcuts).
    induced: bool,
    path: Vec<usize>,
    /// The horizontal direction the snake is heading in (`LEFT` or `RIGHT`).
    heading: usize,
}

impl Walk {
    /// A walk of the start cell alone on an all-hole `rows × cols` board (not induced).
    pub fn new(rows: usize, cols: usize) -> Walk {
        let mut mark = vec![FREE; rows * cols];
        mark[0] = ON;
        Walk {
            rows,
            cols,
            cells: vec![0; rows * cols],
            mark,
            induced: false,
            path: vec![0],
            heading: RIGHT,
        }
    }

    /// Number of cells on the path (the answer once the walk is finished).
    pub fn len(&self) -> usize {
        self.path.len()
    }

    /// Whether the path has no cells (never: the start is always on it).
    pub fn is_empty(&self) -> bool {
        self.path.is_empty()
    }

    /// An induced walk (see `Walk::induced`): the snake boards of the benchmarks.
    pub fn new_induced(rows: usize, cols: usize) -> Walk {
        Walk {
            induced: true,
            ..Walk::new(rows, cols)
        }
    }

    /// Where a jump of `d` from `p` in direction `dir` lands, if that is allowed: on the board,
    /// free, and none of the other three jumps of `d` from `p` lands on the path.
    fn fits(&self, p: usize, dir: usize, d: u8) -> Option<usize> {
        let m = moves_at(self.rows, self.cols, p / self.cols, p % self.cols, d);
        let q = m[dir]?;
        if self.mark[q] == ON || (self.induced && self.mark[q] == BLOCKED) {
            return None;
        }
        m.iter()
            .enumerate()
            .all(|(k, t)| k == dir || t.map_or(true, |t| self.mark[t] != ON))
            .then_some(q)
    }

    fn push(&mut self, d: u8, q: usize) {
        let p = *self.path.last().expect("a walk is never empty");
        self.cells[p] = d;
        if self.induced {
            let m = moves_at(self.rows, self.cols, p / self.cols, p % self.cols, d);
            for t in m.into_iter().flatten() {
                if self.mark[t] == FREE {
                    self.mark[t] = BLOCKED;
                }
            }
        }
        self.mark[q] = ON;
        self.path.push(q);
    }

    /// Extends the walk by at most `max_len - len` cells. With `noise == 0` it is a greedy snake:
    /// the shortest jump ahead, else the shortest down (then turn back), else the shortest back,
    /// else up. Otherwise, with probability `noise`/1000 per step, a random allowed jump.
    pub fn run(&mut self, rng: &mut Rng, noise: u64, max_len: usize) {
        let mut options: Vec<(usize, u8, usize)> = Vec::new();
        while self.path.len() < max_len {
            let p = *self.path.last().expect("a walk is never empty");
            if noise > 0 && rng.below(1000) < noise {
                options.clear();
                for dir in 0..4 {
                    for d in 1..=9 {
                        if let Some(q) = self.fits(p, dir, d) {
                            options.push((dir, d, q));
                        }
                    }
                }
                if let Some(&(dir, d, q)) =
                    options.get(rng.below(options.len().max(1) as u64) as usize)
                {
                    if dir == LEFT || dir == RIGHT {
                        self.heading = dir;
                    }
                    self.push(d, q);
                    continue;
                }
                break;
            }
            let back = LEFT + RIGHT - self.heading;
            let plan = [
                (self.heading, self.heading),
                (DOWN, back),
                (back, back),
                (0, self.heading),
            ];
            let found = plan.iter().find_map(|&(dir, then)| {
                (1..=9).find_map(|d| self.fits(p, dir, d).map(|q| (d, q, then)))
            });
            match found {
                Some((d, q, then)) => {
                    self.heading = then;
                    self.push(d, q);
                }
                None => break,
            }
        }
    }

    /// Gives the last cell a digit whose four moves all end the game; if it has none, drops it
    /// (its predecessor's jump then lands in a hole). Afterwards the answer is [`Walk::len`].
    pub fn finish(&mut self) {
        let p = *self.path.last().expect("a walk is never empty");
        let (r, c) = (p / self.cols, p % self.cols);
        let free = (1..=9u8).find(|&d| {
            moves_at(self.rows, self.cols, r, c, d)
                .iter()
                .all(|t| t.map_or(true, |t| self.mark[t] != ON))
        });
        match free {
            Some(d) => self.cells[p] = d,
            None => {
                // Unreachable for a one-cell walk: the start alone has no path cell to hit.
                self.mark[p] = FREE;
                self.path.pop();
            }
        }
    }

    /// Ends the walk in a 2-cycle: the last cell that can jump to a fresh cell does, and that
    /// cell jumps straight back. (Later cells are dropped.) In an induced walk the fresh cell is
    /// one no earlier move lands on, so the cycle is reached only at the end of the whole path.
    pub fn close_with_cycle(&mut self) {
        while let Some(&p) = self.path.last() {
            let (r, c) = (p / self.cols, p % self.cols);
            for d in 1..=9u8 {
                let m = moves_at(self.rows, self.cols, r, c, d);
                let fresh = |q: &usize| {
                    self.mark[*q] == FREE || (!self.induced && self.mark[*q] == BLOCKED)
                };
                if let Some(q) = m.iter().flatten().copied().find(fresh) {
                    self.push(d, q);
                    self.cells[q] = d;
                    return;
                }
            }
            if self.path.len() == 1 {
                return self.finish(); // nowhere to go: a 1×1 board
            }
            self.mark[p] = FREE;
            self.cells[p] = 0;
            self.path.pop();
        }
    }

    /// The board: the walk, holes where a walk cell's move lands, and elsewhere unreachable
    /// filler (a digit with probability `fill`%, else a hole). With `cycle`, two filler cells
    /// are made to jump at each other if any pair can.
    pub fn into_case(self, rng: &mut Rng, fill: u64, cycle: bool) -> Case {
        let (rows, cols) = (self.rows, self.cols);
        let mut cells = self.cells;
        let mut free = vec![true; rows * cols];
        for &p in &self.path {
            free[p] = false;
            let m = moves_at(rows, cols, p / cols, p % cols, cells[p]);
            for t in m.into_iter().flatten() {
                free[t] = false;
            }
        }
        if fill > 0 {
            let cap = rng.range(1, 9);
            for (i, cell) in cells.iter_mut().enumerate() {
                if free[i] && rng.below(100) < fill {
                    *cell = rng.range(1, cap) as u8;
                }
            }
        }
        if cycle {
            'pairs: for _ in 0..200 {
                let a = rng.below((rows * cols) as u64) as usize;
                if !free[a] {
                    continue;
                }
                let d = rng.range(1, 9) as u8;
                let m = moves_at(rows, cols, a / cols, a % cols, d);
                for b in m.into_iter().flatten() {
                    if free[b] {
                        cells[a] = d;
                        cells[b] = d;
                        break 'pairs;
                    }
                }
            }
        }
        Case { rows, cols, cells }
    }
}

/// The induced greedy snake of `rows × cols`, finished (`cycle`: ending in a 2-cycle instead),
/// holes elsewhere: `gen --mode snake` / `snake-cycle`. The coin's only route is the whole path.
pub fn snake(rows: usize, cols: usize, cycle: bool) -> Case {
    let mut w = Walk::new_induced(rows, cols);
    w.run(&mut Rng::new(0), 0, usize::MAX);
    if cycle {
        w.close_with_cycle();
    } else {
        w.finish();
    }
    w.into_case(&mut Rng::new(0), 0, false)
}

/// Local search for a board with a large finite answer: starts from the better of the two greedy
/// snakes (induced or not) and runs [`improve_long_chain`] without annealing.
pub fn search_long_chain(rng: &mut Rng, rows: usize, cols: usize, steps: u64) -> (Case, i64) {
    let mut w = Walk::new(rows, cols);
    w.run(&mut Rng::new(0), 0, usize::MAX);
    w.finish();
    let dense = w.into_case(&mut Rng::new(0), 0, false);
    let induced = snake(rows, cols, false);
    let start = [dense, induced]
        .into_iter()
        .max_by_key(|c| longest_of(rows, cols, &c.cells))
        .expect("two candidates");
    improve_long_chain(rng, start, steps, 0.0)
}

/// Local search from `start`: for `steps` steps, rewrite one random cell (a digit or a hole) and
/// keep the change if the answer stays finite and does not drop — or, with `temperature` T > 0
/// (simulated annealing, T falling linearly to 0), drops by δ with probability e^(−δ/T).
/// Returns the best board seen and its answer.
pub fn improve_long_chain(rng: &mut Rng, start: Case, steps: u64, temperature: f64) -> (Case, i64) {
    let (rows, cols) = (start.rows, start.cols);
    let mut score = longest_of(rows, cols, &start.cells);
    let mut case = start;
    let mut best = (case.clone(), score);
    for step in 0..steps {
        let i = rng.below((rows * cols) as u64) as usize;
        let old = case.cells[i];
        let new = if i > 0 && rng.chance(1, 4) {
            0
        } else {
            rng.range(1, 9) as u8
        };
        if new == old {
            continue;
        }
        case.cells[i] = new;
        let s = longest_of(rows, cols, &case.cells);
        let t = temperature * (1.0 - step as f64 / steps as f64);
        let accept = s >= score
            || (s > 0
                && t > 0.0
                && (rng.below(1 << 30) as f64)
                    < (((s - score) as f64) / t).exp() * (1u64 << 30) as f64);
        if accept {
            score = s;
            if s > best.1 {
                best = (case.clone(), s);
            }
        } else {
            case.cells[i] = old;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::coin_jump::engine::analyse;

    /// A judge-size walk, plain or induced (alternating with `i`), run with random noise.
    fn random_walk(rng: &mut Rng, i: usize) -> (usize, usize, Walk) {
        let (r, c) = (judge_side(rng), judge_side(rng));
        let mut w = if i % 2 == 0 {
            Walk::new(r, c)
        } else {
            Walk::new_induced(r, c)
        };
        let noise = rng.below(1001);
        w.run(rng, noise, usize::MAX);
        (r, c, w)
    }

    #[test]
    fn a_finished_walk_is_acyclic_and_its_length_is_the_answer() {
        let mut rng = Rng::new(3);
        for i in 0..600 {
            let (r, c, mut w) = random_walk(&mut rng, i);
            w.finish();
            let len = w.len() as i64;
            let fill = rng.below(80);
            let case = w.into_case(&mut rng, fill, true);
            assert_eq!(longest_of(r, c, &case.cells), len, "{r}x{c}");
        }
    }

    #[test]
    fn a_closed_walk_has_a_reachable_cycle() {
        let mut rng = Rng::new(4);
        for i in 0..600 {
            let (r, c, mut w) = random_walk(&mut rng, i);
            if r * c == 1 {
                continue;
            }
            w.close_with_cycle();
            let case = w.into_case(&mut rng, 30, false);
            assert_eq!(longest_of(r, c, &case.cells), -1, "{r}x{c}");
        }
    }

    #[test]
    fn the_snake_is_the_only_route() {
        for (r, c) in [(1, 1), (1, 7), (9, 1), (12, 30), (50, 50), (37, 50)] {
            let chain = snake(r, c, false);
            let a = analyse(&chain.board());
            let digits = chain.cells.iter().filter(|&&d| d != 0).count();
            // Every digit cell is on the path and reached exactly once.
            assert_eq!(a.answer(), digits as i64, "{r}x{c}");
            if r * c > 1 {
                assert_eq!(longest_of(r, c, &snake(r, c, true).cells), -1, "{r}x{c}");
            }
        }
        assert_eq!(longest_of(50, 50, &snake(50, 50, false).cells), 856);
    }

    #[test]
    fn every_mode_generates_valid_boards() {
        let mut rng = Rng::new(9);
        for &mode in MODES {
            for _ in 0..50 {
                let case = generate(&mut rng, Some(mode), None, None).unwrap();
                assert!((1..=50).contains(&case.rows) && (1..=50).contains(&case.cols));
                assert_eq!(case.cells.len(), case.rows * case.cols);
                assert_ne!(case.cells[0], 0, "{mode}");
                if mode == "answer-one" {
                    let a = analyse(&case.board());
                    assert_eq!(a.answer(), 1);
                }
            }
        }
        assert!(generate(&mut rng, Some("nope"), None, None).is_err());
    }
}
