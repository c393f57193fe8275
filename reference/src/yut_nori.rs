//! Yut Nori (BOJ 15778), followed literally from `docs/rules/yut_nori.md` (clauses `YN-…`).
//!
//! What lives here:
//! - [`Position`]: the 29 named positions of the board (YN-5), in row-major order of their blocks,
//!   each with its slug and the top-left `.` of its 2×2 block in the picture (YN-20).
//! - `PATH_1` … `PATH_4`: the four paths (윷길, YN-6), written out as lists of positions, from 날밭
//!   to 날밭.
//! - [`Place`]: where a piece is: at home, on a named position, or out (exited).
//! - One small function per rule: `steps_of_throw` (YN-8), `who_moves` (YN-9), `route` (YN-10
//!   to YN-13, YN-15), `walk` (YN-14), `capture` (YN-16), `stack` (YN-17), `draw` (YN-19,
//!   YN-20); `play_turn` applies them in order for one input turn and reports what it did
//!   (`Events`: start, positions passed over, end, group, joined and captured pieces).
//! - [`solve`] and [`trace`]: the judge-text entry points. The whole input is parsed first (syntax
//!   errors, via [`crate::judge_text`]: YN-1, YN-2); only then is the game simulated, and the
//!   first turn that names an exited piece is `invalid` at that turn's line (YN-3).
//! - [`TAGS`] and [`census`]: the census tags of `docs/judge-text.md`, read from the `Events` of
//!   each turn while the game is played as above.

use crate::judge_text::{number, JudgeText};
use crate::InputError;

/// The 29 positions of the board (YN-5), in row-major order of their blocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Position {
    /// 1. 뒷밭, corner; a move starting here uses path 2.
    DwitBat,
    /// 2. 뒷윷.
    DwitYut,
    /// 3. 뒷걸.
    DwitGeol,
    /// 4. 뒷개.
    DwitGae,
    /// 5. 뒷도.
    DwitDo,
    /// 6. 앞밭 (모), corner; a move starting here uses path 3.
    ApBat,
    /// 7. 뒷모도, diagonal of path 2.
    DwitMoDo,
    /// 8. 앞모도, diagonal of paths 1/3.
    ApMoDo,
    /// 9. 찌도.
    JjiDo,
    /// 10. 윷.
    Yut,
    /// 11. 뒷모개, diagonal of path 2.
    DwitMoGae,
    /// 12. 앞모개, diagonal of paths 1/3.
    ApMoGae,
    /// 13. 찌개.
    JjiGae,
    /// 14. 걸.
    Geol,
    /// 15. 방, centre; a move starting here uses path 1.
    Bang,
    /// 16. 찌걸.
    JjiGeol,
    /// 17. 개.
    Gae,
    /// 18. 속윷, diagonal of path 3.
    SokYut,
    /// 19. 사려, diagonal of paths 1/2.
    Saryeo,
    /// 20. 찌윷.
    JjiYut,
    /// 21. 도.
    Do,
    /// 22. 속모, diagonal of path 3.
    SokMo,
    /// 23. 안찌, diagonal of paths 1/2.
    AnJji,
    /// 24. 쩔밭, corner with only one way forward (날도).
    JjeolBat,
    /// 25. 날도.
    NalDo,
    /// 26. 날개.
    NalGae,
    /// 27. 날걸.
    NalGeol,
    /// 28. 날윷.
    NalYut,
    /// 29. 날밭, the start/finish corner.
    NalBat,
}

use Position as P;

impl Position {
    /// The position's slug (YN-5; used by the trace).
    pub fn slug(self) -> &'static str {
        match self {
            P::DwitBat => "dwit_bat",
            P::DwitYut => "dwit_yut",
            P::DwitGeol => "dwit_geol",
            P::DwitGae => "dwit_gae",
            P::DwitDo => "dwit_do",
            P::ApBat => "ap_bat",
            P::DwitMoDo => "dwit_mo_do",
            P::ApMoDo => "ap_mo_do",
            P::JjiDo => "jji_do",
            P::Yut => "yut",
            P::DwitMoGae => "dwit_mo_gae",
            P::ApMoGae => "ap_mo_gae",
            P::JjiGae => "jji_gae",
            P::Geol => "geol",
            P::Bang => "bang",
            P::JjiGeol => "jji_geol",
            P::Gae => "gae",
            P::SokYut => "sok_yut",
            P::Saryeo => "saryeo",
            P::JjiYut => "jji_yut",
            P::Do => "do",
            P::SokMo => "sok_mo",
            P::AnJji => "an_jji",
            P::JjeolBat => "jjeol_bat",
            P::NalDo => "nal_do",
            P::NalGae => "nal_gae",
            P::NalGeol => "nal_geol",
            P::NalYut => "nal_yut",
            P::NalBat => "nal_bat",
        }
    }

    /// The 0-based (row, column) of the top-left `.` of the position's 2×2 block in the picture
    /// (YN-20).
    pub fn block(self) -> (usize, usize) {
        match self {
            P::DwitBat => (0, 0),
            P::DwitYut => (0, 6),
            P::DwitGeol => (0, 12),
            P::DwitGae => (0, 18),
            P::DwitDo => (0, 24),
            P::ApBat => (0, 30),
            P::DwitMoDo => (5, 5),
            P::ApMoDo => (5, 25),
            P::JjiDo => (6, 0),
            P::Yut => (6, 30),
            P::DwitMoGae => (10, 10),
            P::ApMoGae => (10, 20),
            P::JjiGae => (12, 0),
            P::Geol => (12, 30),
            P::Bang => (15, 15),
            P::JjiGeol => (18, 0),
            P::Gae => (18, 30),
            P::SokYut => (20, 10),
            P::Saryeo => (20, 20),
            P::JjiYut => (24, 0),
            P::Do => (24, 30),
            P::SokMo => (25, 5),
            P::AnJji => (25, 25),
            P::JjeolBat => (30, 0),
            P::NalDo => (30, 6),
            P::NalGae => (30, 12),
            P::NalGeol => (30, 18),
            P::NalYut => (30, 24),
            P::NalBat => (30, 30),
        }
    }
}

/// Path 1 (shortest; route 1 of YN-6): 날밭, 도, 개, 걸, 윷, 앞밭, 앞모도, 앞모개, 방, 사려, 안찌, 날밭 → exit.
const PATH_1: [Position; 12] = [
    P::NalBat,
    P::Do,
    P::Gae,
    P::Geol,
    P::Yut,
    P::ApBat,
    P::ApMoDo,
    P::ApMoGae,
    P::Bang,
    P::Saryeo,
    P::AnJji,
    P::NalBat,
];

