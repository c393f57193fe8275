//! The optimized engine of `connect_four` (see `RULES.md`): bitboards.
//!
//! # Board representation
//!
//! Each player owns one `u64`. Column `c` (0-based, from the left) takes the `R + 1` bits
//! `c·(R+1) .. c·(R+1)+R`: bit `c·(R+1) + r` is the cell in row `r` (0 = bottom). The top bit of
//! every column is a *sentinel* that is never set. Because `R ≤ 7` and `C ≤ 8`,
//! `(R+1)·C ≤ 64`, so the whole board fits in one word. A height per column (`[u8; 8]`) says
//! where the next piece in that column lands, so a drop is one shift and one OR.
//!
//! # Why bitboards
//!
//! With this layout, "four in a row along direction `d`" is two shifts and two ANDs:
//! `m = b & (b >> d); m & (m >> 2d) != 0`, where `d` is 1 (vertical), `R+1` (horizontal),
//! `R+2` (diagonal rising to the right, `/`) and `R` (anti-diagonal falling to the right, `\`).
//! The empty sentinel row stops vertical and diagonal runs from wrapping from the top of one
//! column into the bottom of the next, and horizontal runs simply fall off the end of the word.
//! The game ends at the first win, so before the current move no line of four exists anywhere;
//! a whole-board test after a move therefore finds exactly the lines through the new piece, in
//! constant time, without looking at neighbours cell by cell. "Five or more" is one more AND
//! (`m & (m >> 2d) & (b >> 4d)`).
//!
//! # Reading
//!
//! The input is read as bytes and never copied: lines (`\n`, with `\r\n` read as `\n`; a final
//! newline does not start a new line) and tokens (runs of bytes other than space and tab) are
//! slices of the input, walked by small iterators. Errors follow CF-11: lines in order; on line
//! 3 each token is checked left to right (not a run of ASCII digits → `malformed`, outside
//! `1..=C` → `out-of-range`, numbers too big for `u64` count as out of range), and only then is
//! the count compared with `M`. A byte that is not valid UTF-8 is not a digit, so it makes its
//! token (or its blank-only trailing line) `malformed` at the line where it occurs. The moves are
//! played only once lines 1–3 have been read successfully; a move into a full column before the
//! game has ended is `invalid` at line 3, which (being line 3) is reported before a non-blank
//! line after the third. `solve` allocates nothing while reading and playing: only the output
//! string (and the message of an error) is allocated.
//!
//! # The planted bug
//!
//! For demonstrations, when the environment variable `YOUR_GAME_PLANT` is `anti-diagonal`
//! (read once, through a [`std::sync::OnceLock`]; see [`planted`]), the win test used by
//! [`solve`] and [`trace`] leaves out the anti-diagonal (`\`) direction, so such wins are
//! missed and play goes on. [`census`] always uses the true win test: it describes the input
//! under the real rules, whatever the plant.

use std::fmt;
use std::sync::OnceLock;

/// Why an input was rejected (RULES.md CF-11).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub class: &'static str,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "error: line {}: {}: {}",
            self.line, self.class, self.message
        )
    }
}

impl std::error::Error for Error {}

const MALFORMED: &str = "malformed";
const OUT_OF_RANGE: &str = "out-of-range";
const TRUNCATED: &str = "truncated";
const INVALID: &str = "invalid";

const MAX_ROWS: u64 = 7;
const MAX_COLS: u64 = 8;

fn error(class: &'static str, line: usize, message: String) -> Error {
    Error {
        class,
        line,
        message,
    }
}

/// Whether the planted bug (no anti-diagonal wins in `solve`/`trace`) is on:
/// `YOUR_GAME_PLANT=anti-diagonal`, read once.
pub fn planted() -> bool {
    static PLANT: OnceLock<bool> = OnceLock::new();
    *PLANT.get_or_init(|| std::env::var_os("YOUR_GAME_PLANT").is_some_and(|v| v == "anti-diagonal"))
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/// The lines of the input, as slices: split at `\n`, a `\r` just before the `\n` dropped, and a
/// final newline not starting a new line.
struct Lines<'a> {
    rest: &'a [u8],
}

impl<'a> Iterator for Lines<'a> {
    type Item = &'a [u8];
    fn next(&mut self) -> Option<&'a [u8]> {
        if self.rest.is_empty() {
            return None;
        }
        match self.rest.iter().position(|&b| b == b'\n') {
            Some(i) => {
                let mut line = &self.rest[..i];
                self.rest = &self.rest[i + 1..];
                if let [head @ .., b'\r'] = line {
                    line = head;
                }
                Some(line)
            }
            None => {
                let line = self.rest;
                self.rest = &[];
                Some(line)
            }
        }
    }
}

#[inline]
fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// The tokens of a line: maximal runs of bytes other than the space (CF-1: a tab is not a
/// separator, so it makes its token malformed).
struct Tokens<'a> {
    rest: &'a [u8],
}

