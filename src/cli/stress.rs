//! `boardfuzz stress`: three programs of any language — a generator, a trusted brute force and
//! a solution — and no Rust code: case after case generated, answered by both and judged; the
//! first difference shrunk, saved in `findings/<name>/` and printed with the command that reruns
//! it (`boardfuzz judge`).
//!
//! The programs become a [`Problem`], which the campaign runs as any game: everything `check
//! --solution` does (jobs, progress, the time budget with shrinking in it, Ctrl-C, reports)
//! holds here. What is the user's own to fix is an error (exit 2) with the program's own
//! message, never a finding: a source file that does not compile, a generator or reference that
//! fails, hangs or prints nothing, a validator that refuses every input, a checker program that
//! gives no verdict.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use crate::game::{DynGame, Outcome};
use crate::harness::programs::problem::Problem;
use crate::harness::programs::subject::Interactor;
use crate::harness::programs::toolchain::{Prepared, Toolchain};
use crate::harness::run::campaign::{self, Budget, Shard};
use crate::harness::run::progress::Show;
use crate::harness::run::stress::{self, Stress};
use crate::harness::write::report::RunInfo;
use crate::harness::{
    keep::corpus, programs::process, run::interrupt, shell_quote, Side, Subject, Verdict,
};

use super::{clock_seed, parse_duration, parse_memory, parse_size, CheckerArgs, CliResult, Usage};
use crate::harness::write::targets::{report_targets, write_reports};