/// Path 2 (route 2 of YN-6): 날밭, 도, 개, 걸, 윷, 앞밭, 뒷도, 뒷개, 뒷걸, 뒷윷, 뒷밭, 뒷모도, 뒷모개, 방, 사려, 안찌,
/// 날밭 → exit.
const PATH_2: [Position; 17] = [
    P::NalBat,
    P::Do,
    P::Gae,
    P::Geol,
    P::Yut,
    P::ApBat,
    P::DwitDo,
    P::DwitGae,
    P::DwitGeol,
    P::DwitYut,
    P::DwitBat,
    P::DwitMoDo,
    P::DwitMoGae,
    P::Bang,
    P::Saryeo,
    P::AnJji,
    P::NalBat,
];

/// Path 3 (route 3 of YN-6): 날밭, 도, 개, 걸, 윷, 앞밭, 앞모도, 앞모개, 방, 속윷, 속모, 쩔밭, 날도, 날개, 날걸, 날윷,
/// 날밭 → exit.
const PATH_3: [Position; 17] = [
    P::NalBat,
    P::Do,
    P::Gae,
    P::Geol,
    P::Yut,
    P::ApBat,
    P::ApMoDo,
    P::ApMoGae,
    P::Bang,
    P::SokYut,
    P::SokMo,
    P::JjeolBat,
    P::NalDo,
    P::NalGae,
    P::NalGeol,
    P::NalYut,
    P::NalBat,
];

/// Path 4 (outer ring, the default; route 4 of YN-6): 날밭, 도, 개, 걸, 윷, 앞밭, 뒷도, 뒷개, 뒷걸, 뒷윷, 뒷밭, 찌도,
/// 찌개, 찌걸, 찌윷, 쩔밭, 날도, 날개, 날걸, 날윷, 날밭 → exit.
const PATH_4: [Position; 21] = [
    P::NalBat,
    P::Do,
    P::Gae,
    P::Geol,
    P::Yut,
    P::ApBat,
    P::DwitDo,
    P::DwitGae,
    P::DwitGeol,
    P::DwitYut,
    P::DwitBat,
    P::JjiDo,
    P::JjiGae,
    P::JjiGeol,
    P::JjiYut,
    P::JjeolBat,
    P::NalDo,
    P::NalGae,
    P::NalGeol,
    P::NalYut,
    P::NalBat,
];

/// Where a piece is (YN-4, YN-7, YN-14).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Not on the board: not started yet, or captured. Never drawn, captured or stacked.
    Home,
    /// Standing on a named position of the board.
    On(Position),
    /// Left the board for good after a walk that needed a step beyond 날밭.
    Out,
}

impl Place {
    /// The trace's name for the place: the position's slug, `home` or `out`.
    fn trace_name(self) -> &'static str {
        match self {
            Place::Home => "home",
            Place::On(position) => position.slug(),
            Place::Out => "out",
        }
    }
}

/// The route a move follows (YN-10 to YN-13, YN-15).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Route {
    /// Walk along this path (its positions in order, from 날밭 to 날밭).
    Path(&'static [Position]),
    /// The group stands on 날밭 on the board: any step count makes it leave the board.
    LeaveBoard,
}

/// The eight pieces, in the trace's order.
const PIECES: [char; 8] = ['A', 'B', 'C', 'D', 'a', 'b', 'c', 'd'];

/// The two teams (YN-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Team {
    /// `A B C D`.
    Upper,
    /// `a b c d`.
    Lower,
}

/// The team of piece `PIECES[piece]`.
fn team_of(piece: usize) -> Team {
    if PIECES[piece].is_ascii_uppercase() {
        Team::Upper
    } else {
        Team::Lower
    }
}

/// One throw stick: `F` (front, face up) or `B` (back).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stick {
    Front,
    Back,
}

/// One input turn: the named piece (an index into `PIECES`) and its four throw results.
#[derive(Debug, Clone, Copy)]
struct Turn {
    line: usize,
    piece: usize,
    sticks: [Stick; 4],
}

/// The board: the place of each of the eight pieces, in `PIECES` order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Board {
    places: [Place; 8],
}

impl Board {
    /// Every piece starts at home (YN-4).
    fn new() -> Board {
        Board {
            places: [Place::Home; 8],
        }
    }
}

/// The step count is the number of `F`s; if there is no `F` at all it is 5 (YN-8).
fn steps_of_throw(sticks: [Stick; 4]) -> usize {
    let fronts = sticks
        .iter()
        .filter(|&&stick| stick == Stick::Front)
        .count();
    if fronts == 0 {
        5
    } else {
        fronts
    }
}

/// The moving group: `group[piece]` is true when `PIECES[piece]` moves this turn.
type Group = [bool; 8];

/// Who moves (YN-9): a piece at home moves alone; otherwise every piece of the same team standing
/// on the named piece's position moves together as one group.
fn who_moves(board: &Board, piece: usize) -> Group {
    let mut group = [false; 8];
    match board.places[piece] {
        Place::Home => group[piece] = true,
        Place::On(position) => {
            for (other, moves) in group.iter_mut().enumerate() {
                if team_of(other) == team_of(piece) && board.places[other] == Place::On(position) {
                    *moves = true;
                }
            }
        }
        Place::Out => unreachable!("an exited piece never moves (checked by play_turn)"),
    }
    group
}

/// Which route: decided only by the place where the move starts (YN-13): route 4 from home
/// (YN-10), a shortcut from 앞밭, 뒷밭 or 방 (YN-11), otherwise the route the position belongs to
/// (YN-12); a group on 날밭 on the board leaves it whatever the step count (YN-15).
fn route(start: Place) -> Route {
    match start {
        // At home: path 4 from 날밭 (the first step lands on 도).
        Place::Home => Route::Path(&PATH_4),
        // On 앞밭: path 3.
        Place::On(P::ApBat) => Route::Path(&PATH_3),
        // On 뒷밭: path 2.
        Place::On(P::DwitBat) => Route::Path(&PATH_2),
        // On 방: path 1 (first step 사려).
        Place::On(P::Bang) => Route::Path(&PATH_1),
        // On 앞모도, 앞모개, 속윷 or 속모: keep following path 3.
        Place::On(P::ApMoDo | P::ApMoGae | P::SokYut | P::SokMo) => Route::Path(&PATH_3),
        // On 뒷모도, 뒷모개, 사려 or 안찌: keep following path 2.
        Place::On(P::DwitMoDo | P::DwitMoGae | P::Saryeo | P::AnJji) => Route::Path(&PATH_2),
        // On 날밭 on the board: any step count leaves the board.
        Place::On(P::NalBat) => Route::LeaveBoard,
        // Anywhere else (the outer ring, including 쩔밭): keep following path 4.
        Place::On(_) => Route::Path(&PATH_4),
        Place::Out => unreachable!("an exited piece never moves (checked by play_turn)"),
    }
}

