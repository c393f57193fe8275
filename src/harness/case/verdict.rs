//! What one case's comparison says: which [`Side`] failed and the [`Verdict`], and the census
//! of an input under a watchdog.

use std::time::Duration;

use crate::game::{DynGame, Fault, Options, Outcome};
use crate::harness::run::watchdog;
use crate::harness::{compare_with, Subject};

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
    /// self-checks ([`deep_check`](crate::harness::deep_check)).
    Deep,
    /// An external solution's checker program ([`checker::Checker::Program`](crate::harness::programs::checker::Checker::Program)), which gave no
    /// verdict.
    Checker,
}

/// Which deep check failed on a case whose answers agree ([`deep_check`](crate::harness::deep_check)).
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
    /// Whether it is a fault of what judges the subject — the reference or a checker program —
    /// not of the subject: a bug to keep for boardfuzz's own references, the user's to fix for
    /// a `stress` run's trusted programs.
    pub fn of_judge(&self) -> bool {
        matches!(
            self,
            Verdict::Fault {
                side: Side::Reference | Side::Checker,
                ..
            }
        )
    }

    /// Whether it is a fault of what every subject of a case shares — the reference, a checker
    /// program, the census — so that no other subject can be judged on the case.
    pub fn of_shared_part(&self) -> bool {
        self.of_judge()
            || matches!(
                self,
                Verdict::Fault {
                    side: Side::Census,
                    ..
                }
            )
    }

    /// Whether it is a limit the subject went over — its time limit (CPU time, the wall-clock
    /// cap, an interactive dialogue's idleness) or its memory limit: the verdicts a run near the
    /// limit may or may not give again, and a loaded machine may give alone. Such a verdict is
    /// a finding only when every rerun gives it too
    /// ([`crate::harness::programs::subject::CONFIRM_RUNS`]), and a shrink keeps it only beyond
    /// a margin ([`crate::harness::programs::subject::Margins`]).
    pub fn is_limit(&self) -> bool {
        matches!(
            self,
            Verdict::Fault {
                side: Side::Subject,
                fault: Fault::TimeLimit | Fault::MemoryLimit,
            }
        )
    }

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
    /// read back: [`merge`](crate::harness::keep::merge)).
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
pub(crate) fn with_census(
    verdict: Verdict,
    game: &dyn DynGame,
    input: &[u8],
    options: &Options,
) -> Verdict {
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

/// The census of `input` under a watchdog ([`watchdog::within`]): code that gives no result
/// within `limit` is a [`Fault::Hang`] (its thread is left behind).
pub fn census_within(
    game: &'static dyn DynGame,
    input: &[u8],
    options: &Options,
    limit: Duration,
) -> CensusOutcome {
    let (input, options) = (input.to_vec(), options.clone());
    match watchdog::within(limit, move || game.census(&input, &options)) {
        Some(Ok(tags)) => Ok(tags),
        Some(Err(message)) => Err((Fault::Panic, message)),
        None => Err((
            Fault::Hang,
            format!("gave no result after {limit:?} (watchdog)"),
        )),
    }
}

/// Whether the reference answered (rather than rejected or failed). Shrinking keeps it: a
/// candidate of an input the reference answered must be answered too, so a shrunk case stays a
/// valid input whichever shrinker made it ([`DynGame::shrink`]).
pub fn answered(reference: &Outcome) -> bool {
    matches!(reference, Outcome::Output(_))
}
