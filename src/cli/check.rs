//! `boardfuzz check`: the campaign — random valid cases through the engine (or an external
//! solution) and the reference, a census table per game, and on a disagreement a shrunk, saved,
//! printed case and exit 1.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use boardfuzz::harness::campaign::{self, Budget, Plan};
use boardfuzz::harness::progress::Show;
use boardfuzz::harness::report::{self, RunInfo};
use boardfuzz::harness::{interrupt, process, Subject};

use super::settings::Given;
use super::{clock_seed, parse_duration, selected, CliResult, SolutionArgs, Usage};

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Games to check (slug or problem id); all games if none is given.
    games: Vec<String>,
    /// Number of cases per game.
    #[arg(long, conflicts_with = "time")]
    cases: Option<u64>,
    /// Total wall-clock time, shared among the games (e.g. 30s, 5m, 1h, 500ms).
    #[arg(long, value_parser = parse_duration)]
    time: Option<Duration>,
    /// Seed of the run (default: from the clock; always printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Corpus root folder to save disagreements in.
    #[arg(long, default_value = "corpus")]
    corpus: PathBuf,
    /// Do not save disagreements to the corpus.
    #[arg(long)]
    no_save: bool,
    /// Worker threads (default: every core). Case i is generated from the run seed and i alone,
    /// so the cases covered do not depend on the number of jobs.
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<usize>,
    /// No progress display (the summary, census and findings are still printed).
    #[arg(long, short = 'q')]
    quiet: bool,
    /// Also write a machine-readable report: `--report json FILE` (one JSON object) or
    /// `--report junit FILE` (JUnit XML: findings as failed test cases). May be given twice.
    #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"], action = clap::ArgAction::Append)]
    report: Vec<String>,
    #[command(flatten)]
    solution: SolutionArgs,
}

pub fn run(args: CheckArgs, given: &Given) -> CliResult {
    let games = selected(&args.games)?;
    let mut options = None;
    for g in &games {
        options = Some(given.options_for(*g, "check")?);
    }
    let options = options.ok_or_else(|| Usage("no game to check".into()))?;
    let budget = match (args.cases, args.time) {
        (Some(n), _) => Budget::Cases(n),
        (None, Some(t)) => Budget::Time(t),
        (None, None) => Budget::Cases(10_000),
    };
    let seed = args.seed.unwrap_or_else(clock_seed);
    let reports = report_targets(&args.report)?;
    let subject = args.solution.subject()?;
    let jobs = match args.jobs {
        Some(0) => return Err(Usage("--jobs must be at least 1".into())),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    interrupt::install().map_err(Usage)?;
    let subject_name = match &subject {
        Subject::Engine => "engine".to_string(),
        Subject::Solution { command, .. } => command.clone(),
    };
    eprintln!(
        "boardfuzz check: {} against the reference, {} game(s), {}, {jobs} job(s), seed {seed}",
        match &subject {
            Subject::Engine => "engine".to_string(),
            Subject::Solution { command, .. } => format!(
                "solution `{command}` ({})",
                match process::Launch::of(command) {
                    process::Launch::Direct(_) => "started directly",
                    process::Launch::Shell => "through sh -c",
                }
            ),
        },
        games.len(),
        match budget {
            Budget::Cases(n) => format!("{n} cases each"),
            Budget::Time(t) => format!("{t:?} in all"),
        }
    );
    let plan = Plan {
        games,
        budget,
        seed,
        options,
        subject,
        corpus: (!args.no_save).then_some(args.corpus),
        jobs,
        watchdog: args.solution.watchdog,
        solver: std::env::current_exe().ok(),
        show: Show::for_stderr(args.quiet),
    };
    let runs = campaign::run(&plan, &mut io::stderr());
    let interrupted = interrupt::requested();
    let mut failed = false;
    let mut verdicts: Vec<(String, usize)> = Vec::new();
    for run in &runs {
        println!(
            "\n== {}: {} cases in {:.2}s ({:.0} cases/s), seed {seed}{}",
            run.slug,
            run.cases,
            run.elapsed.as_secs_f64(),
            run.cases_per_second(),
            if run.interrupted {
                " (interrupted)"
            } else {
                ""
            }
        );
        print!("{}", run.census.table());
        if let Some(e) = &run.error {
            println!("error: {e}");
            failed = true;
        }
        if let Some(d) = &run.disagreement {
            println!();
            anstream::print!("{}", d.report_styled());
            failed = true;
            let name = d.verdict.describe(&d.comparison.subject);
            match verdicts.iter_mut().find(|(n, _)| *n == name) {
                Some((_, count)) => *count += 1,
                None => verdicts.push((name, 1)),
            }
        }
    }
    let findings: usize = verdicts.iter().map(|(_, c)| c).sum();
    let kinds = if verdicts.is_empty() {
        String::new()
    } else {
        let list: Vec<String> = verdicts.iter().map(|(n, c)| format!("{c} {n}")).collect();
        format!(" ({})", list.join(", "))
    };
    let verdict = if interrupted {
        "INTERRUPTED"
    } else if failed {
        "FAILED"
    } else {
        "ok"
    };
    println!(
        "\n{verdict}: {} case(s) in {} game(s), {findings} finding(s){kinds}",
        runs.iter().map(|r| r.cases).sum::<u64>(),
        runs.len(),
    );
    let info = RunInfo {
        seed,
        jobs,
        subject: &subject_name,
        interrupted,
    };
    for (format, path) in &reports {
        let text = match format {
            ReportFormat::Json => report::json(&info, &runs),
            ReportFormat::Junit => report::junit(&info, &runs),
        };
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("error: cannot write the report {}: {e}", path.display());
            failed = true;
        }
    }
    Ok(if interrupted {
        ExitCode::from(130)
    } else if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// A report format of `--report`.
enum ReportFormat {
    Json,
    Junit,
}

/// The `--report FORMAT FILE` pairs, checked before the run starts.
fn report_targets(words: &[String]) -> Result<Vec<(ReportFormat, PathBuf)>, Usage> {
    words
        .chunks(2)
        .map(|pair| {
            let format = match pair[0].as_str() {
                "json" => ReportFormat::Json,
                "junit" => ReportFormat::Junit,
                other => {
                    return Err(Usage(format!(
                        "unknown report format `{other}` (use json or junit)"
                    )))
                }
            };
            Ok((format, PathBuf::from(&pair[1])))
        })
        .collect()
}
