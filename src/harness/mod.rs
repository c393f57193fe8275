//! The harness: comparing the two implementations of a game on one input, finding the first turn
//! where their traces part ways, and writing the human-readable report of a disagreement.
//!
//! [`campaign`] runs many random cases, [`corpus`] keeps the regression corpus, [`census`] counts
//! edge-case tags. Game code that may hang runs under a watchdog: the campaign's own, or
//! [`compare_watched`], [`census_within`] and [`watchdog`] for the one-off commands; a hang is
//! shrunk in child processes whose command line [`child`] defines. [`input`] bounds what is read
//! as judge text. Everything here works on any [`DynGame`]; nothing is game-specific.

pub mod campaign;
pub mod census;
pub mod checker;
pub mod child;
pub mod corpus;
pub mod html;
pub mod input;
pub mod interrupt;
pub mod merge;
pub mod planted;
pub mod problem;
pub mod process;
pub mod progress;
pub mod report;
pub mod shape;
pub mod shrink;
pub mod subject;
pub mod toolchain;
pub mod watchdog;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::game::{DynGame, Fault, Options, Outcome};
pub use crate::picture::Board;
use crate::picture::Picture;
pub use subject::Subject;

/// The name of the program whose command line runs the harness (`boardfuzz`, or a user's own
/// binary), as headings and help name it: set once by [`crate::cli::main`] from the
/// executable's file name; `boardfuzz` otherwise. The commands a report prints start with
/// [`invocation`] instead.
pub fn program() -> &'static str {
    PROGRAM.get().map_or("boardfuzz", String::as_str)
}

/// Sets [`program`] (the first call wins).
pub fn set_program(name: &str) {
    let _ = PROGRAM.set(name.to_string());
}

static PROGRAM: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// How the commands a report prints (`replay: … repro …`, `regenerate … with …`) start, so
/// that each runs as printed: the program's name where `PATH` finds this very executable under
/// it, else the path it was started by (`target/release/boardfuzz` under `cargo run`, a
/// user's `target/debug/snake`), shell-quoted. Set once by [`crate::cli::main`]
/// ([`set_invocation`]); [`program`] otherwise.
pub fn invocation() -> &'static str {
    INVOCATION.get().map_or_else(program, String::as_str)
}

/// Sets [`invocation`] from the name and the path this process was started by (`argv[0]`):
/// the name if `PATH` resolves it to the running executable, else the path (the first call
/// wins).
pub fn set_invocation(name: &str, started_as: &std::path::Path) {
    let same = |a: &std::path::Path, b: &std::path::Path| matches!((a.canonicalize(), b.canonicalize()), (Ok(a), Ok(b)) if a == b);
    let exe = std::env::current_exe().unwrap_or_else(|_| started_as.to_path_buf());
    let on_path = std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|candidate| candidate.is_file())
            .is_some_and(|found| same(&found, &exe))
    });
    let line = if on_path || started_as.components().count() <= 1 {
        name.to_string()
    } else {
        shell_quote(&started_as.display().to_string())
    };
    let _ = INVOCATION.set(line);
}

static INVOCATION: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Which part of a run failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The engine or the external solution.
    Subject,
    /// The game's literal reference.
    Reference,
    /// The engine side's census code (run on every case of a campaign).
    Census,
    /// The deep checks of a share of cases: both traces, both censuses, the engine's
    /// self-checks ([`deep_check`]).
    Deep,
    /// An external solution's checker program ([`checker::Checker::Program`]), which gave no
    /// verdict.
    Checker,
}

/// Which deep check failed on a case whose answers agree ([`deep_check`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DeepKind {
    /// The per-turn traces differ, or a trace could not be computed (its code panicked).
    Trace,
    /// The engine's census tags differ from the reference's, or a census failed.
    Census,
    /// The engine's self-check ([`crate::game::Game::self_check`]) found an inconsistency.
    SelfCheck,
}

impl DeepKind {
    /// How reports name it.
    pub fn name(self) -> &'static str {
        match self {
            DeepKind::Trace => "trace differs",
            DeepKind::Census => "census differs",
            DeepKind::SelfCheck => "self-check fails",
        }
    }
}

/// What one case came to, like a judge's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// No disagreement: the reference answered or rejected, and the subject's outcome matches
    /// it as [`Subject::disagrees`] judges.
    Agree,
    /// Both answered, differently (for the engine: also a rejection where the other answered).
    WrongAnswer,
    /// One side gave no answer.
    Fault {
        /// The side that gave no answer.
        side: Side,
        /// How it failed.
        fault: Fault,
    },
    /// The answers agree, but a deep check fails: the traces, the censuses or a self-check.
    Deep(DeepKind),
}

impl Verdict {
    /// How reports and summaries name it: `wrong answer`, `engine panic`, `solution time limit`,
    /// `reference hang`, `census panic`.
    pub fn describe(&self, subject: &Subject) -> String {
        match self {
            Verdict::Agree => "agree".into(),
            Verdict::WrongAnswer => "wrong answer".into(),
            Verdict::Fault { side, fault } => {
                let who = match side {
                    Side::Subject => subject.label(),
                    Side::Reference => "reference",
                    Side::Census => "census",
                    Side::Deep => "deep check",
                    Side::Checker => "checker",
                };
                format!("{who} {fault}")
            }
            Verdict::Deep(kind) => kind.name().into(),
        }
    }
}

impl Verdict {
    /// The verdict [`Verdict::describe`] names `text` for `subject`, if one does (a JSON report
    /// read back: [`merge`]).
    pub fn from_description(text: &str, subject: &Subject) -> Option<Verdict> {
        let faults = [
            Fault::Panic,
            Fault::Hang,
            Fault::RuntimeError,
            Fault::TimeLimit,
            Fault::OutputLimit,
            Fault::MemoryLimit,
            Fault::UndefinedBehaviour,
        ];
        let sides = [
            Side::Subject,
            Side::Reference,
            Side::Census,
            Side::Deep,
            Side::Checker,
        ];
        [
            Verdict::Agree,
            Verdict::WrongAnswer,
            Verdict::Deep(DeepKind::Trace),
            Verdict::Deep(DeepKind::Census),
            Verdict::Deep(DeepKind::SelfCheck),
        ]
        .into_iter()
        .chain(
            sides
                .into_iter()
                .flat_map(|side| faults.map(|fault| Verdict::Fault { side, fault })),
        )
        .find(|v| v.describe(subject) == text)
    }
}

