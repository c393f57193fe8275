//! `boardfuzz repro`: one case — a judge-text file or a raw libFuzzer artifact — through both
//! sides, with the input, both outputs and the first divergence; `--shrink` and `--save`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Args;

use crate::game::{Fault, Options};
use crate::harness::case::file::{read_case, ReadAs, Refused};
use crate::harness::programs::subject::Subject;
use crate::harness::run::campaign::Budget;
use crate::harness::run::hang::{shrink_hang, Hang};
use crate::harness::run::interrupt;
use crate::harness::run::progress::{Meter, Show};
use crate::harness::run::watchdog::within;
use crate::harness::{
    census_within, compare_watched, keep::corpus, minimize_watched, Disagreement, Side, Verdict,
};

use crate::game::Games;

use super::settings::Given;
use super::{find_game, read_file, CliResult, InputLimit, SolutionArgs, Usage};

#[derive(Args, Debug)]
#[command(mut_arg("solution", |a| a.num_args(1).help(
    "Replay against this command instead of the engine (one; a source file is compiled \
     once, cached): any program that reads judge input on stdin and writes the answer on \
     stdout, e.g. `--solution \"python3 sol.py\"`, judged as `check --solution` judges it"
)))]
pub struct ReproArgs {
    /// Game slug or problem id.
    game: String,
    /// A judge input file or a fuzz artifact.
    file: PathBuf,
    /// Treat FILE as a raw artifact of the structured fuzz target `<game>`.
    #[arg(long, conflicts_with = "text")]
    artifact: bool,
    /// Treat FILE as judge text (e.g. an artifact of the `<game>_parse` target).
    #[arg(long)]
    text: bool,
    /// Shrink the case before showing it (if the two disagree): by the game's own structural
    /// shrinker where it has one (Game::parse_case and Game::shrink), else as judge text by
    /// the generic shrinker. A progress line shows the smallest failing case so far; Ctrl-C
    /// stops the shrink and shows it.
    #[arg(long)]
    shrink: bool,
    /// The budget of --shrink (e.g. 30s, 5m): no candidate starts after it, and the smallest
    /// failing case so far is shown. No limit by default.
    #[arg(long, value_parser = super::parse_duration, requires = "shrink", value_name = "DURATION")]
    time: Option<Duration>,
    /// No progress display while shrinking.
    #[arg(long, short = 'q')]
    quiet: bool,
    /// Add the case to the corpus (with the reference's answer as expected output).
    #[arg(long)]
    save: bool,
    /// Corpus root folder for --save.
    #[arg(long, default_value = "corpus")]
    corpus: PathBuf,
    #[command(flatten)]
    solution: SolutionArgs,
    #[command(flatten)]
    limit: InputLimit,
}

