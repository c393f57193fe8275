//! The optimized stacking-pieces engine (BOJ 17837), with cycle detection.
//!
//! The board is padded with a one-cell frame of [`OFF`] cells, so "off the board" is just another
//! colour that bounces like blue, and a neighbour is `cell + DELTA[dir]` with no bounds check.
//! Every cell owns a fixed array of up to ten piece numbers (bottom first) and a length; every
//! piece knows its cell, its height and its direction. A move copies the group `G` from one array
//! to another (reversed on red) and patches the moved pieces' cells and heights: no allocation,
//! no search, no recursion.
//!
//! **Cycle detection.** Let `X_t` be the state at the start of turn `t` (`X_1` is the input). The
//! state is every piece's cell, height and direction, which also fixes every stack's order, and
//! the turn map is deterministic, so once some `X_s` recurs as `X_t` (`s < t`) the turns
//! `s..t` repeat forever without an end (had one of them ended the game, turn `t` would never have
//! started). At the start of a turn no stack holds 4 or more pieces (the game would have ended),
//! so a height is 0..=2 and a piece packs into 12 bits (8 for its padded cell, 2 for its height,
//! 2 for its direction): ten pieces fit one `u128` key. Keys go into a small open-addressing table
//! mapping a state to the turn it was first seen at, so the first repeat gives the cycle's exact
//! entry turn and period after `S + P − 1` simulated turns, the least any method can simulate.
//! Past [`TABLE_CAP`] states the engine switches to Brent's algorithm, which needs no memory.

use crate::judge::{self, ErrorClass, JudgeError, JudgeText};

/// Largest board side (input constraint).
pub const MAX_N: usize = 12;
/// Largest number of pieces (input constraint).
pub const MAX_K: usize = 10;
/// Stride of the padded board: one frame cell on each side.
pub const STRIDE: usize = MAX_N + 2;
/// Cells of the padded board.
pub const CELLS: usize = STRIDE * STRIDE;
/// The official turn limit (SG-15).
pub const TURN_LIMIT: u32 = 1000;

/// Colours (SG-2), plus the frame around the board.
pub const WHITE: u8 = 0;
/// A red cell (input colour 1): a group moving onto it lands upside down (SG-10).
pub const RED: u8 = 1;
/// A blue cell (input colour 2): the moving piece bounces off it (SG-11).
pub const BLUE: u8 = 2;
/// A frame cell: off the board. Bounces exactly like [`BLUE`] (SG-11).
pub const OFF: u8 = 3;

/// Directions (SG-5), 0-based: right, left, up, down (judge direction − 1). Reversal is `d ^ 1`.
const DELTA: [isize; 4] = [1, -1, -(STRIDE as isize), STRIDE as isize];

/// States kept in the cycle table before switching to Brent's algorithm (about 40 MB).
pub const TABLE_CAP: usize = 1 << 20;

/// The padded index of a 0-based (row, col).
#[inline]
pub fn cell_of(row: usize, col: usize) -> usize {
    (row + 1) * STRIDE + col + 1
}

/// The 0-based (row, col) of a padded index.
#[inline]
pub fn row_col(cell: usize) -> (usize, usize) {
    (cell / STRIDE - 1, cell % STRIDE - 1)
}

/// A parsed input: the padded colour board and the pieces' starting cells and directions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// The board side N (4..=[`MAX_N`]).
    pub n: usize,
    /// The number of pieces K (4..=[`MAX_K`]).
    pub k: usize,
    /// Padded colours: `WHITE`, `RED`, `BLUE` on the board, `OFF` on the frame.
    pub colour: [u8; CELLS],
    /// Padded start cell of each piece.
    pub start: [u8; MAX_K],
    /// Starting direction of each piece, 0-based (judge direction − 1).
    pub dir: [u8; MAX_K],
}

/// How the moved piece's first target looked (SG-9 to SG-11), for the census.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bounce {
    /// The target was on the board and not blue: no bounce.
    None,
    /// The target was blue.
    Blue,
    /// The target was off the board.
    OffBoard,
}

/// What one move did, for the census and tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveEvent {
    /// 0-based piece number.
    pub piece: u8,
    /// Whether the moved piece's first target made it bounce, and why.
    pub bounce: Bounce,
    /// The colour of the cell the group landed on (`WHITE` or `RED`), or `None` if the bounce
    /// was blocked and nothing moved.
    pub landed: Option<u8>,
    /// Pieces in the moved group (A and everything above it); 0 if nothing moved.
    pub group: u8,
    /// Pieces on the destination after the move; 0 if nothing moved.
    pub dest_len: u8,
}

