//! The optimized dice_yut engine (BOJ 17825, "주사위 윷놀이").
//!
//! Cells are small integers: the outer ring `O2..=O40` is 0..=19, the three branches and the
//! centre spine 20..=30, then `F` = 31 and `S` = 32. The arrows of DY-4 and DY-5 are folded at
//! compile time into a landing table `DEST[cell][die]` (and `INFO[cell][die]`, what a move passes
//! on its way, for the census).
//!
//! A position is the multiset of the four piece cells — pieces on one cell (only `S` or `F` can
//! hold several) are interchangeable — packed into a `u64`: bit `c` (0..=30) is set when board
//! cell `c` holds a piece, bit 31 (`F`'s) is always clear, bits 32..=34 count the pieces on `S`
//! (so `1 << S` is one piece on `S`), and the pieces on `F` are the rest. With `bit(c) = 1 << c`
//! a move from `from` to `to` is `state - bit(from) + (bit(to) & BOARD)` and "`to` is free" is
//! `state & bit(to) == 0`, for every source (`S` included) and every landing cell (`F`
//! included), without a branch; "all four on F" is `state == 0`.
//!
//! [`max_score`] is a depth-first search over (turn, position) memoised in an open-addressing
//! table (linear probing, Fibonacci hashing on the key `position | turn << 38`). The table lives
//! in a thread-local buffer that is reused from call to call: every slot carries the generation
//! of the search that wrote it, so starting a search is bumping a counter — nothing is cleared
//! and nothing allocated after the buffer has grown to its working size. The last turn is
//! neither memoised nor a call: the value before it (the best single landing score) is computed
//! inline, with a bound (no landing is worth more than 40) that skips hopeless moves. Without
//! passes every frame of the recursion is a move, so it is at most 85 deep whatever the number of
//! dice (no game lasts more than [`MAX_MOVES`] moves); the passing game (the `passing-pays` tag)
//! adds a frame per pass, at most one per die: 1000 dice take well under 2 MiB of stack.
//!
//! The passing game is the plain search with one more choice where a piece is on `F`, plus a
//! shortcut for long games (`FreeFit`): a position whose best line in the free game (any die at
//! any time) can still be played with the dice to come is worth exactly that. The census first
//! looks for a line with at most one, two or four passes that beats the answer
//! (`Search::value_few_passes`) and only then plays the full passing game.
//!
//! End-early rule (`docs/judge-text.md`, dice_yut): when no piece can be chosen the game ends
//! with the total so far. Because the board is acyclic, an unfinished piece that no other piece
//! is ahead of can always land, so this happens exactly when all four pieces are on `F`.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use crate::judge::{self, JudgeError, JudgeText};

/// The judge's number of dice (strict mode).
pub const STRICT_DICE: usize = 10;
/// The most dice `--no-strict` accepts.
pub const MAX_DICE: usize = 1000;

/// Number of cells.
pub const CELLS: usize = 33;
/// The most moves a game (without passes) can last: a piece lands on at most 20 cells before
/// `F` (S → O2 … O8, O12 … O18, O22 … O30 → D28 → D27 → D26 → M25 → M30 → M35 → O40 → F, never
/// landing on O10 or O20), so it moves at most 21 times, and four pieces 84 times.
pub const MAX_MOVES: usize = 84;

/// Outer ring: `O2k` is cell `k - 1`; the blue ones and the shared 40.
pub const O10: u8 = 4;
/// `O20`, the second blue cell: its shortcut leads to [`C22`].
pub const O20: u8 = 9;
/// `O30`, the third blue cell: its shortcut leads to [`D28`].
pub const O30: u8 = 14;
/// `O40`, the one 40 cell: the last of the ring, and where the spine leads.
pub const O40: u8 = 19;
/// `B13`, the first cell of the branch from [`O10`].
pub const B13: u8 = 20;
/// `B16`, the second cell of the branch from [`O10`].
pub const B16: u8 = 21;
/// `B19`, the last cell of the branch from [`O10`]; its arrow leads to [`M25`].
pub const B19: u8 = 22;
/// `C22`, the first cell of the branch from [`O20`].
pub const C22: u8 = 23;
/// `C24`, the last cell of the branch from [`O20`]; its arrow leads to [`M25`].
pub const C24: u8 = 24;
/// `D28`, the first cell of the branch from [`O30`].
pub const D28: u8 = 25;
/// `D27`, the second cell of the branch from [`O30`].
pub const D27: u8 = 26;
/// `D26`, the last cell of the branch from [`O30`]; its arrow leads to [`M25`].
pub const D26: u8 = 27;
/// `M25`, the one 25 cell: the first cell of the spine, where the three branches meet.
pub const M25: u8 = 28;
/// `M30`, the middle cell of the spine (not a blue cell).
pub const M30: u8 = 29;
/// `M35`, the last cell of the spine; its arrow leads to [`O40`].
pub const M35: u8 = 30;
/// Finish and start: never a bit of the occupancy mask.
pub const F: u8 = 31;
/// The start, where all four pieces begin; it may hold several pieces and is worth 0.
pub const S: u8 = 32;

/// The cell ids of DY-3, by cell.
pub const NAMES: [&str; CELLS] = [
    "O2", "O4", "O6", "O8", "O10", "O12", "O14", "O16", "O18", "O20", "O22", "O24", "O26", "O28",
    "O30", "O32", "O34", "O36", "O38", "O40", "B13", "B16", "B19", "C22", "C24", "D28", "D27",
    "D26", "M25", "M30", "M35", "F", "S",
];

/// Points for landing on each cell.
pub static SCORE: [u32; CELLS] = [
    2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 13, 16, 19, 22, 24,
    28, 27, 26, 25, 30, 35, 0, 0,
];

/// The red arrow out of each cell (`F` stays on `F`).
const RED: [u8; CELLS] = {
    let mut red = [F; CELLS];
    let mut c = 0;
    while c < O40 {
        red[c as usize] = c + 1;
        c += 1;
    }
    red[O40 as usize] = F;
    red[B13 as usize] = B16;
    red[B16 as usize] = B19;
    red[B19 as usize] = M25;
    red[C22 as usize] = C24;
    red[C24 as usize] = M25;
    red[D28 as usize] = D27;
    red[D27 as usize] = D26;
    red[D26 as usize] = M25;
    red[M25 as usize] = M30;
    red[M30 as usize] = M35;
    red[M35 as usize] = O40;
    red[S as usize] = 0;
    red
};

/// The blue arrow out of a blue cell.
const fn blue(cell: u8) -> Option<u8> {
    match cell {
        O10 => Some(B13),
        O20 => Some(C22),
        O30 => Some(D28),
        _ => None,
    }
}

/// `INFO` bits: the move passes over a blue cell (neither its start nor its landing cell).
pub const PASSES_BLUE: u8 = 1;
/// The move reaches `F` with its last step.
pub const FINISH_EXACT: u8 = 2;
/// The move reaches `F` with steps left over.
pub const FINISH_OVERSHOOT: u8 = 4;

/// Walks `die` steps from `cell` (DY-8, DY-9): the landing cell and the `INFO` bits of the move.
const fn walk(cell: u8, die: u8) -> (u8, u8) {
    let mut at = cell;
    let mut info = 0;
    let mut step = 1;
    while step <= die && at != F {
        at = match blue(at) {
            Some(next) if step == 1 => next,
            _ => RED[at as usize],
        };
        if at == F {
            info |= if step == die {
                FINISH_EXACT
            } else {
                FINISH_OVERSHOOT
            };
        } else if step < die && blue(at).is_some() {
            info |= PASSES_BLUE;
        }
        step += 1;
    }
    (at, info)
}

const fn move_table<const ROWS: usize>(part: usize) -> [[u8; 8]; ROWS] {
    let mut table = [[F; 8]; ROWS];
    let mut cell = 0;
    while cell < CELLS {
        let mut die = 1;
        while die <= 5 {
            let (dest, info) = walk(cell as u8, die as u8);
            table[cell][die] = if part == 0 { dest } else { info };
            die += 1;
        }
        cell += 1;
    }
    table
}

/// `DEST[cell][die]`: where a move of `die` (1..=5) from `cell` lands. Rows are padded to 8.
pub static DEST: [[u8; 8]; CELLS] = move_table(0);
/// `INFO[cell][die]`: the move's [`PASSES_BLUE`], [`FINISH_EXACT`], [`FINISH_OVERSHOOT`] bits.
pub static INFO: [[u8; 8]; CELLS] = move_table(1);
/// [`DEST`] padded to 64 rows, so that the search's `LAND[from & 63][die & 7]` needs no bounds
/// check (rows past `S` are never read).
static LAND: [[u8; 8]; 64] = move_table(0);

