//! The literal reference of `connect_four`, written from `RULES.md` clause by clause.
//!
//! This module is deliberately slow and plain: the board is a `Vec<Vec<char>>`, every rule is a
//! named function whose doc comment names the clause(s) it implements (`CF-1` .. `CF-11`), and
//! every check is an explicit loop. There are no bit boards, no lookup tables and no shortcuts.
//! It exists to be obviously right, so that a faster engine can be compared against it.
//!
//! Reading of the rules where they leave room (each choice is noted at the place it is made):
//!
//! * Lines (CF-1): the text is split at `\n`; a `\r` just before a `\n` is dropped; a final
//!   newline does not start a new line. A missing line `k` (k ≤ 3) is `truncated` at line `k`,
//!   but only after lines `1..k` were found fine (lines are checked in order, CF-11).
//! * Tokens (CF-2..CF-4): a line is cut at spaces (`' '` only); runs of spaces, and spaces at the
//!   start or end of a line, make no empty tokens. A tab or any other byte inside a token makes it
//!   not a whole number (`malformed`). A whole number is a nonempty run of ASCII digits, leading
//!   zeros allowed; one too big for `u64` is `out-of-range`. Bytes that are not UTF-8 are simply
//!   bytes that are not digits, so they make their token (hence their line) `malformed`.
//! * Lines after the third (CF-1) must be blank: only spaces and tabs; otherwise `malformed` at
//!   that line.
//! * Order (CF-11): lines 1, 2 and 3 are read and checked in full (CF-2..CF-4, including the
//!   count of moves); then the moves are played (CF-5..CF-9), where a move into a full column
//!   before the game has ended is `invalid` at line 3; only then are the lines after the third
//!   checked, since their line numbers are greater than 3.

use std::fmt;

/// Why an input was rejected (RULES.md CF-11).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    pub class: &'static str,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for InputError {
    /// CF-11: `error: line L: CLASS: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "error: line {}: {}: {}",
            self.line, self.class, self.message
        )
    }
}

/// CF-11 error class: a token that is not a whole number, or a line with the wrong number of tokens.
const MALFORMED: &str = "malformed";
/// CF-11 error class: a number outside its bounds in CF-2, CF-3 or CF-4.
const OUT_OF_RANGE: &str = "out-of-range";
/// CF-11 error class: fewer than three lines.
const TRUNCATED: &str = "truncated";
/// CF-11 error class: a move into a full column before the game has ended (CF-7).
const INVALID: &str = "invalid";

/// CF-11: build an error of the given class at the given line.
fn error(class: &'static str, line: usize, message: String) -> InputError {
    InputError {
        class,
        line,
        message,
    }
}

/// The smallest and largest number of rows (CF-2).
const MIN_ROWS: u64 = 1;
const MAX_ROWS: u64 = 7;
/// The smallest and largest number of columns (CF-2).
const MIN_COLUMNS: u64 = 1;
const MAX_COLUMNS: u64 = 8;
/// The number of pieces in a row that wins (CF-8).
const WINNING_LENGTH: usize = 4;

/// The cell contents of the board: empty, or a piece of player `X` or `O`.
const EMPTY: char = '.';
const PLAYER_X: char = 'X';
const PLAYER_O: char = 'O';

// ---------------------------------------------------------------------------------------------
// Input (CF-1 .. CF-4, CF-11)
// ---------------------------------------------------------------------------------------------

/// CF-1: cut the text into lines. Each line ends in a newline; the last newline may be missing
/// (so a final newline does not start a new line); `\r\n` is read as `\n`.
fn split_lines(input: &[u8]) -> Vec<Vec<u8>> {
    let mut lines: Vec<Vec<u8>> = Vec::new();
    let mut current: Vec<u8> = Vec::new();
    let mut index = 0;
    while index < input.len() {
        let byte = input[index];
        if byte == b'\n' {
            lines.push(current);
            current = Vec::new();
        } else if byte == b'\r' && index + 1 < input.len() && input[index + 1] == b'\n' {
            // "\r\n" is read as "\n": drop the "\r"; the "\n" ends the line on the next step.
        } else {
            current.push(byte);
        }
        index += 1;
    }
    // Text after the last newline is a last line whose newline is missing.
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

/// CF-2, CF-4: the tokens of a line, which are "separated by one or more spaces".
/// Spaces at the start or end of the line make no empty tokens.
fn tokens_of(line: &[u8]) -> Vec<Vec<u8>> {
    let mut tokens: Vec<Vec<u8>> = Vec::new();
    let mut current: Vec<u8> = Vec::new();
    for &byte in line {
        if byte == b' ' {
            if !current.is_empty() {
                tokens.push(current);
                current = Vec::new();
            }
        } else {
            current.push(byte);
        }
    }
    if !current.is_empty() {
        tokens.push(current);
    }
    tokens
}

/// A token that is a whole number: either its value, or "too big to hold" (which no bound of
/// CF-2..CF-4 admits, so it is out of range).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum WholeNumber {
    Fits(u64),
    TooBig,
}

