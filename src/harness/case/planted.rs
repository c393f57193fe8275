//! Planted faults, to test the checker itself: with the environment variable
//! `BOARDFUZZ_PLANT=KIND[:CHAR]` set, every game's engine, reference or census fails on any input
//! that contains the character CHAR (default `3`), the way a buggy engine would. Several plants
//! may be given, separated by commas (`engine-panic,trace-hang`: the engine panics and its trace
//! code hangs, so a report of the panic meets the hang when it compares the traces):
//!
//! | KIND | what happens on such an input |
//! |---|---|
//! | `engine-panic` | the engine panics (index out of bounds) |
//! | `engine-wrong` | the engine's answer gets one more line, `planted` (a wrong answer) |
//! | `engine-hang` | the engine never returns |
//! | `reference-panic`, `reference-hang` | the same, in the reference |
//! | `census-panic`, `census-hang` | the census code panics, or never returns |
//! | `trace-panic`, `trace-hang` | the same, in the engine's trace code (the answers still agree) |
//! | `trace-wrong` | the engine's trace differs at its first turn (the answers still agree) |
//! | `trace-ahead` | the engine's trace shows its second turn's state at its first turn (the answers still agree): boards that differ |
//! | `census-wrong` | the engine's census flips its first tag (the answers still agree) |
//!
//! The tests of `check`, `repro`, `replay` and `census` use it to prove that a panic or a hang is a
//! finding, shrunk and saved, never a crash or a hang of boardfuzz; child processes (`boardfuzz
//! solve`, used to shrink hangs) inherit it. Without the variable nothing is wrapped.

use std::time::Duration;

use crate::game::{DynGame, Games, Options, Outcome, Picture, Setting, Trace};
use crate::guard::catch;
use crate::rng::Rng;

/// What is planted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plant {
    /// `engine-panic`: the engine panics (index out of bounds).
    EnginePanic,
    /// `engine-hang`: the engine never returns.
    EngineHang,
    /// `engine-wrong`: the engine's answer gets one more line, `planted`: a wrong answer (with
    /// `trace-ahead`, one whose boards differ).
    EngineWrong,
    /// `reference-panic`: the reference panics (index out of bounds).
    ReferencePanic,
    /// `reference-hang`: the reference never returns.
    ReferenceHang,
    /// `census-panic`: the census code panics.
    CensusPanic,
    /// `census-hang`: the census code never returns.
    CensusHang,
    /// `trace-panic`: the engine's trace code panics (the answers still agree).
    TracePanic,
    /// `trace-hang`: the engine's trace code never returns (the answers still agree).
    TraceHang,
    /// `trace-wrong`: the engine's trace says something else at its first turn (the answers still
    /// agree): what only a comparison of traces sees.
    TraceWrong,
    /// `trace-ahead`: the engine's trace shows its second turn's line at its first turn (a trace
    /// with one line gets ` (planted)`): a divergence whose two boards differ, for the pictures.
    TraceAhead,
    /// `census-wrong`: the engine's census reports one tag more or fewer (the answers still
    /// agree): what only a comparison of the two censuses sees.
    CensusWrong,
}

/// The plants asked for by `BOARDFUZZ_PLANT`, in order (an unknown kind is ignored with a
/// warning).
pub fn from_env() -> Vec<(Plant, u8)> {
    let Ok(value) = std::env::var("BOARDFUZZ_PLANT") else {
        return Vec::new();
    };
    value
        .split(',')
        .filter(|one| !one.trim().is_empty())
        .filter_map(|one| parse(one.trim()))
        .collect()
}

/// One plant, `KIND[:CHAR]`.
fn parse(value: &str) -> Option<(Plant, u8)> {
    let (kind, byte) = match value.split_once(':') {
        Some((k, c)) if c.len() == 1 => (k, c.as_bytes()[0]),
        _ => (value, b'3'),
    };
    let plant = match kind {
        "engine-panic" => Plant::EnginePanic,
        "engine-hang" => Plant::EngineHang,
        "engine-wrong" => Plant::EngineWrong,
        "reference-panic" => Plant::ReferencePanic,
        "reference-hang" => Plant::ReferenceHang,
        "census-panic" => Plant::CensusPanic,
        "census-hang" => Plant::CensusHang,
        "trace-panic" => Plant::TracePanic,
        "trace-hang" => Plant::TraceHang,
        "trace-wrong" => Plant::TraceWrong,
        "trace-ahead" => Plant::TraceAhead,
        "census-wrong" => Plant::CensusWrong,
        _ => {
            eprintln!("warning: BOARDFUZZ_PLANT={value} is not a known plant; ignored");
            return None;
        }
    };
    Some((plant, byte))
}

