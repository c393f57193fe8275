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
pub mod picture;

use crate::game::{Game, Kind, Options, Outcome, Picture, Scope, Setting, Trace};
use crate::rng::Rng;
pub use case::Case;
pub use census::TAGS;

/// The coin-jumping game.
pub struct CoinJump;

/// `--no-strict`: lift the judge's 50×50 limit (engine and reference alike).
const NO_STRICT: Setting = Setting {
    name: "no-strict",
    help: "lift the judge's 50×50 size limit",
    kind: Kind::Switch,
    scope: Scope::Both,
    value_name: "",
};

/// The largest side `--rows`/`--cols` take (the board is also capped at [`gen::MAX_CELLS`]).
const MAX_SIDE: u64 = 1 << 28;

fn strict(options: &Options) -> bool {
    !options.switch(NO_STRICT.name)
}

/// The raw-bytes fuzz target answers inputs of up to this many bytes on both sides (boards of up
/// to about 60 cells) and compares only what the two readers read on longer ones. The literal
/// reference costs O((N·M)²) a board: raw fuzzing soon finds valid boards of a few hundred cells
/// with reachable cycles, and at whole answers the target ran at 651 exec/s (`fuzz/speed.sh`).
/// The answers of large boards are the structured target's and the campaign's.
pub const RAW_ANSWER_MAX_BYTES: usize = 64;

/// The self-check compares the two engine traces on boards of up to this many cells (a search
/// per reachable cell costs O(cells²)).
pub const SELF_CHECK_TRACE_CELLS: usize = 256;

/// What a reader read, as the raw-bytes target compares it: `board N M` and the rows, `H` for a
/// hole.
fn board_read(rows: usize, cols: usize, cells: impl IntoIterator<Item = u8>) -> String {
    let mut text = format!("board {rows} {cols}\n");
    for (i, cell) in cells.into_iter().enumerate() {
        text.push(if cell == 0 {
            'H'
        } else {
            (b'0' + cell) as char
        });
        if (i + 1) % cols == 0 {
            text.push('\n');
        }
    }
    text
}