/// CF-2..CF-4, CF-11: read a token as a whole number: a nonempty run of ASCII digits (no sign,
/// leading zeros allowed). `None` when the token is not a whole number (malformed).
fn read_whole_number(token: &[u8]) -> Option<WholeNumber> {
    if token.is_empty() {
        return None;
    }
    for &byte in token {
        if !byte.is_ascii_digit() {
            return None;
        }
    }
    let mut value: u64 = 0;
    for &byte in token {
        let digit = (byte - b'0') as u64;
        match value.checked_mul(10) {
            Some(times_ten) => match times_ten.checked_add(digit) {
                Some(next) => value = next,
                None => return Some(WholeNumber::TooBig),
            },
            None => return Some(WholeNumber::TooBig),
        }
    }
    Some(WholeNumber::Fits(value))
}

/// Show a token in an error message (bytes that are not UTF-8 are shown as U+FFFD).
fn show(token: &[u8]) -> String {
    String::from_utf8_lossy(token).into_owned()
}

/// CF-11: the message for a token that is not a whole number.
fn not_a_whole_number(what: &str, token: &[u8]) -> String {
    format!("{} '{}' is not a whole number", what, show(token))
}

/// CF-2..CF-4: is this whole number within `low..=high`?
fn in_range(number: WholeNumber, low: u64, high: u64) -> bool {
    match number {
        WholeNumber::Fits(value) => low <= value && value <= high,
        WholeNumber::TooBig => false,
    }
}

/// CF-11: the message for a number outside its bounds.
fn out_of_range_message(what: &str, token: &[u8], low: u64, high: u64) -> String {
    format!(
        "{} = {} is out of range {}..={}",
        what,
        show(token),
        low,
        high
    )
}

/// CF-11: the message for a line with the wrong number of tokens.
fn wrong_count_message(expected: usize, found: usize) -> String {
    let noun = if expected == 1 { "number" } else { "numbers" };
    format!("expected {} {}, found {}", expected, noun, found)
}

/// The game as the input describes it: the board size (CF-2) and the moves (CF-3, CF-4).
#[derive(Debug, Clone, PartialEq, Eq)]
struct GameInput {
    /// `R`, the number of rows (CF-2).
    rows: usize,
    /// `C`, the number of columns (CF-2).
    columns: usize,
    /// The columns of the moves, in order, numbered 1 to `C` (CF-4); there are `M` of them (CF-3).
    moves: Vec<usize>,
}