/// The branch (1 = from 10, 2 = from 20, 3 = from 30) a cell belongs to, 0 for none.
pub static BRANCH: [u8; CELLS] = {
    let mut b = [0u8; CELLS];
    b[O10 as usize] = 1;
    b[B13 as usize] = 1;
    b[B16 as usize] = 1;
    b[B19 as usize] = 1;
    b[O20 as usize] = 2;
    b[C22 as usize] = 2;
    b[C24 as usize] = 2;
    b[O30 as usize] = 3;
    b[D28 as usize] = 3;
    b[D27 as usize] = 3;
    b[D26 as usize] = 3;
    b
};

/// The census tags, in the order of `docs/judge-text.md`.
pub const TAGS: &[&str] = &[
    "blocked",
    "blocked-at-40",
    "blocked-at-25",
    "finish-exact",
    "finish-overshoot",
    "start-blue-10",
    "start-blue-20",
    "start-blue-30",
    "pass-blue",
    "land-25-from-10",
    "land-25-from-20",
    "land-25-from-30",
    "land-30-35-from-10",
    "land-30-35-from-20",
    "land-30-35-from-30",
    "piece-left-on-s",
    "ends-early",
    "passing-pays",
];

const BLOCKED: u64 = 1 << 0;
const BLOCKED_AT_40: u64 = 1 << 1;
const BLOCKED_AT_25: u64 = 1 << 2;
const TAG_FINISH_EXACT: u64 = 1 << 3;
const TAG_FINISH_OVERSHOOT: u64 = 1 << 4;
/// `START_BLUE << (branch - 1)`.
const START_BLUE: u64 = 1 << 5;
const PASS_BLUE: u64 = 1 << 8;
/// `LAND_25 << (branch - 1)`.
const LAND_25: u64 = 1 << 9;
/// `LAND_30_35 << (branch - 1)`.
const LAND_30_35: u64 = 1 << 12;
const PIECE_LEFT_ON_S: u64 = 1 << 15;
const ENDS_EARLY: u64 = 1 << 16;
const PASSING_PAYS: u64 = 1 << 17;

/// Position encoding: the pieces on `S` are counted from bit `S` on.
const ON_S: u32 = S as u32;
/// The occupancy bits of the board cells (`F`'s bit 31 excluded).
const BOARD: u64 = (1 << F) - 1;
/// All four pieces on `S`.
pub const START: u64 = 4 << ON_S;
/// Memo key field of [`Search::value_few_passes`]: the passes left, 0..=7.
const PASSES_LEFT: u32 = 35;
/// Turn index shift in a memo key (positions take bits 0..=34, then [`PASSES_LEFT`]).
const TURN: u32 = 38;

/// Pieces on `S` in a packed position.
#[inline(always)]
fn on_s(state: u64) -> u32 {
    (state >> ON_S) as u32
}

/// Pieces on `F` in a packed position.
#[inline(always)]
fn on_f(state: u64) -> u32 {
    4 - on_s(state) - (state & BOARD).count_ones()
}

/// One legal move: the cells it leaves and reaches, the position after it and its points.
#[derive(Debug, Clone, Copy)]
struct Move {
    from: u8,
    to: u8,
    next: u64,
    score: u32,
}

/// The points of a landing cell (never `S`, so `to & 31` is `to`, and needs no bounds check).
#[inline(always)]
fn score_of(to: u8) -> u32 {
    debug_assert!(to < S);
    SCORE[to as usize & 31]
}

/// The cells pieces can be moved from, as a bit set (`S` is one source however many pieces
/// it holds; pieces on `F` cannot move).
#[inline(always)]
fn sources(state: u64) -> u64 {
    (state & BOARD) | ((on_s(state) != 0) as u64) << S
}

/// Calls `f` with every legal move of the position for this die (one per source cell), from the
/// cell furthest along the table to `S` (the last-turn bound of [`Search::value`] prunes more
/// when high scores come first).
#[inline(always)]
fn for_each_move(state: u64, die: u8, mut f: impl FnMut(Move)) {
    let mut try_from = |from: u8| {
        let to = LAND[from as usize & 63][die as usize & 7];
        // `F` has no bit in `state`: it is always free.
        if state & (1 << to) == 0 {
            f(Move {
                from,
                to,
                next: state - (1 << from) + ((1 << to) & BOARD),
                score: score_of(to),
            });
        }
    };
    let mut board = state & BOARD;
    while board != 0 {
        let from = 63 - board.leading_zeros();
        board ^= 1 << from;
        try_from(from as u8);
    }
    if on_s(state) != 0 {
        try_from(S);
    }
}

/// The best points of a single move (the value of a position before the last die; a pass would
/// score 0, so this holds with `allow_pass` too).
#[inline(always)]
fn last_move(state: u64, die: u8) -> u32 {
    let mut best = 0;
    let mut from_set = sources(state);
    while from_set != 0 {
        let from = from_set.trailing_zeros() as usize;
        from_set &= from_set - 1;
        let to = LAND[from & 63][die as usize & 7];
        let free = state & (1 << to) == 0;
        best = best.max(score_of(to) * free as u32);
    }
    best
}

/// One memo slot: valid for the search whose generation it carries.
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    key: u64,
    generation: u32,
    value: u32,
}

/// Open-addressing memo over a reusable buffer. The search uses the first `mask + 1` slots;
/// slots of another generation are empty.
struct Memo {
    slots: Vec<Slot>,
    mask: usize,
    /// `64 - log2(mask + 1)`: Fibonacci hashing keeps the top bits.
    shift: u32,
    len: usize,
    generation: u32,
}

const FIBONACCI: u64 = 0x9E37_79B9_7F4A_7C15;
/// Memo slots kept between searches (16 MiB).
const KEEP_SLOTS: usize = 1 << 20;

impl Memo {
    const fn new() -> Memo {
        Memo {
            slots: Vec::new(),
            mask: 0,
            shift: 64,
            len: 0,
            generation: 0,
        }
    }

    /// Starts a search with room for about `2^(log2 - 1)` positions (it grows when needed).
    /// A buffer grown past [`KEEP_SLOTS`] by a long passing game is given back.
    fn begin(&mut self, log2: u32) {
        if self.slots.len() > KEEP_SLOTS && 1 << log2 <= KEEP_SLOTS {
            self.slots.truncate(KEEP_SLOTS);
            self.slots.shrink_to_fit();
        }
        self.resize(log2);
        self.len = 0;
    }

    fn resize(&mut self, log2: u32) {
        let capacity = 1usize << log2;
        if self.slots.len() < capacity {
            self.slots.resize(capacity, Slot::default());
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill(Slot::default());
            self.generation = 1;
        }
        self.mask = capacity - 1;
        self.shift = 64 - log2;
    }

    #[inline(always)]
    fn home(&self, key: u64) -> usize {
        (key.wrapping_mul(FIBONACCI) >> self.shift) as usize
    }

    #[inline(always)]
    fn get(&self, key: u64) -> Option<u32> {
        let mut i = self.home(key);
        loop {
            let slot = self.slots[i];
            if slot.generation != self.generation {
                return None;
            }
            if slot.key == key {
                return Some(slot.value);
            }
            i = (i + 1) & self.mask;
        }
    }

    /// Inserts a key that is not in the table.
    #[inline(always)]
    fn insert(&mut self, key: u64, value: u32) {
        if 2 * (self.len + 1) > self.mask + 1 {
            self.grow();
        }
        let mut i = self.home(key);
        while self.slots[i].generation == self.generation {
            i = (i + 1) & self.mask;
        }
        self.slots[i] = Slot {
            key,
            generation: self.generation,
            value,
        };
        self.len += 1;
    }

    #[cold]
    fn grow(&mut self) {
        let generation = self.generation;
        let live: Vec<Slot> = self.slots[..=self.mask]
            .iter()
            .filter(|s| s.generation == generation)
            .copied()
            .collect();
        let log2 = 65 - self.shift;
        self.resize(log2);
        self.len = 0;
        for slot in live {
            self.insert(slot.key, slot.value);
        }
    }
}

thread_local! {
    static MEMO: RefCell<Memo> = const { RefCell::new(Memo::new()) };
}

/// A search over one dice sequence.
struct Search<'a> {
    dice: &'a [u8],
    allow_pass: bool,
    memo: &'a mut Memo,
    /// With passes, on long games: the free-game shortcut of [`Search::free_fit`].
    free: Option<FreeFit>,
}