impl<'a> Tokens<'a> {
    fn new(line: &'a [u8]) -> Self {
        Tokens { rest: line }
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = &'a [u8];
    #[inline]
    fn next(&mut self) -> Option<&'a [u8]> {
        let start = self.rest.iter().position(|&b| b != b' ')?;
        let rest = &self.rest[start..];
        let end = rest.iter().position(|&b| b == b' ').unwrap_or(rest.len());
        self.rest = &rest[end..];
        Some(&rest[..end])
    }
}

/// A whole number: a nonempty run of ASCII digits. Values too big for `u64` saturate to
/// `u64::MAX`, which is out of every range of the rules.
#[inline]
fn number(tok: &[u8]) -> Option<u64> {
    if tok.is_empty() {
        return None;
    }
    let mut v: u64 = 0;
    for &b in tok {
        if !b.is_ascii_digit() {
            return None;
        }
        v = v.saturating_mul(10).saturating_add(u64::from(b - b'0'));
    }
    Some(v)
}

fn show(tok: &[u8]) -> String {
    String::from_utf8_lossy(tok).into_owned()
}

/// A read input: the header and the (validated) move line, still as bytes.
struct Parsed<'a> {
    rows: usize,
    cols: usize,
    moves: usize,
    line3: &'a [u8],
    /// The first non-blank line after the third, if any (reported after the play, since the
    /// play can only fail at line 3).
    bad_trailing: Option<usize>,
}

impl Parsed<'_> {
    fn trailing(&self) -> Result<(), Error> {
        match self.bad_trailing {
            Some(line) => Err(error(
                MALFORMED,
                line,
                "unexpected text after the third line".to_string(),
            )),
            None => Ok(()),
        }
    }
}

/// The whole number `tok` on line `line`, or `malformed` there (CF-2, CF-3, CF-11).
fn whole_number(tok: &[u8], line: usize) -> Result<u64, Error> {
    number(tok).ok_or_else(|| {
        error(
            MALFORMED,
            line,
            format!("`{}` is not a whole number", show(tok)),
        )
    })
}

fn parse(input: &[u8]) -> Result<Parsed<'_>, Error> {
    let mut lines = Lines { rest: input };

    // Line 1: `R C`.
    let l1 = lines
        .next()
        .ok_or_else(|| error(TRUNCATED, 1, "missing line 1 (`R C`)".to_string()))?;
    let mut toks = Tokens::new(l1);
    let (ta, tb) = match (toks.next(), toks.next(), toks.next()) {
        (Some(a), Some(b), None) => (a, b),
        _ => {
            return Err(error(
                MALFORMED,
                1,
                format!(
                    "expected 2 numbers `R C`, found {} tokens",
                    Tokens::new(l1).count()
                ),
            ))
        }
    };
    let r = whole_number(ta, 1)?;
    let c = whole_number(tb, 1)?;
    if !(1..=MAX_ROWS).contains(&r) {
        return Err(error(
            OUT_OF_RANGE,
            1,
            format!("rows `{}` not in 1..={MAX_ROWS}", show(ta)),
        ));
    }
    if !(1..=MAX_COLS).contains(&c) {
        return Err(error(
            OUT_OF_RANGE,
            1,
            format!("columns `{}` not in 1..={MAX_COLS}", show(tb)),
        ));
    }
    let (rows, cols) = (r as usize, c as usize);

    // Line 2: `M`.
    let l2 = lines
        .next()
        .ok_or_else(|| error(TRUNCATED, 2, "missing line 2 (`M`)".to_string()))?;
    let mut toks = Tokens::new(l2);
    let tm = match (toks.next(), toks.next()) {
        (Some(m), None) => m,
        _ => {
            return Err(error(
                MALFORMED,
                2,
                format!(
                    "expected 1 number `M`, found {} tokens",
                    Tokens::new(l2).count()
                ),
            ))
        }
    };
    let m = whole_number(tm, 2)?;
    if m > r * c {
        return Err(error(
            OUT_OF_RANGE,
            2,
            format!("move count `{}` exceeds R×C = {}", show(tm), r * c),
        ));
    }
    let moves = m as usize;

    // Line 3: the moves.
    let line3 = lines
        .next()
        .ok_or_else(|| error(TRUNCATED, 3, "missing line 3 (the moves)".to_string()))?;
    let mut count = 0usize;
    for tok in Tokens::new(line3) {
        count += 1;
        let v = number(tok).ok_or_else(|| {
            error(
                MALFORMED,
                3,
                format!("move {count}: `{}` is not a whole number", show(tok)),
            )
        })?;
        if v < 1 || v > c {
            return Err(error(
                OUT_OF_RANGE,
                3,
                format!("move {count}: column `{}` not in 1..={c}", show(tok)),
            ));
        }
    }
    if count != moves {
        return Err(error(
            MALFORMED,
            3,
            format!("expected {moves} moves, found {count}"),
        ));
    }

    // Lines after the third must be blank.
    let bad_trailing = lines
        .enumerate()
        .find(|(_, line)| !line.iter().all(|&b| is_blank(b)))
        .map(|(i, _)| i + 4);

    Ok(Parsed {
        rows,
        cols,
        moves,
        line3,
        bad_trailing,
    })
}