#[derive(Args, Debug)]
pub struct StressArgs {
    /// The generator: prints one input. Its last argument is the case's seed (a number below
    /// 2^31), or it goes where the command says `{seed}`; `{size}` is replaced by a size that
    /// grows over the run (1 for the first 10 cases, then one more every 10 cases, up to
    /// --max-size). A command (`./gen`, `python3 gen.py {size}`) or a source file with its
    /// arguments (`gen.py {size}`, `gen.cpp`).
    #[arg(long, short = 'g', value_name = "PROGRAM")]
    gen: String,
    /// The trusted brute force: its answer to each input is the expected one. Not needed with
    /// --interactor (the interactor judges), and not taken with it yet.
    #[arg(
        long,
        short = 'r',
        visible_alias = "brute",
        value_name = "PROGRAM",
        required_unless_present = "interactor",
        conflicts_with = "interactor"
    )]
    reference: Option<String>,
    /// The solution under test: reads an input on stdin, writes its answer on stdout.
    #[arg(long, short = 's', value_name = "PROGRAM")]
    solution: String,
    /// A validator: reads an input on stdin, exits 0 if it is valid. Inputs it refuses are
    /// counted and skipped, and the shrinker keeps none of them.
    #[arg(long, value_name = "PROGRAM")]
    validator: Option<String>,
    /// An interactive problem's interactor, testlib's convention: run as `INTERACTOR INPUT
    /// OUTPUT`, INPUT a file holding the generated case, OUTPUT one it may write; its stdout is
    /// the solution's stdin and the solution's stdout its stdin (boardfuzz passes every byte on
    /// and records the dialogue). Its exit code is the verdict: 0 accepted, 1 wrong answer, 2
    /// presentation error (both a wrong-answer finding), 3 or any other a fault of the
    /// interactor (an error of the setup, never a finding). A solution that crashes is a runtime
    /// error, one that waits with the interactor waiting too an idleness limit (a time limit
    /// finding), one that exits early whatever the interactor rules of the missing rest. The
    /// dialogue's wall-clock time is under --solution-timeout and each program's output under
    /// --output-limit (no CPU-time or memory limit yet). See docs/stress.md, Interactive
    /// problems.
    #[arg(long, value_name = "PROGRAM")]
    interactor: Option<String>,
    /// With --interactor: how long both programs may wait on each other (no byte written, no
    /// CPU used) before the run ends with an idleness limit; also how long the interactor has
    /// to end after the solution's output ended.
    #[arg(long, value_parser = parse_duration, default_value = "2s", value_name = "DURATION", requires = "interactor")]
    idle_limit: Duration,
    #[command(flatten)]
    checker: CheckerArgs,
    /// Number of cases (default 1000).
    #[arg(long, conflicts_with = "time")]
    cases: Option<u64>,
    /// Wall-clock budget for the whole run, shrinking included (e.g. 30s, 5m).
    #[arg(long, value_parser = parse_duration)]
    time: Option<Duration>,
    /// Seed of the run (default: from the clock; always printed). Case i's generator seed
    /// comes from it and i alone.
    #[arg(long)]
    seed: Option<u64>,
    /// Run only shard K of N (0 <= K < N): the cases whose index is K mod N, as `check
    /// --shard` (the N shards of one seed run the cases of one whole run).
    #[arg(long, value_name = "K/N", value_parser = Shard::parse)]
    shard: Option<Shard>,
    /// Worker threads (default: every core); the cases run do not depend on it.
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<usize>,
    /// The first `{size}` handed to the generator (it grows from there).
    #[arg(long, default_value_t = 1, value_name = "N")]
    min_size: u64,
    /// The largest `{size}` handed to the generator.
    #[arg(long, default_value_t = 100, value_name = "N")]
    max_size: u64,
    /// What a shrink candidate must keep without a --validator. `strict`: the shape every
    /// generated input of the run had in common — the number of lines and the tokens per line
    /// where they never varied, each number within the range seen at its place, only
    /// characters seen. `loose`: nothing (the brute force's answer and the verdict alone
    /// decide). With --validator, the validator alone decides.
    #[arg(long, value_enum, default_value_t = ShapeMode::Strict, value_name = "MODE")]
    shape: ShapeMode,
    /// Say more about a finding's shrink on stderr: each input the regenerate-smaller step
    /// tries, the input it keeps, and the generator's shape place by place.
    #[arg(long, short = 'v')]
    verbose: bool,
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
    /// Time limit per run of the reference (over it: an error, the reference is too slow).
    #[arg(long, value_parser = parse_duration, default_value = "10s", value_name = "DURATION")]
    reference_timeout: Duration,
    /// Time limit per run of the generator and of the validator.
    #[arg(long, value_parser = parse_duration, default_value = "10s", value_name = "DURATION")]
    gen_timeout: Duration,
    /// Output cap per run of each program, in bytes (K and M suffixes allowed); a solution over
    /// it gets an "output limit" verdict.
    #[arg(long, value_parser = parse_size, default_value = "8M", value_name = "BYTES")]
    output_limit: usize,
    /// The name of the problem: findings go to <findings>/<NAME>/ (default: the solution's file
    /// name without its extension).
    #[arg(long)]
    name: Option<String>,
    /// Folder of the findings folders.
    #[arg(long, default_value = "findings", value_name = "DIR")]
    findings: PathBuf,
    /// Do not save the finding.
    #[arg(long)]
    no_save: bool,
    /// No progress display (the summary and the finding are still printed).
    #[arg(long, short = 'q')]
    quiet: bool,
    /// Also write a report: `--report json FILE`, `--report junit FILE` or `--report html
    /// FILE`, as `check` writes them. May be given more than once.
    #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"], action = clap::ArgAction::Append)]
    report: Vec<String>,
    #[command(flatten)]
    toolchain: ToolchainArgs,
}

/// What a shrink candidate of `stress` must keep (`--shape`).
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ShapeMode {
    /// The shape of the generated inputs.
    Strict,
    /// Nothing beyond the verdict.
    Loose,
}