/// The verdict of one input, census code included: what the campaign and the shrinker judge by.
pub fn verdict_of(
    game: &dyn DynGame,
    subject: &Subject,
    input: &[u8],
    options: &Options,
) -> Verdict {
    with_census(
        compare_with(game, subject, input, options).verdict(),
        game,
        input,
        options,
    )
}

/// `verdict`, or a census panic where the two sides agree and the census code panics.
fn with_census(verdict: Verdict, game: &dyn DynGame, input: &[u8], options: &Options) -> Verdict {
    if verdict == Verdict::Agree && game.census(input, options).is_err() {
        return Verdict::Fault {
            side: Side::Census,
            fault: Fault::Panic,
        };
    }
    verdict
}

/// What census code came to: its tag bit set, or how it failed — [`Fault::Panic`] with the
/// panic's message, or [`Fault::Hang`] under a watchdog.
pub type CensusOutcome = Result<u64, (Fault, String)>;

/// The census of `input` under a watchdog ([`campaign::within`]): code that gives no result
/// within `limit` is a [`Fault::Hang`] (its thread is left behind).
pub fn census_within(
    game: &'static dyn DynGame,
    input: &[u8],
    options: &Options,
    limit: Duration,
) -> CensusOutcome {
    let (input, options) = (input.to_vec(), options.clone());
    match campaign::within(limit, move || game.census(&input, &options)) {
        Some(Ok(tags)) => Ok(tags),
        Some(Err(message)) => Err((Fault::Panic, message)),
        None => Err((
            Fault::Hang,
            format!("gave no result after {limit:?} (watchdog)"),
        )),
    }
}

/// What the subject (normally the engine) and the reference said about one input.
#[derive(Debug, Clone)]
pub struct Comparison {
    /// The side checked against the reference.
    pub subject: Subject,
    /// What the subject answered.
    pub mine: Outcome,
    /// What the reference answered.
    pub reference: Outcome,
    /// What an external solution's checker said of the two answers ([`Subject::judge`]), where
    /// both sides answered; `None` otherwise, and for the engine.
    pub judged: Option<checker::Judgement>,
}

impl Comparison {
    /// The comparison of two outcomes on `input`, the subject's checker run on them.
    pub fn new(subject: Subject, input: &[u8], mine: Outcome, reference: Outcome) -> Comparison {
        let judged = subject.judge(input, &mine, &reference);
        Comparison {
            subject,
            mine,
            reference,
            judged,
        }
    }

    /// The checker's message on a wrong answer or a failure to judge, if it said anything.
    pub fn checker_message(&self) -> Option<&str> {
        match &self.judged {
            Some(checker::Judgement::Wrong(why) | checker::Judgement::Failed(_, why))
                if !why.is_empty() =>
            {
                Some(why)
            }
            _ => None,
        }
    }

    /// Whether the verdict is [`Verdict::Agree`].
    pub fn agrees(&self) -> bool {
        self.verdict() == Verdict::Agree
    }

    /// The verdict: a failure of the reference first (then nothing can be judged), then one of
    /// the subject, then whether the answers differ.
    pub fn verdict(&self) -> Verdict {
        if let Some(fault) = self.reference.fault() {
            return Verdict::Fault {
                side: Side::Reference,
                fault,
            };
        }
        match &self.judged {
            Some(checker::Judgement::Accepted) => return Verdict::Agree,
            Some(checker::Judgement::Wrong(_)) => return Verdict::WrongAnswer,
            Some(checker::Judgement::Failed(fault, _)) => {
                return Verdict::Fault {
                    side: Side::Checker,
                    fault: *fault,
                }
            }
            None => {}
        }
        if !self.subject.disagrees(&self.mine, &self.reference) {
            return Verdict::Agree;
        }
        match self.mine.fault() {
            Some(fault) => Verdict::Fault {
                side: Side::Subject,
                fault,
            },
            None => Verdict::WrongAnswer,
        }
    }
}

/// Runs the engine and the reference on one input.
pub fn compare(game: &dyn DynGame, input: &[u8], options: &Options) -> Comparison {
    compare_with(game, &Subject::Engine, input, options)
}

/// Runs a subject and the reference on one input.
pub fn compare_with(
    game: &dyn DynGame,
    subject: &Subject,
    input: &[u8],
    options: &Options,
) -> Comparison {
    Comparison::new(
        subject.clone(),
        input,
        subject.run(game, input, options),
        game.reference(input, options),
    )
}

/// Like [`compare_with`], each side on a thread of its own under a watchdog (`watchdog` for the
/// subject, `watchdog` plus 100× the subject's time for the reference): a side that does not
/// answer in time comes back as [`Fault::Hang`] (its thread is left behind). For one-off runs
/// (`repro`, `replay`); the campaign watches its workers instead.
pub fn compare_watched(
    game: &'static dyn DynGame,
    subject: &Subject,
    input: &[u8],
    options: &Options,
    watchdog: std::time::Duration,
) -> Comparison {
    let hung = |limit: std::time::Duration| Outcome::Failed {
        fault: Fault::Hang,
        message: format!("no answer after {limit:?} (watchdog)"),
    };
    let started = std::time::Instant::now();
    let mine = {
        let (subject, input, options) = (subject.clone(), input.to_vec(), options.clone());
        campaign::within(watchdog, move || subject.run(game, &input, &options))
            .unwrap_or_else(|| hung(watchdog))
    };
    let limit = watchdog + started.elapsed() * 100;
    let reference = {
        let (input, options) = (input.to_vec(), options.clone());
        campaign::within(limit, move || game.reference(&input, &options))
            .unwrap_or_else(|| hung(limit))
    };
    Comparison::new(subject.clone(), input, mine, reference)
}

/// Runs the engine and the reference on `input`; a disagreement comes back ready to report
/// (its comparison is the one of the raw bytes, even when they are not UTF-8).
pub fn agreement(
    game: &dyn DynGame,
    input: &[u8],
    options: &Options,
    origin: &str,
) -> Result<(), Box<Disagreement>> {
    let comparison = compare(game, input, options);
    if comparison.agrees() {
        return Ok(());
    }
    Err(Box::new(Disagreement::from_comparison(
        game,
        String::from_utf8_lossy(input).into_owned(),
        comparison,
        options,
        origin.to_string(),
    )))
}

