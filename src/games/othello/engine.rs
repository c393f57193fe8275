//! The optimized Othello engine (SWEA 4615).
//!
//! A position is two bitboards, one `u64` per colour, for every board size N ∈ {4, 6, 8} with the
//! same fixed stride: row `x` and column `y` (0-based) are bit `x * 8 + y`, so a smaller board
//! uses the top-left N×N corner and [`board_mask`] says which bits are cells. A step in one of the
//! eight directions is a shift by 1, 7, 8 or 9; the column masks `NOT_COL_0` / `NOT_COL_7` drop
//! what a shift wraps round into the other side of the next row, and what a shift carries past
//! the last row or into a column ≥ N is never a stone (nor, for the census, an empty cell).
//!
//! A placement ([`scan`]) finds, in each direction, the run of opposite stones starting next to
//! the new stone with a three-step Kogge–Stone occluded fill (runs of up to 7 cells, the longest
//! an 8×8 board has is 6), then checks the one cell past the run with a single shift and mask: if
//! it holds a stone of the mover the run turns. Eight directions, about twenty integer operations
//! each, no branches and no loop over cells. [`legal_moves`] is the same fill started from every
//! stone of the mover at once.
//!
//! Input is read once: every line is checked as the contract says and each placement is played at
//! once; the first semantic error (`invalid`) is kept while the rest of the input is still checked
//! for syntax errors, which win. Input in the canonical layout (`T\n`, `N M\n`, `x y c\n` with
//! single spaces, nothing else) takes a byte-level fast path ([`solve`]), anything else the
//! general reader [`JudgeText`]; both feed the same placement code. Nothing allocates per
//! placement; the answers go into one `String`. [`trace`] and [`census`] run the same loop with an
//! [`Observer`] that sees every placement.

use crate::judge::{self, ErrorClass, JudgeError, JudgeText};

/// Census tags (`docs/judge-text.md`, "Census tags of the newer games"); bit i is `TAGS[i]`. The
/// first [`SHARED_TAGS`] are shared with othello_board, in the same order.
pub const TAGS: &[&str] = &[
    "flip-1-dir",
    "flip-2-dirs",
    "flip-3plus-dirs",
    "run-to-edge",
    "gap",
    "corner",
    "no-flip",
    "full-board",
    "wipe-out",
    "pass",
    "n-4",
    "n-6",
    "n-8",
    "multi-case",
];

/// Tag `flip-1-dir`: a placement flips stones in exactly one direction.
pub const FLIP_1_DIR: u64 = 1 << 0;
/// Tag `flip-2-dirs`: a placement flips stones in exactly two directions.
pub const FLIP_2_DIRS: u64 = 1 << 1;
/// Tag `flip-3plus-dirs`: a placement flips stones in three or more directions.
pub const FLIP_3PLUS_DIRS: u64 = 1 << 2;
/// Tag `run-to-edge`: in some direction a run of opposite stones runs off the board (nothing
/// flips there).
pub const RUN_TO_EDGE: u64 = 1 << 3;
/// Tag `gap`: in some direction a run of opposite stones ends at an empty cell (nothing flips
/// there).
pub const GAP: u64 = 1 << 4;
/// Tag `corner`: a placement on a corner cell.
pub const CORNER: u64 = 1 << 5;
/// Tag `no-flip`: a placement that flips nothing at all.
pub const NO_FLIP: u64 = 1 << 6;
/// Tag `full-board`: after some placement no cell is empty.
pub const FULL_BOARD: u64 = 1 << 7;
/// Tag `wipe-out`: after some placement one colour has no stone left.
pub const WIPE_OUT: u64 = 1 << 8;
/// Tag `pass`: two consecutive placements of the same colour within a test case.
pub const PASS: u64 = 1 << 9;
/// Tag `n-4`: a test case on a 4×4 board.
pub const N_4: u64 = 1 << 10;
/// Tag `n-6`: a test case on a 6×6 board.
pub const N_6: u64 = 1 << 11;
/// Tag `n-8`: a test case on an 8×8 board.
pub const N_8: u64 = 1 << 12;
/// Tag `multi-case`: more than one test case (T > 1).
pub const MULTI_CASE: u64 = 1 << 13;

/// How many leading tags of [`TAGS`] are per-placement tags shared with othello_board.
pub const SHARED_TAGS: usize = 9;

/// The contract's bound on T.
pub const MAX_CASES: i64 = 1000;

/// Bits per board row (the layout's stride), whatever N is.
pub const STRIDE: usize = 8;

const COL_0: u64 = 0x0101_0101_0101_0101;
const NOT_COL_0: u64 = !COL_0;
const NOT_COL_7: u64 = !(COL_0 << 7);

/// `BOARD_MASK[n]`: the cells of an n×n board (rows and columns 0..n).
static BOARD_MASK: [u64; 9] = {
    let mut table = [0u64; 9];
    let mut n = 1;
    while n <= 8 {
        let row = (1u64 << n) - 1;
        let mut x = 0;
        while x < n {
            table[n] |= row << (STRIDE * x);
            x += 1;
        }
        n += 1;
    }
    table
};

/// `CORNERS[n]`: the four corner cells of an n×n board.
static CORNERS: [u64; 9] = {
    let mut table = [0u64; 9];
    let mut n = 1;
    while n <= 8 {
        let last = n - 1;
        table[n] = 1 | 1 << last | 1 << (STRIDE * last) | 1 << (STRIDE * last + last);
        n += 1;
    }
    table
};

/// The cells of an n×n board (n ≤ 8) as a bit mask.
#[inline(always)]
pub fn board_mask(n: usize) -> u64 {
    BOARD_MASK[n]
}

/// The bit index of row `x`, column `y` (both 0-based).
#[inline(always)]
pub const fn cell(x: usize, y: usize) -> u32 {
    (x * STRIDE + y) as u32
}

/// A stone colour; the input's `c` is 1 for black, 2 for white.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Black: colour 1 in the input, `B` in the trace and the picture.
    Black,
    /// White: colour 2 in the input, `W` in the trace and the picture.
    White,
}

impl Colour {
    /// The colour of an input code (1 black, 2 white).
    pub fn from_code(code: i64) -> Option<Colour> {
        match code {
            1 => Some(Colour::Black),
            2 => Some(Colour::White),
            _ => None,
        }
    }

    /// The input code of the colour (1 black, 2 white).
    pub fn code(self) -> u8 {
        match self {
            Colour::Black => 1,
            Colour::White => 2,
        }
    }

    /// The other colour.
    pub fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// The letter of the trace and the board picture: `B` or `W`.
    pub fn letter(self) -> char {
        match self {
            Colour::Black => 'B',
            Colour::White => 'W',
        }
    }
}

/// What one placement did. `flips` is always filled in; the rest only by an observed scan
/// (`scan::<true>`), for the census.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Scan {
    /// The stones that turned (the placed stone is not among them).
    pub flips: u64,
    /// Number of directions in which stones turned.
    pub dirs: u32,
    /// In some direction a run of opposite stones ended at an empty cell.
    pub gap: bool,
    /// In some direction a run of opposite stones ran off the board.
    pub edge: bool,
}

#[inline(always)]
fn shift<const LEFT: bool>(x: u64, by: u32) -> u64 {
    if LEFT {
        x << by
    } else {
        x >> by
    }
}

