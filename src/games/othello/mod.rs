//! Othello (SWEA 4615): the glue between the bitboard [`engine`], the literal reference
//! (`reference/src/othello.rs`), the structured [`case`], the generator of [`gen`] and the
//! [`census`].
//!
//! Settings: `--strict` (both sides) rejects a placement that flips nothing; by default such a
//! placement is applied literally (the stone is put, nothing turns: OT-5), as judge solutions do.

pub mod case;
pub mod census;
pub mod engine;
pub mod gen;

use crate::game::{
    tag_bits, Cell, Game, Kind, Options, Outcome, Picture, Scope, Setting, Tone, Trace,
};
use crate::rng::Rng;
pub use case::{Case, Placement, TestCase};

/// The Othello game of SWEA 4615.
pub struct Othello;

/// `--strict`: a placement that is not a legal Othello move is `invalid` (both sides).
pub const STRICT: Setting = Setting {
    name: "strict",
    help: "reject a placement that flips nothing (not a legal Othello move); both sides",
    kind: Kind::Switch,
    scope: Scope::Both,
    value_name: "",
};

/// Whether `--strict` is on.
pub fn strict(options: &Options) -> bool {
    options.switch(STRICT.name)
}

/// One fuzz input in this many is judged under `--strict` (othello and othello_board, both fuzz
/// targets), so the rejection of a stone that flips nothing is fuzzed too. Picked by
/// [`crate::draw::hash`] of the case's text (bits 16 and up: independent of the share whose
/// traces are compared); a structured case with no such stone reads the same in both modes.
pub const STRICT_ONE_IN: u32 = 4;

/// `--strict` for one judge text (or raw input) in [`STRICT_ONE_IN`], else the default mode.
pub fn fuzz_options(text: &[u8]) -> Options {
    if (crate::draw::hash(text) >> 16) % STRICT_ONE_IN == 0 {
        Options::new().with(STRICT.name, crate::game::Value::Switch)
    } else {
        Options::new()
    }
}

/// The picture of an othello board written as trace rows (`.B../.BB./…`): `B` dark, `W` light,
/// `.` empty, with the stone counts and `what` (the placement) as the caption. `None` if `rows`
/// is not such a board.
pub fn draw_rows(rows: &str, what: &str) -> Option<Picture> {
    let mut grid = Vec::new();
    let (mut black, mut white) = (0, 0);
    for row in rows.split('/') {
        let mut cells = Vec::new();
        for c in row.chars() {
            let tone = match c {
                'B' => {
                    black += 1;
                    Tone::Dark
                }
                'W' => {
                    white += 1;
                    Tone::Light
                }
                '.' => Tone::Empty,
                _ => return None,
            };
            cells.push(Cell::new(c.to_string(), tone));
        }
        grid.push(cells);
    }
    Some(Picture::new(
        grid,
        format!("{what}: black {black}, white {white}"),
    ))
}

impl Game for Othello {
    type Case = Case;
    const SLUG: &'static str = "othello";
    const PROBLEM: &'static str = "swea4615";
    const TITLE: &'static str = "Othello (SWEA 4615)";
    const TAGS: &'static [&'static str] = census::TAGS;
    const TAG_CLAUSES: &'static [(&'static str, &'static [&'static str])] = census::TAG_CLAUSES;
    const UNMEASURED: &'static [(&'static str, &'static str)] = census::UNMEASURED;
    const SETTINGS: &'static [Setting] = &[STRICT];

    fn render(case: &Case) -> String {
        case.render()
    }

    fn parse_case(input: &[u8]) -> Option<Case> {
        Case::parse(input)
    }

    fn shrink(case: &Case) -> Vec<Case> {
        case.shrink()
    }

    /// [`fuzz_options`]: `--strict` on one case in [`STRICT_ONE_IN`].
    fn case_options(case: &Case) -> Options {
        fuzz_options(case.render().as_bytes())
    }

    /// [`fuzz_options`]: `--strict` on one raw input in [`STRICT_ONE_IN`].
    fn raw_options(input: &[u8]) -> Options {
        fuzz_options(input)
    }

    fn generate(rng: &mut Rng, options: &Options) -> Result<Case, String> {
        Ok(gen::generate(rng, strict(options)))
    }

    fn engine(input: &[u8], options: &Options) -> Outcome {
        Outcome::from_result(engine::solve(input, strict(options)))
    }

    fn reference(input: &[u8], options: &Options) -> Outcome {
        Outcome::from_result(boardfuzz_reference::othello::solve(input, strict(options)))
    }

    fn engine_trace(input: &[u8], options: &Options) -> Option<Trace> {
        Some(engine::trace(input, strict(options)).map_err(Outcome::rejected))
    }

    fn reference_trace(input: &[u8], options: &Options) -> Option<Trace> {
        Some(boardfuzz_reference::othello::trace(input, strict(options)).map_err(Outcome::rejected))
    }

    fn draw(line: &str, _input: &[u8], _options: &Options) -> Option<Picture> {
        let (turn, rest) = line.split_once(": ")?;
        let (case, k) = turn.split_once('.')?;
        let rows = rest.split_whitespace().next()?;
        draw_rows(rows, &format!("test case {case}, placement {k}"))
    }

    fn census(input: &[u8], options: &Options) -> u64 {
        census::census(input, strict(options))
    }

    /// Every placement played again through the board helpers the generator and the unit tests
    /// use ([`engine::self_check`]).
    fn self_check(input: &[u8], options: &Options) -> Result<(), String> {
        engine::self_check(input, strict(options))
    }

    fn reference_census(input: &[u8], options: &Options) -> Option<u64> {
        let names =
            boardfuzz_reference::othello::census(input, strict(options)).unwrap_or_default();
        Some(tag_bits(Self::TAGS, &names))
    }
}