/// The deep checks of one input whose answers agree: the engine's per-turn trace equals the
/// reference's, so does its census where the reference computes one, and the engine passes its
/// own consistency checks ([`crate::game::Game::self_check`]). `Err` names the first that fails
/// and says how. What the structured fuzz targets run on a share of their inputs
/// ([`crate::fuzzing::deep_check`]) and `check` on a share of its cases.
pub fn deep_check(
    game: &dyn DynGame,
    input: &[u8],
    options: &Options,
) -> Result<(), (DeepKind, String)> {
    match first_divergence(game, input, options) {
        Divergence::Turn {
            turn,
            engine,
            reference,
        } => {
            let show = |line: Option<String>| line.unwrap_or_else(|| "(trace ended)".into());
            return Err((
                DeepKind::Trace,
                format!(
                    "the traces of {} part at {} {turn}\nengine:    {}\nreference: {}",
                    game.slug(),
                    game.unit(),
                    show(engine),
                    show(reference)
                ),
            ));
        }
        Divergence::Skipped(why) => {
            return Err((DeepKind::Trace, format!("{}: {why}", game.slug())));
        }
        _ => {}
    }
    if let Some(literal) = game.reference_census(input, options) {
        let census = |r: Result<u64, String>| r.map_err(|e| (DeepKind::Census, e));
        let engine = census(game.census(input, options))?;
        let literal = census(literal)?;
        if engine != literal {
            let names = |bits| crate::game::tag_names(game.tags(), bits).join(" ");
            return Err((
                DeepKind::Census,
                format!(
                    "the census of {} differs\nengine:    {}\nreference: {}",
                    game.slug(),
                    names(engine),
                    names(literal)
                ),
            ));
        }
    }
    game.self_check(input, options)
        .map_err(|e| (DeepKind::SelfCheck, e))
}

/// Where two traces part ways. A line of a trace is one turn of the game, or what the game's
/// [`DynGame::unit`] names instead (a move, a step): the reports say that word; the names here
/// say `turn` for every game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Divergence {
    /// Both traces agree on every turn (the outputs may still differ).
    None {
        /// The number of turns of the traces (both have the same).
        turns: usize,
    },
    /// Turn `turn` (1-based) is the first whose state lines differ; `None` means that side's trace
    /// had already ended.
    Turn {
        /// The 1-based turn (line of the trace).
        turn: usize,
        /// The engine's state line of that turn.
        engine: Option<String>,
        /// The reference's state line of that turn.
        reference: Option<String>,
    },
    /// At least one side rejected the input, so there are no traces to compare.
    Rejected,
    /// The subject is an external solution, which has no trace.
    Unavailable,
    /// The game gives no per-turn trace ([`crate::game::Game::engine_trace`] left at its
    /// default), so only final answers are compared.
    NoTrace,
    /// Traces were not compared (e.g. a side hangs), or computing one failed; the reason.
    Skipped(String),
}

/// Compares the per-turn traces of both implementations.
pub fn first_divergence(game: &dyn DynGame, input: &[u8], options: &Options) -> Divergence {
    match both_traces(game, input, options) {
        Ok((engine, reference)) => divergence_of(&engine, &reference),
        Err(why) => why,
    }
}

/// [`first_divergence`], with the boards a report draws of it ([`boards_of`]).
pub fn first_divergence_drawn(
    game: &dyn DynGame,
    input: &[u8],
    options: &Options,
) -> (Divergence, Vec<Board>) {
    match both_traces(game, input, options) {
        Ok((engine, reference)) => {
            let divergence = divergence_of(&engine, &reference);
            let boards = boards_of(game, input, options, &divergence, &engine, &reference);
            (divergence, boards)
        }
        Err(why) => (why, Vec::new()),
    }
}

/// Both sides' traces (engine, reference), or why there are none to compare.
fn both_traces(
    game: &dyn DynGame,
    input: &[u8],
    options: &Options,
) -> Result<(Vec<String>, Vec<String>), Divergence> {
    let (Some(engine), Some(reference)) = (
        game.engine_trace(input, options),
        game.reference_trace(input, options),
    ) else {
        return Err(Divergence::NoTrace);
    };
    for (side, trace) in [("engine", &engine), ("reference", &reference)] {
        if let Err(Outcome::Failed { fault, message }) = trace {
            return Err(Divergence::Skipped(format!(
                "the {side}'s trace failed: {fault}: {message}"
            )));
        }
    }
    match (engine, reference) {
        (Ok(engine), Ok(reference)) => Ok((engine, reference)),
        _ => Err(Divergence::Rejected),
    }
}

/// Where two traces part.
fn divergence_of(engine: &[String], reference: &[String]) -> Divergence {
    let turns = engine.len().max(reference.len());
    for turn in 0..turns {
        let (e, r) = (engine.get(turn), reference.get(turn));
        if e != r {
            return Divergence::Turn {
                turn: turn + 1,
                engine: e.cloned(),
                reference: r.cloned(),
            };
        }
    }
    Divergence::None { turns }
}

/// The boards a report shows of a divergence, where the game draws ([`DynGame::draw`]): at the
/// first turn that differs, both sides' pictures, after the turn before it (both sides agree
/// there, one picture); a side whose trace has already ended is drawn at its last turn. When the
/// traces agree throughout, the last turn. Empty when the game draws nothing.
pub fn boards_of(
    game: &dyn DynGame,
    input: &[u8],
    options: &Options,
    divergence: &Divergence,
    engine: &[String],
    reference: &[String],
) -> Vec<Board> {
    let draw = |line: &str| game.draw(line, input, options);
    let unit = game.unit();
    let mut boards = Vec::new();
    match divergence {
        Divergence::Turn { turn, .. } => {
            let turn = *turn;
            if turn >= 2 {
                if let Some(before) = reference.get(turn - 2).and_then(|l| draw(l)) {
                    boards.push(Board {
                        heading: format!("{unit} {} (both sides)", turn - 1),
                        reference: before,
                        subject: None,
                    });
                }
            }
            let at = |trace: &[String]| -> (Option<Picture>, bool) {
                match trace.get(turn - 1) {
                    Some(line) => (draw(line), false),
                    None => (trace.last().and_then(|l| draw(l)), true),
                }
            };
            let ((r, r_ended), (e, e_ended)) = (at(reference), at(engine));
            if let (Some(r), Some(e)) = (r, e) {
                let ended = |side: &str, yes: bool, trace: &[String]| {
                    if yes {
                        format!("; the {side}'s trace ended at {unit} {}", trace.len())
                    } else {
                        String::new()
                    }
                };
                boards.push(Board {
                    heading: format!(
                        "{unit} {turn}, the first that differs (differing cells in [brackets]{}{})",
                        ended("reference", r_ended, reference),
                        ended("engine", e_ended, engine)
                    ),
                    reference: r,
                    subject: Some(e),
                });
            }
        }
        Divergence::None { turns } if *turns > 0 => {
            if let Some(last) = reference.last().and_then(|l| draw(l)) {
                boards.push(Board {
                    heading: format!("{unit} {turns}, the last (both sides)"),
                    reference: last,
                    subject: None,
                });
            }
        }
        _ => {}
    }
    boards
}

