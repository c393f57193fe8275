//! BOJ 17837 "새로운 게임 2" (stack_game), followed rule by rule.
//!
//! The rules are those of `docs/rules/stack_game.md` (clauses `SG-…`); the input, error and trace
//! formats are those of `docs/judge-text.md` (section "stack_game").
//!
//! The state is kept as literally as possible: every cell holds a `Vec<usize>` of piece numbers,
//! bottom first, and every piece has a direction. A piece's cell and height are never cached: when
//! a piece moves, it is looked up on the board at that moment (SG-7, SG-8). Turns 1, 2, … are
//! played one by one up to the turn limit, pieces 1..=K in order, and the stack that just received
//! pieces is checked for 4 or more pieces right after every single move (SG-14). [`solve`] and
//! [`trace`] have no cycle detection or any other shortcut.
//!
//! [`census`] (the census tags of `docs/judge-text.md`) needs the game's true fate, so it plays on
//! past the turn limit, the same way, until a move ends the game or the state at the start of a
//! turn repeats one it has seen (it remembers them all).

use std::collections::HashMap;

use crate::judge_text::{number, JudgeText};
use crate::InputError;

/// The judge's turn limit: the game is simulated for turns 1..=1000 (SG-15).
pub const TURN_LIMIT: u32 = 1000;

/// Cell colours (SG-2).
const WHITE: u8 = 0;
const RED: u8 = 1;
const BLUE: u8 = 2;

/// Directions (SG-5).
const RIGHT: u8 = 1;
const LEFT: u8 = 2;
const UP: u8 = 3;
const DOWN: u8 = 4;

/// A stack of this many pieces (or more) ends the game (SG-14).
const ENDING_STACK: usize = 4;

/// The whole game state. Rows and columns are 0-based here; the input and trace are 1-based.
struct Game {
    /// N, the side of the board.
    n: usize,
    /// `colours[row][col]` is `WHITE`, `RED` or `BLUE`.
    colours: Vec<Vec<u8>>,
    /// `stacks[row][col]` lists the piece numbers on that cell, bottom first (SG-6).
    stacks: Vec<Vec<Vec<usize>>>,
    /// `directions[piece - 1]` is the direction of piece `piece` (SG-5).
    directions: Vec<u8>,
    /// The moving group (SG-8) while it moves: the pieces lifted off A's cell, bottom first. Empty
    /// between moves; one buffer for the whole game, so that a move allocates nothing.
    group: Vec<usize>,
}

/// Answers the judge's question with the official turn limit of 1000: `"T\n"` or `"-1\n"`
/// (SG-17).
pub fn solve(input: &[u8]) -> Result<String, InputError> {
    solve_with_limit(input, TURN_LIMIT)
}

/// Like [`solve`], but the game is played for turns `1..=turn_limit` (inclusive) before `-1`
/// (SG-15).
pub fn solve_with_limit(input: &[u8], turn_limit: u32) -> Result<String, InputError> {
    let mut game = read_game(input)?;
    for turn in 1..=turn_limit {
        if play_turn(&mut game) {
            return Ok(format!("{turn}\n"));
        }
    }
    Ok("-1\n".to_string())
}

/// The trace (SG-18): one line per played turn, `T:` then ` r,c,d,h` for every piece 1..=K
/// (1-based row and column, direction, height in its stack with 0 = bottom). The last line is the
/// turn that ended the game (state right after the ending move) or turn `turn_limit`.
pub fn trace(input: &[u8], turn_limit: u32) -> Result<Vec<String>, InputError> {
    let mut game = read_game(input)?;
    let mut lines = Vec::new();
    for turn in 1..=turn_limit {
        let ended = play_turn(&mut game);
        lines.push(describe(&game, turn));
        if ended {
            break;
        }
    }
    Ok(lines)
}

/// Reads the input of `docs/judge-text.md`: `N K` (SG-1), N rows of N colours (SG-2), K lines
/// `row col dir` (SG-3). Syntax is checked first (including trailing content); only then the
/// semantic rule "no two pieces on one cell", at the later piece's line (SG-4).
fn read_game(input: &[u8]) -> Result<Game, InputError> {
    let mut text = JudgeText::new(input)?;

    let (line, fields) = text.required_line(2)?;
    let n = number(fields[0], line, "N", 4, 12)? as usize;
    let k = number(fields[1], line, "K", 4, 10)? as usize;

    let mut colours = Vec::new();
    for _ in 0..n {
        let (line, fields) = text.required_line(n)?;
        let mut row = Vec::new();
        for field in fields {
            row.push(number(field, line, "colour", 0, 2)? as u8);
        }
        colours.push(row);
    }

    // (line, row, col, dir) per piece, 1-based row and column as read.
    let mut pieces = Vec::new();
    for _ in 0..k {
        let (line, fields) = text.required_line(3)?;
        let row = number(fields[0], line, "row", 1, n as i64)? as usize;
        let col = number(fields[1], line, "column", 1, n as i64)? as usize;
        let dir = number(fields[2], line, "direction", 1, 4)? as u8;
        pieces.push((line, row, col, dir));
    }

    text.finish()?;

    // Semantic check (SG-4): every piece starts alone on its cell.
    let mut stacks = vec![vec![Vec::new(); n]; n];
    let mut directions = Vec::new();
    for (index, &(line, row, col, dir)) in pieces.iter().enumerate() {
        let piece = index + 1;
        let stack: &mut Vec<usize> = &mut stacks[row - 1][col - 1];
        if let Some(&earlier) = stack.first() {
            return Err(InputError {
                class: "invalid",
                line,
                message: format!(
                    "piece {piece} starts on {row},{col}, already taken by piece {earlier}"
                ),
            });
        }
        stack.push(piece);
        directions.push(dir);
    }

    Ok(Game {
        n,
        colours,
        stacks,
        directions,
        group: Vec::with_capacity(k),
    })
}

