//! The flags several subcommands share, declared once and flattened into each
//! (`#[command(flatten)]`): the input limit, a campaign's run, an external solution, its
//! checker; and the parsers
//! of sizes and durations.

use std::time::Duration;

use clap::Args;

use crate::harness::case::input;
use crate::harness::programs::checker::Checker;
use crate::harness::programs::{process, toolchain};
use crate::harness::run::campaign::{Budget, Shard};
use crate::harness::Subject;

use super::Usage;

/// The input limit of the subcommands that read judge text.
#[derive(Args, Debug, Clone, Copy)]
pub(super) struct InputLimit {
    /// The most bytes of judge text read from a file, stdin or a corpus file (64 MiB by default;
    /// K, M and G suffixes allowed). A longer input is refused with one line and exit 2, without
    /// reading the rest of it.
    #[arg(
        long = input::MAX_INPUT_FLAG,
        value_parser = parse_size,
        default_value_t = input::DEFAULT_MAX_INPUT,
        value_name = "BYTES"
    )]
    pub(super) max_input: usize,
}

/// Checking an external solution instead of the engine.
#[derive(Args, Debug, Default, Clone)]
pub(super) struct SolutionArgs {
    /// Check this command instead of the engine: any program that reads judge input on stdin and
    /// writes the answer on stdout, e.g. `--solution "python3 sol.py"`. It is compared like a
    /// judge compares (trailing whitespace ignored), on valid inputs only. A command of plain
    /// words (quotes and backslashes allowed) is started directly, as a shell loop would start
    /// it; one with shell syntax ($, `, |, &, ;, <, >, (, ), globs, ~, {, }, #, a leading
    /// NAME=value) or starting with a shell builtin runs through `sh -c`. A source file
    /// (`sol.cpp`, `Main.java`, `sol.py`) is compiled once, cached, as `stress` compiles it.
    /// `check` takes several (`--solution a.cpp b.py`, or `--solution sol*.cpp` as the shell
    /// expands it): each case is judged for every one against one run of the reference, each
    /// one's first failure is its own finding, saved in `<findings>/<game>/<name>/`, and the
    /// summary has a row per solution; a word after them that names a game (and no file) is the
    /// game.
    #[arg(long, value_name = "COMMAND", num_args = 1.., action = clap::ArgAction::Append)]
    pub(super) solution: Vec<String>,
    #[command(flatten)]
    pub(super) limits: super::limits::LimitArgs,
    /// Watchdog floor for in-process code (engine, reference, census): a call that runs longer
    /// than this plus 100x the other side's time on the same case is reported as a hang.
    #[arg(long, value_parser = parse_duration, default_value = "10s", value_name = "DURATION")]
    pub(super) watchdog: Duration,
    #[command(flatten)]
    pub(super) checker: CheckerArgs,
    #[command(flatten)]
    pub(super) toolchain: super::programs::ToolchainArgs,
}

/// The flags of a campaign, `check`'s and `stress`'s alike: how many cases, which, on how many
/// threads, and what is shown and written. Texts that differ (the default of --cases) are set
/// per command with `mut_arg`.
#[derive(Args, Debug, Clone)]
pub(super) struct RunArgs {
    /// Number of cases.
    #[arg(long, conflicts_with = "time")]
    pub(super) cases: Option<u64>,
    /// Wall-clock budget for the whole run, shrinking included (e.g. 30s, 5m, 1h, 500ms); shared
    /// among the games of a `check` of several.
    #[arg(long, value_parser = parse_duration)]
    pub(super) time: Option<Duration>,
    /// Seed of the run (default: from the clock; always printed). Case i is generated from it
    /// and i alone.
    #[arg(long)]
    pub(super) seed: Option<u64>,
    /// Run only shard K of N (0 <= K < N): the cases whose index is K mod N. The N shards of one
    /// seed together run exactly the cases of one whole run, whatever each one's --jobs; with
    /// --time each shard has the whole budget. `boardfuzz merge` makes one report of their
    /// JSON reports.
    #[arg(long, value_name = "K/N", value_parser = Shard::parse)]
    pub(super) shard: Option<Shard>,
    /// Worker threads (default: every core). Case i is generated from the run seed and i alone,
    /// so the cases covered do not depend on the number of jobs.
    #[arg(long, short = 'j', value_name = "N")]
    pub(super) jobs: Option<usize>,
    /// No progress display (the summary and any finding are still printed).
    #[arg(long, short = 'q')]
    pub(super) quiet: bool,
    /// Also write a report: `--report json FILE` (one JSON object), `--report junit FILE`
    /// (JUnit XML: findings as failed test cases) or `--report html FILE` (one self-contained
    /// page, every finding in it). May be given more than once; docs/reports.md shows each.
    #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"], action = clap::ArgAction::Append)]
    pub(super) report: Vec<String>,
    #[command(flatten)]
    pub(super) margins: super::limits::MarginArgs,
}

