//! `boardfuzz census`: which census tags a game's corpus hits (computed by the literal side where
//! the game's reference provides its tags) and the clauses those tags cite, and `--fill` to
//! search for the missing tags.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use crate::game::Options;
use crate::harness::write::census::{self, Census};
use crate::harness::{keep::corpus, run::watchdog};

use crate::game::Games;

use super::{find_game, CliResult, InputLimit, Usage};

#[derive(Args, Debug)]
pub struct CensusArgs {
    /// Game slug or problem id (may be left out when only one game is registered).
    game: Option<String>,
    /// Corpus root folder.
    #[arg(long, default_value = "corpus")]
    corpus: PathBuf,
    /// For every tag no entry hits, search random cases for one that does, shrink it (keeping
    /// the tag) and save it to the corpus with the reference's answer.
    #[arg(long)]
    fill: bool,
    /// Seed of the --fill search.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Cases to try per missing tag with --fill.
    #[arg(long, default_value_t = 200_000)]
    tries: u64,
    /// Watchdog per call into game code (census code, and with --fill the generator, the
    /// shrinker's candidates and the reference): a call that gives no result in time is reported
    /// as a hang.
    #[arg(long, value_parser = super::parse_duration, default_value = "10s", value_name = "DURATION")]
    watchdog: Duration,
    #[command(flatten)]
    limit: InputLimit,
}

pub fn run(games: &Games, args: CensusArgs) -> CliResult {
    let game = match (&args.game, games.all()) {
        (Some(name), _) => find_game(games, name)?,
        (None, [only]) => *only,
        (None, all) => {
            let names: Vec<&str> = all.iter().map(|g| g.slug()).collect();
            return Err(Usage(format!(
                "name the game to take the census of (one of: {})",
                names.join(", ")
            )));
        }
    };
    let dir = corpus::dir(&args.corpus, game.slug());
    let watchdog = args.watchdog;
    let mut entries =
        corpus::load_game_with_limit(&args.corpus, game, args.limit.max_input).map_err(Usage)?;
    let of_corpus = |entries: &[corpus::Entry]| {
        Census::of_corpus_watched(game, entries, watchdog).map_err(|(fault, e)| {
            outln!("FINDING in {}: census {fault} on {e}", game.slug());
        })
    };
    let Ok(mut tally) = of_corpus(&entries) else {
        return Ok(ExitCode::FAILURE);
    };
    if args.fill {
        super::sweep(&dir);
        let options = Options::new();
        for tag in tally.missing() {
            let index = game.tags().iter().position(|t| *t == tag).unwrap_or(0);
            let found = census::find_example_watched(
                game, index, args.seed, args.tries, &options, watchdog,
            );
            let text = match found {
                Ok(Some(text)) => text,
                Ok(None) => {
                    eprintln!("{tag}: no example in {} cases", args.tries);
                    continue;
                }
                Err(overrun) => {
                    outln!(
                        "FINDING in {}: {} hang while searching for a case that hits {tag} \
                         (no result after {:?}, watchdog)",
                        game.slug(),
                        overrun.what.trim_start_matches("the "),
                        overrun.limit
                    );
                    return Ok(ExitCode::FAILURE);
                }
            };
            let expected = {
                let (input, options) = (text.clone().into_bytes(), options.clone());
                watchdog::within(watchdog, move || game.reference(&input, &options))
            };
            let Some(expected) = expected else {
                outln!(
                    "FINDING in {}: reference hang on the case found for {tag} (no answer after \
                     {watchdog:?}, watchdog)\n--- input ---\n{text}",
                    game.slug()
                );
                return Ok(ExitCode::FAILURE);
            };
            let name = format!("census-{tag}");
            let saved = corpus::save(&dir, text.as_bytes(), &expected, Some(&name), &options)
                .map_err(|e| Usage(format!("cannot save to {}: {e}", dir.display())))?;
            eprintln!("{tag}: {}", saved.path().display());
        }
        entries = corpus::load_game_with_limit(&args.corpus, game, args.limit.max_input)
            .map_err(Usage)?;
        let Ok(filled) = of_corpus(&entries) else {
            return Ok(ExitCode::FAILURE);
        };
        tally = filled;
    }
    outln!("census of {} ({} entries)", dir.display(), entries.len());
    out!("{}", tally.table());
    outln!();
    out!("{}", tally.clause_table());
    let missing = tally.missing();
    if game.tags().is_empty() {
        outln!("the game declares no census tags, so none can be missed");
        Ok(ExitCode::SUCCESS)
    } else if missing.is_empty() {
        outln!("every tag is hit");
        Ok(ExitCode::SUCCESS)
    } else {
        outln!("never hit: {}", missing.join(", "));
        Ok(ExitCode::FAILURE)
    }
}
