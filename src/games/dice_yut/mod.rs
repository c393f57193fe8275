//! Dice yut (BOJ 17825): the glue between the memoized [`engine`], the literal reference
//! (`reference/src/dice_yut.rs`), the structured [`case`], the generator of [`gen`] and the
//! [`census`].
//!
//! Settings: `--no-strict` (both sides) takes any number of dice from 1 to 1000 instead of the
//! judge's 10; when no piece can be chosen — all four on F, or every unfinished piece blocked —
//! the game ends there and the total so far counts (`docs/judge-text.md`).

pub mod case;
pub mod census;
pub mod engine;
pub mod gen;
pub mod picture;

use crate::game::{tag_bits, Game, Kind, Options, Outcome, Picture, Scope, Setting, Trace, Value};
use crate::rng::Rng;
pub use case::Case;

/// The dice yut game.
pub struct DiceYut;

/// `--no-strict`: any number of dice, 1 to 1000 (both sides).
const NO_STRICT: Setting = Setting {
    name: "no-strict",
    help: "take 1 to 1000 dice instead of exactly 10 (both sides; the game ends when no piece can move)",
    kind: Kind::Switch,
    scope: Scope::Both,
    value_name: "",
};

fn strict(options: &Options) -> bool {
    !options.switch(NO_STRICT.name)
}

/// What a reader read, as the parse target compares it: `dice 1 2 3 …`.
fn dice_read(dice: &[u8]) -> String {
    let mut text = String::from("dice");
    for d in dice {
        text.push(' ');
        text.push((b'0' + d) as char);
    }
    text.push('\n');
    text
}

impl Game for DiceYut {
    type Case = Case;
    const SLUG: &'static str = "dice_yut";
    const PROBLEM: &'static str = "boj17825";
    const TITLE: &'static str = "Dice yut (BOJ 17825)";
    const TAGS: &'static [&'static str] = census::TAGS;
    const TAG_CLAUSES: &'static [(&'static str, &'static [&'static str])] = census::TAG_CLAUSES;
    const UNMEASURED: &'static [(&'static str, &'static str)] = census::UNMEASURED;
    const SETTINGS: &'static [Setting] = &[NO_STRICT];
    /// The literal census walks every line of play, some 16 times the cost of the answers: at
    /// the default one in 64 the deep checks took 40% of the structured target's time (`perf`),
    /// at one in 1024 under 3%.
    const DEEP_ONE_IN: u32 = 1024;

    fn render(case: &Case) -> String {
        case.render()
    }

    fn parse_case(input: &[u8]) -> Option<Case> {
        Case::parse(input)
    }

    fn shrink(case: &Case) -> Vec<Case> {
        case.shrink()
    }

    /// The judge's 10 dice run in strict mode; any other count (the small scopes of the case
    /// decoding) needs `--no-strict`.
    fn case_options(case: &Case) -> Options {
        if case.dice.len() == case::JUDGE_DICE {
            Options::new()
        } else {
            Options::new().with(NO_STRICT.name, Value::Switch)
        }
    }

    fn generate(rng: &mut Rng, options: &Options) -> Result<Case, String> {
        Ok(gen::generate(rng, !strict(options)))
    }

    fn engine(input: &[u8], options: &Options) -> Outcome {
        Outcome::from_result(engine::solve(input, strict(options)))
    }

    fn reference(input: &[u8], options: &Options) -> Outcome {
        Outcome::from_result(boardfuzz_reference::dice_yut::solve(input, strict(options)))
    }

    fn engine_trace(input: &[u8], options: &Options) -> Option<Trace> {
        Some(engine::trace(input, strict(options)).map_err(Outcome::rejected))
    }

    fn reference_trace(input: &[u8], options: &Options) -> Option<Trace> {
        Some(
            boardfuzz_reference::dice_yut::trace(input, strict(options)).map_err(Outcome::rejected),
        )
    }

    /// The raw-bytes fuzz target compares the readers: the reference's exhaustive search takes
    /// 10–50 ms on the judge's 10 dice, and raw fuzzing finds valid lines of dice easily (one
    /// input in 170 was one, and they took 97% of the target's time). The structured target
    /// compares the answers.
    fn engine_reader(input: &[u8], options: &Options) -> Option<Outcome> {
        Some(Outcome::from_result(
            engine::parse(input, strict(options)).map(|dice| dice_read(&dice)),
        ))
    }

    fn reference_reader(input: &[u8], options: &Options) -> Option<Outcome> {
        Some(Outcome::from_result(
            boardfuzz_reference::dice_yut::read(input, strict(options))
                .map(|dice| dice_read(&dice)),
        ))
    }

    /// [`engine::self_check`]: the memo's growth, the passing game's free-game shortcut and the
    /// few-passes bound, forced onto the case's dice.
    fn self_check(input: &[u8], options: &Options) -> Result<(), String> {
        match engine::parse(input, strict(options)) {
            Ok(dice) => engine::self_check(&dice),
            Err(_) => Ok(()),
        }
    }

    fn draw(line: &str, input: &[u8], _options: &Options) -> Option<Picture> {
        picture::draw(line, input)
    }

    fn census(input: &[u8], options: &Options) -> u64 {
        census::census(input, strict(options))
    }

    fn reference_census(input: &[u8], options: &Options) -> Option<u64> {
        let names =
            boardfuzz_reference::dice_yut::census(input, strict(options)).unwrap_or_default();
        Some(tag_bits(Self::TAGS, &names))
    }
}