impl RunArgs {
    /// The worker threads: --jobs, or every core.
    pub(super) fn jobs(&self) -> Result<usize, Usage> {
        match self.jobs {
            Some(0) => Err(Usage("--jobs must be at least 1".into())),
            Some(n) => Ok(n),
            None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
        }
    }

    /// The budget: --cases, --time, or `default` cases.
    pub(super) fn budget(&self, default: u64) -> Budget {
        match (self.cases, self.time) {
            (Some(n), _) => Budget::Cases(n),
            (None, Some(t)) => Budget::Time(t),
            (None, None) => Budget::Cases(default),
        }
    }

    /// The shard run (the whole run without --shard).
    pub(super) fn shard(&self) -> Shard {
        self.shard.unwrap_or(Shard::WHOLE)
    }
}

/// How an external program's answer is judged against the expected one.
#[derive(Args, Debug, Clone)]
pub(super) struct CheckerArgs {
    /// How answers are compared: `lines` (the default: line by line, trailing whitespace
    /// ignored, as judges compare), `tokens` (whitespace-separated tokens, spacing and line
    /// breaks ignored), `float` (tokens; numbers equal within --abs-error or --rel-error), or a
    /// checker program in testlib's convention, run as `CHECKER INPUT OUTPUT ANSWER` (three
    /// files): exit 0 accepts, any other exit code is a wrong answer, and what it printed is
    /// shown. A checker program may be a source file, as a solution may.
    #[arg(long, default_value = "lines", value_name = "CHECKER")]
    pub(super) checker: String,
    /// With `--checker float`: the absolute error allowed.
    #[arg(long, default_value_t = crate::harness::programs::checker::DEFAULT_TOLERANCE, value_name = "X")]
    pub(super) abs_error: f64,
    /// With `--checker float`: the relative error allowed (of the expected value).
    #[arg(long, default_value_t = crate::harness::programs::checker::DEFAULT_TOLERANCE, value_name = "X")]
    pub(super) rel_error: f64,
    /// Time limit per run of a checker program (over it, the checker gave no verdict: an error,
    /// not a wrong answer).
    #[arg(long, value_parser = parse_duration, default_value = "10s", value_name = "DURATION")]
    pub(super) checker_timeout: Duration,
}

impl Default for CheckerArgs {
    fn default() -> Self {
        CheckerArgs {
            checker: "lines".into(),
            abs_error: crate::harness::programs::checker::DEFAULT_TOLERANCE,
            rel_error: crate::harness::programs::checker::DEFAULT_TOLERANCE,
            checker_timeout: Duration::from_secs(10),
        }
    }
}