/// One direction of [`scan`]: `LEFT`/`S` is the shift of one step, `wrap` the cells a step may
/// land on without having wrapped round a row end.
#[inline(always)]
fn ray<const LEFT: bool, const S: u32, const OBSERVE: bool>(
    m: u64,
    own: u64,
    opp: u64,
    empty: u64,
    wrap: u64,
    scan: &mut Scan,
) {
    // Occluded fill from the new stone through opposite stones: 1, then 2, then 4 steps at once.
    let mut pro = opp & wrap;
    let mut run = m;
    run |= pro & shift::<LEFT>(run, S);
    pro &= shift::<LEFT>(pro, S);
    run |= pro & shift::<LEFT>(run, 2 * S);
    pro &= shift::<LEFT>(pro, 2 * S);
    run |= pro & shift::<LEFT>(run, 4 * S);
    // One step past every cell of the fill: run cells, and the one cell past the run.
    let next = shift::<LEFT>(run, S) & wrap;
    run ^= m;
    let closed = next & own != 0;
    scan.flips |= run & (closed as u64).wrapping_neg();
    if OBSERVE && run != 0 {
        if closed {
            scan.dirs += 1;
        } else if next & empty != 0 {
            scan.gap = true;
        } else {
            scan.edge = true;
        }
    }
}

/// `RAYS[cell]`: the cells of the 8×8 layout in each of the eight directions from `cell`, not
/// counting `cell`; the first four directions step toward higher bits, the last four toward lower.
static RAYS: [[u64; 8]; 64] = {
    const STEPS: [(i32, i32); 8] = [
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
        (0, -1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
    ];
    let mut table = [[0u64; 8]; 64];
    let mut at = 0;
    while at < 64 {
        let mut d = 0;
        while d < 8 {
            let (mut x, mut y) = ((at / 8) as i32, (at % 8) as i32);
            loop {
                x += STEPS[d].0;
                y += STEPS[d].1;
                if x < 0 || x >= 8 || y < 0 || y >= 8 {
                    break;
                }
                table[at][d] |= 1 << (x * 8 + y);
            }
            d += 1;
        }
        at += 1;
    }
    table
};

/// The flips of [`scan`] without the census details, from the ray tables: in each direction the
/// first cell of the ray that is on the board and not an opposite stone (the lowest such bit of an
/// ascending ray, the highest of a descending one) closes the run when it holds the mover's stone;
/// the run is then the ray's cells between the new stone and that cell. A ray of the 8×8 layout
/// that leaves the n×n corner never comes back, so a run reaching the edge finds no closing cell.
/// About nine integer operations per direction against the occluded fill's twenty.
#[inline(always)]
fn flips_by_rays(cell: u32, own: u64, opp: u64, mask: u64) -> u64 {
    let rays = &RAYS[cell as usize % 64];
    let stop = mask & !opp;
    let mut flips = 0;
    for &ray in &rays[..4] {
        let ends = ray & stop;
        let closing = ends & ends.wrapping_neg() & own;
        // The cells below the closing one (none when there is none).
        flips |= closing.wrapping_sub((closing != 0) as u64) & ray;
    }
    for &ray in &rays[4..] {
        let ends = ray & stop;
        // A descending ray never holds bit 63, so `lz` is 1..=64 (64: no end on the board).
        let lz = ends.leading_zeros();
        let closed = (own << (lz % 64)) >> 63 & (ends != 0) as u64;
        // The cells above the closing one.
        flips |= (u64::MAX << (64 - lz)) & ray & closed.wrapping_neg();
    }
    flips
}

/// The stones a stone of the side owning `own` turns when put on the empty cell `cell`, with
/// `opp` the other side's stones and `mask` the board's cells ([`board_mask`]). Without `OBSERVE`
/// only the flips are needed and the ray tables give them (`flips_by_rays`); the observed scan
/// fills runs with shifts to tell a gap from the edge for the census.
#[inline(always)]
pub fn scan<const OBSERVE: bool>(cell: u32, own: u64, opp: u64, mask: u64) -> Scan {
    if !OBSERVE {
        return Scan {
            flips: flips_by_rays(cell, own, opp, mask),
            ..Scan::default()
        };
    }
    let m = 1u64 << cell;
    let empty = mask & !(own | opp | m);
    let mut s = Scan::default();
    ray::<true, 1, OBSERVE>(m, own, opp, empty, NOT_COL_0, &mut s);
    ray::<false, 1, OBSERVE>(m, own, opp, empty, NOT_COL_7, &mut s);
    ray::<true, 8, OBSERVE>(m, own, opp, empty, !0, &mut s);
    ray::<false, 8, OBSERVE>(m, own, opp, empty, !0, &mut s);
    ray::<true, 9, OBSERVE>(m, own, opp, empty, NOT_COL_0, &mut s);
    ray::<false, 9, OBSERVE>(m, own, opp, empty, NOT_COL_7, &mut s);
    ray::<true, 7, OBSERVE>(m, own, opp, empty, NOT_COL_7, &mut s);
    ray::<false, 7, OBSERVE>(m, own, opp, empty, NOT_COL_0, &mut s);
    s
}

/// One direction of [`legal_moves`]: the cells one step past a run of opposite stones that
/// starts next to a stone of the mover.
#[inline(always)]
fn moves_ray<const LEFT: bool, const S: u32>(own: u64, opp: u64, wrap: u64) -> u64 {
    let mut pro = opp & wrap;
    let mut run = pro & shift::<LEFT>(own, S);
    run |= pro & shift::<LEFT>(run, S);
    pro &= shift::<LEFT>(pro, S);
    run |= pro & shift::<LEFT>(run, 2 * S);
    pro &= shift::<LEFT>(pro, 2 * S);
    run |= pro & shift::<LEFT>(run, 4 * S);
    shift::<LEFT>(run, S) & wrap
}

/// The legal moves (empty cells where a placement turns at least one stone) of the side owning
/// `own` against `opp` on an n×n board.
pub fn legal_moves(own: u64, opp: u64, n: usize) -> u64 {
    let empty = board_mask(n) & !(own | opp);
    (moves_ray::<true, 1>(own, opp, NOT_COL_0)
        | moves_ray::<false, 1>(own, opp, NOT_COL_7)
        | moves_ray::<true, 8>(own, opp, !0)
        | moves_ray::<false, 8>(own, opp, !0)
        | moves_ray::<true, 9>(own, opp, NOT_COL_0)
        | moves_ray::<false, 9>(own, opp, NOT_COL_7)
        | moves_ray::<true, 7>(own, opp, NOT_COL_7)
        | moves_ray::<false, 7>(own, opp, NOT_COL_0))
        & empty
}

/// An N×N board: the black and the white stones as bit masks (bit [`cell`]`(x, y)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// The side N: 4, 6 or 8 (othello_board's board is 6×6).
    pub n: usize,
    /// The black stones, bit [`cell`]`(x, y)` for a stone on row `x`, column `y`.
    pub black: u64,
    /// The white stones, bit [`cell`]`(x, y)` for a stone on row `x`, column `y`.
    pub white: u64,
}

impl Board {
    /// The starting position (OT-7): white on the centre's main diagonal, black on the
    /// other two centre cells. `n` must be 4, 6 or 8.
    pub fn new(n: usize) -> Board {
        assert!(matches!(n, 4 | 6 | 8), "board size {n} is not 4, 6 or 8");
        let h = n / 2;
        Board {
            n,
            black: 1 << cell(h - 1, h) | 1 << cell(h, h - 1),
            white: 1 << cell(h - 1, h - 1) | 1 << cell(h, h),
        }
    }

