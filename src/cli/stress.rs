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
use std::time::Duration;

use clap::Args;

use crate::game::DynGame;
use crate::harness::programs::problem::Problem;
use crate::harness::programs::subject::{self, Interactor};
use crate::harness::run::progress::Show;
use crate::harness::run::stress::{self, Stress};
use crate::harness::write::report::RunInfo;
use crate::harness::{keep::corpus, programs::process, run::interrupt, Subject};

use super::flags::RunArgs;
use super::programs::{given_flag, ready, ready_given, ToolchainArgs};
use super::stress_summary::{announce, programs, stress_summary, Roles};
use super::{clock_seed, parse_duration, CheckerArgs, CliResult, Usage};
use crate::harness::write::targets::{report_targets, write_reports};

#[derive(Args, Debug)]
#[command(mut_arg("cases", |a| a.help("Number of cases (default 1000)")))]
pub struct StressArgs {
    /// The generator: prints one input. Its last argument is the case's seed (a number below
    /// 2^31), or it goes where the command says `{seed}`; `{size}` is replaced by a size that
    /// grows over the run (1 for the first 10 cases, then one more every 10 cases, up to
    /// --max-size). A command (`./gen`, `python3 gen.py {size}`) or a source file with its
    /// arguments (`gen.py {size}`, `gen.cpp`).
    #[arg(long, short = 'g', value_name = "PROGRAM")]
    pub(super) gen: String,
    /// The trusted brute force: its answer to each input is the expected one. Not needed with
    /// --interactor (the interactor judges); given with it, the brute force plays the same
    /// dialogue and the interactor's OUTPUT of the solution's is judged against the brute
    /// force's by --checker.
    #[arg(
        long,
        short = 'r',
        visible_alias = "brute",
        value_name = "PROGRAM",
        required_unless_present = "interactor"
    )]
    pub(super) reference: Option<String>,
    /// The solution under test: reads an input on stdin, writes its answer on stdout. Several
    /// may be given (`-s a.cpp -s b.py`, or `--solution sol*.cpp` as the shell expands it):
    /// each case is then judged for every one against one run of the brute force, each
    /// solution's first failure is its own finding in its own folder, and the summary has a row
    /// per solution.
    #[arg(long, short = 's', value_name = "PROGRAM", required = true, num_args = 1.., action = clap::ArgAction::Append)]
    pub(super) solution: Vec<String>,
    /// A validator: reads an input on stdin, exits 0 if it is valid. Inputs it refuses are
    /// counted and skipped, and the shrinker keeps none of them.
    #[arg(long, value_name = "PROGRAM")]
    pub(super) validator: Option<String>,
    /// An interactive problem's interactor, testlib's convention: run as `INTERACTOR INPUT
    /// OUTPUT`, INPUT a file holding the generated case, OUTPUT one it may write; its stdout is
    /// the solution's stdin and the solution's stdout its stdin (boardfuzz passes every byte on
    /// and records the dialogue). Its exit code is the verdict: 0 accepted, 1 wrong answer, 2
    /// presentation error (both a wrong-answer finding), 3 or any other a fault of the
    /// interactor (an error of the setup, never a finding). A solution that crashes is a runtime
    /// error, one that waits with the interactor waiting too an idleness limit (a time limit
    /// finding), one that exits early whatever the interactor rules of the missing rest. The
    /// solution is held to --solution-timeout (CPU time), --memory-limit and --output-limit as
    /// without an interactor. With --brute, the brute force plays the same dialogue and the two
    /// OUTPUTs are compared by --checker. See docs/stress.md, Interactive problems.
    #[arg(long, value_name = "PROGRAM")]
    pub(super) interactor: Option<String>,
    /// With --interactor: how long both programs may wait on each other (no byte written, no
    /// CPU used) before the run ends with an idleness limit; also how long the interactor has
    /// to end after the solution's output ended.
    #[arg(long, value_parser = parse_duration, default_value = "2s", value_name = "DURATION", requires = "interactor")]
    idle_limit: Duration,
    #[command(flatten)]
    checker: CheckerArgs,
    #[command(flatten)]
    run: RunArgs,
    /// The first `{size}` handed to the generator (it grows from there), at least 1.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    min_size: u64,
    /// The largest `{size}` handed to the generator, at least --min-size.
    #[arg(long, default_value_t = 100, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
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
    #[command(flatten)]
    limits: super::limits::LimitArgs,
    /// Time limit per run of the reference (over it: an error, the reference is too slow).
    #[arg(long, value_parser = parse_duration, default_value = "10s", value_name = "DURATION")]
    reference_timeout: Duration,
    /// Time limit per run of the generator and of the validator.
    #[arg(long, value_parser = parse_duration, default_value = "10s", value_name = "DURATION")]
    gen_timeout: Duration,
    /// The name of the problem: findings go to <findings>/<NAME>/ (default: the solution's file
    /// name, its extension after a `-`: `main-cpp` for main.cpp, `sol-py` for sol.py). With
    /// several solutions each is named by its file (a repeated name gets `-2`, `-3`), and
    /// --name is refused.
    #[arg(long)]
    name: Option<String>,
    /// Folder of the findings folders.
    #[arg(long, default_value = "findings", value_name = "DIR")]
    findings: PathBuf,
    /// Do not save the finding.
    #[arg(long)]
    no_save: bool,
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