/// `games`, each wrapped with the faults `BOARDFUZZ_PLANT` asks for; unchanged without it.
pub fn wrap_from_env(games: Games) -> Games {
    from_env().into_iter().fold(games, |games, (plant, byte)| {
        games.map(|inner| -> &'static dyn DynGame {
            Box::leak(Box::new(Planted { inner, plant, byte }))
        })
    })
}

/// A game with a planted fault.
pub struct Planted {
    /// The game wrapped; every call the plant does not trigger on goes to it.
    pub inner: &'static dyn DynGame,
    /// The fault planted.
    pub plant: Plant,
    /// The trigger: the fault strikes on any input that contains this byte (`CHAR`).
    pub byte: u8,
}

impl Planted {
    fn triggered(&self, input: &[u8]) -> bool {
        input.contains(&self.byte)
    }

    /// Fails like real game code would: a panic (caught as the registry's games catch theirs) or a
    /// call that never returns.
    fn fail(&self, hang: bool) -> Outcome {
        if hang {
            loop {
                std::thread::sleep(Duration::from_secs(1));
            }
        }
        catch(|| {
            let cells: Vec<u8> = Vec::new();
            cells[std::hint::black_box(7)]
        })
        .map(|_| unreachable!())
        .unwrap_or_else(Outcome::panicked)
    }
}

