//! `boardfuzz judge`: a program against kept cases — the findings `stress` saved, a problem's
//! samples, any folder of `NAME.in` beside `NAME.out` (or `NAME.ans`) — one verdict per case,
//! as a judge gives them, so that a fixed bug stays fixed. The first case that fails is shown
//! whole: its input and the output diff.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;

use crate::game::Outcome;
use crate::harness::programs::checker::Judgement;
use crate::harness::programs::interact;
use crate::harness::programs::subject::confirm_limit;
use crate::harness::programs::subject::run_solution;
use crate::harness::write::text::{diff_fitted, SCREEN_ANSWER_LINES};
use crate::harness::{case::input, run::interrupt};

use super::programs::{ready, ToolchainArgs};
use super::{parse_duration, CheckerArgs, CliResult, Usage};

#[derive(Args, Debug)]
#[command(mut_arg("solution_timeout", |a| a.visible_alias("timeout")))]
pub struct JudgeArgs {
    /// The program: a command (`./a.out`, `python3 sol.py`) or a source file (`main.cpp`).
    program: String,
    /// Cases: `NAME.in` files (each with `NAME.out` or `NAME.ans` beside it) or folders of them.
    #[arg(required = true, value_name = "CASE")]
    cases: Vec<PathBuf>,
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
    #[command(flatten)]
    toolchain: ToolchainArgs,
}

/// One kept case: its input file and the expected answer's file (none for an interactive
/// problem).
struct Case {
    input: PathBuf,
    answer: Option<PathBuf>,
}

/// The cases `paths` name, in order (a folder's `.in` files sorted by name); a `.in` without an
/// answer beside it is an error unless `interactive`.
fn cases_of(paths: &[PathBuf], interactive: bool) -> Result<Vec<Case>, Usage> {
    let answer_of = |input: &Path| -> Result<Option<PathBuf>, Usage> {
        let found = ["out", "ans"]
            .iter()
            .map(|ext| input.with_extension(ext))
            .find(|p| p.is_file());
        if interactive {
            return Ok(found);
        }
        ["out", "ans"]
            .iter()
            .map(|ext| input.with_extension(ext))
            .find(|p| p.is_file())
            .ok_or_else(|| {
                Usage(format!(
                    "{}: no expected answer beside it ({} or {})",
                    input.display(),
                    input.with_extension("out").display(),
                    input.with_extension("ans").display()
                ))
            })
            .map(Some)
    };
    let mut cases = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut inputs: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|e| Usage(format!("cannot read {}: {e}", path.display())))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "in") && p.is_file())
                .collect();
            inputs.sort();
            if inputs.is_empty() {
                return Err(Usage(format!("{}: no .in files in it", path.display())));
            }
            for input in inputs {
                let answer = answer_of(&input)?;
                cases.push(Case { input, answer });
            }
        } else if path.is_file() {
            let answer = answer_of(path)?;
            cases.push(Case {
                input: path.clone(),
                answer,
            });
        } else {
            return Err(Usage(format!("{}: no such file or folder", path.display())));
        }
    }
    Ok(cases)
}

