//! `boardfuzz list`: the games, their problem ids and the settings each one takes.

use std::process::ExitCode;

use boardfuzz::game::Scope;
use boardfuzz::games;

use super::CliResult;

pub fn run() -> CliResult {
    for g in games::all() {
        println!("{:<14} {:<10} {}", g.slug(), g.problem(), g.title());
        for s in g.settings() {
            let scope = match s.scope {
                Scope::Both => "engine and reference",
                Scope::EngineOnly => "engine only: solve",
                Scope::Generator => "generation: gen, check",
            };
            println!("    {:<24} {} ({scope})", s.flag(), s.help);
        }
    }
    Ok(ExitCode::SUCCESS)
}
