//! BOJ 17825 "주사위 윷놀이" (dice_yut), followed rule by rule.
//!
//! The rules and the board are those of `docs/rules/dice_yut.md` (clauses `DY-…`); the input,
//! error, trace and census formats are those of `docs/judge-text.md` (sections "dice_yut" and
//! "Census tags of the newer games").
//!
//! The board is a table, cell by cell: `Cell` names every one of the 33 cells (DY-3),
//! `red_arrow` and `blue_arrow` are its two arrow columns (DY-4, DY-5) and `score` its score
//! column. A move walks the piece one step at a time: the first step follows the blue arrow when
//! the move starts on a blue cell, every other step the red arrow (DY-8), and reaching `F` ends
//! the walk (DY-9). Occupancy compares cells by identity against the other pieces; `F` never
//! blocks (DY-10).
//!
//! The maximum is found by a plain exhaustive depth-first search: for every die, every piece that
//! may be chosen is tried, and the best total over all complete lines of play is kept (DY-14).
//! There is no memoisation, no precomputed landing table and no symmetry reduction; 10 dice are
//! 4^10 ≈ 1 M lines at most. When no piece can be chosen (all on `F`, or every unfinished piece
//! blocked), the game ends there and the total so far counts (the end-early rule, DY-13).
//!
//! The census enumerates every complete line of play twice: once to find the maximum total, once
//! to collect the events of every line whose total equals it.

use crate::judge_text::{number, JudgeText};
use crate::InputError;

/// The number of pieces (DY-6).
const PIECES: usize = 4;

/// The number of dice on the line in strict mode (DY-2).
const STRICT_DICE: usize = 10;

/// The number of dice on the line without strict mode, at least and at most (DY-2).
const LOOSE_MIN_DICE: usize = 1;
const LOOSE_MAX_DICE: usize = 1000;

/// A die shows a value in `DIE_MIN..=DIE_MAX` (DY-1).
const DIE_MIN: i64 = 1;
const DIE_MAX: i64 = 5;

/// The 33 cells of the board (DY-3), named by their numbers: `S` start, `O2`..`O40` the outer
/// ring, `B*` the branch from blue 10, `C*` the branch from blue 20, `D*` the branch from blue 30,
/// `M*` the centre spine (`M25` the shared 25), `F` finish. The one 40 cell is `O40`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cell {
    S,
    O2,
    O4,
    O6,
    O8,
    O10,
    O12,
    O14,
    O16,
    O18,
    O20,
    O22,
    O24,
    O26,
    O28,
    O30,
    O32,
    O34,
    O36,
    O38,
    O40,
    B13,
    B16,
    B19,
    C22,
    C24,
    D28,
    D27,
    D26,
    M25,
    M30,
    M35,
    F,
}

use Cell::*;

/// The normal arrow of each cell (DY-4): the next cell, or `None` on `F` (movement stops).
fn red_arrow(cell: Cell) -> Option<Cell> {
    match cell {
        S => Some(O2),
        O2 => Some(O4),
        O4 => Some(O6),
        O6 => Some(O8),
        O8 => Some(O10),
        O10 => Some(O12),
        O12 => Some(O14),
        O14 => Some(O16),
        O16 => Some(O18),
        O18 => Some(O20),
        O20 => Some(O22),
        O22 => Some(O24),
        O24 => Some(O26),
        O26 => Some(O28),
        O28 => Some(O30),
        O30 => Some(O32),
        O32 => Some(O34),
        O34 => Some(O36),
        O36 => Some(O38),
        O38 => Some(O40),
        O40 => Some(F),
        B13 => Some(B16),
        B16 => Some(B19),
        B19 => Some(M25),
        C22 => Some(C24),
        C24 => Some(M25),
        D28 => Some(D27),
        D27 => Some(D26),
        D26 => Some(M25),
        M25 => Some(M30),
        M30 => Some(M35),
        M35 => Some(O40),
        F => None,
    }
}

/// The shortcut arrow (DY-5): only the blue cells `O10`, `O20`, `O30` have one.
fn blue_arrow(cell: Cell) -> Option<Cell> {
    match cell {
        O10 => Some(B13),
        O20 => Some(C22),
        O30 => Some(D28),
        _ => None,
    }
}

/// The number written on the cell (DY-3, DY-11); `S` and `F` are worth 0.
fn score(cell: Cell) -> u32 {
    match cell {
        S => 0,
        O2 => 2,
        O4 => 4,
        O6 => 6,
        O8 => 8,
        O10 => 10,
        O12 => 12,
        O14 => 14,
        O16 => 16,
        O18 => 18,
        O20 => 20,
        O22 => 22,
        O24 => 24,
        O26 => 26,
        O28 => 28,
        O30 => 30,
        O32 => 32,
        O34 => 34,
        O36 => 36,
        O38 => 38,
        O40 => 40,
        B13 => 13,
        B16 => 16,
        B19 => 19,
        C22 => 22,
        C24 => 24,
        D28 => 28,
        D27 => 27,
        D26 => 26,
        M25 => 25,
        M30 => 30,
        M35 => 35,
        F => 0,
    }
}

/// The most cells one move steps over: a die shows at most `DIE_MAX` steps, and neither the start
/// nor the landing cell counts.
const MAX_PASSED: usize = DIE_MAX as usize - 1;

