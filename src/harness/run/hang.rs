//! A hang shrunk in child processes: a thread that hangs cannot be stopped, so each candidate of
//! the shrink runs in a child process ([`child`]) under the limit the watchdog used, and is kept
//! if the child is still running at it ([`shrink_hang`]). The campaign's supervisor hands it the
//! case a worker hung on, `repro --shrink` a case of the user's that hangs.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::game::{DynGame, Fault, Options, Outcome};
use crate::harness::run::campaign::{self, GRACE};
use crate::harness::run::watchdog::within;
use crate::harness::{
    programs::child, run::interrupt, Comparison, Disagreement, Side, Subject, Verdict,
};

/// A hang seen by a watchdog: the side that gave no answer on `input` within `limit`.
#[derive(Debug, Clone)]
pub struct Hang {
    /// The judge input it hangs on.
    pub input: String,
    /// The side that gave no answer.
    pub side: Side,
    /// The limit it overran: each candidate of the shrink gets as long.
    pub limit: Duration,
    /// How the input was found, for the report.
    pub origin: String,
}

/// Shrinks a hang by running each candidate in a child process ([`child`]: the program at
/// `solver` answering with the side that hung) with the limit the watchdog used: a candidate is
/// kept if its child is still running at the limit. The other side's answer of the shrunk input
/// is computed in-process under the same limit. Without `solver` (library use), or for a hang of
/// census code (no child runs it), the hang is reported unshrunk with a note saying so.
/// `on_best` is told each smaller hanging input.
pub fn shrink_hang(
    game: &'static dyn DynGame,
    subject: &Subject,
    options: &Options,
    solver: Option<&Path>,
    hang: Hang,
    deadline: Option<Instant>,
    on_best: &mut dyn FnMut(&str, u64),
) -> Disagreement {
    let Hang {
        input,
        side,
        limit,
        origin,
    } = hang;
    let mut small = input.clone();
    let mut notes = Vec::new();
    match (solver, child::Solver::for_hang(side, subject)) {
        (Some(exe), Some(who)) => {
            let mut tries = 0u64;
            let mut cut_short = false;
            let mut hangs = |text: &str| {
                if interrupt::requested() {
                    return false;
                }
                // A candidate runs up to the hang's limit: start one only if it ends in time.
                if deadline.is_some_and(|d| Instant::now() + limit > d + GRACE) {
                    cut_short = true;
                    return false;
                }
                tries += 1;
                let still = child::hangs(exe, game, who, options, text.as_bytes(), limit);
                if still {
                    on_best(text, tries);
                }
                still
            };
            small = game.shrink(&input, &mut hangs).unwrap_or(input);
            notes.push(format!(
                "shrunk in {tries} child runs of `{} {}`",
                crate::harness::program(),
                child::SUBCOMMAND
            ));
            if cut_short {
                notes.push(campaign::cut_short(game));
            }
        }
        (None, _) => notes.push(
            "not shrunk: no program to run the candidates in child processes (library use)"
                .to_string(),
        ),
        (_, None) => notes.push(
            "not shrunk: a hang of census or deep-check code has no child process to run it in"
                .to_string(),
        ),
    }
    let hung = Outcome::Failed {
        fault: Fault::Hang,
        message: format!("no answer after {limit:?} (watchdog)"),
    };
    let other = |reference: bool| {
        let (subject, options, text) = (subject.clone(), options.clone(), small.clone());
        within(limit, move || {
            if reference {
                game.reference(text.as_bytes(), &options)
            } else {
                subject.run(game, text.as_bytes(), &options)
            }
        })
        .unwrap_or_else(|| hung.clone())
    };
    let (mine, reference) = match side {
        Side::Subject => (hung.clone(), other(true)),
        Side::Reference => (other(false), hung.clone()),
        Side::Census | Side::Deep | Side::Checker => (other(false), other(true)),
    };
    let comparison = Comparison::new(subject.clone(), small.as_bytes(), mine, reference);
    let mut d = Disagreement::from_parts(
        game,
        small,
        comparison,
        Verdict::Fault {
            side,
            fault: Fault::Hang,
        },
        origin,
        "traces not compared: one side hangs",
    );
    d.notes = notes;
    d
}