/// CF-1..CF-4, CF-11: read lines 1, 2 and 3, checking them in order and, within line 3, the
/// tokens from left to right (each token first for being a whole number, then for its range
/// `1..=C`), and only then the count of tokens against `M`.
fn read_input(lines: &[Vec<u8>]) -> Result<GameInput, InputError> {
    // ---- Line 1 (CF-2): two whole numbers R C, 1 ≤ R ≤ 7, 1 ≤ C ≤ 8.
    if lines.is_empty() {
        return Err(error(
            TRUNCATED,
            1,
            "missing line 1 (the board size R C)".to_string(),
        ));
    }
    let line_1 = tokens_of(&lines[0]);
    if line_1.len() != 2 {
        return Err(error(MALFORMED, 1, wrong_count_message(2, line_1.len())));
    }
    let rows_token = &line_1[0];
    let columns_token = &line_1[1];
    let rows_number = match read_whole_number(rows_token) {
        Some(number) => number,
        None => return Err(error(MALFORMED, 1, not_a_whole_number("R", rows_token))),
    };
    let columns_number = match read_whole_number(columns_token) {
        Some(number) => number,
        None => return Err(error(MALFORMED, 1, not_a_whole_number("C", columns_token))),
    };
    if !in_range(rows_number, MIN_ROWS, MAX_ROWS) {
        return Err(error(
            OUT_OF_RANGE,
            1,
            out_of_range_message("R", rows_token, MIN_ROWS, MAX_ROWS),
        ));
    }
    if !in_range(columns_number, MIN_COLUMNS, MAX_COLUMNS) {
        return Err(error(
            OUT_OF_RANGE,
            1,
            out_of_range_message("C", columns_token, MIN_COLUMNS, MAX_COLUMNS),
        ));
    }
    let rows = match rows_number {
        WholeNumber::Fits(value) => value as usize,
        WholeNumber::TooBig => unreachable!("checked in range above"),
    };
    let columns = match columns_number {
        WholeNumber::Fits(value) => value as usize,
        WholeNumber::TooBig => unreachable!("checked in range above"),
    };

    // ---- Line 2 (CF-3): one whole number M, 0 ≤ M ≤ R × C.
    if lines.len() < 2 {
        return Err(error(
            TRUNCATED,
            2,
            "missing line 2 (the number of moves M)".to_string(),
        ));
    }
    let line_2 = tokens_of(&lines[1]);
    if line_2.len() != 1 {
        return Err(error(MALFORMED, 2, wrong_count_message(1, line_2.len())));
    }
    let moves_token = &line_2[0];
    let moves_number = match read_whole_number(moves_token) {
        Some(number) => number,
        None => return Err(error(MALFORMED, 2, not_a_whole_number("M", moves_token))),
    };
    let cells = (rows * columns) as u64;
    if !in_range(moves_number, 0, cells) {
        return Err(error(
            OUT_OF_RANGE,
            2,
            out_of_range_message("M", moves_token, 0, cells),
        ));
    }
    let move_count = match moves_number {
        WholeNumber::Fits(value) => value as usize,
        WholeNumber::TooBig => unreachable!("checked in range above"),
    };

    // ---- Line 3 (CF-4): exactly M whole numbers, each a column 1..=C.
    if lines.len() < 3 {
        return Err(error(
            TRUNCATED,
            3,
            "missing line 3 (the columns of the moves)".to_string(),
        ));
    }
    let line_3 = tokens_of(&lines[2]);
    let mut moves: Vec<usize> = Vec::new();
    let mut position = 0;
    while position < line_3.len() {
        let token = &line_3[position];
        let what = format!("move {}", position + 1);
        let number = match read_whole_number(token) {
            Some(number) => number,
            None => return Err(error(MALFORMED, 3, not_a_whole_number(&what, token))),
        };
        if !in_range(number, 1, columns as u64) {
            return Err(error(
                OUT_OF_RANGE,
                3,
                out_of_range_message(&what, token, 1, columns as u64),
            ));
        }
        match number {
            WholeNumber::Fits(value) => moves.push(value as usize),
            WholeNumber::TooBig => unreachable!("checked in range above"),
        }
        position += 1;
    }
    if moves.len() != move_count {
        return Err(error(
            MALFORMED,
            3,
            wrong_count_message(move_count, moves.len()),
        ));
    }

    Ok(GameInput {
        rows,
        columns,
        moves,
    })
}

/// CF-1, CF-11: blank lines after the third are ignored; any other line after the third is
/// `malformed` at that line. A blank line holds only spaces and tabs.
fn check_lines_after_third(lines: &[Vec<u8>]) -> Result<(), InputError> {
    let mut index = 3;
    while index < lines.len() {
        let line = &lines[index];
        let mut blank = true;
        for &byte in line {
            if byte != b' ' && byte != b'\t' {
                blank = false;
            }
        }
        if !blank {
            return Err(error(
                MALFORMED,
                index + 1,
                format!(
                    "unexpected text after line 3: '{}' (only blank lines may follow)",
                    show(line)
                ),
            ));
        }
        index += 1;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// The board and play (CF-5 .. CF-9)
// ---------------------------------------------------------------------------------------------

/// The upright board: `grid[row][column]`, row 0 at the BOTTOM, column 0 at the left (the
/// rules' column 1). Each cell is `'.'` (empty), `'X'` or `'O'`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Board {
    rows: usize,
    columns: usize,
    grid: Vec<Vec<char>>,
}

impl Board {
    /// CF-2: an empty board of `R` rows and `C` columns.
    fn new(rows: usize, columns: usize) -> Board {
        let mut grid: Vec<Vec<char>> = Vec::new();
        for _row in 0..rows {
            let mut cells: Vec<char> = Vec::new();
            for _column in 0..columns {
                cells.push(EMPTY);
            }
            grid.push(cells);
        }
        Board {
            rows,
            columns,
            grid,
        }
    }

    /// The piece at (row, column), or `None` when the cell lies off the board.
    fn cell(&self, row: i64, column: i64) -> Option<char> {
        if row < 0 || column < 0 || row >= self.rows as i64 || column >= self.columns as i64 {
            return None;
        }
        Some(self.grid[row as usize][column as usize])
    }

    /// CF-10: the board is full when every cell of the board is taken.
    fn is_full(&self) -> bool {
        for row in 0..self.rows {
            for column in 0..self.columns {
                if self.grid[row][column] == EMPTY {
                    return false;
                }
            }
        }
        true
    }

    /// The board as text: the rows top row first, each row `C` characters, joined by `/`.
    fn render(&self) -> String {
        let mut text = String::new();
        let mut row = self.rows;
        while row > 0 {
            row -= 1;
            for column in 0..self.columns {
                text.push(self.grid[row][column]);
            }
            if row > 0 {
                text.push('/');
            }
        }
        text
    }
}

/// CF-5: `X` makes the first move, then the players alternate: odd-numbered moves (counting
/// from 1) are `X`'s, even-numbered moves are `O`'s.
fn player_of_move(move_number: usize) -> char {
    if move_number % 2 == 1 {
        PLAYER_X
    } else {
        PLAYER_O
    }
}

/// CF-7: a column (0-based here) whose `R` cells are all taken.
fn column_is_full(board: &Board, column: usize) -> bool {
    for row in 0..board.rows {
        if board.grid[row][column] == EMPTY {
            return false;
        }
    }
    true
}

/// CF-6: the piece dropped into the column (0-based here) comes to rest on the lowest empty
/// cell of that column. Returns the row it rests on. The caller has checked the column is not
/// full (CF-7).
fn drop_piece(board: &mut Board, column: usize, player: char) -> usize {
    let mut row = 0;
    while row < board.rows {
        if board.grid[row][column] == EMPTY {
            board.grid[row][column] = player;
            return row;
        }
        row += 1;
    }
    panic!(
        "drop_piece: column {} is full (CF-7 must be checked first)",
        column + 1
    );
}

/// A direction of a line on the board (CF-8), as a step in rows (up is +1) and in columns
/// (right is +1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Direction {
    name: &'static str,
    row_step: i64,
    column_step: i64,
}