pub fn run(args: JudgeArgs) -> CliResult {
    let tools = args.toolchain.toolchain()?;
    let cases = cases_of(&args.cases, args.interactor.is_some())?;
    let command = ready(
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
    interrupt::install().map_err(Usage)?;
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut first_failure: Option<String> = None;
    let mut verdicts: Vec<(String, usize)> = Vec::new();
    for case in &cases {
        if interrupt::requested() {
            break;
        }
        let read = |p: &Path| {
            input::read_file(p, input::DEFAULT_MAX_INPUT)
                .map_err(|e| Usage(format!("cannot read {}: {e}", p.display())))
        };
        let text = read(&case.input)?;
        let expected = match &case.answer {
            Some(answer) => String::from_utf8_lossy(&read(answer)?).into_owned(),
            None => format!("{}\n", interact::ACCEPTED),
        };
        let started = Instant::now();
        let (cpu, memory) = (args.limits.solution_timeout, args.limits.memory_limit);
        let run_once = || match &interactor {
            Some(interactor) => {
                let limits = interact::Limits::judged(
                    cpu,
                    memory,
                    args.idle_limit,
                    args.limits.output_limit,
                );
                interact::run_outcome(&command, interactor, &text, limits)
            }
            None => run_solution(&command, &text, cpu, args.limits.output_limit, memory),
        };
        let (outcome, unconfirmed) = confirm_limit(run_once(), run_once);
        let seconds = started.elapsed().as_secs_f64();
        if interrupt::requested() {
            break;
        }
        let checked = |judgement: Judgement| match judgement {
            Judgement::Accepted => ("ok".to_string(), String::new()),
            Judgement::Wrong(why) => ("wrong answer".to_string(), why),
            Judgement::Failed(fault, why) => (format!("checker {fault}"), why),
        };
        let (verdict, why) = match &outcome {
            Outcome::Output(answer) => match (&interactor, answer) {
                (Some(_), answer) => match interact::judged(answer) {
                    // An answer beside the case that holds an OUTPUT to match (a saved finding
                    // of the interactor alone holds `accepted` and nothing more).
                    Judgement::Accepted if !interact::output_of(&expected).trim().is_empty() => {
                        let output = interact::output_of(answer);
                        checked(checker.judge(&text, output, interact::output_of(&expected)))
                    }
                    Judgement::Accepted => checked(Judgement::Accepted),
                    // The interactor's own word: wrong answer or presentation error.
                    Judgement::Wrong(why) => (
                        answer.lines().next().unwrap_or("wrong answer").to_string(),
                        why,
                    ),
                    Judgement::Failed(_, why) => ("interactor fault".to_string(), why),
                },
                (None, answer) => checked(checker.judge(&text, answer, &expected)),
            },
            Outcome::Failed { fault, message } => (fault.name().to_string(), message.clone()),
            Outcome::Rejected { message, .. } => ("rejected".to_string(), message.clone()),
        };
        match &unconfirmed {
            Some(note) => outln!(
                "{verdict:<14} {} ({seconds:.2}s; {note})",
                case.input.display()
            ),
            None => outln!("{verdict:<14} {} ({seconds:.2}s)", case.input.display()),
        }
        if verdict == "ok" {
            passed += 1;
            continue;
        }
        failed += 1;
        match verdicts.iter_mut().find(|(v, _)| *v == verdict) {
            Some((_, n)) => *n += 1,
            None => verdicts.push((verdict.clone(), 1)),
        }
        if first_failure.is_none() {
            let mut report = format!("\n--- {}: {verdict} ---\n", case.input.display());
            if !why.is_empty() {
                report.push_str(&format!("{why}\n"));
            }
            report.push_str("--- input ---\n");
            let shown = String::from_utf8_lossy(&text);
            if crate::harness::fits_a_screen(&shown) {
                report.push_str(&shown);
                if !shown.ends_with('\n') {
                    report.push('\n');
                }
            } else {
                report.push_str(&crate::harness::head_and_tail(&shown, &case.input));
            }
            // The answers compared as the checker compares them, else (a fault, an
            // interactor's verdict) the output diff.
            let section = match (&outcome, &interactor) {
                (Outcome::Output(got), None) => crate::harness::answers(
                    &expected,
                    got,
                    crate::harness::write::text::Pieces::of(&checker),
                    ("the .out file's", "the program's"),
                    true,
                ),
                (got, _) => {
                    let got = match got {
                        Outcome::Output(answer) => answer.clone(),
                        other => other.to_string(),
                    };
                    let diff = diff_fitted(&expected, &got, true, SCREEN_ANSWER_LINES);
                    let heading = crate::harness::diff_heading("expected", "program", &diff);
                    let mut section = format!("{heading}\n{diff}");
                    let over = |t: &str| !crate::harness::fits_a_screen(t);
                    let whole = || super::common::temp_file("judge", "got", &got);
                    if let (true, Some(out), Some(got)) =
                        (over(&expected) || over(&got), &case.answer, whole())
                    {
                        let (out, got) = (out.display(), got.display());
                        section += &format!("the whole answers: {out}, {got} (the program's)\n");
                    }
                    section
                }
            };
            first_failure = Some(report + &section);
        }
    }
    if let Some(report) = &first_failure {
        styled!("{report}");
    }
    let kinds: Vec<String> = verdicts.iter().map(|(v, n)| format!("{n} {v}")).collect();
    let judged = passed + failed;
    let interrupted = interrupt::requested();
    outln!(
        "\n{}: {judged} of {} case(s) judged, {passed} ok{}",
        if interrupted {
            "INTERRUPTED"
        } else if failed > 0 {
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
    Ok(if interrupted {
        ExitCode::from(130)
    } else if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
