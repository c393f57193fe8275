//! `boardfuzz census`: which census tags a game's corpus hits (computed by the literal side where
//! the game's reference provides its tags), and `--fill` to search for the missing ones.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::game::Options;
use crate::harness::census::{self, Census};
use crate::harness::corpus;

use crate::game::Games;

use super::{find_game, CliResult, InputLimit, Usage};

#[derive(Args, Debug)]
pub struct CensusArgs {
    /// Game slug or problem id.
    game: String,
    /// Corpus root folder.
    #[arg(long, default_value = "corpus")]
    corpus: PathBuf,
    #[command(flatten)]
    limit: InputLimit,
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
}

pub fn run(games: &Games, args: CensusArgs) -> CliResult {
    let game = find_game(games, &args.game)?;
    let dir = corpus::dir(&args.corpus, game.slug());
    let mut entries =
        corpus::load_game_with_limit(&args.corpus, game, args.limit.max_input).map_err(Usage)?;
    let of_corpus = |entries: &[corpus::Entry]| {
        Census::of_corpus(game, entries).map_err(|e| {
            outln!("FINDING in {}: census panic on {e}", game.slug());
        })
    };
    let Ok(mut tally) = of_corpus(&entries) else {
        return Ok(ExitCode::FAILURE);
    };
    if args.fill {
        let options = Options::new();
        for tag in tally.missing() {
            let index = game.tags().iter().position(|t| *t == tag).unwrap_or(0);
            match census::find_example(game, index, args.seed, args.tries, &options) {
                Some(text) => {
                    let expected = game.reference(text.as_bytes(), &options);
                    let name = format!("census-{tag}");
                    let saved =
                        corpus::save(&dir, text.as_bytes(), &expected, Some(&name), &options)
                            .map_err(|e| Usage(format!("cannot save to {}: {e}", dir.display())))?;
                    eprintln!("{tag}: {}", saved.path().display());
                }
                None => eprintln!("{tag}: no example in {} cases", args.tries),
            }
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
    let missing = tally.missing();
    if missing.is_empty() {
        outln!("every tag is hit");
        Ok(ExitCode::SUCCESS)
    } else {
        outln!("never hit: {}", missing.join(", "));
        Ok(ExitCode::FAILURE)
    }
}