/// One move of one piece, walked step by step (DY-8, DY-9).
///
/// The search walks every piece for every die of every line of play, so a walk lives on the stack:
/// the cells stepped over are kept in a fixed array of [`MAX_PASSED`] slots, of which the first
/// `passed_count` are used (the rest stay `S`); [`Walk::passed`] is that list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Walk {
    /// The cell the move starts on.
    start: Cell,
    /// The cells stepped over, in order: reached by a step but neither the start nor the landing
    /// cell. Only the first `passed_count` slots are used.
    passed: [Cell; MAX_PASSED],
    /// How many slots of `passed` are used.
    passed_count: usize,
    /// The cell the move ends on.
    landing: Cell,
    /// The steps not taken because the walk reached `F` first (0 for every other move).
    steps_left: u8,
}

impl Walk {
    /// The cells stepped over, in order.
    fn passed(&self) -> &[Cell] {
        &self.passed[..self.passed_count]
    }
}

/// Moves a piece from `start` by `steps` steps, one step at a time. The first step follows the
/// blue arrow if `start` has one, otherwise the red arrow; every later step follows the red arrow
/// (DY-8); reaching `F` ends the move at once (DY-9).
fn walk(start: Cell, steps: u8) -> Walk {
    let mut here = start;
    let mut passed = [S; MAX_PASSED];
    let mut passed_count = 0;
    let mut taken = 0;
    while taken < steps && here != F {
        let next = if taken == 0 {
            // The first step: blue if the move starts on a blue cell.
            match blue_arrow(here) {
                Some(next) => next,
                None => red_arrow(here).expect("only F has no red arrow"),
            }
        } else {
            // Every later step: red, whatever cell is passed over.
            passed[passed_count] = here;
            passed_count += 1;
            red_arrow(here).expect("only F has no red arrow")
        };
        here = next;
        taken += 1;
    }
    Walk {
        start,
        passed,
        passed_count,
        landing: here,
        steps_left: steps - taken,
    }
}

/// Is `cell` occupied by one of the pieces other than `mover` (DY-10)? (Cells are compared by
/// identity, never by score.)
fn occupied_by_other(pieces: &[Cell; PIECES], mover: usize, cell: Cell) -> bool {
    for (other, &other_cell) in pieces.iter().enumerate() {
        if other != mover && other_cell == cell {
            return true;
        }
    }
    false
}

/// May a piece end its move on `landing` (DY-10)? Any number of pieces may be on `F`; any other
/// cell must not hold another piece. (`S` is never a landing cell, so pieces on `S` block nothing.)
fn may_land(pieces: &[Cell; PIECES], mover: usize, landing: Cell) -> bool {
    debug_assert!(landing != S, "no move lands on S");
    landing == F || !occupied_by_other(pieces, mover, landing)
}

/// What choosing one piece for one die would do.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Choice {
    /// The piece is on `F` and cannot be chosen (DY-12).
    Finished,
    /// The move would end on a cell occupied by another piece (DY-10).
    Blocked(Walk),
    /// The piece may be chosen; this is its move.
    Legal(Walk),
}

/// May `piece` be chosen in position `pieces` for `die` (DY-7, DY-10, DY-12), and where does it
/// go (DY-8, DY-9)?
fn choice(pieces: &[Cell; PIECES], piece: usize, die: u8) -> Choice {
    if pieces[piece] == F {
        return Choice::Finished;
    }
    let walk = walk(pieces[piece], die);
    if may_land(pieces, piece, walk.landing) {
        Choice::Legal(walk)
    } else {
        Choice::Blocked(walk)
    }
}

/// The maximum total for these dice (each `1..=5`), all pieces starting on `S` (DY-6 to DY-14).
///
/// With `allow_pass`, a piece on `F` may also be chosen: it stays on `F` and scores 0. That is not
/// the game (DY-12 forbids it); it is the "passing" mistake, kept here for the `passing-pays`
/// census tag.
pub fn max_score(dice: &[u8], allow_pass: bool) -> u32 {
    best_total(dice, 0, [S; PIECES], allow_pass)
}

/// Depth-first search: the best total the dice from `turn` on can add to position `pieces`,
/// trying every piece that may be chosen for `dice[turn]`.
fn best_total(dice: &[u8], turn: usize, pieces: [Cell; PIECES], allow_pass: bool) -> u32 {
    // DY-13: the dice have run out.
    if turn == dice.len() {
        return 0;
    }
    let die = dice[turn];
    let mut best: Option<u32> = None;
    for piece in 0..PIECES {
        let (next, points) = match choice(&pieces, piece, die) {
            Choice::Legal(walk) => {
                // DY-11: the landing cell's score.
                let mut next = pieces;
                next[piece] = walk.landing;
                (next, score(walk.landing))
            }
            // The passing mistake: the piece stays on F and scores 0.
            Choice::Finished if allow_pass => (pieces, 0),
            Choice::Finished | Choice::Blocked(_) => continue,
        };
        let total = points + best_total(dice, turn + 1, next, allow_pass);
        if best.is_none_or(|best| total > best) {
            best = Some(total);
        }
    }
    // DY-13: no piece can be chosen, the game ends here and adds nothing more.
    best.unwrap_or(0)
}

