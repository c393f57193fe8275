//! What a `stress` run prints on stdout when it is over: the count of cases and their rate, the
//! notes, a user's error (a generator, brute force or checker program at fault) with its input,
//! or the finding; then the last line and the exit code.

use std::process::ExitCode;

use crate::game::Outcome;
use crate::harness::run::campaign::{self, GameRun, Shard};
use crate::harness::{Side, Subject, Verdict};

/// The programs of a run, as the user named them.
pub(super) struct Roles<'a> {
    /// The brute force's command line.
    pub(super) reference: &'a str,
    /// The interactor, of an interactive problem: it judges in the checker's place.
    pub(super) interactor: Option<&'a str>,
    /// The flag the user gave it under (`--brute`, `--reference` or `-r`).
    pub(super) brute_flag: &'a str,
    /// The checker (`lines`, `tokens`, `float` or a program).
    pub(super) checker: &'a str,
    /// Whether a validator was given.
    pub(super) validator: bool,
}

/// Prints the summary of a `stress` run (`runs`: its one run, or none if it was interrupted
/// before a case ran) and says its exit code: 0, 1 (a finding or a report not written), 2 (the
/// user's programs at fault) or 130 (interrupted).
pub(super) fn stress_summary(
    runs: &[GameRun],
    roles: &Roles,
    subject: &Subject,
    seed: u64,
    shard: Shard,
    interrupted: bool,
    mut failed: bool,
) -> ExitCode {
    let shard_words = if shard.is_whole() {
        String::new()
    } else {
        format!(", shard {shard}")
    };
    let Some(run) = runs.first() else {
        outln!("\nINTERRUPTED: no case was run");
        return ExitCode::from(130);
    };
    let refused = if roles.validator {
        format!(" ({} refused by the validator)", run.rejected)
    } else {
        String::new()
    };
    // The rate is over the time spent running cases, a finding's shrink apart.
    let (rate, shrinking) = crate::harness::write::report::rate_words(run, "s");
    let shrinking = shrinking
        .map(|words| format!("; {words}"))
        .unwrap_or_default();
    outln!(
        "\n== {}: {} cases{refused} in {:.2}s ({rate}{shrinking}), seed {seed}{shard_words}{}",
        run.slug,
        run.cases,
        run.elapsed.as_secs_f64(),
        if run.interrupted {
            " (interrupted)"
        } else {
            ""
        }
    );
    for note in &run.notes {
        outln!("note: {note}");
    }
    let mut user_error = false;
    if let Some(e) = &run.error {
        outln!(
            "error: {e}\n(the generator is yours to fix: nothing was saved; rerun it alone with \
             the command above)"
        );
        user_error = true;
    }
    if run.disagreement.is_none() && campaign::tests_nothing(run.cases, run.rejected) {
        outln!(
            "error: the validator refused {} of {} generated inputs (first: {}), so nothing was \
             tested: fix the generator, or the validator",
            run.rejected,
            run.cases,
            run.first_rejection.as_deref().unwrap_or("?")
        );
        user_error = true;
    } else if run.rejected as f64 > run.cases as f64 * campaign::REJECTED_WARNING {
        outln!(
            "warning: the validator refused {} of {} generated inputs (first: {})",
            run.rejected,
            run.cases,
            run.first_rejection.as_deref().unwrap_or("?")
        );
    }
    let mut findings = 0;
    // One finding, or of a merged run every shard's.
    for (_, d) in crate::harness::write::report::findings_of(run) {
        match d.verdict {
            Verdict::Fault {
                side: side @ (Side::Reference | Side::Checker),
                ..
            } => {
                let (role, command, message) = match (side, roles.interactor) {
                    (Side::Reference, _) => {
                        (roles.brute_flag, roles.reference, &d.comparison.reference)
                    }
                    (_, Some(interactor)) => ("--interactor", interactor, &d.comparison.mine),
                    _ => ("--checker", roles.checker, &d.comparison.mine),
                };
                let why = match (side, message) {
                    (Side::Reference, Outcome::Failed { fault, message }) => {
                        format!("{fault}: {message}")
                    }
                    _ => d
                        .comparison
                        .checker_message()
                        .unwrap_or("no verdict")
                        .to_string(),
                };
                outln!(
                    "\nerror: {role} `{command}` failed on {}:\n  {why}\n--- the input ---",
                    d.origin
                );
                out!("{}", d.input);
                if !d.input.ends_with('\n') {
                    outln!();
                }
                outln!(
                    "The program of {role} is trusted: its verdicts are what the solution is judged by, so \
                     this is yours to fix (nothing was saved). Run it on the input above alone \
                     to see why{}.",
                    if side == Side::Reference && !roles.validator {
                        ", or give a --validator if the input is one it need not answer"
                    } else {
                        ""
                    }
                );
                user_error = true;
            }
            _ => {
                outln!();
                styled!("{}", super::common::finding_on_screen(d));
                findings += 1;
                failed = true;
            }
        }
    }
    let verdict = if interrupted {
        "INTERRUPTED"
    } else if failed {
        "FAILED"
    } else if user_error {
        "ERROR"
    } else {
        "ok"
    };
    outln!(
        "\n{verdict}: {} case(s), {findings} finding(s){}",
        run.cases,
        match &run.disagreement {
            Some(d) if findings > 0 => format!(" ({})", d.verdict.describe(subject)),
            _ => String::new(),
        }
    );
    if interrupted {
        ExitCode::from(130)
    } else if failed {
        ExitCode::FAILURE
    } else if user_error {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}
