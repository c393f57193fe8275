//! `boardfuzz shrink`'s flags and what they make of a candidate's test: a test program
//! (`--test`) or a solution's verdict (`--solution` with `--brute`, an `--interactor`, or both),
//! as `stress` judges it. The run and its printing are `cli/shrink.rs`.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use crate::harness::programs::subject::Interactor;
use crate::harness::shrink::file::{TestCommand, VerdictTest};
use crate::harness::{programs::process, Subject};

use super::limits::{LimitArgs, MarginArgs};
use super::programs::{ready, ready_given, ToolchainArgs};
use super::{parse_duration, CheckerArgs, Usage};

#[derive(Args, Debug)]
pub struct ShrinkArgs {
    /// The failing file (left as it is).
    pub(super) case: PathBuf,
    /// The test: a program run once per candidate, with the candidate in a file whose path is
    /// its last argument (or goes where the command says `{path}`) and on its stdin; exit code
    /// 0 means "still interesting". A command or a source file, as in `stress`.
    #[arg(
        long,
        value_name = "CMD",
        conflicts_with_all = [
            "reference", "solution", "validator", "checker", "abs_error", "rel_error",
            "checker_timeout", "solution_timeout", "reference_timeout", "validator_timeout",
            "memory_limit", "interactor", "idle_limit", "time_margin", "memory_margin",
        ]
    )]
    pub(super) test: Option<String>,
    /// Time limit per run of --test (over it: not interesting).
    #[arg(long, value_parser = parse_duration, default_value = "10s", value_name = "DURATION")]
    pub(super) test_timeout: Duration,
    /// The trusted brute force: it must answer every candidate kept. Its answer to the result
    /// is written beside it (NAME.min.out), for `boardfuzz judge`.
    #[arg(long, short = 'r', visible_alias = "brute", value_name = "PROGRAM")]
    pub(super) reference: Option<String>,
    /// The solution whose verdict on CASE (wrong answer, runtime error, time limit, output
    /// limit, memory limit, idleness limit, undefined behaviour) every candidate kept must have
    /// too.
    #[arg(long, short = 's', value_name = "PROGRAM")]
    pub(super) solution: Option<String>,
    /// An interactive problem's interactor (testlib's convention, as `stress --interactor`
    /// runs it): CASE is the interactor's input, and every candidate kept must give the
    /// solution the same verdict in its dialogue. With --brute too, the brute force plays the
    /// same dialogue and the interactor's OUTPUTs are compared; without, the interactor alone
    /// judges.
    #[arg(long, value_name = "PROGRAM")]
    pub(super) interactor: Option<String>,
    /// With --interactor: how long both programs may wait on each other before the run ends
    /// with an idleness limit.
    #[arg(long, value_parser = parse_duration, default_value = "2s", value_name = "DURATION", requires = "interactor")]
    pub(super) idle_limit: Duration,
    /// A validator: reads an input on stdin, exits 0 if it is valid; no candidate it refuses
    /// is kept.
    #[arg(long, value_name = "PROGRAM")]
    pub(super) validator: Option<String>,
    #[command(flatten)]
    pub(super) checker: CheckerArgs,
    #[command(flatten)]
    pub(super) limits: LimitArgs,
    #[command(flatten)]
    pub(super) margins: MarginArgs,
    /// Time limit per run of the brute force (over it on a candidate: not kept; on CASE: an
    /// error).
    #[arg(long, value_parser = parse_duration, default_value = "10s", value_name = "DURATION")]
    pub(super) reference_timeout: Duration,
    /// Time limit per run of the validator.
    #[arg(long, value_parser = parse_duration, default_value = "10s", value_name = "DURATION")]
    pub(super) validator_timeout: Duration,
    /// Wall-clock budget (e.g. 30s, 20m): the shrink ends with the smallest case so far (a
    /// big case's may go on long after its last cut).
    #[arg(long, value_parser = parse_duration, default_value = "5m", value_name = "DURATION")]
    pub(super) time: Duration,
    /// Where the result goes (default: DIR/NAME.min.EXT beside DIR/NAME.EXT). It is rewritten
    /// each time a smaller case is found.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub(super) output: Option<PathBuf>,
    /// No progress line.
    #[arg(long, short = 'q')]
    pub(super) quiet: bool,
    #[command(flatten)]
    pub(super) toolchain: ToolchainArgs,
}

/// What decides whether a candidate is kept.
pub(super) enum Mode {
    Test(TestCommand),
    Verdict(VerdictTest),
}

/// Stands for `{path}` while a test line is prepared (braces are shell syntax to the toolchain).
const PATH_MARK: &str = "BOARDFUZZ_PATH_PLACEHOLDER";

pub(super) fn mode(args: &ShrinkArgs, file_name: &str) -> Result<Mode, Usage> {
    let tools = args.toolchain.toolchain()?;
    let limits = |timeout| process::Limits {
        timeout,
        output_cap: args.limits.output_limit,
    };
    let judged = args.reference.is_some() || args.interactor.is_some();
    match (&args.test, judged, &args.solution) {
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
        (None, true, Some(solution)) => {
            let reference = ready_given(&tools, "brute force", args.reference.as_deref())?;
            let interactor = ready_given(&tools, "interactor", args.interactor.as_deref())?;
            let interactor = interactor.map(|command| Interactor {
                command,
                idle: args.idle_limit,
                against_brute: reference.is_some(),
            });
            if interactor.is_some()
                && reference.is_none()
                && args.checker.checker != CheckerArgs::default().checker
            {
                let why = "--checker with --interactor needs --brute (it compares the \
                           interactor's OUTPUTs)";
                return Err(Usage(why.into()));
            }
            let solution =
                ready(&args.toolchain.for_solution(&tools), "solution", solution)?.command;
            let validator = ready_given(&tools, "validator", args.validator.as_deref())?;
            let checker = args.checker.checker(&tools)?;
            let subject = Subject::Solution {
                command: solution,
                timeout: args.limits.solution_timeout,
                output_cap: args.limits.output_limit,
                memory: args.limits.memory_limit,
                checker,
                interactor,
            };
            let mut test = VerdictTest::new(
                reference,
                validator,
                limits(args.reference_timeout),
                limits(args.validator_timeout),
                subject,
                args.checker.checker_timeout,
            );
            test.margins = args.margins.margins();
            Ok(Mode::Verdict(test))
        }
        (None, true, None) => {
            let flag = match args.reference {
                Some(_) => "--brute",
                None => "--interactor",
            };
            Err(Usage(format!("{flag} needs a --solution to judge")))
        }
        (None, false, Some(_)) => Err(Usage(
            "--solution needs a --brute to judge it by (or the --interactor of an interactive \
             problem)"
                .into(),
        )),
        (None, false, None) => Err(Usage(
            "say what keeps a candidate: --test CMD (exit 0: still interesting), or --brute B \
             --solution S (the solution's verdict on the case; --interactor I for an \
             interactive problem)"
                .into(),
        )),
    }
}