/// Reads the line of dice (`docs/judge-text.md`, "dice_yut"): exactly 10 fields in strict mode,
/// 1 to 1000 otherwise (any other count is `malformed`, checked before the fields: DY-2), each a
/// number in `1..=5` (DY-1), then nothing but blank lines.
fn read_dice(input: &[u8], strict: bool) -> Result<Vec<u8>, InputError> {
    let mut text = JudgeText::new(input)?;
    let (line, fields) = if strict {
        text.required_line(STRICT_DICE)?
    } else {
        text.required_line_between(LOOSE_MIN_DICE, LOOSE_MAX_DICE)?
    };
    let mut dice = Vec::new();
    for field in fields {
        dice.push(number(field, line, "die", DIE_MIN, DIE_MAX)? as u8);
    }
    text.finish()?;
    Ok(dice)
}

/// The dice of an input as read, or the input's error: what [`solve`] reads before it searches
/// (the raw-bytes fuzz target compares the two readers with it).
pub fn read(input: &[u8], strict: bool) -> Result<Vec<u8>, InputError> {
    read_dice(input, strict)
}

/// The judge's answer: the maximum total, `"V\n"` (DY-14, DY-15). `strict` requires exactly 10
/// dice; otherwise 1 to 1000 are read (DY-2).
pub fn solve(input: &[u8], strict: bool) -> Result<String, InputError> {
    let dice = read_dice(input, strict)?;
    Ok(format!("{}\n", max_score(&dice, false)))
}

/// The trace (DY-16): one line per die. Line `k` is
/// `k: V | piece P X->Y +N, total T | pieces A B C D`: `V` is the answer for the first `k` dice
/// alone; the rest is turn `k` of the best line of play of all the dice (`first_best_line`):
/// piece `P` (1 to 4) moved from cell `X` to cell `Y` and scored `N`, the line's total so far is
/// `T`, and `A B C D` are the cells of pieces 1 to 4 after the move. Where that line ended before
/// die `k` (no piece could be chosen, DY-13) the middle part is `no move, total T`.
pub fn trace(input: &[u8], strict: bool) -> Result<Vec<String>, InputError> {
    let dice = read_dice(input, strict)?;
    let line = first_best_line(&dice);
    let mut pieces = [S; PIECES];
    let mut total = 0;
    let mut lines = Vec::new();
    for k in 1..=dice.len() {
        let best_of_prefix = max_score(&dice[..k], false);
        let turn = match line.get(k - 1) {
            Some(&TracedMove {
                piece,
                from,
                landing,
            }) => {
                pieces[piece] = landing;
                let points = score(landing);
                total += points;
                format!(
                    "piece {} {from:?}->{landing:?} +{points}, total {total}",
                    piece + 1
                )
            }
            None => format!("no move, total {total}"),
        };
        let cells: Vec<String> = pieces.iter().map(|cell| format!("{cell:?}")).collect();
        lines.push(format!(
            "{k}: {best_of_prefix} | {turn} | pieces {}",
            cells.join(" ")
        ));
    }
    Ok(lines)
}

/// One move of the line the trace shows.
#[derive(Debug, Clone, Copy)]
struct TracedMove {
    /// The index of the piece moved (0 to 3; the trace numbers pieces 1 to 4).
    piece: usize,
    /// The cell it leaves.
    from: Cell,
    /// The cell it lands on.
    landing: Cell,
}

/// The best line of play of all the dice that the trace shows: of the complete lines with the
/// largest total, the first one [`for_each_line`] visits. It tries piece 1 before piece 2 before
/// piece 3 before piece 4 at every die, so this is the line whose piece numbers, read die by
/// die, come first (the first die where two best lines differ decides).
fn first_best_line(dice: &[u8]) -> Vec<TracedMove> {
    let mut best: Option<(u32, Vec<TracedMove>)> = None;
    for_each_line(dice, &mut |line| {
        let better = match &best {
            None => true,
            Some((best_total, _)) => line.total > *best_total,
        };
        if better {
            let moves = line
                .moves
                .iter()
                .map(|played| TracedMove {
                    piece: played.piece,
                    from: played.before[played.piece],
                    landing: played.walk.landing,
                })
                .collect();
            best = Some((line.total, moves));
        }
    });
    best.map(|(_, moves)| moves).unwrap_or_default()
}

/// The census tag names of `docs/judge-text.md` ("Census tags of the newer games", dice_yut), in
/// the docs' order.
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

/// One move of a line of play: the position before it, the piece chosen and its walk.
struct PlayedMove {
    /// The state: every piece's cell before the move.
    before: [Cell; PIECES],
    /// The index of the chosen piece.
    piece: usize,
    /// The chosen piece's move.
    walk: Walk,
}

/// A complete line of play: one move per die until the dice run out or no piece can be chosen.
struct Line<'a> {
    /// All the dice of the game (the line may use fewer of them if it ends early).
    dice: &'a [u8],
    /// The moves, in order; move `i` uses `dice[i]`.
    moves: &'a [PlayedMove],
    /// Every piece's cell after the last move.
    after: [Cell; PIECES],
    /// The line's total score.
    total: u32,
}