impl Search<'_> {
    /// The best total obtainable from the remaining dice `dice[t..]` in position `state`.
    fn value(&mut self, t: usize, state: u64) -> u32 {
        let n = self.dice.len();
        if t >= n || state == 0 {
            return 0;
        }
        let die = self.dice[t];
        if t + 1 == n {
            // A pass would score 0: this holds with passes too.
            return last_move(state, die);
        }
        let key = state | (t as u64) << TURN;
        if let Some(v) = self.memo.get(key) {
            return v;
        }
        // Passes are allowed from now on (no piece leaves F).
        let passing = self.allow_pass && on_f(state) != 0;
        if passing {
            if let Some(v) = self.free_fit(t, state) {
                return v;
            }
        }
        let mut best = 0;
        if t + 2 == n {
            // The last turn inline: no call, no memo.
            let next_die = self.dice[t + 1];
            if passing {
                best = last_move(state, next_die);
            }
            for_each_move(state, die, |m| {
                // No last move scores more than 40.
                if m.score + 40 > best {
                    best = best.max(m.score + last_move(m.next, next_die));
                }
            });
        } else {
            if passing {
                best = self.value(t + 1, state);
            }
            for_each_move(state, die, |m| {
                best = best.max(m.score + self.value(t + 1, m.next));
            });
        }
        self.memo.insert(key, best);
        best
    }

    /// The best total when `left` passes (of a piece on `F`) are still allowed, in a search
    /// without passes: a lower bound of the passing game's value, cheap since after the passes
    /// the rest is the plain game, whose positions the search has mostly memoised already.
    fn value_few_passes(&mut self, t: usize, state: u64, left: u64) -> u32 {
        if left == 0 {
            return self.value(t, state);
        }
        let n = self.dice.len();
        if t >= n || state == 0 {
            return 0;
        }
        if t + 1 == n {
            return last_move(state, self.dice[t]);
        }
        let key = state | left << PASSES_LEFT | (t as u64) << TURN;
        if let Some(v) = self.memo.get(key) {
            return v;
        }
        let mut best = 0;
        if on_f(state) != 0 {
            best = self.value_few_passes(t + 1, state, left - 1);
        }
        for_each_move(state, self.dice[t], |m| {
            best = best.max(m.score + self.value_few_passes(t + 1, m.next, left));
        });
        self.memo.insert(key, best);
        best
    }

    /// With passes allowed from `state` on: its free-game value when a best line of the free
    /// game over the die values still to come (see [`FreeFit`]) fits into `dice[t..]` as a
    /// subsequence. No line can beat the free game, and this one can be played by passing over
    /// the dice between its moves.
    fn free_fit(&mut self, t: usize, state: u64) -> Option<u32> {
        let free = self.free.as_mut()?;
        let (latest, value) = free.latest(t, state);
        (t as i64 <= latest).then_some(value)
    }
}

/// The free-game shortcut for the passing game on long dice. Once a piece is on `F`, passes let a
/// line use any subsequence of the remaining dice, so a position's value is at most its value in
/// the free game where every die value `d` still to come (`values[t]`, a bit set) can be used at
/// any time and the game may stop at any time. [`free_value`] gives, per set of values and
/// position, that value and a best line with the fewest moves; if that line's dice occur in order
/// in `dice[t..]`, the bound is reached. Whether they do is monotone in `t` (a longer suffix
/// holds every subsequence of a shorter one), so per position one number settles it: `latest`,
/// the last turn its line can start at (found by matching the line from the back of the dice).
/// Without this the passing search would keep every position alive at every later turn; with
/// it a long game is settled soon after the first piece is home.
struct FreeFit {
    /// `values[t]`: the die values in `dice[t..]`, bit `d` for value `d`.
    values: Vec<u8>,
    /// `before[k][d]`: the last turn `j < k` with die `d`, or -1.
    before: Vec<[i32; 6]>,
    /// (position, value set) → (latest start turn, free value).
    latest: FastMap<(i64, u32)>,
}

impl FreeFit {
    fn new(dice: &[u8]) -> FreeFit {
        let n = dice.len();
        let mut values = vec![0u8; n + 1];
        for t in (0..n).rev() {
            values[t] = values[t + 1] | 1 << dice[t];
        }
        let mut before = vec![[-1i32; 6]; n + 1];
        for k in 1..=n {
            before[k] = before[k - 1];
            before[k][dice[k - 1] as usize] = k as i32 - 1;
        }
        FreeFit {
            values,
            before,
            latest: FastMap::default(),
        }
    }

    /// The latest turn from which the best free line of `state` (over the values still to come
    /// at turn `t`) fits into the dice, or -1; and its value.
    fn latest(&mut self, t: usize, state: u64) -> (i64, u32) {
        let values = self.values[t];
        let key = |s: u64| s | (values as u64) << 40;
        if let Some(&found) = self.latest.get(&key(state)) {
            return found;
        }
        FREE.with(|tables| {
            let mut tables = tables.borrow_mut();
            let table = &mut tables[values as usize];
            // Follow the line until a stop or a position already settled, then match backwards.
            let mut line = Vec::new();
            let mut at = state;
            let mut end = (self.values.len() - 1) as i64;
            loop {
                if let Some(&(l, _)) = self.latest.get(&key(at)) {
                    end = l;
                    break;
                }
                let step = free_value(at, values, table);
                line.push((at, step));
                if step.die == 0 {
                    break;
                }
                at = step.next;
            }
            for &(at, step) in line.iter().rev() {
                if step.die != 0 {
                    end = if end < 0 {
                        -1
                    } else {
                        self.before[end as usize][step.die as usize] as i64
                    };
                }
                self.latest.insert(key(at), (end, step.value as u32));
            }
        });
        self.latest[&key(state)]
    }
}

/// A position in the free game: `value` is its best total, `die` and `next` the first move of a
/// best line with the fewest moves (`die` 0: stop here), `moves` that line's length.
#[derive(Debug, Clone, Copy)]
struct Free {
    value: u16,
    moves: u8,
    die: u8,
    next: u64,
}

/// Multiplicative hashing for `u64` keys (positions).
#[derive(Default)]
struct MulHash(u64);