/// A walk (YN-14): where the group stood after each step, and where the walk ended.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Walk {
    /// The position reached by each step that stayed on the board, in order (the start is not
    /// included). When the walk ends on the board, the last entry is the destination.
    visited: Vec<Position>,
    /// `Place::On(destination)`, or `Place::Out` if a step went beyond 날밭.
    end: Place,
}

/// Walk (YN-14): take `steps` steps, one at a time, along the route chosen at the start. A step
/// beyond 날밭 (the path's end) means the group exits (`Place::Out`); otherwise the walk ends on a
/// position (possibly exactly on 날밭, staying on the board).
fn walk(start: Place, steps: usize) -> Walk {
    let mut visited = Vec::new();
    let path = match route(start) {
        Route::LeaveBoard => {
            return Walk {
                visited,
                end: Place::Out,
            }
        }
        Route::Path(path) => path,
    };
    // Where on the path the walk starts: a piece at home starts on the path's first 날밭; a piece
    // on the board starts on its position (every position other than 날밭 appears once per path).
    let mut index = match start {
        Place::Home => 0,
        Place::On(position) => path
            .iter()
            .position(|&on_path| on_path == position)
            .expect("the route of a position always contains it"),
        Place::Out => unreachable!("an exited piece never moves (checked by play_turn)"),
    };
    for _ in 0..steps {
        if index + 1 == path.len() {
            // This step would go beyond 날밭: the group leaves the board.
            return Walk {
                visited,
                end: Place::Out,
            };
        }
        index += 1;
        visited.push(path[index]);
    }
    Walk {
        visited,
        end: Place::On(path[index]),
    }
}

/// Capture (YN-16): every piece of the other team standing on `position` is removed and goes
/// home (a captured stack dissolves, since home pieces move alone). Returns the captured pieces.
fn capture(board: &mut Board, arriving_team: Team, position: Position) -> Vec<usize> {
    let mut captured = Vec::new();
    for piece in 0..PIECES.len() {
        if team_of(piece) != arriving_team && board.places[piece] == Place::On(position) {
            board.places[piece] = Place::Home;
            captured.push(piece);
        }
    }
    captured
}

/// Stacking (YN-17): the group is put on `position`; any pieces of its own team already there now
/// stand on the same position, so from now on YN-9 moves them all together as one group.
fn stack(board: &mut Board, group: &Group, position: Position) {
    for (place, &moves) in board.places.iter_mut().zip(group.iter()) {
        if moves {
            *place = Place::On(position);
        }
    }
}

/// Exit (YN-14, YN-15): the group's pieces leave the board for good.
fn exit(board: &mut Board, group: &Group) {
    for (place, &moves) in board.places.iter_mut().zip(group.iter()) {
        if moves {
            *place = Place::Out;
        }
    }
}

/// What one turn did, as seen while playing it: the facts [`census`] reads its tags from.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Events {
    /// The named piece (an index into `PIECES`).
    piece: usize,
    /// Where the move started: `Place::Home` or `Place::On(start)`.
    start: Place,
    /// The step count of the throw (YN-8).
    steps: usize,
    /// The positions passed over strictly inside the move: every position the walk reached,
    /// except the destination of a walk that ends on the board.
    passed: Vec<Position>,
    /// Where the move ended: `Place::On(destination)` or `Place::Out`.
    end: Place,
    /// The pieces that moved (YN-9).
    group: Vec<usize>,
    /// The pieces of the mover's team already on the destination, joined by the group (YN-17).
    joined: Vec<usize>,
    /// The pieces of the other team captured on the destination (YN-16).
    captured: Vec<usize>,
}

/// Plays one input turn: who moves (YN-9), the walk along the route (YN-8, YN-10 to YN-15), then
/// exit, or capture and stacking (YN-16, YN-17). Naming an exited piece is `invalid` at the
/// turn's line (YN-3).
/// Returns what happened.
fn play_turn(board: &mut Board, turn: &Turn) -> Result<Events, InputError> {
    if board.places[turn.piece] == Place::Out {
        return Err(InputError {
            class: "invalid",
            line: turn.line,
            message: format!("piece {} has already exited the board", PIECES[turn.piece]),
        });
    }
    let group = who_moves(board, turn.piece);
    let start = board.places[turn.piece];
    let steps = steps_of_throw(turn.sticks);
    let walked = walk(start, steps);
    let mut passed = walked.visited;
    let mut joined = Vec::new();
    let mut captured = Vec::new();
    match walked.end {
        Place::Out => exit(board, &group),
        Place::On(position) => {
            // The destination was reached by the last step: it is not passed over.
            passed.pop();
            let team = team_of(turn.piece);
            joined = (0..PIECES.len())
                .filter(|&other| {
                    team_of(other) == team && board.places[other] == Place::On(position)
                })
                .collect();
            captured = capture(board, team, position);
            stack(board, &group, position);
        }
        Place::Home => unreachable!("a walk never ends at home"),
    }
    Ok(Events {
        piece: turn.piece,
        start,
        steps,
        passed,
        end: walked.end,
        group: (0..PIECES.len()).filter(|&piece| group[piece]).collect(),
        joined,
        captured,
    })
}

/// The empty board, line by line (the template of YN-19).
const BASE_PICTURE: [&str; 32] = [
    r"..----..----..----..----..----..",
    r"..    ..    ..    ..    ..    ..",
    r"| \                          / |",
    r"|  \                        /  |",
    r"|   \                      /   |",
    r"|    ..                  ..    |",
    r"..   ..                  ..   ..",
    r"..     \                /     ..",
    r"|       \              /       |",
    r"|        \            /        |",
    r"|         ..        ..         |",
    r"|         ..        ..         |",
    r"..          \      /          ..",
    r"..           \    /           ..",
    r"|             \  /             |",
    r"|              ..              |",
    r"|              ..              |",
    r"|             /  \             |",
    r"..           /    \           ..",
    r"..          /      \          ..",
    r"|         ..        ..         |",
    r"|         ..        ..         |",
    r"|        /            \        |",
    r"|       /              \       |",
    r"..     /                \     ..",
    r"..   ..                  ..   ..",
    r"|    ..                  ..    |",
    r"|   /                      \   |",
    r"|  /                        \  |",
    r"| /                          \ |",
    r"..    ..    ..    ..    ..    ..",
    r"..----..----..----..----..----..",
];