/// Sees every move. The default methods do nothing and compile away.
pub trait Observer {
    /// Piece `event.piece` has had its move in turn `turn` (also when a blocked bounce left it
    /// in place).
    #[inline(always)]
    fn on_move(&mut self, _turn: u64, _event: &MoveEvent) {}
    /// The state after turn `turn` was played (after the ending move, if the game ended in it).
    /// Turns arrive in increasing order, except that Brent's entry-turn search replays from turn
    /// 1 without calling this.
    #[inline(always)]
    fn on_turn_end(&mut self, _turn: u64, _state: &State) {}
}

/// An observer that sees nothing.
pub struct Quiet;
impl Observer for Quiet {}

/// The whole game state. Stacks never exceed ten pieces (there are at most ten).
#[derive(Clone)]
pub struct State {
    /// The number of pieces K.
    pub k: usize,
    /// The padded cell of each piece ([`cell_of`]).
    pub cell: [u8; MAX_K],
    /// The height of each piece in its cell's stack, 0 at the bottom.
    pub height: [u8; MAX_K],
    /// The direction of each piece, 0-based (judge direction − 1).
    pub dir: [u8; MAX_K],
    /// The number of pieces on each padded cell.
    pub len: [u8; CELLS],
    /// The pieces on each padded cell, bottom first (the first `len[cell]` entries count).
    pub stack: [[u8; MAX_K]; CELLS],
}

impl State {
    /// The state before turn 1 (SG-6: every piece alone on its cell).
    pub fn new(board: &Board) -> State {
        let mut s = State {
            k: board.k,
            cell: [0; MAX_K],
            height: [0; MAX_K],
            dir: [0; MAX_K],
            len: [0; CELLS],
            stack: [[0; MAX_K]; CELLS],
        };
        for p in 0..board.k {
            let c = board.start[p] as usize;
            s.cell[p] = c as u8;
            s.dir[p] = board.dir[p];
            s.height[p] = s.len[c];
            s.stack[c][s.len[c] as usize] = p as u8;
            s.len[c] += 1;
        }
        s
    }

    /// Moves piece `a` with everything above it (SG-8 to SG-13). Returns the destination's new size, or
    /// 0 if nothing moved (blocked bounce).
    #[inline(always)]
    pub fn move_piece<O: Observer>(
        &mut self,
        colour: &[u8; CELLS],
        a: usize,
        turn: u64,
        obs: &mut O,
    ) -> usize {
        let c = self.cell[a] as usize;
        let mut d = self.dir[a] as usize;
        let mut t = c.wrapping_add_signed(DELTA[d]);
        let mut col = colour[t];
        let bounce = match col {
            BLUE => Bounce::Blue,
            OFF => Bounce::OffBoard,
            _ => Bounce::None,
        };
        if col >= BLUE {
            // SG-11: only A's direction is reversed.
            d ^= 1;
            self.dir[a] = d as u8;
            t = c.wrapping_add_signed(DELTA[d]);
            col = colour[t];
            if col >= BLUE {
                // SG-13: blocked, nothing moves.
                obs.on_move(
                    turn,
                    &MoveEvent {
                        piece: a as u8,
                        bounce,
                        landed: None,
                        group: 0,
                        dest_len: 0,
                    },
                );
                return 0;
            }
        }
        let h = self.height[a] as usize;
        let top = self.len[c] as usize;
        let base = self.len[t] as usize;
        let g = top - h;
        if col == WHITE {
            // SG-9: same order, A lowest.
            for i in 0..g {
                let p = self.stack[c][h + i];
                self.stack[t][base + i] = p;
                self.cell[p as usize] = t as u8;
                self.height[p as usize] = (base + i) as u8;
            }
        } else {
            // SG-10: reversed, A topmost; the destination's own pieces stay below.
            for i in 0..g {
                let p = self.stack[c][top - 1 - i];
                self.stack[t][base + i] = p;
                self.cell[p as usize] = t as u8;
                self.height[p as usize] = (base + i) as u8;
            }
        }
        self.len[c] = h as u8;
        let total = base + g;
        self.len[t] = total as u8;
        obs.on_move(
            turn,
            &MoveEvent {
                piece: a as u8,
                bounce,
                landed: Some(col),
                group: g as u8,
                dest_len: total as u8,
            },
        );
        total
    }

