//! `boardfuzz check`: the campaign — random valid cases through the engine (or an external
//! solution) and the reference, a census table per game, and on a disagreement a shrunk, saved,
//! printed case and exit 1.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use boardfuzz::harness::campaign::{self, Budget, Plan};
use boardfuzz::harness::Subject;

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
    let subject = args.solution.subject();
    eprintln!(
        "boardfuzz check: {} against the reference, {} game(s), {}, seed {seed}",
        match &subject {
            Subject::Engine => "engine".to_string(),
            Subject::Solution { command, .. } => format!("solution `{command}`"),
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
    };
    let runs = campaign::run(&plan, &mut io::stderr());
    let mut failed = false;
    for run in &runs {
        println!(
            "\n== {}: {} cases in {:.2}s ({:.0} cases/s), seed {seed}",
            run.slug,
            run.cases,
            run.elapsed.as_secs_f64(),
            run.cases_per_second()
        );
        print!("{}", run.census.table());
        if let Some(e) = &run.error {
            println!("error: {e}");
            failed = true;
        }
        if let Some(d) = &run.disagreement {
            println!();
            print!("{}", d.report());
            failed = true;
        }
    }
    let verdict = if failed { "FAILED" } else { "ok" };
    println!(
        "\n{verdict}: {} case(s) in {} game(s), {} disagreement(s)",
        runs.iter().map(|r| r.cases).sum::<u64>(),
        runs.len(),
        runs.iter().filter(|r| r.disagreement.is_some()).count()
    );
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
