//! The optimized Yut Nori engine (BOJ 15778).
//!
//! Positions are small integers (the spec table's order, 0-based), the route rule is folded into a
//! destination table `DEST[start][steps]` built at compile time, each position's pieces are a bit
//! mask over the eight pieces, and the picture is a constant template with letters patched in.
//! A turn is a handful of array reads and writes; nothing allocates until the output string.

use crate::judge::{self, ErrorClass, JudgeError, JudgeText};

/// Number of board positions.
pub const POSITIONS: usize = 29;
/// `pos` of a piece that is not on the board and has not finished (rule 1, rule 6).
pub const HOME: u8 = 29;
/// `pos` of a piece that has left the board for good; also `DEST`'s "exits" value.
pub const OUT: u8 = 30;

/// Slugs of the 29 positions, in the spec table's order (index = table number − 1).
pub const SLUGS: [&str; POSITIONS] = [
    "dwit_bat",
    "dwit_yut",
    "dwit_geol",
    "dwit_gae",
    "dwit_do",
    "ap_bat",
    "dwit_mo_do",
    "ap_mo_do",
    "jji_do",
    "yut",
    "dwit_mo_gae",
    "ap_mo_gae",
    "jji_gae",
    "geol",
    "bang",
    "jji_geol",
    "gae",
    "sok_yut",
    "saryeo",
    "jji_yut",
    "do",
    "sok_mo",
    "an_jji",
    "jjeol_bat",
    "nal_do",
    "nal_gae",
    "nal_geol",
    "nal_yut",
    "nal_bat",
];

/// Top-left corner (row, column) of each position's 2×2 block in the picture.
const BLOCK: [(u8, u8); POSITIONS] = [
    (0, 0),
    (0, 6),
    (0, 12),
    (0, 18),
    (0, 24),
    (0, 30),
    (5, 5),
    (5, 25),
    (6, 0),
    (6, 30),
    (10, 10),
    (10, 20),
    (12, 0),
    (12, 30),
    (15, 15),
    (18, 0),
    (18, 30),
    (20, 10),
    (20, 20),
    (24, 0),
    (24, 30),
    (25, 5),
    (25, 25),
    (30, 0),
    (30, 6),
    (30, 12),
    (30, 18),
    (30, 24),
    (30, 30),
];

pub const DWIT_BAT: u8 = 0;
pub const AP_BAT: u8 = 5;
pub const BANG: u8 = 14;
pub const NAL_BAT: u8 = 28;

// The four paths from 날밭 to 날밭, as position indices (spec, "The four paths").
const PATH1: [u8; 12] = [28, 20, 16, 13, 9, 5, 7, 11, 14, 18, 22, 28];
const PATH2: [u8; 17] = [28, 20, 16, 13, 9, 5, 4, 3, 2, 1, 0, 6, 10, 14, 18, 22, 28];
const PATH3: [u8; 17] = [
    28, 20, 16, 13, 9, 5, 7, 11, 14, 17, 21, 23, 24, 25, 26, 27, 28,
];
const PATH4: [u8; 21] = [
    28, 20, 16, 13, 9, 5, 4, 3, 2, 1, 0, 8, 12, 15, 19, 23, 24, 25, 26, 27, 28,
];

/// The path (rule 4) a move starting at `start` follows, and where on it the move starts.
const fn route(start: u8) -> (&'static [u8], usize) {
    let path: &'static [u8] = match start {
        HOME => return (&PATH4, 0),
        AP_BAT | 7 | 11 | 17 | 21 => &PATH3,
        DWIT_BAT | 6 | 10 | 18 | 22 => &PATH2,
        BANG => &PATH1,
        _ => &PATH4,
    };
    // The first occurrence (날밭 only occurs first and last; a piece on 날밭 is handled apart).
    let mut i = 0;
    while path[i] != start {
        i += 1;
    }
    (path, i)
}

/// `DEST[start][steps]`: where a move of `steps` (1..=5) from `start` (a position or `HOME`)
/// ends, or `OUT` if it exits.
pub static DEST: [[u8; 6]; 30] = build_dest();

/// `PASSED[start][steps]`: bit set of positions among 앞밭 (bit 0), 뒷밭 (bit 1) and 방 (bit 2)
/// passed over strictly inside the move (for the census).
pub static PASSED: [[u8; 6]; 30] = build_passed();

const fn build_dest() -> [[u8; 6]; 30] {
    let mut table = [[OUT; 6]; 30];
    let mut start = 0;
    while start < 30 {
        let mut steps = 1;
        while steps <= 5 {
            table[start][steps] = if start as u8 == NAL_BAT {
                OUT
            } else {
                let (path, i) = route(start as u8);
                if i + steps < path.len() {
                    path[i + steps]
                } else {
                    OUT
                }
            };
            steps += 1;
        }
        start += 1;
    }
    table
}

