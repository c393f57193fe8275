//! `boardfuzz judge`: a program against kept cases — the findings `stress` saved (a findings
//! folder, however deep), a problem's samples, any folder of `NAME.in` beside `NAME.out` (or
//! `NAME.ans`) — one verdict per case, as a judge gives them, so that a fixed bug stays fixed.
//! Cases run on every core; the table gives each case's verdict, CPU and wall time, and every
//! failure's details follow it, each a screen at most ([`crate::harness::run::judge`]).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use crate::harness::run::interrupt;
use crate::harness::run::judge::{judge_all, kept_cases, Judge};

use super::programs::{ready, ToolchainArgs};
use super::{parse_duration, CheckerArgs, CliResult, Usage};

#[derive(Args, Debug)]
#[command(mut_arg("solution_timeout", |a| a.visible_alias("timeout")))]
pub struct JudgeArgs {
    /// The program: a command (`./a.out`, `python3 sol.py`) or a source file (`main.cpp`).
    program: String,
    /// Cases: `NAME.in` files (each with `NAME.out` or `NAME.ans` beside it), or folders of
    /// them, searched to any depth (`findings/`, as `stress` writes it, holds a folder per
    /// solution). Answers (`.out`, `.ans`) and a finding's notes (`.got`, …) given by a shell
    /// glob are skipped. A case with no answer beside it is judged by --brute's answer, or
    /// reported as having none (the others are still judged).
    #[arg(required = true, value_name = "CASE")]
    cases: Vec<PathBuf>,
    /// A brute force whose answer judges each case kept without an answer beside it.
    #[arg(long, visible_alias = "reference", value_name = "PROGRAM")]
    brute: Option<String>,
    /// Time limit of the brute force per case (wall clock).
    #[arg(long, value_parser = parse_duration, default_value = "10s", value_name = "DURATION")]
    brute_timeout: Duration,
    #[command(flatten)]
    limits: super::limits::LimitArgs,
    #[command(flatten)]
    checker: CheckerArgs,
    /// An interactive problem's interactor, run as `INTERACTOR INPUT OUTPUT` with the case as
    /// INPUT, talking to the program (as `stress --interactor` runs it): its exit code is the
    /// verdict (0 ok, 1 wrong answer, 2 presentation error, else a fault of the interactor), and
    /// no expected answer is needed beside a case. Where one is (a `stress --interactor --brute`
    /// finding's `.out`, or an answer file for the checker), an accepted run's OUTPUT is also
    /// judged against it by --checker.
    #[arg(long, value_name = "PROGRAM")]
    interactor: Option<String>,
    /// With --interactor: how long both programs may wait on each other (no byte written, no
    /// CPU used) before the run ends with an idleness limit.
    #[arg(long, value_parser = parse_duration, default_value = "2s", value_name = "DURATION", requires = "interactor")]
    idle_limit: Duration,
    /// Cases judged at once (default: every core). A time limit is charged in CPU time, so
    /// cases run side by side are judged as they are alone.
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<usize>,
    #[command(flatten)]
    toolchain: ToolchainArgs,
}

pub fn run(args: JudgeArgs) -> CliResult {
    let tools = args.toolchain.toolchain()?;
    let cases = kept_cases(&args.cases).map_err(Usage)?;
    let jobs = match args.jobs {
        Some(0) => return Err(Usage("--jobs must be at least 1".into())),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let program = ready(
        &args.toolchain.for_solution(&tools),
        "program",
        &args.program,
    )?
    .command;
    let checker = args.checker.checker(&tools)?;
    let interactor = match &args.interactor {
        Some(i) => Some(ready(&tools, "interactor", i)?.command),
        None => None,
    };
    let brute = match &args.brute {
        Some(b) => Some(ready(&tools, "--brute", b)?.command),
        None => None,
    };
    args.limits.apply_stack()?;
    interrupt::install().map_err(Usage)?;
    let judge = Judge {
        program: &program,
        interactor: interactor.as_deref(),
        brute: brute.as_deref(),
        checker: &checker,
        cpu: args.limits.solution_timeout,
        memory: args.limits.memory_limit,
        output_cap: args.limits.output_limit,
        idle: args.idle_limit,
        brute_timeout: args.brute_timeout,
    };
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut verdicts: Vec<(String, usize)> = Vec::new();
    let mut details: Vec<String> = Vec::new();
    let mut error: Option<String> = None;
    outln!("{:<19} {:>6} {:>7}  case", "verdict", "CPU", "wall");
    judge_all(&judge, &cases, jobs, &mut |case, judged| {
        let shown = case.input.display();
        let judged = match judged {
            Ok(judged) => judged,
            Err(e) => {
                outln!("{:<19} {:>6} {:>7}  {shown}", "unreadable", "-", "-");
                error.get_or_insert_with(|| e.clone());
                return;
            }
        };
        let secs = |d: Duration| format!("{:.2}s", d.as_secs_f64());
        let (cpu, wall) = match judged.passed {
            Some(_) => (secs(judged.used.cpu), secs(judged.used.wall)),
            None => ("-".into(), "-".into()),
        };
        let note = judged
            .note
            .as_ref()
            .map_or(String::new(), |note| format!(" ({note})"));
        outln!("{:<19} {cpu:>6} {wall:>7}  {shown}{note}", judged.verdict);
        match judged.passed {
            Some(true) => passed += 1,
            Some(false) => failed += 1,
            None => {}
        }
        if judged.passed != Some(true) {
            match verdicts.iter_mut().find(|(v, _)| *v == judged.verdict) {
                Some((_, n)) => *n += 1,
                None => verdicts.push((judged.verdict.clone(), 1)),
            }
            let what = format!("--- {shown}: {} ---\n{}", judged.verdict, judged.details);
            details.push(what);
        }
    });
    for what in &details {
        styled!("\n{what}");
    }
    let kinds: Vec<String> = verdicts.iter().map(|(v, n)| format!("{n} {v}")).collect();
    let judged = passed + failed;
    let interrupted = interrupt::requested();
    outln!(
        "\n{}: {judged} of {} case(s) judged, {passed} ok{}",
        if interrupted {
            "INTERRUPTED"
        } else if failed > 0 || error.is_some() {
            "FAILED"
        } else {
            "ok"
        },
        cases.len(),
        if kinds.is_empty() {
            String::new()
        } else {
            format!(", {}", kinds.join(", "))
        }
    );
    if let Some(e) = error {
        return Err(Usage(e));
    }
    Ok(if interrupted {
        ExitCode::from(130)
    } else if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
