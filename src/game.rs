//! The one abstraction every game implements, and the registry of games.
//!
//! A game is implemented once, as a [`Game`]: its structured case type (valid by construction,
//! decoded from fuzzer bytes through `arbitrary`), rendering a case to judge input text, parsing
//! judge text back into a case, structural shrink candidates, the optimized engine and the literal
//! reference (both judge text in, judge text out), a per-turn trace from both, and census tags.
//!
//! Everything else — fuzz targets, properties, the CLI, corpus replay, the campaign — goes through
//! [`DynGame`], the object-safe view of a game, found by slug or problem id with [`find`].

use std::fmt;

use arbitrary::{Arbitrary, Unstructured};

use crate::judge::JudgeError;
use crate::rng::Rng;

/// What one implementation answered for one input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The judge output text.
    Output(String),
    /// The input was rejected with an error class and line (`docs/judge-text.md`).
    Rejected {
        class: &'static str,
        line: usize,
        message: String,
    },
}

impl Outcome {
    /// Two outcomes agree when their outputs are byte-identical, or when both reject the input
    /// with the same class at the same line (messages are for humans and may differ).
    pub fn agrees_with(&self, other: &Outcome) -> bool {
        match (self, other) {
            (Outcome::Output(a), Outcome::Output(b)) => a == b,
            (
                Outcome::Rejected { class, line, .. },
                Outcome::Rejected {
                    class: c2,
                    line: l2,
                    ..
                },
            ) => class == c2 && line == l2,
            _ => false,
        }
    }

    pub fn from_engine(result: Result<String, JudgeError>) -> Outcome {
        match result {
            Ok(text) => Outcome::Output(text),
            Err(e) => Outcome::Rejected {
                class: e.class.name(),
                line: e.line,
                message: e.message,
            },
        }
    }

    pub fn from_reference(result: Result<String, boardfuzz_reference::InputError>) -> Outcome {
        match result {
            Ok(text) => Outcome::Output(text),
            Err(e) => Outcome::Rejected {
                class: e.class,
                line: e.line,
                message: e.message,
            },
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Output(text) => f.write_str(text),
            Outcome::Rejected {
                class,
                line,
                message,
            } => writeln!(f, "error: line {line}: {class}: {message}"),
        }
    }
}

/// A per-turn trace, or the rejection that prevented one.
pub type Trace = Result<Vec<String>, Outcome>;

/// A game-specific setting that the CLI exposes as a flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Knob {
    /// `--turn-limit L`: the turn limit of a game that has one.
    TurnLimit,
    /// `--no-limit`: report the game's true fate instead of the judge's capped answer (engine).
    NoLimit,
    /// `--no-strict`: lift the judge's size limits.
    NoStrict,
    /// `gen --end TURN`: search for a game that ends at exactly TURN.
    End,
    /// `gen --rows R --cols C`: board size.
    Size,
    /// `gen --mode NAME`: which of the game's generator modes to use.
    Mode,
}

impl Knob {
    /// Whether the knob changes what the engine answers into something the reference does not
    /// answer (so engine and reference cannot be compared under it: `check` and `repro` refuse
    /// it, and so does `solve --reference`).
    pub fn engine_only(self) -> bool {
        matches!(self, Knob::NoLimit)
    }

    pub fn flag(self) -> &'static str {
        match self {
            Knob::TurnLimit => "--turn-limit",
            Knob::NoLimit => "--no-limit",
            Knob::NoStrict => "--no-strict",
            Knob::End => "--end",
            Knob::Size => "--rows/--cols",
            Knob::Mode => "--mode",
        }
    }
}

/// Settings for running and generating; each game reads the ones it declares in [`Game::KNOBS`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    pub turn_limit: Option<u32>,
    pub no_limit: bool,
    pub no_strict: bool,
    pub end: Option<u32>,
    pub rows: Option<usize>,
    pub cols: Option<usize>,
    pub mode: Option<String>,
}

