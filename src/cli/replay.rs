//! `boardfuzz replay`: every corpus entry through engine and reference, each with the settings
//! recorded beside it (`NAME.args`).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::harness::corpus;

use crate::game::Games;

use super::{selected, CliResult, InputLimit, Usage};

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// Games to replay; all games if none is given.
    games: Vec<String>,
    /// Corpus root folder.
    #[arg(long, default_value = "corpus")]
    corpus: PathBuf,
    #[command(flatten)]
    limit: InputLimit,
    /// Watchdog per entry and side: a side that does not answer in time is reported as a hang.
    #[arg(long, value_parser = super::parse_duration, default_value = "10s", value_name = "DURATION")]
    watchdog: std::time::Duration,
}

pub fn run(games: &Games, args: ReplayArgs) -> CliResult {
    let (mut passed, mut failed) = (0, 0);
    for game in selected(games, &args.games)? {
        let entries = corpus::load_game_with_limit(&args.corpus, game, args.limit.max_input)
            .map_err(Usage)?;
        for entry in entries {
            let verdict = entry.replay_watched(game, args.watchdog);
            if verdict.passed() {
                passed += 1;
            } else {
                failed += 1;
                outln!("FAIL {}: {verdict}", entry.path.display());
            }
        }
    }
    outln!("replay: {passed} passed, {failed} failed");
    Ok(if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