    /// The cells of this board.
    #[inline(always)]
    pub fn mask(&self) -> u64 {
        board_mask(self.n)
    }

    /// The stones of one colour.
    #[inline(always)]
    pub fn stones(&self, colour: Colour) -> u64 {
        match colour {
            Colour::Black => self.black,
            Colour::White => self.white,
        }
    }

    /// The stones of both colours.
    #[inline(always)]
    pub fn occupied(&self) -> u64 {
        self.black | self.white
    }

    /// The empty cells.
    pub fn empty(&self) -> u64 {
        self.mask() & !self.occupied()
    }

    /// The stone on row `x`, column `y` (0-based), if any.
    pub fn get(&self, x: usize, y: usize) -> Option<Colour> {
        let bit = 1u64 << cell(x, y);
        if self.black & bit != 0 {
            Some(Colour::Black)
        } else if self.white & bit != 0 {
            Some(Colour::White)
        } else {
            None
        }
    }

    /// Whether row `x`, column `y` (0-based) is empty.
    pub fn is_empty(&self, x: usize, y: usize) -> bool {
        self.occupied() & 1 << cell(x, y) == 0
    }

    /// The number of stones of `colour` on the board.
    pub fn count(&self, colour: Colour) -> u32 {
        self.stones(colour).count_ones()
    }

    /// The number of black stones on the board.
    pub fn black_count(&self) -> u32 {
        self.black.count_ones()
    }

    /// The number of white stones on the board.
    pub fn white_count(&self) -> u32 {
        self.white.count_ones()
    }

    /// No cell is empty.
    pub fn is_full(&self) -> bool {
        self.occupied() == self.mask()
    }

    /// The legal moves of `colour` as a mask of cells.
    pub fn legal_moves(&self, colour: Colour) -> u64 {
        legal_moves(self.stones(colour), self.stones(colour.opponent()), self.n)
    }

    /// The stones a stone of `colour` on row `x`, column `y` (0-based, an empty cell) would turn.
    pub fn flips(&self, x: usize, y: usize, colour: Colour) -> u64 {
        let (own, opp) = self.sides(colour);
        scan::<false>(cell(x, y), own, opp, self.mask()).flips
    }

    /// Puts a stone of `colour` on row `x`, column `y` (0-based; the cell must be empty) and turns
    /// what it brackets (OT-9 to OT-12); returns the turned stones. Legality is not checked: a
    /// placement that turns nothing just puts the stone.
    pub fn place(&mut self, x: usize, y: usize, colour: Colour) -> u64 {
        debug_assert!(self.is_empty(x, y));
        self.play::<false>(cell(x, y), colour).flips
    }

    /// [`place`](Board::place) with the census details of the placement.
    pub fn place_observed(&mut self, x: usize, y: usize, colour: Colour) -> Scan {
        debug_assert!(self.is_empty(x, y));
        self.play::<true>(cell(x, y), colour)
    }

    #[inline(always)]
    fn sides(&self, colour: Colour) -> (u64, u64) {
        match colour {
            Colour::Black => (self.black, self.white),
            Colour::White => (self.white, self.black),
        }
    }

    /// The placement itself (OT-9) on the empty cell `cell`.
    #[inline(always)]
    pub fn play<const OBSERVE: bool>(&mut self, cell: u32, colour: Colour) -> Scan {
        let (own, opp) = self.sides(colour);
        let s = scan::<OBSERVE>(cell, own, opp, self.mask());
        let own = own | 1 << cell | s.flips;
        let opp = opp & !s.flips;
        (self.black, self.white) = match colour {
            Colour::Black => (own, opp),
            Colour::White => (opp, own),
        };
        s
    }

    /// Appends the rows `x = 1..=N` of the board, each N letters (`B`, `W`, `.`), with
    /// `separator` between rows (the trace uses `/`, the picture a newline).
    pub fn write_rows(&self, out: &mut String, separator: char) {
        for x in 0..self.n {
            if x > 0 {
                out.push(separator);
            }
            for y in 0..self.n {
                out.push(self.get(x, y).map_or('.', Colour::letter));
            }
        }
    }
}

/// One applied placement, as an [`Observer`] sees it.
#[derive(Debug, Clone, Copy)]
pub struct Step<'b> {
    /// 1-based test case.
    pub case: usize,
    /// 1-based placement within the test case.
    pub index: usize,
    /// The cell of the new stone, as a bit index ([`cell`]).
    pub cell: u32,
    /// The colour of the new stone.
    pub colour: Colour,
    /// The board after the placement.
    pub board: &'b Board,
    /// What the placement did, census details included (an observed scan).
    pub scan: Scan,
}

/// Watches a run of the input (trace, census). `ACTIVE = false` (the plain answer) skips the
/// calls and the census details of each placement.
pub trait Observer {
    /// Whether the run calls the observer at all and works out each placement's census
    /// details (`false` skips both).
    const ACTIVE: bool;
    /// Whether each placement is scanned for its census details (which runs end at a gap or at
    /// the edge: the observed scan) rather than by the ray tables the plain answer uses. A
    /// tracer needs only the board, so its trace is played by the answer's own code and a bug
    /// there shows at its turn.
    const DETAILS: bool = Self::ACTIVE;
    /// A test case of size `n` starts.
    fn case(&mut self, _case: usize, _n: usize) {}
    /// A placement has been applied.
    fn placed(&mut self, _step: &Step<'_>) {}
}

/// The observer of [`solve`]: nothing.
struct Quiet;

impl Observer for Quiet {
    const ACTIVE: bool = false;
}

#[cold]
#[inline(never)]
fn occupied_error(line: usize, cell: u32) -> JudgeError {
    let (x, y) = (cell as usize / STRIDE + 1, cell as usize % STRIDE + 1);
    JudgeError::new(
        ErrorClass::Invalid,
        line,
        format!("cell ({x}, {y}) is already occupied"),
    )
}

#[cold]
#[inline(never)]
fn no_flip_error(line: usize, cell: u32) -> JudgeError {
    let (x, y) = (cell as usize / STRIDE + 1, cell as usize % STRIDE + 1);
    JudgeError::new(
        ErrorClass::Invalid,
        line,
        format!("a stone on ({x}, {y}) turns nothing: not a legal move (--strict)"),
    )
}

/// Applies one placement read from line `line`: `invalid` on an occupied cell, and in strict mode
/// on a placement that turns nothing (after which the board is of no further use).
#[inline(always)]
pub fn apply<const OBSERVE: bool>(
    board: &mut Board,
    line: usize,
    cell: u32,
    colour: Colour,
    strict: bool,
) -> Result<Scan, JudgeError> {
    if board.occupied() >> cell & 1 != 0 {
        return Err(occupied_error(line, cell));
    }
    let s = board.play::<OBSERVE>(cell, colour);
    if strict && s.flips == 0 {
        return Err(no_flip_error(line, cell));
    }
    Ok(s)
}

/// The census tags of one observed placement that both Othello games share (the first
/// [`SHARED_TAGS`] bits).
pub fn placement_tags(step: &Step<'_>) -> u64 {
    let s = &step.scan;
    let board = step.board;
    let mut bits = match s.dirs {
        0 => 0,
        1 => FLIP_1_DIR,
        2 => FLIP_2_DIRS,
        _ => FLIP_3PLUS_DIRS,
    };
    if s.edge {
        bits |= RUN_TO_EDGE;
    }
    if s.gap {
        bits |= GAP;
    }
    if CORNERS[board.n] >> step.cell & 1 != 0 {
        bits |= CORNER;
    }
    if s.flips == 0 {
        bits |= NO_FLIP;
    }
    if board.is_full() {
        bits |= FULL_BOARD;
    }
    if board.black == 0 || board.white == 0 {
        bits |= WIPE_OUT;
    }
    bits
}

/// Appends a decimal number.
pub fn push_number(out: &mut String, mut value: usize) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&digits[i..]).expect("digits are ASCII"));
}