/// Where inside a position's 2×2 block a piece's letter goes: `A`/`a` top-left, `B`/`b`
/// top-right, `C`/`c` bottom-left, `D`/`d` bottom-right (YN-19).
fn offset_in_block(letter: char) -> (usize, usize) {
    match letter.to_ascii_uppercase() {
        'A' => (0, 0),
        'B' => (0, 1),
        'C' => (1, 0),
        'D' => (1, 1),
        _ => unreachable!("pieces are ABCDabcd"),
    }
}

/// Drawing (YN-19): the base picture with, for every piece on the board, its letter replacing the
/// `.` assigned to it in its position's block. Every line ends in `\n`.
fn draw(board: &Board) -> String {
    let mut picture: [[u8; 32]; 32] = [[b' '; 32]; 32];
    for (row, line) in BASE_PICTURE.iter().enumerate() {
        picture[row].copy_from_slice(line.as_bytes());
    }
    for (piece, place) in board.places.iter().enumerate() {
        if let Place::On(position) = place {
            let (row, col) = position.block();
            let (down, right) = offset_in_block(PIECES[piece]);
            picture[row + down][col + right] = PIECES[piece] as u8;
        }
    }
    let mut text = String::with_capacity(33 * 32);
    for line in &picture {
        text.push_str(std::str::from_utf8(line).expect("the picture and the letters are ASCII"));
        text.push('\n');
    }
    text
}

/// One trace line: `X:where` for the eight pieces in `A B C D a b c d` order (YN-21).
fn trace_line(board: &Board) -> String {
    let mut line = String::with_capacity(100);
    for (letter, place) in PIECES.iter().zip(board.places.iter()) {
        if !line.is_empty() {
            line.push(' ');
        }
        line.push(*letter);
        line.push(':');
        line.push_str(place.trace_name());
    }
    line
}

/// Field 1 of a turn line: exactly one character of `ABCDabcd` (YN-2).
fn parse_piece(field: &str, line: usize) -> Result<usize, InputError> {
    let mut chars = field.chars();
    if let (Some(letter), None) = (chars.next(), chars.next()) {
        if let Some(piece) = PIECES.iter().position(|&p| p == letter) {
            return Ok(piece);
        }
    }
    Err(InputError {
        class: "malformed",
        line,
        message: format!("the piece must be one of ABCDabcd, found {field:?}"),
    })
}

/// Field 2 of a turn line: exactly four characters, each `F` or `B` (YN-2).
fn parse_throw(field: &str, line: usize) -> Result<[Stick; 4], InputError> {
    let bad = || InputError {
        class: "malformed",
        line,
        message: format!("the throw must be four characters F or B, found {field:?}"),
    };
    if field.chars().count() != 4 {
        return Err(bad());
    }
    let mut sticks = [Stick::Back; 4];
    for (stick, c) in sticks.iter_mut().zip(field.chars()) {
        *stick = match c {
            'F' => Stick::Front,
            'B' => Stick::Back,
            _ => return Err(bad()),
        };
    }
    Ok(sticks)
}

/// Reads the whole input (judge-text steps 1–8): `N` with `1 ≤ N ≤ 100` (YN-1), then N turn
/// lines (YN-2).
fn parse(input: &[u8]) -> Result<Vec<Turn>, InputError> {
    let mut text = JudgeText::new(input)?;
    let (line, fields) = text.required_line(1)?;
    let n = number(fields[0], line, "N", 1, 100)?;
    let mut turns = Vec::with_capacity(n as usize);
    for _ in 0..n {
        let (line, fields) = text.required_line(2)?;
        let piece = parse_piece(fields[0], line)?;
        let sticks = parse_throw(fields[1], line)?;
        turns.push(Turn {
            line,
            piece,
            sticks,
        });
    }
    text.finish()?;
    Ok(turns)
}

/// Solves one input: the board after the last turn (YN-18) as the 32-line picture, each line
/// ending in `\n` (YN-19).
pub fn solve(input: &[u8]) -> Result<String, InputError> {
    let turns = parse(input)?;
    let mut board = Board::new();
    for turn in &turns {
        play_turn(&mut board, turn)?;
    }
    Ok(draw(&board))
}

/// The state after each turn, one line per turn: `A:where B:where … d:where` (YN-21, and
/// `docs/judge-text.md`).
pub fn trace(input: &[u8]) -> Result<Vec<String>, InputError> {
    let turns = parse(input)?;
    let mut board = Board::new();
    let mut lines = Vec::new();
    for turn in &turns {
        play_turn(&mut board, turn)?;
        lines.push(trace_line(&board));
    }
    Ok(lines)
}