/// The 0-based column of a validated move token.
#[inline]
fn column(tok: &[u8]) -> usize {
    let mut v = 0usize;
    for &b in tok {
        v = v * 10 + usize::from(b - b'0');
        if v > MAX_COLS as usize {
            // Leading zeros keep `v` small; anything larger was rejected by `parse`.
            break;
        }
    }
    v - 1
}

// ---------------------------------------------------------------------------------------------
// Play
// ---------------------------------------------------------------------------------------------

/// The board: a bitboard per player (X = 0, O = 1), a height per column.
#[derive(Clone, Copy, Debug)]
struct Board {
    rows: usize,
    cols: usize,
    /// Bits per column: `rows + 1` (the top one is the empty sentinel).
    stride: u32,
    bb: [u64; 2],
    heights: [u8; 8],
}

impl Board {
    fn new(rows: usize, cols: usize) -> Self {
        Board {
            rows,
            cols,
            stride: rows as u32 + 1,
            bb: [0; 2],
            heights: [0; 8],
        }
    }

    #[inline]
    fn is_full(&self, col: usize) -> bool {
        usize::from(self.heights[col]) == self.rows
    }

    #[inline]
    fn drop(&mut self, player: usize, col: usize) {
        let bit = col as u32 * self.stride + u32::from(self.heights[col]);
        self.heights[col] += 1;
        self.bb[player] |= 1u64 << bit;
    }

    /// `R` rows of `C` characters, top row first, joined by `/`.
    fn render(&self) -> String {
        let mut s = String::with_capacity(self.rows * (self.cols + 1));
        for r in (0..self.rows).rev() {
            if r + 1 != self.rows {
                s.push('/');
            }
            for c in 0..self.cols {
                let bit = 1u64 << (c as u32 * self.stride + r as u32);
                s.push(if self.bb[0] & bit != 0 {
                    'X'
                } else if self.bb[1] & bit != 0 {
                    'O'
                } else {
                    '.'
                });
            }
        }
        s
    }
}

/// Four (or more) in a row along shift `d`.
#[inline]
fn line4(b: u64, d: u32) -> bool {
    let m = b & (b >> d);
    m & (m >> (2 * d)) != 0
}

/// Five (or more) in a row along shift `d`.
#[inline]
fn line5(b: u64, d: u32) -> bool {
    let m = b & (b >> d);
    m & (m >> (2 * d)) & (b >> (4 * d)) != 0
}

/// The win test: vertical (1), horizontal (R+1), diagonal `/` (R+2) and, unless `plant`,
/// anti-diagonal `\` (R).
#[inline]
fn wins(b: u64, stride: u32, plant: bool) -> bool {
    line4(b, 1) || line4(b, stride) || line4(b, stride + 1) || (!plant && line4(b, stride - 1))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// `player` (0 = X, 1 = O) won with move number `t` (from 1).
    Win {
        player: usize,
        t: usize,
    },
    Draw,
    None,
}

/// Plays the validated moves, calling `on_move` after each move actually played.
fn play<F: FnMut(&Board, usize, usize)>(
    p: &Parsed<'_>,
    plant: bool,
    mut on_move: F,
) -> Result<(End, Board), Error> {
    let mut board = Board::new(p.rows, p.cols);
    for (i, tok) in Tokens::new(p.line3).enumerate() {
        let col = column(tok);
        let player = i & 1;
        if board.is_full(col) {
            return Err(error(
                INVALID,
                3,
                format!("move {}: column {} is full", i + 1, col + 1),
            ));
        }
        board.drop(player, col);
        on_move(&board, player, col);
        if wins(board.bb[player], board.stride, plant) {
            return Ok((End::Win { player, t: i + 1 }, board));
        }
    }
    let end = if p.moves == p.rows * p.cols {
        End::Draw
    } else {
        End::None
    };
    Ok((end, board))
}

const PLAYER: [char; 2] = ['X', 'O'];

/// The judge output for a judge input (CF-10): "X 7\n", "O 12\n", "draw\n" or "none\n".
pub fn solve(input: &[u8]) -> Result<String, Error> {
    let p = parse(input)?;
    let (end, _) = play(&p, planted(), |_, _, _| {})?;
    p.trailing()?;
    Ok(match end {
        End::Win { player, t } => format!("{} {}\n", PLAYER[player], t),
        End::Draw => "draw\n".to_string(),
        End::None => "none\n".to_string(),
    })
}

/// One line per move actually played (moves after a win are not played, CF-9):
/// "{player} {column} {board}" where player is X or O, column is the 1-based column, and board
/// is the R rows of the board after the move, top row first, each row C characters
/// ('.', 'X', 'O'), rows joined by '/'. E.g. for R=2,C=3 after X drops in column 2: "X 2 .../.X."
pub fn trace(input: &[u8]) -> Result<Vec<String>, Error> {
    let p = parse(input)?;
    let mut out = Vec::with_capacity(p.moves);
    play(&p, planted(), |board, player, col| {
        out.push(format!("{} {} {}", PLAYER[player], col + 1, board.render()));
    })?;
    p.trailing()?;
    Ok(out)
}