/// The reference's final board (the last line of its trace, drawn), for a finding of a subject
/// that has no trace (an external solution) whose answer the game does not draw.
pub fn reference_final_board(game: &dyn DynGame, input: &[u8], options: &Options) -> Vec<Board> {
    let Some(Ok(trace)) = game.reference_trace(input, options) else {
        return Vec::new();
    };
    trace
        .last()
        .and_then(|line| game.draw(line, input, options))
        .map(|picture| Board {
            heading: format!(
                "the reference's final position ({} {})",
                game.unit(),
                trace.len()
            ),
            reference: picture,
            subject: None,
        })
        .into_iter()
        .collect()
}

/// The heading of the board [`final_boards`] draws from the two answers.
const OUTPUT_BOARDS: &str =
    "the final boards as the two outputs show them (differing cells in [brackets])";

/// The boards of a finding of a subject that has no trace (an external solution): where both
/// sides answered, differently, and the game draws both answers ([`DynGame::draw_output`]: the
/// answer is a board), one [`Board`] of the reference's answer beside the subject's, the
/// differing cells marked; otherwise the reference's final position alone
/// ([`reference_final_board`]).
pub fn final_boards(
    game: &dyn DynGame,
    input: &[u8],
    options: &Options,
    comparison: &Comparison,
) -> Vec<Board> {
    if let (Outcome::Output(mine), Outcome::Output(reference)) =
        (&comparison.mine, &comparison.reference)
    {
        let draw = |text: &str| game.draw_output(text, input, options);
        if mine != reference {
            if let (Some(reference), Some(mine)) = (draw(reference), draw(mine)) {
                return vec![Board {
                    heading: OUTPUT_BOARDS.to_string(),
                    reference,
                    subject: Some(mine),
                }];
            }
        }
    }
    reference_final_board(game, input, options)
}

/// What a finding shows of the traces: for the engine, the first divergence and its boards
/// ([`first_divergence_drawn`]); for a solution, which has no trace, its final boards
/// ([`final_boards`]).
fn traces_of(
    game: &dyn DynGame,
    input: &[u8],
    options: &Options,
    comparison: &Comparison,
) -> (Divergence, Vec<Board>) {
    match comparison.subject {
        Subject::Engine => first_divergence_drawn(game, input, options),
        Subject::Solution { .. } => (
            Divergence::Unavailable,
            final_boards(game, input, options, comparison),
        ),
    }
}

/// A disagreement, ready to be reported.
#[derive(Debug, Clone)]
pub struct Disagreement {
    /// The game's slug.
    pub slug: &'static str,
    /// What a line of the game's trace stands for ([`DynGame::unit`]: `turn`, `move`, …), as
    /// the report names the first divergence.
    pub unit: &'static str,
    /// The (minimized) judge input.
    pub input: String,
    /// What the two sides said about `input`.
    pub comparison: Comparison,
    /// Where the two per-turn traces of `input` part ways, or why they were not compared.
    pub divergence: Divergence,
    /// Where the case was saved in the corpus, if it was.
    pub saved: Option<PathBuf>,
    /// The command that replays the saved case, as the report prints it
    /// ([`DynGame::replay_command`]); `None`: `repro` of the game and the saved file.
    pub replay: Option<String>,
    /// How the case was found, e.g. `case 17 of seed 42 (case seed 0x…)`.
    pub origin: String,
    /// What kind of failure this is.
    pub verdict: Verdict,
    /// Anything else the reader should know (a census panic's message, a shrink cut short).
    pub notes: Vec<String>,
    /// The boards at the first divergence, where the game draws ([`boards_of`]); for an
    /// external solution, the two final boards its answer and the reference's show, or the
    /// reference's final position ([`final_boards`]).
    pub boards: Vec<Board>,
}

impl Disagreement {
    /// Runs `subject` and the reference on `input` and makes the disagreement of their answers
    /// (see [`Disagreement::from_comparison`]).
    pub fn new(
        game: &dyn DynGame,
        subject: &Subject,
        input: String,
        options: &Options,
        origin: String,
    ) -> Self {
        let comparison = compare_with(game, subject, input.as_bytes(), options);
        Disagreement::from_comparison(game, input, comparison, options, origin)
    }

    /// A disagreement whose comparison has already been run on `input`. The census (where the
    /// answers agree) and the traces are computed here, in-process and unwatched; see
    /// [`Disagreement::from_comparison_watched`] for the one-off commands.
    pub fn from_comparison(
        game: &dyn DynGame,
        input: String,
        comparison: Comparison,
        options: &Options,
        origin: String,
    ) -> Self {
        let text = input.as_bytes();
        Disagreement::assemble(
            game,
            input.clone(),
            comparison,
            origin,
            || game.census(text, options).map_err(|e| (Fault::Panic, e)),
            |comparison| traces_of(game, text, options, comparison),
        )
    }

    /// [`Disagreement::from_comparison`] with the census and the traces under a watchdog: each
    /// must give its result within `limit`, or it is reported as a hang (census code: the verdict
    /// `census hang`; trace code: a note where the first divergence would be). `census` is the
    /// census of `input` if the caller has already run it (it is run here otherwise, when the
    /// answers agree).
    pub fn from_comparison_watched(
        game: &'static dyn DynGame,
        input: String,
        comparison: Comparison,
        census: Option<CensusOutcome>,
        options: &Options,
        origin: String,
        limit: Duration,
    ) -> Self {
        let text = input.clone().into_bytes();
        Disagreement::assemble(
            game,
            input,
            comparison,
            origin,
            || census.unwrap_or_else(|| census_within(game, &text, options, limit)),
            |comparison| {
                let engine = matches!(comparison.subject, Subject::Engine);
                let (text, options, comparison) =
                    (text.clone(), options.clone(), comparison.clone());
                campaign::within(limit, move || traces_of(game, &text, &options, &comparison))
                    .unwrap_or_else(|| {
                        let divergence = if engine {
                            Divergence::Skipped(format!(
                            "traces not compared: the trace code gave no result after {limit:?} \
                             (watchdog)"
                        ))
                        } else {
                            Divergence::Unavailable
                        };
                        (divergence, Vec::new())
                    })
            },
        )
    }