/// Calls `visit` on every complete line of play for `dice` (the real rules, no passing).
fn for_each_line(dice: &[u8], visit: &mut dyn FnMut(&Line)) {
    let mut moves = Vec::new();
    extend_line(dice, [S; PIECES], 0, &mut moves, visit);
}

/// Depth-first search over lines: `moves` is the line so far, `pieces` the position after it,
/// `total` its score. Tries every piece that may be chosen for the next die; when the dice have
/// run out or no piece can be chosen, the line is complete.
fn extend_line(
    dice: &[u8],
    pieces: [Cell; PIECES],
    total: u32,
    moves: &mut Vec<PlayedMove>,
    visit: &mut dyn FnMut(&Line),
) {
    let turn = moves.len();
    let mut moved = false;
    if turn < dice.len() {
        for piece in 0..PIECES {
            if let Choice::Legal(walk) = choice(&pieces, piece, dice[turn]) {
                moved = true;
                let mut next = pieces;
                next[piece] = walk.landing;
                let points = score(walk.landing);
                moves.push(PlayedMove {
                    before: pieces,
                    piece,
                    walk,
                });
                extend_line(dice, next, total + points, moves, visit);
                moves.pop();
            }
        }
    }
    if !moved {
        visit(&Line {
            dice,
            moves,
            after: pieces,
            total,
        });
    }
}

/// Census: the tags of `docs/judge-text.md` hit on some optimal line (each at most once, in
/// [`TAGS`] order), plus `passing-pays`.
pub fn census(input: &[u8], strict: bool) -> Result<Vec<&'static str>, InputError> {
    let dice = read_dice(input, strict)?;

    // Every complete line: first the maximum total ...
    let mut best = 0;
    for_each_line(&dice, &mut |line| {
        if line.total > best {
            best = line.total;
        }
    });
    // ... then the events of every line reaching it.
    let mut hit: Vec<&'static str> = Vec::new();
    for_each_line(&dice, &mut |line| {
        if line.total == best {
            for event in line_events(line) {
                if !hit.contains(&event) {
                    hit.push(event);
                }
            }
        }
    });
    if max_score(&dice, true) > max_score(&dice, false) {
        hit.push("passing-pays");
    }

    let mut tags = Vec::new();
    for &tag in TAGS {
        if hit.contains(&tag) {
            tags.push(tag);
        }
    }
    Ok(tags)
}

/// The census events of one line (every tag but `passing-pays`), possibly repeated.
fn line_events(line: &Line) -> Vec<&'static str> {
    let mut events = Vec::new();
    for (index, played) in line.moves.iter().enumerate() {
        blocked_events(&played.before, line.dice[index], &mut events);
        move_events(played, &mut events);
    }
    // piece-left-on-s: after the last move some piece is still on S.
    if line.after.contains(&S) {
        events.push("piece-left-on-s");
    }
    // ends-early: the line stops before the dice run out.
    if line.moves.len() < line.dice.len() {
        events.push("ends-early");
    }
    events
}

/// `blocked`, `blocked-at-40`, `blocked-at-25`: in the state `before`, with `die` to play, an
/// unfinished piece cannot be chosen because its landing cell (not `F`) holds another piece.
fn blocked_events(before: &[Cell; PIECES], die: u8, events: &mut Vec<&'static str>) {
    for piece in 0..PIECES {
        if let Choice::Blocked(walk) = choice(before, piece, die) {
            events.push("blocked");
            if walk.landing == O40 {
                events.push("blocked-at-40");
            }
            if walk.landing == M25 {
                events.push("blocked-at-25");
            }
        }
    }
}

/// The events of one move: finishing, starting on or passing over a blue cell, landing on the
/// spine from a branch.
fn move_events(played: &PlayedMove, events: &mut Vec<&'static str>) {
    let walk = &played.walk;
    debug_assert_eq!(played.before[played.piece], walk.start);

    // finish-exact / finish-overshoot: the move reaches F with its last step / with steps left.
    if walk.landing == F {
        if walk.steps_left == 0 {
            events.push("finish-exact");
        } else {
            events.push("finish-overshoot");
        }
    }

    // start-blue-*: the move starts on a blue cell.
    match walk.start {
        O10 => events.push("start-blue-10"),
        O20 => events.push("start-blue-20"),
        O30 => events.push("start-blue-30"),
        _ => {}
    }

    // pass-blue: a blue cell stepped over (neither the start nor the landing cell).
    for &cell in walk.passed() {
        if cell == O10 || cell == O20 || cell == O30 {
            events.push("pass-blue");
        }
    }

    // land-25-from-*, land-30-35-from-*: the landing cell and the branch the move started on.
    let branch = branch_of(walk.start);
    if walk.landing == M25 {
        match branch {
            Some(10) => events.push("land-25-from-10"),
            Some(20) => events.push("land-25-from-20"),
            Some(30) => events.push("land-25-from-30"),
            _ => {}
        }
    }
    if walk.landing == M30 || walk.landing == M35 {
        match branch {
            Some(10) => events.push("land-30-35-from-10"),
            Some(20) => events.push("land-30-35-from-20"),
            Some(30) => events.push("land-30-35-from-30"),
            _ => {}
        }
    }
}