/// One turn, pieces 1..=K in order (SG-7). Returns `true` as soon as a move makes a stack of 4
/// or more (SG-14); the rest of the turn is then not played.
fn play_turn(game: &mut Game) -> bool {
    for piece in 1..=game.directions.len() {
        if let Some(destination) = move_piece(game, piece).destination {
            if stack_ends_game(game, destination) {
                return true;
            }
        }
    }
    false
}

/// Does the stack that just received pieces hold 4 or more (SG-14)?
fn stack_ends_game(game: &Game, (row, col): (usize, usize)) -> bool {
    game.stacks[row][col].len() >= ENDING_STACK
}

/// What a neighbouring cell is, for SG-9 to SG-13.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    White,
    Red,
    Blue,
    OffBoard,
}

/// What one move did (for the census).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Move {
    /// The neighbouring cell in A's direction (SG-9 to SG-11).
    first: Target,
    /// After a bounce (the first target blue or off the board), the neighbouring cell in A's
    /// reversed direction (SG-11, SG-12); `None` without a bounce.
    second: Option<Target>,
    /// The cell that received pieces, or `None` if nothing moved (blocked bounce, SG-13).
    destination: Option<(usize, usize)>,
    /// How many pieces moved (A and everything above it); 0 if nothing moved.
    group: usize,
}

/// The neighbouring cell of (row, col) in `direction` and what it is (SG-9 to SG-12).
fn look(game: &Game, row: usize, col: usize, direction: u8) -> (Target, Option<(usize, usize)>) {
    match neighbour(game.n, row, col, direction) {
        None => (Target::OffBoard, None),
        Some(cell) => {
            let target = match colour_of(game, cell) {
                WHITE => Target::White,
                RED => Target::Red,
                BLUE => Target::Blue,
                other => unreachable!("colour {other}"),
            };
            (target, Some(cell))
        }
    }
}

/// Moves piece `a` (with everything above it, SG-8) and says what happened (SG-9 to SG-13); the
/// cell that received pieces is `destination`, `None` if nothing moved (blocked bounce).
fn move_piece(game: &mut Game, a: usize) -> Move {
    // 5.1: A's cell and A's index in that stack, right now.
    let (row, col, height) = find_piece(game, a);
    // 5.2: the neighbouring cell in A's direction.
    let direction = game.directions[a - 1];
    let (first, first_cell) = look(game, row, col, direction);
    let (second, destination) = match (first, first_cell) {
        // 5.3 / 5.4: on the board and not blue.
        (Target::White | Target::Red, Some(target)) => (None, target),
        // 5.5: off the board or blue.
        _ => {
            // 5.5.1: only A's direction is reversed.
            let reversed = reverse(direction);
            game.directions[a - 1] = reversed;
            // 5.5.2: the neighbouring cell in the new direction.
            match look(game, row, col, reversed) {
                // 5.5.4: move as white or red.
                (second @ (Target::White | Target::Red), Some(target)) => (Some(second), target),
                // 5.5.3: blocked; nothing moves, the reversal stays.
                (second, _) => {
                    return Move {
                        first,
                        second: Some(second),
                        destination: None,
                        group: 0,
                    }
                }
            }
        }
    };
    take_group(game, row, col, height);
    let moved = game.group.len();
    match colour_of(game, destination) {
        WHITE => put_white(game, destination),
        RED => put_red(game, destination),
        other => unreachable!("cannot move onto colour {other}"),
    }
    Move {
        first,
        second,
        destination: Some(destination),
        group: moved,
    }
}

/// Finds piece `piece` on the board: (row, col, height), 0-based, height 0 = bottom. Every cell
/// is searched, row by row, every stack from the bottom up.
fn find_piece(game: &Game, piece: usize) -> (usize, usize, usize) {
    for (row, cells) in game.stacks.iter().enumerate() {
        for (col, stack) in cells.iter().enumerate() {
            for (height, &p) in stack.iter().enumerate() {
                if p == piece {
                    return (row, col, height);
                }
            }
        }
    }
    unreachable!("piece {piece} is not on the board")
}

/// The neighbouring cell of (row, col) in direction `direction` (SG-5), or `None` if off the
/// board.
fn neighbour(n: usize, row: usize, col: usize, direction: u8) -> Option<(usize, usize)> {
    match direction {
        RIGHT if col + 1 < n => Some((row, col + 1)),
        LEFT if col > 0 => Some((row, col - 1)),
        UP if row > 0 => Some((row - 1, col)),
        DOWN if row + 1 < n => Some((row + 1, col)),
        RIGHT | LEFT | UP | DOWN => None,
        other => unreachable!("direction {other}"),
    }
}