    /// The disagreement of a comparison: `census` is asked only where the answers agree, and
    /// `traces` only when no side hangs (for the engine: the divergence and its boards; for a
    /// solution: its final boards, [`traces_of`]).
    fn assemble(
        game: &dyn DynGame,
        input: String,
        comparison: Comparison,
        origin: String,
        census: impl FnOnce() -> CensusOutcome,
        traces: impl FnOnce(&Comparison) -> (Divergence, Vec<Board>),
    ) -> Self {
        let mut verdict = comparison.verdict();
        let mut notes: Vec<String> = comparison
            .checker_message()
            .map(|why| format!("checker: {why}"))
            .into_iter()
            .collect();
        if verdict == Verdict::Agree {
            if let Err((fault, e)) = census() {
                verdict = Verdict::Fault {
                    side: Side::Census,
                    fault,
                };
                notes.push(match fault {
                    Fault::Hang => format!("the census code {e}"),
                    _ => format!("the census {e}"),
                });
            }
        }
        let hangs = matches!(
            verdict,
            Verdict::Fault {
                fault: Fault::Hang,
                ..
            }
        );
        let (divergence, boards) = if hangs {
            (
                Divergence::Skipped("traces not compared: one side hangs".into()),
                Vec::new(),
            )
        } else {
            traces(&comparison)
        };
        Disagreement {
            slug: game.slug(),
            unit: game.unit(),
            input,
            comparison,
            divergence,
            saved: None,
            replay: None,
            origin,
            verdict,
            notes,
            boards,
        }
    }

    /// A finding of `game` whose outcomes were obtained elsewhere (e.g. from child processes, for
    /// a hang), with no trace comparison.
    pub fn from_parts(
        game: &dyn DynGame,
        input: String,
        comparison: Comparison,
        verdict: Verdict,
        origin: String,
        why_no_trace: &str,
    ) -> Self {
        Disagreement {
            slug: game.slug(),
            unit: game.unit(),
            input,
            comparison,
            divergence: Divergence::Skipped(why_no_trace.to_string()),
            saved: None,
            replay: None,
            origin,
            verdict,
            notes: Vec::new(),
            boards: Vec::new(),
        }
    }

    /// The full human-readable report: input, both outputs as a diff, first divergence, replay.
    pub fn report(&self) -> String {
        self.render(false, None)
    }

    /// [`Disagreement::report`] with a coloured diff (print it through `anstream`).
    pub fn report_styled(&self) -> String {
        self.render(true, None)
    }

    /// [`Disagreement::report_styled`] for a terminal: an input over a screen
    /// ([`fits_a_screen`]) is shown as its first and last lines ([`head_and_tail`]), pointing to
    /// the saved case, else to `whole` (a file holding the whole input). The reports written to
    /// files (JSON, JUnit, HTML) keep the whole input.
    pub fn report_on_screen(&self, whole: Option<&Path>) -> String {
        self.render(true, self.saved.as_deref().or(whole))
    }

    fn render(&self, styled: bool, whole: Option<&Path>) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "FINDING in {}: {} ({})",
            self.slug,
            self.verdict.describe(&self.comparison.subject),
            self.origin
        );
        for note in &self.notes {
            let _ = writeln!(out, "note: {note}");
        }
        let _ = writeln!(out, "--- input ---");
        match whole {
            Some(path) if !fits_a_screen(&self.input) => {
                out.push_str(&head_and_tail(&self.input, path));
            }
            _ => {
                out.push_str(&self.input);
                if !self.input.ends_with('\n') {
                    out.push('\n');
                }
            }
        }
        let label = self.comparison.subject.label();
        let _ = writeln!(
            out,
            "--- output diff (- reference, + {label}, two spaces = both) ---"
        );
        let diff = if styled { diff_styled } else { diff_lines };
        out.push_str(&diff(
            &self.comparison.reference.to_string(),
            &self.comparison.mine.to_string(),
        ));
        // An external solution has no trace: with no board to draw either (a problem of
        // programs, `stress`), the section would say only that.
        let nothing_to_show =
            matches!(self.divergence, Divergence::Unavailable) && self.boards.is_empty();
        if !nothing_to_show {
            let _ = writeln!(out, "--- first divergence ---");
        }
        let unit = self.unit;
        match &self.divergence {
            Divergence::Unavailable if nothing_to_show => {}
            Divergence::None { turns } => {
                let _ = writeln!(
                    out,
                    "the per-{unit} traces agree on all {turns} {unit}(s); only the final answer \
                     differs"
                );
            }
            Divergence::Rejected => {
                let _ = writeln!(
                    out,
                    "an input was rejected, so there are no traces to compare"
                );
            }
            Divergence::Unavailable => {
                let _ = writeln!(out, "an external solution has no per-{unit} trace");
            }
            Divergence::NoTrace => {
                let _ = writeln!(
                    out,
                    "{} gives no per-{unit} trace (the game defines none), so only the final \
                     answers are compared",
                    self.slug
                );
            }
            Divergence::Skipped(why) => {
                let _ = writeln!(out, "{why}");
            }
            Divergence::Turn {
                turn,
                engine,
                reference,
            } => {
                let show = |s: &Option<String>| s.clone().unwrap_or_else(|| "(trace ended)".into());
                let _ = writeln!(out, "{unit} {turn}:");
                let _ = writeln!(out, "  reference: {}", show(reference));
                let _ = writeln!(out, "  engine:    {}", show(engine));
            }
        }
        for board in &self.boards {
            out.push_str(&board.terminal(label, styled));
        }
        if let Some(path) = &self.saved {
            let _ = writeln!(out, "--- saved ---");
            let _ = writeln!(out, "{}", path.display());
            let replay = self.replay.clone().unwrap_or_else(|| {
                format!(
                    "{} repro {} {}{}",
                    invocation(),
                    self.slug,
                    shell_quote(&path.display().to_string()),
                    self.comparison.subject.to_args()
                )
            });
            let _ = writeln!(out, "replay: {replay}");
        }
        out
    }
}

/// A terminal report shows an input of at most this many lines whole ([`fits_a_screen`]).
pub const SCREEN_LINES: usize = 40;
/// … and of at most this many bytes.
pub const SCREEN_BYTES: usize = 4096;
/// How many first lines, and how many last lines, [`head_and_tail`] shows.
pub const HEAD_LINES: usize = 20;
/// See [`HEAD_LINES`].
pub const TAIL_LINES: usize = 10;
/// A line [`head_and_tail`] shows is cut after this many bytes.
pub const SHOWN_LINE_BYTES: usize = 200;