/// How source files are compiled and run.
#[derive(Args, Debug, Clone, Default)]
pub(super) struct ToolchainArgs {
    /// A language's compile command instead of the default, as EXT=COMMAND with {src} (the
    /// source file), {exe} (the executable to write) and {dir} (the build folder), e.g.
    /// `--compile 'cpp=clang++ -O2 -std=c++20 -o {exe} {src}'`. Defaults: cpp `g++ -O2
    /// -std=gnu++17 -o {exe} {src}`, c `gcc -O2 -std=gnu11 -o {exe} {src} -lm`, rs `rustc -O
    /// --edition 2021 -o {exe} {src}`, java `javac -d {dir} {src}`, go `go build -o {exe} {src}`, kt `kotlinc {src}
    /// -include-runtime -d {dir}/{class}.jar`, py (a syntax check). Builds
    /// are cached by content in $BOARDFUZZ_CACHE (default $HOME/.cache/boardfuzz).
    #[arg(long, value_name = "EXT=COMMAND", action = clap::ArgAction::Append)]
    compile: Vec<String>,
    /// A language's run command instead of the default, as EXT=COMMAND with {exe}, {dir},
    /// {src} and {class} (the file stem), e.g. `--run 'py=pypy3 {src}'` (PyPy for every .py).
    /// Defaults: cpp, c, rs, go `{exe}`, java `java -Xss256m -cp {dir} {class}`, kt `java
    /// -Xss256m -jar {dir}/{class}.jar`, py `{python3} {src}` ({python3}: the interpreter
    /// `python3` names, found once).
    #[arg(long, value_name = "EXT=COMMAND", action = clap::ArgAction::Append)]
    run: Vec<String>,
    /// Build a C or C++ solution with sanitizers (`-fsanitize=address,undefined
    /// -fno-sanitize-recover=all -g`, cached apart from the normal build): an out-of-bounds
    /// access, a signed overflow or a use after free stops it with an "undefined behaviour"
    /// verdict and the sanitizer's first lines (file:line), even where its answer is right.
    /// Only the program under test is built so; its leak check is off.
    #[arg(long)]
    sanitize: bool,
}

impl ToolchainArgs {
    /// The toolchain these flags set.
    pub(super) fn toolchain(&self) -> Result<Toolchain, Usage> {
        let mut tools = Toolchain::default();
        for (list, run) in [(&self.compile, false), (&self.run, true)] {
            for assignment in list {
                tools.set(assignment, run).map_err(Usage)?;
            }
        }
        Ok(tools)
    }

    /// The toolchain of the program under test: `tools` with --sanitize's builds.
    pub(super) fn for_solution(&self, tools: &Toolchain) -> Toolchain {
        let mut tools = tools.clone();
        tools.sanitize = self.sanitize;
        tools
    }

    /// The flags again, for a printed command.
    pub(super) fn to_args(&self) -> String {
        let mut out = String::from(if self.sanitize { " --sanitize" } else { "" });
        for (flag, list) in [("--compile", &self.compile), ("--run", &self.run)] {
            for a in list {
                out.push_str(&format!(" {flag} {}", shell_quote(a)));
            }
        }
        out
    }
}

/// A program of the command line made ready to run (a source file compiled), and startable.
pub(super) fn ready(tools: &Toolchain, role: &str, line: &str) -> Result<Prepared, Usage> {
    let prepared = tools
        .prepare(line)
        .map_err(|e| Usage(format!("the {role}: {e}")))?;
    if let (true, Some(source), Some(language)) =
        (prepared.compiled, &prepared.source, prepared.language)
    {
        let done = if language == "Python" {
            "checked the syntax of"
        } else {
            "compiled"
        };
        eprintln!("{done} {} ({role}, {language})", source.display());
    }
    process::check_startable(&prepared.command)
        .map_err(|e| Usage(format!("the {role} `{line}` cannot be run: {e}")))?;
    Ok(prepared)
}