pub fn run(args: StressArgs) -> CliResult {
    let tools = args.toolchain.toolchain()?;
    let reports = report_targets(&args.run.report).map_err(Usage)?;
    let jobs = args.run.jobs()?;
    if args.min_size > args.max_size {
        let (min, max) = (args.min_size, args.max_size);
        return Err(Usage(format!(
            "--min-size ({min}) is over --max-size ({max})"
        )));
    }
    let names = stress::solution_names(args.name.as_deref(), &args.solution).map_err(Usage)?;
    let brute_flag = given_flag(&["--brute", "--reference", "-r"]);
    let solution_flag = given_flag(&["--solution", "-s"]);
    let gen_flag = given_flag(&["--gen", "-g"]);
    let generator = ready(&tools, gen_flag, &args.gen)?;
    let reference = ready_given(&tools, brute_flag, args.reference.as_deref())?;
    let interactor = ready_given(&tools, "interactor", args.interactor.as_deref())?;
    let interactor = interactor.map(|command| Interactor {
        command,
        idle: args.idle_limit,
        against_brute: reference.is_some(),
    });
    let checker_given = args.checker.checker != CheckerArgs::default().checker;
    if interactor.is_some() && reference.is_none() && checker_given {
        let why =
            "--checker with --interactor needs --brute (it compares the interactor's OUTPUTs)";
        return Err(Usage(why.into()));
    }
    let validator = ready_given(&tools, "--validator", args.validator.as_deref())?;
    let checker = args.checker.checker(&tools)?;
    let seed = args.run.seed.unwrap_or_else(clock_seed);
    if args.run.cases == Some(0) {
        return Err(Usage("--cases must be at least 1".into()));
    }
    let budget = args.run.budget(1000);
    let limits = subject::judge_limit_args(
        args.limits.solution_timeout,
        args.limits.output_limit,
        args.limits.memory_limit,
        args.interactor.as_deref().map(|i| (i, args.idle_limit)),
    );
    let solution_tools = args.toolchain.for_solution(&tools);
    let mut solutions = Vec::new();
    for line in &args.solution {
        let subject = Subject::Solution {
            command: ready(&solution_tools, solution_flag, line)?.command,
            timeout: args.limits.solution_timeout,
            output_cap: args.limits.output_limit,
            memory: args.limits.memory_limit,
            checker: checker.clone(),
            interactor: interactor.clone(),
        };
        solutions.push((subject, line.as_str()));
    }
    args.limits.apply_stack()?;
    let judge_args = format!(
        "{limits}{}{}{}",
        args.limits.judge_words(),
        super::programs::judge_checker_args(&args.checker),
        args.toolchain.to_args()
    );
    let entrants = stress::entrants(solutions, &names, &judge_args);
    // Of several solutions, each run is named by its own.
    let name = if entrants.len() > 1 {
        "stress"
    } else {
        &names[0]
    };
    let problem: &'static Problem = Box::leak(Box::new(Problem {
        name: Box::leak(name.to_string().into_boxed_str()),
        generator: generator.command,
        generator_display: generator.display,
        reference,
        interactor: interactor.clone(),
        validator,
        generator_limits: process::Limits {
            timeout: args.gen_timeout,
            output_cap: args.limits.output_limit,
        },
        reference_limits: process::Limits {
            timeout: args.reference_timeout,
            output_cap: args.limits.output_limit,
        },
        min_size: args.min_size,
        max_size: args.max_size,
        keep_shape: args.shape == ShapeMode::Strict && args.validator.is_none(),
        generator_flag: gen_flag,
        kept: Default::default(),
    }));
    let game: &'static dyn DynGame = problem;
    // Ctrl-C is handled from here on: a program the probe runs is killed with the rest.
    interrupt::install().map_err(Usage)?;
    let named = |flag: &str, line: &str| format!("{flag} `{line}`");
    let brute = named(brute_flag, args.reference.as_deref().unwrap_or(""));
    let solutions: Vec<(&Subject, String)> = (entrants.iter().zip(&args.solution))
        .map(|(e, line)| (&e.subject, named(solution_flag, line)))
        .collect();
    if let Err(why) = stress::probe(problem, &solutions, &brute, seed) {
        if !interrupt::requested() {
            return Err(Usage(why));
        }
    }
    let corpus = (!args.no_save).then(|| args.findings.clone());
    let shard = args.run.shard();
    if let Some(root) = &corpus {
        for entrant in &entrants {
            super::sweep(&corpus::dir(root, entrant.run_name(game)));
        }
    }
    let slowest = args
        .limits
        .solution_timeout
        .max(args.reference_timeout)
        .max(args.gen_timeout)
        .max(args.checker.checker_timeout);
    let stress = Stress {
        problem,
        entrants,
        budget,
        seed,
        shard,
        corpus,
        jobs,
        slowest,
        show: Show::for_stderr(args.run.quiet),
        verbose: args.verbose,
        margins: args.run.margins.margins(),
    };
    announce(&args, &checker, &stress);
    let runs = stress::run(&stress, &mut io::stderr());
    let (interrupted, programs) = (interrupt::requested(), programs(&args, &checker));
    let info = RunInfo {
        shard,
        interrupted,
        programs: Some(programs),
        ..RunInfo::new("stress", seed, jobs, &args.solution[0], budget)
    };
    let failed = !write_reports(&reports, &info, &runs);
    let roles = Roles {
        reference: args.reference.as_deref().unwrap_or(""),
        interactor: args.interactor.as_deref(),
        brute_flag,
        checker: &args.checker.checker,
        validator: args.validator.is_some(),
    };
    Ok(stress_summary(
        &runs,
        &roles,
        seed,
        shard,
        interrupted,
        failed,
    ))
}
