//! BOJ 17837 "새로운 게임 2" (stack_game), followed rule by rule.
//!
//! The rules are those of `shared/spec/stack_game.md`; the input, error and trace formats are those
//! of `docs/judge-text.md` (section "stack_game").
//!
//! The state is kept as literally as possible: every cell holds a `Vec<usize>` of piece numbers,
//! bottom first, and every piece has a direction. A piece's cell and height are never cached: when
//! a piece moves, it is looked up on the board at that moment (rule 5.1). Turns 1, 2, … are played
//! one by one up to the turn limit, pieces 1..=K in order, and the stack that just received pieces
//! is checked for 4 or more pieces right after every single move (rule 6). There is no cycle
//! detection or any other shortcut.

use crate::judge_text::{number, JudgeText};
use crate::InputError;

/// Rule 7: the game is simulated for turns 1..=1000.
pub const TURN_LIMIT: u32 = 1000;

/// Rule 1: cell colours.
const WHITE: u8 = 0;
const RED: u8 = 1;
const BLUE: u8 = 2;

/// Rule 2: directions.
const RIGHT: u8 = 1;
const LEFT: u8 = 2;
const UP: u8 = 3;
const DOWN: u8 = 4;

/// Rule 6: a stack of this many pieces (or more) ends the game.
const ENDING_STACK: usize = 4;

/// The whole game state. Rows and columns are 0-based here; the input and trace are 1-based.
struct Game {
    /// N, the side of the board.
    n: usize,
    /// `colours[row][col]` is `WHITE`, `RED` or `BLUE`.
    colours: Vec<Vec<u8>>,
    /// `stacks[row][col]` lists the piece numbers on that cell, bottom first (rule 3).
    stacks: Vec<Vec<Vec<usize>>>,
    /// `directions[piece - 1]` is the direction of piece `piece` (rule 2).
    directions: Vec<u8>,
}

/// Answers the judge's question with the official turn limit of 1000: `"T\n"` or `"-1\n"`.
pub fn solve(input: &[u8]) -> Result<String, InputError> {
    solve_with_limit(input, TURN_LIMIT)
}

/// Like [`solve`], but the game is played for turns `1..=turn_limit` (inclusive) before `-1`.
pub fn solve_with_limit(input: &[u8], turn_limit: u32) -> Result<String, InputError> {
    let mut game = read_game(input)?;
    for turn in 1..=turn_limit {
        if play_turn(&mut game) {
            return Ok(format!("{turn}\n"));
        }
    }
    Ok("-1\n".to_string())
}

/// One line per played turn: `T:` then ` r,c,d,h` for every piece 1..=K (1-based row and column,
/// direction, height in its stack with 0 = bottom). The last line is the turn that ended the game
/// (state right after the ending move) or turn `turn_limit`.
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

/// Reads the input of `docs/judge-text.md`: `N K`, N rows of N colours, K lines `row col dir`.
/// Syntax is checked first (including trailing content); only then the semantic rule "no two
/// pieces on one cell", at the later piece's line.
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

    // Semantic check (rule 3): every piece starts alone on its cell.
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
    })
}

/// Rule 4: one turn, pieces 1..=K in order. Returns `true` as soon as a move makes a stack of 4 or
/// more (rule 6); the rest of the turn is then not played.
fn play_turn(game: &mut Game) -> bool {
    for piece in 1..=game.directions.len() {
        if let Some(destination) = move_piece(game, piece) {
            if stack_ends_game(game, destination) {
                return true;
            }
        }
    }
    false
}

/// Rule 6: does the stack that just received pieces hold 4 or more?
fn stack_ends_game(game: &Game, (row, col): (usize, usize)) -> bool {
    game.stacks[row][col].len() >= ENDING_STACK
}

/// Rule 5: moves piece `a` (with everything above it). Returns the cell that received pieces, or
/// `None` if nothing moved (blocked bounce).
fn move_piece(game: &mut Game, a: usize) -> Option<(usize, usize)> {
    // 5.1: A's cell and A's index in that stack, right now.
    let (row, col, height) = find_piece(game, a);
    // 5.2: the neighbouring cell in A's direction.
    let direction = game.directions[a - 1];
    let destination = match neighbour(game.n, row, col, direction) {
        // 5.3 / 5.4: on the board and not blue.
        Some(target) if colour_of(game, target) != BLUE => target,
        // 5.5: off the board or blue.
        _ => {
            // 5.5.1: only A's direction is reversed.
            let reversed = reverse(direction);
            game.directions[a - 1] = reversed;
            // 5.5.2: the neighbouring cell in the new direction.
            match neighbour(game.n, row, col, reversed) {
                // 5.5.4: move as white or red.
                Some(target) if colour_of(game, target) != BLUE => target,
                // 5.5.3: blocked; nothing moves, the reversal stays.
                _ => return None,
            }
        }
    };
    let group = take_group(game, row, col, height);
    match colour_of(game, destination) {
        WHITE => put_white(game, destination, group),
        RED => put_red(game, destination, group),
        other => unreachable!("cannot move onto colour {other}"),
    }
    Some(destination)
}

