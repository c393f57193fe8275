//! The stacking-pieces game (BOJ 17837, "새로운 게임 2"): the glue between the optimized
//! [`engine`], the literal reference (`reference/src/stack_game.rs`), the structured [`case`],
//! the generators of [`gen`] and the [`census`].
//!
//! Settings: `--turn-limit L` (engine and reference play turns `1..=L`; default 1000),
//! `--no-limit` (engine only, overrides `--turn-limit`: the true fate, `T` or `never (cycle of
//! period P entered at turn S)`, see [`engine::Fate`]; `check`, `repro` and `solve --reference`
//! refuse it, since the reference answers a different question) and `gen --end TURN` /
//! `check --end TURN` (boards searched to end at exactly `TURN`, see [`gen`]). Without
//! `--end`, one generated case in [`gen::BOUNDARY_ONE_IN`] is searched to end within a turn
//! or two of the turn limit, so a plain `check` tests SG-15's boundary.

pub mod case;
pub mod census;
pub mod engine;
pub mod gen;
pub mod picture;

use crate::game::{tag_bits, Game, Kind, Options, Outcome, Picture, Scope, Setting, Trace, Value};
use crate::rng::Rng;
pub use case::{Case, Piece};
use engine::{BLUE, OFF, RED, WHITE};

const TURN_LIMIT: Setting = Setting {
    name: "turn-limit",
    help: "play turns 1..=L before answering -1 (default 1000)",
    kind: Kind::Number {
        min: 1,
        max: u32::MAX as u64,
    },
    scope: Scope::Both,
    value_name: "L",
};

const NO_LIMIT: Setting = Setting {
    name: "no-limit",
    help: "print the game's true fate: its end turn however late, or `never (cycle …)`",
    kind: Kind::Switch,
    scope: Scope::EngineOnly,
    value_name: "",
};

const END: Setting = Setting {
    name: "end",
    help: "generate boards whose game ends at exactly this turn",
    kind: Kind::Number {
        min: 1,
        max: 1_000_000,
    },
    scope: Scope::Generator,
    value_name: "TURN",
};

const SIDE: Setting = Setting {
    name: "side",
    help: "generate boards of this side only (default: 4..=12)",
    kind: Kind::Number { min: 4, max: 12 },
    scope: Scope::Generator,
    value_name: "N",
};

const PIECES: Setting = Setting {
    name: "pieces",
    help: "generate boards with this many pieces only (default: 4..=10)",
    kind: Kind::Number { min: 4, max: 10 },
    scope: Scope::Generator,
    value_name: "K",
};

/// The turn limit of a run.
pub fn turn_limit(options: &Options) -> u32 {
    options
        .number(TURN_LIMIT.name)
        .map_or(engine::TURN_LIMIT, |l| l as u32)
}

/// The turn limit of the raw-bytes fuzz target ([`Game::raw_options`]): enough turns for every
/// piece of a judge-size board to move, stack and turn around a few times.
pub const RAW_TURN_LIMIT: u32 = 16;

/// The turns the self-check ([`Game::self_check`]) lets both cycle detectors play.
pub const SELF_CHECK_TURNS: u64 = 1 << 12;

/// The states the exact cycle table holds in the self-check before Brent's algorithm takes over.
pub const SELF_CHECK_CAP: usize = 8;

/// The self-check's observer: how many turns a run played, and whether they came as 1, 2, 3, ….
struct TurnCount {
    turns: u64,
    in_order: bool,
}

impl TurnCount {
    fn new() -> TurnCount {
        TurnCount {
            turns: 0,
            in_order: true,
        }
    }
}

impl engine::Observer for TurnCount {
    fn on_turn_end(&mut self, turn: u64, _state: &engine::State) {
        self.in_order &= turn == self.turns + 1;
        self.turns += 1;
    }
}

/// The stacking-pieces game.
pub struct StackGame;