/// The census tags of yut_nori, in the order of the engine's list (`docs/judge-text.md`,
/// "Census tags of the first games", defines each one).
pub const TAGS: &[&str] = &[
    "start-ap-bat",
    "start-dwit-bat",
    "start-bang",
    "pass-ap-bat",
    "pass-dwit-bat",
    "pass-bang",
    "land-nal-bat",
    "exit-from-nal-bat",
    "exit-overshoot",
    "capture-single",
    "capture-stack",
    "capture-on-nal-bat",
    "stack-2",
    "stack-3",
    "stack-4",
    "move-stack-by-upper",
    "stack-exits",
    "reenter-after-capture",
    "all-back-throw",
    "home-onto-own",
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
            .unwrap_or_else(|| panic!("{name} is not a yut_nori census tag"));
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

/// The census: the names of the [`TAGS`] the input hits, each once, in [`TAGS`] order (the
/// clauses each tag exercises: the "Census tags" table of `docs/rules/yut_nori.md`). The game
/// is played turn by turn with the rules above; each tag is read from what a turn did
/// (`Events`). An input `solve` rejects is rejected here with the same error.
///
/// Two facts are not part of the board and are kept here, beside it:
/// - the *bottom* piece of every stack (for `move-stack-by-upper`): a piece entering from home is
///   its own bottom; a group keeps its bottom when it ends on a position without pieces of its
///   team; a group that ends on its own pieces goes on top of them, so their bottom stays;
/// - which pieces have been captured in an earlier turn (for `reenter-after-capture`).
pub fn census(input: &[u8]) -> Result<Vec<&'static str>, InputError> {
    let turns = parse(input)?;
    let mut board = Board::new();
    let mut hits = Hits::new();
    // `bottom[piece]`: the bottom piece of the stack `piece` stands in (meaningful on the board).
    let mut bottom: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
    let mut captured_before = [false; 8];
    for turn in &turns {
        let events = play_turn(&mut board, turn)?;
        let moved_from_home = events.start == Place::Home;

        match events.start {
            Place::On(P::ApBat) => hits.hit("start-ap-bat"),
            Place::On(P::DwitBat) => hits.hit("start-dwit-bat"),
            Place::On(P::Bang) => hits.hit("start-bang"),
            _ => {}
        }
        for &position in &events.passed {
            match position {
                P::ApBat => hits.hit("pass-ap-bat"),
                P::DwitBat => hits.hit("pass-dwit-bat"),
                P::Bang => hits.hit("pass-bang"),
                _ => {}
            }
        }
        if events.end == Place::On(P::NalBat) {
            hits.hit("land-nal-bat");
        }
        if events.end == Place::Out {
            if events.start == Place::On(P::NalBat) {
                hits.hit("exit-from-nal-bat");
            } else {
                hits.hit("exit-overshoot");
            }
            if events.group.len() >= 2 {
                hits.hit("stack-exits");
            }
        }
        match events.captured.len() {
            0 => {}
            1 => hits.hit("capture-single"),
            _ => hits.hit("capture-stack"),
        }
        if !events.captured.is_empty() && events.end == Place::On(P::NalBat) {
            hits.hit("capture-on-nal-bat");
        }
        if !events.joined.is_empty() {
            match events.group.len() + events.joined.len() {
                2 => hits.hit("stack-2"),
                3 => hits.hit("stack-3"),
                _ => hits.hit("stack-4"),
            }
            if moved_from_home {
                hits.hit("home-onto-own");
            }
        }
        let group_bottom = if moved_from_home {
            events.piece
        } else {
            bottom[events.piece]
        };
        if events.group.len() >= 2 && group_bottom != events.piece {
            hits.hit("move-stack-by-upper");
        }
        if moved_from_home && captured_before[events.piece] {
            hits.hit("reenter-after-capture");
        }
        if events.steps == 5 {
            hits.hit("all-back-throw");
        }

        // Bookkeeping for later turns.
        if let Place::On(_) = events.end {
            let new_bottom = match events.joined.first() {
                Some(&already_there) => bottom[already_there],
                None => group_bottom,
            };
            for &piece in &events.group {
                bottom[piece] = new_bottom;
            }
        }
        for &piece in &events.captured {
            captured_before[piece] = true;
        }
    }
    Ok(hits.names())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The empty board as the problem statement draws it (YN-19), written out here apart from
    /// `BASE_PICTURE` so that a typo in either one shows.
    const EMPTY_BOARD: &str = r#"..----..----..----..----..----..
..    ..    ..    ..    ..    ..
| \                          / |
|  \                        /  |
|   \                      /   |
|    ..                  ..    |
..   ..                  ..   ..
..     \                /     ..
|       \              /       |
|        \            /        |
|         ..        ..         |
|         ..        ..         |
..          \      /          ..
..           \    /           ..
|             \  /             |
|              ..              |
|              ..              |
|             /  \             |
..           /    \           ..
..          /      \          ..
|         ..        ..         |
|         ..        ..         |
|        /            \        |
|       /              \       |
..     /                \     ..
..   ..                  ..   ..
|    ..                  ..    |
|   /                      \   |
|  /                        \  |
| /                          \ |
..    ..    ..    ..    ..    ..
..----..----..----..----..----..
"#;

    /// A constructed game (corpus entry `derived-check-1`): shortcuts, captures, finishing on
    /// 날밭.
    const DERIVED_1_INPUT: &str = r#"17
A BBBB
A FFFB
A FBBB
b BBBB
b FFFF
B FFFB
c FFBB
c FBBB
C FFFF
C FFFB
D FBBB
D FFBB
B FFFB
D FBBB
d FFFF
A FFBB
a FBBB
"#;

    /// The judge's answer to [`DERIVED_1_INPUT`] (`corpus/yut_nori/derived-check-1.out`).
    const DERIVED_1_OUTPUT: &str = r#"..----..----..----..----..----..
..    ..    ..    C.    ..    ..
| \                          / |
|  \                        /  |
|   \                      /   |
|    ..                  ..    |
..   ..                  ..   ..
..     \                /     .d
|       \              /       |
|        \            /        |
|         ..        ..         |
|         ..        ..         |
..          \      /          ..
..           \    /           ..
|             \  /             |
|              ..              |
|              ..              |
|             /  \             |
..           /    \           ..
..          /      \          ..
|         .b        ..         |
|         ..        ..         |
|        /            \        |
|       /              \       |
..     /                \     a.
..   ..                  ..   ..
|    ..                  ..    |
|   /                      \   |
|  /                        \  |
| /                          \ |
..    ..    ..    ..    ..    A.
..----..----..----..----..----..
"#;

    /// A constructed game (corpus entry `derived-check-2`): route 2 through 방, capture on 날밭,
    /// leaving from 날밭, a home piece joining a stack.
    const DERIVED_2_INPUT: &str = r#"17
a FFFF
a BBBB
a FBBB
a FFBB
a FFBB
b FBBB
a FFBB
A BBBB
A FFFB
A FFFB
B FFFF
B BBBB
A FBBB
c FBBB
b FFBB
a FFFB
B FBBB
"#;

    /// The judge's answer to [`DERIVED_2_INPUT`] (`corpus/yut_nori/derived-check-2.out`).
    const DERIVED_2_OUTPUT: &str = r#".B----..----..----..----..----..
..    ..    ..    ..    ..    ..
| \                          / |
|  \                        /  |
|   \                      /   |
|    ..                  ..    |
..   ..                  ..   ..
..     \                /     ..
|       \              /       |
|        \            /        |
|         ..        ..         |
|         ..        ..         |
..          \      /          ab
..           \    /           c.
|             \  /             |
|              ..              |
|              ..              |
|             /  \             |
..           /    \           ..
..          /      \          ..
|         ..        ..         |
|         ..        ..         |
|        /            \        |
|       /              \       |
..     /                \     ..
..   ..                  ..   ..
|    ..                  ..    |
|   /                      \   |
|  /                        \  |
| /                          \ |
..    ..    ..    ..    ..    ..
..----..----..----..----..----..
"#;

    fn solve_str(input: &str) -> String {
        solve(input.as_bytes()).unwrap()
    }

    fn error_of(input: &[u8]) -> (&'static str, usize) {
        let error = solve(input).unwrap_err();
        let trace_error = trace(input).unwrap_err();
        assert_eq!(error, trace_error, "solve and trace agree on errors");
        (error.class, error.line)
    }

    /// `position + steps`, as the step examples below write it.
    fn from(position: Position, steps: usize) -> Place {
        walk(Place::On(position), steps).end
    }

    #[test]
    fn base_picture_is_the_statement_picture() {
        assert_eq!(BASE_PICTURE.join("\n") + "\n", EMPTY_BOARD);
        assert!(BASE_PICTURE.iter().all(|line| line.len() == 32));
        // Every block's four cells are '.' in the base picture, and the 29 blocks are distinct.
        let all = [
            P::DwitBat,
            P::DwitYut,
            P::DwitGeol,
            P::DwitGae,
            P::DwitDo,
            P::ApBat,
            P::DwitMoDo,
            P::ApMoDo,
            P::JjiDo,
            P::Yut,
            P::DwitMoGae,
            P::ApMoGae,
            P::JjiGae,
            P::Geol,
            P::Bang,
            P::JjiGeol,
            P::Gae,
            P::SokYut,
            P::Saryeo,
            P::JjiYut,
            P::Do,
            P::SokMo,
            P::AnJji,
            P::JjeolBat,
            P::NalDo,
            P::NalGae,
            P::NalGeol,
            P::NalYut,
            P::NalBat,
        ];
        for (i, position) in all.iter().enumerate() {
            let (row, col) = position.block();
            for (down, right) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                assert_eq!(
                    BASE_PICTURE[row + down].as_bytes()[col + right],
                    b'.',
                    "{position:?}"
                );
            }
            for other in &all[..i] {
                assert_ne!(other.block(), position.block());
                assert_ne!(other.slug(), position.slug());
            }
        }
    }

    #[test]
    fn derived_check_1() {
        assert_eq!(solve_str(DERIVED_1_INPUT), DERIVED_1_OUTPUT);
    }

    #[test]
    fn derived_check_2() {
        assert_eq!(solve_str(DERIVED_2_INPUT), DERIVED_2_OUTPUT);
    }

    // Step examples of the move rules (YN-10 to YN-15), a few moves per test.

    #[test]
    fn step_passing_ap_bat_does_not_divert() {
        // 윷 + 2 → 뒷도 (passing 앞밭 does not divert). 앞밭 + 1 → 앞모도; 앞밭 + 2 → 앞모개.
        assert_eq!(from(P::Yut, 2), Place::On(P::DwitDo));
        assert_eq!(from(P::ApBat, 1), Place::On(P::ApMoDo));
        assert_eq!(from(P::ApBat, 2), Place::On(P::ApMoGae));
    }

    #[test]
    fn step_through_and_from_bang() {
        // 앞밭 + 3 → 방; then 방 + 1 → 사려, 방 + 2 → 안찌. But 앞모도 + 3 → 속윷.
        assert_eq!(from(P::ApBat, 3), Place::On(P::Bang));
        assert_eq!(from(P::Bang, 1), Place::On(P::Saryeo));
        assert_eq!(from(P::Bang, 2), Place::On(P::AnJji));
        assert_eq!(from(P::ApMoDo, 3), Place::On(P::SokYut));
    }

    #[test]
    fn step_from_dwit_bat() {
        // 뒷밭 + 1 → 뒷모도; 뒷밭 + 5 → 안찌. 뒷모개 + 2 → 사려.
        assert_eq!(from(P::DwitBat, 1), Place::On(P::DwitMoDo));
        assert_eq!(from(P::DwitBat, 5), Place::On(P::AnJji));
        assert_eq!(from(P::DwitMoGae, 2), Place::On(P::Saryeo));
    }

    #[test]
    fn step_finishing_and_exiting() {
        // 날걸 + 2 → 날밭 (stays on the board); 날걸 + 3, + 4, + 5 → exit. 안찌 + 1 → 날밭;
        // 사려 + 3 → exit.
        assert_eq!(from(P::NalGeol, 2), Place::On(P::NalBat));
        assert_eq!(from(P::NalGeol, 3), Place::Out);
        assert_eq!(from(P::NalGeol, 4), Place::Out);
        assert_eq!(from(P::NalGeol, 5), Place::Out);
        assert_eq!(from(P::AnJji, 1), Place::On(P::NalBat));
        assert_eq!(from(P::Saryeo, 3), Place::Out);
    }

    #[test]
    fn step_from_home() {
        // From home: 1 → 도, 5 → 앞밭.
        assert_eq!(walk(Place::Home, 1).end, Place::On(P::Do));
        assert_eq!(walk(Place::Home, 5).end, Place::On(P::ApBat));
    }

    #[test]
    fn step_from_nal_bat_on_the_board_always_exits() {
        for steps in 1..=5 {
            assert_eq!(from(P::NalBat, steps), Place::Out);
        }
    }

    #[test]
    fn walk_lists_the_positions_it_reaches() {
        // 앞모도 + 3 reaches 앞모개, 방 and ends on 속윷.
        let walked = walk(Place::On(P::ApMoDo), 3);
        assert_eq!(walked.visited, vec![P::ApMoGae, P::Bang, P::SokYut]);
        assert_eq!(walked.end, Place::On(P::SokYut));
        // 안찌 + 3 reaches 날밭, then the next step leaves the board.
        let walked = walk(Place::On(P::AnJji), 3);
        assert_eq!(walked.visited, vec![P::NalBat]);
        assert_eq!(walked.end, Place::Out);
        // From 날밭 on the board nothing is reached.
        assert_eq!(
            walk(Place::On(P::NalBat), 1).visited,
            Vec::<Position>::new()
        );
    }

    #[test]
    fn step_jjeol_bat_is_not_a_shortcut() {
        assert_eq!(from(P::JjeolBat, 1), Place::On(P::NalDo));
        assert_eq!(from(P::JjiYut, 2), Place::On(P::NalDo));
    }

    #[test]
    fn throws() {
        use Stick::{Back as B, Front as F};
        assert_eq!(steps_of_throw([B, B, B, B]), 5);
        assert_eq!(steps_of_throw([F, F, F, F]), 4);
        assert_eq!(steps_of_throw([B, F, B, F]), 2);
        assert_eq!(steps_of_throw([B, B, F, B]), 1);
    }

    #[test]
    fn home_is_not_nal_bat() {
        // A finishes exactly on 날밭 and stays on the board; B, at home, moves alone; a home piece
        // landing elsewhere does not touch A; A exits with one step; a captures A on 날밭.
        let input = "3\nA BBBB\nA FFFB\nA FFFB\n";
        assert_eq!(
            trace(input.as_bytes()).unwrap()[2],
            "A:nal_bat B:home C:home D:home a:home b:home c:home d:home"
        );
        let input = "4\nA BBBB\nA FFFB\nA FFFB\nB FBBB\n";
        assert_eq!(
            trace(input.as_bytes()).unwrap()[3],
            "A:nal_bat B:do C:home D:home a:home b:home c:home d:home"
        );
        let input = "5\nA BBBB\nA FFFB\nA FFFB\na FBBB\nA FBBB\n";
        let lines = trace(input.as_bytes()).unwrap();
        assert_eq!(
            lines[3],
            "A:nal_bat B:home C:home D:home a:do b:home c:home d:home"
        );
        assert_eq!(
            lines[4],
            "A:out B:home C:home D:home a:do b:home c:home d:home"
        );
        let input = "6\nA BBBB\nA FFFB\nA FFFB\na BBBB\na FFFB\na FFFB\n";
        assert_eq!(
            trace(input.as_bytes()).unwrap()[5],
            "A:home B:home C:home D:home a:nal_bat b:home c:home d:home"
        );
    }

    #[test]
    fn stacking_and_capturing_a_stack() {
        let input = "5\nA FBBB\nB FBBB\nA FFBB\nb BBFB\nb FFBB\n";
        let lines = trace(input.as_bytes()).unwrap();
        assert_eq!(
            lines,
            vec![
                "A:do B:home C:home D:home a:home b:home c:home d:home",
                "A:do B:do C:home D:home a:home b:home c:home d:home",
                "A:geol B:geol C:home D:home a:home b:home c:home d:home",
                "A:geol B:geol C:home D:home a:home b:do c:home d:home",
                "A:home B:home C:home D:home a:home b:geol c:home d:home",
            ]
        );
    }

    #[test]
    fn error_wrong_field_count() {
        assert_eq!(error_of(b"1 2\nA FFFF\n"), ("malformed", 1));
        assert_eq!(error_of(b"1\nA\n"), ("malformed", 2));
        assert_eq!(error_of(b"1\nA FF FF\n"), ("malformed", 2));
        assert_eq!(error_of(b"2\nA FFFF\n\nb FFFF\n"), ("malformed", 3));
    }

    #[test]
    fn error_bad_count_n() {
        assert_eq!(error_of(b"0\n"), ("out-of-range", 1));
        assert_eq!(error_of(b"101\nA FFFF\n"), ("out-of-range", 1));
        assert_eq!(error_of(b"-1\n"), ("out-of-range", 1));
        assert_eq!(error_of(b"+1\nA FFFF\n"), ("malformed", 1));
        assert_eq!(error_of(b"1.0\nA FFFF\n"), ("malformed", 1));
        assert_eq!(error_of(b"N\nA FFFF\n"), ("malformed", 1));
        assert_eq!(
            solve(b"001\nA FFFF\n").unwrap(),
            solve(b"1\nA FFFF\n").unwrap()
        );
    }

    #[test]
    fn error_unknown_piece_letter() {
        assert_eq!(error_of(b"1\nE FFFF\n"), ("malformed", 2));
        assert_eq!(error_of(b"1\nAB FFFF\n"), ("malformed", 2));
        assert_eq!(error_of(b"1\n1 FFFF\n"), ("malformed", 2));
        assert_eq!(error_of("1\nＡ FFFF\n".as_bytes()), ("malformed", 2));
        assert_eq!(error_of(b"2\nA FFFF\ne FFFF\n"), ("malformed", 3));
    }

    #[test]
    fn error_bad_throw_string() {
        assert_eq!(error_of(b"1\nA FFF\n"), ("malformed", 2));
        assert_eq!(error_of(b"1\nA FFFFF\n"), ("malformed", 2));
        assert_eq!(error_of(b"1\nA ffff\n"), ("malformed", 2));
        assert_eq!(error_of(b"1\nA FBXB\n"), ("malformed", 2));
        assert_eq!(error_of("1\nA FBBＦ\n".as_bytes()), ("malformed", 2));
    }

    #[test]
    fn error_move_of_an_exited_piece() {
        // A: home→앞밭 (5), →방 (3), →안찌 (2), →exit (2); then A is named again at line 6.
        let input = b"5\nA BBBB\nA FFFB\nA FFBB\nA FFBB\nA FBBB\n";
        assert_eq!(error_of(input), ("invalid", 6));
        // The first invalid turn is the one reported.
        let input = b"6\nA BBBB\nA FFFB\nA FFBB\nA FFBB\nA FBBB\nA FBBB\n";
        assert_eq!(error_of(input), ("invalid", 6));
        // Pieces that exited as a stack are all out.
        let input = b"6\nA BBBB\nB BBBB\nA FFFB\nA FFBB\nA FFBB\nB FBBB\n";
        assert_eq!(error_of(input), ("invalid", 7));
        // A syntax error anywhere beats the semantic error.
        let input = b"6\nA BBBB\nA FFFB\nA FFBB\nA FFBB\nA FBBB\nA FBBX\n";
        assert_eq!(error_of(input), ("malformed", 7));
    }

    #[test]
    fn error_truncated() {
        assert_eq!(error_of(b"3\nA FFFF\nB FFFF\n"), ("truncated", 4));
        assert_eq!(error_of(b"3\nA FFFF\nB FFFF\n\n\n"), ("truncated", 4));
        assert_eq!(error_of(b"1\n"), ("truncated", 2));
    }

    #[test]
    fn error_empty() {
        assert_eq!(error_of(b""), ("truncated", 1));
        assert_eq!(error_of(b"\n \n"), ("truncated", 1));
    }

    #[test]
    fn error_trailing() {
        assert_eq!(error_of(b"1\nA FFFF\nB FFFF\n"), ("trailing", 3));
        assert_eq!(error_of(b"1\nA FFFF\n\n\nx\n"), ("trailing", 5));
        assert!(solve(b"1\r\nA  FFFF \r\n\r\n  \n").is_ok());
    }

    #[test]
    fn error_not_utf8() {
        assert_eq!(error_of(b"1\nA FF\xffF\n"), ("not-utf8", 2));
        assert_eq!(error_of(b"\xc0"), ("not-utf8", 1));
        assert_eq!(error_of(b"1\nA FFFF\n\n\xe2\x82"), ("not-utf8", 4));
    }

    // Census tags (`docs/judge-text.md`, "Census tags of the first games").

    fn tags(input: &str) -> Vec<&'static str> {
        census(input.as_bytes()).unwrap()
    }

    #[test]
    fn census_tags_are_the_engine_list() {
        assert_eq!(TAGS.len(), 20);
        for (i, tag) in TAGS.iter().enumerate() {
            assert!(!TAGS[..i].contains(tag), "{tag} twice");
        }
    }

    #[test]
    fn census_rejects_what_solve_rejects() {
        let input = b"5\nA BBBB\nA FFFB\nA FFBB\nA FFBB\nA FBBB\n";
        assert_eq!(census(input).unwrap_err(), solve(input).unwrap_err());
        assert_eq!(census(b"1\nE FFFF\n").unwrap_err().class, "malformed");
    }

    #[test]
    fn census_all_back_throw_and_start_on_ap_bat() {
        // Home + 5 lands on 앞밭 (not passed over); then a move starts there.
        assert_eq!(tags("1\nA BBBB\n"), vec!["all-back-throw"]);
        assert_eq!(
            tags("2\nA BBBB\nA FBBB\n"),
            vec!["start-ap-bat", "all-back-throw"]
        );
        // 윷 + 2 passes over 앞밭 (and walks on to 뒷도).
        assert_eq!(tags("2\nA FFFF\nA FFBB\n"), vec!["pass-ap-bat"]);
    }

    #[test]
    fn census_dwit_bat() {
        // Home + 4 → 윷, + 5 → 뒷윷; then + 1 lands on 뒷밭 and a move starts there.
        assert_eq!(
            tags("4\nA FFFF\nA BBBB\nA FBBB\nA FBBB\n"),
            vec!["start-dwit-bat", "pass-ap-bat", "all-back-throw"]
        );
        // 뒷윷 + 2 passes over 뒷밭 to 찌도.
        assert_eq!(
            tags("3\nA FFFF\nA BBBB\nA FFBB\n"),
            vec!["pass-ap-bat", "pass-dwit-bat", "all-back-throw"]
        );
    }

    #[test]
    fn census_bang() {
        // 앞밭 + 3 lands on 방; 방 + 1 → 사려 starts there.
        assert_eq!(
            tags("3\nA BBBB\nA FFFB\nA FBBB\n"),
            vec!["start-ap-bat", "start-bang", "all-back-throw"]
        );
        // 앞모도 + 3 passes over 앞모개 and 방 to 속윷.
        assert_eq!(
            tags("3\nA BBBB\nA FBBB\nA FFFB\n"),
            vec!["start-ap-bat", "pass-bang", "all-back-throw"]
        );
    }

    #[test]
    fn census_finishing_and_exiting() {
        // 방 + 3 → 사려, 안찌, 날밭: lands on 날밭; then any move from there exits.
        let land = "3\nA BBBB\nA FFFB\nA FFFB\n";
        assert_eq!(
            tags(land),
            vec![
                "start-ap-bat",
                "start-bang",
                "land-nal-bat",
                "all-back-throw"
            ]
        );
        assert_eq!(
            tags(&format!("4{}A FBBB\n", &land[1..])),
            vec![
                "start-ap-bat",
                "start-bang",
                "land-nal-bat",
                "exit-from-nal-bat",
                "all-back-throw"
            ]
        );
        // 방 + 4 needs a step beyond 날밭 (passing 사려, 안찌 and 날밭).
        assert_eq!(
            tags("3\nA BBBB\nA FFFB\nA FFFF\n"),
            vec![
                "start-ap-bat",
                "start-bang",
                "exit-overshoot",
                "all-back-throw"
            ]
        );
    }

    #[test]
    fn census_captures() {
        assert_eq!(tags("2\nA FBBB\na FBBB\n"), vec!["capture-single"]);
        // A, B stack on 도 (B from home onto its own piece), move to 걸; b captures both there.
        assert_eq!(
            tags("5\nA FBBB\nB FBBB\nA FFBB\nb BBFB\nb FFBB\n"),
            vec!["capture-stack", "stack-2", "home-onto-own"]
        );
        // a lands on 날밭 where A finished.
        assert_eq!(
            tags("6\nA BBBB\nA FFFB\nA FFFB\na BBBB\na FFFB\na FFFB\n"),
            vec![
                "start-ap-bat",
                "start-bang",
                "land-nal-bat",
                "capture-single",
                "capture-on-nal-bat",
                "all-back-throw"
            ]
        );
    }

    #[test]
    fn census_reenter_after_capture() {
        // A is captured on 도 and enters again from home (capturing a in turn).
        assert_eq!(
            tags("3\nA FBBB\na FBBB\nA FBBB\n"),
            vec!["capture-single", "reenter-after-capture"]
        );
        // A piece entering for the first time is not a re-entry, even after another capture.
        assert_eq!(tags("3\nA FBBB\na FBBB\nB FBBB\n"), vec!["capture-single"]);
    }

    #[test]
    fn census_stack_sizes() {
        assert_eq!(
            tags("4\nA FBBB\nB FBBB\nC FBBB\nD FBBB\n"),
            vec!["stack-2", "stack-3", "stack-4", "home-onto-own"]
        );
        // Two stacks of two join on 걸: a stack of 4 built by a group, not from home.
        assert_eq!(
            tags("6\nA FBBB\nB FBBB\nC FFBB\nD FFBB\nA FFBB\nC FBBB\n"),
            vec!["stack-2", "stack-4", "home-onto-own"]
        );
    }

    #[test]
    fn census_move_stack_by_upper() {
        // B joins A on 도 from home: A is the bottom. Naming B moves the stack by its upper piece.
        assert_eq!(
            tags("3\nA FBBB\nB FBBB\nB FBBB\n"),
            vec!["stack-2", "move-stack-by-upper", "home-onto-own"]
        );
        assert_eq!(
            tags("3\nA FBBB\nB FBBB\nA FBBB\n"),
            vec!["stack-2", "home-onto-own"]
        );
        // A group that lands on its own pieces goes on top: C (on 개 first) is the bottom of
        // [C, A, B]; naming A then moves the stack by an upper piece, naming C does not.
        let built = "4\nA FBBB\nB FBBB\nC FFBB\nA FBBB\n";
        assert_eq!(tags(built), vec!["stack-2", "stack-3", "home-onto-own"]);
        let by = |letter: char| format!("5{}{letter} FBBB\n", &built[1..]);
        assert!(tags(&by('A')).contains(&"move-stack-by-upper"));
        assert!(tags(&by('B')).contains(&"move-stack-by-upper"));
        assert!(!tags(&by('C')).contains(&"move-stack-by-upper"));
        // A group that captures keeps its own bottom: [A, B] captures a on 개, A stays the bottom.
        let captured = "4\nA FBBB\nB FBBB\na FFBB\nA FBBB\n";
        assert_eq!(
            tags(captured),
            vec!["capture-single", "stack-2", "home-onto-own"]
        );
        let by = |letter: char| format!("5{}{letter} FBBB\n", &captured[1..]);
        assert!(!tags(&by('A')).contains(&"move-stack-by-upper"));
        assert!(tags(&by('B')).contains(&"move-stack-by-upper"));
    }

    #[test]
    fn census_stack_exits() {
        // A and B stack on 앞밭, go to 방 and 안찌, then leave the board together.
        assert_eq!(
            tags("5\nA BBBB\nB BBBB\nA FFFB\nA FFBB\nA FFBB\n"),
            vec![
                "start-ap-bat",
                "start-bang",
                "exit-overshoot",
                "stack-2",
                "stack-exits",
                "all-back-throw",
                "home-onto-own"
            ]
        );
    }
}