/// The branch a cell belongs to, named by its blue cell: 10 for `O10`/`B13`/`B16`/`B19`, 20 for
/// `O20`/`C22`/`C24`, 30 for `O30`/`D28`/`D27`/`D26`; `None` for every other cell.
fn branch_of(cell: Cell) -> Option<u32> {
    match cell {
        O10 | B13 | B16 | B19 => Some(10),
        O20 | C22 | C24 => Some(20),
        O30 | D28 | D27 | D26 => Some(30),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(dice: &str) -> String {
        solve(dice.as_bytes(), true).unwrap()
    }

    fn answer_loose(dice: &str) -> String {
        solve(dice.as_bytes(), false).unwrap()
    }

    fn error(input: &str, strict: bool) -> (&'static str, usize) {
        let e = solve(input.as_bytes(), strict).unwrap_err();
        (e.class, e.line)
    }

    fn dice_of(text: &str) -> Vec<u8> {
        text.split_ascii_whitespace()
            .map(|field| field.parse().unwrap())
            .collect()
    }

    fn tags(dice: &str) -> Vec<&'static str> {
        census(dice.as_bytes(), false).unwrap()
    }

    // ---- The board and one move ------------------------------------------------------------

    #[test]
    fn the_board_has_33_cells_and_the_arrows_of_dy_4_and_dy_5() {
        // Follow only red arrows from S: the outer ring, 21 steps to F.
        let mut ring = vec![S];
        while let Some(next) = red_arrow(*ring.last().unwrap()) {
            ring.push(next);
        }
        let scores: Vec<u32> = ring.iter().map(|&c| score(c)).collect();
        let mut expected = vec![0];
        for value in (2..=40).step_by(2) {
            expected.push(value);
        }
        expected.push(0);
        assert_eq!(scores, expected);
        // The branches, by their first (blue) step and then red arrows.
        let follow = |blue: Cell| {
            let mut path = vec![blue_arrow(blue).unwrap()];
            while let Some(next) = red_arrow(*path.last().unwrap()) {
                path.push(next);
            }
            path
        };
        assert_eq!(follow(O10), vec![B13, B16, B19, M25, M30, M35, O40, F]);
        assert_eq!(follow(O20), vec![C22, C24, M25, M30, M35, O40, F]);
        assert_eq!(follow(O30), vec![D28, D27, D26, M25, M30, M35, O40, F]);
        // Only O10, O20 and O30 are blue; the spine 30 is not.
        assert_eq!(blue_arrow(M30), None);
        assert_eq!(blue_arrow(M25), None);
        assert_eq!(blue_arrow(O40), None);
        // 21 ring cells + 3 + 2 + 3 branch cells + 3 spine cells + F = 33.
        assert_eq!(ring.len() + 3 + 2 + 3 + 3, 32 + 1);
    }

    #[test]
    fn blue_arrow_only_at_the_start_of_a_move() {
        // Starting on a blue cell: the first step is blue.
        assert_eq!(walk(O10, 1).landing, B13);
        assert_eq!(walk(O10, 4).landing, M25);
        assert_eq!(walk(O20, 2).landing, C24);
        assert_eq!(walk(O20, 3).landing, M25);
        assert_eq!(walk(O30, 1).landing, D28);
        assert_eq!(walk(O30, 5).landing, M30);
        // Passing over a blue cell mid-move stays on the outer ring.
        assert_eq!(walk(O8, 2).landing, O12);
        assert_eq!(walk(O6, 5).landing, O16);
        assert_eq!(walk(O18, 3).landing, O24);
        assert_eq!(walk(O28, 2).landing, O32);
        assert_eq!(walk(O6, 5).passed(), [O8, O10, O12, O14]);
        // Landing exactly on a blue cell ends there; the next move starts blue.
        assert_eq!(walk(O8, 1).landing, O10);
        assert_eq!(walk(walk(O8, 1).landing, 1).landing, B13);
        // The spine 30 is red.
        assert_eq!(walk(M30, 1).landing, M35);
        assert_eq!(walk(M25, 5).landing, F);
    }

    #[test]
    fn overshooting_f_stops_at_f() {
        let exact = walk(O38, 2);
        assert_eq!((exact.landing, exact.steps_left), (F, 0));
        let over = walk(O38, 5);
        assert_eq!((over.landing, over.steps_left), (F, 3));
        assert_eq!(over.passed(), [O40]);
        let over = walk(M35, 5);
        assert_eq!((over.landing, over.steps_left), (F, 3));
        assert_eq!(score(F), 0);
        // O40 is the one 40: from the ring and from the spine.
        assert_eq!(walk(O36, 2).landing, O40);
        assert_eq!(walk(M30, 2).landing, O40);
    }

    #[test]
    fn occupancy_is_by_cell_identity() {
        // The outer 30 and the spine 30 are different cells: a piece may land on M30 while
        // another sits on O30, and vice versa.
        let pieces = [O10, O30, S, S];
        assert_eq!(choice(&pieces, 0, 5), Choice::Legal(walk(O10, 5)));
        assert_eq!(walk(O10, 5).landing, M30);
        // Outer 16 vs branch 16, outer 22 vs branch 22, outer 28 vs branch 28.
        assert!(may_land(&[O10, O16, S, S], 0, B16));
        assert!(may_land(&[O20, O22, S, S], 0, C22));
        assert!(may_land(&[O30, O28, S, S], 0, D28));
        // 25 is shared by the three branches.
        let pieces = [B19, C24, D26, M25];
        for piece in 0..3 {
            assert!(matches!(choice(&pieces, piece, 1), Choice::Blocked(_)));
        }
        // 40 is shared by the ring and the spine.
        assert!(matches!(
            choice(&[O38, M35, O40, S], 0, 1),
            Choice::Blocked(_)
        ));
        assert!(matches!(
            choice(&[O38, M35, O40, S], 1, 1),
            Choice::Blocked(_)
        ));
        // F never blocks; pieces on S block nothing.
        assert!(matches!(choice(&[O38, F, F, F], 0, 2), Choice::Legal(_)));
        assert!(matches!(choice(&[S, S, S, S], 0, 1), Choice::Legal(_)));
        // A piece on F cannot be chosen.
        assert_eq!(choice(&[F, S, S, S], 0, 1), Choice::Finished);
    }

    #[test]
    fn no_pass() {
        // The first derived check: 154, and 190 if a finished piece could absorb a die.
        let dice = dice_of("5 5 5 5 5 5 5 4 2 2");
        assert_eq!(max_score(&dice, false), 154);
        assert_eq!(max_score(&dice, true), 190);
    }

    // ---- Official samples, additional and derived checks ----------------------------------

    #[test]
    fn samples() {
        assert_eq!(answer("1 2 3 4 1 2 3 4 1 2\n"), "190\n");
        assert_eq!(answer("1 1 1 1 1 1 1 1 1 1\n"), "133\n");
        assert_eq!(answer("5 1 2 3 4 5 5 3 2 4\n"), "214\n");
        assert_eq!(answer("5 5 5 5 5 5 5 5 5 5\n"), "130\n");
    }

    #[test]
    fn additional_checks() {
        for (dice, expected) in [
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
            assert_eq!(answer(dice), format!("{expected}\n"), "{dice}");
        }
    }

    #[test]
    fn derived_checks() {
        assert_eq!(answer("5 5 5 5 5 5 5 4 2 2"), "154\n");
        assert_eq!(answer("4 4 5 2 4 4 2 1 3 2"), "250\n");
        assert_eq!(answer("4 5 3 3 2 2 1 3 5 4"), "230\n");
        // The passing mistake's value for the first one.
        assert_eq!(max_score(&dice_of("5 5 5 5 5 5 5 4 2 2"), true), 190);
    }

    /// The other two mistakes of the derived-check table, played by a test-only variant of the
    /// search: occupancy by score, and a spine 40 distinct from the outer 40.
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Mistake {
        OccupancyByScore,
        TwoFortyCells,
    }

    /// Like `best_total`, with one mistake. `via_spine[p]` marks a piece on `O40` that reached it
    /// from `M35` (only used by `TwoFortyCells`).
    fn mistaken_best(
        dice: &[u8],
        turn: usize,
        pieces: [Cell; PIECES],
        via_spine: [bool; PIECES],
        mistake: Mistake,
    ) -> u32 {
        if turn == dice.len() {
            return 0;
        }
        let mut best: Option<u32> = None;
        for piece in 0..PIECES {
            if pieces[piece] == F {
                continue;
            }
            let walk = walk(pieces[piece], dice[turn]);
            let before_landing = *walk.passed().last().unwrap_or(&walk.start);
            let lands_via_spine = walk.landing == O40 && before_landing == M35;
            let mut blocked = false;
            for other in 0..PIECES {
                if other == piece || walk.landing == F {
                    continue;
                }
                blocked |= match mistake {
                    Mistake::OccupancyByScore => {
                        pieces[other] != S && score(pieces[other]) == score(walk.landing)
                    }
                    Mistake::TwoFortyCells => {
                        pieces[other] == walk.landing
                            && (walk.landing != O40 || via_spine[other] == lands_via_spine)
                    }
                };
            }
            if blocked {
                continue;
            }
            let mut next = pieces;
            next[piece] = walk.landing;
            let mut next_spine = via_spine;
            next_spine[piece] = lands_via_spine;
            let total =
                score(walk.landing) + mistaken_best(dice, turn + 1, next, next_spine, mistake);
            best = Some(best.map_or(total, |best: u32| best.max(total)));
        }
        best.unwrap_or(0)
    }

    #[test]
    fn derived_checks_typical_mistakes() {
        let by_score = dice_of("4 4 5 2 4 4 2 1 3 2");
        assert_eq!(
            mistaken_best(&by_score, 0, [S; 4], [false; 4], Mistake::OccupancyByScore),
            224
        );
        let two_forties = dice_of("4 5 3 3 2 2 1 3 5 4");
        assert_eq!(
            mistaken_best(&two_forties, 0, [S; 4], [false; 4], Mistake::TwoFortyCells),
            234
        );
    }

    // ---- Input syntax ------------------------------------------------------------------------

    #[test]
    fn strict_needs_exactly_ten_dice() {
        assert_eq!(error("1 2 3 4 5 1 2 3 4\n", true), ("malformed", 1));
        assert_eq!(error("1 2 3 4 5 1 2 3 4 5 1\n", true), ("malformed", 1));
        assert_eq!(error("1 2 3 4 5 1 2 3 4 5 1 2\n", true), ("malformed", 1));
        assert_eq!(error("1\n", true), ("malformed", 1));
        // The count is checked before the fields.
        assert_eq!(error("0 0 0 0 0 0 0 0 0\n", true), ("malformed", 1));
        assert_eq!(error("x\n", true), ("malformed", 1));
    }

    #[test]
    fn loose_takes_one_to_a_thousand_dice() {
        assert_eq!(answer_loose("1\n"), "2\n");
        assert_eq!(answer_loose("5\n"), "10\n");
        assert_eq!(
            answer_loose("1 2 3 4 5 1 2 3 4 5 1 2\n"),
            format!(
                "{}\n",
                max_score(&dice_of("1 2 3 4 5 1 2 3 4 5 1 2"), false)
            )
        );
        let thousand = vec!["5"; 1000].join(" ");
        assert_eq!(answer_loose(&thousand), "160\n");
        let too_many = vec!["5"; 1001].join(" ");
        assert_eq!(error(&too_many, false), ("malformed", 1));
        // Ten dice read the same either way.
        assert_eq!(answer_loose("1 2 3 4 1 2 3 4 1 2\n"), "190\n");
    }

    #[test]
    fn die_values_out_of_range() {
        for strict in [true, false] {
            assert_eq!(error("1 2 3 4 0 1 2 3 4 5\n", strict), ("out-of-range", 1));
            assert_eq!(error("1 2 3 4 6 1 2 3 4 5\n", strict), ("out-of-range", 1));
            assert_eq!(error("1 2 3 4 -1 1 2 3 4 5\n", strict), ("out-of-range", 1));
            assert_eq!(
                error("99999999999999999999 1 2 3 4 5 1 2 3 4\n", strict),
                ("out-of-range", 1)
            );
            // Left to right: the first bad field decides.
            assert_eq!(error("1 2 x 4 6 1 2 3 4 5\n", strict), ("malformed", 1));
            assert_eq!(error("1 2 6 4 x 1 2 3 4 5\n", strict), ("out-of-range", 1));
            assert_eq!(error("1 2 +3 4 5 1 2 3 4 5\n", strict), ("malformed", 1));
        }
        assert_eq!(error("0\n", false), ("out-of-range", 1));
        assert_eq!(error("6\n", false), ("out-of-range", 1));
        assert_eq!(error("x\n", false), ("malformed", 1));
        // Leading zeros are allowed.
        assert_eq!(answer_loose("05\n"), "10\n");
    }

    #[test]
    fn empty_blank_and_trailing() {
        for strict in [true, false] {
            assert_eq!(error("", strict), ("truncated", 1));
            assert_eq!(error("\n \n\t\n", strict), ("truncated", 1));
            assert_eq!(error("\n1 2 3 4 1 2 3 4 1 2\n", strict), ("malformed", 1));
            assert_eq!(error("1 2 3 4 1 2 3 4 1 2\n5\n", strict), ("trailing", 2));
            assert_eq!(
                error("1 2 3 4 1 2 3 4 1 2\n\n\n x\n", strict),
                ("trailing", 4)
            );
            // A syntax error on line 1 beats trailing content.
            assert_eq!(
                error("1 2 3 4 1 2 3 4 1 9\n5\n", strict),
                ("out-of-range", 1)
            );
            assert_eq!(
                solve(b"1 2 3 4 1 2 3 4 1 \xff", strict).map_err(|e| (e.class, e.line)),
                Err(("not-utf8", 1))
            );
        }
        // Blank lines after, \r\n, extra spaces and no final newline are fine.
        assert_eq!(answer("  1 2 3 4  1 2 3 4 1\t2\r\n\r\n  \n"), "190\n");
        assert_eq!(answer("1 2 3 4 1 2 3 4 1 2"), "190\n");
    }

    #[test]
    fn required_line_between_reads_counts_in_range() {
        let mut text = JudgeText::new(b"1 2\n3 4 5 6\n").unwrap();
        assert_eq!(
            text.required_line_between(1, 2).unwrap(),
            (1, vec!["1", "2"])
        );
        let e = text.required_line_between(1, 3).unwrap_err();
        assert_eq!((e.class, e.line), ("malformed", 2));
        let e = text.required_line_between(1, 3).unwrap_err();
        assert_eq!((e.class, e.line), ("truncated", 3));
        let mut text = JudgeText::new(b"\n7\n").unwrap();
        let e = text.required_line_between(1, 5).unwrap_err();
        assert_eq!((e.class, e.line), ("malformed", 1));
    }

    // ---- Trace ------------------------------------------------------------------------------

    #[test]
    fn trace_of_three_dice() {
        // 5: S→O10 (10). 4: O10→M25 (35) beats S→O8 (18). 5: the best three moves are
        // S→O10, S→O8, O10→M30 = 48 (S→O10, O10→M25, then S→O10 is only 45).
        // The best line of all three dice, the first by piece numbers: piece 1 then piece 1
        // again reaches only 45, so piece 2 takes the 4.
        assert_eq!(
            trace(b"5 4 5\n", false).unwrap(),
            vec![
                "1: 10 | piece 1 S->O10 +10, total 10 | pieces O10 S S S",
                "2: 35 | piece 2 S->O8 +8, total 18 | pieces O10 O8 S S",
                "3: 48 | piece 1 O10->M30 +30, total 48 | pieces M30 O8 S S",
            ]
        );
        assert_eq!(answer_loose("5 4 5"), "48\n");
    }

    #[test]
    fn trace_of_ten_dice_ends_with_the_answer() {
        let lines = trace(b"1 2 3 4 1 2 3 4 1 2\n", true).unwrap();
        assert_eq!(lines.len(), 10);
        assert_eq!(
            lines[0],
            "1: 2 | piece 1 S->O2 +2, total 2 | pieces O2 S S S"
        );
        // The line shown is a best one: its total is the answer.
        assert!(lines[9].starts_with("10: 190 | "), "{}", lines[9]);
        assert!(lines[9].contains(", total 190 | "), "{}", lines[9]);
    }

    // ---- End-early rule ---------------------------------------------------------------------

    #[test]
    fn game_ends_when_every_piece_has_finished() {
        // With fives every piece goes S→O10→M30→F: 40 points in 3 moves; 12 dice finish all four.
        let fives = vec!["5"; 40].join(" ");
        let lines = trace(fives.as_bytes(), false).unwrap();
        assert_eq!(lines.len(), 40);
        // The first best line moves piece 1 three times, then piece 2, 3 and 4.
        assert_eq!(
            lines[9],
            "10: 130 | piece 4 S->O10 +10, total 130 | pieces F F F O10"
        );
        assert_eq!(
            lines[11],
            "12: 160 | piece 4 M30->F +0, total 160 | pieces F F F F"
        );
        for (index, line) in lines.iter().enumerate().skip(12) {
            assert_eq!(
                line,
                &format!("{}: 160 | no move, total 160 | pieces F F F F", index + 1)
            );
        }
        assert_eq!(answer_loose(&fives), "160\n");
        assert_eq!(max_score(&[5; 40], false), max_score(&[5; 12], false));
    }

    // ---- Census -----------------------------------------------------------------------------

    #[test]
    fn tags_are_listed_once() {
        assert_eq!(TAGS.len(), 18);
        for (index, tag) in TAGS.iter().enumerate() {
            assert!(!TAGS[..index].contains(tag), "{tag}");
        }
    }

    #[test]
    fn census_of_one_die() {
        // One move S→O10, passing O2..O8 only; three pieces stay on S.
        assert_eq!(tags("5"), vec!["piece-left-on-s"]);
    }

    #[test]
    fn census_pass_blue() {
        // 3 then 5: S→O6, then O6→O16 over O10 (22) beats S→O10 (16).
        assert_eq!(answer_loose("3 5"), "22\n");
        assert_eq!(tags("3 5"), vec!["pass-blue", "piece-left-on-s"]);
    }

    #[test]
    fn census_blocked_and_branch() {
        // The one optimal line S→O10, S→O8, O10→M30 (48): before the third move the pieces on
        // S would land on O10, which is taken.
        assert_eq!(
            tags("5 4 5"),
            vec![
                "blocked",
                "start-blue-10",
                "land-30-35-from-10",
                "piece-left-on-s"
            ]
        );
        // 5 5: S→O10, O10→M30; the pieces on S are blocked by O10 before the second move.
        assert_eq!(
            tags("5 5"),
            vec![
                "blocked",
                "start-blue-10",
                "land-30-35-from-10",
                "piece-left-on-s"
            ]
        );
    }

    #[test]
    fn census_of_fives_finishing() {
        // Every line of 12 fives plays all four pieces S→O10→M30→F (overshooting by 2).
        let twelve = ["5"; 12].join(" ");
        assert_eq!(
            tags(&twelve),
            vec![
                "blocked",
                "finish-overshoot",
                "start-blue-10",
                "land-30-35-from-10"
            ]
        );
        // A 13th five cannot be played: the game ends early.
        let thirteen = vec!["5"; 13].join(" ");
        assert_eq!(
            tags(&thirteen),
            vec![
                "blocked",
                "finish-overshoot",
                "start-blue-10",
                "land-30-35-from-10",
                "ends-early"
            ]
        );
    }

    #[test]
    fn census_passing_pays() {
        let hit = census(b"5 5 5 5 5 5 5 4 2 2\n", true).unwrap();
        assert!(hit.contains(&"passing-pays"));
        let hit = census(b"1 2 3 4 1 2 3 4 1 2\n", true).unwrap();
        assert_eq!(
            hit.contains(&"passing-pays"),
            max_score(&dice_of("1 2 3 4 1 2 3 4 1 2"), true) > 190
        );
    }

    #[test]
    fn census_lines_agree_with_the_search() {
        // The maximum over the enumerated lines is the search's answer.
        for dice in [
            "1 2 3 4 1 2 3 4 1 2",
            "5 5 5 5 5 5 5 4 2 2",
            "4 4 5 2 4 4 2 1 3 2",
        ] {
            let dice = dice_of(dice);
            let mut best = 0;
            for_each_line(&dice, &mut |line| best = best.max(line.total));
            assert_eq!(best, max_score(&dice, false));
        }
    }

    #[test]
    fn census_errors_are_the_reader_errors() {
        let e = census(b"1 2 3\n", true).unwrap_err();
        assert_eq!((e.class, e.line), ("malformed", 1));
        let e = trace(b"7\n", false).unwrap_err();
        assert_eq!((e.class, e.line), ("out-of-range", 1));
    }
}