const fn build_passed() -> [[u8; 6]; 30] {
    let mut table = [[0u8; 6]; 30];
    let mut start = 0;
    while start < 30 {
        if start as u8 != NAL_BAT {
            let (path, i) = route(start as u8);
            let mut steps = 1;
            while steps <= 5 {
                let mut bits = 0u8;
                let mut k = i + 1;
                while k < i + steps && k < path.len() {
                    bits |= match path[k] {
                        AP_BAT => 1,
                        DWIT_BAT => 2,
                        BANG => 4,
                        _ => 0,
                    };
                    k += 1;
                }
                table[start][steps] = bits;
                steps += 1;
            }
        }
        start += 1;
    }
    table
}

const PICTURE: &[u8; 32 * 33] = b"\
..----..----..----..----..----..
..    ..    ..    ..    ..    ..
| \\                          / |
|  \\                        /  |
|   \\                      /   |
|    ..                  ..    |
..   ..                  ..   ..
..     \\                /     ..
|       \\              /       |
|        \\            /        |
|         ..        ..         |
|         ..        ..         |
..          \\      /          ..
..           \\    /           ..
|             \\  /             |
|              ..              |
|              ..              |
|             /  \\             |
..           /    \\           ..
..          /      \\          ..
|         ..        ..         |
|         ..        ..         |
|        /            \\        |
|       /              \\       |
..     /                \\     ..
..   ..                  ..   ..
|    ..                  ..    |
|   /                      \\   |
|  /                        \\  |
| /                          \\ |
..    ..    ..    ..    ..    ..
..----..----..----..----..----..
";

/// One turn: a piece (0..4 = `ABCD`, 4..8 = `abcd`) and a step count 1..=5.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub piece: u8,
    pub steps: u8,
}

pub const LETTERS: &[u8; 8] = b"ABCDabcd";

/// What happened in one turn, for the census.
#[derive(Debug, Clone, Copy, Default)]
pub struct Events {
    pub start: u8,
    pub dest: u8,
    pub steps: u8,
    pub passed: u8,
    pub group: u8,
    pub joined: u8,
    pub captured: u8,
    /// The named piece was not the bottom of its group.
    pub by_upper: bool,
    /// The named piece re-entered from home after having been captured.
    pub reentered: bool,
}