impl Options {
    /// The knobs that are set to something other than their default.
    pub fn knobs_in_use(&self) -> Vec<Knob> {
        let mut used = Vec::new();
        if self.turn_limit.is_some() {
            used.push(Knob::TurnLimit);
        }
        if self.no_limit {
            used.push(Knob::NoLimit);
        }
        if self.no_strict {
            used.push(Knob::NoStrict);
        }
        if self.end.is_some() {
            used.push(Knob::End);
        }
        if self.rows.is_some() || self.cols.is_some() {
            used.push(Knob::Size);
        }
        if self.mode.is_some() {
            used.push(Knob::Mode);
        }
        used
    }
}

/// One game, implemented once. See the module documentation.
pub trait Game: 'static {
    /// A structured case, valid by construction within the problem's constraints. Its
    /// `Arbitrary` decoding is a versioned format: changing it invalidates saved fuzz corpora.
    type Case: Clone + fmt::Debug + for<'a> Arbitrary<'a>;

    /// The slug used everywhere: `src/games/<slug>`, `corpus/<slug>/`, fuzz target names, CLI.
    const SLUG: &'static str;
    /// The judge problem id, accepted as an alias on the command line (e.g. `boj15778`).
    const PROBLEM: &'static str;
    /// A human-readable title.
    const TITLE: &'static str;
    /// The census tags, in display order; [`Game::census`] returns a bit set over this slice.
    const TAGS: &'static [&'static str];
    /// The game-specific settings this game understands.
    const KNOBS: &'static [Knob] = &[];

    /// The judge input text of a case.
    fn render(case: &Self::Case) -> String;

    /// The case that a judge text describes, if it is a valid input.
    fn parse_case(input: &[u8]) -> Option<Self::Case>;

    /// Structurally smaller variants of a case, most aggressive first. They need not all be
    /// valid or failing; the shrinker tries them in order.
    fn shrink(case: &Self::Case) -> Vec<Self::Case>;

    /// A secondary size the shrinker may lower at equal text length (e.g. the number of digit
    /// cells on a board, where a hole `H` sorts after the digits). Candidates are accepted when
    /// `(text length, rank, text)` strictly decreases. The default, 0, leaves text order alone.
    fn shrink_rank(_case: &Self::Case) -> u64 {
        0
    }

    /// A random case. The default decodes random bytes, exactly as the fuzz target would.
    fn generate(rng: &mut Rng, _options: &Options) -> Result<Self::Case, String> {
        let len = rng.range(1, 512) as usize;
        let mut bytes = vec![0u8; len];
        rng.fill(&mut bytes);
        Self::Case::arbitrary_take_rest(Unstructured::new(&bytes)).map_err(|e| e.to_string())
    }

    /// The optimized engine.
    fn engine(input: &[u8], options: &Options) -> Outcome;
    /// The literal reference.
    fn reference(input: &[u8], options: &Options) -> Outcome;
    /// The engine's per-turn trace (format in `docs/judge-text.md`).
    fn engine_trace(input: &[u8], options: &Options) -> Trace;
    /// The reference's per-turn trace.
    fn reference_trace(input: &[u8], options: &Options) -> Trace;
    /// The census tags an input hits, as a bit set over [`Game::TAGS`] (0 for a rejected input).
    fn census(input: &[u8], options: &Options) -> u64;
}

/// Decodes a raw libFuzzer input exactly as `libfuzzer_sys::fuzz_target!` does for a typed
/// target: inputs shorter than the type's minimum size hint are rejected, the rest goes through
/// `arbitrary_take_rest`.
pub fn decode_fuzz_input<T: for<'a> Arbitrary<'a>>(bytes: &[u8]) -> Result<T, String> {
    if bytes.len() < T::size_hint(0).0 {
        return Err(format!(
            "{} bytes are fewer than the {} the case type needs",
            bytes.len(),
            T::size_hint(0).0
        ));
    }
    T::arbitrary_take_rest(Unstructured::new(bytes)).map_err(|e| e.to_string())
}