/// CF-8: the four directions a line can run: horizontally, vertically, and along either
/// diagonal ("/" rising to the right, "\" falling to the right).
const HORIZONTAL: Direction = Direction {
    name: "horizontal",
    row_step: 0,
    column_step: 1,
};
const VERTICAL: Direction = Direction {
    name: "vertical",
    row_step: 1,
    column_step: 0,
};
const DIAGONAL: Direction = Direction {
    name: "diagonal",
    row_step: 1,
    column_step: 1,
};
const ANTI_DIAGONAL: Direction = Direction {
    name: "anti-diagonal",
    row_step: -1,
    column_step: 1,
};
const DIRECTIONS: [Direction; 4] = [HORIZONTAL, VERTICAL, DIAGONAL, ANTI_DIAGONAL];

/// CF-8: the length of the run of the placed piece's owner's pieces through (row, column) in the
/// given direction: walk from the placed cell one way, then the opposite way, counting own pieces
/// until a cell that is not the player's (or the edge), and count the placed piece itself once.
fn line_length_through(board: &Board, row: usize, column: usize, direction: Direction) -> usize {
    let player = board.grid[row][column];
    let mut length = 1;
    // Walk forward.
    let mut r = row as i64 + direction.row_step;
    let mut c = column as i64 + direction.column_step;
    while board.cell(r, c) == Some(player) {
        length += 1;
        r += direction.row_step;
        c += direction.column_step;
    }
    // Walk the opposite way.
    let mut r = row as i64 - direction.row_step;
    let mut c = column as i64 - direction.column_step;
    while board.cell(r, c) == Some(player) {
        length += 1;
        r -= direction.row_step;
        c -= direction.column_step;
    }
    length
}

/// CF-8: the piece just placed at (row, column) wins when it completes a line of four or more of
/// its owner's pieces in any of the four directions.
fn is_winning_placement(board: &Board, row: usize, column: usize) -> bool {
    for direction in DIRECTIONS {
        if line_length_through(board, row, column, direction) >= WINNING_LENGTH {
            return true;
        }
    }
    false
}

/// The winning move of a game (CF-8, CF-9).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Win {
    player: char,
    /// The number of the winning move, counting from 1 (CF-10).
    move_number: usize,
    /// The cell of the winning piece (0-based, row 0 at the bottom).
    row: usize,
    column: usize,
}

/// A move actually played: who, which column (1-based), and the board after it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct PlayedMove {
    player: char,
    column: usize,
    board_after: String,
}

/// A game played out from its input.
#[derive(Debug, Clone)]
struct Game {
    input: GameInput,
    /// The board when play stopped: after the last move, or after the winning move (CF-9).
    board: Board,
    played: Vec<PlayedMove>,
    win: Option<Win>,
}

/// CF-5..CF-9, CF-11: play the moves in order. Before the game has ended, a move into a full
/// column is `invalid` at line 3 (CF-7). The game ends at the first win (CF-9): the moves listed
/// after it were already read and checked by `read_input` (CF-4), but they are not played.
fn play(input: GameInput) -> Result<Game, InputError> {
    let mut board = Board::new(input.rows, input.columns);
    let mut played: Vec<PlayedMove> = Vec::new();
    let mut win: Option<Win> = None;
    let mut index = 0;
    while index < input.moves.len() {
        let move_number = index + 1;
        if win.is_some() {
            // CF-9: the game has ended; this move is not played.
            index += 1;
            continue;
        }
        let column_number = input.moves[index];
        let column = column_number - 1;
        let player = player_of_move(move_number);
        if column_is_full(&board, column) {
            return Err(error(
                INVALID,
                3,
                format!(
                    "move {} ({}) is into column {}, which is full",
                    move_number, player, column_number
                ),
            ));
        }
        let row = drop_piece(&mut board, column, player);
        played.push(PlayedMove {
            player,
            column: column_number,
            board_after: board.render(),
        });
        if is_winning_placement(&board, row, column) {
            win = Some(Win {
                player,
                move_number,
                row,
                column,
            });
        }
        index += 1;
    }
    Ok(Game {
        input,
        board,
        played,
        win,
    })
}

