//! Yut Nori (BOJ 15778): the glue between the optimized [`engine`], the literal reference
//! (`reference/src/yut_nori.rs`), the structured [`case`], the generator of [`gen`] and the
//! [`census`]. The game takes no settings.

pub mod case;
pub mod census;
pub mod engine;
pub mod gen;
pub mod picture;

use crate::game::{tag_bits, Game, Options, Outcome, Picture, Trace};
use crate::rng::Rng;
pub use case::{Case, Turn};

/// The Yut Nori game.
pub struct YutNori;

impl Game for YutNori {
    type Case = Case;
    const SLUG: &'static str = "yut_nori";
    const PROBLEM: &'static str = "boj15778";
    const TITLE: &'static str = "Yut Nori (BOJ 15778)";
    const TAGS: &'static [&'static str] = census::TAGS;
    const TAG_CLAUSES: &'static [(&'static str, &'static [&'static str])] = census::TAG_CLAUSES;
    const UNMEASURED: &'static [(&'static str, &'static str)] = census::UNMEASURED;

    fn render(case: &Case) -> String {
        case.render()
    }

    fn parse_case(input: &[u8]) -> Option<Case> {
        Case::parse(input)
    }

    fn shrink(case: &Case) -> Vec<Case> {
        case.shrink()
    }

    fn generate(rng: &mut Rng, _: &Options) -> Result<Case, String> {
        gen::generate(rng)
    }

    fn engine(input: &[u8], _: &Options) -> Outcome {
        Outcome::from_result(engine::solve(input))
    }

    fn reference(input: &[u8], _: &Options) -> Outcome {
        Outcome::from_result(boardfuzz_reference::yut_nori::solve(input))
    }

    fn engine_trace(input: &[u8], _: &Options) -> Option<Trace> {
        Some(engine::trace(input).map_err(Outcome::rejected))
    }

    fn reference_trace(input: &[u8], _: &Options) -> Option<Trace> {
        Some(boardfuzz_reference::yut_nori::trace(input).map_err(Outcome::rejected))
    }

    fn draw(line: &str, _input: &[u8], _: &Options) -> Option<Picture> {
        picture::draw(line)
    }

    /// The 32×32 picture read back onto the grid of [`YutNori::draw`] ([`picture::draw_output`]).
    fn draw_output(output: &str, _input: &[u8], _: &Options) -> Option<Picture> {
        picture::draw_output(output)
    }

    fn census(input: &[u8], _: &Options) -> u64 {
        census::census(input)
    }

    fn reference_census(input: &[u8], _: &Options) -> Option<u64> {
        let names = boardfuzz_reference::yut_nori::census(input).unwrap_or_default();
        Some(tag_bits(Self::TAGS, &names))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{DynGame, Registered};

    #[test]
    fn shrinking_merges_moves_and_reaches_the_shortest_walk() {
        // Keep "some move starts on 방": the shortest game that does so is three moves long
        // (home → 앞밭 with 5, 앞밭 → 방 with 3, then any move from 방).
        let game = Registered::<YutNori>::new();
        let start_bang = 1u64
            << YutNori::TAGS
                .iter()
                .position(|t| *t == "start-bang")
                .unwrap();
        let mut keeps = |t: &str| YutNori::census(t.as_bytes(), &Options::new()) & start_bang != 0;
        let found = "5\nD FFFF\nD BBBF\nD BBBF\nD BBFF\nD BBBF\n";
        assert!(keeps(found));
        let small = game.shrink(found, &mut keeps).unwrap();
        assert_eq!(small, "3\nA BBBB\nA BFFF\nA BBBB\n");
    }

    #[test]
    fn every_byte_string_decodes_to_a_game_the_engine_accepts() {
        let mut rng = crate::rng::Rng::new(5);
        for _ in 0..2000 {
            let mut bytes = vec![0u8; rng.range(0, 300) as usize];
            rng.fill(&mut bytes);
            let case = crate::game::decode_fuzz_input::<Case>(&bytes).unwrap();
            let text = YutNori::render(&case);
            assert!(engine::solve(text.as_bytes()).is_ok(), "{text}");
            assert_eq!(YutNori::parse_case(text.as_bytes()), Some(case));
        }
    }
}
