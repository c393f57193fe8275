//! `boardfuzz check`: the campaign — random valid cases through the engine (or an external
//! solution) and the reference, a census table and the clause coverage per game, and on a
//! disagreement a shrunk, saved, printed case and exit 1.

use std::io;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use crate::game::{DynGame, Fault, Outcome};
use crate::harness::programs::subject::CONFIRM_RUNS;
use crate::harness::programs::{process, warm};
use crate::harness::run::campaign::{self, Budget, Entrant, Plan, Shard};
use crate::harness::run::progress::Show;
use crate::harness::run::watchdog;
use crate::harness::write::report::RunInfo;
use crate::harness::{keep::corpus, run::interrupt, Subject};

use crate::game::Games;

use super::flags::RunArgs;
use super::settings::Given;
use super::summary::summary;
use super::{clock_seed, selected, CliResult, SolutionArgs, Usage};
use crate::harness::write::targets::{report_targets, write_reports};

#[derive(Args, Debug)]
#[command(mut_arg("cases", |a| a.help("Number of cases per game (default 10000)")))]
pub struct CheckArgs {
    /// Games to check (slug or problem id); all games if none is given.
    games: Vec<String>,
    #[command(flatten)]
    run: RunArgs,
    /// Corpus root folder to save the engine's findings in (default: corpus). Findings of a
    /// --solution go to --findings instead, unless this is given.
    #[arg(long)]
    corpus: Option<PathBuf>,
    /// Folder to save the findings of a --solution in (`<DIR>/<game>/`), apart from the
    /// regression corpus of the engines.
    #[arg(long, default_value = "findings", value_name = "DIR")]
    findings: PathBuf,
    /// Do not save disagreements to the corpus.
    #[arg(long)]
    no_save: bool,
    /// Run the deep checks — both per-turn traces, both censuses, the engine's self-checks — on
    /// one case in N whose answers agree (0: none; default 32, about a tenth of the run's time).
    /// A failing deep check is a finding like a wrong answer, shrunk keeping its kind. Engine
    /// runs only.
    #[arg(long, value_name = "N")]
    deep_share: Option<u32>,
    #[command(flatten)]
    solution: SolutionArgs,
}

pub fn run(games: &Games, mut args: CheckArgs, given: &Given) -> CliResult {
    // `check --solution a.py b.py yut_nori`: the list of --solution ends at a word that names a
    // game and no file.
    let (named, solutions) = std::mem::take(&mut args.solution.solution)
        .into_iter()
        .partition(|word| games.find(word).is_some() && !std::path::Path::new(word).exists());
    args.games.extend::<Vec<String>>(named);
    args.solution.solution = solutions;
    let games = selected(games, &args.games)?;
    if !args.solution.solution.is_empty() && games.len() != 1 {
        return Err(Usage(format!(
            "--solution checks one game: name it (e.g. `check {} --solution …`); {} were selected",
            games.first().map_or("GAME", |g| g.slug()),
            games.len()
        )));
    }
    let mut options = None;
    for g in &games {
        options = Some(given.options_for(*g, "check")?);
    }
    let options = options.ok_or_else(|| Usage("no game to check".into()))?;
    let budget = args.run.budget(10_000);
    let seed = args.run.seed.unwrap_or_else(clock_seed);
    let reports = report_targets(&args.run.report).map_err(Usage)?;
    let solutions = args.solution.subjects()?;
    let entrants = entrants(games[0], &solutions, &args.solution.solution);
    let subject = entrants[0].subject.clone();
    let jobs = args.run.jobs()?;
    // Ctrl-C is handled from here on: a solution the probe runs is killed with the rest.
    interrupt::install().map_err(Usage)?;
    let probed = probe_solutions(games[0], &solutions, seed, &options, args.solution.watchdog);
    if let (Err(usage), false) = (probed, interrupt::requested()) {
        return Err(usage);
    }
    let commands: Vec<&str> = solutions.iter().filter_map(Subject::command).collect();
    let subject_name = match &commands[..] {
        [] => "engine".to_string(),
        commands => commands.join(" "),
    };
    // The engines' findings join the regression corpus; a solution's go to a folder of their own.
    let corpus = (!args.no_save).then(|| match (&subject, args.corpus) {
        (_, Some(corpus)) => corpus,
        (Subject::Engine, None) => PathBuf::from("corpus"),
        (Subject::Solution { .. }, None) => args.findings,
    });
    if let Some(root) = &corpus {
        for game in &games {
            for entrant in &entrants {
                super::sweep(&corpus::dir(root, entrant.run_name(*game)));
            }
        }
    }
    let shard = args.run.shard();
    eprintln!(
        "{} check: {} against the reference, {} game(s), {}, {jobs} job(s), seed {seed}{}{}",
        crate::harness::program(),
        solutions
            .iter()
            .map(|subject| match subject {
                Subject::Engine => "engine".to_string(),
                Subject::Solution { command, .. } => {
                    format!("solution `{command}` ({})", warm::how_started(command))
                }
            })
            .reduce(|a, b| format!("{a}, {b}"))
            .unwrap_or_else(|| "engine".into()),
        games.len(),
        match budget {
            Budget::Cases(n) => format!("{n} cases each"),
            Budget::Time(t) => format!("{t:?} (shrinking included, {:?} grace)", campaign::GRACE),
        },
        shard_words(shard),
        match &corpus {
            Some(dir) => format!(", findings saved in {}", dir.display()),
            None => String::new(),
        }
    );
    let plan = Plan {
        games,
        budget,
        seed,
        shard,
        options,
        entrants,
        corpus,
        jobs,
        watchdog: args.solution.watchdog,
        solver: std::env::current_exe().ok(),
        show: Show::for_stderr(args.run.quiet),
        deep_one_in: args.deep_share,
        reference_faults_are_findings: true,
        verbose: false,
        margins: args.run.margins.margins(),
    };
    let runs = campaign::run(&plan, &mut io::stderr());
    let info = RunInfo {
        command: "check",
        seed,
        jobs,
        subject: &subject_name,
        interrupted: interrupt::requested(),
        shard,
        budget,
        settings: plan.options.to_args(),
        deep_share: args.deep_share,
        merged_from: Vec::new(),
        programs: None,
    };
    // The reports first: they are written whether or not stdout is read to the end.
    let failed = !write_reports(&reports, &info, &runs);
    let engine = matches!(subject, Subject::Engine);
    Ok(summary(&info, &runs, &plan.games, engine, failed))
}

