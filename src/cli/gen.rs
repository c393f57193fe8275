//! `boardfuzz gen`: one random valid judge input.

use std::process::ExitCode;

use clap::Args;

use crate::rng::Rng;

use crate::game::Games;

use super::settings::Given;
use super::{clock_seed, find_game, CliResult, Usage};

#[derive(Args, Debug)]
pub struct GenArgs {
    /// Game slug or problem id.
    game: String,
    /// Seed (default: from the clock; printed to stderr).
    #[arg(long)]
    seed: Option<u64>,
    /// Print case I of a `check` run seeded with --seed instead (the same text `check` ran).
    #[arg(long, value_name = "I", requires = "seed")]
    case: Option<u64>,
}

pub fn run(games: &Games, args: GenArgs, given: &Given) -> CliResult {
    let game = find_game(games, &args.game)?;
    let options = given.options_for(game, "gen")?;
    let seed = args.seed.unwrap_or_else(|| {
        let s = clock_seed();
        eprintln!("seed {s}");
        s
    });
    let seed = match args.case {
        Some(index) => Rng::case_seed(seed, index),
        None => seed,
    };
    let text = game
        .generate(&mut Rng::new(seed), &options)
        .map_err(|e| Usage(format!("cannot generate a {} case: {e}", game.slug())))?;
    out!("{text}");
    Ok(ExitCode::SUCCESS)
}