/// The object-safe view of a [`Game`], on judge text only.
pub trait DynGame: Sync {
    fn slug(&self) -> &'static str;
    fn problem(&self) -> &'static str;
    fn title(&self) -> &'static str;
    fn tags(&self) -> &'static [&'static str];
    fn knobs(&self) -> &'static [Knob];
    fn engine(&self, input: &[u8], options: &Options) -> Outcome;
    fn reference(&self, input: &[u8], options: &Options) -> Outcome;
    fn engine_trace(&self, input: &[u8], options: &Options) -> Trace;
    fn reference_trace(&self, input: &[u8], options: &Options) -> Trace;
    fn census(&self, input: &[u8], options: &Options) -> u64;
    /// A random valid input from this RNG.
    fn generate(&self, rng: &mut Rng, options: &Options) -> Result<String, String>;
    /// The judge text of a raw fuzz artifact, decoded as the structured fuzz target decodes it.
    fn decode_fuzz_input(&self, bytes: &[u8]) -> Result<String, String>;
    /// Shrinks a valid input to a local minimum of `still_fails`; `None` if the text is not a
    /// valid input of this game (then it cannot be shrunk structurally).
    fn shrink(&self, input: &str, still_fails: &mut dyn FnMut(&str) -> bool) -> Option<String>;
}

/// Adapts a [`Game`] to [`DynGame`].
pub struct Registered<G: Game>(std::marker::PhantomData<fn() -> G>);

impl<G: Game> Registered<G> {
    pub const fn new() -> Registered<G> {
        Registered(std::marker::PhantomData)
    }
}

impl<G: Game> Default for Registered<G> {
    fn default() -> Self {
        Registered::new()
    }
}

impl<G: Game> DynGame for Registered<G> {
    fn slug(&self) -> &'static str {
        G::SLUG
    }
    fn problem(&self) -> &'static str {
        G::PROBLEM
    }
    fn title(&self) -> &'static str {
        G::TITLE
    }
    fn tags(&self) -> &'static [&'static str] {
        G::TAGS
    }
    fn knobs(&self) -> &'static [Knob] {
        G::KNOBS
    }
    fn engine(&self, input: &[u8], options: &Options) -> Outcome {
        G::engine(input, options)
    }
    fn reference(&self, input: &[u8], options: &Options) -> Outcome {
        G::reference(input, options)
    }
    fn engine_trace(&self, input: &[u8], options: &Options) -> Trace {
        G::engine_trace(input, options)
    }
    fn reference_trace(&self, input: &[u8], options: &Options) -> Trace {
        G::reference_trace(input, options)
    }
    fn census(&self, input: &[u8], options: &Options) -> u64 {
        G::census(input, options)
    }
    fn generate(&self, rng: &mut Rng, options: &Options) -> Result<String, String> {
        G::generate(rng, options).map(|case| G::render(&case))
    }
    fn decode_fuzz_input(&self, bytes: &[u8]) -> Result<String, String> {
        decode_fuzz_input::<G::Case>(bytes).map(|case| G::render(&case))
    }
    fn shrink(&self, input: &str, still_fails: &mut dyn FnMut(&str) -> bool) -> Option<String> {
        let mut current = G::parse_case(input.as_bytes())?;
        let mut text = G::render(&current);
        let mut rank = G::shrink_rank(&current);
        'progress: loop {
            for candidate in G::shrink(&current) {
                let candidate_text = G::render(&candidate);
                let candidate_rank = G::shrink_rank(&candidate);
                // Only strictly smaller candidates (shorter text, or as long and of lower rank,
                // or as long, same rank and lexicographically smaller) are accepted, so
                // shrinking always terminates.
                let smaller = (
                    candidate_text.len(),
                    candidate_rank,
                    candidate_text.as_str(),
                ) < (text.len(), rank, text.as_str());
                if smaller && still_fails(&candidate_text) {
                    current = candidate;
                    text = candidate_text;
                    rank = candidate_rank;
                    continue 'progress;
                }
            }
            return Some(text);
        }
    }
}

/// Every game boardfuzz knows, in a fixed order.
pub fn all() -> &'static [&'static dyn DynGame] {
    crate::games::REGISTRY
}

/// The game named by a slug (`yut_nori`) or a problem id (`boj15778`), case-insensitively.
pub fn find(name: &str) -> Option<&'static dyn DynGame> {
    let name = name.to_ascii_lowercase();
    all()
        .iter()
        .copied()
        .find(|g| g.slug() == name || g.problem() == name)
}