/// The census tags, in this order; `census` returns a bit set over it (bit i = TAGS[i]),
/// 0 for a rejected input.
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

const T_HORIZONTAL: u64 = 1 << 0;
const T_VERTICAL: u64 = 1 << 1;
const T_DIAGONAL: u64 = 1 << 2;
const T_ANTI_DIAGONAL: u64 = 1 << 3;
const T_FIVE_PLUS: u64 = 1 << 4;
const T_DRAW: u64 = 1 << 5;
const T_NONE: u64 = 1 << 6;
const T_MOVES_AFTER_WIN: u64 = 1 << 7;
const T_FULL_COLUMN_AFTER_WIN: u64 = 1 << 8;
const T_ONE_ROW: u64 = 1 << 9;
const T_ONE_COLUMN: u64 = 1 << 10;

/// The census of an input (bit i = `TAGS[i]`), 0 for a rejected input. Always computed with
/// the true win test (the planted bug does not affect it).
pub fn census(input: &[u8]) -> u64 {
    let Ok(p) = parse(input) else { return 0 };
    let Ok((end, board)) = play(&p, false, |_, _, _| {}) else {
        return 0;
    };
    if p.trailing().is_err() {
        return 0;
    }
    let mut tags = 0;
    match end {
        End::Win { player, t } => {
            let b = board.bb[player];
            let s = board.stride;
            for (tag, d) in [
                (T_HORIZONTAL, s),
                (T_VERTICAL, 1),
                (T_DIAGONAL, s + 1),
                (T_ANTI_DIAGONAL, s - 1),
            ] {
                if line4(b, d) {
                    tags |= tag;
                }
                if line5(b, d) {
                    tags |= T_FIVE_PLUS;
                }
            }
            if p.moves > t {
                tags |= T_MOVES_AFTER_WIN;
                if Tokens::new(p.line3)
                    .skip(t)
                    .any(|tok| board.is_full(column(tok)))
                {
                    tags |= T_FULL_COLUMN_AFTER_WIN;
                }
            }
        }
        End::Draw => tags |= T_DRAW,
        End::None => tags |= T_NONE,
    }
    if p.rows == 1 {
        tags |= T_ONE_ROW;
    }
    if p.cols == 1 {
        tags |= T_ONE_COLUMN;
    }
    tags
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tag(name: &str) -> u64 {
        1 << TAGS.iter().position(|t| *t == name).expect("known tag")
    }

    fn tags(names: &[&str]) -> u64 {
        names.iter().map(|n| tag(n)).fold(0, |a, b| a | b)
    }

    fn ok(input: &str) -> String {
        solve(input.as_bytes()).unwrap_or_else(|e| panic!("{input:?}: {e}"))
    }

    fn err(input: &[u8]) -> (&'static str, usize) {
        match solve(input) {
            Ok(s) => panic!(
                "{:?}: expected an error, got {s:?}",
                String::from_utf8_lossy(input)
            ),
            Err(e) => {
                assert_eq!(trace(input).unwrap_err(), e);
                assert_eq!(census(input), 0);
                (e.class, e.line)
            }
        }
    }

    // ----- wins in each direction ------------------------------------------------------------

    #[test]
    fn horizontal() {
        let i = "6 7\n7\n1 1 2 2 3 3 4\n";
        assert_eq!(ok(i), "X 7\n");
        assert_eq!(census(i.as_bytes()), tag("win-horizontal"));
    }

    #[test]
    fn vertical() {
        let i = "6 7\n7\n1 2 1 2 1 2 1\n";
        assert_eq!(ok(i), "X 7\n");
        assert_eq!(census(i.as_bytes()), tag("win-vertical"));
        let i = "6 7\n8\n1 2 1 2 1 2 3 2\n";
        assert_eq!(ok(i), "O 8\n");
        assert_eq!(census(i.as_bytes()), tag("win-vertical"));
    }

    #[test]
    fn diagonal() {
        let i = "6 7\n11\n1 2 2 3 3 4 3 4 4 6 4\n";
        assert_eq!(ok(i), "X 11\n");
        assert_eq!(census(i.as_bytes()), tag("win-diagonal"));
    }

    #[test]
    fn anti_diagonal() {
        let i = "6 7\n11\n7 6 6 5 5 4 5 4 4 2 4\n";
        assert_eq!(census(i.as_bytes()), tag("win-anti-diagonal"));
        if !planted() {
            assert_eq!(ok(i), "X 11\n");
        }
        // The plant, through the internal play: the win is missed.
        let p = parse(i.as_bytes()).unwrap();
        assert_eq!(
            play(&p, false, |_, _, _| {}).unwrap().0,
            End::Win { player: 0, t: 11 }
        );
        assert_eq!(play(&p, true, |_, _, _| {}).unwrap().0, End::None);
    }

    #[test]
    fn several_directions_at_once() {
        // X's 23rd move, column 4 row 4 (from the bottom), closes a vertical, a `/` and a `\`.
        let moves = [
            4, 2, 1, 3, 4, 1, 7, 1, 4, 6, 5, 3, 3, 5, 6, 6, 5, 5, 6, 7, 2, 2, 4,
        ];
        let i = "6 7\n23\n4 2 1 3 4 1 7 1 4 6 5 3 3 5 6 6 5 5 6 7 2 2 4\n";
        let expect = tags(&["win-vertical", "win-diagonal", "win-anti-diagonal"]);
        assert_eq!(census(i.as_bytes()), expect);
        assert_eq!(naive(6, 7, &moves), ("X 23\n".to_string(), Some(expect)));
        assert_eq!(ok(i), "X 23\n"); // Found by the vertical and `/` tests even with the plant.
        let last = trace(i.as_bytes()).unwrap().pop().unwrap();
        assert_eq!(last, "X 4 ......./......./...XOX./OOXXXO./OXOXOXO/XOOXXOX");
    }

    #[test]
    fn five_on_an_anti_diagonal() {
        // O's 24th move, column 2 row 4, is the second piece of a `\` line of five.
        let i = "6 7\n24\n7 3 4 5 2 3 2 4 7 3 4 7 1 1 7 7 7 1 1 6 6 1 2 2\n";
        assert_eq!(
            census(i.as_bytes()),
            tags(&["win-anti-diagonal", "win-five-plus"])
        );
        if !planted() {
            assert_eq!(ok(i), "O 24\n");
        }
    }

    #[test]
    fn five_in_a_row_through_the_middle() {
        let i = "6 7\n9\n1 1 2 2 4 4 5 5 3\n";
        assert_eq!(ok(i), "X 9\n");
        assert_eq!(
            census(i.as_bytes()),
            tags(&["win-horizontal", "win-five-plus"])
        );
        // Six on row 0 of an 8-wide board, closed at the third cell: X 1 2 4 5 6, then 3.
        let i = "6 8\n11\n1 1 2 2 4 4 5 5 6 6 3\n";
        assert_eq!(ok(i), "X 11\n");
        assert_eq!(
            census(i.as_bytes()),
            tags(&["win-horizontal", "win-five-plus"])
        );
    }

    #[test]
    fn one_row_and_one_column() {
        let i = "1 8\n7\n1 5 2 6 3 7 4\n";
        assert_eq!(ok(i), "X 7\n");
        assert_eq!(
            census(i.as_bytes()),
            tags(&["win-horizontal", "board-1-row"])
        );
        let i = "7 1\n7\n1 1 1 1 1 1 1\n";
        assert_eq!(ok(i), "draw\n");
        assert_eq!(census(i.as_bytes()), tags(&["draw", "board-1-column"]));
        let i = "1 1\n1\n1\n";
        assert_eq!(ok(i), "draw\n");
        assert_eq!(
            census(i.as_bytes()),
            tags(&["draw", "board-1-row", "board-1-column"])
        );
        let i = "1 1\n0\n\n";
        assert_eq!(ok(i), "none\n");
    }

    #[test]
    fn draw() {
        let i = "1 4\n4\n1 2 3 4\n";
        assert_eq!(ok(i), "draw\n");
        assert_eq!(census(i.as_bytes()), tags(&["draw", "board-1-row"]));
        let i = "3 3\n9\n1 2 3 1 2 3 1 2 3\n";
        assert_eq!(ok(i), "draw\n");
        assert_eq!(census(i.as_bytes()), tag("draw"));
        let i = "2 4\n8\n1 2 2 1 3 4 4 3\n";
        assert_eq!(ok(i), "draw\n");
        // A full 6x7 board without a line of four.
        let i = "6 7\n42\n7 6 5 1 6 6 7 3 3 3 1 6 3 4 4 5 2 2 2 7 6 1 7 6 7 1 7 2 4 2 1 5 1 3 4 4 3 5 4 2 5 5\n";
        assert_eq!(ok(i), "draw\n");
        assert_eq!(census(i.as_bytes()), tag("draw"));
        assert_eq!(
            trace(i.as_bytes()).unwrap().pop().unwrap(),
            "O 5 XOXXOOX/XOOOXXX/OOXXOOX/OXOXOOO/XOXXOXX/OXOOXOX"
        );
    }

    #[test]
    fn none() {
        assert_eq!(ok("6 7\n0\n\n"), "none\n");
        assert_eq!(census(b"6 7\n0\n\n"), tag("none"));
        assert_eq!(ok("6 7\n3\n1 2 3\n"), "none\n");
        assert_eq!(ok("6 7\n3\n1 2 3"), "none\n");
    }

    #[test]
    fn moves_after_win_into_full_column_are_not_an_error() {
        let i = "4 2\n8\n1 2 1 2 1 2 1 1\n";
        assert_eq!(ok(i), "X 7\n");
        assert_eq!(
            census(i.as_bytes()),
            tags(&["win-vertical", "moves-after-win", "full-column-after-win"])
        );
        assert_eq!(trace(i.as_bytes()).unwrap().len(), 7);
        // Moves after the win are still range-checked.
        assert_eq!(err(b"4 2\n8\n1 2 1 2 1 2 1 3\n"), (OUT_OF_RANGE, 3));
        assert_eq!(err(b"4 2\n8\n1 2 1 2 1 2 1 x\n"), (MALFORMED, 3));
        assert_eq!(err(b"4 2\n7\n1 2 1 2 1 2 1 1\n"), (MALFORMED, 3));
        // Moves after the win, not into a full column.
        let i = "4 2\n8\n1 2 1 2 1 2 1 2\n";
        assert_eq!(ok(i), "X 7\n");
        assert_eq!(
            census(i.as_bytes()),
            tags(&["win-vertical", "moves-after-win"])
        );
        // Before the end, a full column is invalid.
        assert_eq!(err(b"4 2\n5\n1 1 1 1 1\n"), (INVALID, 3));
    }

    #[test]
    fn trace_format() {
        let t = trace(b"2 3\n2\n2 2\n").unwrap();
        assert_eq!(t, vec!["X 2 .../.X.", "O 2 .O./.X."]);
        assert!(trace(b"2 3\n0\n\n").unwrap().is_empty());
    }

    // ----- errors ------------------------------------------------------------------------------

    #[test]
    fn truncated() {
        assert_eq!(err(b""), (TRUNCATED, 1));
        assert_eq!(err(b"6 7"), (TRUNCATED, 2));
        assert_eq!(err(b"6 7\n"), (TRUNCATED, 2));
        assert_eq!(err(b"6 7\n0"), (TRUNCATED, 3));
        assert_eq!(err(b"6 7\n0\n"), (TRUNCATED, 3));
        assert_eq!(err(b"6 7\r\n0\r\n"), (TRUNCATED, 3));
        // An earlier line's problem comes first.
        assert_eq!(err(b"6\n"), (MALFORMED, 1));
        assert_eq!(err(b"6 7\n43\n"), (OUT_OF_RANGE, 2));
    }

    #[test]
    fn line_1() {
        assert_eq!(err(b"6\n0\n\n"), (MALFORMED, 1));
        assert_eq!(err(b"\n0\n\n"), (MALFORMED, 1));
        assert_eq!(err(b"6 7 8\n0\n\n"), (MALFORMED, 1));
        assert_eq!(err(b"6 x\n0\n\n"), (MALFORMED, 1));
        assert_eq!(err(b"-6 7\n0\n\n"), (MALFORMED, 1));
        assert_eq!(err(b"+6 7\n0\n\n"), (MALFORMED, 1));
        assert_eq!(err(b"99999999999999999999999 x\n0\n\n"), (MALFORMED, 1));
        assert_eq!(err(b"0 7\n0\n\n"), (OUT_OF_RANGE, 1));
        assert_eq!(err(b"8 7\n0\n\n"), (OUT_OF_RANGE, 1));
        assert_eq!(err(b"6 0\n0\n\n"), (OUT_OF_RANGE, 1));
        assert_eq!(err(b"6 9\n0\n\n"), (OUT_OF_RANGE, 1));
        assert_eq!(err(b"99999999999999999999999 7\n0\n\n"), (OUT_OF_RANGE, 1));
        assert_eq!(err(b"6 7\xff\n0\n\n"), (MALFORMED, 1));
    }

    #[test]
    fn line_2() {
        assert_eq!(err(b"6 7\n\n\n"), (MALFORMED, 2));
        assert_eq!(err(b"6 7\n1 2\n1\n"), (MALFORMED, 2));
        assert_eq!(err(b"6 7\n-1\n\n"), (MALFORMED, 2));
        assert_eq!(err(b"6 7\nx\n\n"), (MALFORMED, 2));
        assert_eq!(err(b"6 7\n43\n\n"), (OUT_OF_RANGE, 2));
        assert_eq!(err(b"6 7\n18446744073709551616\n\n"), (OUT_OF_RANGE, 2));
        assert_eq!(err(b"1 1\n2\n1 1\n"), (OUT_OF_RANGE, 2));
    }

    #[test]
    fn line_3() {
        assert_eq!(err(b"6 7\n2\n1 x\n"), (MALFORMED, 3));
        assert_eq!(err(b"6 7\n2\n1 8\n"), (OUT_OF_RANGE, 3));
        assert_eq!(err(b"6 7\n2\n0 1\n"), (OUT_OF_RANGE, 3));
        assert_eq!(err(b"6 7\n2\n8 x\n"), (OUT_OF_RANGE, 3));
        assert_eq!(err(b"6 7\n2\nx 8\n"), (MALFORMED, 3));
        assert_eq!(err(b"6 7\n3\n1 2\n"), (MALFORMED, 3));
        assert_eq!(err(b"6 7\n1\n1 8\n"), (OUT_OF_RANGE, 3));
        assert_eq!(err(b"6 7\n1\n1 x\n"), (MALFORMED, 3));
        assert_eq!(err(b"6 7\n0\n1\n"), (MALFORMED, 3));
        assert_eq!(err(b"6 7\n1\n99999999999999999999999\n"), (OUT_OF_RANGE, 3));
        assert_eq!(err(b"6 7\n1\n\xff\n"), (MALFORMED, 3));
        assert_eq!(err(b"6 7\n1\n1\r\r\n"), (MALFORMED, 3));
        assert_eq!(err(b"6 7\n2\n1,2\n"), (MALFORMED, 3));
    }

    #[test]
    fn invalid() {
        assert_eq!(err(b"1 2\n2\n1 1\n"), (INVALID, 3));
        assert_eq!(err(b"6 7\n7\n1 1 1 1 1 1 1\n"), (INVALID, 3));
        // Invalid at line 3 comes before an unexpected line 4.
        assert_eq!(err(b"1 2\n2\n1 1\nx\n"), (INVALID, 3));
        let e = solve(b"6 7\n7\n1 1 1 1 1 1 1\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "error: line 3: invalid: move 7: column 1 is full"
        );
    }

    #[test]
    fn trailing_lines() {
        assert_eq!(ok("6 7\n1\n1\n\n \t\n\n"), "none\n");
        assert_eq!(ok("6 7\n1\n1\n\n"), "none\n");
        assert_eq!(err(b"6 7\n1\n1\nfoo\n"), (MALFORMED, 4));
        assert_eq!(err(b"6 7\n1\n1\n\n\nx"), (MALFORMED, 6));
        assert_eq!(err(b"6 7\n1\n1\n\n\xff\n"), (MALFORMED, 5));
        // Line 3 problems come first.
        assert_eq!(err(b"6 7\n1\n9\nfoo\n"), (OUT_OF_RANGE, 3));
    }

    #[test]
    fn lenient_forms() {
        assert_eq!(ok("6 7\r\n1\r\n4\r\n"), "none\n");
        assert_eq!(ok("06 007\n01\n004\n"), "none\n");
        assert_eq!(ok("  6  7  \n 3 \n 1  2  3 \n"), "none\n");
        // A tab is not a separator (CF-1): it makes its token malformed.
        assert_eq!(err(b"6\t7\n0\n\n"), ("malformed", 1));
        assert_eq!(err(b"6 7\n1\n\t1\n"), ("malformed", 3));
        assert_eq!(ok("6 7\n0\n   \n"), "none\n");
    }

    // ----- property: bitboard win test against a grid scan ----------------------------------

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            let mut x = self.0;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            self.0 = x;
            x
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// A plain grid, `cell[row][col]`, row 0 at the bottom.
    struct Grid {
        rows: usize,
        cols: usize,
        cell: [[u8; 8]; 7],
        height: [usize; 8],
    }

    impl Grid {
        fn new(rows: usize, cols: usize) -> Self {
            Grid {
                rows,
                cols,
                cell: [[0; 8]; 7],
                height: [0; 8],
            }
        }
        /// Drops `who` (1 = X, 2 = O) and returns the run length through the piece in each
        /// direction: horizontal, vertical, diagonal `/`, anti-diagonal `\`.
        fn drop(&mut self, who: u8, col: usize) -> [usize; 4] {
            let row = self.height[col];
            self.height[col] += 1;
            self.cell[row][col] = who;
            let mut runs = [0; 4];
            for (k, (dr, dc)) in [(0i32, 1i32), (1, 0), (1, 1), (-1, 1)]
                .into_iter()
                .enumerate()
            {
                let mut n = 1;
                for sign in [1i32, -1] {
                    let (mut r, mut c) = (row as i32, col as i32);
                    loop {
                        r += sign * dr;
                        c += sign * dc;
                        if r < 0 || c < 0 || r >= self.rows as i32 || c >= self.cols as i32 {
                            break;
                        }
                        if self.cell[r as usize][c as usize] != who {
                            break;
                        }
                        n += 1;
                    }
                }
                runs[k] = n;
            }
            runs
        }
        fn render(&self) -> String {
            let mut rows = Vec::new();
            for r in (0..self.rows).rev() {
                rows.push(
                    (0..self.cols)
                        .map(|c| match self.cell[r][c] {
                            1 => 'X',
                            2 => 'O',
                            _ => '.',
                        })
                        .collect::<String>(),
                );
            }
            rows.join("/")
        }
    }

    /// The naive answer for a list of 1-based columns: (solve output, census) or an invalid
    /// move (census `None`, output "invalid").
    fn naive(rows: usize, cols: usize, moves: &[usize]) -> (String, Option<u64>) {
        let mut g = Grid::new(rows, cols);
        let mut t1 = 0;
        if rows == 1 {
            t1 |= tag("board-1-row");
        }
        if cols == 1 {
            t1 |= tag("board-1-column");
        }
        for (i, &m) in moves.iter().enumerate() {
            let col = m - 1;
            if g.height[col] == rows {
                return ("invalid".into(), None);
            }
            let runs = g.drop(if i % 2 == 0 { 1 } else { 2 }, col);
            if runs.iter().any(|&n| n >= 4) {
                let names = [
                    "win-horizontal",
                    "win-vertical",
                    "win-diagonal",
                    "win-anti-diagonal",
                ];
                let mut t = t1;
                for k in 0..4 {
                    if runs[k] >= 4 {
                        t |= tag(names[k]);
                    }
                    if runs[k] >= 5 {
                        t |= tag("win-five-plus");
                    }
                }
                if moves.len() > i + 1 {
                    t |= tag("moves-after-win");
                    if moves[i + 1..].iter().any(|&m| g.height[m - 1] == rows) {
                        t |= tag("full-column-after-win");
                    }
                }
                return (
                    format!("{} {}\n", if i % 2 == 0 { 'X' } else { 'O' }, i + 1),
                    Some(t),
                );
            }
        }
        if moves.len() == rows * cols {
            ("draw\n".into(), Some(t1 | tag("draw")))
        } else {
            ("none\n".into(), Some(t1 | tag("none")))
        }
    }

    #[test]
    fn bitboard_matches_grid_scan() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut wins_seen = [0usize; 5];
        for _ in 0..5000 {
            let rows = 1 + rng.below(7);
            let cols = 1 + rng.below(8);
            let mut g = Grid::new(rows, cols);
            let mut b = Board::new(rows, cols);
            let mut moves = Vec::new();
            let mut won = false;
            // Play legal random moves until a win or a full board.
            for i in 0..rows * cols {
                let open: Vec<usize> = (0..cols).filter(|&c| g.height[c] < rows).collect();
                let col = open[rng.below(open.len())];
                let player = i & 1;
                moves.push(col + 1);
                let runs = g.drop(player as u8 + 1, col);
                b.drop(player, col);
                assert_eq!(b.render(), g.render());
                let s = b.stride;
                let bits = b.bb[player];
                let dirs = [s, 1, s + 1, s - 1];
                for k in 0..4 {
                    assert_eq!(
                        line4(bits, dirs[k]),
                        runs[k] >= 4,
                        "dir {k} {rows}x{cols} {moves:?}"
                    );
                    assert_eq!(
                        line5(bits, dirs[k]),
                        runs[k] >= 5,
                        "dir {k} {rows}x{cols} {moves:?}"
                    );
                    if runs[k] >= 4 {
                        wins_seen[k] += 1;
                    }
                    if runs[k] >= 5 {
                        wins_seen[4] += 1;
                    }
                }
                let any = runs.iter().any(|&n| n >= 4);
                assert_eq!(wins(bits, s, false), any);
                assert_eq!(wins(bits, s, true), runs[..3].iter().any(|&n| n >= 4));
                // The other player never has a line (the game would have ended).
                assert!(!wins(b.bb[1 - player], s, false));
                if any {
                    won = true;
                    break;
                }
            }
            // Sometimes add moves after the win (any column, full or not).
            if won && rng.below(2) == 0 {
                while moves.len() < rows * cols && rng.below(3) != 0 {
                    moves.push(1 + rng.below(cols));
                }
            }
            // Sometimes cut the game short.
            if !won && rng.below(4) == 0 {
                moves.truncate(rng.below(moves.len() + 1));
            }
            // Sometimes add an illegal move at the end of an unfinished game.
            if !won && rng.below(8) == 0 && moves.len() < rows * cols {
                moves.push(1 + rng.below(cols));
            }
            let text = format!(
                "{rows} {cols}\n{}\n{}\n",
                moves.len(),
                moves
                    .iter()
                    .map(|m| m.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            let (expect, expect_tags) = naive(rows, cols, &moves);
            match expect_tags {
                Some(t) => {
                    assert_eq!(census(text.as_bytes()), t, "{text}");
                    if !planted() {
                        assert_eq!(solve(text.as_bytes()).unwrap(), expect, "{text}");
                        let tr = trace(text.as_bytes()).unwrap();
                        let played = match expect.split(' ').nth(1) {
                            Some(t) => t.trim().parse::<usize>().unwrap(),
                            None => moves.len(),
                        };
                        assert_eq!(tr.len(), played);
                    }
                }
                None => {
                    if !planted() {
                        let e = solve(text.as_bytes()).unwrap_err();
                        assert_eq!((e.class, e.line), (INVALID, 3), "{text}");
                    }
                    assert_eq!(census(text.as_bytes()), 0);
                }
            }
        }
        // Every direction (and five-plus) actually came up.
        assert!(wins_seen.iter().all(|&n| n > 0), "{wins_seen:?}");
    }

    #[test]
    fn trace_matches_grid() {
        let mut rng = Rng(12345);
        for _ in 0..500 {
            let rows = 1 + rng.below(7);
            let cols = 1 + rng.below(8);
            let mut g = Grid::new(rows, cols);
            let mut moves = Vec::new();
            let mut lines = Vec::new();
            for i in 0..rows * cols {
                let open: Vec<usize> = (0..cols).filter(|&c| g.height[c] < rows).collect();
                let col = open[rng.below(open.len())];
                moves.push(col + 1);
                let runs = g.drop((i % 2) as u8 + 1, col);
                lines.push(format!(
                    "{} {} {}",
                    if i % 2 == 0 { 'X' } else { 'O' },
                    col + 1,
                    g.render()
                ));
                if runs.iter().any(|&n| n >= 4) {
                    break;
                }
            }
            let text = format!(
                "{rows} {cols}\n{}\n{}",
                moves.len(),
                moves
                    .iter()
                    .map(|m| m.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            if !planted() {
                assert_eq!(trace(text.as_bytes()).unwrap(), lines, "{text}");
            }
        }
    }
}