/// The simulation both readers feed: the board of the current test case, the answer so far, and
/// the first semantic error (after which nothing more is played, only read).
struct Sim<'o, O: Observer> {
    strict: bool,
    board: Board,
    case: usize,
    index: usize,
    invalid: Option<JudgeError>,
    out: String,
    observer: &'o mut O,
}

impl<'o, O: Observer> Sim<'o, O> {
    fn new(strict: bool, cases: usize, observer: &'o mut O) -> Self {
        Sim {
            strict,
            board: Board::new(4),
            case: 0,
            index: 0,
            invalid: None,
            // "#1000 64 0\n" is 11 bytes.
            out: String::with_capacity(cases * 12),
            observer,
        }
    }

    #[inline]
    fn start_case(&mut self, n: usize) {
        self.case += 1;
        self.index = 0;
        self.board = Board::new(n);
        if O::ACTIVE && self.invalid.is_none() {
            self.observer.case(self.case, n);
        }
    }

    #[inline(always)]
    fn place(&mut self, line: usize, cell: u32, colour: Colour) {
        if self.invalid.is_some() {
            return;
        }
        self.index += 1;
        let applied = if O::DETAILS {
            apply::<true>(&mut self.board, line, cell, colour, self.strict)
        } else {
            apply::<false>(&mut self.board, line, cell, colour, self.strict)
        };
        match applied {
            Ok(scan) => {
                if O::ACTIVE {
                    self.observer.placed(&Step {
                        case: self.case,
                        index: self.index,
                        cell,
                        colour,
                        board: &self.board,
                        scan,
                    });
                }
            }
            Err(e) => self.invalid = Some(e),
        }
    }

    #[inline]
    fn end_case(&mut self) {
        if self.invalid.is_none() {
            self.out.push('#');
            push_number(&mut self.out, self.case);
            self.out.push(' ');
            push_number(&mut self.out, self.board.black_count() as usize);
            self.out.push(' ');
            push_number(&mut self.out, self.board.white_count() as usize);
            self.out.push('\n');
        }
    }

    fn finish(self) -> Result<String, JudgeError> {
        match self.invalid {
            Some(e) => Err(e),
            None => Ok(self.out),
        }
    }
}

/// Reads `N` of a test case header: 4, 6 or 8, anything else `out-of-range`.
fn board_size(field: &str, line: usize) -> Result<usize, JudgeError> {
    let n = judge::number(field, line, "the board size N", 4, 8)?;
    if n % 2 != 0 {
        return Err(JudgeError::new(
            ErrorClass::OutOfRange,
            line,
            format!("the board size N must be 4, 6 or 8, found {field}"),
        ));
    }
    Ok(n as usize)
}

/// A placement line of three fields, `x y c`, checked field by field as the contract says.
#[cold]
fn placement(raw: &str, line: usize, n: usize) -> Result<(u32, Colour), JudgeError> {
    let mut fields = judge::fields(raw);
    let mut next = || fields.next().unwrap_or_default();
    let x = judge::number(next(), line, "x", 1, n as i64)? as usize;
    let y = judge::number(next(), line, "y", 1, n as i64)? as usize;
    let c = judge::number(next(), line, "the colour c", 1, 2)?;
    let colour = if c == 1 { Colour::Black } else { Colour::White };
    Ok((cell(x - 1, y - 1), colour))
}

/// The common case of [`placement`]: a line of three fields that reads `x y c` once trimmed,
/// single digits in range; `None` for anything else.
#[inline]
fn plain_placement(raw: &str, n: usize) -> Option<(u32, Colour)> {
    match *raw.trim_ascii().as_bytes() {
        [x, b' ', y, b' ', c] => {
            let (x, y, c) = (
                x.wrapping_sub(b'1') as usize,
                y.wrapping_sub(b'1') as usize,
                c.wrapping_sub(b'1'),
            );
            let colour = if c == 0 { Colour::Black } else { Colour::White };
            ((x < n) & (y < n) & (c < 2)).then_some((cell(x, y), colour))
        }
        _ => None,
    }
}

/// Reads and plays the whole input with the general reader (`docs/judge-text.md`, othello).
fn run<O: Observer>(input: &[u8], strict: bool, observer: &mut O) -> Result<String, JudgeError> {
    let mut text = JudgeText::new(input)?;
    let (line, [t]) = text.fields::<1>("the number of test cases T")?;
    let cases = judge::number(t, line, "the number of test cases T", 1, MAX_CASES)? as usize;
    let mut sim = Sim::new(strict, cases, observer);
    for _ in 0..cases {
        let (line, [n, m]) = text.fields::<2>("a test case header `N M`")?;
        let n = board_size(n, line)?;
        let hi = (n * n - 4) as i64;
        let m = judge::number(m, line, "the number of placements M", 0, hi)?;
        sim.start_case(n);
        for _ in 0..m {
            let (line, raw) = text.line(3, "a placement `x y c`")?;
            let (at, colour) = match plain_placement(raw, n) {
                Some(placement) => placement,
                None => placement(raw, line, n)?,
            };
            sim.place(line, at, colour);
        }
        sim.end_case();
    }
    text.finish()?;
    sim.finish()
}

/// A number of 1 to 4 ASCII digits at `*pos` followed by the byte `end`, for the fast path.
#[inline]
fn canonical_number(input: &[u8], pos: &mut usize, end: u8) -> Option<usize> {
    let mut value = 0;
    let mut i = *pos;
    while i < input.len() && input[i].is_ascii_digit() && i - *pos < 4 {
        value = value * 10 + (input[i] - b'0') as usize;
        i += 1;
    }
    if i == *pos || input.get(i) != Some(&end) {
        return None;
    }
    *pos = i + 1;
    Some(value)
}

/// The fast path of [`solve`], for input in the canonical layout: `T\n`, then per test case
/// `N M\n` and M lines of exactly `x y c\n` (single digits), nothing else. Every such line is a
/// required line with the right fields, so only the ranges need checking; any other byte or an
/// out-of-range value returns `None` and the general reader takes the input from the start (and
/// gives each error its class and line).
fn solve_canonical(input: &[u8], strict: bool) -> Option<Result<String, JudgeError>> {
    let mut pos = 0;
    let cases = canonical_number(input, &mut pos, b'\n')?;
    if !(1..=MAX_CASES as usize).contains(&cases) {
        return None;
    }
    let mut quiet = Quiet;
    let mut sim = Sim::new(strict, cases, &mut quiet);
    let mut line = 1;
    for _ in 0..cases {
        let n = canonical_number(input, &mut pos, b' ')?;
        let m = canonical_number(input, &mut pos, b'\n')?;
        line += 1;
        if !matches!(n, 4 | 6 | 8) || m > n * n - 4 {
            return None;
        }
        sim.start_case(n);
        let body = input.get(pos..pos + 6 * m)?;
        for b in body.chunks_exact(6) {
            line += 1;
            let x = b[0].wrapping_sub(b'1') as usize;
            let y = b[2].wrapping_sub(b'1') as usize;
            let c = b[4].wrapping_sub(b'1');
            let ok =
                (x < n) & (y < n) & (c < 2) & (b[1] == b' ') & (b[3] == b' ') & (b[5] == b'\n');
            if !ok {
                return None;
            }
            let colour = if c == 0 { Colour::Black } else { Colour::White };
            sim.place(line, cell(x, y), colour);
        }
        pos += 6 * m;
        sim.end_case();
    }
    if pos != input.len() {
        return None;
    }
    Some(sim.finish())
}

