//! `boardfuzz shrink`: a failing file of the user's own shrunk, in either of two modes — a test
//! program's verdict (`--test`, C-Reduce's convention) or `stress`'s (`--brute` and
//! `--solution`, with its checkers and validator). Flag parsing and printing only: the shrink is
//! [`crate::harness::shrink::file`].

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Args;

use crate::harness::run::progress::{Meter, Show};
use crate::harness::shrink::file::{self as shrink, Reduced, Stop, TestCommand, VerdictTest};
use crate::harness::{
    keep::corpus, programs::process, run::campaign::Budget, run::interrupt, Subject,
};

use super::programs::{ready, ToolchainArgs};
use super::{parse_duration, parse_memory, parse_size, CheckerArgs, CliResult, Usage};
use crate::guard::lock;

#[derive(Args, Debug)]
pub struct ShrinkArgs {
    /// The failing file (left as it is).
    case: PathBuf,
    /// The test: a program run once per candidate, with the candidate in a file whose path is
    /// its last argument (or goes where the command says `{path}`) and on its stdin; exit code
    /// 0 means "still interesting". A command or a source file, as in `stress`.
    #[arg(
        long,
        value_name = "CMD",
        conflicts_with_all = [
            "reference", "solution", "validator", "checker", "abs_error", "rel_error",
            "checker_timeout", "solution_timeout", "reference_timeout", "validator_timeout",
        ]
    )]
    test: Option<String>,
    /// Time limit per run of --test (over it: not interesting).
    #[arg(long, value_parser = parse_duration, default_value = "10s", value_name = "DURATION")]
    test_timeout: Duration,
    /// The trusted brute force: it must answer every candidate kept.
    #[arg(long, short = 'r', visible_alias = "brute", value_name = "PROGRAM")]
    reference: Option<String>,
    /// The solution whose verdict on CASE (wrong answer, runtime error, time limit, output
    /// limit, memory limit, undefined behaviour) every candidate kept must have too.
    #[arg(long, short = 's', value_name = "PROGRAM")]
    solution: Option<String>,
    /// A validator: reads an input on stdin, exits 0 if it is valid; no candidate it refuses
    /// is kept.
    #[arg(long, value_name = "PROGRAM")]
    validator: Option<String>,
    #[command(flatten)]
    checker: CheckerArgs,
    /// CPU-time limit per run of the solution (user + system of its whole process group, as
    /// judges charge it; over it: a "time limit" verdict). A run that sleeps or blocks is
    /// stopped at a wall-clock cap of 3x the limit, and at least the limit + 2s.
    #[arg(long, value_parser = parse_duration, default_value = "10s", value_name = "DURATION")]
    solution_timeout: Duration,
    /// Memory limit per run of the solution, in bytes (K, M and G suffixes allowed; 0 for
    /// none): the resident memory of its whole process group, sampled as it runs and its peak
    /// read at exit. Over it: a "memory limit" verdict. Resident, not address space, so that
    /// --sanitize builds and the JVM (which reserve far more than they touch) run.
    #[arg(long, value_parser = parse_memory, default_value = "1G", value_name = "BYTES")]
    memory_limit: u64,
    /// Time limit per run of the brute force (over it on a candidate: not kept; on CASE: an
    /// error).
    #[arg(long, value_parser = parse_duration, default_value = "10s", value_name = "DURATION")]
    reference_timeout: Duration,
    /// Time limit per run of the validator.
    #[arg(long, value_parser = parse_duration, default_value = "10s", value_name = "DURATION")]
    validator_timeout: Duration,
    /// Output cap per run of each program, in bytes (K and M suffixes allowed).
    #[arg(long, value_parser = parse_size, default_value = "8M", value_name = "BYTES")]
    output_limit: usize,
    /// Wall-clock budget (e.g. 30s, 20m): the shrink ends with the smallest case so far (a
    /// big case's may go on long after its last cut).
    #[arg(long, value_parser = parse_duration, default_value = "5m", value_name = "DURATION")]
    time: Duration,
    /// Where the result goes (default: DIR/NAME.min.EXT beside DIR/NAME.EXT). It is rewritten
    /// each time a smaller case is found.
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    /// No progress line.
    #[arg(long, short = 'q')]
    quiet: bool,
    #[command(flatten)]
    toolchain: ToolchainArgs,
}

/// What decides whether a candidate is kept.
enum Mode {
    Test(TestCommand),
    Verdict(VerdictTest),
}

/// Stands for `{path}` while a test line is prepared (braces are shell syntax to the toolchain).
const PATH_MARK: &str = "BOARDFUZZ_PATH_PLACEHOLDER";

fn mode(args: &ShrinkArgs, file_name: &str) -> Result<Mode, Usage> {
    let tools = args.toolchain.toolchain()?;
    let limits = |timeout| process::Limits {
        timeout,
        output_cap: args.output_limit,
    };
    match (&args.test, &args.reference, &args.solution) {
        (Some(test), ..) => {
            let prepared = tools
                .prepare(&test.replace("{path}", PATH_MARK))
                .map_err(|e| Usage(format!("the test: {e}")))?;
            process::check_startable(&prepared.command)
                .map_err(|e| Usage(format!("the test `{test}` cannot be run: {e}")))?;
            if let (true, Some(source)) = (prepared.compiled, &prepared.source) {
                eprintln!("prepared {} (the test)", source.display());
            }
            Ok(Mode::Test(TestCommand {
                line: prepared.command.replace(PATH_MARK, "{path}"),
                limits: limits(args.test_timeout),
                file_name: file_name.to_string(),
            }))
        }
        (None, Some(brute), Some(solution)) => {
            let reference = ready(&tools, "brute force", brute)?.command;
            let solution =
                ready(&args.toolchain.for_solution(&tools), "solution", solution)?.command;
            let validator = match &args.validator {
                Some(v) => Some(ready(&tools, "validator", v)?.command),
                None => None,
            };
            let checker = args.checker.checker(&tools)?;
            let subject = Subject::Solution {
                command: solution,
                timeout: args.solution_timeout,
                output_cap: args.output_limit,
                memory: args.memory_limit,
                checker,
                interactor: None,
            };
            Ok(Mode::Verdict(VerdictTest::new(
                reference,
                validator,
                limits(args.reference_timeout),
                limits(args.validator_timeout),
                subject,
                args.checker.checker_timeout,
            )))
        }
        (None, Some(_), None) => Err(Usage("--brute needs a --solution to judge".into())),
        (None, None, Some(_)) => Err(Usage("--solution needs a --brute to judge it by".into())),
        (None, None, None) => Err(Usage(
            "say what keeps a candidate: --test CMD (exit 0: still interesting), or --brute B \
             --solution S (the solution's verdict on the case)"
                .into(),
        )),
    }
}

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
                (j.reduced, Some((j.comparison, kept)))
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
    if let Some((_, kept)) = &comparison {
        outln!("verdict: {kept}");
    }
    summary(&args, &original, &reduced, took, &output);
    if let Some((c, _)) = comparison {
        if let Some(why) = c.checker_message() {
            outln!("note: checker: {why}");
        }
        let (heading, body) = crate::harness::write::disagreement::answer_section(&c, true, true);
        outln!("{heading}");
        styled!("{body}");
    }
    Ok(match reduced.stopped {
        Some(Stop::Interrupted) => ExitCode::from(130),
        _ => ExitCode::SUCCESS,
    })
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
