//! Othello (SWEA 4615): the glue between the bitboard [`engine`], the literal reference
//! (`reference/src/othello.rs`), the structured [`case`], the generator of [`gen`] and the
//! [`census`].
//!
//! Settings: `--strict` (both sides) rejects a placement that flips nothing; by default rule 4 is
//! applied literally (the stone is put, nothing turns), as judge solutions do.

pub mod case;
pub mod census;
pub mod engine;
pub mod gen;

use crate::game::{tag_bits, Game, Kind, Options, Outcome, Scope, Setting, Trace};
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

impl Game for Othello {
    type Case = Case;
    const SLUG: &'static str = "othello";
    const PROBLEM: &'static str = "swea4615";
    const TITLE: &'static str = "Othello (SWEA 4615)";
    const TAGS: &'static [&'static str] = census::TAGS;
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

    fn generate(rng: &mut Rng, options: &Options) -> Result<Case, String> {
        Ok(gen::generate(rng, strict(options)))
    }

    fn engine(input: &[u8], options: &Options) -> Outcome {
        Outcome::from_engine(engine::solve(input, strict(options)))
    }

    fn reference(input: &[u8], options: &Options) -> Outcome {
        Outcome::from_reference(boardfuzz_reference::othello::solve(input, strict(options)))
    }

    fn engine_trace(input: &[u8], options: &Options) -> Trace {
        engine::trace(input, strict(options)).map_err(|e| Outcome::from_engine(Err(e)))
    }

    fn reference_trace(input: &[u8], options: &Options) -> Trace {
        boardfuzz_reference::othello::trace(input, strict(options))
            .map_err(|e| Outcome::from_reference(Err(e)))
    }

    fn census(input: &[u8], options: &Options) -> u64 {
        census::census(input, strict(options))
    }

    fn reference_census(input: &[u8], options: &Options) -> Option<u64> {
        let names =
            boardfuzz_reference::othello::census(input, strict(options)).unwrap_or_default();
        Some(tag_bits(Self::TAGS, &names))
    }
}
