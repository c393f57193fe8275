//! `boardfuzz shrink`: a failing file of the user's own shrunk, in either of two modes — a test
//! program's verdict (`--test`, C-Reduce's convention) or `stress`'s (`--brute` and
//! `--solution`, with its checkers and validator). Flag parsing and printing only: the shrink is
//! [`crate::harness::shrink::file`].

use std::path::Path;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::game::Outcome;
use crate::harness::run::progress::{Meter, Show};
use crate::harness::shrink::file::{self as shrink, Reduced, Stop};
use crate::harness::{keep::corpus, run::campaign::Budget, run::interrupt};

use super::shrink_mode::{mode, Mode, ShrinkArgs};
use super::{CliResult, Usage};
use crate::guard::lock;

pub fn run(args: ShrinkArgs) -> CliResult {
    let case_name = args.case.display().to_string();
    let bytes =
        std::fs::read(&args.case).map_err(|e| Usage(format!("cannot read {case_name}: {e}")))?;
    let original =
        String::from_utf8(bytes).map_err(|_| Usage(format!("{case_name} is not UTF-8 text")))?;
    let file_name = args
        .case
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| Usage(format!("{case_name} is not a file")))?;
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| shrink::min_path(&args.case));
    let canonical = |p: &Path| std::fs::canonicalize(p).ok();
    if canonical(&output).is_some() && canonical(&output) == canonical(&args.case) {
        return Err(Usage(format!(
            "--output {} is the case itself, which is left as it is",
            output.display()
        )));
    }
    let mode = mode(&args, &file_name)?;
    args.limits.apply_stack()?;
    interrupt::install().map_err(Usage)?;
    let show = match Show::for_stderr(args.quiet) {
        Show::Bars => Show::Bars,
        _ => Show::Quiet,
    };
    let mut meter = Meter::new("shrink", Budget::Cases(1), show);
    // Only the shrink's spinner: no bar of cases for the one case there is.
    meter.finish();
    // Taken out at the end: a worker left behind at a stop finds no display to update.
    let spin = Arc::new(Mutex::new(Some(meter.shrinking(
        &mut std::io::stderr(),
        &file_name,
        &original,
    ))));
    // Each smaller case is written as soon as it is found: a second Ctrl-C loses nothing.
    let write_error: Arc<Mutex<Option<String>>> = Arc::default();
    let on_try = {
        let (spin, write_error, output) =
            (Arc::clone(&spin), Arc::clone(&write_error), output.clone());
        Box::new(move |best: &str, kept: bool, runs: u64| {
            if let Some(spin) = lock(&spin).as_mut() {
                spin.update(&mut std::io::stderr(), best, runs);
            }
            if kept {
                if let Err(e) = corpus::atomic_write(&output, best.as_bytes()) {
                    lock(&write_error)
                        .get_or_insert(format!("cannot write {}: {e}", output.display()));
                }
            }
        })
    };
    let started = Instant::now();
    let deadline = Some(started + args.time);
    let result = match &mode {
        Mode::Test(test) => shrink::shrink_by_test(test, &case_name, &original, deadline, on_try)
            .map(|reduced| (reduced, None)),
        Mode::Verdict(test) => {
            shrink::shrink_by_verdict(test, &case_name, &original, deadline, on_try).map(|j| {
                let kept = format!(
                    "{} (kept from {case_name})",
                    j.verdict.describe(&test.subject)
                );
                (j.reduced, Some((j.comparison, kept, j.notes)))
            })
        }
    };
    let took = started.elapsed();
    if let Some(spin) = lock(&spin).take() {
        spin.finish(&mut std::io::stderr(), "shrink", "", false);
    }
    let (reduced, comparison) = match result {
        Ok(done) => done,
        Err(_) if interrupt::requested() => {
            outln!("interrupted before {case_name} was tested: nothing written");
            return Ok(ExitCode::from(130));
        }
        Err(why) => return Err(Usage(why)),
    };
    corpus::atomic_write(&output, reduced.input.as_bytes())
        .map_err(|e| Usage(format!("cannot write {}: {e}", output.display())))?;
    if let Some(e) = lock(&write_error).take() {
        eprintln!("warning: {e}");
    }
    if let Some((_, kept, notes)) = &comparison {
        outln!("verdict: {kept}");
        for note in notes {
            outln!("note: {note}");
        }
    }
    summary(&args, &original, &reduced, took, &output);
    if let Some((c, _, _)) = comparison {
        if let Some(why) = c.checker_message() {
            outln!("note: checker: {why}");
        }
        answers(&output, &c, args.reference.is_some());
        let (heading, body) = crate::harness::write::disagreement::answer_section(&c, true, true);
        outln!("{heading}");
        styled!("{body}");
    }
    Ok(match reduced.stopped {
        Some(Stop::Interrupted) => ExitCode::from(130),
        _ => ExitCode::SUCCESS,
    })
}

/// Beside the result `output`: the brute force's answer (NAME.min.out, if there is a brute
/// force and it answered: `boardfuzz judge` reads it) and the solution's (NAME.min.got), named
/// on the last line.
fn answers(output: &Path, comparison: &crate::harness::Comparison, brute: bool) {
    let out = output.with_extension("out");
    if let (true, Outcome::Output(text)) = (brute && out != output, &comparison.reference) {
        if let Err(e) = corpus::atomic_write(&out, text.as_bytes()) {
            eprintln!("warning: cannot write {}: {e}", out.display());
        }
    }
    if let Some((expected, got)) = corpus::save_answers(output, comparison) {
        let (expected, got) = (expected.display(), got.display());
        outln!("answers: {expected} (expected), {got} (got)");
    }
}

/// The closing lines: why it stopped, the timeouts, the sizes and runs, the path written.
fn summary(args: &ShrinkArgs, original: &str, reduced: &Reduced, took: Duration, output: &Path) {
    if let Some(note) = &reduced.cut_short {
        outln!("note: {note}");
    }
    match reduced.stopped {
        Some(Stop::Budget) => outln!(
            "the time budget ({:?}) ran out: this is the smallest case so far",
            args.time
        ),
        Some(Stop::Interrupted) => outln!("interrupted: this is the smallest case so far"),
        None => {}
    }
    if reduced.timed_out > 0 {
        outln!(
            "{} test run(s) timed out (--test-timeout {:?}), counted as not interesting",
            reduced.timed_out,
            args.test_timeout
        );
    }
    let runs = reduced.runs;
    if reduced.input != original {
        let (from, to) = (shrink::sizes(original), shrink::sizes(&reduced.input));
        if from == to {
            let case = args.case.display();
            outln!("note: as many lines, tokens and bytes as {case}, but smaller: earlier in byte order (numbers lowered, letters made smaller)");
        }
        let took = took.as_secs_f64();
        outln!("shrunk from {from} to {to} in {runs} test runs, {took:.2} s");
    } else {
        outln!("no smaller case found in {runs} test runs");
    }
    outln!("{}", output.display());
}
