//! Running one input through both sides of a game (or an external subject and the reference)
//! and judging the two answers: [`compare`], under a watchdog ([`compare_watched`]), and the deep
//! checks of traces and censuses ([`deep_check`]).

use crate::game::{DynGame, Fault, Options, Outcome};
use crate::harness::programs::checker;
use crate::harness::run::watchdog;
use crate::harness::{
    first_divergence, DeepKind, Disagreement, Divergence, Side, Subject, Verdict,
};

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
        watchdog::within(watchdog, move || subject.run(game, &input, &options))
            .unwrap_or_else(|| hung(watchdog))
    };
    let limit = watchdog + started.elapsed() * 100;
    let reference = {
        let (input, options) = (input.to_vec(), options.clone());
        watchdog::within(limit, move || game.reference(&input, &options))
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