/// The judge's answer: one line `#t B W` per test case. `strict` rejects placements that turn
/// nothing.
pub fn solve(input: &[u8], strict: bool) -> Result<String, JudgeError> {
    match solve_canonical(input, strict) {
        Some(answer) => answer,
        None => run(input, strict, &mut Quiet),
    }
}

struct Tracer {
    lines: Vec<String>,
}

impl Observer for Tracer {
    const ACTIVE: bool = true;
    const DETAILS: bool = false;

    fn placed(&mut self, step: &Step<'_>) {
        let mut line = String::with_capacity(16 + 72);
        push_number(&mut line, step.case);
        line.push('.');
        push_number(&mut line, step.index);
        line.push_str(": ");
        step.board.write_rows(&mut line, '/');
        self.lines.push(line);
    }
}

/// One line `t.k: ROWS` per placement, the board after it (`docs/judge-text.md`, othello).
pub fn trace(input: &[u8], strict: bool) -> Result<Vec<String>, JudgeError> {
    let mut tracer = Tracer { lines: Vec::new() };
    run(input, strict, &mut tracer)?;
    Ok(tracer.lines)
}

struct Census {
    bits: u64,
    last: Option<Colour>,
}

impl Observer for Census {
    const ACTIVE: bool = true;

    fn case(&mut self, case: usize, n: usize) {
        self.bits |= match n {
            4 => N_4,
            6 => N_6,
            _ => N_8,
        };
        if case > 1 {
            self.bits |= MULTI_CASE;
        }
        self.last = None;
    }

    fn placed(&mut self, step: &Step<'_>) {
        self.bits |= placement_tags(step);
        if self.last == Some(step.colour) {
            self.bits |= PASS;
        }
        self.last = Some(step.colour);
    }
}

/// The census of an input: bit i set when `TAGS[i]` holds.
pub fn census(input: &[u8], strict: bool) -> Result<u64, JudgeError> {
    let mut census = Census {
        bits: 0,
        last: None,
    };
    run(input, strict, &mut census)?;
    Ok(census.bits)
}

/// The self-check's observer: each placement of the run is played again, on the board before
/// it, through the helpers the generator and the unit tests build boards with — [`Board::flips`],
/// [`Board::place`], [`Board::place_observed`], [`Board::count`], [`Colour::code`] and
/// [`Colour::from_code`] — and each must agree with what the run's own placement did. The first
/// disagreement is kept.
struct Replay {
    problem: Option<String>,
}

impl Observer for Replay {
    const ACTIVE: bool = true;

    fn placed(&mut self, step: &Step<'_>) {
        if self.problem.is_some() {
            return;
        }
        let after = *step.board;
        let (stone, flips, colour) = (1u64 << step.cell, step.scan.flips, step.colour);
        // Undo the placement: the stone goes, the turned stones go back to the opponent.
        let (own, opp) = after.sides(colour);
        let (own, opp) = (own & !stone & !flips, opp | flips);
        let (black, white) = match colour {
            Colour::Black => (own, opp),
            Colour::White => (opp, own),
        };
        let before = Board {
            n: after.n,
            black,
            white,
        };
        let (x, y) = (step.cell as usize / STRIDE, step.cell as usize % STRIDE);
        let (mut placed, mut observed) = (before, before);
        let checks = [
            ("Board::flips", before.flips(x, y, colour) == flips),
            (
                "Board::place",
                placed.place(x, y, colour) == flips && placed == after,
            ),
            (
                "Board::place_observed",
                observed.place_observed(x, y, colour) == step.scan && observed == after,
            ),
            (
                "Board::count",
                after.count(Colour::Black) == after.black_count()
                    && after.count(Colour::White) == after.white_count(),
            ),
            (
                "Colour::code",
                Colour::from_code(colour.code().into()) == Some(colour),
            ),
        ];
        if let Some((name, _)) = checks.iter().find(|(_, ok)| !ok) {
            self.problem = Some(format!(
                "othello's {name} disagrees with the run's placement {} of test case {}",
                step.index, step.case
            ));
        }
    }
}