/// CF-10: `X t` or `O t` when that player won with move number `t`; otherwise `draw` when every
/// cell of the board is taken; otherwise `none`. One line, ending in a newline.
fn answer(game: &Game) -> String {
    match &game.win {
        Some(win) => format!("{} {}\n", win.player, win.move_number),
        None => {
            if game.board.is_full() {
                "draw\n".to_string()
            } else {
                "none\n".to_string()
            }
        }
    }
}

/// CF-1..CF-11: read the input, play it, and check the lines after the third, in the order of
/// the lines (CF-11): lines 1..3 (read_input), line 3 again for a move into a full column (play),
/// then lines 4 and on.
fn run(input: &[u8]) -> Result<Game, InputError> {
    let lines = split_lines(input);
    let game_input = read_input(&lines)?;
    let game = play(game_input)?;
    check_lines_after_third(&lines)?;
    Ok(game)
}

// ---------------------------------------------------------------------------------------------
// Public interface
// ---------------------------------------------------------------------------------------------

/// The judge output for a judge input (CF-10): "X 7\n", "O 12\n", "draw\n" or "none\n".
pub fn solve(input: &[u8]) -> Result<String, InputError> {
    let game = run(input)?;
    Ok(answer(&game))
}

/// One line per move actually played (moves after a win are not played, CF-9): "{player} {column} {board}"
/// where player is X or O, column is the 1-based column, and board is the R rows of the board after the move,
/// top row first, each row C characters ('.', 'X', 'O'), rows joined by '/'. E.g. for R=2,C=3 after X drops in column 2: "X 2 .../.X."
pub fn trace(input: &[u8]) -> Result<Vec<String>, InputError> {
    let game = run(input)?;
    let mut lines: Vec<String> = Vec::new();
    for played in &game.played {
        lines.push(format!(
            "{} {} {}",
            played.player, played.column, played.board_after
        ));
    }
    Ok(lines)
}

/// The census tags the input hits, in this fixed order of TAGS; empty for a rejected input.
pub const TAGS: &[&str] = &[
    "win-horizontal",
    "win-vertical",
    "win-diagonal",
    "win-anti-diagonal",
    "win-five-plus",
    "draw",
    "none",
    "moves-after-win",
    "full-column-after-win",
    "board-1-row",
    "board-1-column",
];

