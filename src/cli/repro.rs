//! `boardfuzz repro`: one case — a judge-text file or a raw libFuzzer artifact — through both
//! sides, with the input, both outputs and the first divergence; `--shrink` and `--save`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use crate::game::{DynGame, Fault, Options, Outcome};
use crate::harness::subject::Subject;
use crate::harness::{compare_watched, corpus, minimize, Disagreement, Verdict};

use crate::game::Games;

use super::settings::Given;
use super::{find_game, read_file, CliResult, InputLimit, SolutionArgs, Usage};

#[derive(Args, Debug)]
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
    /// Shrink the case structurally before showing it (if the two disagree).
    #[arg(long)]
    shrink: bool,
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

/// Decides how to read a repro FILE: judge text, or a raw artifact of the structured target (then
/// with the settings the fuzz target ran that case under, `Game::case_options`).
fn repro_input(
    game: &dyn DynGame,
    args: &ReproArgs,
    bytes: &[u8],
    options: &Options,
) -> Result<(String, &'static str, Options), Usage> {
    let file = &args.file;
    let as_artifact = |why: &'static str| {
        game.decode_fuzz_case(bytes)
            .map(|(t, case_options)| (t, why, case_options))
            .map_err(|e| {
                Usage(format!(
                    "{}: not a valid fuzz artifact: {e}",
                    file.display()
                ))
            })
    };
    let as_text_under = |why: &'static str, settings: Options| {
        Ok((String::from_utf8_lossy(bytes).into_owned(), why, settings))
    };
    let as_text = |why: &'static str| as_text_under(why, Options::new());
    if args.artifact {
        return as_artifact("raw artifact (--artifact)");
    }
    if args.text {
        return as_text("judge text (--text)");
    }
    // An artifact's folder names its fuzz target: artifacts/<slug>/ is the structured target,
    // artifacts/<slug>_parse/ feeds raw bytes to the parsers as judge text.
    let parent = file
        .parent()
        .and_then(|p| p.file_name())
        .and_then(|n| n.to_str())
        .unwrap_or("");
    if parent == game.slug() && file.components().any(|c| c.as_os_str() == "artifacts") {
        return as_artifact("raw artifact of the structured fuzz target");
    }
    if parent == format!("{}_parse", game.slug()) {
        // Under the settings the raw-bytes target judges its inputs with (`Game::raw_options`).
        return as_text_under(
            "judge text (artifact of the parse target)",
            game.raw_options(bytes),
        );
    }
    let accepted = |o: &Outcome| matches!(o, Outcome::Output(_));
    if std::str::from_utf8(bytes).is_ok()
        && (accepted(&game.engine(bytes, options)) || accepted(&game.reference(bytes, options)))
    {
        return as_text("judge text");
    }
    as_artifact("raw artifact (it is not a valid judge input)")
        .or_else(|_| as_text("judge text (neither side accepts it)"))
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
    let (text, how, case_options) = repro_input(game, &args, &bytes, &options)?;
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
    let watchdog = args.solution.watchdog;
    let started = std::time::Instant::now();
    let mut comparison = compare_watched(game, &subject, &raw, &options, watchdog);
    let verdict = comparison.verdict();
    let hangs = matches!(
        verdict,
        Verdict::Fault {
            fault: Fault::Hang,
            ..
        }
    );
    if args.shrink && hangs {
        outln!("note: a hang is not shrunk by repro; `boardfuzz check` shrinks hangs in child processes");
    } else if args.shrink && verdict != Verdict::Agree {
        let answered = crate::harness::answered(&comparison.reference);
        raw = minimize(
            game,
            &subject,
            &text,
            &options,
            verdict,
            answered,
            &mut |_| true,
        )
        .into_bytes();
        comparison = compare_watched(game, &subject, &raw, &options, watchdog);
    }
    // Census code runs in every campaign case: a panic there is a finding too.
    let census_fails = comparison.agrees() && game.census(&raw, &options).is_err();
    // What the structured fuzz target checks beyond the answers (traces, census, the engine's
    // self-checks), on the cases it checks them on: an artifact it saved for such a failure
    // reproduces here too. Under the watchdog the reference's answer had (the literal trace and
    // census cost a few times its answer): trace code that never returns is a failure too.
    let deep_failure = if comparison.agrees()
        && !census_fails
        && matches!(subject, Subject::Engine)
        && raw.len() <= game.deep_share().1
    {
        let limit = watchdog + started.elapsed() * 100;
        let (input, deep_options) = (raw.clone(), options.clone());
        crate::harness::campaign::within(limit, move || {
            crate::fuzzing::deep_check(game, &input, &deep_options).err()
        })
        .unwrap_or_else(|| Some(format!("no result after {limit:?} (watchdog)")))
    } else {
        None
    };
    let mut saved = None;
    if args.save {
        let dir = corpus::dir(&args.corpus, game.slug());
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
    if comparison.agrees() && !census_fails {
        outln!("--- input ---");
        out!("{}", String::from_utf8_lossy(&raw));
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
        let mut d = Disagreement::from_comparison(
            game,
            String::from_utf8_lossy(&raw).into_owned(),
            comparison,
            &options,
            format!("repro of {}", file.display()),
        );
        d.saved = saved;
        styled!("{}", d.report_styled());
        Ok(ExitCode::FAILURE)
    }
}