impl DynGame for Planted {
    fn slug(&self) -> &'static str {
        self.inner.slug()
    }
    fn problem(&self) -> &'static str {
        self.inner.problem()
    }
    fn title(&self) -> &'static str {
        self.inner.title()
    }
    fn unit(&self) -> &'static str {
        self.inner.unit()
    }
    fn tags(&self) -> &'static [&'static str] {
        self.inner.tags()
    }
    fn settings(&self) -> &'static [Setting] {
        self.inner.settings()
    }
    fn tag_clauses(&self) -> &'static [(&'static str, &'static [&'static str])] {
        self.inner.tag_clauses()
    }
    fn unmeasured(&self) -> &'static [(&'static str, &'static str)] {
        self.inner.unmeasured()
    }
    fn engine(&self, input: &[u8], options: &Options) -> Outcome {
        match self.plant {
            Plant::EnginePanic | Plant::EngineHang if self.triggered(input) => {
                self.fail(self.plant == Plant::EngineHang)
            }
            Plant::EngineWrong if self.triggered(input) => {
                match self.inner.engine(input, options) {
                    Outcome::Output(answer) => Outcome::Output(answer + "planted\n"),
                    other => other,
                }
            }
            _ => self.inner.engine(input, options),
        }
    }
    fn reference(&self, input: &[u8], options: &Options) -> Outcome {
        match self.plant {
            Plant::ReferencePanic | Plant::ReferenceHang if self.triggered(input) => {
                self.fail(self.plant == Plant::ReferenceHang)
            }
            _ => self.inner.reference(input, options),
        }
    }
    fn engine_trace(&self, input: &[u8], options: &Options) -> Option<Trace> {
        match self.plant {
            Plant::TracePanic | Plant::TraceHang if self.triggered(input) => {
                return Some(Err(self.fail(self.plant == Plant::TraceHang)));
            }
            Plant::TraceWrong if self.triggered(input) => {
                return self.inner.engine_trace(input, options).map(|trace| {
                    trace.map(|mut turns| {
                        match turns.first_mut() {
                            Some(first) => first.push_str(" (planted)"),
                            None => turns.push("(planted)".into()),
                        }
                        turns
                    })
                });
            }
            Plant::TraceAhead if self.triggered(input) => {
                return self.inner.engine_trace(input, options).map(|trace| {
                    trace.map(|mut turns| {
                        match turns.len() {
                            0 => turns.push("(planted)".into()),
                            1 => turns[0].push_str(" (planted)"),
                            _ => turns[0] = turns[1].clone(),
                        }
                        turns
                    })
                });
            }
            _ => {}
        }
        self.inner.engine_trace(input, options)
    }
    fn draw(&self, trace_line: &str, input: &[u8], options: &Options) -> Option<Picture> {
        self.inner.draw(trace_line, input, options)
    }
    fn draw_output(&self, output: &str, input: &[u8], options: &Options) -> Option<Picture> {
        self.inner.draw_output(output, input, options)
    }
    fn reference_trace(&self, input: &[u8], options: &Options) -> Option<Trace> {
        self.inner.reference_trace(input, options)
    }
    fn census(&self, input: &[u8], options: &Options) -> Result<u64, String> {
        if matches!(self.plant, Plant::CensusPanic | Plant::CensusHang) && self.triggered(input) {
            if let Outcome::Failed { message, .. } = self.fail(self.plant == Plant::CensusHang) {
                return Err(format!("in census code: {message}"));
            }
        }
        if self.plant == Plant::CensusWrong && self.triggered(input) && !self.tags().is_empty() {
            return self.inner.census(input, options).map(|bits| bits ^ 1);
        }
        self.inner.census(input, options)
    }
    fn reference_census(&self, input: &[u8], options: &Options) -> Option<Result<u64, String>> {
        if matches!(self.plant, Plant::CensusPanic | Plant::CensusHang) && self.triggered(input) {
            return Some(self.census(input, options));
        }
        self.inner.reference_census(input, options)
    }
    fn generate(&self, rng: &mut Rng, options: &Options) -> Result<String, String> {
        self.inner.generate(rng, options)
    }
    fn generate_case(
        &self,
        case_seed: u64,
        index: u64,
        options: &Options,
    ) -> Result<String, String> {
        self.inner.generate_case(case_seed, index, options)
    }
    fn regenerate_command(&self, invocation: &str, case_seed: u64, index: u64) -> String {
        self.inner.regenerate_command(invocation, case_seed, index)
    }
    fn generator_failed(&self, case_seed: u64, index: u64, why: &str) -> String {
        self.inner.generator_failed(case_seed, index, why)
    }
    fn replay_command(&self, invocation: &str, path: &str, subject_args: &str) -> String {
        self.inner.replay_command(invocation, path, subject_args)
    }
    fn decode_fuzz_input(&self, bytes: &[u8]) -> Result<String, String> {
        self.inner.decode_fuzz_input(bytes)
    }
    fn decode_fuzz_case(&self, bytes: &[u8]) -> Result<(String, Options), String> {
        self.inner.decode_fuzz_case(bytes)
    }
    fn readers(&self, input: &[u8], options: &Options) -> Option<(Outcome, Outcome)> {
        self.inner.readers(input, options)
    }
    fn raw_options(&self, input: &[u8]) -> Options {
        self.inner.raw_options(input)
    }
    fn self_check(&self, input: &[u8], options: &Options) -> Result<(), String> {
        self.inner.self_check(input, options)
    }
    fn deep_share(&self) -> (u32, usize) {
        self.inner.deep_share()
    }
    fn shrink(&self, input: &str, still_fails: &mut dyn FnMut(&str) -> bool) -> Option<String> {
        self.inner.shrink(input, still_fails)
    }
    fn shrink_note(&self, shrunk: &str) -> Option<String> {
        self.inner.shrink_note(shrunk)
    }
    fn regenerate_smaller(
        &self,
        search: &mut crate::game::Regenerate<'_>,
    ) -> Option<crate::game::Regeneration> {
        self.inner.regenerate_smaller(search)
    }
    fn regenerate_larger(
        &self,
        search: &mut crate::game::Regenerate<'_>,
    ) -> Option<crate::game::Regeneration> {
        self.inner.regenerate_larger(search)
    }
    fn shrink_in_shape(&self) -> bool {
        self.inner.shrink_in_shape()
    }
}