/// Whether a terminal shows `input` whole: at most [`SCREEN_LINES`] lines and
/// [`SCREEN_BYTES`] bytes.
pub fn fits_a_screen(input: &str) -> bool {
    input.len() <= SCREEN_BYTES && input.lines().count() <= SCREEN_LINES
}

/// A big input as a terminal shows it: its first [`HEAD_LINES`] and last [`TAIL_LINES`] lines,
/// each cut after [`SHOWN_LINE_BYTES`] bytes (`…`), and between them (or after them, when no
/// line is left out) `… N lines (B bytes) not shown; the whole case: PATH`, B counting every
/// byte left out.
pub fn head_and_tail(input: &str, whole: &Path) -> String {
    let lines: Vec<&str> = input.lines().collect();
    let (head, tail) = if lines.len() > HEAD_LINES + TAIL_LINES {
        (HEAD_LINES, TAIL_LINES)
    } else {
        (lines.len(), 0)
    };
    let mut shown_bytes = 0;
    let mut show = |line: &str, out: &mut String| {
        let mut cut = line.len().min(SHOWN_LINE_BYTES);
        while !line.is_char_boundary(cut) {
            cut -= 1;
        }
        shown_bytes += cut + 1;
        out.push_str(&line[..cut]);
        if cut < line.len() {
            out.push('…');
        }
        out.push('\n');
    };
    let mut out = String::new();
    for line in &lines[..head] {
        show(line, &mut out);
    }
    let mut rest = String::new();
    for line in &lines[lines.len() - tail..] {
        show(line, &mut rest);
    }
    let left_out = lines.len() - head - tail;
    let _ = writeln!(
        out,
        "… {left_out} line{} ({} bytes) not shown; the whole case: {}",
        if left_out == 1 { "" } else { "s" },
        input.len().saturating_sub(shown_bytes),
        whole.display()
    );
    out + &rest
}