/// What `check` judges: the engine, or each --solution (`lines`, as the user gave them). Of
/// several, each is named `<game>/<file-language>` (`yut_nori/sol-py`), its findings folder
/// under the findings root, and replayed by `repro` with its own flags.
fn entrants(game: &'static dyn DynGame, solutions: &[Subject], lines: &[String]) -> Vec<Entrant> {
    if solutions.len() < 2 {
        let subject = solutions.first().cloned().unwrap_or(Subject::Engine);
        return vec![Entrant::new(subject)];
    }
    let names = crate::harness::run::stress::file_names(lines);
    solutions
        .iter()
        .zip(names)
        .map(|(subject, name)| Entrant {
            name: Some(Box::leak(
                format!("{}/{name}", game.slug()).into_boxed_str(),
            )),
            ..Entrant::new(subject.clone())
        })
        .collect()
}

/// `, shard K/N (cases K, K+N, …)` for a shard, nothing for a whole run: what the first line of
/// a run says of its part.
fn shard_words(shard: Shard) -> String {
    if shard.is_whole() {
        return String::new();
    }
    format!(
        ", shard {shard} (cases {}, {}, {}, …)",
        shard.case(0),
        shard.case(1),
        shard.case(2)
    )
}

/// Runs each --solution on the two shortest of the run's first 16 cases the reference answers
/// (generated and answered once for all of them): a command that fails on both the same way (a
/// missing file, a syntax error, a wrong interpreter) cannot be checked, and is a usage error
/// with what it said, before anything is run or saved. The shortest, because a solution wrong
/// on every long case (a buffer sized from a misread limit) is a finding, not a setup error.
/// The generator and the reference run under the watchdog: one that hangs or fails here ends
/// the probe, and the campaign that follows reports it as a finding with its case.
fn probe_solutions(
    game: &'static dyn crate::game::DynGame,
    solutions: &[Subject],
    seed: u64,
    options: &crate::game::Options,
    watchdog: Duration,
) -> Result<(), Usage> {
    if solutions.is_empty() {
        return Ok(());
    }
    let mut inputs = Vec::new();
    for index in 0..16 {
        let case_options = options.clone();
        let valid = watchdog::within(watchdog, move || {
            let case_seed = crate::rng::Rng::case_seed(seed, index);
            let input = game.generate_case(case_seed, index, &case_options).ok()?;
            let answered = matches!(
                game.reference(input.as_bytes(), &case_options),
                Outcome::Output(_)
            );
            Some((input, answered))
        });
        match valid {
            Some(Some((input, true))) => inputs.push(input),
            Some(Some((_, false))) => continue,
            // The generator failed or hung, or the reference hung: the campaign reports it.
            _ => return Ok(()),
        }
    }
    inputs.sort_by_key(String::len);
    'solutions: for subject in solutions {
        let mut failures = Vec::new();
        for input in inputs.iter().take(2) {
            match subject.run(game, input.as_bytes(), options) {
                // A program killed by a signal did start: its crash is a finding, not a setup
                // error.
                Outcome::Failed {
                    fault: Fault::RuntimeError,
                    message,
                } if !message.starts_with(process::KILLED_BY_SIGNAL) => failures.push(message),
                Outcome::Failed {
                    fault: Fault::TimeLimit,
                    message,
                } => failures.push(format!("time limit: {message}")),
                _ => continue 'solutions,
            }
        }
        if let [first, second] = &failures[..] {
            let slow = |m: &str| m.starts_with("time limit: ");
            // Slow on both shortest cases, and again on each rerun of the shortest (a loaded
            // machine does not make it so): slow on every input.
            let slow_always = slow(first)
                && slow(second)
                && (1..CONFIRM_RUNS).all(|_| {
                    matches!(
                        subject.run(game, inputs[0].as_bytes(), options),
                        Outcome::Failed {
                            fault: Fault::TimeLimit,
                            ..
                        }
                    )
                });
            if slow_always {
                return Err(Usage(format!(
                    "--solution `{}` goes over its time limit on the two shortest of the first \
                     cases, so it cannot be checked (nothing was saved): it is slow on every \
                     input — does it wait for input it never gets, or sleep? ({})",
                    subject.command().unwrap_or(""),
                    first.trim_start_matches("time limit: ")
                )));
            }
            if first == second && !slow(first) {
                return Err(Usage(format!(
                    "--solution `{}` fails the same way on the two shortest of the first \
                     cases, so it cannot be checked (nothing was saved): {first}",
                    subject.command().unwrap_or("")
                )));
            }
        }
    }
    Ok(())
}
