//! `boardfuzz list`: the games, their problem ids and the settings each one takes.

use std::process::ExitCode;

use crate::game::Games;
use crate::game::Scope;

use super::CliResult;

/// Prints every game of `games` with its settings.
pub fn run(games: &Games) -> CliResult {
    for g in games.all() {
        outln!("{:<14} {:<10} {}", g.slug(), g.problem(), g.title());
        for s in g.settings() {
            let scope = match s.scope {
                Scope::Both => "engine and reference",
                Scope::EngineOnly => "engine only: solve",
                Scope::Generator => "generation: gen, check",
            };
            outln!("    {:<24} {} ({scope})", s.flag(), s.help);
        }
    }
    Ok(ExitCode::SUCCESS)
}