    /// One turn, pieces in order (SG-7); `true` as soon as a move leaves 4 or more
    /// pieces on its destination (the rest of the turn is not played).
    #[inline]
    pub fn play_turn<O: Observer>(&mut self, colour: &[u8; CELLS], turn: u64, obs: &mut O) -> bool {
        for a in 0..self.k {
            if self.move_piece(colour, a, turn, obs) >= 4 {
                return true;
            }
        }
        false
    }

    /// Plays the rest of a turn from piece `from` on, ignoring SG-14 (census only: what an
    /// end-of-turn checker would see). Returns the largest stack at the end of the turn.
    pub fn finish_turn_ignoring_end(&mut self, colour: &[u8; CELLS], from: usize) -> usize {
        for a in from..self.k {
            self.move_piece(colour, a, 0, &mut Quiet);
        }
        self.len.iter().copied().max().unwrap_or(0) as usize
    }

    /// The state as a `u128`, valid at the start of a turn (every stack holds at most 3 pieces).
    /// Bit 127 is always set, so 0 marks an empty slot of the cycle table.
    #[inline]
    pub fn key(&self) -> u128 {
        let mut key: u128 = 1 << 127;
        for p in 0..self.k {
            debug_assert!(self.height[p] <= 2);
            let bits = ((self.cell[p] as u128) << 4)
                | ((self.height[p] as u128) << 2)
                | self.dir[p] as u128;
            key |= bits << (12 * p);
        }
        key
    }

    /// Whether every piece is alone on its cell (then the state is itself a valid input).
    pub fn all_alone(&self) -> bool {
        (0..self.k).all(|p| self.len[self.cell[p] as usize] == 1)
    }

    /// The board whose initial state is this one, if every piece is alone.
    pub fn as_board(&self, like: &Board) -> Option<Board> {
        if !self.all_alone() {
            return None;
        }
        let mut b = like.clone();
        b.start = self.cell;
        b.dir = self.dir;
        Some(b)
    }

    /// The trace line of `docs/judge-text.md`: `T:` then ` r,c,d,h` per piece.
    pub fn trace_line(&self, turn: u64) -> String {
        use std::fmt::Write as _;
        let mut line = String::with_capacity(8 + 9 * self.k);
        let _ = write!(line, "{turn}:");
        for p in 0..self.k {
            let (r, c) = row_col(self.cell[p] as usize);
            let _ = write!(
                line,
                " {},{},{},{}",
                r + 1,
                c + 1,
                self.dir[p] + 1,
                self.height[p]
            );
        }
        line
    }
}

/// The true fate of a game, or how far a bounded run got.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fate {
    /// The game ends during this turn (SG-14).
    Ends(u64),
    /// The game never ends. With `X_t` the state at the start of turn `t` (`X_1` = the input):
    /// `start` (S) is the least `t ≥ 1` such that `X_t == X_{t+p}` for some `p ≥ 1`, and
    /// `period` (P) is the least such `p` for `t = S`. So `X_S, …, X_{S+P−1}` are pairwise
    /// distinct and turns `S..S+P` are replayed forever; turns `1..S` are the transient (`S = 1`:
    /// none). Printed as `never (cycle of period P entered at turn S)`. The engine knows it after
    /// simulating `S + P − 1` turns, at the start of turn `S + P`.
    Never {
        /// S: the turn the cycle is entered at (1 if there is no transient).
        start: u64,
        /// P: the number of turns one round of the cycle lasts.
        period: u64,
    },
    /// Turns `1..=limit` were played, the game did not end and no repeat was seen.
    Undecided {
        /// The last turn played: the turn limit the run was given.
        limit: u64,
    },
}

/// A fate and the number of turns the engine simulated (fully or partly) to learn it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    /// What the game does: ends, never ends, or is undecided within the limit.
    pub fate: Fate,
    /// The turns the engine simulated, fully or partly, to learn the fate.
    pub turns: u64,
}

/// Open addressing over `u128` states: state → the turn it was first seen at.
struct Seen {
    keys: Vec<u128>,
    turns: Vec<u32>,
    len: usize,
    shift: u32,
}