/// The engine's self-check ([`crate::game::Game::self_check`]): every placement of a valid
/// input, replayed through the board helpers, agrees with the run (`Replay`). An input the
/// engine rejects has nothing to check.
pub fn self_check(input: &[u8], strict: bool) -> Result<(), String> {
    let mut replay = Replay { problem: None };
    match run(input, strict, &mut replay) {
        Err(_) => Ok(()),
        Ok(_) => replay.problem.map_or(Ok(()), Err),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn self_check_notices_a_placement_the_helpers_do_not_repeat() {
        let mut board = Board::new(4);
        let at = cell(0, 1);
        // Black on (0, 1) brackets the white stone on (1, 1) against the black one on (2, 1).
        let scan = board.play::<true>(at, Colour::Black);
        assert_eq!(scan.flips, 1 << cell(1, 1));
        let step = |scan| Step {
            case: 1,
            index: 1,
            cell: at,
            colour: Colour::Black,
            board: &board,
            scan,
        };
        let mut replay = Replay { problem: None };
        replay.placed(&step(scan));
        assert_eq!(replay.problem, None);
        // The same board after it, but a step that claims nothing turned: undone, the stone on
        // (1, 1) stays black, where nothing turns (so `flips` and `place` agree with the claim),
        // but the step also claims a direction that turned stones, which `place_observed` does not
        // repeat.
        replay.placed(&step(Scan { flips: 0, ..scan }));
        let problem = replay.problem.expect("a wrong step is noticed");
        assert!(problem.contains("Board::place_observed"), "{problem}");
    }

    fn answer(input: &str) -> String {
        solve(input.as_bytes(), false).unwrap()
    }

    fn error(input: &str, strict: bool) -> (&'static str, usize) {
        let e = solve(input.as_bytes(), strict).unwrap_err();
        let general = run(input.as_bytes(), strict, &mut Quiet).unwrap_err();
        assert_eq!(
            (e.class, e.line),
            (general.class, general.line),
            "{input:?}"
        );
        (e.class.name(), e.line)
    }

    fn tags(input: &str, strict: bool) -> Vec<&'static str> {
        let bits = census(input.as_bytes(), strict).unwrap();
        TAGS.iter()
            .enumerate()
            .filter(|(i, _)| bits >> i & 1 != 0)
            .map(|(_, t)| *t)
            .collect()
    }

    fn rows(board: &Board) -> String {
        let mut s = String::new();
        board.write_rows(&mut s, '/');
        s
    }

    /// A board from its rows (`B`, `W`, `.`), row 1 first.
    fn board_of(rows: &[&str]) -> Board {
        let n = rows.len();
        let mut b = Board {
            n,
            black: 0,
            white: 0,
        };
        for (x, row) in rows.iter().enumerate() {
            for (y, ch) in row.bytes().enumerate() {
                match ch {
                    b'B' => b.black |= 1 << cell(x, y),
                    b'W' => b.white |= 1 << cell(x, y),
                    _ => {}
                }
            }
        }
        b
    }

    const SAMPLE: &str = "1\n4 12\n1 2 1\n1 1 2\n4 3 1\n4 4 2\n2 1 1\n4 2 2\n3 4 1\n1 3 2\n\
                          2 4 1\n1 4 2\n4 1 2\n3 1 2\n";

    #[test]
    fn official_sample() {
        assert_eq!(answer(SAMPLE), "#1 0 16\n");
        assert_eq!(solve(SAMPLE.as_bytes(), true).unwrap(), "#1 0 16\n");
    }

    #[test]
    fn derived_checks() {
        // Gap check: the run interrupted by an empty cell must not turn.
        assert_eq!(answer("1\n4 4\n2 1 1\n1 3 2\n2 4 1\n1 1 2\n"), "#1 4 4\n");
        // Initial-colour check.
        assert_eq!(answer("1\n4 1\n1 2 1\n"), "#1 4 1\n");
    }

    #[test]
    fn initial_position() {
        assert_eq!(rows(&Board::new(4)), "..../.WB./.BW./....");
        assert_eq!(
            rows(&Board::new(6)),
            "....../....../..WB../..BW../....../......"
        );
        assert_eq!(
            rows(&Board::new(8)),
            "......../......../......../...WB.../...BW.../......../......../........"
        );
        assert_eq!(answer("3\n4 0\n6 0\n8 0\n"), "#1 2 2\n#2 2 2\n#3 2 2\n");
        let b = Board::new(8);
        // Black's four classic openings.
        let expected = 1 << cell(2, 3) | 1 << cell(3, 2) | 1 << cell(4, 5) | 1 << cell(5, 4);
        assert_eq!(b.legal_moves(Colour::Black), expected);
    }

    #[test]
    fn gap_and_run_to_the_edge_turn_nothing() {
        // A gap: from (1,1) the diagonal holds W, then an empty cell, then B.
        let mut b = board_of(&["....", ".W..", "....", "...B"]);
        let s = b.place_observed(0, 0, Colour::Black);
        assert_eq!(s.flips, 0);
        assert!(s.gap && !s.edge && s.dirs == 0);
        // A run to the edge: row 2, from column 1, W W W up to the board's right edge.
        let mut b = board_of(&["....", ".WWW", "....", "...."]);
        let s = b.place_observed(1, 0, Colour::Black);
        assert_eq!(s.flips, 0);
        assert!(s.edge && !s.gap && s.dirs == 0);
        assert_eq!(rows(&b), "..../BWWW/..../....");
        // The same run closed by a black stone turns.
        let mut b = board_of(&["....", ".WWB", "....", "...."]);
        assert_eq!(
            b.place(1, 0, Colour::Black),
            1 << cell(1, 1) | 1 << cell(1, 2)
        );
        assert_eq!(rows(&b), "..../BBBB/..../....");
        // On a 6×6 board the edge is column 6 and row 6, although the bitboard goes on: the
        // cell past the run is off the board, not an empty cell.
        let mut b = board_of(&["......", ".WWWWW", "......", "......", "......", "......"]);
        let s = b.place_observed(1, 0, Colour::Black);
        assert!(s.edge && !s.gap && s.flips == 0);
        let mut b = board_of(&["......", "W.....", "W.....", "W.....", "W.....", "W....."]);
        let s = b.place_observed(0, 0, Colour::Black);
        assert!(s.edge && !s.gap && s.flips == 0);
        let mut b = board_of(&["......", "....W.", "...W..", "..W...", ".W....", "......"]);
        let s = b.place_observed(0, 5, Colour::Black);
        assert!(s.gap && !s.edge && s.flips == 0);
        // On an 8×8 board a run to the right or left edge must not wrap round into the next
        // or previous row, where a black stone waits.
        let mut b = board_of(&[
            ".WWWWWWW", "B.......", "........", "........", "........", "........", "........",
            "........",
        ]);
        let s = b.place_observed(0, 0, Colour::Black);
        assert!(s.edge && !s.gap && s.flips == 0, "{s:?}");
        let mut b = board_of(&[
            "........", "........", "........", "........", "........", "........", ".......B",
            "WWWWWWW.",
        ]);
        let s = b.place_observed(7, 7, Colour::Black);
        assert!(s.edge && !s.gap && s.flips == 0, "{s:?}");
    }

    #[test]
    fn no_chain_reaction() {
        // Black on (1,1) turns (1,2). The turned stone would bracket (2,2) against (3,2), but
        // newly turned stones turn nothing.
        let mut b = board_of(&[
            ".WB.....", ".W......", ".B......", "........", "........", "........", "........",
            "........",
        ]);
        assert_eq!(b.place(0, 0, Colour::Black), 1 << cell(0, 1));
        assert_eq!(b.get(1, 1), Some(Colour::White));
        assert_eq!(answer("1\n4 2\n1 2 1\n1 1 2\n"), "#1 3 3\n");
    }

    #[test]
    fn non_flipping_placement_applied_by_default_rejected_when_strict() {
        let input = "1\n4 2\n1 2 1\n4 1 1\n";
        assert_eq!(answer(input), "#1 5 1\n");
        assert_eq!(error(input, true), ("invalid", 4));
        let t = trace(input.as_bytes(), false).unwrap();
        assert_eq!(t[1], "1.2: .B../.BB./.BW./B...");
    }

    #[test]
    fn error_messages_name_the_cell() {
        // Row 3, column 4: a centre stone of the 6×6 board (row and column differ, so a mix-up of
        // the two, or of / and %, shows).
        let occupied = solve(b"1\n6 1\n3 4 1\n", false).unwrap_err();
        assert!(occupied.message.contains("(3, 4)"), "{}", occupied.message);
        // A corner that turns nothing, rejected in strict mode.
        let no_flip = solve(b"1\n4 1\n1 4 1\n", true).unwrap_err();
        assert!(no_flip.message.contains("(1, 4)"), "{}", no_flip.message);
    }

    #[test]
    fn occupied_cell_is_invalid_in_both_modes() {
        let input = "2\n4 0\n4 2\n1 2 1\n2 2 2\n";
        assert_eq!(error(input, false), ("invalid", 5));
        assert_eq!(error(input, true), ("invalid", 5));
        // A centre stone.
        assert_eq!(error("1\n6 1\n3 3 1\n", false), ("invalid", 3));
        // A syntax error anywhere beats an invalid placement.
        assert_eq!(
            error("1\n4 3\n1 2 1\n1 2 2\n1 1 3\n", false),
            ("out-of-range", 5)
        );
        assert_eq!(
            error("2\n4 2\n1 2 1\n1 2 2\n4 0\n\nx\n", false),
            ("trailing", 7)
        );
        // The first invalid placement in input order wins.
        assert_eq!(
            error("2\n4 1\n1 1 1\n4 2\n1 2 1\n1 2 1\n", true),
            ("invalid", 3)
        );
    }

    #[test]
    fn syntax_errors() {
        assert_eq!(error("", false), ("truncated", 1));
        assert_eq!(error("0\n", false), ("out-of-range", 1));
        assert_eq!(error("1001\n", false), ("out-of-range", 1));
        assert_eq!(error("1 1\n", false), ("malformed", 1));
        assert_eq!(error("+1\n4 0\n", false), ("malformed", 1));
        assert_eq!(error("1\n5 0\n", false), ("out-of-range", 2));
        assert_eq!(error("1\n7 0\n", false), ("out-of-range", 2));
        assert_eq!(error("1\n10 0\n", false), ("out-of-range", 2));
        assert_eq!(error("1\n-4 0\n", false), ("out-of-range", 2));
        // N is checked before M.
        assert_eq!(error("1\n5 x\n", false), ("out-of-range", 2));
        assert_eq!(error("1\nx 99\n", false), ("malformed", 2));
        assert_eq!(error("1\n4 13\n", false), ("out-of-range", 2));
        assert_eq!(error("1\n4 -1\n", false), ("out-of-range", 2));
        assert_eq!(error("1\n6 33\n", false), ("out-of-range", 2));
        assert_eq!(error("1\n4 1\n0 1 1\n", false), ("out-of-range", 3));
        assert_eq!(error("1\n4 1\n1 5 1\n", false), ("out-of-range", 3));
        assert_eq!(error("1\n4 1\n5 1 1\n", false), ("out-of-range", 3));
        assert_eq!(error("1\n6 1\n1 7 1\n", false), ("out-of-range", 3));
        assert_eq!(error("1\n4 1\n1 1 3\n", false), ("out-of-range", 3));
        assert_eq!(error("1\n4 1\n1 1 0\n", false), ("out-of-range", 3));
        // x, y, c left to right.
        assert_eq!(error("1\n4 1\n9 a 1\n", false), ("out-of-range", 3));
        assert_eq!(error("1\n4 1\n1 a 9\n", false), ("malformed", 3));
        assert_eq!(error("1\n4 1\n1 1\n", false), ("malformed", 3));
        assert_eq!(error("1\n4 2\n1 2 1\n", false), ("truncated", 4));
        assert_eq!(error("2\n4 0\n", false), ("truncated", 3));
        assert_eq!(error("1\n4 2\n1 2 1\n\n2 1 2\n", false), ("malformed", 4));
        assert_eq!(error("1\n4 1\n1 2 1\n\n1 1 1\n", false), ("trailing", 5));
        assert_eq!(error("1\n4 0\n4 0\n", false), ("trailing", 3));
        // Near-canonical layouts the fast path must hand over to the general reader.
        assert_eq!(error("1\n4 2\n1 2 1x1 1 2\n", false), ("malformed", 3));
        assert_eq!(error("1\n4 2\n1 2 1 1 1 2\n", false), ("malformed", 3));
        assert_eq!(error("1\n4 1\n1x2 1\n", false), ("malformed", 3));
        assert_eq!(error("1\n4 1\n1 2x1\n", false), ("malformed", 3));
        assert_eq!(answer("1\n4 1\n1 2 1\n\n"), "#1 4 1\n");
        assert_eq!(answer("1\n4 1\n1 2 1"), "#1 4 1\n");
        let e = solve(b"1\n4 0\n\xff\n", false).unwrap_err();
        assert_eq!((e.class.name(), e.line), ("not-utf8", 3));
        // Blank lines and odd spacing after the last required line are fine.
        assert_eq!(answer("1\r\n 4   1\r\n1\t2 1 \n\n \n"), "#1 4 1\n");
        assert_eq!(answer("1\n4 1\n01 2 1"), "#1 4 1\n");
    }

    #[test]
    fn trace_format() {
        let t = trace(b"2\n4 1\n1 2 1\n6 2\n3 2 1\n2 2 2\n", false).unwrap();
        assert_eq!(
            t,
            [
                "1.1: .B../.BB./.BW./....",
                "2.1: ....../....../.BBB../..BW../....../......",
                "2.2: ....../.W..../.BWB../..BW../....../......",
            ]
        );
        // An error anywhere: no trace.
        assert!(trace(b"1\n4 1\n1 2 1\nx\n", false).is_err());
    }

    #[test]
    fn census_of_small_inputs() {
        assert_eq!(tags("1\n4 0\n", false), ["n-4"]);
        assert_eq!(tags("2\n6 0\n8 0\n", false), ["n-6", "n-8", "multi-case"]);
        assert_eq!(tags("1\n4 1\n1 2 1\n", false), ["flip-1-dir", "n-4"]);
        // Black in the corner (1,1): the diagonal W W then an empty cell.
        assert_eq!(
            tags("1\n4 1\n1 1 1\n", false),
            ["gap", "corner", "no-flip", "n-4"]
        );
        // The other corners, on each size.
        assert_eq!(tags("1\n4 1\n1 4 1\n", false), ["corner", "no-flip", "n-4"]);
        assert_eq!(tags("1\n6 1\n6 1 2\n", false), ["corner", "no-flip", "n-6"]);
        assert_eq!(tags("1\n8 1\n8 8 2\n", false), ["corner", "no-flip", "n-8"]);
        assert_eq!(tags("1\n6 1\n6 2 2\n", false), ["no-flip", "n-6"]);
        // Black twice in a row (a pass); the second placement takes the last white stone.
        assert_eq!(
            tags("1\n4 2\n1 2 1\n4 3 1\n", false),
            ["flip-1-dir", "wipe-out", "pass", "n-4"]
        );
        // One placement of the same colour in each of two cases: not a pass.
        assert_eq!(
            tags("2\n4 1\n1 2 1\n4 1\n1 2 1\n", false),
            ["flip-1-dir", "n-4", "multi-case"]
        );
        // Black (2,1) makes row 2 `BBB.`; white (2,4) meets B B B and the left edge.
        assert_eq!(
            tags("1\n4 2\n2 1 1\n2 4 2\n", false),
            ["flip-1-dir", "run-to-edge", "no-flip", "n-4"]
        );
        // White (2,1): the diagonal B then an empty cell; black (1,1): W then empty, twice.
        assert_eq!(
            tags("1\n4 2\n2 1 2\n1 1 1\n", false),
            ["gap", "corner", "no-flip", "n-4"]
        );
        // Every placement turns something; the last two turn in two and in three directions,
        // and white plays twice in a row. Black (2,1) also meets W on (1,1) and the top edge.
        assert_eq!(
            tags("1\n4 5\n1 2 1\n1 1 2\n2 1 1\n1 3 2\n3 1 2\n", true),
            [
                "flip-1-dir",
                "flip-2-dirs",
                "flip-3plus-dirs",
                "run-to-edge",
                "gap",
                "corner",
                "wipe-out",
                "pass",
                "n-4"
            ]
        );
        // The official sample fills the board and white takes everything.
        let t = tags(SAMPLE, false);
        for tag in ["full-board", "wipe-out", "corner", "n-4"] {
            assert!(t.contains(&tag), "{t:?}");
        }
        assert!(!t.contains(&"no-flip") && !t.contains(&"multi-case"));
        // Two and three directions at once (on (2,2)): right, down, and the diagonal.
        let mut b = board_of(&["....", "..WB", ".W..", ".B.."]);
        assert_eq!(b.place_observed(1, 1, Colour::Black).dirs, 2);
        let mut b = board_of(&["....", "..WB", ".WW.", ".B.B"]);
        assert_eq!(b.place_observed(1, 1, Colour::Black).dirs, 3);
        let input = "1\n4 1\n3 1 1\n";
        // Black (3,1) in the initial position: up-right (2,2) W, then (1,3) empty: a gap, and
        // nothing turns.
        assert_eq!(tags(input, false), ["gap", "no-flip", "n-4"]);
        assert!(census(input.as_bytes(), true).is_err());
    }

    // ----- cross-check against a naive per-cell implementation -----

    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            // xorshift64*
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    const DIRS: [(isize, isize); 8] = [
        (0, 1),
        (0, -1),
        (1, 0),
        (-1, 0),
        (1, 1),
        (-1, -1),
        (1, -1),
        (-1, 1),
    ];

    /// The rule as written, on a cell array: 0 empty, 1 black, 2 white. Returns the turned
    /// cells, the number of turning directions, and whether some run met a gap / the edge.
    fn naive(grid: &[[u8; 8]; 8], n: usize, x: usize, y: usize, c: u8) -> (u64, u32, bool, bool) {
        let opp = 3 - c;
        let (mut flips, mut dirs, mut gap, mut edge) = (0u64, 0, false, false);
        for (dx, dy) in DIRS {
            let (mut i, mut j) = (x as isize + dx, y as isize + dy);
            let mut passed = 0u64;
            let inside = |i: isize, j: isize| i >= 0 && j >= 0 && i < n as isize && j < n as isize;
            while inside(i, j) && grid[i as usize][j as usize] == opp {
                passed |= 1 << cell(i as usize, j as usize);
                i += dx;
                j += dy;
            }
            if passed == 0 {
                continue;
            }
            if !inside(i, j) {
                edge = true;
            } else if grid[i as usize][j as usize] == c {
                flips |= passed;
                dirs += 1;
            } else {
                gap = true;
            }
        }
        (flips, dirs, gap, edge)
    }

    fn grid_of(b: &Board) -> [[u8; 8]; 8] {
        let mut g = [[0u8; 8]; 8];
        for (x, row) in g.iter_mut().enumerate().take(b.n) {
            for (y, v) in row.iter_mut().enumerate().take(b.n) {
                *v = match b.get(x, y) {
                    None => 0,
                    Some(Colour::Black) => 1,
                    Some(Colour::White) => 2,
                };
            }
        }
        g
    }

    fn naive_legal(b: &Board, colour: Colour) -> u64 {
        let g = grid_of(b);
        let mut moves = 0;
        for x in 0..b.n {
            for y in 0..b.n {
                if g[x][y] == 0 && naive(&g, b.n, x, y, colour.code()).0 != 0 {
                    moves |= 1 << cell(x, y);
                }
            }
        }
        moves
    }

    #[test]
    fn bitboard_scan_matches_naive_walk_on_random_positions() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for round in 0..300_000 {
            let n = [4, 6, 8][round % 3];
            // Densities from sparse to nearly full, and a bias between the colours.
            let fill = rng.below(101);
            let white_share = rng.below(101);
            let mut b = Board {
                n,
                black: 0,
                white: 0,
            };
            for x in 0..n {
                for y in 0..n {
                    if rng.below(100) < fill {
                        if rng.below(100) < white_share {
                            b.white |= 1 << cell(x, y);
                        } else {
                            b.black |= 1 << cell(x, y);
                        }
                    }
                }
            }
            let empty = b.empty();
            if empty == 0 {
                continue;
            }
            let g = grid_of(&b);
            // A random empty cell.
            let k = rng.below(empty.count_ones() as usize);
            let mut e = empty;
            for _ in 0..k {
                e &= e - 1;
            }
            let at = e.trailing_zeros() as usize;
            let (x, y) = (at / STRIDE, at % STRIDE);
            let colour = if rng.below(2) == 0 {
                Colour::Black
            } else {
                Colour::White
            };
            let (flips, dirs, gap, edge) = naive(&g, n, x, y, colour.code());
            assert_eq!(b.flips(x, y, colour), flips, "{b:?} {x} {y} {colour:?}");
            let mut after = b;
            let s = after.place_observed(x, y, colour);
            assert_eq!(
                (s.flips, s.dirs, s.gap, s.edge),
                (flips, dirs, gap, edge),
                "{b:?} {x} {y} {colour:?}"
            );
            let mut fast = b;
            assert_eq!(fast.place(x, y, colour), flips);
            assert_eq!(fast, after);
            let placed = 1u64 << cell(x, y);
            assert_eq!(after.stones(colour), b.stones(colour) | placed | flips);
            assert_eq!(
                after.stones(colour.opponent()),
                b.stones(colour.opponent()) & !flips
            );
            if round % 8 == 0 {
                assert_eq!(b.legal_moves(colour), naive_legal(&b, colour), "{b:?}");
            }
        }
    }

    /// The placements `x y c` of a test case (1-based).
    type Moves = Vec<(usize, usize, u8)>;

    /// A random game: legal moves while there are any (a side without one passes), then, for
    /// variety, a few arbitrary empty cells. Returns the input lines `x y c` (1-based).
    fn random_game(rng: &mut Rng, n: usize, wild: bool) -> Moves {
        let mut b = Board::new(n);
        let mut colour = Colour::Black;
        let mut moves = Vec::new();
        loop {
            let mut legal = b.legal_moves(colour);
            if legal == 0 {
                colour = colour.opponent();
                legal = b.legal_moves(colour);
                if legal == 0 {
                    break;
                }
            }
            if wild && rng.below(8) == 0 {
                legal = b.empty();
            }
            let mut pick = legal;
            for _ in 0..rng.below(legal.count_ones() as usize) {
                pick &= pick - 1;
            }
            let at = pick.trailing_zeros() as usize;
            let (x, y) = (at / STRIDE, at % STRIDE);
            // Check the game against the naive walk as it goes.
            let g = grid_of(&b);
            let expected = naive(&g, n, x, y, colour.code()).0;
            assert_eq!(b.place(x, y, colour), expected);
            moves.push((x + 1, y + 1, colour.code()));
            colour = colour.opponent();
        }
        moves
    }

    fn render(cases: &[(usize, Moves)]) -> String {
        let mut s = format!("{}\n", cases.len());
        for (n, moves) in cases {
            s += &format!("{n} {}\n", moves.len());
            for (x, y, c) in moves {
                s += &format!("{x} {y} {c}\n");
            }
        }
        s
    }

    #[test]
    fn random_games_fast_path_and_general_reader_agree() {
        let mut rng = Rng(12345);
        for round in 0..400 {
            let cases: Vec<_> = (0..1 + rng.below(5))
                .map(|_| {
                    let n = [4, 6, 8][rng.below(3)];
                    (n, random_game(&mut rng, n, round % 2 == 1))
                })
                .collect();
            let text = render(&cases);
            // The expected answer straight from the board.
            let mut expected = String::new();
            for (t, (n, moves)) in cases.iter().enumerate() {
                let mut b = Board::new(*n);
                for &(x, y, c) in moves {
                    b.place(x - 1, y - 1, Colour::from_code(c as i64).unwrap());
                }
                expected += &format!("#{} {} {}\n", t + 1, b.black_count(), b.white_count());
            }
            for strict in [false, true] {
                let fast = solve_canonical(text.as_bytes(), strict).expect("canonical layout");
                let general = run(text.as_bytes(), strict, &mut Quiet);
                let crlf = text.replace('\n', " \r\n").replace(' ', "  ");
                let general_crlf = solve(crlf.as_bytes(), strict);
                assert_eq!(
                    fast.clone().map_err(|e| (e.class, e.line)),
                    general.map_err(|e| (e.class, e.line))
                );
                assert_eq!(
                    fast.clone().map_err(|e| (e.class, e.line)),
                    general_crlf.map_err(|e| (e.class, e.line))
                );
                if !strict || round % 2 == 0 {
                    assert_eq!(fast.unwrap(), expected);
                }
            }
            // Legal games are fine in strict mode; the trace has one line per placement.
            let total: usize = cases.iter().map(|(_, m)| m.len()).sum();
            assert_eq!(trace(text.as_bytes(), false).unwrap().len(), total);
            assert!(census(text.as_bytes(), false).is_ok());
        }
    }
}