/// The reversed direction: 1↔2, 3↔4 (SG-5, SG-11).
fn reverse(direction: u8) -> u8 {
    match direction {
        RIGHT => LEFT,
        LEFT => RIGHT,
        UP => DOWN,
        DOWN => UP,
        other => unreachable!("direction {other}"),
    }
}

/// The colour of a cell (SG-2).
fn colour_of(game: &Game, (row, col): (usize, usize)) -> u8 {
    game.colours[row][col]
}

/// Removes the moving group (SG-8: the piece at `height` and everything above it) from the cell
/// into `game.group`, keeping its order (bottom first). Pieces below stay.
fn take_group(game: &mut Game, row: usize, col: usize, height: usize) {
    let stack = &mut game.stacks[row][col];
    debug_assert!(
        game.group.is_empty(),
        "G of the previous move was not put down"
    );
    for &piece in &stack[height..] {
        game.group.push(piece);
    }
    stack.truncate(height);
}

/// Onto white (SG-9): the group goes on top of the destination in the same order.
fn put_white(game: &mut Game, (row, col): (usize, usize)) {
    let stack = &mut game.stacks[row][col];
    for &piece in &game.group {
        stack.push(piece);
    }
    game.group.clear();
}

/// Onto red (SG-10): the group goes on top of the destination in reversed order; the destination's
/// own pieces stay below, unchanged.
fn put_red(game: &mut Game, (row, col): (usize, usize)) {
    let stack = &mut game.stacks[row][col];
    for &piece in game.group.iter().rev() {
        stack.push(piece);
    }
    game.group.clear();
}

/// A trace line: `T: r,c,d,h …` for pieces 1..=K (SG-18).
fn describe(game: &Game, turn: u32) -> String {
    let mut line = format!("{turn}:");
    for piece in 1..=game.directions.len() {
        let (row, col, height) = find_piece(game, piece);
        let direction = game.directions[piece - 1];
        line.push_str(&format!(
            " {},{},{},{}",
            row + 1,
            col + 1,
            direction,
            height
        ));
    }
    line
}

/// The census tags of stack_game, in the order of the engine's list (`docs/judge-text.md`,
/// "Census tags of the first games", defines each one).
pub const TAGS: &[&str] = &[
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

/// The tags hit so far, kept in [`TAGS`] order.
struct Hits {
    hit: [bool; TAGS.len()],
}

impl Hits {
    fn new() -> Hits {
        Hits {
            hit: [false; TAGS.len()],
        }
    }

    /// Marks tag `name`, which must be one of [`TAGS`].
    fn hit(&mut self, name: &str) {
        let index = TAGS
            .iter()
            .position(|&tag| tag == name)
            .unwrap_or_else(|| panic!("{name} is not a stack_game census tag"));
        self.hit[index] = true;
    }

    /// The names of the tags hit, in [`TAGS`] order.
    fn names(&self) -> Vec<&'static str> {
        TAGS.iter()
            .zip(self.hit.iter())
            .filter(|(_, &hit)| hit)
            .map(|(&tag, _)| tag)
            .collect()
    }
}

/// The whole state at the start of a turn, written out: for every non-empty cell in row-major
/// order its row, its column and its stack (bottom first), then every piece's direction. Two
/// states are equal exactly when their writings are (a piece number is at most 10, so the
/// separator 255 cannot be mistaken for one).
fn state_key(game: &Game) -> Vec<u8> {
    const SEPARATOR: u8 = u8::MAX;
    let mut key = Vec::with_capacity(4 * game.directions.len() + 4);
    for row in 0..game.n {
        for col in 0..game.n {
            let stack = &game.stacks[row][col];
            if !stack.is_empty() {
                key.push(row as u8);
                key.push(col as u8);
                key.extend(stack.iter().map(|&piece| piece as u8));
                key.push(SEPARATOR);
            }
        }
    }
    key.push(SEPARATOR);
    key.extend_from_slice(&game.directions);
    key
}

/// The census: the names of the [`TAGS`] the input hits, each once, in [`TAGS`] order, for the
/// turn limit `turn_limit` (the judge's is [`TURN_LIMIT`]). An input `solve` rejects is rejected
/// here with the same error.
///
/// The game is played turn by turn with the rules above, *past the limit* until its true fate is
/// known: either some move ends it (SG-14), or the state at the start of a turn repeats one seen at
/// the start of an earlier turn. The game is deterministic, so a repeat means the turns in between
/// are replayed forever and the game never ends. Every turn-start state is kept with the turn it
/// was first seen at; the first repeat, at the start of turn `t`, of the state first seen at turn
/// `s`, gives the cycle's entry turn `S = s` and period `P = t − s` (SG-16). Moves are counted only
/// for turns `1..=turn_limit`.
pub fn census(input: &[u8], turn_limit: u32) -> Result<Vec<&'static str>, InputError> {
    let mut game = read_game(input)?;
    let limit = u64::from(turn_limit);
    let mut hits = Hits::new();
    // Turn-start state → the turn it was first seen at.
    let mut seen: HashMap<Vec<u8>, u64> = HashMap::new();
    let mut turn: u64 = 1;
    loop {
        let state = state_key(&game);
        if let Some(&first) = seen.get(&state) {
            // X_first == X_turn, and no earlier turn-start states were equal.
            let (start, period) = (first, turn - first);
            hits.hit("never-ends");
            if start + period <= limit {
                hits.hit("cycle-proved");
            }
            break;
        }
        seen.insert(state, turn);
        if census_turn(&mut game, turn, limit, &mut hits) {
            if let Some(bucket) = end_bucket(turn) {
                hits.hit(bucket);
            }
            break;
        }
        turn += 1;
    }
    Ok(hits.names())
}