pub fn run(args: StressArgs) -> CliResult {
    let tools = args.toolchain.toolchain()?;
    let reports = report_targets(&args.report).map_err(Usage)?;
    let jobs = match args.jobs {
        Some(0) => return Err(Usage("--jobs must be at least 1".into())),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    if args.max_size == 0 {
        return Err(Usage("--max-size must be at least 1".into()));
    }
    if args.min_size == 0 || args.min_size > args.max_size {
        return Err(Usage(format!(
            "--min-size must be from 1 to --max-size ({})",
            args.max_size
        )));
    }
    let name = stress::problem_name(args.name.as_deref(), &args.solution).map_err(Usage)?;
    let generator = ready(&tools, "generator", &args.gen)?;
    let reference = match &args.reference {
        Some(r) => Some(ready(&tools, "reference", r)?.command),
        None => None,
    };
    let solution = ready(
        &args.toolchain.for_solution(&tools),
        "solution",
        &args.solution,
    )?
    .command;
    let interactor = match &args.interactor {
        Some(i) => Some(Interactor {
            command: ready(&tools, "interactor", i)?.command,
            idle: args.idle_limit,
        }),
        None => None,
    };
    if interactor.is_some() && args.checker.checker != CheckerArgs::default().checker {
        return Err(Usage(
            "--checker with --interactor: not supported yet (the interactor is the judge)".into(),
        ));
    }
    let validator = match &args.validator {
        Some(v) => Some(ready(&tools, "validator", v)?.command),
        None => None,
    };
    let checker = args.checker.checker(&tools)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let budget = match (args.cases, args.time) {
        (Some(0), _) => return Err(Usage("--cases must be at least 1".into())),
        (Some(n), _) => Budget::Cases(n),
        (None, Some(t)) => Budget::Time(t),
        (None, None) => Budget::Cases(1000),
    };
    let subject = Subject::Solution {
        command: solution.clone(),
        timeout: args.solution_timeout,
        output_cap: args.output_limit,
        memory: args.memory_limit,
        checker: checker.clone(),
        interactor: interactor.clone(),
    };
    let mut limits = String::new();
    if args.solution_timeout != Duration::from_secs(10) {
        limits.push_str(&format!(
            " --timeout {}ms",
            args.solution_timeout.as_millis()
        ));
    }
    if args.output_limit != process::DEFAULT_OUTPUT_CAP {
        limits.push_str(&format!(" --output-limit {}", args.output_limit));
    }
    limits.push_str(&crate::harness::programs::subject::memory_args(
        args.memory_limit,
    ));
    if let Some(i) = &args.interactor {
        limits.push_str(&format!(" --interactor {}", shell_quote(i)));
        if args.idle_limit != Duration::from_secs(2) {
            limits.push_str(&format!(" --idle-limit {}ms", args.idle_limit.as_millis()));
        }
    }
    let replay = format!(
        "{} judge {} {{path}}{limits}{}{}",
        crate::harness::invocation(),
        shell_quote(&args.solution),
        judge_checker_args(&args.checker),
        args.toolchain.to_args()
    );
    let problem: &'static Problem = Box::leak(Box::new(Problem {
        name: Box::leak(name.into_boxed_str()),
        generator: generator.command,
        generator_display: generator.display,
        reference,
        validator,
        generator_limits: process::Limits {
            timeout: args.gen_timeout,
            output_cap: args.output_limit,
        },
        reference_limits: process::Limits {
            timeout: args.reference_timeout,
            output_cap: args.output_limit,
        },
        min_size: args.min_size,
        max_size: args.max_size,
        keep_shape: args.shape == ShapeMode::Strict && args.validator.is_none(),
        replay,
    }));
    let game: &'static dyn DynGame = problem;
    // Ctrl-C is handled from here on: a program the probe runs is killed with the rest.
    interrupt::install().map_err(Usage)?;
    if let Err(why) = stress::probe(
        problem,
        &subject,
        args.reference.as_deref().unwrap_or(""),
        &args.solution,
        seed,
    ) {
        if !interrupt::requested() {
            return Err(Usage(why));
        }
    }
    let corpus = (!args.no_save).then(|| args.findings.clone());
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    if let Some(root) = &corpus {
        super::sweep(&corpus::dir(root, game.slug()));
    }
    eprintln!(
        "{} stress: solution `{}` against {}, inputs from `{}`{}, judged by {}, {}, {jobs} \
         job(s), seed {seed}{}{}",
        crate::harness::program(),
        args.solution,
        match (&args.interactor, &args.reference) {
            (Some(i), _) => format!("interactor `{i}`"),
            (None, Some(r)) => format!("reference `{r}`"),
            (None, None) => "nothing".into(),
        },
        args.gen,
        match &args.validator {
            Some(v) => format!(" checked by `{v}`"),
            None => String::new(),
        },
        match &args.interactor {
            Some(_) => "the interactor".into(),
            None => checker.describe(),
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
        match &corpus {
            Some(dir) => format!(
                ", findings saved in {}",
                corpus::dir(dir, game.slug()).display()
            ),
            None => String::new(),
        }
    );
    let slowest = args
        .solution_timeout
        .max(args.reference_timeout)
        .max(args.gen_timeout)
        .max(args.checker.checker_timeout);
    let stress = Stress {
        problem,
        subject: subject.clone(),
        budget,
        seed,
        shard,
        corpus,
        jobs,
        slowest,
        show: Show::for_stderr(args.quiet),
        verbose: args.verbose,
    };
    let runs = stress::run(&stress, &mut io::stderr());
    let interrupted = interrupt::requested();
    let info = RunInfo {
        shard,
        interrupted,
        ..RunInfo::new("stress", seed, jobs, &args.solution, budget)
    };
    let mut failed = !write_reports(&reports, &info, &runs);
    let shard_words = if shard.is_whole() {
        String::new()
    } else {
        format!(", shard {shard}")
    };
    let Some(run) = runs.first() else {
        outln!("\nINTERRUPTED: no case was run");
        return Ok(ExitCode::from(130));
    };
    let refused = match &args.validator {
        Some(_) => format!(" ({} refused by the validator)", run.rejected),
        None => String::new(),
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
    if let Some(d) = &run.disagreement {
        match d.verdict {
            Verdict::Fault {
                side: side @ (Side::Reference | Side::Checker),
                ..
            } => {
                let (role, command, message) = match (side, &args.interactor) {
                    (Side::Reference, _) => (
                        "reference",
                        args.reference.as_deref().unwrap_or(""),
                        &d.comparison.reference,
                    ),
                    (_, Some(interactor)) => {
                        ("interactor", interactor.as_str(), &d.comparison.mine)
                    }
                    _ => ("checker", args.checker.checker.as_str(), &d.comparison.mine),
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
                    "\nerror: the {role} `{command}` failed on {}:\n  {why}\n--- the input ---",
                    d.origin
                );
                out!("{}", d.input);
                if !d.input.ends_with('\n') {
                    outln!();
                }
                outln!(
                    "The {role} is trusted: its verdicts are what the solution is judged by, so \
                     this is yours to fix (nothing was saved). Run it on the input above alone \
                     to see why{}.",
                    if side == Side::Reference && args.validator.is_none() {
                        ", or give a --validator if the input is one it need not answer"
                    } else {
                        ""
                    }
                );
                user_error = true;
            }
            _ => {
                outln!();
                styled!("{}", super::finding_on_screen(d));
                findings = 1;
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
            Some(d) if findings > 0 => format!(" ({})", d.verdict.describe(&subject)),
            _ => String::new(),
        }
    );
    Ok(if interrupted {
        ExitCode::from(130)
    } else if failed {
        ExitCode::FAILURE
    } else if user_error {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// The checker flags of `judge` that select the same checker.
fn judge_checker_args(args: &CheckerArgs) -> String {
    let default = CheckerArgs::default();
    let mut out = String::new();
    if args.checker != default.checker {
        out.push_str(&format!(" --checker {}", shell_quote(&args.checker)));
    }
    if args.checker == "float" {
        out.push_str(&format!(
            " --abs-error {:e} --rel-error {:e}",
            args.abs_error, args.rel_error
        ));
    }
    if args.checker_timeout != default.checker_timeout {
        out.push_str(&format!(
            " --checker-timeout {}ms",
            args.checker_timeout.as_millis()
        ));
    }
    out
}