/// `word` as a shell reads it back as one word: bare when it holds only safe characters, else in
/// single quotes.
pub fn shell_quote(word: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// A line diff of two texts (`left` the reference's, `right` the other side's), aligned by the
/// `similar` crate (Myers' algorithm): `  ` in both, `- ` only left, `+ ` only right, so one
/// missing line shows as one deletion, not as every later line changed. When a line is replaced
/// by one of the same width — a fixed-layout output such as the 32×32 yut board — a `? ` line
/// follows with `^` under each differing character (as Python's `difflib.ndiff` does). Plain
/// text; [`diff_styled`] adds colour.
pub fn diff_lines(left: &str, right: &str) -> String {
    render_diff(left, right, false)
}

/// [`diff_lines`] with ANSI styles: deletions red, insertions green, the differing characters of
/// a same-width pair in reverse video. Print it through `anstream`, which drops the styles when
/// the output is not a terminal, under `NO_COLOR` or `--color never`.
pub fn diff_styled(left: &str, right: &str) -> String {
    render_diff(left, right, true)
}

fn render_diff(left: &str, right: &str, styled: bool) -> String {
    use anstyle::{AnsiColor, Effects, Style};
    use similar::{DiffOp, TextDiff};
    let red = Style::new().fg_color(Some(AnsiColor::Red.into()));
    let green = Style::new().fg_color(Some(AnsiColor::Green.into()));
    let paint = |style: Style, text: &str| {
        if styled {
            format!("{}{text}{}", style.render(), style.render_reset())
        } else {
            text.to_string()
        }
    };
    let l: Vec<&str> = left.lines().collect();
    let r: Vec<&str> = right.lines().collect();
    let diff = TextDiff::from_slices(&l, &r);
    let mut out = String::new();
    for op in diff.ops() {
        match *op {
            DiffOp::Equal { old_index, len, .. } => {
                for line in &l[old_index..old_index + len] {
                    let _ = writeln!(out, "  {line}");
                }
            }
            DiffOp::Delete {
                old_index, old_len, ..
            } => {
                for line in &l[old_index..old_index + old_len] {
                    let _ = writeln!(out, "{}", paint(red, &format!("- {line}")));
                }
            }
            DiffOp::Insert {
                new_index, new_len, ..
            } => {
                for line in &r[new_index..new_index + new_len] {
                    let _ = writeln!(out, "{}", paint(green, &format!("+ {line}")));
                }
            }
            DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => {
                let old = &l[old_index..old_index + old_len];
                let new = &r[new_index..new_index + new_len];
                if old_len == new_len {
                    // Pairs, each with the characters that differ marked.
                    for (a, b) in old.iter().zip(new) {
                        let marks = char_marks(a, b);
                        match (&marks, styled) {
                            (Some(marks), true) => {
                                let emph = |line: &str, base: Style| {
                                    let strong = base.effects(Effects::INVERT | Effects::BOLD);
                                    let mut s = String::new();
                                    for (c, m) in line.chars().zip(marks.chars()) {
                                        let st = if m == '^' { strong } else { base };
                                        s.push_str(&paint(st, &c.to_string()));
                                    }
                                    s
                                };
                                let _ = writeln!(out, "{}{}", paint(red, "- "), emph(a, red));
                                let _ = writeln!(out, "{}{}", paint(green, "+ "), emph(b, green));
                            }
                            _ => {
                                let _ = writeln!(out, "{}", paint(red, &format!("- {a}")));
                                let _ = writeln!(out, "{}", paint(green, &format!("+ {b}")));
                            }
                        }
                        if let (Some(marks), false) = (marks, styled) {
                            let _ = writeln!(out, "? {}", marks.trim_end());
                        }
                    }
                } else {
                    for line in old {
                        let _ = writeln!(out, "{}", paint(red, &format!("- {line}")));
                    }
                    for line in new {
                        let _ = writeln!(out, "{}", paint(green, &format!("+ {line}")));
                    }
                }
            }
        }
    }
    if left.ends_with('\n') != right.ends_with('\n') {
        let _ = writeln!(out, "(the two differ in the final newline)");
    }
    out
}

/// For two lines of the same width in characters: a marker string with `^` under each differing
/// character and spaces elsewhere; `None` when the widths differ.
fn char_marks(a: &str, b: &str) -> Option<String> {
    if a.chars().count() != b.chars().count() {
        return None;
    }
    Some(
        a.chars()
            .zip(b.chars())
            .map(|(x, y)| if x == y { ' ' } else { '^' })
            .collect(),
    )
}

/// Shrinks a failing input to a local minimum of inputs with the same verdict (a wrong answer
/// stays a wrong answer, a time limit a time limit, a panic of one side a panic of that side),
/// structurally or as judge text ([`DynGame::shrink`]); when `answered` (the reference answered
/// `input`), every kept candidate is answered by the reference too. Returns the input unchanged
/// if it cannot be shrunk. `also` is asked before each candidate (`false` ends the shrink
/// early, e.g. on Ctrl-C).
pub fn minimize(
    game: &dyn DynGame,
    subject: &Subject,
    input: &str,
    options: &Options,
    verdict: Verdict,
    answered: bool,
    also: &mut dyn FnMut(&str) -> bool,
) -> String {
    let mut fails = |text: &str| {
        also(text) && {
            let comparison = compare_with(game, subject, text.as_bytes(), options);
            (!answered || self::answered(&comparison.reference))
                && with_census(comparison.verdict(), game, text.as_bytes(), options) == verdict
        }
    };
    game.shrink(input, &mut fails)
        .unwrap_or_else(|| input.to_string())
}

/// What [`minimize_watched`] came to.
#[derive(Debug, Clone)]
pub struct Shrunk {
    /// The smallest failing input found (the input itself if nothing smaller fails alike).
    pub input: String,
    /// The candidate call that overran the watchdog and ended the shrink early, if one did.
    pub cut_short: Option<watchdog::Overrun>,
    /// Why the shrink stopped before a local minimum, if it did: the time budget ran out, or
    /// Ctrl-C ([`interrupt::requested`]). The input is then the smallest failing one so far.
    pub stopped: Option<&'static str>,
}

/// What a shrink is told of its progress: each smaller failing input, with the number of
/// candidates tried so far.
pub type OnBest = Box<dyn FnMut(&str, u64) + Send>;

/// What a shrink is told after each candidate it ran: the smallest failing input so far, this
/// candidate's comparison if it was kept (it is then that input), and the number of candidates
/// run so far.
pub type OnTry = Box<dyn FnMut(&str, Option<&Comparison>, u64) + Send>;

/// A shrinker, as [`DynGame::shrink`] is one: the input and the test a candidate must pass to be
/// kept; the smallest input kept, or `None` where it does not take the input on.
pub type Shrinker = Box<dyn FnOnce(&str, &mut dyn FnMut(&str) -> bool) -> Option<String> + Send>;

/// [`minimize`] on a thread of its own, each call into game code under the watchdog the campaign
/// uses: the subject within `watchdog` (plus an external solution's own time limit), the
/// reference within `watchdog` plus 100× the subject's time on the candidate (when `answered`,
/// the reference runs first, so that the subject never runs on a candidate it rejects, and
/// the subject's time is the last candidate's), the census within
/// `watchdog` plus 100× both. A candidate that overruns ends the shrink, and the smallest failing
/// input before it is the result ([`Shrunk::cut_short`] says what hung). No candidate starts
/// after `deadline` or Ctrl-C ([`Shrunk::stopped`]); `on_best` is told each smaller failing
/// input.
#[allow(clippy::too_many_arguments)]
pub fn minimize_watched(
    game: &'static dyn DynGame,
    subject: &Subject,
    input: &str,
    options: &Options,
    verdict: Verdict,
    answered: bool,
    watchdog: Duration,
    deadline: Option<Instant>,
    mut on_best: OnBest,
) -> Shrunk {
    minimize_watched_with(
        Box::new(move |input, fails| game.shrink(input, fails)),
        game,
        subject,
        input,
        options,
        verdict,
        answered,
        watchdog,
        deadline,
        Box::new(move |best, kept, tries| {
            if kept.is_some() {
                on_best(best, tries)
            }
        }),
    )
}

/// [`minimize_watched`] with a shrinker of the caller's instead of the game's own
/// ([`DynGame::shrink`]), telling `on_try` of every candidate run, kept or not: what
/// `boardfuzz shrink` runs on a file of the user's with the generic judge-text shrinker
/// ([`crate::harness::shrink`]).
#[allow(clippy::too_many_arguments)]
pub fn minimize_watched_with(
    shrinker: Shrinker,
    game: &'static dyn DynGame,
    subject: &Subject,
    input: &str,
    options: &Options,
    verdict: Verdict,
    answered: bool,
    watchdog: Duration,
    deadline: Option<Instant>,
    mut on_try: OnTry,
) -> Shrunk {
    let best = Arc::new(Mutex::new(input.to_string()));
    let stopped: Arc<Mutex<Option<&'static str>>> = Arc::new(Mutex::new(None));
    let (subject, options, input) = (subject.clone(), options.clone(), input.to_string());
    let (kept, stop) = (Arc::clone(&best), Arc::clone(&stopped));
    let result = watchdog::watched(move |pulse| {
        let own_limit = match &subject {
            Subject::Solution { timeout, .. } => *timeout,
            Subject::Engine => Duration::ZERO,
        };
        let mut tries = 0u64;
        let mut subject_time = Duration::ZERO;
        let mut fails = |text: &str| {
            let why = if interrupt::requested() {
                Some("shrinking was interrupted; this is the smallest failing case so far")
            } else if deadline.is_some_and(|d| Instant::now() >= d) {
                Some("the time budget ran out while shrinking; this is the smallest failing case so far")
            } else {
                None
            };
            if let Some(why) = why {
                *stop.lock().unwrap_or_else(|e| e.into_inner()) = Some(why);
                return false;
            }
            tries += 1;
            let bytes = text.as_bytes();
            let (mine, reference, both) = if answered {
                // The candidate must be a valid input: ask the reference first, and spend no
                // run of the subject (an external program's start, often) on one it rejects.
                // Its allowance is 100× the subject's time on the last candidate.
                pulse.enter("the reference", watchdog + subject_time * 100);
                let started = Instant::now();
                let reference = game.reference(bytes, &options);
                let reference_time = started.elapsed();
                if !self::answered(&reference) {
                    pulse.leave();
                    on_try(&lock(&kept), None, tries);
                    return false;
                }
                pulse.enter(subject.label(), watchdog + own_limit);
                let started = Instant::now();
                let mine = subject.run(game, bytes, &options);
                subject_time = started.elapsed();
                (mine, reference, subject_time + reference_time)
            } else {
                pulse.enter(subject.label(), watchdog + own_limit);
                let started = Instant::now();
                let mine = subject.run(game, bytes, &options);
                subject_time = started.elapsed();
                pulse.enter("the reference", watchdog + subject_time * 100);
                let started = Instant::now();
                let reference = game.reference(bytes, &options);
                (mine, reference, subject_time + started.elapsed())
            };
            let comparison = Comparison::new(subject.clone(), bytes, mine, reference);
            pulse.enter("the census code", watchdog + both * 100);
            let same = (!answered || self::answered(&comparison.reference))
                && with_census(comparison.verdict(), game, bytes, &options) == verdict;
            pulse.leave();
            // A candidate killed by Ctrl-C proves nothing.
            let same = same && !interrupt::requested();
            if same {
                *lock(&kept) = text.to_string();
            }
            on_try(&lock(&kept), same.then_some(&comparison), tries);
            same
        };
        shrinker(&input, &mut fails).unwrap_or(input)
    });
    let stopped = *lock(&stopped);
    match result {
        Ok(input) => Shrunk {
            input,
            cut_short: None,
            stopped,
        },
        Err(overrun) => Shrunk {
            input: lock(&best).clone(),
            cut_short: Some(overrun),
            stopped,
        },
    }
}

/// The value behind a mutex, even if a thread panicked holding it.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Whether the reference answered (rather than rejected or failed). Shrinking keeps it: a
/// candidate of an input the reference answered must be answered too, so a shrunk case stays a
/// valid input whichever shrinker made it ([`DynGame::shrink`]).
pub fn answered(reference: &Outcome) -> bool {
    matches!(reference, Outcome::Output(_))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{dyn_game, Game, Trace};
    use crate::picture::{Cell, Tone};

    /// A game whose trace lines are moves: the input is numbers, one per move, the trace the
    /// running total after each, and the engine adds one too many at the third move.
    struct Moves;

    impl Moves {
        fn totals(input: &[u8], slip: bool) -> Vec<String> {
            let mut total = 0u64;
            String::from_utf8_lossy(input)
                .split_whitespace()
                .enumerate()
                .map(|(i, n)| {
                    total += n.parse::<u64>().unwrap_or(0) + u64::from(slip && i == 2);
                    total.to_string()
                })
                .collect()
        }
    }

    impl Game for Moves {
        type Case = u8;
        const SLUG: &'static str = "moves";
        const UNIT: &'static str = "move";
        fn render(case: &u8) -> String {
            format!("{case}\n")
        }
        fn engine(input: &[u8], _: &Options) -> Outcome {
            Outcome::Output(format!("{:?}\n", Moves::totals(input, true).last()))
        }
        fn reference(input: &[u8], _: &Options) -> Outcome {
            Outcome::Output(format!("{:?}\n", Moves::totals(input, false).last()))
        }
        fn engine_trace(input: &[u8], _: &Options) -> Option<Trace> {
            Some(Ok(Moves::totals(input, true)))
        }
        fn reference_trace(input: &[u8], _: &Options) -> Option<Trace> {
            Some(Ok(Moves::totals(input, false)))
        }
        fn draw(line: &str, _: &[u8], _: &Options) -> Option<Picture> {
            Some(Picture::new(vec![vec![Cell::new(line, Tone::Mark)]], line))
        }
    }

    #[test]
    fn a_finding_names_the_games_unit_not_turn() {
        let game = dyn_game::<Moves>();
        let options = Options::new();
        let input = "1 1 1 1\n";
        let d = Disagreement::new(
            game,
            &Subject::Engine,
            input.into(),
            &options,
            "case 0".into(),
        );
        assert_eq!(d.unit, "move");
        assert!(matches!(d.divergence, Divergence::Turn { turn: 3, .. }));
        let report = d.report();
        assert!(
            report.contains("--- first divergence ---\nmove 3:\n  reference: 3\n  engine:    4\n"),
            "{report}"
        );
        let headings: Vec<&str> = d.boards.iter().map(|b| b.heading.as_str()).collect();
        assert_eq!(
            headings,
            [
                "move 2 (both sides)",
                "move 3, the first that differs (differing cells in [brackets])"
            ]
        );
        assert_eq!(
            report::divergence_text(&d.divergence, d.unit),
            "move 3: reference `3`, engine `4`"
        );
        // Traces that agree throughout, and the reference's last board of a solution's finding.
        let same = first_divergence(game, b"1 1\n", &options);
        let agreeing = Disagreement {
            divergence: same,
            ..d.clone()
        };
        assert!(
            agreeing.report().contains(
                "the per-move traces agree on all 2 move(s); only the final answer differs"
            ),
            "{}",
            agreeing.report()
        );
        let last = reference_final_board(game, input.as_bytes(), &options);
        assert_eq!(last[0].heading, "the reference's final position (move 4)");
        let deep = deep_check(game, input.as_bytes(), &options).unwrap_err().1;
        assert!(
            deep.starts_with("the traces of moves part at move 3\n"),
            "{deep}"
        );
        // No `turn` anywhere in what the finding says.
        let everything = format!(
            "{report}{}",
            report::json(
                &report::RunInfo::new("check", 1, 1, "engine", campaign::Budget::Cases(1)),
                &[campaign::GameRun {
                    slug: "moves",
                    cases: 1,
                    deep_cases: 0,
                    rejected: 0,
                    first_rejection: None,
                    elapsed: Duration::from_millis(1),
                    running: Duration::from_millis(1),
                    census: crate::harness::census::Census::of_game(game),
                    disagreement: Some(d.clone()),
                    finding_case: Some(0),
                    other_findings: Vec::new(),
                    error: None,
                    interrupted: false,
                    notes: Vec::new(),
                }],
            )
        );
        for line in everything.lines() {
            // The JSON's field names stay `turn`; its words say `move`.
            let words = line.replace("\"turn\"", "");
            assert!(!words.contains("turn"), "`turn` in: {line}");
        }
        assert!(everything.contains("\"unit\": \"move\""), "{everything}");
    }

    #[test]
    fn diff_aligns_an_inserted_line() {
        let d = diff_lines("1\n2\n3\n4\n", "1\n2\nextra line\n3\n4\n");
        assert_eq!(d, "  1\n  2\n+ extra line\n  3\n  4\n");
        let d = diff_lines("1\n2\n3\n", "1\n3\n");
        assert_eq!(d, "  1\n- 2\n  3\n");
    }

    #[test]
    fn diff_marks_the_changed_character_of_a_same_width_line() {
        let d = diff_lines("ab\n|..A.|\nz\n", "ab\n|.A..|\nz\n");
        assert_eq!(d, "  ab\n- |..A.|\n+ |.A..|\n?   ^^\n  z\n");
        assert!(!d.contains('\x1b'));
        let styled = diff_styled("|..A.|\n", "|.A..|\n");
        assert!(styled.contains('\x1b'), "{styled:?}");
    }
}