impl Seen {
    fn with_capacity(states: usize) -> Seen {
        let slots = (states.max(8) * 2).next_power_of_two();
        Seen {
            keys: vec![0; slots],
            turns: vec![0; slots],
            len: 0,
            shift: 64 - slots.trailing_zeros(),
        }
    }

    #[inline]
    fn slot(&self, key: u128) -> usize {
        let x = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (x.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> self.shift) as usize
    }

    /// Records `key` at `turn`, or returns the turn it was first seen at.
    #[inline]
    fn insert(&mut self, key: u128, turn: u32) -> Option<u32> {
        if 2 * (self.len + 1) > self.keys.len() {
            self.grow();
        }
        let mask = self.keys.len() - 1;
        let mut i = self.slot(key);
        loop {
            let k = self.keys[i];
            if k == 0 {
                self.keys[i] = key;
                self.turns[i] = turn;
                self.len += 1;
                return None;
            }
            if k == key {
                return Some(self.turns[i]);
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let mut bigger = Seen::with_capacity(self.keys.len());
        for (&k, &t) in self.keys.iter().zip(&self.turns) {
            if k != 0 {
                bigger.insert(k, t);
            }
        }
        *self = bigger;
    }
}

/// Plays the game for turns `1..=limit` (`None`: until its fate is known), detecting cycles.
pub fn run(board: &Board, limit: Option<u64>) -> Run {
    run_with(board, limit, TABLE_CAP, &mut Quiet)
}

/// [`run`] with an observer of every move and the table capacity before Brent's algorithm
/// takes over (tests use a tiny one).
pub fn run_with<O: Observer>(board: &Board, limit: Option<u64>, cap: usize, obs: &mut O) -> Run {
    let limit = limit.unwrap_or(u64::MAX);
    let mut state = State::new(board);
    let mut seen = Seen::with_capacity(limit.min(64) as usize);
    let mut turn: u64 = 1;
    while turn <= limit {
        if seen.len >= cap {
            return brent(board, state, turn, limit, obs);
        }
        if let Some(first) = seen.insert(state.key(), turn as u32) {
            return Run {
                fate: Fate::Never {
                    start: first as u64,
                    period: turn - first as u64,
                },
                turns: turn - 1,
            };
        }
        let ended = state.play_turn(&board.colour, turn, obs);
        obs.on_turn_end(turn, &state);
        if ended {
            return Run {
                fate: Fate::Ends(turn),
                turns: turn,
            };
        }
        turn += 1;
    }
    Run {
        fate: Fate::Undecided { limit },
        turns: limit,
    }
}

/// Brent's cycle detection from `state` = `X_turn` on, in O(1) memory. It finds the period
/// `P`; then the entry turn `S` is the least `s ≥ 1` with `X_s == X_{s+P}`, found by replaying
/// two copies from turn 1 in lockstep.
fn brent<O: Observer>(board: &Board, state: State, turn: u64, limit: u64, obs: &mut O) -> Run {
    let colour = &board.colour;
    // `hare` is X_{hare_turn}; the tortoise is a saved earlier state.
    let mut tortoise = state.key();
    let mut hare = state;
    let mut hare_turn = turn;
    let mut power: u64 = 1;
    let mut lambda: u64 = 0;
    loop {
        if hare_turn > limit {
            return Run {
                fate: Fate::Undecided { limit },
                turns: limit,
            };
        }
        let ended = hare.play_turn(colour, hare_turn, obs);
        obs.on_turn_end(hare_turn, &hare);
        if ended {
            return Run {
                fate: Fate::Ends(hare_turn),
                turns: hare_turn,
            };
        }
        hare_turn += 1;
        lambda += 1;
        if hare.key() == tortoise {
            break;
        }
        if lambda == power {
            tortoise = hare.key();
            power *= 2;
            lambda = 0;
        }
    }
    // The entry turn: two replays from turn 1, `lambda` turns apart.
    let mut slow = State::new(board);
    let mut fast = State::new(board);
    for t in 1..=lambda {
        fast.play_turn(colour, t, &mut Quiet);
    }
    let mut start = 1;
    while slow.key() != fast.key() {
        slow.play_turn(colour, start, &mut Quiet);
        fast.play_turn(colour, start + lambda, &mut Quiet);
        start += 1;
    }
    Run {
        fate: Fate::Never {
            start,
            period: lambda,
        },
        turns: hare_turn - 1,
    }
}

/// Reads the input of `docs/judge-text.md`, section stack_game.
pub fn parse(input: &[u8]) -> Result<Board, JudgeError> {
    let mut text = JudgeText::new(input)?;
    let (line, [n, k]) = text.fields::<2>("the board size N and the piece count K")?;
    let n = judge::number(n, line, "N", 4, MAX_N as i64)? as usize;
    let k = judge::number(k, line, "K", 4, MAX_K as i64)? as usize;
    let mut colour = [OFF; CELLS];
    for row in 0..n {
        let (line, fields) = text.line(n, "a row of colours")?;
        for (col, field) in judge::fields(fields).enumerate() {
            colour[cell_of(row, col)] = judge::number(field, line, "a colour", 0, 2)? as u8;
        }
    }
    let mut start = [0u8; MAX_K];
    let mut dir = [0u8; MAX_K];
    let mut lines = [0usize; MAX_K];
    for p in 0..k {
        let (line, [r, c, d]) = text.fields::<3>("a piece (row, column, direction)")?;
        let r = judge::number(r, line, "the row", 1, n as i64)? as usize;
        let c = judge::number(c, line, "the column", 1, n as i64)? as usize;
        let d = judge::number(d, line, "the direction", 1, 4)? as u8;
        start[p] = cell_of(r - 1, c - 1) as u8;
        dir[p] = d - 1;
        lines[p] = line;
    }
    text.finish()?;
    for p in 0..k {
        if let Some(q) = (0..p).find(|&q| start[q] == start[p]) {
            let (r, c) = row_col(start[p] as usize);
            return Err(JudgeError::new(
                ErrorClass::Invalid,
                lines[p],
                format!(
                    "piece {} starts on row {}, column {}, already taken by piece {}",
                    p + 1,
                    r + 1,
                    c + 1,
                    q + 1
                ),
            ));
        }
    }
    Ok(Board {
        n,
        k,
        colour,
        start,
        dir,
    })
}

/// The judge's answer for turns `1..=limit`: the end turn, or -1.
pub fn judge_answer(board: &Board, limit: u32) -> i64 {
    match run(board, Some(limit as u64)).fate {
        Fate::Ends(t) => t as i64,
        Fate::Never { .. } | Fate::Undecided { .. } => -1,
    }
}

/// The judge's output with a turn limit (default [`TURN_LIMIT`]).
pub fn solve(input: &[u8], limit: u32) -> Result<String, JudgeError> {
    let board = parse(input)?;
    Ok(format!("{}\n", judge_answer(&board, limit)))
}

/// The game's true fate as text: `T` or `never (cycle of period P entered at turn S)`.
pub fn fate_text(fate: Fate) -> String {
    match fate {
        Fate::Ends(t) => format!("{t}\n"),
        Fate::Never { start, period } => {
            format!("never (cycle of period {period} entered at turn {start})\n")
        }
        Fate::Undecided { .. } => unreachable!("an unlimited run always decides"),
    }
}

/// `--no-limit`: the true fate, however late.
pub fn solve_no_limit(input: &[u8]) -> Result<String, JudgeError> {
    let board = parse(input)?;
    Ok(fate_text(run(&board, None).fate))
}

/// Records the trace line of every turn the answering loop plays.
struct TraceLines(Vec<String>);

impl Observer for TraceLines {
    fn on_turn_end(&mut self, turn: u64, state: &State) {
        self.0.push(state.trace_line(turn));
    }
}

/// The per-turn trace up to the end or the turn limit, from the same loop that answers
/// ([`run`]): when that loop stops early on a cycle (state at turn `S + P` equals the state at
/// turn `S`), the remaining lines are the ones `P` turns earlier, as the cycle claims. So a bug
/// in the cycle shortcut shows as the first turn where this trace and the reference's part ways.
pub fn trace(input: &[u8], limit: u32) -> Result<Vec<String>, JudgeError> {
    let board = parse(input)?;
    let mut lines = TraceLines(Vec::new());
    let run = run_with(&board, Some(limit as u64), TABLE_CAP, &mut lines);
    let mut lines = lines.0;
    if let Fate::Never { period, .. } = run.fate {
        // Line i is turn i + 1; turn t repeats turn t - P.
        let period = period as usize;
        for turn in lines.len() + 1..=limit as usize {
            let earlier = &lines[turn - 1 - period];
            let state = earlier.split_once(':').map_or("", |(_, rest)| rest);
            lines.push(format!("{turn}:{state}"));
        }
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE_2: &str = "4 4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n1 1 1\n1 2 1\n1 3 1\n1 4 1\n";

    fn answer(input: &str) -> String {
        solve(input.as_bytes(), TURN_LIMIT).unwrap()
    }

    /// Plays without any cycle detection: the literal meaning of SG-15, for comparison.
    fn straight(board: &Board, limit: u64) -> Option<u64> {
        let mut s = State::new(board);
        (1..=limit).find(|&t| s.play_turn(&board.colour, t, &mut Quiet))
    }

    fn board(n: usize, rows: &[&str], pieces: &[(usize, usize, u8)]) -> Board {
        let mut text = format!("{n} {}\n", pieces.len());
        for r in rows {
            text.push_str(r);
            text.push('\n');
        }
        for (r, c, d) in pieces {
            text.push_str(&format!("{r} {c} {d}\n"));
        }
        parse(text.as_bytes()).unwrap()
    }

    fn at(s: &State, p: usize) -> (usize, usize, u8, u8) {
        let (r, c) = row_col(s.cell[p] as usize);
        (r + 1, c + 1, s.dir[p] + 1, s.height[p])
    }

    #[test]
    fn sample_2_ends_in_turn_1() {
        assert_eq!(answer(SAMPLE_2), "1\n");
    }

    #[test]
    fn white_move_carries_the_group_in_order() {
        // SG-9: piece 1 under piece 2 moves right onto white; 2 rides on top.
        let b = board(
            4,
            &["0 0 0 0", "0 0 0 0", "0 0 0 0", "0 0 0 0"],
            &[(1, 1, 1), (1, 2, 2), (3, 1, 3), (4, 4, 2)],
        );
        let mut s = State::new(&b);
        s.move_piece(&b.colour, 0, 1, &mut Quiet); // 1 onto 2: stack (2, 1)
        assert_eq!(at(&s, 0), (1, 2, 1, 1));
        s.move_piece(&b.colour, 1, 1, &mut Quiet); // 2 moves left carrying 1
        assert_eq!(at(&s, 1), (1, 1, 2, 0));
        assert_eq!(at(&s, 0), (1, 1, 1, 1));
    }

    #[test]
    fn red_reverses_only_the_moving_group() {
        // Pieces 1,2 stacked at (1,1) (1 bottom); they move onto red (1,2) holding piece 3.
        let b = board(
            4,
            &["0 1 0 0", "0 0 0 0", "0 0 0 0", "0 0 0 0"],
            &[(1, 1, 1), (2, 1, 3), (1, 2, 4), (4, 4, 2)],
        );
        let mut s = State::new(&b);
        s.move_piece(&b.colour, 1, 1, &mut Quiet); // 2 up onto 1: stack (1, 2)
        assert_eq!(at(&s, 1), (1, 1, 3, 1));
        let len = s.move_piece(&b.colour, 0, 1, &mut Quiet);
        assert_eq!(len, 3);
        assert_eq!(at(&s, 2), (1, 2, 4, 0)); // 3 stays below
        assert_eq!(at(&s, 1), (1, 2, 3, 1)); // order reversed: 2 then 1
        assert_eq!(at(&s, 0), (1, 2, 1, 2)); // A topmost
    }

    #[test]
    fn pieces_below_the_mover_stay() {
        let b = board(
            4,
            &["0 0 0 0", "0 0 0 0", "0 0 0 0", "0 0 0 0"],
            &[(1, 1, 1), (1, 2, 4), (4, 1, 1), (4, 4, 2)],
        );
        let mut s = State::new(&b);
        s.move_piece(&b.colour, 0, 1, &mut Quiet); // 1 onto 2: (2, 1)
        s.move_piece(&b.colour, 0, 1, &mut Quiet); // 1 alone moves right
        assert_eq!(at(&s, 1), (1, 2, 4, 0));
        assert_eq!(at(&s, 0), (1, 3, 1, 0));
    }

    #[test]
    fn blue_bounce_flips_only_the_mover_and_goes_back() {
        // Piece 2 climbs onto piece 1 at (1,2); 1 faces blue (1,3), reverses to left and moves
        // to white (1,1) carrying 2, whose direction stays up.
        let b = board(
            4,
            &["0 0 2 0", "0 0 0 0", "0 0 0 0", "0 0 0 0"],
            &[(1, 2, 1), (2, 2, 3), (4, 1, 1), (4, 4, 2)],
        );
        let mut s = State::new(&b);
        s.move_piece(&b.colour, 1, 1, &mut Quiet);
        assert_eq!(at(&s, 1), (1, 2, 3, 1));
        assert_eq!(s.move_piece(&b.colour, 0, 1, &mut Quiet), 2);
        assert_eq!(at(&s, 0), (1, 1, 2, 0));
        assert_eq!(at(&s, 1), (1, 1, 3, 1));
    }

    #[test]
    fn off_board_bounce_and_red_after_a_bounce() {
        // Piece 2 rides on piece 1 at (1,4); 1 faces the edge, bounces left onto red (1,3).
        let b = board(
            4,
            &["0 0 1 0", "0 0 0 0", "0 0 0 0", "0 0 0 0"],
            &[(1, 4, 1), (2, 4, 3), (4, 1, 1), (4, 4, 2)],
        );
        let mut s = State::new(&b);
        s.move_piece(&b.colour, 1, 1, &mut Quiet); // 2 up onto 1
        assert_eq!(at(&s, 1), (1, 4, 3, 1));
        s.move_piece(&b.colour, 0, 1, &mut Quiet);
        // Reversed group: 2 below, 1 on top; only 1's direction flipped.
        assert_eq!(at(&s, 1), (1, 3, 3, 0));
        assert_eq!(at(&s, 0), (1, 3, 2, 1));
    }

    #[test]
    fn blocked_bounce_keeps_the_reversed_direction() {
        let b = board(
            4,
            &["0 2 0 0", "0 0 0 0", "0 0 0 0", "0 0 0 0"],
            &[(1, 1, 1), (3, 3, 3), (4, 1, 1), (4, 4, 2)],
        );
        let mut s = State::new(&b);
        assert_eq!(s.move_piece(&b.colour, 0, 1, &mut Quiet), 0);
        assert_eq!(at(&s, 0), (1, 1, 2, 0));
        // Next time it faces the edge, bounces back to right, blocked again.
        assert_eq!(s.move_piece(&b.colour, 0, 2, &mut Quiet), 0);
        assert_eq!(at(&s, 0), (1, 1, 1, 0));
    }

    #[test]
    fn the_turn_limit_is_inclusive() {
        // A board ending at exactly turn 3: limit 3 says 3, limit 2 says -1.
        let b = board(
            4,
            &["0 0 0 0", "0 0 0 0", "0 0 0 0", "0 0 0 0"],
            &[(1, 1, 1), (1, 2, 1), (1, 3, 1), (3, 3, 3)],
        );
        let end = straight(&b, 100).unwrap();
        assert_eq!(judge_answer(&b, end as u32), end as i64);
        assert_eq!(judge_answer(&b, end as u32 - 1), -1);
        assert_eq!(run(&b, None).fate, Fate::Ends(end));
    }

    #[test]
    fn sample_1_never_ends_and_its_cycle_is_exact() {
        let b = parse(b"4 4\n0 0 2 0\n0 0 1 0\n0 0 1 2\n0 2 0 0\n2 1 1\n3 2 3\n2 2 1\n4 1 2\n")
            .unwrap();
        let Fate::Never { start, period } = run(&b, None).fate else {
            panic!("sample 1 never ends")
        };
        // X_start == X_{start+period}, and no earlier pair repeats.
        let keys = keys(&b, start + period);
        assert_eq!(keys[start as usize], keys[(start + period) as usize]);
        assert_distinct(&keys[1..(start + period) as usize]);
    }

    /// `keys[t]` = key of X_t for t in 1..=upto (index 0 unused).
    fn keys(b: &Board, upto: u64) -> Vec<u128> {
        let mut s = State::new(b);
        let mut out = vec![0, s.key()];
        for t in 1..upto {
            assert!(!s.play_turn(&b.colour, t, &mut Quiet));
            out.push(s.key());
        }
        out
    }

    fn assert_distinct(keys: &[u128]) {
        let mut sorted = keys.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), keys.len(), "an earlier repeat exists");
    }

    fn random_board(rng: &mut crate::rng::Rng) -> Board {
        let n = rng.range(4, 12) as usize;
        let k = rng.range(4, 10) as usize;
        let blue = rng.below(5);
        let red = rng.below(5);
        let mut text = format!("{n} {k}\n");
        for _ in 0..n {
            let row: Vec<String> = (0..n)
                .map(|_| {
                    let x = rng.below(10);
                    if x < blue {
                        "2"
                    } else if x < blue + red {
                        "1"
                    } else {
                        "0"
                    }
                    .to_string()
                })
                .collect();
            text.push_str(&row.join(" "));
            text.push('\n');
        }
        let mut cells: Vec<usize> = (0..n * n).collect();
        for p in 0..k {
            let i = p + rng.below((cells.len() - p) as u64) as usize;
            cells.swap(p, i);
            text.push_str(&format!(
                "{} {} {}\n",
                cells[p] / n + 1,
                cells[p] % n + 1,
                rng.range(1, 4)
            ));
        }
        parse(text.as_bytes()).unwrap()
    }

    #[test]
    fn cycle_detection_agrees_with_straight_simulation() {
        let mut rng = crate::rng::Rng::new(17);
        let (mut never, mut ends) = (0, 0);
        for _ in 0..3000 {
            let b = random_board(&mut rng);
            let plain = straight(&b, 1000);
            let judged = judge_answer(&b, 1000);
            assert_eq!(judged, plain.map_or(-1, |t| t as i64), "{b:?}");
            match run(&b, None).fate {
                Fate::Ends(t) => {
                    ends += 1;
                    assert_eq!(straight(&b, t), Some(t));
                }
                Fate::Never { start, period } => {
                    never += 1;
                    assert_eq!(plain, None);
                    let k = keys(&b, start + period);
                    assert_eq!(k[start as usize], k[(start + period) as usize]);
                    assert_distinct(&k[1..(start + period) as usize]);
                }
                Fate::Undecided { .. } => unreachable!(),
            }
        }
        assert!(never > 100 && ends > 100, "never {never}, ends {ends}");
    }

    #[test]
    fn brent_fallback_gives_the_same_fate() {
        let mut rng = crate::rng::Rng::new(5);
        for _ in 0..1000 {
            let b = random_board(&mut rng);
            let table = run(&b, None);
            for cap in [1, 2, 7] {
                let brent = run_with(&b, None, cap, &mut Quiet);
                assert_eq!(brent.fate, table.fate, "cap {cap}: {b:?}");
            }
            let limited = run_with(&b, Some(1000), 3, &mut Quiet).fate;
            let expect = match table.fate {
                Fate::Ends(t) if t <= 1000 => Fate::Ends(t),
                Fate::Ends(_) => Fate::Undecided { limit: 1000 },
                never => never,
            };
            // With a limit, Brent may see the cycle only after the limit.
            assert!(
                limited == expect
                    || (matches!(expect, Fate::Never { .. })
                        && limited == Fate::Undecided { limit: 1000 }),
                "{limited:?} vs {expect:?}"
            );
        }
    }

    #[test]
    fn trace_of_sample_2() {
        assert_eq!(
            trace(SAMPLE_2.as_bytes(), TURN_LIMIT).unwrap(),
            vec!["1: 1,4,1,3 1,4,1,2 1,4,1,1 1,4,1,0"]
        );
    }

    #[test]
    fn no_limit_output() {
        assert_eq!(solve_no_limit(SAMPLE_2.as_bytes()).unwrap(), "1\n");
        assert_eq!(
            fate_text(Fate::Never {
                start: 3,
                period: 4
            }),
            "never (cycle of period 4 entered at turn 3)\n"
        );
    }

    #[test]
    fn input_errors() {
        let err = |s: &str| {
            let e = parse(s.as_bytes()).unwrap_err();
            (e.class.name(), e.line)
        };
        assert_eq!(err("3 4\n"), ("out-of-range", 1));
        assert_eq!(err("4 11\n"), ("out-of-range", 1));
        assert_eq!(err("4 4\n0 0 0 0\n0 0 3 0\n"), ("out-of-range", 3));
        assert_eq!(err("4 4\n0 0 0 0\n"), ("truncated", 3));
        let board = "4 4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n";
        assert_eq!(
            err(&format!("{board}1 1 5\n1 2 1\n1 3 1\n1 4 1\n")),
            ("out-of-range", 6)
        );
        assert_eq!(
            err(&format!("{board}1 1 1\n1 2 1\n1 1 1\n1 4 1\n")),
            ("invalid", 8)
        );
        assert_eq!(
            err(&format!("{board}1 1 1\n1 2 1\n1 1 1\n1 4 1\nx\n")),
            ("trailing", 10)
        );
    }
}