pub fn run(games: &Games, args: ReproArgs, given: &Given) -> CliResult {
    let game = find_game(games, &args.game)?;
    let mut options = given.options_for(game, "repro")?;
    let from_command_line = options != Options::new();
    // A corpus entry's recorded settings apply unless the command line gives its own.
    if !from_command_line {
        options = corpus::args_beside(&args.file, game.settings()).map_err(Usage)?;
    }
    let file: &Path = &args.file;
    let bytes = read_file(file, args.limit.max_input)?;
    let watchdog = args.solution.watchdog;
    let read_as = match (args.artifact, args.text) {
        (true, _) => ReadAs::Artifact,
        (_, true) => ReadAs::Text,
        _ => ReadAs::Guess,
    };
    let (text, how, case_options) = match read_case(game, file, read_as, &bytes, &options, watchdog)
    {
        Ok(read) => read,
        Err(Refused::Unreadable(why)) => return Err(Usage(why)),
        Err(Refused::Hang(what)) => {
            outln!("FINDING in {}: {what}", game.slug());
            return Ok(ExitCode::FAILURE);
        }
    };
    // So do the settings a structured artifact's case was fuzzed under (a short turn limit,
    // `--no-strict` for fewer dice).
    if !from_command_line && case_options != Options::new() {
        options = case_options;
    }
    // A judge-text file is replayed byte for byte (it may not even be UTF-8).
    let mut raw: Vec<u8> = if how.starts_with("judge text") {
        bytes
    } else {
        text.clone().into_bytes()
    };
    outln!("{} read as {how}", file.display());
    if !options.to_args().is_empty() {
        outln!("settings: {options}");
    }
    let subject = args.solution.subject()?;
    let origin = format!("repro of {}", file.display());
    // Every call into game code runs under the watchdog `check` uses: the answers within
    // `watchdog` (the reference plus 100x the subject's time), then census, trace and self-check
    // code within `watchdog` plus 100x the time both answers took.
    let judge = |raw: &[u8]| {
        let started = Instant::now();
        let comparison = compare_watched(game, &subject, raw, &options, watchdog);
        let limit = watchdog + started.elapsed() * 100;
        let census = comparison
            .agrees()
            .then(|| census_within(game, raw, &options, limit));
        let verdict = match &census {
            Some(Err((fault, _))) => Verdict::Fault {
                side: Side::Census,
                fault: *fault,
            },
            _ => comparison.verdict(),
        };
        (comparison, census, verdict, limit)
    };
    let (mut comparison, mut census, verdict, mut limit) = judge(&raw);
    let mut notes = Vec::new();
    let mut hang_report = None;
    let shrinking = args.shrink && verdict != Verdict::Agree;
    if shrinking {
        interrupt::install().map_err(Usage)?;
    }
    let deadline = args.time.map(|t| Instant::now() + t);
    let mut meter = Meter::new(game.slug(), Budget::Cases(1), Show::for_stderr(args.quiet));
    // Only a shrink's spinner: no bar of cases for the one case there is.
    meter.finish();
    let what = verdict.describe(&subject);
    let text_now = String::from_utf8_lossy(&raw).into_owned();
    if shrinking {
        if let Verdict::Fault {
            side,
            fault: Fault::Hang,
        } = verdict
        {
            // As `check` does: each candidate in a child process, killed at the watchdog.
            let hang = Hang {
                input: String::from_utf8_lossy(&raw).into_owned(),
                side,
                limit: watchdog,
                origin: origin.clone(),
            };
            let exe = std::env::current_exe().ok();
            let mut spin = meter.shrinking(&mut std::io::stderr(), &what, &text_now);
            let d = shrink_hang(
                game,
                &subject,
                &options,
                exe.as_deref(),
                hang,
                deadline,
                &mut |input, tries| spin.update(&mut std::io::stderr(), input, tries),
            );
            spin.finish(&mut std::io::stderr(), game.slug(), &d.input, !args.quiet);
            raw = d.input.clone().into_bytes();
            comparison = d.comparison.clone();
            hang_report = Some(d);
        } else {
            let answered = crate::harness::answered(&comparison.reference);
            let spin = Arc::new(Mutex::new(meter.shrinking(
                &mut std::io::stderr(),
                &what,
                &text_now,
            )));
            let on_best = {
                let spin = Arc::clone(&spin);
                Box::new(move |input: &str, tries: u64| {
                    let mut spin = spin.lock().unwrap_or_else(|e| e.into_inner());
                    spin.update(&mut std::io::stderr(), input, tries);
                })
            };
            let shrunk = minimize_watched(
                game, &subject, &text, &options, verdict, answered, watchdog, deadline, on_best,
            );
            if let Ok(spin) = Arc::try_unwrap(spin) {
                let spin = spin.into_inner().unwrap_or_else(|e| e.into_inner());
                spin.finish(
                    &mut std::io::stderr(),
                    game.slug(),
                    &shrunk.input,
                    !args.quiet,
                );
            }
            notes.extend(shrunk.stopped.map(str::to_string));
            notes.extend(game.shrink_note(&shrunk.input));
            if let Some(overrun) = shrunk.cut_short {
                notes.push(format!(
                    "shrinking stopped: a smaller candidate hung in {} (over {:?}); this is the \
                     smallest failing case before it",
                    overrun.what, overrun.limit
                ));
            }
            raw = shrunk.input.into_bytes();
            (comparison, census, _, limit) = judge(&raw);
        }
    }
    let census_fails = matches!(census, Some(Err(_)));
    // What the structured fuzz target checks beyond the answers (traces, census, the engine's
    // self-checks), on the cases it checks them on: an artifact it saved for such a failure
    // reproduces here too.
    let deep_failure = if hang_report.is_none()
        && comparison.agrees()
        && !census_fails
        && matches!(subject, Subject::Engine)
        && raw.len() <= game.deep_share().1
    {
        let (input, deep_options) = (raw.clone(), options.clone());
        within(limit, move || {
            crate::fuzzing::deep_check(game, &input, &deep_options).err()
        })
        .unwrap_or_else(|| Some(format!("no result after {limit:?} (watchdog)")))
    } else {
        None
    };
    let mut saved = None;
    if args.save {
        let dir = corpus::dir(&args.corpus, game.slug());
        super::sweep(&dir);
        let s = corpus::save(&dir, &raw, &comparison.reference, None, &options)
            .map_err(|e| Usage(format!("cannot save to {}: {e}", dir.display())))?;
        outln!(
            "{} {}",
            match s {
                corpus::Saved::New(_) => "saved as",
                corpus::Saved::Existing(_) => "already in the corpus as",
            },
            s.path().display()
        );
        saved = Some(s.path().to_path_buf());
    }
    // A finding shown after Ctrl-C ended the shrink: the run was interrupted.
    let found = if interrupt::requested() {
        ExitCode::from(130)
    } else {
        ExitCode::FAILURE
    };
    if let Some(mut d) = hang_report {
        d.saved = saved;
        styled!("{}", super::finding_on_screen(&d));
        return Ok(found);
    }
    if comparison.agrees() && !census_fails {
        outln!("--- input ---");
        out!(
            "{}",
            super::input_on_screen(game.slug(), &String::from_utf8_lossy(&raw))
        );
        outln!("--- {} and reference agree ---", subject.label());
        out!("{}", comparison.reference);
        match deep_failure {
            None => Ok(ExitCode::SUCCESS),
            Some(why) => {
                outln!("--- but the deep check fails (traces, census, self-checks) ---");
                outln!("{why}");
                Ok(ExitCode::FAILURE)
            }
        }
    } else {
        // The comparison of the raw bytes is kept: re-running it on a lossy UTF-8 copy would
        // report on a different input when the file is not UTF-8.
        let mut d = Disagreement::from_comparison_watched(
            game,
            String::from_utf8_lossy(&raw).into_owned(),
            comparison,
            census,
            &options,
            origin,
            limit,
        );
        d.notes.extend(notes);
        d.saved = saved;
        styled!("{}", super::finding_on_screen(&d));
        Ok(found)
    }
}