impl CheckerArgs {
    /// The checker named, a checker program's command prepared as `programs` prepares any
    /// program (a source file is compiled once); its options are checked first.
    pub(super) fn checker(&self, programs: &toolchain::Toolchain) -> Result<Checker, Usage> {
        for (name, x) in [
            ("--abs-error", self.abs_error),
            ("--rel-error", self.rel_error),
        ] {
            if !(x >= 0.0 && x.is_finite()) {
                return Err(Usage(format!(
                    "{name} must be a number at least 0, not {x}"
                )));
            }
        }
        let mut checker = Checker::parse(
            &self.checker,
            self.abs_error,
            self.rel_error,
            self.checker_timeout,
        );
        if let Checker::Program { command, .. } = &mut checker {
            let prepared = programs
                .prepare(command)
                .map_err(|e| Usage(format!("--checker: {e}")))?;
            process::check_startable(&prepared.command)
                .map_err(|e| Usage(format!("--checker cannot be run: {e}")))?;
            *command = prepared.command;
        }
        Ok(checker)
    }
}

impl SolutionArgs {
    /// The subject: the engine, or the one --solution (a second is a usage error: `repro`
    /// replays a case against one); a --solution that cannot start is a usage error, before
    /// any case.
    pub(super) fn subject(&self) -> Result<Subject, Usage> {
        match &self.subjects()?[..] {
            [] => Ok(Subject::Engine),
            [one] => Ok(one.clone()),
            _ => Err(Usage(
                "one --solution at a time here (`check` judges several in one run)".into(),
            )),
        }
    }

    /// Every --solution as a subject, in the order given (none: the engine is checked); one
    /// that cannot start is a usage error, before any case.
    pub(super) fn subjects(&self) -> Result<Vec<Subject>, Usage> {
        if self.solution.is_empty() {
            return Ok(Vec::new());
        }
        self.limits.apply_stack()?;
        let tools = self.toolchain.toolchain()?;
        let checker = self.checker.checker(&tools)?;
        let solution_tools = self.toolchain.for_solution(&tools);
        self.solution
            .iter()
            .map(|line| {
                // A source file is compiled (once, cached) as `stress` and `judge` do.
                let prepared = super::programs::ready(&solution_tools, "--solution", line)?;
                Ok(Subject::Solution {
                    command: prepared.command,
                    timeout: self.limits.solution_timeout,
                    output_cap: self.limits.output_limit,
                    memory: self.limits.memory_limit,
                    checker: checker.clone(),
                    interactor: None,
                })
            })
            .collect()
    }
}

/// Parses a memory limit: `0` (none), or a byte count as [`parse_size`] takes it (`512M`, `1G`).
pub(super) fn parse_memory(s: &str) -> Result<u64, String> {
    if s.trim() == "0" {
        return Ok(0);
    }
    parse_size(s).map(|n| n as u64)
}

/// Parses a byte count such as `4096`, `64K` or `8M`.
pub(super) fn parse_size(s: &str) -> Result<usize, String> {
    let t = s.trim();
    let (digits, scale) = match t.char_indices().last() {
        Some((i, 'K' | 'k')) => (&t[..i], 1 << 10),
        Some((i, 'M' | 'm')) => (&t[..i], 1 << 20),
        Some((i, 'G' | 'g')) => (&t[..i], 1 << 30),
        _ => (t, 1),
    };
    let n: usize = digits
        .parse()
        .map_err(|_| format!("`{s}` is not a size (try 4096, 64K, 8M)"))?;
    n.checked_mul(scale)
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("`{s}` must be a positive size"))
}

/// Parses a duration such as `30s`, `5m`, `1h`, `250ms` or a bare number of seconds.
pub(super) fn parse_duration(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let split = s
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(s.len());
    let (number, unit) = s.split_at(split);
    let value: f64 = number
        .parse()
        .map_err(|_| format!("`{s}` is not a duration (try 30s, 5m, 1h, 500ms)"))?;
    let seconds = match unit {
        "" | "s" => value,
        "ms" => value / 1000.0,
        "m" | "min" => value * 60.0,
        "h" => value * 3600.0,
        _ => {
            return Err(format!(
                "unknown unit `{unit}` in `{s}` (use ms, s, m or h)"
            ))
        }
    };
    if !seconds.is_finite() || seconds <= 0.0 {
        return Err(format!("`{s}` must be a positive duration"));
    }
    Ok(Duration::from_secs_f64(seconds))
}
