//! Coin jump (BOJ 1103): the glue between the optimized [`engine`], the literal reference
//! (`reference/src/coin_jump.rs`), the structured [`case`], the generators of [`gen`] and the
//! [`census`].
//!
//! Settings: strict sizes (N, M ≤ 50) by default in both engine and reference; `--no-strict`
//! lifts the limit. `gen` and `check` take `--rows/--cols` of any size (solving a board wider or
//! taller than 50 then needs `--no-strict`) and `--mode` (see [`gen`]).

pub mod case;
pub mod census;
pub mod engine;
pub mod gen;

use crate::game::{Game, Kind, Options, Outcome, Scope, Setting, Trace};
use crate::rng::Rng;
pub use case::Case;
pub use census::TAGS;

/// The coin-jumping game.
pub struct CoinJump;

/// `--no-strict`: lift the judge's 50×50 limit (engine and reference alike).
const NO_STRICT: Setting = Setting {
    name: "no-strict",
    help: "lift the judge's 50×50 size limit (engine and reference alike)",
    kind: Kind::Switch,
    scope: Scope::Both,
    value_name: "",
};

/// The largest side `--rows`/`--cols` take (the board is also capped at [`gen::MAX_CELLS`]).
const MAX_SIDE: u64 = 1 << 28;

fn strict(options: &Options) -> bool {
    !options.switch(NO_STRICT.name)
}

impl Game for CoinJump {
    type Case = Case;
    const SLUG: &'static str = "coin_jump";
    const PROBLEM: &'static str = "boj1103";
    const TITLE: &'static str = "Coin jump (BOJ 1103)";
    const TAGS: &'static [&'static str] = TAGS;
    const SETTINGS: &'static [Setting] = &[
        NO_STRICT,
        Setting {
            name: "rows",
            help: "board rows of generated cases (over 50 needs --no-strict to solve)",
            kind: Kind::Number {
                min: 1,
                max: MAX_SIDE,
            },
            scope: Scope::Generator,
            value_name: "R",
        },
        Setting {
            name: "cols",
            help: "board columns of generated cases (over 50 needs --no-strict to solve)",
            kind: Kind::Number {
                min: 1,
                max: MAX_SIDE,
            },
            scope: Scope::Generator,
            value_name: "C",
        },
        Setting {
            name: "mode",
            help: "generator mode (a random one per case if absent)",
            kind: Kind::Choice(gen::MODES),
            scope: Scope::Generator,
            value_name: "MODE",
        },
    ];

    fn render(case: &Case) -> String {
        case.render()
    }

    fn parse_case(input: &[u8]) -> Option<Case> {
        Case::parse(input)
    }

    fn shrink(case: &Case) -> Vec<Case> {
        case.shrink()
    }

    fn shrink_rank(case: &Case) -> u64 {
        case.shrink_rank()
    }

    fn generate(rng: &mut Rng, options: &Options) -> Result<Case, String> {
        let side = |name| options.number(name).map(|n| n as usize);
        gen::generate(rng, options.word("mode"), side("rows"), side("cols"))
    }

    fn engine(input: &[u8], options: &Options) -> Outcome {
        Outcome::from_engine(engine::solve(input, strict(options)))
    }

    fn reference(input: &[u8], options: &Options) -> Outcome {
        Outcome::from_reference(boardfuzz_reference::coin_jump::solve(
            input,
            strict(options),
        ))
    }

    fn engine_trace(input: &[u8], options: &Options) -> Trace {
        engine::trace(input, strict(options)).map_err(|e| Outcome::from_engine(Err(e)))
    }

    fn reference_trace(input: &[u8], options: &Options) -> Trace {
        boardfuzz_reference::coin_jump::trace(input, strict(options))
            .map_err(|e| Outcome::from_reference(Err(e)))
    }

    fn census(input: &[u8], options: &Options) -> u64 {
        match engine::parse(input, strict(options)) {
            Ok(board) => census::census_bits(&engine::analyse(&board)),
            Err(_) => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbitrary::{Arbitrary, Unstructured};

    fn bits(input: &str) -> Vec<&'static str> {
        let b = CoinJump::census(input.as_bytes(), &Options::new());
        TAGS.iter()
            .enumerate()
            .filter(|(i, _)| b & (1 << i) != 0)
            .map(|(_, t)| *t)
            .collect()
    }

    #[test]
    fn census_of_small_boards() {
        assert_eq!(bits("1 1\n9\n"), ["answer-one", "board-1x1"]);
        assert_eq!(
            bits("1 2\n11\n"),
            [
                "reachable-cycle",
                "board-1xM",
                "leave-up",
                "leave-down",
                "leave-right"
            ]
        );
        let t = bits("1 4\n2312\n");
        assert!(
            t.contains(&"rejoin-no-cycle") && t.contains(&"board-1xM"),
            "{t:?}"
        );
        assert!(!t.contains(&"holes-but-path"));
        let t = bits("2 3\n9HH\n111\n");
        assert!(
            t.contains(&"unreachable-cycle") && t.contains(&"answer-one"),
            "{t:?}"
        );
        let t = bits("3 3\n211\nHHH\n9HH\n");
        assert!(
            t.contains(&"trace-mixed") && t.contains(&"reachable-cycle"),
            "{t:?}"
        );
        assert!(!t.contains(&"cycle-far"));
        let t = bits("1 10\n2H3HH4HHH5\n");
        assert!(
            t.contains(&"jump-over-hole") && t.contains(&"holes-but-path"),
            "{t:?}"
        );
        let t = bits("1 3\n1H1\n");
        assert!(
            t.contains(&"land-in-hole") && !t.contains(&"jump-over-hole"),
            "{t:?}"
        );
        assert!(bits("2 2\nH1\n11\n").is_empty());
    }

    #[test]
    fn cycle_far_needs_a_long_approach() {
        // 3HH1 3HH1 …: two moves per block to the right (every left jump lands in a hole), then
        // a 2H2 bounce: five blocks put the bounce ten moves away.
        let row = format!("{}2H2", "3HH1".repeat(5));
        let t = bits(&format!("1 {}\n{row}\n", row.len()));
        assert!(t.contains(&"cycle-far"), "{t:?}");
        let row = format!("{}2H2", "3HH1".repeat(4));
        let t = bits(&format!("1 {}\n{row}\n", row.len()));
        assert!(!t.contains(&"cycle-far"), "{t:?}");
    }

    #[test]
    fn render_parse_round_trip_and_shrink_keeps_the_start() {
        let mut rng = Rng::new(11);
        for _ in 0..200 {
            let case = CoinJump::generate(&mut rng, &Options::new()).unwrap();
            let text = CoinJump::render(&case);
            assert_eq!(CoinJump::parse_case(text.as_bytes()), Some(case.clone()));
            for smaller in CoinJump::shrink(&case) {
                assert_ne!(smaller.cells[0], 0);
                assert_eq!(smaller.cells.len(), smaller.rows * smaller.cols);
            }
        }
    }

    #[test]
    fn arbitrary_decoding_is_always_a_valid_board() {
        let mut rng = Rng::new(12);
        for _ in 0..500 {
            let mut bytes = vec![0u8; rng.below(600) as usize];
            rng.fill(&mut bytes);
            let case = Case::arbitrary_take_rest(Unstructured::new(&bytes)).unwrap();
            assert!((1..=50).contains(&case.rows) && (1..=50).contains(&case.cols));
            assert_ne!(case.cells[0], 0);
            let text = CoinJump::render(&case);
            assert!(matches!(
                CoinJump::engine(text.as_bytes(), &Options::new()),
                Outcome::Output(_)
            ));
        }
    }
}