/// Finds piece `piece` on the board: (row, col, height), 0-based, height 0 = bottom.
fn find_piece(game: &Game, piece: usize) -> (usize, usize, usize) {
    for row in 0..game.n {
        for col in 0..game.n {
            if let Some(height) = game.stacks[row][col].iter().position(|&p| p == piece) {
                return (row, col, height);
            }
        }
    }
    unreachable!("piece {piece} is not on the board")
}

/// Rule 2: the neighbouring cell of (row, col) in direction `direction`, or `None` if off the board.
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

/// Rule 5.5.1: 1↔2, 3↔4.
fn reverse(direction: u8) -> u8 {
    match direction {
        RIGHT => LEFT,
        LEFT => RIGHT,
        UP => DOWN,
        DOWN => UP,
        other => unreachable!("direction {other}"),
    }
}

/// Rule 1: the colour of a cell.
fn colour_of(game: &Game, (row, col): (usize, usize)) -> u8 {
    game.colours[row][col]
}

/// Rule 5.1: removes G (the piece at `height` and everything above it) from the cell, keeping its
/// order (bottom first). Pieces below stay.
fn take_group(game: &mut Game, row: usize, col: usize, height: usize) -> Vec<usize> {
    game.stacks[row][col].split_off(height)
}

/// Rule 5.3: G goes on top of the destination in the same order.
fn put_white(game: &mut Game, (row, col): (usize, usize), group: Vec<usize>) {
    let stack = &mut game.stacks[row][col];
    for piece in group {
        stack.push(piece);
    }
}

/// Rule 5.4: G goes on top of the destination in reversed order; the destination's own pieces
/// stay below, unchanged.
fn put_red(game: &mut Game, (row, col): (usize, usize), group: Vec<usize>) {
    let stack = &mut game.stacks[row][col];
    for piece in group.into_iter().rev() {
        stack.push(piece);
    }
}

/// A trace line: `T: r,c,d,h …` for pieces 1..=K.
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

    const SAMPLE_1: &str = "4 4
0 0 2 0
0 0 1 0
0 0 1 2
0 2 0 0
2 1 1
3 2 3
2 2 1
4 1 2
";

    const SAMPLE_5: &str = "6 10
0 1 2 0 1 1
1 2 0 1 1 0
2 1 0 1 1 0
1 0 1 1 0 2
2 0 1 2 0 1
0 2 1 0 2 1
1 1 1
2 2 2
3 3 4
4 4 1
5 5 3
6 6 2
1 6 3
6 1 2
2 4 3
4 2 1
";

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
    fn sample_1() {
        assert_eq!(answer(SAMPLE_1), "-1\n");
    }

    #[test]
    fn sample_2() {
        assert_eq!(
            answer(&format!("{WHITE_4X4}1 1 1\n1 2 1\n1 3 1\n1 4 1\n")),
            "1\n"
        );
    }

    #[test]
    fn sample_3() {
        assert_eq!(
            answer(&format!("{WHITE_4X4}1 1 1\n1 2 1\n1 3 1\n2 4 3\n")),
            "1\n"
        );
    }

    #[test]
    fn sample_4() {
        assert_eq!(
            answer(&format!("{WHITE_4X4}1 1 1\n1 2 1\n1 3 1\n3 3 3\n")),
            "2\n"
        );
    }

    #[test]
    fn sample_5() {
        assert_eq!(answer(SAMPLE_5), "7\n");
    }

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

    #[test]
    fn turn_limit_is_inclusive() {
        assert_eq!(solve_with_limit(SAMPLE_5.as_bytes(), 7).unwrap(), "7\n");
        assert_eq!(solve_with_limit(SAMPLE_5.as_bytes(), 6).unwrap(), "-1\n");
        assert_eq!(solve_with_limit(DERIVED_1.as_bytes(), 34).unwrap(), "34\n");
        assert_eq!(solve_with_limit(DERIVED_1.as_bytes(), 33).unwrap(), "-1\n");
        assert_eq!(solve_with_limit(SAMPLE_5.as_bytes(), 0).unwrap(), "-1\n");
        assert_eq!(trace(SAMPLE_5.as_bytes(), 0).unwrap(), Vec::<String>::new());
    }

    #[test]
    fn trace_length() {
        assert_eq!(trace(SAMPLE_5.as_bytes(), 1000).unwrap().len(), 7);
        assert_eq!(trace(SAMPLE_5.as_bytes(), 3).unwrap().len(), 3);
        let never = trace(SAMPLE_1.as_bytes(), 1000).unwrap();
        assert_eq!(never.len(), 1000);
        assert!(never[999].starts_with("1000: "));
        let derived = trace(DERIVED_1.as_bytes(), 1000).unwrap();
        assert_eq!(derived.len(), 34);
    }

    #[test]
    fn trace_of_sample_2() {
        // All move right on white: 1 onto 2, [2,1] onto 3, [3,2,1] onto 4: four pieces.
        let input = format!("{WHITE_4X4}1 1 1\n1 2 1\n1 3 1\n1 4 1\n");
        assert_eq!(
            trace(input.as_bytes(), 1000).unwrap(),
            vec!["1: 1,4,1,3 1,4,1,2 1,4,1,1 1,4,1,0"]
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
}