impl Hasher for MulHash {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(self.0 ^ b as u64);
        }
    }

    fn write_u64(&mut self, x: u64) {
        let h = (self.0 ^ x).wrapping_mul(FIBONACCI);
        self.0 = h ^ (h >> 29);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type FastMap<V> = HashMap<u64, V, BuildHasherDefault<MulHash>>;

thread_local! {
    /// Free-game tables, one per set of die values (bit `d` for value `d`), filled on demand.
    static FREE: RefCell<Vec<FastMap<Free>>> =
        RefCell::new((0..64).map(|_| FastMap::default()).collect());
}

/// The free game from `state` with the die values of the bit set `values`.
fn free_value(state: u64, values: u8, table: &mut FastMap<Free>) -> Free {
    if let Some(&free) = table.get(&state) {
        return free;
    }
    let mut best = Free {
        value: 0,
        moves: 0,
        die: 0,
        next: state,
    };
    for die in 1..=5 {
        if values & 1 << die == 0 {
            continue;
        }
        for_each_move(state, die, |m| {
            let after = free_value(m.next, values, table);
            let value = m.score as u16 + after.value;
            let moves = after.moves + 1;
            if value > best.value || (value == best.value && value > 0 && moves < best.moves) {
                best = Free {
                    value,
                    moves,
                    die,
                    next: m.next,
                };
            }
        });
    }
    table.insert(state, best);
    best
}

/// Dice counts from which the passing search uses [`FreeFit`] (below, free lines rarely fit and
/// the passing game is cheap anyway).
const FREE_FIT_FROM: usize = 24;
/// Dice counts for which the census first looks for a line with a few passes (see [`census_of`]).
const WITNESS_DICE: std::ops::Range<usize> = 40..500;

/// Runs `f` with a search over `dice` on this thread's memo buffer.
fn with_search<R>(dice: &[u8], allow_pass: bool, f: impl FnOnce(&mut Search<'_>) -> R) -> R {
    let free_fit = allow_pass && dice.len() >= FREE_FIT_FROM;
    with_search_using(dice, allow_pass, free_fit, f)
}

/// [`with_search`], saying whether to use [`FreeFit`].
fn with_search_using<R>(
    dice: &[u8],
    allow_pass: bool,
    free_fit: bool,
    f: impl FnOnce(&mut Search<'_>) -> R,
) -> R {
    // Ten dice memoise a few hundred positions (at most about a thousand; a sparse table probes
    // less), longer games some thousands per turn until every piece is home.
    let log2 = match dice.len() {
        0..=12 => 13,
        13..=24 => 14,
        _ => 17,
    };
    with_search_sized(dice, allow_pass, free_fit, log2, f)
}

/// [`with_search_using`] with the memo starting at `2^log2` slots.
fn with_search_sized<R>(
    dice: &[u8],
    allow_pass: bool,
    free_fit: bool,
    log2: u32,
    f: impl FnOnce(&mut Search<'_>) -> R,
) -> R {
    let free = free_fit.then(|| FreeFit::new(dice));
    MEMO.with(|memo| {
        let mut memo = memo.borrow_mut();
        memo.begin(log2);
        f(&mut Search {
            dice,
            allow_pass,
            memo: &mut memo,
            free,
        })
    })
}

/// The maximum total for these dice (each 1..=5), with the end-early rule. With `allow_pass` a
/// piece on `F` may also be chosen (it stays there and scores 0): the "illegal pass" mistake,
/// for the `passing-pays` tag.
pub fn max_score(dice: &[u8], allow_pass: bool) -> u32 {
    debug_assert!(dice.iter().all(|d| (1..=5).contains(d)));
    with_search(dice, allow_pass, |search| search.value(0, START))
}

/// The longest dice [`self_check`] checks (the fuzz targets' cases have at most 10).
pub const SELF_CHECK_MAX_DICE: usize = 16;

/// Internal paths of the search that must agree on `dice`. The long games that take them on
/// their own (the memo's growth, the passing game's free-game shortcut from `FREE_FIT_FROM`
/// dice, the census' few-passes witness from 40) are beyond the literal reference's reach, so
/// the engine checks them against itself, forced onto short games:
/// - the plain game searched with a memo of 16 slots, which must grow, equals the plain game;
/// - the passing game with the free-game shortcut (`FreeFit`) equals it without;
/// - lines with a few passes score between the plain and the passing game.
pub fn self_check(dice: &[u8]) -> Result<(), String> {
    // The passing game without the shortcut is what the shortcut saves: on 24 dice it takes
    // about a tenth of a second, on the 1,000 `--no-strict` allows far longer.
    if dice.is_empty() || dice.len() > SELF_CHECK_MAX_DICE {
        return Ok(());
    }
    let plain = max_score(dice, false);
    let small_memo = with_search_sized(dice, false, false, 4, |s| s.value(0, START));
    if small_memo != plain {
        return Err(format!(
            "dice_yut {dice:?}: {plain} with the memo sized for the dice, {small_memo} with a \
             16-slot memo that grows"
        ));
    }
    let free_fit = with_search_using(dice, true, true, |s| s.value(0, START));
    let passing = with_search_using(dice, true, false, |s| s.value(0, START));
    if free_fit != passing {
        return Err(format!(
            "dice_yut {dice:?}: the passing game scores {passing}, with the free-game shortcut \
             {free_fit}"
        ));
    }
    for passes in [1, 2, 4] {
        let few = with_search(dice, false, |s| s.value_few_passes(0, START, passes));
        if few < plain || few > passing {
            return Err(format!(
                "dice_yut {dice:?}: {passes} pass(es) score {few}, outside {plain}..={passing} \
                 (plain game ..= passing game)"
            ));
        }
    }
    Ok(())
}

/// Reads the dice (`docs/judge-text.md`, dice_yut): one line of exactly [`STRICT_DICE`] fields
/// (strict) or 1..=[`MAX_DICE`] fields, each a number in 1..=5, then only blank lines.
pub fn parse(input: &[u8], strict: bool) -> Result<Vec<u8>, JudgeError> {
    let mut text = JudgeText::new(input)?;
    let counts = if strict {
        STRICT_DICE..=STRICT_DICE
    } else {
        1..=MAX_DICE
    };
    let (line, dice) = text.line_in(counts, "the dice")?;
    let dice = judge::fields(dice)
        .map(|field| judge::number(field, line, "a die", 1, 5).map(|d| d as u8))
        .collect::<Result<Vec<u8>, JudgeError>>()?;
    text.finish()?;
    Ok(dice)
}

/// The judge's answer: the maximum total and a newline.
pub fn solve(input: &[u8], strict: bool) -> Result<String, JudgeError> {
    let dice = parse(input, strict)?;
    Ok(format!("{}\n", max_score(&dice, false)))
}

/// One line per die, `k: V | piece P X->Y +N, total T | pieces A B C D` (`docs/judge-text.md`,
/// dice_yut): `V` is the answer for the first `k` dice alone, the rest turn `k` of
/// `first_best_line` and the four pieces' cells after it (`no move, total T` once that line
/// has ended). Every prefix is searched on its own, except that prefixes longer than
/// [`MAX_MOVES`] share the answer of that prefix: no game (without passes) lasts longer.
pub fn trace(input: &[u8], strict: bool) -> Result<Vec<String>, JudgeError> {
    let dice = parse(input, strict)?;
    let line = first_best_line(&dice);
    let mut capped = None;
    let mut cells = [S; 4];
    let mut total = 0;
    Ok((1..=dice.len())
        .map(|k| {
            let value = if k < MAX_MOVES {
                max_score(&dice[..k], false)
            } else {
                *capped.get_or_insert_with(|| max_score(&dice[..MAX_MOVES], false))
            };
            let turn = match line.get(k - 1) {
                Some(&(piece, from, to)) => {
                    cells[piece] = to;
                    let points = SCORE[to as usize];
                    total += points;
                    format!(
                        "piece {} {}->{} +{points}, total {total}",
                        piece + 1,
                        NAMES[from as usize],
                        NAMES[to as usize]
                    )
                }
                None => format!("no move, total {total}"),
            };
            let [a, b, c, d] = cells.map(|cell| NAMES[cell as usize]);
            format!("{k}: {value} | {turn} | pieces {a} {b} {c} {d}")
        })
        .collect())
}

/// The best line of play the trace shows, as (piece index, cell left, cell reached) per move:
/// of the lines with the largest total, the one whose piece numbers, read die by die, come
/// first. The search's positions forget which piece is which, so the line keeps the four cells
/// beside the position and, die by die, takes the lowest-numbered piece whose move keeps the
/// total reachable (its points plus the value of the position it leads to equal the value of
/// the position it leaves). It ends where no piece can move.
fn first_best_line(dice: &[u8]) -> Vec<(usize, u8, u8)> {
    with_search(dice, false, |search| {
        let mut cells = [S; 4];
        let mut state = START;
        let mut line = Vec::new();
        for (t, &die) in dice.iter().enumerate() {
            let value = search.value(t, state);
            let chosen = (0..4).find_map(|piece| {
                let from = cells[piece];
                if from == F {
                    return None;
                }
                let to = LAND[from as usize][die as usize];
                // `F` has no bit in `state`: it is always free.
                if state & (1 << to) != 0 {
                    return None;
                }
                let next = state - (1 << from) + ((1 << to) & BOARD);
                (score_of(to) + search.value(t + 1, next) == value)
                    .then_some((piece, from, to, next))
            });
            let Some((piece, from, to, next)) = chosen else {
                break;
            };
            cells[piece] = to;
            state = next;
            line.push((piece, from, to));
        }
        line
    })
}

/// The census tags (bit `i` = [`TAGS`]`[i]`) that hold on some optimal line.
pub fn census(input: &[u8], strict: bool) -> Result<u64, JudgeError> {
    Ok(census_of(&parse(input, strict)?))
}

/// [`census`] for parsed dice. Walks the graph of optimal moves — a move is optimal when its
/// points plus the value of the position it leads to equal the value of the position it leaves —
/// from the start, visiting each (turn, position) once; every walk from the start along optimal
/// moves is the beginning of an optimal line, and every tag is a property of one position or one
/// move, so the tags met are exactly those of some optimal line.
pub fn census_of(dice: &[u8]) -> u64 {
    let n = dice.len();
    let (answer, mut bits) = with_search(dice, false, |search| {
        let answer = search.value(0, START);
        let mut bits = 0;
        let mut seen = HashSet::new();
        let mut todo = vec![(0, START)];
        seen.insert((0, START));
        while let Some((t, state)) = todo.pop() {
            if t == n {
                if on_s(state) != 0 {
                    bits |= PIECE_LEFT_ON_S;
                }
                continue;
            }
            if state == 0 {
                bits |= ENDS_EARLY;
                continue;
            }
            let die = dice[t];
            bits |= blocked_tags(state, die);
            let here = search.value(t, state);
            let mut moves = [None; 5];
            let mut count = 0;
            for_each_move(state, die, |m| {
                moves[count] = Some(m);
                count += 1;
            });
            for m in moves.into_iter().flatten() {
                if m.score + search.value(t + 1, m.next) != here {
                    continue;
                }
                bits |= move_tags(m, die);
                if seen.insert((t + 1, m.next)) {
                    todo.push((t + 1, m.next));
                }
            }
        }
        // From 40 dice on, a line with one, two or four passes that beats the answer settles
        // `passing-pays` at little cost (the plain game's values are memoised already; on 50 to
        // 300 random dice this decides about 98 in 100), where the full passing game is slowest:
        // below, passing rarely pays and the passing game is cheap; from about 400 dice on,
        // [`FreeFit`] settles it faster.
        if WITNESS_DICE.contains(&n) {
            for passes in [1, 2, 4] {
                if search.value_few_passes(0, START, passes) > answer {
                    bits |= PASSING_PAYS;
                    break;
                }
            }
        }
        (answer, bits)
    });
    if bits & PASSING_PAYS == 0 && max_score(dice, true) > answer {
        bits |= PASSING_PAYS;
    }
    bits
}

/// `blocked`, `blocked-at-40`, `blocked-at-25` of a position about to move `die`.
fn blocked_tags(state: u64, die: u8) -> u64 {
    let mut bits = 0;
    let mut from_set = sources(state);
    while from_set != 0 {
        let from = from_set.trailing_zeros() as usize;
        from_set &= from_set - 1;
        let to = DEST[from][die as usize];
        if state & (1 << to) != 0 {
            bits |= BLOCKED;
            match to {
                O40 => bits |= BLOCKED_AT_40,
                M25 => bits |= BLOCKED_AT_25,
                _ => {}
            }
        }
    }
    bits
}

/// The tags of one move.
fn move_tags(m: Move, die: u8) -> u64 {
    let info = INFO[m.from as usize][die as usize];
    let mut bits = 0;
    if info & FINISH_EXACT != 0 {
        bits |= TAG_FINISH_EXACT;
    }
    if info & FINISH_OVERSHOOT != 0 {
        bits |= TAG_FINISH_OVERSHOOT;
    }
    if info & PASSES_BLUE != 0 {
        bits |= PASS_BLUE;
    }
    let branch = BRANCH[m.from as usize];
    if blue(m.from).is_some() {
        bits |= START_BLUE << (branch - 1);
    }
    if branch != 0 {
        match m.to {
            M25 => bits |= LAND_25 << (branch - 1),
            M30 | M35 => bits |= LAND_30_35 << (branch - 1),
            _ => {}
        }
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::ErrorClass;

    /// The free-game shortcut on games long enough to take it for real (the self-check forces it
    /// onto the fuzzers' short games, where a piece is seldom home early enough to use it):
    /// the passing game's value with it equals the value without it.
    #[test]
    fn free_game_shortcut_keeps_the_passing_value_on_long_games() {
        let mut rng = crate::rng::Rng::new(17825);
        for case in 0..12 {
            let n = FREE_FIT_FROM + rng.below(8) as usize;
            let dice: Vec<u8> = (0..n).map(|_| 1 + rng.below(5) as u8).collect();
            let with = with_search_using(&dice, true, true, |s| s.value(0, START));
            let without = with_search_using(&dice, true, false, |s| s.value(0, START));
            assert_eq!(with, without, "case {case}: {dice:?}");
        }
    }

    fn dice(text: &str) -> Vec<u8> {
        text.split_whitespace()
            .map(|d| d.parse().unwrap())
            .collect()
    }

    fn answer(text: &str) -> u32 {
        let d = dice(text);
        let via_solve = solve(format!("{text}\n").as_bytes(), d.len() == 10).unwrap();
        assert_eq!(via_solve, format!("{}\n", max_score(&d, false)));
        max_score(&d, false)
    }

    fn tag(name: &str) -> u64 {
        1 << TAGS.iter().position(|t| *t == name).unwrap()
    }

    fn names(bits: u64) -> Vec<&'static str> {
        (0..TAGS.len())
            .filter(|i| bits & (1 << i) != 0)
            .map(|i| TAGS[i])
            .collect()
    }

    // ---- an independent model of the board, by the cell ids of DY-3 ----

    const OUTER: [&str; 22] = [
        "S", "O2", "O4", "O6", "O8", "O10", "O12", "O14", "O16", "O18", "O20", "O22", "O24", "O26",
        "O28", "O30", "O32", "O34", "O36", "O38", "O40", "F",
    ];
    const FROM_10: [&str; 5] = ["O10", "B13", "B16", "B19", "M25"];
    const FROM_20: [&str; 4] = ["O20", "C22", "C24", "M25"];
    const FROM_30: [&str; 5] = ["O30", "D28", "D27", "D26", "M25"];
    const SPINE: [&str; 5] = ["M25", "M30", "M35", "O40", "F"];

    fn after(path: &[&'static str], cell: &str) -> Option<&'static str> {
        let i = path.iter().position(|c| *c == cell)?;
        path.get(i + 1).copied()
    }

    /// One step from `cell` (the arrows of DY-4 and DY-5).
    fn step(cell: &str, first: bool) -> &'static str {
        let branches: [&[&'static str]; 3] = [&FROM_10, &FROM_20, &FROM_30];
        for b in branches {
            if first && cell == b[0] {
                return b[1];
            }
            if cell != b[0] {
                if let Some(next) = after(b, cell) {
                    return next;
                }
            }
        }
        after(&SPINE, cell)
            .or_else(|| after(&OUTER, cell))
            .expect("F has no step")
    }

    /// Walks a move: the cells visited, the landing cell last; stops at F.
    fn walk_names(cell: &str, die: u8) -> Vec<&'static str> {
        let mut at = step(cell, true);
        let mut visited = vec![at];
        for _ in 1..die {
            if at == "F" {
                break;
            }
            at = step(at, false);
            visited.push(at);
        }
        visited
    }

    fn id(name: &str) -> u8 {
        NAMES.iter().position(|n| *n == name).unwrap() as u8
    }

    fn score_of(name: &str) -> u32 {
        match name {
            "S" | "F" => 0,
            _ => name[1..].parse().unwrap(),
        }
    }

    const O38: u8 = 18;

    #[test]
    fn dest_and_info_tables_match_a_step_walk() {
        for cell in NAMES {
            if cell == "F" {
                continue;
            }
            assert_eq!(SCORE[id(cell) as usize], score_of(cell), "{cell}");
            for die in 1..=5u8 {
                let visited = walk_names(cell, die);
                let landing = *visited.last().unwrap();
                let c = id(cell) as usize;
                assert_eq!(
                    NAMES[DEST[c][die as usize] as usize], landing,
                    "{cell} + {die}"
                );
                let passes = visited[..visited.len() - 1]
                    .iter()
                    .any(|v| ["O10", "O20", "O30"].contains(v));
                let info = INFO[c][die as usize];
                assert_eq!(info & PASSES_BLUE != 0, passes, "{cell} + {die}");
                let exact = landing == "F" && visited.len() == die as usize;
                let over = landing == "F" && visited.len() < die as usize;
                assert_eq!(info & FINISH_EXACT != 0, exact, "{cell} + {die}");
                assert_eq!(info & FINISH_OVERSHOOT != 0, over, "{cell} + {die}");
            }
        }
        // Spot checks of DY-4 and DY-5.
        assert_eq!(DEST[O10 as usize][3], B19);
        assert_eq!(DEST[O20 as usize][3], M25);
        assert_eq!(DEST[O30 as usize][4], M25);
        assert_eq!(DEST[S as usize][5], O10);
        assert_eq!(DEST[O10 as usize - 1][2], 5); // O8 + 2 passes O10, lands on O12
        assert_eq!(DEST[M35 as usize][1], O40);
        assert_eq!(DEST[O38 as usize][2], F);
    }

    // ---- brute force: plain depth-first search over the four distinct pieces ----

    const UNLIMITED: u8 = u8::MAX;

    struct Brute {
        dest: [[u8; 6]; CELLS],
        score: [u32; CELLS],
    }

    impl Brute {
        fn new() -> Brute {
            let mut dest = [[0; 6]; CELLS];
            let mut score = [0; CELLS];
            for cell in NAMES {
                let c = id(cell) as usize;
                score[c] = score_of(cell);
                if cell != "F" {
                    for die in 1..=5u8 {
                        dest[c][die as usize] = id(walk_names(cell, die).last().unwrap());
                    }
                }
            }
            Brute { dest, score }
        }

        /// Legal (piece, landing) choices; with `pass` a piece on F may be chosen, staying there.
        fn choices(&self, pos: &[u8; 4], die: u8, pass: bool) -> Vec<(usize, u8)> {
            let f = id("F");
            (0..4)
                .filter_map(|i| {
                    if pos[i] == f {
                        return pass.then_some((i, f));
                    }
                    let to = self.dest[pos[i] as usize][die as usize];
                    let taken = (0..4).any(|j| j != i && pos[j] == to);
                    (to == f || !taken).then_some((i, to))
                })
                .collect()
        }

        fn best(&self, pos: [u8; 4], dice: &[u8], pass: bool) -> u32 {
            let Some((&die, rest)) = dice.split_first() else {
                return 0;
            };
            self.choices(&pos, die, pass)
                .into_iter()
                .map(|(i, to)| {
                    let mut next = pos;
                    next[i] = to;
                    self.score[to as usize] + self.best(next, rest, pass)
                })
                .max()
                .unwrap_or(0)
        }

        /// The same, memoised on (turn, sorted pieces, passes left), for long games; `passes` is
        /// how many passes are allowed, [`UNLIMITED`] for any number.
        fn best_memo(&self, dice: &[u8], passes: u8) -> u32 {
            self.memo_from([id("S"); 4], 0, dice, passes, &mut HashMap::new())
        }

        fn memo_from(
            &self,
            pos: [u8; 4],
            t: usize,
            dice: &[u8],
            left: u8,
            memo: &mut HashMap<(usize, [u8; 4], u8), u32>,
        ) -> u32 {
            if t == dice.len() {
                return 0;
            }
            if let Some(&v) = memo.get(&(t, pos, left)) {
                return v;
            }
            let v = self
                .choices(&pos, dice[t], left > 0)
                .into_iter()
                .map(|(i, to)| {
                    let mut next = pos;
                    next[i] = to;
                    next.sort_unstable();
                    let left = match left {
                        UNLIMITED => UNLIMITED,
                        _ if pos[i] == to => left - 1,
                        _ => left,
                    };
                    self.score[to as usize] + self.memo_from(next, t + 1, dice, left, memo)
                })
                .max()
                .unwrap_or(0);
            memo.insert((t, pos, left), v);
            v
        }

        /// Every line: (total, tags of the line), tags per the docs, read off the named walk.
        fn lines(
            &self,
            pos: [u8; 4],
            dice: &[u8],
            total: u32,
            tags: u64,
            out: &mut Vec<(u32, u64)>,
        ) {
            let f = id("F");
            let Some((&die, rest)) = dice.split_first() else {
                let left = pos.contains(&id("S"));
                out.push((total, tags | if left { tag("piece-left-on-s") } else { 0 }));
                return;
            };
            let mut here = tags;
            for i in 0..4 {
                if pos[i] == f {
                    continue;
                }
                let to = self.dest[pos[i] as usize][die as usize];
                if to != f && (0..4).any(|j| j != i && pos[j] == to) {
                    here |= tag("blocked");
                    match NAMES[to as usize] {
                        "O40" => here |= tag("blocked-at-40"),
                        "M25" => here |= tag("blocked-at-25"),
                        _ => {}
                    }
                }
            }
            let choices = self.choices(&pos, die, false);
            if choices.is_empty() {
                out.push((total, tags | tag("ends-early")));
                return;
            }
            for (i, to) in choices {
                let from = NAMES[pos[i] as usize];
                let visited = walk_names(from, die);
                let mut t = here;
                if to == f {
                    t |= if visited.len() == die as usize {
                        tag("finish-exact")
                    } else {
                        tag("finish-overshoot")
                    };
                }
                for (blue, b) in [("O10", "10"), ("O20", "20"), ("O30", "30")] {
                    if from == blue {
                        t |= tag(&format!("start-blue-{b}"));
                    }
                    if visited[..visited.len() - 1].contains(&blue) {
                        t |= tag("pass-blue");
                    }
                }
                let branch = [
                    ("10", &FROM_10[..4]),
                    ("20", &FROM_20[..3]),
                    ("30", &FROM_30[..4]),
                ]
                .into_iter()
                .find(|(_, cells)| cells.contains(&from));
                if let Some((b, _)) = branch {
                    match NAMES[to as usize] {
                        "M25" => t |= tag(&format!("land-25-from-{b}")),
                        "M30" | "M35" => t |= tag(&format!("land-30-35-from-{b}")),
                        _ => {}
                    }
                }
                let mut next = pos;
                next[i] = to;
                self.lines(next, rest, total + self.score[to as usize], t, out);
            }
        }

        fn census(&self, dice: &[u8]) -> u64 {
            let s = id("S");
            let mut out = Vec::new();
            self.lines([s; 4], dice, 0, 0, &mut out);
            let max = out.iter().map(|l| l.0).max().unwrap();
            let mut bits = out.iter().filter(|l| l.0 == max).fold(0, |a, l| a | l.1);
            if self.best_memo(dice, UNLIMITED) > max {
                bits |= tag("passing-pays");
            }
            bits
        }
    }

    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            // xorshift64*
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }

        fn dice(&mut self, n: usize) -> Vec<u8> {
            (0..n).map(|_| 1 + (self.next() >> 33) as u8 % 5).collect()
        }
    }

    // ---- answers ----

    #[test]
    fn official_samples() {
        for (input, output) in [
            ("1 2 3 4 1 2 3 4 1 2\n", "190\n"),
            ("1 1 1 1 1 1 1 1 1 1\n", "133\n"),
            ("5 1 2 3 4 5 5 3 2 4\n", "214\n"),
            ("5 5 5 5 5 5 5 5 5 5\n", "130\n"),
        ] {
            assert_eq!(solve(input.as_bytes(), true).unwrap(), output, "{input}");
        }
    }

    #[test]
    fn additional_checks_of_the_spec() {
        for (input, expected) in [
            ("4 1 4 4 4 4 3 2 2 4", 205),
            ("4 1 3 4 4 4 3 3 2 4", 211),
            ("4 3 2 1 3 4 3 4 1 2", 202),
            ("5 3 2 5 2 4 4 2 4 1", 231),
            ("3 1 2 5 5 3 2 4 4 3", 202),
            ("5 3 4 3 1 3 3 3 5 2", 216),
            ("5 4 5 2 2 2 5 3 1 4", 245),
            ("3 1 1 5 4 5 3 3 2 5", 204),
            ("3 5 2 5 3 5 2 1 3 1", 246),
            ("4 5 5 5 3 4 3 5 3 4", 229),
            ("5 5 5 5 5 1 1 1 1 1", 167),
            ("5 5 5 5 5 2 2 1 3 3", 161),
            ("5 5 5 5 5 2 2 2 2 2", 160),
        ] {
            assert_eq!(answer(input), expected, "{input}");
        }
    }

    #[test]
    fn derived_checks_of_the_spec() {
        assert_eq!(answer("5 5 5 5 5 5 5 4 2 2"), 154);
        // The illegal pass gives the mistake's value.
        assert_eq!(max_score(&dice("5 5 5 5 5 5 5 4 2 2"), true), 190);
        assert_eq!(answer("4 4 5 2 4 4 2 1 3 2"), 250);
        assert_eq!(answer("4 5 3 3 2 2 1 3 5 4"), 230);
    }

    #[test]
    fn matches_brute_force_on_every_short_sequence() {
        let brute = Brute::new();
        let start = [id("S"); 4];
        for len in 1..=5u32 {
            for code in 0..5usize.pow(len) {
                let d: Vec<u8> = (0..len)
                    .map(|i| 1 + (code / 5usize.pow(i) % 5) as u8)
                    .collect();
                for pass in [false, true] {
                    assert_eq!(
                        max_score(&d, pass),
                        brute.best(start, &d, pass),
                        "{d:?} pass={pass}"
                    );
                }
            }
        }
    }

    #[test]
    fn matches_brute_force_on_random_ten_dice() {
        let brute = Brute::new();
        let start = [id("S"); 4];
        let mut rng = Rng(0x1782_5DA7);
        for case in 0..300 {
            let d = rng.dice(10);
            let pass = case % 3 == 0;
            assert_eq!(
                max_score(&d, pass),
                brute.best(start, &d, pass),
                "{d:?} pass={pass}"
            );
        }
    }

    #[test]
    fn matches_memoised_brute_force_on_long_games() {
        let brute = Brute::new();
        let mut rng = Rng(17825);
        for len in [11, 13, 16, 20, 25, 40, 60, 100] {
            for _ in 0..2 {
                let d = rng.dice(len);
                assert_eq!(max_score(&d, false), brute.best_memo(&d, 0), "{d:?}");
            }
        }
        // Mostly fives: pieces finish fast and games end early.
        for _ in 0..20 {
            let d: Vec<u8> = (0..40)
                .map(|_| if rng.next() % 4 == 1 { 4 } else { 5 })
                .collect();
            assert_eq!(max_score(&d, false), brute.best_memo(&d, 0), "{d:?}");
        }
    }

    #[test]
    fn no_game_lasts_more_than_84_moves() {
        let mut rng = Rng(84);
        for len in [90, 120, 300] {
            let d = rng.dice(len);
            assert_eq!(max_score(&d, false), max_score(&d[..MAX_MOVES], false));
        }
        // The longest game: every piece S → O2 … O8 → O12 … O18 → O22 … O30 → D28 … O40 → F,
        // stepping over O10 and O20 with a 2 (and from O40 a 1 to F).
        let piece = [
            1, 1, 1, 1, 2, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        ];
        let long: Vec<u8> = piece.iter().copied().cycle().take(MAX_MOVES).collect();
        let mut one_more = long.clone();
        one_more.push(5);
        // Moving the pieces one after the other along that path scores 4 × 421.
        assert!(max_score(&long, false) >= 4 * 421);
        assert_eq!(max_score(&one_more, false), max_score(&long, false));
    }

    /// [`max_score`]'s search, optionally without the free-game shortcut.
    fn passing_value(dice: &[u8], free_fit: bool) -> u32 {
        with_search_using(dice, true, free_fit, |search| search.value(0, START))
    }

    #[test]
    fn passing_game_matches_memoised_brute_force() {
        let brute = Brute::new();
        let mut rng = Rng(0xBA55);
        // From 24 dice on the free-game shortcut is in use.
        for len in [12, 16, 20, 23, 24, 26, 30] {
            for _ in 0..3 {
                let d = rng.dice(len);
                assert_eq!(max_score(&d, true), brute.best_memo(&d, UNLIMITED), "{d:?}");
                for passes in [1, 2, 4] {
                    let few = with_search(&d, false, |s| s.value_few_passes(0, START, passes));
                    assert_eq!(few, brute.best_memo(&d, passes as u8), "{d:?} {passes}");
                }
            }
        }
        for _ in 0..10 {
            let d: Vec<u8> = (0..30)
                .map(|_| if rng.next() % 4 == 1 { 4 } else { 5 })
                .collect();
            assert_eq!(max_score(&d, true), brute.best_memo(&d, UNLIMITED), "{d:?}");
        }
    }

    #[test]
    fn census_passing_pays_agrees_with_the_full_passing_game() {
        // In `WITNESS_DICE` the census first tries lines with a few passes.
        let mut rng = Rng(0x7A9);
        let mut cases: Vec<Vec<u8>> = [24, 39, 40, 45, 60, 80]
            .into_iter()
            .map(|n| rng.dice(n))
            .collect();
        cases.push(vec![5; 60]);
        cases.push((0..50).map(|_| 4 + (rng.next() % 2) as u8).collect());
        for d in &cases {
            let pays = max_score(d, true) > max_score(d, false);
            assert_eq!(census_of(d) & tag("passing-pays") != 0, pays, "{d:?}");
        }
    }

    #[test]
    fn the_free_game_shortcut_changes_no_value() {
        let mut rng = Rng(0xF7EE);
        let mut cases: Vec<Vec<u8>> = [40, 60, 100, 250, 450]
            .into_iter()
            .map(|n| rng.dice(n))
            .collect();
        // Few die values, and values that stop after a while.
        cases.push((0..300).map(|_| 4 + (rng.next() % 2) as u8).collect());
        cases.push((0..300).map(|i| if i < 40 { 1 } else { 5 }).collect());
        cases.push(vec![5; 500]);
        for d in &cases {
            let fast = passing_value(d, true);
            assert_eq!(fast, passing_value(d, false), "{} dice", d.len());
            assert_eq!(fast, max_score(d, true));
        }
    }

    #[test]
    fn the_game_ends_early_when_every_piece_is_home() {
        // Fives: S → O10 → M30 → F for every piece, 3 moves each, 40 points each.
        let fives = vec![5u8; 40];
        assert_eq!(max_score(&fives, false), 160);
        assert_eq!(max_score(&fives[..12], false), 160);
        assert_ne!(census_of(&fives) & tag("ends-early"), 0);
        assert_eq!(census_of(&fives[..12]) & tag("ends-early"), 0);
        // Threes: S → 6 → 12 → 18 → 24 → 30 → D26 → M35 → F, 151 points a piece, 28 moves.
        let threes = vec![3u8; 40];
        assert_eq!(max_score(&threes, false), 4 * 151);
        assert_ne!(census_of(&threes) & tag("ends-early"), 0);
        // Ones: 13 moves a piece at best, so 40 dice never finish all four.
        assert_eq!(census_of(&[1; 40]) & tag("ends-early"), 0);
        let text = format!("{}\n", ["5"; 40].join(" "));
        assert_eq!(solve(text.as_bytes(), false).unwrap(), "160\n");
    }

    #[test]
    fn a_thousand_dice_fit_a_two_megabyte_stack() {
        let mut rng = Rng(99);
        let d = rng.dice(MAX_DICE);
        let handle = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let with_pass = max_score(&d, true);
                // Without the free-game shortcut every turn after the first finish is a pass
                // frame: the deepest recursion there is.
                let deep = passing_value(&[5; MAX_DICE], false);
                (max_score(&d, false), with_pass, census_of(&d), deep)
            })
            .unwrap();
        let (plain, with_pass, _, deep) = handle.join().unwrap();
        assert!(with_pass >= plain);
        assert_eq!(deep, 160);
    }

    // ---- input ----

    fn error(input: &str, strict: bool) -> (ErrorClass, usize) {
        let e = solve(input.as_bytes(), strict).unwrap_err();
        (e.class, e.line)
    }

    #[test]
    fn syntax_errors_have_their_class_and_line() {
        use ErrorClass::*;
        let ten = "1 2 3 4 5 1 2 3 4 5";
        assert!(solve(format!("{ten}\n").as_bytes(), true).is_ok());
        assert!(solve(format!("  {ten} \r\n\n \n").as_bytes(), true).is_ok());
        assert!(solve(ten.as_bytes(), true).is_ok());
        assert_eq!(error("", true), (Truncated, 1));
        assert_eq!(error("\n \n", true), (Truncated, 1));
        assert_eq!(error("\n1 2 3 4 5 1 2 3 4 5\n", true), (Malformed, 1));
        assert_eq!(error("1 2 3 4 5 1 2 3 4\n", true), (Malformed, 1));
        assert_eq!(error("1 2 3 4 5 1 2 3 4 5 1\n", true), (Malformed, 1));
        // The count is checked before the fields.
        assert_eq!(error("9 9\n", true), (Malformed, 1));
        assert_eq!(error("1 2 3 4 5 1 2 3 4 6\n", true), (OutOfRange, 1));
        assert_eq!(error("0 2 3 4 5 1 2 3 4 x\n", true), (OutOfRange, 1));
        assert_eq!(error("x 2 3 4 5 1 2 3 4 0\n", true), (Malformed, 1));
        assert_eq!(error("1 2 3 4 5 1 2 3 4 -1\n", true), (OutOfRange, 1));
        assert_eq!(error("1 2 3 4 5 1 2 3 4 +1\n", true), (Malformed, 1));
        assert_eq!(error("1 2 3 4 5 1 2 3 4 5.0\n", true), (Malformed, 1));
        assert_eq!(
            error("1 2 3 4 5 1 2 3 4 99999999999999999999\n", true),
            (OutOfRange, 1)
        );
        assert_eq!(error("01 2 3 4 5 1 2 3 4 5\n\n\n5\n", true), (Trailing, 4));
        assert_eq!(error("1 2 3 4 5 1 2 3 4 5\n1\n", true), (Trailing, 2));
        assert_eq!(error("1 2\u{A0}3 4 5 1 2 3 4 5\n", true), (Malformed, 1));
        let bad = solve(b"1 2 3 4 5 1 2 3 4 5\n\xff\n", true).unwrap_err();
        assert_eq!((bad.class, bad.line), (NotUtf8, 2));
        // Not strict: 1..=1000 dice.
        assert_eq!(solve(b"5\n", false).unwrap(), "10\n");
        assert_eq!(error("5\n", true), (Malformed, 1));
        assert_eq!(error("6\n", false), (OutOfRange, 1));
        let many = |n: usize| format!("{}\n", vec!["1"; n].join(" "));
        assert!(solve(many(MAX_DICE).as_bytes(), false).is_ok());
        assert_eq!(error(&many(MAX_DICE + 1), false), (Malformed, 1));
        assert_eq!(parse(b"3 1 4\n", false).unwrap(), vec![3, 1, 4]);
    }

    /// The value part of a trace line (`k: V`, before the first ` | `).
    fn prefix_value(line: &str) -> &str {
        line.split(" | ").next().unwrap()
    }

    #[test]
    fn trace_gives_the_answer_of_each_prefix() {
        assert_eq!(
            trace(b"5 5 5\n", false).unwrap(),
            [
                "1: 10 | piece 1 S->O10 +10, total 10 | pieces O10 S S S",
                "2: 40 | piece 1 O10->M30 +30, total 40 | pieces M30 S S S",
                "3: 50 | piece 2 S->O10 +10, total 50 | pieces M30 O10 S S",
            ]
        );
        let brute = Brute::new();
        let d = dice("1 2 3 4 1 2 3 4 1 2");
        let lines = trace(b"1 2 3 4 1 2 3 4 1 2\n", true).unwrap();
        assert_eq!(lines.len(), 10);
        for (k, line) in lines.iter().enumerate() {
            let expected = brute.best([id("S"); 4], &d[..=k], false);
            assert_eq!(prefix_value(line), format!("{}: {expected}", k + 1));
        }
        assert!(lines[9].starts_with("10: 190 | "), "{}", lines[9]);
        assert!(lines[9].contains(", total 190 | "), "{}", lines[9]);
        assert!(trace(b"1 2\n", true).is_err());
        // Past 84 dice every prefix has the answer of the first 84; the line shown has ended by
        // then (all four pieces on F).
        let d = Rng(7).dice(120);
        let text: Vec<String> = d.iter().map(|x| x.to_string()).collect();
        let lines = trace(format!("{}\n", text.join(" ")).as_bytes(), false).unwrap();
        assert_eq!(lines.len(), 120);
        for k in [1, 2, 10, 40, 83, 84, 85, 100, 120] {
            let expected = max_score(&d[..k], false);
            assert_eq!(prefix_value(&lines[k - 1]), format!("{k}: {expected}"));
        }
        let answer = max_score(&d, false);
        assert_eq!(
            lines[119],
            format!("120: {answer} | no move, total {answer} | pieces F F F F")
        );
    }

    /// The first best line by brute force: every line in the order of [`Brute::choices`]
    /// (piece 1 first), keeping the first with a larger total than all before it.
    fn first_best_brute(brute: &Brute, dice: &[u8]) -> Vec<(usize, u8)> {
        fn walk(
            brute: &Brute,
            pos: [u8; 4],
            dice: &[u8],
            total: u32,
            line: &mut Vec<(usize, u8)>,
            best: &mut Option<(u32, Vec<(usize, u8)>)>,
        ) {
            let choices = match dice.split_first() {
                Some((&die, _)) => brute.choices(&pos, die, false),
                None => Vec::new(),
            };
            if choices.is_empty() {
                if best.as_ref().is_none_or(|(b, _)| total > *b) {
                    *best = Some((total, line.clone()));
                }
                return;
            }
            for (i, to) in choices {
                let mut next = pos;
                next[i] = to;
                line.push((i, to));
                walk(
                    brute,
                    next,
                    &dice[1..],
                    total + brute.score[to as usize],
                    line,
                    best,
                );
                line.pop();
            }
        }
        let mut best = None;
        walk(brute, [id("S"); 4], dice, 0, &mut Vec::new(), &mut best);
        best.unwrap().1
    }

    #[test]
    fn the_line_traced_is_the_first_best_line() {
        let brute = Brute::new();
        let mut rng = Rng(11);
        for n in [1, 2, 5, 7, 7, 7, 7, 8, 8] {
            for _ in 0..4 {
                let d = rng.dice(n);
                let line: Vec<(usize, u8)> = first_best_line(&d)
                    .into_iter()
                    .map(|(piece, _, to)| (piece, to))
                    .collect();
                assert_eq!(line, first_best_brute(&brute, &d), "{d:?}");
            }
        }
        // Thirteen fives: every piece S->O10->M30->F in turn, piece 1 first; the 13th die finds
        // all four on F.
        let line = first_best_line(&[5; 13]);
        let pieces: Vec<usize> = line.iter().map(|m| m.0).collect();
        assert_eq!(pieces, [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]);
    }

    // ---- census ----

    #[test]
    fn census_on_hand_checked_inputs() {
        let c = |text: &str| names(census(text.as_bytes(), false).unwrap());
        // Ten fives: S → O10 → M30 → F for three pieces and S → O10 for the fourth; the pieces
        // on S wait while O10 is taken.
        assert_eq!(
            c("5 5 5 5 5 5 5 5 5 5"),
            [
                "blocked",
                "finish-overshoot",
                "start-blue-10",
                "land-30-35-from-10"
            ]
        );
        assert_eq!(c("1"), ["piece-left-on-s"]);
        assert_eq!(c("5 3"), ["start-blue-10", "piece-left-on-s"]);
        // O6 then O12 over blue 10; the other pieces cannot leave S onto O6.
        assert_eq!(c("3 3"), ["blocked", "pass-blue", "piece-left-on-s"]);
        // O10 → M25 from the 10 branch.
        assert_eq!(
            c("5 4"),
            ["start-blue-10", "land-25-from-10", "piece-left-on-s"]
        );
        // O10 → M30 (30) while the pieces on S cannot land on O10; then M30 + 3 → F exactly
        // (0) loses to S → O6 (6).
        assert_eq!(
            c("5 5 3"),
            [
                "blocked",
                "start-blue-10",
                "land-30-35-from-10",
                "piece-left-on-s"
            ]
        );
        // 10 + 30 + 10, then O10 + 3 → B19 (19) and 5 from S (10): 79; or M30 + 3 → F exactly
        // (0), which frees M30 for O10 + 5 (30): 80.
        assert_eq!(answer("5 5 5 3 5"), 80);
        assert!(c("5 5 5 3 5").contains(&"finish-exact"));
        assert!(!c("5 5 5 3 5").contains(&"finish-overshoot"));
        assert_ne!(
            census(b"5 5 5 5 5 5 5 4 2 2\n", true).unwrap() & tag("passing-pays"),
            0
        );
        assert_eq!(
            census(b"1 2 3 4 5 1 2 3 4 5\n", true).unwrap() & tag("passing-pays"),
            0
        );
    }

    #[test]
    fn census_matches_an_enumeration_of_every_line() {
        let brute = Brute::new();
        let mut rng = Rng(0xD1CE);
        let mut cases: Vec<Vec<u8>> = vec![
            dice("1 2 3 4 1 2 3 4 1 2"),
            dice("1 1 1 1 1 1 1 1 1 1"),
            dice("5 1 2 3 4 5 5 3 2 4"),
            dice("5 5 5 5 5 5 5 5 5 5"),
            dice("5 5 5 5 5 5 5 4 2 2"),
            dice("4 4 5 2 4 4 2 1 3 2"),
            dice("4 5 3 3 2 2 1 3 5 4"),
            dice("5 1 5 4 3"),
            dice("5 5 5 3 5"),
            dice("5 5 2 5 4 3"),
            dice("3 5 5 2 4"),
            dice("5 5 5 5 5 5 5 5 5 5 5 5 5"),
        ];
        cases.extend((0..40).map(|_| rng.dice(10)));
        cases.extend((0..40).map(|i| rng.dice(1 + i % 9)));
        // Fives and fours, long enough for every piece to finish.
        cases.extend((0..10).map(|_| {
            (0..14)
                .map(|_| if rng.next() % 5 == 1 { 4 } else { 5 })
                .collect()
        }));
        let mut seen = 0;
        for d in &cases {
            let expected = brute.census(d);
            assert_eq!(names(census_of(d)), names(expected), "{d:?}");
            seen |= expected;
        }
        // The enumeration exercised most tags.
        // The enumeration checked every tag on some input that has it.
        assert_eq!(names(!seen & ((1 << TAGS.len()) - 1)), [] as [&str; 0]);
    }
}