/// The board: where each piece is, and each position's pieces as a bit mask.
#[derive(Debug, Clone)]
pub struct Board {
    pub pos: [u8; 8],
    at: [u8; POSITIONS],
    /// The piece that was first on each occupied position (census only).
    bottom: [u8; POSITIONS],
    /// Pieces that have been captured at least once (census only).
    ever_captured: u8,
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Board {
    pub fn new() -> Board {
        Board {
            pos: [HOME; 8],
            at: [0; POSITIONS],
            bottom: [0; POSITIONS],
            ever_captured: 0,
        }
    }

    /// Plays one turn (rules 3–7); `None` if the named piece has exited.
    #[inline]
    pub fn play(&mut self, mv: Move) -> Option<Events> {
        let piece = mv.piece as usize;
        let start = self.pos[piece];
        if start == OUT {
            return None;
        }
        let (group, bottom) = if start == HOME {
            (1u8 << piece, mv.piece)
        } else {
            let s = start as usize;
            let group = self.at[s];
            self.at[s] = 0;
            (group, self.bottom[s])
        };
        let dest = DEST[start as usize][mv.steps as usize];
        let mut events = Events {
            start,
            dest,
            steps: mv.steps,
            passed: PASSED[start as usize][mv.steps as usize],
            group,
            by_upper: bottom != mv.piece,
            reentered: start == HOME && self.ever_captured & (1 << piece) != 0,
            ..Events::default()
        };
        if dest == OUT {
            set_pos(&mut self.pos, group, OUT);
            return Some(events);
        }
        let d = dest as usize;
        let there = self.at[d];
        let enemy_team: u8 = if piece < 4 { 0xF0 } else { 0x0F };
        let captured = there & enemy_team;
        set_pos(&mut self.pos, captured, HOME);
        self.ever_captured |= captured;
        let joined = there & !enemy_team;
        if joined == 0 {
            self.bottom[d] = bottom;
        }
        self.at[d] = joined | group;
        set_pos(&mut self.pos, group, dest);
        events.captured = captured;
        events.joined = joined;
        Some(events)
    }

    /// The final picture (rule 9).
    pub fn picture(&self) -> String {
        let mut buf = *PICTURE;
        for (piece, &p) in self.pos.iter().enumerate() {
            if (p as usize) < POSITIONS {
                let (row, col) = BLOCK[p as usize];
                let row = row as usize + (piece & 3) / 2;
                let col = col as usize + (piece & 1);
                buf[row * 33 + col] = LETTERS[piece];
            }
        }
        String::from_utf8(buf.to_vec()).expect("the picture is ASCII")
    }

    /// The trace line of the current state (`docs/judge-text.md`).
    pub fn trace_line(&self) -> String {
        let mut line = String::with_capacity(96);
        for (piece, &p) in self.pos.iter().enumerate() {
            if piece > 0 {
                line.push(' ');
            }
            line.push(LETTERS[piece] as char);
            line.push(':');
            line.push_str(match p {
                HOME => "home",
                OUT => "out",
                p => SLUGS[p as usize],
            });
        }
        line
    }
}

#[inline]
fn set_pos(pos: &mut [u8; 8], mut mask: u8, to: u8) {
    while mask != 0 {
        pos[mask.trailing_zeros() as usize] = to;
        mask &= mask - 1;
    }
}

/// The parsed input: the turns, with the line each came from.
pub struct Input {
    pub moves: Vec<Move>,
}

/// Reads the judge input (syntax only; rule checks happen while playing).
pub fn parse(input: &[u8]) -> Result<Input, JudgeError> {
    let mut text = JudgeText::new(input)?;
    let (line, [n]) = text.fields::<1>("the number of turns")?;
    let n = judge::number(n, line, "the number of turns N", 1, 100)? as usize;
    let mut moves = Vec::with_capacity(n);
    for _ in 0..n {
        let (line, [piece, throws]) = text.fields::<2>("a turn (piece and four throws)")?;
        let piece = match piece.as_bytes() {
            [b] => LETTERS.iter().position(|l| l == b),
            _ => None,
        }
        .ok_or_else(|| {
            JudgeError::new(
                ErrorClass::Malformed,
                line,
                format!("the piece must be one of ABCDabcd, found `{piece}`"),
            )
        })?;
        let steps = match throws.as_bytes() {
            t @ [_, _, _, _] if t.iter().all(|&b| b == b'F' || b == b'B') => {
                match t.iter().filter(|&&b| b == b'F').count() {
                    0 => 5,
                    f => f as u8,
                }
            }
            _ => {
                return Err(JudgeError::new(
                    ErrorClass::Malformed,
                    line,
                    format!("the throws must be four characters F or B, found `{throws}`"),
                ))
            }
        };
        moves.push(Move {
            piece: piece as u8,
            steps,
        });
    }
    text.finish()?;
    Ok(Input { moves })
}

fn exited(piece: u8, turn: usize) -> JudgeError {
    JudgeError::new(
        ErrorClass::Invalid,
        turn + 2,
        format!(
            "piece {} has already left the board",
            LETTERS[piece as usize] as char
        ),
    )
}

/// Plays the whole input and calls `visit` after every turn.
pub fn play_all(input: &[u8], mut visit: impl FnMut(&Board, &Events)) -> Result<Board, JudgeError> {
    let parsed = parse(input)?;
    let mut board = Board::new();
    for (turn, &mv) in parsed.moves.iter().enumerate() {
        let events = board.play(mv).ok_or_else(|| exited(mv.piece, turn))?;
        visit(&board, &events);
    }
    Ok(board)
}

/// The judge's answer: the final picture.
pub fn solve(input: &[u8]) -> Result<String, JudgeError> {
    Ok(play_all(input, |_, _| {})?.picture())
}

/// The per-turn trace.
pub fn trace(input: &[u8]) -> Result<Vec<String>, JudgeError> {
    let mut lines = Vec::new();
    play_all(input, |board, _| lines.push(board.trace_line()))?;
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slug(p: u8) -> &'static str {
        if p == OUT {
            "exit"
        } else {
            SLUGS[p as usize]
        }
    }

    fn dest(from: &str, steps: usize) -> &'static str {
        let start = if from == "home" {
            HOME
        } else {
            SLUGS.iter().position(|s| *s == from).unwrap() as u8
        };
        slug(DEST[start as usize][steps])
    }

    #[test]
    fn step_examples_from_the_spec() {
        assert_eq!(dest("yut", 2), "dwit_do");
        assert_eq!(dest("ap_bat", 1), "ap_mo_do");
        assert_eq!(dest("ap_bat", 2), "ap_mo_gae");
        assert_eq!(dest("ap_bat", 3), "bang");
        assert_eq!(dest("bang", 1), "saryeo");
        assert_eq!(dest("bang", 2), "an_jji");
        assert_eq!(dest("ap_mo_do", 3), "sok_yut");
        assert_eq!(dest("dwit_bat", 1), "dwit_mo_do");
        assert_eq!(dest("dwit_bat", 5), "an_jji");
        assert_eq!(dest("dwit_mo_gae", 2), "saryeo");
        assert_eq!(dest("nal_geol", 2), "nal_bat");
        for s in 3..=5 {
            assert_eq!(dest("nal_geol", s), "exit");
        }
        assert_eq!(dest("an_jji", 1), "nal_bat");
        assert_eq!(dest("saryeo", 3), "exit");
        assert_eq!(dest("home", 1), "do");
        assert_eq!(dest("home", 5), "ap_bat");
        assert_eq!(dest("nal_bat", 1), "exit");
        assert_eq!(dest("jjeol_bat", 1), "nal_do");
    }

    #[test]
    fn picture_template_is_32_by_32() {
        for line in PICTURE.split(|&b| b == b'\n').take(32) {
            assert_eq!(line.len(), 32);
        }
    }
}
