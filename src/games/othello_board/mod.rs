//! Othello on the printed board (BOJ 15671): the glue between the [`engine`] (over othello's
//! bitboards), the literal reference
//! (`reference/src/othello_board.rs`), the structured [`case`], the generator of [`gen`] and the
//! [`census`].
//!
//! Settings: `--strict` (othello's, both sides) rejects a placement that flips nothing; by default
//! such a placement is applied literally (the stone is put, nothing turns: OB-4).

pub mod case;
pub mod census;
pub mod engine;
pub mod gen;

use crate::game::{tag_bits, Game, Options, Outcome, Picture, Setting, Trace};
use crate::games::othello::{fuzz_options, strict, STRICT};
use crate::rng::Rng;
pub use case::Case;

/// The Othello game of BOJ 15671.
pub struct OthelloBoard;

impl Game for OthelloBoard {
    type Case = Case;
    const SLUG: &'static str = "othello_board";
    const PROBLEM: &'static str = "boj15671";
    const TITLE: &'static str = "Othello, the printed board (BOJ 15671)";
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

    /// othello's [`fuzz_options`]: `--strict` on one case in four.
    fn case_options(case: &Case) -> Options {
        fuzz_options(case.render().as_bytes())
    }

    /// othello's [`fuzz_options`]: `--strict` on one raw input in four.
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
        Outcome::from_result(boardfuzz_reference::othello_board::solve(
            input,
            strict(options),
        ))
    }

    fn engine_trace(input: &[u8], options: &Options) -> Option<Trace> {
        Some(engine::trace(input, strict(options)).map_err(Outcome::rejected))
    }

    fn reference_trace(input: &[u8], options: &Options) -> Option<Trace> {
        Some(
            boardfuzz_reference::othello_board::trace(input, strict(options))
                .map_err(Outcome::rejected),
        )
    }

    fn draw(line: &str, _input: &[u8], _options: &Options) -> Option<Picture> {
        let (k, rest) = line.split_once(": ")?;
        let rows = rest.split_whitespace().next()?;
        let colour = if k.parse::<u32>().ok()? % 2 == 1 {
            "black"
        } else {
            "white"
        };
        crate::games::othello::draw_rows(rows, &format!("placement {k} ({colour})"))
    }

    fn census(input: &[u8], options: &Options) -> u64 {
        census::census(input, strict(options))
    }

    fn reference_census(input: &[u8], options: &Options) -> Option<u64> {
        let names =
            boardfuzz_reference::othello_board::census(input, strict(options)).unwrap_or_default();
        Some(tag_bits(Self::TAGS, &names))
    }
}