/// The end-bucket tag of a game that ends in turn `end`; none past turn 1100.
fn end_bucket(end: u64) -> Option<&'static str> {
    match end {
        1 => Some("end-1"),
        2..=10 => Some("end-2-10"),
        11..=100 => Some("end-11-100"),
        101..=999 => Some("end-101-999"),
        1000 => Some("end-1000"),
        1001..=1100 => Some("end-1001-1100"),
        _ => None,
    }
}

/// Plays turn `turn` like [`play_turn`] and records the census tags of its moves (when
/// `turn <= limit`). Returns `true` if a move of this turn ends the game; then, if `turn <= limit`,
/// it also records the two tags about the ending move, playing the rest of the turn as if SG-14
/// did not exist (the game is over, so the state is not used again).
fn census_turn(game: &mut Game, turn: u64, limit: u64, hits: &mut Hits) -> bool {
    let counted = turn <= limit;
    for piece in 1..=game.directions.len() {
        let done = move_piece(game, piece);
        if counted {
            hits.hit(match done.first {
                Target::White => "move-white",
                Target::Red => "move-red",
                Target::Blue => "move-blue",
                Target::OffBoard => "bounce-off-board",
            });
            match (done.second, done.destination) {
                (Some(_), None) => hits.hit("bounce-blocked"),
                (Some(Target::Red), Some(_)) => hits.hit("red-after-bounce"),
                _ => {}
            }
            if done.group >= 2 {
                hits.hit("group-carried");
            }
        }
        let Some(destination) = done.destination else {
            continue;
        };
        if !stack_ends_game(game, destination) {
            continue;
        }
        if counted {
            let (row, col) = destination;
            if game.stacks[row][col].len() >= 5 {
                hits.hit("stack-5-in-one-move");
            }
            for later in piece + 1..=game.directions.len() {
                move_piece(game, later);
            }
            let largest = game
                .stacks
                .iter()
                .flatten()
                .map(|stack| stack.len())
                .max()
                .unwrap_or(0);
            if largest < ENDING_STACK {
                hits.hit("stack-4-broken-same-turn");
            }
        }
        return true;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(input: &str) -> String {
        solve(input.as_bytes()).unwrap()
    }

    fn error(input: &str) -> (&'static str, usize) {
        let e = solve(input.as_bytes()).unwrap_err();
        (e.class, e.line)
    }

    const DERIVED_1: &str = "4 4
1 2 0 0
2 0 0 2
1 1 0 1
0 0 1 1
2 2 4
4 1 3
3 3 2
4 2 1
";

    const DERIVED_2: &str = "4 4
0 2 2 2
0 0 1 2
0 1 0 0
0 1 1 1
2 3 2
3 4 2
4 4 3
2 1 2
";

    const WHITE_4X4: &str = "4 4
0 0 0 0
0 0 0 0
0 0 0 0
0 0 0 0
";

    #[test]
    fn derived_check_1() {
        assert_eq!(answer(DERIVED_1), "34\n");
    }

    #[test]
    fn derived_check_2() {
        assert_eq!(answer(DERIVED_2), "22\n");
    }

    #[test]
    fn edge_bounce_moves_the_other_way() {
        let input = format!("{WHITE_4X4}1 1 2\n4 4 1\n4 1 4\n1 4 3\n");
        assert_eq!(
            trace(input.as_bytes(), 1).unwrap(),
            vec!["1: 1,2,1,0 4,3,2,0 3,1,3,0 2,4,4,0"]
        );
    }

    #[test]
    fn blocked_bounce_keeps_the_reversed_direction() {
        // Piece 1 at the top-left corner with blue to its right: turn 1 it bounces off the left
        // edge into blue (stays, direction 1), turn 2 into blue then off the edge (stays, dir 2).
        let input = "4 4\n0 2 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n1 1 2\n4 4 1\n4 1 4\n3 3 3\n";
        assert_eq!(
            trace(input.as_bytes(), 2).unwrap(),
            vec![
                "1: 1,1,1,0 4,3,2,0 3,1,3,0 2,3,3,0",
                "2: 1,1,2,0 4,2,2,0 2,1,3,0 1,3,3,0",
            ]
        );
    }

    #[test]
    fn red_after_bounce_reverses_the_group_and_riders_keep_directions() {
        // Turn 1 builds [1,2] on (1,1). Turn 2: piece 1 bounces off the top edge onto red (2,1):
        // the group arrives reversed [2,1]; only piece 1's direction flips (3 -> 4). Then piece 2,
        // now the bottom, bounces off the left edge onto white (2,2) carrying piece 1.
        let input = "4 4\n0 0 0 0\n1 0 0 0\n0 0 0 0\n0 0 0 0\n2 1 3\n1 2 2\n4 4 1\n4 1 4\n";
        assert_eq!(
            trace(input.as_bytes(), 2).unwrap(),
            vec![
                "1: 1,1,3,0 1,1,2,1 4,3,2,0 3,1,3,0",
                "2: 2,2,4,1 2,2,1,0 4,2,2,0 2,1,3,0",
            ]
        );
    }

    #[test]
    fn red_reverses_only_the_moving_group() {
        // (1,3) is red. Turn 1: pieces 1, 2 build [1,2] on white (1,2); pieces 3, 4 build [3,4]
        // on red (1,3) (a one-piece group reversed is itself). Turn 2: piece 1 moves [1,2] right
        // onto red (1,3): [3,4] stays as it is, [2,1] goes on top, 4 pieces -> ends in turn 2.
        let input = "4 4\n0 0 1 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n1 1 1\n2 2 3\n1 4 2\n2 3 3\n";
        assert_eq!(
            trace(input.as_bytes(), 5).unwrap(),
            vec![
                "1: 1,2,1,0 1,2,3,1 1,3,2,0 1,3,3,1",
                "2: 1,3,1,3 1,3,3,2 1,3,2,0 1,3,3,1",
            ]
        );
        assert_eq!(answer(input), "2\n");
    }

    #[test]
    fn group_carried_and_pieces_below_stay() {
        // Turn 1 builds [1,2,3] on (1,2). Turn 2: piece 1 carries all three to (1,3); piece 2
        // (height 1) carries only itself and 3 back to (1,2), leaving 1 alone; piece 3 (top of
        // [2,3]) bounces off the top edge down to (2,2).
        let input = format!("{WHITE_4X4}1 1 1\n1 3 2\n2 2 3\n4 4 4\n");
        assert_eq!(
            trace(input.as_bytes(), 2).unwrap(),
            vec![
                "1: 1,2,1,0 1,2,2,1 1,2,3,2 3,4,3,0",
                "2: 1,3,1,0 1,2,2,0 2,2,4,0 2,4,3,0",
            ]
        );
    }

    #[test]
    fn four_stack_formed_mid_turn_ends_the_game_even_if_broken_later() {
        // Turn 1 builds [1,2] on (1,2) and [3,4] on (1,3). Turn 2: piece 1 moves [1,2] onto
        // [3,4]: 4 pieces, the game ends at once. (Had it been played on, piece 2 would leave
        // again and no stack of 4 would exist at the end of the turn.)
        let input = format!("{WHITE_4X4}1 1 1\n2 2 3\n1 4 2\n2 3 3\n");
        assert_eq!(answer(&input), "2\n");
        assert_eq!(
            trace(input.as_bytes(), 1000).unwrap(),
            vec![
                "1: 1,2,1,0 1,2,3,1 1,3,2,0 1,3,3,1",
                "2: 1,3,1,2 1,3,3,3 1,3,2,0 1,3,3,1",
            ]
        );
    }

    /// Four pieces, each alone in its row, walking right and left along it and bouncing off the
    /// edges: they never meet. Turn-start states: columns 1, 2, 3, 4 facing right (turns 1–4), then
    /// 3, 2, 1 facing left (turns 5–7), then column 2 facing right again at turn 8 = turn 2's
    /// state: a cycle of period 6 entered at turn 2.
    const NEVER_MEET: &str = "4 4
0 0 0 0
0 0 0 0
0 0 0 0
0 0 0 0
1 1 1
2 1 1
3 1 1
4 1 1
";

    #[test]
    fn turn_limit_is_inclusive() {
        assert_eq!(solve_with_limit(DERIVED_1.as_bytes(), 34).unwrap(), "34\n");
        assert_eq!(solve_with_limit(DERIVED_1.as_bytes(), 33).unwrap(), "-1\n");
        assert_eq!(solve_with_limit(DERIVED_1.as_bytes(), 0).unwrap(), "-1\n");
        assert_eq!(
            trace(DERIVED_1.as_bytes(), 0).unwrap(),
            Vec::<String>::new()
        );
    }

    #[test]
    fn trace_length() {
        assert_eq!(trace(DERIVED_1.as_bytes(), 1000).unwrap().len(), 34);
        assert_eq!(trace(DERIVED_1.as_bytes(), 3).unwrap().len(), 3);
        let never = trace(NEVER_MEET.as_bytes(), 1000).unwrap();
        assert_eq!(never.len(), 1000);
        assert!(never[999].starts_with("1000: "));
        assert_eq!(never[3], "4: 1,3,2,0 2,3,2,0 3,3,2,0 4,3,2,0");
        assert_eq!(never[1], never[7].replacen("8:", "2:", 1));
    }

    #[test]
    fn trace_of_a_four_stack_in_turn_1() {
        // All move right on white along row 2: 1 onto 2, [2,1] onto 3, [3,2,1] onto 4: four
        // pieces; piece 4 does not move.
        let input = format!("{WHITE_4X4}2 1 1\n2 2 1\n2 3 1\n2 4 1\n");
        assert_eq!(answer(&input), "1\n");
        assert_eq!(
            trace(input.as_bytes(), 1000).unwrap(),
            vec!["1: 2,4,1,3 2,4,1,2 2,4,1,1 2,4,1,0"]
        );
    }

    #[test]
    fn n_and_k_out_of_range() {
        assert_eq!(error("3 4\n"), ("out-of-range", 1));
        assert_eq!(error("13 4\n"), ("out-of-range", 1));
        assert_eq!(error("4 3\n"), ("out-of-range", 1));
        assert_eq!(error("4 11\n"), ("out-of-range", 1));
        assert_eq!(error("99999999999999999999 4\n"), ("out-of-range", 1));
        // N is checked before K.
        assert_eq!(error("4 x\n"), ("malformed", 1));
        assert_eq!(error("x 11\n"), ("malformed", 1));
        assert_eq!(error("13 x\n"), ("out-of-range", 1));
        assert_eq!(error("4\n"), ("malformed", 1));
        assert_eq!(error("4 4 4\n"), ("malformed", 1));
    }

    #[test]
    fn colour_out_of_range() {
        let input = "4 4\n0 0 0 0\n0 0 3 0\n0 0 0 0\n0 0 0 0\n1 1 1\n1 2 1\n1 3 1\n1 4 1\n";
        assert_eq!(error(input), ("out-of-range", 3));
        let input = "4 4\n0 0 0 0\n0 0 -1 0\n";
        assert_eq!(error(input), ("out-of-range", 3));
        let input = "4 4\n0 0 0 0\n0 0 0\n";
        assert_eq!(error(input), ("malformed", 3));
        let input = "4 4\n0 0 0 0\n0 0 0 0 0\n";
        assert_eq!(error(input), ("malformed", 3));
    }

    #[test]
    fn piece_fields_out_of_range() {
        let direction_5 = format!("{WHITE_4X4}1 1 1\n1 2 5\n1 3 1\n1 4 1\n");
        assert_eq!(error(&direction_5), ("out-of-range", 7));
        let direction_0 = format!("{WHITE_4X4}1 1 0\n1 2 1\n1 3 1\n1 4 1\n");
        assert_eq!(error(&direction_0), ("out-of-range", 6));
        let row_5 = format!("{WHITE_4X4}1 1 1\n1 2 1\n5 3 1\n1 4 1\n");
        assert_eq!(error(&row_5), ("out-of-range", 8));
        let col_0 = format!("{WHITE_4X4}1 1 1\n1 2 1\n1 3 1\n1 0 1\n");
        assert_eq!(error(&col_0), ("out-of-range", 9));
    }

    #[test]
    fn two_pieces_on_one_cell_is_invalid_at_the_later_line() {
        let input = format!("{WHITE_4X4}1 1 1\n1 2 1\n3 3 1\n1 2 4\n");
        assert_eq!(error(&input), ("invalid", 9));
        // The first clash decides.
        let input = format!("{WHITE_4X4}1 1 1\n1 1 2\n1 1 3\n1 4 1\n");
        assert_eq!(error(&input), ("invalid", 7));
    }

    #[test]
    fn syntax_beats_semantics() {
        // A clash on line 7 and a bad direction on line 9: the syntax error wins.
        let input = format!("{WHITE_4X4}1 1 1\n1 1 2\n1 3 1\n1 4 7\n");
        assert_eq!(error(&input), ("out-of-range", 9));
        let input = format!("{WHITE_4X4}1 1 1\n1 1 2\n1 3 1\n1 4 1\nextra\n");
        assert_eq!(error(&input), ("trailing", 10));
    }

    #[test]
    fn truncated() {
        assert_eq!(error(""), ("truncated", 1));
        assert_eq!(error("4 4\n"), ("truncated", 2));
        assert_eq!(error("4 4\n0 0 0 0\n"), ("truncated", 3));
        let input = format!("{WHITE_4X4}1 1 1\n1 2 1\n1 3 1\n");
        assert_eq!(error(&input), ("truncated", 9));
        let input = format!("{WHITE_4X4}1 1 1\n1 2 1\n1 3 1\n\n\n");
        assert_eq!(error(&input), ("truncated", 9));
    }

    #[test]
    fn whitespace_and_trailing_blank_lines_are_fine() {
        let input = "4  4\r\n0 0 0 0\r\n 0 0 0 0\r\n0 0 0 0\t\r\n0 0 0 0\r\n1 1 1\r\n1 2 1\r\n1 3 1\r\n1 4 1\r\n\r\n  \n";
        assert_eq!(answer(input), "1\n");
        let no_newline = format!("{WHITE_4X4}1 1 1\n1 2 1\n1 3 1\n1 4 1");
        assert_eq!(answer(&no_newline), "1\n");
    }

    #[test]
    fn not_utf8() {
        assert_eq!(
            solve(b"4 4\n0 0 \xff 0\n").map_err(|e| (e.class, e.line)),
            Err(("not-utf8", 2))
        );
    }

    // Census tags (`docs/judge-text.md`, "Census tags of the first games").

    fn tags(input: &str, limit: u32) -> Vec<&'static str> {
        census(input.as_bytes(), limit).unwrap()
    }

    /// The 9×9 board shared by the corpus entries `end-at-999`, `end-at-1000` and `end-at-1001`.
    const BOARD_9: &str = "9 6
0 0 1 0 0 1 0 0 1
0 1 0 0 0 1 0 0 0
2 2 1 1 0 0 1 0 0
0 1 0 0 0 0 0 1 0
2 0 0 0 0 1 1 2 1
0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 2 0 0
0 0 2 0 0 0 0 0 1
2 1 0 0 0 0 0 0 1
";

    /// Corpus `end-at-999`.
    const END_AT_999: &str = "8 6 3\n9 9 1\n2 4 1\n3 4 2\n3 7 3\n7 1 3\n";
    /// Corpus `end-at-1000`.
    const END_AT_1000: &str = "9 6 4\n9 8 1\n2 3 1\n3 5 2\n4 7 3\n8 1 4\n";
    /// Corpus `end-at-1001`.
    const END_AT_1001: &str = "8 6 4\n9 7 1\n2 2 1\n3 6 2\n5 7 3\n7 1 4\n";

    /// Corpus `never-long-transient`: never ends; cycle of period 6 entered at turn 993.
    const NEVER_993_6: &str = "12 4
0 2 1 0 1 0 0 1 1 0 0 1
0 0 0 2 0 2 0 0 0 1 0 0
0 0 0 0 1 0 0 0 1 0 1 2
0 0 1 0 0 2 0 0 0 0 0 0
2 2 0 0 0 0 0 1 0 1 0 0
0 2 0 0 0 0 0 1 1 2 2 0
2 0 0 0 0 2 0 1 1 0 0 0
0 2 0 0 1 0 0 2 0 0 1 0
0 0 2 2 0 0 0 1 2 0 0 0
0 0 0 2 0 0 0 2 2 0 0 0
2 0 2 1 0 0 1 1 0 0 0 0
1 0 0 0 0 0 1 1 0 2 0 2
5 8 3
6 6 2
10 8 4
5 9 3
";

    /// Corpus `never-transient-19701`: never ends; cycle of period 176 entered at turn 19701.
    const NEVER_19701_176: &str = "12 4
1 0 2 1 0 0 0 1 1 0 0 1
0 2 0 0 0 0 0 0 0 0 0 2
0 0 0 1 0 1 0 0 0 0 0 0
0 0 0 1 0 0 1 1 0 0 0 0
0 0 0 0 1 0 0 0 1 0 2 0
0 1 0 1 0 0 1 1 0 0 0 1
0 0 2 0 0 1 0 0 0 1 0 1
0 0 0 0 0 0 0 0 0 0 0 0
0 1 0 0 0 1 0 0 1 0 0 0
0 0 1 0 0 0 0 1 0 0 1 0
2 0 0 0 0 2 0 0 0 0 0 0
0 0 0 0 0 0 0 2 0 2 0 0
6 4 2
12 5 3
12 12 4
8 9 1
";

    #[test]
    fn census_tags_are_the_engine_list() {
        assert_eq!(TAGS.len(), 17);
        for (i, tag) in TAGS.iter().enumerate() {
            assert!(!TAGS[..i].contains(tag), "{tag} twice");
        }
    }

    #[test]
    fn census_rejects_what_solve_rejects() {
        let input = format!("{WHITE_4X4}1 1 1\n1 2 1\n3 3 1\n1 2 4\n");
        assert_eq!(
            census(input.as_bytes(), 1000).unwrap_err(),
            solve(input.as_bytes()).unwrap_err()
        );
        assert_eq!(census(b"4 4\n", 1000).unwrap_err().class, "truncated");
    }

    #[test]
    fn census_white_moves_carrying_groups_end_in_turn_1() {
        // Row 2, all facing right on white: the third move makes [4,3,2,1]; the second and the
        // third carry pieces. Piece 4 never moves (the game is over).
        let input = format!("{WHITE_4X4}2 1 1\n2 2 1\n2 3 1\n2 4 1\n");
        assert_eq!(
            tags(&input, 1000),
            vec!["move-white", "group-carried", "end-1"]
        );
        // The end bucket is the true end turn, whatever the limit; moves count up to the limit.
        assert_eq!(tags(&input, 0), vec!["end-1"]);
    }

    #[test]
    fn census_bounces_off_the_board_and_blocked() {
        // Turn 1: piece 1 faces the left edge, turns right into blue (1,2): blocked; pieces 2 and
        // 3 bounce off the edge onto white; piece 4 moves up onto white. Turn 2: piece 1 now
        // faces blue, turns left off the edge: blocked again.
        let input = "4 4\n0 2 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n1 1 2\n4 4 1\n4 1 4\n3 3 3\n";
        let turn_1 = tags(input, 1);
        assert!(turn_1.contains(&"bounce-off-board"));
        assert!(turn_1.contains(&"bounce-blocked"));
        assert!(turn_1.contains(&"move-white"));
        assert!(!turn_1.contains(&"move-blue"));
        assert!(!turn_1.contains(&"red-after-bounce"));
        assert!(!turn_1.contains(&"group-carried"));
        assert!(tags(input, 2).contains(&"move-blue"));
    }

    #[test]
    fn census_red_after_a_bounce_and_red_moves() {
        // (2,1) is red; the game ends in turn 150. Turn 1 (only white moves and bounces onto
        // white): piece 1 moves up from (2,1) and piece 2 left, building [1,2] on (1,1); pieces 3
        // and 4 bounce off the edges.
        // Turn 2: piece 1 bounces off the top edge onto red (2,1), carrying piece 2; later piece
        // 4 moves up from (3,1) straight onto that red cell.
        let input = "4 4\n0 0 0 0\n1 0 0 0\n0 0 0 0\n0 0 0 0\n2 1 3\n1 2 2\n4 4 1\n4 1 4\n";
        assert_eq!(
            tags(input, 1),
            vec!["move-white", "bounce-off-board", "end-101-999"]
        );
        let turn_2 = tags(input, 2);
        assert!(turn_2.contains(&"red-after-bounce"));
        assert!(turn_2.contains(&"group-carried"));
        assert!(turn_2.contains(&"move-red"));
        // (1,3) is red: piece 3 moves right onto it in turn 1.
        let input = "4 4\n0 0 1 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n1 1 1\n2 2 3\n1 2 1\n2 3 3\n";
        assert!(tags(input, 1).contains(&"move-red"));
        assert!(!tags(input, 1).contains(&"red-after-bounce"));
    }

    #[test]
    fn census_five_pieces_in_one_move() {
        // Corpus `five-stack-one-move`: a 2-stack lands on a 3-stack in turn 1.
        let input = "4 5\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n2 2 2\n1 2 2\n4 1 3\n1 1 3\n3 1 3\n";
        assert!(tags(input, 1000).contains(&"stack-5-in-one-move"));
        // Ending past the limit: no tag about the ending move, but the end bucket stays.
        assert_eq!(tags(input, 0), vec!["end-1"]);
    }

    #[test]
    fn census_four_stack_broken_in_the_same_turn() {
        // Turn 2: piece 1 moves [1,2] onto [3,4]; played on, piece 2 leaves again at once.
        let input = format!("{WHITE_4X4}1 1 1\n2 2 3\n1 4 2\n2 3 3\n");
        let found = tags(&input, 1000);
        assert!(found.contains(&"stack-4-broken-same-turn"));
        assert!(found.contains(&"end-2-10"));
        assert!(!found.contains(&"stack-5-in-one-move"));
        assert!(!tags(&input, 1).contains(&"stack-4-broken-same-turn"));
        // A 4-stack that stays: row 2 all to the right (piece 4 bounces back carrying all four).
        let input = format!("{WHITE_4X4}2 1 1\n2 2 1\n2 3 1\n2 4 1\n");
        assert!(!tags(&input, 1000).contains(&"stack-4-broken-same-turn"));
        // Corpus `four-stack-broken-same-turn`: ends at turn 53.
        let input = format!("{WHITE_4X4}1 1 1\n2 1 3\n3 1 1\n3 2 1\n");
        let found = tags(&input, 1000);
        assert!(found.contains(&"stack-4-broken-same-turn"));
        assert!(found.contains(&"end-11-100"));
    }

    #[test]
    fn census_end_buckets_use_the_true_end_turn() {
        let end_999 = format!("{BOARD_9}{END_AT_999}");
        let end_1000 = format!("{BOARD_9}{END_AT_1000}");
        let end_1001 = format!("{BOARD_9}{END_AT_1001}");
        assert_eq!(solve(end_1001.as_bytes()).unwrap(), "-1\n");
        for limit in [0, 1000, 2000] {
            assert!(tags(&end_999, limit).contains(&"end-101-999"));
            assert!(tags(&end_1000, limit).contains(&"end-1000"));
            assert!(tags(&end_1001, limit).contains(&"end-1001-1100"));
            assert!(!tags(&end_1001, limit).contains(&"never-ends"));
        }
    }

    #[test]
    fn census_never_ends_and_cycle_proved() {
        // Cycle of period 6 entered at turn 2: S + P = 8.
        assert_eq!(
            tags(NEVER_MEET, 1000),
            vec![
                "move-white",
                "bounce-off-board",
                "never-ends",
                "cycle-proved"
            ]
        );
        assert_eq!(
            tags(NEVER_MEET, 8),
            vec![
                "move-white",
                "bounce-off-board",
                "never-ends",
                "cycle-proved"
            ]
        );
        assert_eq!(
            tags(NEVER_MEET, 7),
            vec!["move-white", "bounce-off-board", "never-ends"]
        );
        // The first bounce is in turn 4.
        assert_eq!(tags(NEVER_MEET, 3), vec!["move-white", "never-ends"]);
        // S + P = 993 + 6 = 999.
        assert!(tags(NEVER_993_6, 999).contains(&"cycle-proved"));
        assert!(!tags(NEVER_993_6, 998).contains(&"cycle-proved"));
        assert!(tags(NEVER_993_6, 998).contains(&"never-ends"));
    }

    #[test]
    fn census_never_ends_after_a_long_transient() {
        // S + P = 19701 + 176 = 19877: the game is followed well past any limit.
        let found = tags(NEVER_19701_176, 1000);
        assert!(found.contains(&"never-ends"));
        assert!(!found.contains(&"cycle-proved"));
        assert!(!found.iter().any(|tag| tag.starts_with("end-")));
        assert!(tags(NEVER_19701_176, 19877).contains(&"cycle-proved"));
        assert!(!tags(NEVER_19701_176, 19876).contains(&"cycle-proved"));
    }
}