impl Game for CoinJump {
    type Case = Case;
    const SLUG: &'static str = "coin_jump";
    const PROBLEM: &'static str = "boj1103";
    const TITLE: &'static str = "Coin jump (BOJ 1103)";
    const TAGS: &'static [&'static str] = TAGS;
    const TAG_CLAUSES: &'static [(&'static str, &'static [&'static str])] = census::TAG_CLAUSES;
    const UNMEASURED: &'static [(&'static str, &'static str)] = census::UNMEASURED;
    /// The literal trace plays a whole game from every reachable cell, some 30 times the cost of
    /// the answers on the kept seeds: at the default one in 64 the deep checks took 35% of the
    /// structured target's time (`perf`), at one in 1024 about 3%.
    const DEEP_ONE_IN: u32 = 1024;
    /// Boards of up to about 10×10: the literal trace of a 50×50 board with a reachable cycle
    /// plays up to 2,500 games of 2,500 steps, seconds in the fuzz build.
    const DEEP_MAX_TEXT: usize = 128;
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
        Outcome::from_result(engine::solve(input, strict(options)))
    }

    fn reference(input: &[u8], options: &Options) -> Outcome {
        Outcome::from_result(boardfuzz_reference::coin_jump::solve(
            input,
            strict(options),
        ))
    }

    fn engine_trace(input: &[u8], options: &Options) -> Option<Trace> {
        Some(engine::trace(input, strict(options)).map_err(Outcome::rejected))
    }

    fn reference_trace(input: &[u8], options: &Options) -> Option<Trace> {
        Some(
            boardfuzz_reference::coin_jump::trace(input, strict(options))
                .map_err(Outcome::rejected),
        )
    }

    /// Whole answers on short raw inputs, the readings on longer ones
    /// ([`RAW_ANSWER_MAX_BYTES`]).
    fn engine_reader(input: &[u8], options: &Options) -> Option<Outcome> {
        if input.len() <= RAW_ANSWER_MAX_BYTES {
            return None;
        }
        Some(Outcome::from_result(
            engine::parse(input, strict(options))
                .map(|board| board_read(board.rows, board.cols, board.cells)),
        ))
    }

    fn reference_reader(input: &[u8], options: &Options) -> Option<Outcome> {
        if input.len() <= RAW_ANSWER_MAX_BYTES {
            return None;
        }
        Some(Outcome::from_result(
            boardfuzz_reference::coin_jump::read(input, strict(options)).map(|rows| {
                let cols = rows.first().map_or(0, Vec::len);
                board_read(
                    rows.len(),
                    cols,
                    rows.iter().flatten().map(|c| c.unwrap_or(0)),
                )
            }),
        ))
    }

    /// Three ways to the answer must agree: the search with 32-bit slots (every judge board),
    /// with 64-bit slots (boards of 2^32 cells or more) and the census' topological analysis;
    /// on boards of up to [`SELF_CHECK_TRACE_CELLS`] cells the trace from the analysis must be
    /// the trace of one search per reachable cell.
    fn self_check(input: &[u8], options: &Options) -> Result<(), String> {
        let Ok(board) = engine::parse(input, strict(options)) else {
            return Ok(());
        };
        let narrow = engine::longest_of(board.rows, board.cols, &board.cells);
        let wide = engine::longest_wide(&board);
        let analysed = engine::analyse(&board).answer();
        if narrow != wide || narrow != analysed {
            return Err(format!(
                "coin_jump's answers disagree: search {narrow}, 64-bit search {wide}, analysis {analysed}"
            ));
        }
        if board.cells.len() <= SELF_CHECK_TRACE_CELLS {
            let searched = engine::trace(input, strict(options)).map_err(|e| e.to_string())?;
            let analysed =
                engine::trace_by_analysis(input, strict(options)).map_err(|e| e.to_string())?;
            if searched != analysed {
                return Err(format!(
                    "coin_jump's traces disagree: by search {searched:?}, by analysis {analysed:?}"
                ));
            }
        }
        Ok(())
    }

    fn draw(line: &str, input: &[u8], _options: &Options) -> Option<Picture> {
        picture::draw(line, input)
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
    fn raw_inputs_past_the_answer_size_compare_the_readings() {
        let options = Options::new();
        let short = "2 2\n11\n1H\n";
        assert!(short.len() <= RAW_ANSWER_MAX_BYTES);
        assert_eq!(CoinJump::engine_reader(short.as_bytes(), &options), None);
        assert_eq!(CoinJump::reference_reader(short.as_bytes(), &options), None);

        let rows: Vec<String> = (0..9)
            .map(|r| {
                (0..9)
                    .map(|c| {
                        if (r + c) % 4 == 3 {
                            'H'
                        } else {
                            char::from(b'1' + c)
                        }
                    })
                    .collect()
            })
            .collect();
        let long = format!("9 9\n{}\n", rows.join("\n"));
        assert!(long.len() > RAW_ANSWER_MAX_BYTES);
        let engine = CoinJump::engine_reader(long.as_bytes(), &options).unwrap();
        let reference = CoinJump::reference_reader(long.as_bytes(), &options).unwrap();
        assert_eq!(
            engine,
            Outcome::Output(format!("board 9 9\n{}\n", rows.join("\n")))
        );
        assert!(engine.agrees_with(&reference), "{engine} / {reference}");

        // An error on row 7 (line 8): the same class at the same line from both readers.
        let mut bad_rows = rows.clone();
        bad_rows[6].replace_range(2..3, "x");
        let bad = format!("9 9\n{}\n", bad_rows.join("\n"));
        let engine = CoinJump::engine_reader(bad.as_bytes(), &options).unwrap();
        let reference = CoinJump::reference_reader(bad.as_bytes(), &options).unwrap();
        assert!(
            matches!(engine, Outcome::Rejected { line: 8, .. }),
            "{engine}"
        );
        assert!(engine.agrees_with(&reference), "{engine} / {reference}");
        // And a reading that differs is a disagreement: one cell changed.
        let other = long.replacen('9', "8", 1);
        let changed = CoinJump::engine_reader(other.as_bytes(), &options).unwrap();
        assert!(!changed.agrees_with(&reference_reading(&long)));
    }

    fn reference_reading(input: &str) -> Outcome {
        CoinJump::reference_reader(input.as_bytes(), &Options::new()).unwrap()
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
