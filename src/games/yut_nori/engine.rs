//! The optimized Yut Nori engine (BOJ 15778).
//!
//! Positions are small integers (row-major order of their blocks, 0-based; YN-5), the route rule
//! is folded into a destination table `DEST[start][steps]` built at compile time, each position's
//! pieces are a bit mask over the eight pieces, and the picture is a constant template with
//! letters patched in.
//! A turn is a handful of array reads and writes; nothing allocates until the output string.

use crate::judge::{self, ErrorClass, JudgeError, JudgeText};

/// Number of board positions.
pub const POSITIONS: usize = 29;
/// `pos` of a piece that is not on the board and has not finished (YN-4, YN-16).
pub const HOME: u8 = 29;
/// `pos` of a piece that has left the board for good; also `DEST`'s "exits" value.
pub const OUT: u8 = 30;

/// Slugs of the 29 positions (YN-5), in row-major order of their blocks (YN-20).
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

/// Top-left corner (row, column) of each position's 2×2 block in the picture (YN-20).
pub const BLOCK: [(u8, u8); POSITIONS] = [
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

/// `dwit_bat` (뒷밭), a corner: a move that starts there takes route 2.
pub const DWIT_BAT: u8 = 0;
/// `ap_bat` (앞밭), a corner: a move that starts there takes route 3.
pub const AP_BAT: u8 = 5;
/// `bang` (방), the centre: a move that starts there takes route 1.
pub const BANG: u8 = 14;
/// `nal_bat` (날밭), the start and goal: a group that starts a move there leaves the board.
pub const NAL_BAT: u8 = 28;

// The four routes from 날밭 to 날밭 (YN-6), as position indices.
const PATH1: [u8; 12] = [28, 20, 16, 13, 9, 5, 7, 11, 14, 18, 22, 28];
const PATH2: [u8; 17] = [28, 20, 16, 13, 9, 5, 4, 3, 2, 1, 0, 6, 10, 14, 18, 22, 28];
const PATH3: [u8; 17] = [
    28, 20, 16, 13, 9, 5, 7, 11, 14, 17, 21, 23, 24, 25, 26, 27, 28,
];
const PATH4: [u8; 21] = [
    28, 20, 16, 13, 9, 5, 4, 3, 2, 1, 0, 8, 12, 15, 19, 23, 24, 25, 26, 27, 28,
];

/// The path (YN-10 to YN-13) a move starting at `start` follows, and where on it the move starts.
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
/// Rows are padded to 8 entries so that an index is `start * 8 + steps` (one `lea` on the
/// critical path of a game: each move waits for the previous one).
pub static DEST: [[u8; 8]; 30] = build_dest();

/// `PASSED[start][steps]`: bit set of positions among 앞밭 (bit 0), 뒷밭 (bit 1) and 방 (bit 2)
/// passed over strictly inside the move (for the census).
pub static PASSED: [[u8; 6]; 30] = build_passed();

const fn build_dest() -> [[u8; 8]; 30] {
    let mut table = [[OUT; 8]; 30];
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

/// The picture of the empty board (YN-19): 32 lines of 32 characters, each ended by `\n`.
pub const PICTURE: &str = "\
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
    /// The piece: 0..4 for `ABCD`, 4..8 for `abcd`.
    pub piece: u8,
    /// The step count, 1..=5: the number of `F`s thrown, or 5 for `BBBB` (YN-8).
    pub steps: u8,
}

/// The letter of each piece: `ABCD` for one team, `abcd` for the other.
pub const LETTERS: &[u8; 8] = b"ABCDabcd";

/// What happened in one turn, for the census.
#[derive(Debug, Clone, Copy, Default)]
pub struct Events {
    /// Where the named piece started: a position index or `HOME`.
    pub start: u8,
    /// Where the group ended: a position index, or `OUT` if it left the board.
    pub dest: u8,
    /// The turn's step count, 1..=5.
    pub steps: u8,
    /// The shortcut positions passed over strictly inside the move ([`PASSED`]): 앞밭 (bit 0),
    /// 뒷밭 (bit 1), 방 (bit 2).
    pub passed: u8,
    /// The pieces that moved (bit i = piece i): the named piece with its stack, or alone from home.
    pub group: u8,
    /// The mover's own pieces already on the destination (bit mask), now stacked with the group.
    pub joined: u8,
    /// The other team's pieces on the destination (bit mask), sent home.
    pub captured: u8,
    /// The named piece was not the bottom of its group.
    pub by_upper: bool,
    /// The named piece re-entered from home after having been captured.
    pub reentered: bool,
}

/// The board: where each piece is (one byte per piece, packed in a `u64`), and each position's
/// pieces as a bit mask. `at` has two spare slots, for `HOME` and `OUT`, so a move can index it
/// without branching; both always read 0 between moves.
#[derive(Debug, Clone)]
pub struct Board {
    pos: u64,
    at: [u8; 31],
    /// The piece that was first on each occupied position (census only).
    bottom: [u8; 31],
    /// Pieces that have been captured at least once (census only).
    ever_captured: u8,
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

/// Byte lane `i` of `EXPAND[m]` is `0xFF` iff bit `i` of `m` is set.
static EXPAND: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut m = 0;
    while m < 256 {
        let mut i = 0;
        while i < 8 {
            if m & (1 << i) != 0 {
                table[m] |= 0xFF << (8 * i);
            }
            i += 1;
        }
        m += 1;
    }
    table
};

const LANES: u64 = 0x0101_0101_0101_0101;

impl Board {
    /// The board at the start of a game: all eight pieces at home.
    pub fn new() -> Board {
        Board {
            pos: HOME as u64 * LANES,
            at: [0; 31],
            bottom: [0; 31],
            ever_captured: 0,
        }
    }

    /// Where a piece is: a position index, `HOME` or `OUT`.
    #[inline]
    pub fn position(&self, piece: u8) -> u8 {
        (self.pos >> (8 * piece)) as u8
    }

    /// Plays one turn (YN-9 to YN-17) and says what happened; `None` if the named piece has exited.
    #[inline]
    pub fn play(&mut self, mv: Move) -> Option<Events> {
        self.play_with::<true>(mv)
    }

    /// Plays one turn without the census bookkeeping (the `solve` hot loop).
    #[inline(always)]
    fn play_fast(&mut self, mv: Move) -> Option<()> {
        self.play_with::<false>(mv).map(|_| ())
    }

    #[inline(always)]
    fn play_with<const OBSERVE: bool>(&mut self, mv: Move) -> Option<Events> {
        let piece = mv.piece;
        let start = self.position(piece);
        if start == OUT {
            return None;
        }
        let s = start as usize;
        // On the board the piece is in `at[s]` already; at home `at[HOME]` is 0 (YN-9).
        let group = self.at[s] | (1 << piece);
        self.at[s] = 0;
        let dest = DEST[s][mv.steps as usize];
        let d = dest as usize;
        let there = self.at[d];
        // 0xF0 (abcd) for ABCD, 0x0F (ABCD) for abcd.
        let enemy_team = 0xF0u8 >> (piece & 4);
        let captured = there & enemy_team;
        let joined = there & !enemy_team;
        self.at[d] = joined | group;
        self.at[OUT as usize] = 0;
        let (moved, sent_home) = (EXPAND[group as usize], EXPAND[captured as usize]);
        self.pos = (self.pos & !(moved | sent_home))
            | ((dest as u64 * LANES) & moved)
            | ((HOME as u64 * LANES) & sent_home);
        if !OBSERVE {
            return Some(Events::default());
        }
        let bottom = if start == HOME { piece } else { self.bottom[s] };
        if joined == 0 {
            self.bottom[d] = bottom;
        }
        let reentered = start == HOME && self.ever_captured & (1 << piece) != 0;
        self.ever_captured |= captured;
        Some(Events {
            start,
            dest,
            steps: mv.steps,
            passed: PASSED[s][mv.steps as usize],
            group,
            joined,
            captured,
            by_upper: bottom != piece,
            reentered,
        })
    }

    fn positions(&self) -> [u8; 8] {
        self.pos.to_le_bytes()
    }

    /// The final picture (YN-19).
    pub fn picture(&self) -> String {
        let mut out = String::from(PICTURE);
        // SAFETY: the picture and every piece letter are ASCII, so replacing one ASCII byte with
        // another keeps the string valid UTF-8.
        let bytes = unsafe { out.as_bytes_mut() };
        for (piece, p) in self.positions().into_iter().enumerate() {
            if (p as usize) < POSITIONS {
                let (row, col) = BLOCK[p as usize];
                let row = row as usize + (piece & 3) / 2;
                let col = col as usize + (piece & 1);
                bytes[row * 33 + col] = LETTERS[piece];
            }
        }
        out
    }

    /// The trace line of the current state (`docs/judge-text.md`).
    pub fn trace_line(&self) -> String {
        let mut line = String::with_capacity(96);
        for (piece, p) in self.positions().into_iter().enumerate() {
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

/// The parsed input: up to 100 turns, in a fixed array (no allocation).
pub struct Input {
    moves: [Move; 100],
    len: usize,
}

impl Input {
    /// The turns, in input order.
    pub fn moves(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }
}

const NO_MOVE: Move = Move { piece: 0, steps: 0 };

/// Step count of a four-byte throw string, if it is one.
fn steps_of(throws: &[u8]) -> Option<u8> {
    let forward = throws.iter().filter(|&&b| b == b'F').count();
    throws
        .iter()
        .all(|&b| b == b'F' || b == b'B')
        .then(|| STEPS_BY_FORWARD[forward])
}

fn piece_of(letter: u8) -> Option<u8> {
    Some(PIECE_OF_BYTE[letter as usize]).filter(|&p| p != NOT_A_PIECE)
}

/// The fast path of [`solve`] for input in canonical layout — `N\n`, then N lines of exactly
/// `X TTTT\n`, nothing else — which is what generators and judges produce: each line is decoded
/// and played at once. `None` sends the input to the general reader, which also gives every
/// syntax error its class and line (a syntax error anywhere beats an exited piece).
fn solve_canonical(input: &[u8]) -> Option<Result<String, JudgeError>> {
    let digits = input.iter().take(4).position(|&b| b == b'\n')?;
    if digits == 0 || input[0] == b'0' {
        return None;
    }
    let mut n = 0usize;
    for &b in &input[..digits] {
        if !b.is_ascii_digit() {
            return None;
        }
        n = n * 10 + (b - b'0') as usize;
    }
    let body = &input[digits + 1..];
    if n > 100 || body.len() != 7 * n {
        return None;
    }
    let mut board = Board::new();
    let mut exited_at = None;
    for (turn, line) in body.chunks_exact(7).enumerate() {
        // `F` (0x46) and `B` (0x42) differ only in bit 2, so four throws are valid iff
        // `t & !0x04040404 == 0x42424242`, and the number of `F`s is the popcount of bit 2.
        // Branch-free, since random throws would make a byte-by-byte `match` mispredict.
        let piece = PIECE_OF_BYTE[line[0] as usize];
        let throws = u32::from_le_bytes([line[2], line[3], line[4], line[5]]);
        let valid = (piece != NOT_A_PIECE)
            & (line[1] == b' ')
            & (line[6] == b'\n')
            & (throws & !0x0404_0404 == 0x4242_4242);
        if !valid {
            return None;
        }
        let mv = Move {
            piece,
            steps: STEPS_BY_FORWARD[(throws & 0x0404_0404).count_ones() as usize],
        };
        if exited_at.is_none() && board.play_fast(mv).is_none() {
            exited_at = Some((piece, turn));
        }
    }
    Some(match exited_at {
        Some((piece, turn)) => Err(exited(piece, turn)),
        None => Ok(board.picture()),
    })
}

const NOT_A_PIECE: u8 = 0xFF;

/// Piece index of each byte (`A`–`D` → 0..4, `a`–`d` → 4..8), `NOT_A_PIECE` otherwise.
static PIECE_OF_BYTE: [u8; 256] = {
    let mut table = [NOT_A_PIECE; 256];
    let mut i = 0;
    while i < 4 {
        table[b'A' as usize + i] = i as u8;
        table[b'a' as usize + i] = 4 + i as u8;
        i += 1;
    }
    table
};

/// Steps by number of `F`s (none means 5; YN-8).
const STEPS_BY_FORWARD: [u8; 5] = [5, 1, 2, 3, 4];

/// Reads the judge input (syntax only; rule checks happen while playing), following
/// `docs/judge-text.md` for every layout and every error.
pub fn parse(input: &[u8]) -> Result<Input, JudgeError> {
    let mut text = JudgeText::new(input)?;
    let (line, [n]) = text.fields::<1>("the number of turns")?;
    let n = judge::number(n, line, "the number of turns N", 1, 100)? as usize;
    let mut parsed = Input {
        moves: [NO_MOVE; 100],
        len: 0,
    };
    for _ in 0..n {
        let (line, [piece, throws]) = text.fields::<2>("a turn (piece and four throws)")?;
        let piece = match piece.as_bytes() {
            &[b] => piece_of(b),
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
            t @ [_, _, _, _] => steps_of(t),
            _ => None,
        }
        .ok_or_else(|| {
            JudgeError::new(
                ErrorClass::Malformed,
                line,
                format!("the throws must be four characters F or B, found `{throws}`"),
            )
        })?;
        parsed.push(Move { piece, steps });
    }
    text.finish()?;
    Ok(parsed)
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
    for (turn, &mv) in parsed.moves().iter().enumerate() {
        let events = board.play(mv).ok_or_else(|| exited(mv.piece, turn))?;
        visit(&board, &events);
    }
    Ok(board)
}

/// The judge's answer: the final picture.
pub fn solve(input: &[u8]) -> Result<String, JudgeError> {
    match solve_canonical(input) {
        Some(answer) => answer,
        None => Ok(play_all(input, |_, _| {})?.picture()),
    }
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
        assert_eq!(PICTURE.len(), 32 * 33);
        for line in PICTURE.split('\n').take(32) {
            assert_eq!(line.len(), 32);
        }
    }
}
