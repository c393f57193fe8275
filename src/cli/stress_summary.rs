//! What a `stress` run prints: the line it starts with on stderr ([`announce`]), and on stdout
//! when it is over the count of cases and their rate, the notes, a user's error (a brute force
//! or checker program at fault) with its input, or the finding; then the last line and the exit
//! code. A generator's error goes to stderr.

use std::process::ExitCode;

use crate::game::{DynGame, Outcome};
use crate::harness::keep::corpus;
use crate::harness::programs::checker::Checker;
use crate::harness::run::campaign::{self, Budget, GameRun, Shard};
use crate::harness::run::stress::Stress;
use crate::harness::write::report::Programs;
use crate::harness::{Side, Verdict};

use super::stress::StressArgs;

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

/// Prints the summary of a `stress` run (`runs`: a run per solution, or none if it was
/// interrupted before a case ran) and says its exit code: 0, 1 (a finding or a report not
/// written), 2 (the user's programs at fault) or 130 (interrupted). Of several solutions, each
/// run's counts and findings, then a row per solution.
pub(super) fn stress_summary(
    runs: &[GameRun],
    roles: &Roles,
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
    if runs.is_empty() {
        outln!("\nINTERRUPTED: no case was run");
        return ExitCode::from(130);
    }
    let mut user_error = false;
    // What the runs share (the generator's error, the validator's refusals) is said once.
    let mut said: Vec<String> = Vec::new();
    // Per run, its finding's verdict (`None`: it had none); the findings of the solutions.
    let mut verdicts: Vec<Option<String>> = Vec::new();
    let mut findings = 0;
    for run in runs {
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
        if let Some(e) = run.error.as_ref().filter(|e| !said.contains(e)) {
            said.push(e.clone());
            // On stderr, as every other error of the setup (the probe's, a compile error).
            eprintln!(
                "error: {e}\n(the generator is yours to fix: nothing was saved; rerun it alone \
                 with the command above)"
            );
            user_error = true;
        }
        let first = run.first_rejection.as_deref().unwrap_or("?");
        if run.disagreement.is_none() && campaign::tests_nothing(run.cases, run.rejected) {
            let words = format!(
                "error: the validator refused {} of {} generated inputs (first: {first}), so \
                 nothing was tested: fix the generator, or the validator",
                run.rejected, run.cases
            );
            if !said.contains(&words) {
                outln!("{words}");
                said.push(words);
            }
            user_error = true;
        } else if run.rejected as f64 > run.cases as f64 * campaign::REJECTED_WARNING {
            let words = format!(
                "warning: the validator refused {} of {} generated inputs (first: {first})",
                run.rejected, run.cases
            );
            if !said.contains(&words) {
                outln!("{words}");
                said.push(words);
            }
        }
        let mut verdict = None;
        // One finding, or of a merged run every shard's.
        for (_, d) in crate::harness::write::report::findings_of(run) {
            match d.verdict {
                Verdict::Fault {
                    side: side @ (Side::Reference | Side::Checker),
                    ..
                } => {
                    trusted_failed(d, side, roles);
                    user_error = true;
                }
                _ => {
                    outln!();
                    styled!("{}", super::common::finding_on_screen(d));
                    verdict.get_or_insert_with(|| d.verdict.describe(&d.comparison.subject));
                    findings += 1;
                    failed = true;
                }
            }
        }
        verdicts.push(verdict);
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
    let cases = runs.iter().map(|r| r.cases).max().unwrap_or(0);
    if let [_] = runs {
        outln!(
            "\n{verdict}: {cases} case(s), {findings} finding(s){}",
            match &verdicts[0] {
                Some(v) if findings > 0 => format!(" ({v})"),
                _ => String::new(),
            }
        );
    } else {
        outln!("\n{}", super::summary::solution_rows(runs, &verdicts));
        outln!(
            "{verdict}: {cases} case(s), {} solutions, {findings} finding(s)",
            runs.len()
        );
    }
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

/// Prints the failure of a trusted program — the brute force, the interactor or a checker
/// program — on a finding's input: the user's to fix, nothing saved.
fn trusted_failed(d: &crate::harness::Disagreement, side: Side, roles: &Roles) {
    let (role, command, message) = match (side, roles.interactor) {
        (Side::Reference, _) => (roles.brute_flag, roles.reference, &d.comparison.reference),
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
         this is yours to fix (nothing was saved). Run it on the input above alone to see \
         why{}.",
        if side == Side::Reference && !roles.validator {
            ", or give a --validator if the input is one it need not answer"
        } else {
            ""
        }
    );
}

/// The line a `stress` run starts with, on stderr: the programs as the user named them, what
/// judges, the budget, the jobs, the seed, the shard and where findings are saved.
pub(super) fn announce(args: &StressArgs, checker: &Checker, stress: &Stress) {
    let Stress {
        problem,
        budget,
        seed,
        shard,
        corpus,
        jobs,
        ..
    } = stress;
    let game: &dyn DynGame = *problem;
    let solutions: Vec<String> = args.solution.iter().map(|s| format!("`{s}`")).collect();
    eprintln!(
        "{} stress: {} {} against {}, inputs from `{}`{}, judged by {}, {}, {jobs} \
         job(s), seed {seed}{}{}{}",
        crate::harness::program(),
        if solutions.len() == 1 {
            "solution"
        } else {
            "solutions"
        },
        solutions.join(", "),
        match (&args.interactor, &args.reference) {
            (Some(i), Some(r)) => format!("brute force `{r}`, both talking to interactor `{i}`"),
            (Some(i), None) => format!("interactor `{i}`"),
            (None, Some(r)) => format!("brute force `{r}`"),
            (None, None) => "nothing".into(),
        },
        args.gen,
        match &args.validator {
            Some(v) => format!(" checked by `{v}`"),
            None => String::new(),
        },
        match (&args.interactor, &args.reference) {
            (Some(_), Some(_)) =>
                format!("the interactor, then its OUTPUTs by {}", checker.describe()),
            (Some(_), None) => "the interactor".into(),
            (None, _) => checker.describe(),
        },
        match budget {
            Budget::Cases(n) => format!("{n} cases"),
            Budget::Time(t) => format!("{t:?} (shrinking included)"),
        },
        if shard.is_whole() {
            String::new()
        } else {
            format!(", shard {shard}")
        },
        match (corpus, &stress.entrants[..]) {
            (Some(dir), [one]) => format!(
                ", findings saved in {}",
                corpus::dir(dir, one.run_name(game)).display()
            ),
            (Some(dir), _) => format!(
                ", findings saved in {} by solution",
                corpus::dir(dir, "<solution>").display()
            ),
            (None, _) => String::new(),
        },
        super::programs::starts(args, checker, stress)
    );
}

/// The run's programs as the reports give them (`programs` of a `stress` report).
pub(super) fn programs(args: &StressArgs, checker: &Checker) -> Programs {
    Programs {
        generator: args.gen.clone(),
        brute_force: args.reference.clone(),
        interactor: args.interactor.clone(),
        solutions: args.solution.clone(),
        validator: args.validator.clone(),
        checker: checker.clone(),
    }
}