impl Game for StackGame {
    type Case = Case;
    const SLUG: &'static str = "stack_game";
    const PROBLEM: &'static str = "boj17837";
    const TITLE: &'static str = "Stacking pieces (BOJ 17837)";
    const TAGS: &'static [&'static str] = census::TAGS;
    const TAG_CLAUSES: &'static [(&'static str, &'static [&'static str])] = census::TAG_CLAUSES;
    const UNMEASURED: &'static [(&'static str, &'static str)] = census::UNMEASURED;
    const SETTINGS: &'static [Setting] = &[TURN_LIMIT, NO_LIMIT, END, SIDE, PIECES];
    /// The literal census replays the game, and the self-check plays it twice more with up to
    /// [`SELF_CHECK_TURNS`] turns: at the default one in 64 the deep checks took 45% of the
    /// structured target's time over a minute (`perf`), at one in 512 17% (once the small games
    /// had shortened), at one in 2,048 9%; one in 4,096 leaves the target its margin over the
    /// 20,000 exec/s goal.
    const DEEP_ONE_IN: u32 = 4096;

    fn render(case: &Case) -> String {
        case.render()
    }

    fn parse_case(input: &[u8]) -> Option<Case> {
        Case::parse(input)
    }

    fn shrink(case: &Case) -> Vec<Case> {
        // Synthesized games with the same (late) end turn first: when they exist they are far
        // smaller than any structural step reaches.
        let mut candidates = gen::same_end_smaller(case);
        candidates.extend(case.shrink());
        candidates
    }

    /// Raw inputs play [`RAW_TURN_LIMIT`] turns: the raw-bytes target is there for the readers,
    /// and a valid raw board that never ends cost the literal reference its 1000 turns, 43% of
    /// the target's time (`perf`, 67,000 exec/s against a goal of 100,000; `fuzz/speed.sh`).
    /// The turn limit of whole games is the structured target's and the campaign's.
    fn raw_options(_input: &[u8]) -> Options {
        Options::new().with(TURN_LIMIT.name, Value::Number(RAW_TURN_LIMIT.into()))
    }

    /// Two cycle detectors must agree: the exact table of every state seen (what the engine uses
    /// up to [`engine::TABLE_CAP`] states, 2^20) and Brent's algorithm, which takes over past it
    /// and here after [`SELF_CHECK_CAP`] states. And the judged answer must follow from the fate
    /// (the end turn if it is within the turn limit, else -1), as must `--no-limit`'s text and
    /// the count of turns the table simulated (`S + P − 1` for a cycle); each detector's count of
    /// turns simulated is the turns it played; a game that ends at turn `t` is undecided under a
    /// limit of `t − 1` turns, for both detectors.
    fn self_check(input: &[u8], options: &Options) -> Result<(), String> {
        use engine::Fate;
        let Ok(board) = engine::parse(input) else {
            return Ok(());
        };
        let turns = Some(SELF_CHECK_TURNS);
        let mut exact_seen = TurnCount::new();
        let exact_run = engine::run_with(&board, turns, engine::TABLE_CAP, &mut exact_seen);
        let exact = exact_run.fate;
        // The table knows a cycle at the start of turn S + P, having simulated S + P − 1 turns.
        if let Fate::Never { start, period } = exact {
            if exact_run.turns != start + period - 1 {
                return Err(format!(
                    "stack_game's cycle table reports {} turns simulated for {exact:?}",
                    exact_run.turns
                ));
            }
        }
        let mut brent_seen = TurnCount::new();
        let brent_run = engine::run_with(&board, turns, SELF_CHECK_CAP, &mut brent_seen);
        let brent = brent_run.fate;
        // Each detector reports as simulated exactly the turns it played, in order.
        for (detector, run, seen) in [
            ("cycle table", &exact_run, &exact_seen),
            ("Brent's algorithm", &brent_run, &brent_seen),
        ] {
            if run.turns != seen.turns || !seen.in_order {
                return Err(format!(
                    "stack_game's {detector} reports {} turns simulated for {:?}, but played {}{}",
                    run.turns,
                    run.fate,
                    seen.turns,
                    if seen.in_order { "" } else { " (out of order)" }
                ));
            }
        }
        // Brent's algorithm may need up to about twice the turns to see a cycle: within the
        // bound it must find what the table found, and anything it decides must match.
        let brent_must_decide = match exact {
            Fate::Ends(_) => true,
            Fate::Never { start, period } => 4 * (start + period) <= SELF_CHECK_TURNS,
            Fate::Undecided { .. } => false,
        };
        if exact != brent && (brent_must_decide || !matches!(brent, Fate::Undecided { .. })) {
            return Err(format!(
                "stack_game's cycle detectors disagree: the exact table finds {exact:?}, Brent's \
                 algorithm (after {SELF_CHECK_CAP} states) {brent:?}"
            ));
        }
        // A game that ends at turn t is still undecided after t − 1 turns, for either detector
        // (it holds no cycle, and past the cap Brent's algorithm reaches the limit first).
        if let Fate::Ends(t) = exact {
            if t > 1 {
                for cap in [engine::TABLE_CAP, SELF_CHECK_CAP] {
                    let short = engine::run_with(&board, Some(t - 1), cap, &mut engine::Quiet).fate;
                    if short != (Fate::Undecided { limit: t - 1 }) {
                        return Err(format!(
                            "stack_game decides {short:?} within {} turns (table of {cap} \
                             states), but its game ends at turn {t}",
                            t - 1
                        ));
                    }
                }
            }
        }
        let limit = turn_limit(options);
        let expected = match exact {
            Fate::Ends(t) if t <= u64::from(limit) => t as i64,
            Fate::Ends(_) | Fate::Never { .. } => -1,
            Fate::Undecided { .. } if u64::from(limit) <= SELF_CHECK_TURNS => -1,
            Fate::Undecided { .. } => return Ok(()),
        };
        let judged = engine::judge_answer(&board, limit);
        if judged != expected {
            return Err(format!(
                "stack_game answers {judged} under --turn-limit {limit}, but its fate is {exact:?}"
            ));
        }
        if !matches!(exact, Fate::Undecided { .. }) {
            let text = engine::solve_no_limit(input).map_err(|e| e.to_string())?;
            if text != engine::fate_text(exact) {
                return Err(format!(
                    "stack_game --no-limit prints {text:?} for the fate {exact:?}"
                ));
            }
        }
        Ok(())
    }

    /// A small case's short game runs with `--turn-limit L`; a large one under the judge's 1000.
    fn case_options(case: &Case) -> Options {
        match case.turn_limit {
            Some(limit) => Options::new().with(TURN_LIMIT.name, Value::Number(limit.into())),
            None => Options::new(),
        }
    }

    fn generate(rng: &mut Rng, options: &Options) -> Result<Case, String> {
        let fixed = |s: &Setting| options.number(s.name).map(|v| v as usize);
        gen::generate(
            rng,
            options,
            options.number(END.name),
            fixed(&SIDE),
            fixed(&PIECES),
        )
    }

    fn engine(input: &[u8], options: &Options) -> Outcome {
        Outcome::from_result(if options.switch(NO_LIMIT.name) {
            engine::solve_no_limit(input)
        } else {
            engine::solve(input, turn_limit(options))
        })
    }

    fn reference(input: &[u8], options: &Options) -> Outcome {
        Outcome::from_result(boardfuzz_reference::stack_game::solve_with_limit(
            input,
            turn_limit(options),
        ))
    }

    fn engine_trace(input: &[u8], options: &Options) -> Option<Trace> {
        Some(engine::trace(input, turn_limit(options)).map_err(Outcome::rejected))
    }

    fn reference_trace(input: &[u8], options: &Options) -> Option<Trace> {
        Some(
            boardfuzz_reference::stack_game::trace(input, turn_limit(options))
                .map_err(Outcome::rejected),
        )
    }

    fn draw(line: &str, input: &[u8], _options: &Options) -> Option<Picture> {
        picture::draw(line, input)
    }

    fn census(input: &[u8], options: &Options) -> u64 {
        census::census(input, options)
    }

    fn reference_census(input: &[u8], options: &Options) -> Option<u64> {
        let names =
            boardfuzz_reference::stack_game::census(input, turn_limit(options)).unwrap_or_default();
        Some(tag_bits(Self::TAGS, &names))
    }
}

// The colour constants are the judge's digits.
const _: () = assert!(WHITE == 0 && RED == 1 && BLUE == 2 && OFF == 3);
