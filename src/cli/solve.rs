//! `boardfuzz solve`: one judge input through the engine or the reference.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::game::Outcome;
use crate::harness::programs::child;

use crate::game::Games;

use super::settings::Given;
use super::{find_game, read_input, CliResult, InputLimit, Usage};

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Game slug or problem id.
    game: String,
    /// Judge input file; stdin if absent or `-`.
    file: Option<PathBuf>,
    /// Use the literal reference instead of the optimized engine.
    #[arg(long = child::REFERENCE_FLAG)]
    reference: bool,
    #[command(flatten)]
    limit: InputLimit,
}

pub fn run(games: &Games, args: SolveArgs, given: &Given) -> CliResult {
    let game = find_game(games, &args.game)?;
    let options = given.options_for(game, "solve")?;
    if args.reference {
        if let Some(name) = given.engine_only(game) {
            return Err(Usage(format!(
                "--{name} changes what the engine answers, so the reference does not answer it; \
                 use it without --reference"
            )));
        }
    }
    let input = read_input(args.file.as_deref(), args.limit)?;
    let outcome = if args.reference {
        game.reference(&input, &options)
    } else {
        game.engine(&input, &options)
    };
    match outcome {
        Outcome::Output(text) => {
            super::out::bytes(text.as_bytes());
            Ok(ExitCode::SUCCESS)
        }
        failed @ Outcome::Failed { .. } => {
            // A panic of game code: a finding, reported as one (exit 1), not a crash.
            eprint!(
                "{} {failed}",
                if args.reference {
                    "reference"
                } else {
                    "engine"
                }
            );
            Ok(ExitCode::FAILURE)
        }
        rejected => {
            eprint!("{rejected}");
            Ok(ExitCode::from(2))
        }
    }
}