/// The census tags the input hits, in the fixed order of `TAGS`. A rejected input hits no tag:
/// it is returned as `Err` with the same error `solve` gives.
///
/// * `win-horizontal`, `win-vertical`, `win-diagonal` ("/"), `win-anti-diagonal` ("\"): the
///   winning move completes a line of four or more in that direction (CF-8); each direction
///   that holds is reported.
/// * `win-five-plus`: the winning piece's line in some direction has five or more pieces.
/// * `draw`, `none`: the answer (CF-10).
/// * `moves-after-win`: `M` is larger than the winning move's number (CF-9).
/// * `full-column-after-win`: some move listed after the win names a column that is full at the
///   time of the win (CF-7, CF-9).
/// * `board-1-row`: `R` is 1; `board-1-column`: `C` is 1 (CF-2).
pub fn census(input: &[u8]) -> Result<Vec<&'static str>, InputError> {
    let game = run(input)?;
    let mut hit: Vec<&'static str> = Vec::new();

    let mut lengths: Vec<(Direction, usize)> = Vec::new();
    if let Some(win) = &game.win {
        for direction in DIRECTIONS {
            let length = line_length_through(&game.board, win.row, win.column, direction);
            lengths.push((direction, length));
        }
    }
    let direction_wins = |wanted: Direction| -> bool {
        for &(direction, length) in &lengths {
            if direction == wanted && length >= WINNING_LENGTH {
                return true;
            }
        }
        false
    };
    let mut five_plus = false;
    for &(_direction, length) in &lengths {
        if length >= 5 {
            five_plus = true;
        }
    }

    let text = answer(&game);
    let mut moves_after_win = false;
    let mut full_column_after_win = false;
    if let Some(win) = &game.win {
        if game.input.moves.len() > win.move_number {
            moves_after_win = true;
        }
        // No move is played after the win (CF-9), so the final board is the board at the win.
        let mut index = win.move_number;
        while index < game.input.moves.len() {
            if column_is_full(&game.board, game.input.moves[index] - 1) {
                full_column_after_win = true;
            }
            index += 1;
        }
    }

    for &tag in TAGS {
        let holds = match tag {
            "win-horizontal" => direction_wins(HORIZONTAL),
            "win-vertical" => direction_wins(VERTICAL),
            "win-diagonal" => direction_wins(DIAGONAL),
            "win-anti-diagonal" => direction_wins(ANTI_DIAGONAL),
            "win-five-plus" => five_plus,
            "draw" => text == "draw\n",
            "none" => text == "none\n",
            "moves-after-win" => moves_after_win,
            "full-column-after-win" => full_column_after_win,
            "board-1-row" => game.input.rows == 1,
            "board-1-column" => game.input.columns == 1,
            _ => unreachable!("unknown tag {}", tag),
        };
        if holds {
            hit.push(tag);
        }
    }
    Ok(hit)
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;

    fn err(input: &str) -> (&'static str, usize) {
        let e = solve(input.as_bytes()).expect_err("expected an error");
        (e.class, e.line)
    }

    fn ok(input: &str) -> String {
        solve(input.as_bytes()).expect("expected an answer")
    }

    fn tags(input: &str) -> Vec<&'static str> {
        census(input.as_bytes()).expect("expected tags")
    }

    #[test]
    fn horizontal_win() {
        // X: 1 2 3 4 on the bottom row; O stacks on 1 2 3.
        let input = "6 7\n7\n1 1 2 2 3 3 4\n";
        assert_eq!(ok(input), "X 7\n");
        assert_eq!(tags(input), vec!["win-horizontal"]);
    }

    #[test]
    fn vertical_win() {
        let input = "6 7\n7\n1 2 1 2 1 2 1\n";
        assert_eq!(ok(input), "X 7\n");
        assert_eq!(tags(input), vec!["win-vertical"]);
    }

    #[test]
    fn o_wins_on_an_even_move() {
        let input = "6 7\n8\n7 1 2 1 2 1 2 1\n";
        assert_eq!(ok(input), "O 8\n");
        assert_eq!(tags(input), vec!["win-vertical"]);
    }

    #[test]
    fn diagonal_win() {
        // X rises "/" along (r0,c1) (r1,c2) (r2,c3) (r3,c4) in 1-based columns 1..4.
        // Moves: X1 O2 X2 O3 X3 O4 X3 O4 X5 O4 X4
        let input = "6 7\n11\n1 2 2 3 3 4 3 4 5 4 4\n";
        assert_eq!(ok(input), "X 11\n");
        assert_eq!(tags(input), vec!["win-diagonal"]);
        let t = trace(input.as_bytes()).unwrap();
        assert_eq!(t.len(), 11);
        assert_eq!(t[10], "X 4 ......./......./...X.../..XO.../.XXO.../XOOOX..");
    }

    #[test]
    fn anti_diagonal_win() {
        // Mirror of the diagonal win: columns c -> 8 - c.
        let input = "6 7\n11\n7 6 6 5 5 4 5 4 3 4 4\n";
        assert_eq!(ok(input), "X 11\n");
        assert_eq!(tags(input), vec!["win-anti-diagonal"]);
    }

    #[test]
    fn draw_on_1x1() {
        let input = "1 1\n1\n1\n";
        assert_eq!(ok(input), "draw\n");
        assert_eq!(tags(input), vec!["draw", "board-1-row", "board-1-column"]);
        assert_eq!(trace(input.as_bytes()).unwrap(), vec!["X 1 X"]);
    }

    #[test]
    fn draw_on_full_board_without_win() {
        // 2 x 3: no line of 4 fits anywhere.
        let input = "2 3\n6\n1 2 3 1 2 3\n";
        assert_eq!(ok(input), "draw\n");
        assert_eq!(tags(input), vec!["draw"]);
    }

    #[test]
    fn none_answer() {
        let input = "6 7\n3\n4 4 4\n";
        assert_eq!(ok(input), "none\n");
        assert_eq!(tags(input), vec!["none"]);
        assert_eq!(ok("6 7\n0\n\n"), "none\n");
    }

    #[test]
    fn zero_moves_needs_a_third_line() {
        // "6 7\n0\n" has two lines only: truncated at line 3.
        assert_eq!(err("6 7\n0\n"), (TRUNCATED, 3));
        assert_eq!(ok("6 7\n0\n\n"), "none\n");
        assert_eq!(ok("6 7\r\n0\r\n\r\n"), "none\n");
    }

    #[test]
    fn trace_example_from_the_interface() {
        let t = trace(b"2 3\n1\n2\n").unwrap();
        assert_eq!(t, vec!["X 2 .../.X."]);
    }

    #[test]
    fn line_endings_and_spacing() {
        assert_eq!(ok("6 7\r\n7\r\n1 2 1 2 1 2 1"), "X 7\n");
        assert_eq!(ok("6   7\n 7 \n1  2 1 2 1 2 1  \n\n  \n\t\n"), "X 7\n");
        assert_eq!(ok("06 007\n07\n01 2 1 2 1 2 1\n"), "X 7\n");
    }

    #[test]
    fn malformed_errors_with_lines() {
        assert_eq!(err("6 7 1\n0\n\n"), (MALFORMED, 1));
        assert_eq!(err("6\n0\n\n"), (MALFORMED, 1));
        assert_eq!(err("6 x\n0\n\n"), (MALFORMED, 1));
        assert_eq!(err("+6 7\n0\n\n"), (MALFORMED, 1));
        assert_eq!(err("6\t7\n0\n\n"), (MALFORMED, 1));
        assert_eq!(err("6 7\n1 2\n1 2\n"), (MALFORMED, 2));
        assert_eq!(err("6 7\n\n\n"), (MALFORMED, 2));
        assert_eq!(err("6 7\n-1\n\n"), (MALFORMED, 2));
        assert_eq!(err("6 7\n2\n1 a\n"), (MALFORMED, 3));
        assert_eq!(err("6 7\n2\n1\n"), (MALFORMED, 3));
        assert_eq!(err("6 7\n2\n1 2 3\n"), (MALFORMED, 3));
        assert_eq!(err("6 7\n0\n\nhello\n"), (MALFORMED, 4));
        assert_eq!(err("6 7\n0\n\n\n\nx"), (MALFORMED, 6));
        let e = solve(b"6 7\n2\n1 2 3\n").unwrap_err();
        assert_eq!(e.message, "expected 2 numbers, found 3");
        let e = solve(b"6 7 8\n2\n1 2\n").unwrap_err();
        assert_eq!(e.message, "expected 2 numbers, found 3");
        assert_eq!(
            e.to_string(),
            "error: line 1: malformed: expected 2 numbers, found 3"
        );
    }

    #[test]
    fn non_utf8_is_malformed_at_its_line() {
        assert_eq!(err_bytes(b"6 \xff\n0\n\n"), (MALFORMED, 1));
        assert_eq!(err_bytes(b"6 7\n1\n\xff\n"), (MALFORMED, 3));
        assert_eq!(err_bytes(b"6 7\n0\n\n\xc3\x28\n"), (MALFORMED, 4));
    }

    fn err_bytes(input: &[u8]) -> (&'static str, usize) {
        let e = solve(input).expect_err("expected an error");
        (e.class, e.line)
    }

    #[test]
    fn out_of_range_errors_with_lines() {
        assert_eq!(err("0 7\n0\n\n"), (OUT_OF_RANGE, 1));
        assert_eq!(err("8 7\n0\n\n"), (OUT_OF_RANGE, 1));
        assert_eq!(err("6 9\n0\n\n"), (OUT_OF_RANGE, 1));
        assert_eq!(err("6 0\n0\n\n"), (OUT_OF_RANGE, 1));
        assert_eq!(err("99999999999999999999999 7\n0\n\n"), (OUT_OF_RANGE, 1));
        // Both tokens of line 1 are parsed before either is range-checked.
        assert_eq!(err("99 x\n0\n\n"), (MALFORMED, 1));
        assert_eq!(err("2 3\n7\n1 1 1 1 1 1 1\n"), (OUT_OF_RANGE, 2));
        assert_eq!(err("2 3\n99999999999999999999999\n\n"), (OUT_OF_RANGE, 2));
        assert_eq!(err("6 7\n2\n1 8\n"), (OUT_OF_RANGE, 3));
        assert_eq!(err("6 7\n2\n0 1\n"), (OUT_OF_RANGE, 3));
        // Token problems come before the count, left to right.
        assert_eq!(err("6 7\n1\n1 9\n"), (OUT_OF_RANGE, 3));
        assert_eq!(err("6 7\n3\n9 x\n"), (OUT_OF_RANGE, 3));
        assert_eq!(err("6 7\n3\nx 9\n"), (MALFORMED, 3));
        // Earlier lines first.
        assert_eq!(err("9 7\n\n"), (OUT_OF_RANGE, 1));
        assert_eq!(err("6 7\n99\n"), (OUT_OF_RANGE, 2));
    }

    #[test]
    fn truncated_errors_with_lines() {
        assert_eq!(err(""), (TRUNCATED, 1));
        assert_eq!(err("6 7"), (TRUNCATED, 2));
        assert_eq!(err("6 7\n"), (TRUNCATED, 2));
        assert_eq!(err("6 7\n1"), (TRUNCATED, 3));
        assert_eq!(err("6 7\n1\n"), (TRUNCATED, 3));
    }

    #[test]
    fn invalid_move_into_full_column() {
        // R = 2: the third piece in column 1 does not fit.
        assert_eq!(err("2 3\n3\n1 1 1\n"), (INVALID, 3));
        let e = solve(b"2 3\n3\n1 1 1\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "error: line 3: invalid: move 3 (X) is into column 1, which is full"
        );
        // The invalid move on line 3 is reported before a bad line 4.
        assert_eq!(err("2 3\n3\n1 1 1\nzzz\n"), (INVALID, 3));
        // 1-row board: any second move into the same column is invalid.
        assert_eq!(err("1 8\n2\n5 5\n"), (INVALID, 3));
    }

    #[test]
    fn moves_after_win_into_full_column_are_not_an_error() {
        // 4 x 2 board: X fills column 1 with O in column 2; X wins with move 7 (column 1 full).
        // Move 8 names column 1, which is full at the time of the win: not played, not invalid.
        let input = "4 2\n8\n1 2 1 2 1 2 1 1\n";
        assert_eq!(ok(input), "X 7\n");
        assert_eq!(
            tags(input),
            vec!["win-vertical", "moves-after-win", "full-column-after-win"]
        );
        assert_eq!(trace(input.as_bytes()).unwrap().len(), 7);
        // Moves after the win into a column that is not full: no full-column tag.
        let input = "6 7\n8\n1 2 1 2 1 2 1 2\n";
        assert_eq!(ok(input), "X 7\n");
        assert_eq!(tags(input), vec!["win-vertical", "moves-after-win"]);
        // Moves after the win are still checked against CF-4.
        assert_eq!(err("6 7\n8\n1 2 1 2 1 2 1 9\n"), (OUT_OF_RANGE, 3));
    }

    #[test]
    fn five_in_a_row_completed_by_the_middle_piece() {
        // 2 x 8: bottom row X at 1 2 4 5; O plays on top of them (and once in 8);
        // X completes the bottom row 1..5 with the middle piece, in column 3.
        // X1 O1 X2 O2 X4 O4 X5 O8 X3 → bottom row X X X X X . . O, X wins at move 9.
        let input = "2 8\n9\n1 1 2 2 4 4 5 8 3\n";
        assert_eq!(ok(input), "X 9\n");
        assert_eq!(tags(input), vec!["win-horizontal", "win-five-plus"]);
        let t = trace(input.as_bytes()).unwrap();
        assert_eq!(t[8], "X 3 OO.O..../XXXXX..O");
    }

    #[test]
    fn win_in_two_directions_at_once() {
        // X ends with a piece at the bottom of column 1 that completes both the bottom row
        // (columns 1..4) and the "/" diagonal (0,1) (1,2) (2,3) (3,4) (rows from the bottom).
        // Moves: X2 O7 X2 O7 X3 O3 X3 O7 X4 O4 X6 O4 X4 O6 X1.
        let input = "6 7\n15\n2 7 2 7 3 3 3 7 4 4 6 4 4 6 1\n";
        assert_eq!(ok(input), "X 15\n");
        assert_eq!(tags(input), vec!["win-horizontal", "win-diagonal"]);
        let t = trace(input.as_bytes()).unwrap();
        assert_eq!(t[14], "X 1 ......./......./...X.../..XO..O/.XOO.OO/XXXX.XO");
    }

    #[test]
    fn line_length_counts_both_ways() {
        // A hand-made board: row 3 and column 3 (0-based) full of X, crossing at (3, 3).
        let mut board = Board::new(4, 4);
        for column in 0..4 {
            board.grid[3][column] = PLAYER_X;
        }
        for row in 0..4 {
            board.grid[row][3] = PLAYER_X;
        }
        assert_eq!(line_length_through(&board, 3, 3, HORIZONTAL), 4);
        assert_eq!(line_length_through(&board, 3, 3, VERTICAL), 4);
        assert_eq!(line_length_through(&board, 3, 3, DIAGONAL), 1);
        assert_eq!(line_length_through(&board, 3, 3, ANTI_DIAGONAL), 1);
        assert_eq!(line_length_through(&board, 3, 1, HORIZONTAL), 4);
        assert_eq!(line_length_through(&board, 1, 3, VERTICAL), 4);
        assert!(is_winning_placement(&board, 3, 3));
    }

    #[test]
    fn census_of_rejected_input_is_an_error() {
        assert!(census(b"").is_err());
        assert!(trace(b"2 3\n3\n1 1 1\n").is_err());
    }

    #[test]
    fn one_column_board() {
        let input = "7 1\n7\n1 1 1 1 1 1 1\n";
        assert_eq!(ok(input), "draw\n");
        assert_eq!(tags(input), vec!["draw", "board-1-column"]);
    }
}
