//! `boardfuzz solve`: one judge input through the engine or the reference.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::game::Outcome;
use crate::harness::programs::child;

use crate::game::Games;

use super::settings::{self, Given};
use super::{find_game, read_input, CliResult, Color, InputLimit, Usage};

/// `boardfuzz solve …` parsed without the rest of the command tree ([`alone`]): `solve` with
/// the global `--color`, the same flags, help and errors as in the whole command.
#[derive(clap::Parser, Debug)]
#[command(name = "boardfuzz")]
struct SolveAlone {
    #[command(subcommand)]
    command: SolveCommand,
    /// When to colour the output: auto (a terminal, unless NO_COLOR is set), always, never.
    // (display_order: listed after solve's own flags, as the whole command lists it.)
    #[arg(long, global = true, value_enum, default_value_t = Color::Auto, display_order = 100)]
    color: Color,
}

#[derive(clap::Subcommand, Debug)]
enum SolveCommand {
    /// Answer one judge input (from FILE or stdin) with the engine or the reference.
    #[command(name = child::SUBCOMMAND)]
    Solve(SolveArgs),
}

/// A `solve` run (the first argument `solve`), done without building every subcommand's flags
/// and the games' settings for each: `None` for any other command. Building them was 0.87M of
/// the 1.52M instructions a dice_yut case cost (valgrind), where the search was 0.66M — a cost
/// paid once per case by every check of an external solution and every `solve` a script runs.
pub(super) fn alone(games: &Games, program: &str) -> Option<CliResult> {
    let first = std::env::args_os().nth(1);
    if first.as_deref() != Some(std::ffi::OsStr::new(child::SUBCOMMAND)) {
        return None;
    }
    let name: &'static str = Box::leak(program.to_string().into_boxed_str());
    let command = <SolveAlone as clap::CommandFactory>::command()
        .name(name)
        .bin_name(name);
    let matches = settings::with_game_flags(command, games).get_matches();
    let cli = <SolveAlone as clap::FromArgMatches>::from_arg_matches(&matches)
        .unwrap_or_else(|e| e.exit());
    super::out::color_choice(cli.color);
    let given = matches
        .subcommand()
        .map(|(_, sub)| Given::from_matches(sub, games))
        .unwrap_or_default();
    let SolveCommand::Solve(args) = cli.command;
    Some(run(games, args, &given))
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// `solve`'s help (its flags, the games' settings, `--color`) as the whole command tree
    /// gives it: what [`alone`] parses is what `boardfuzz solve` always took.
    #[test]
    fn solve_alone_takes_the_flags_and_help_of_the_whole_command() {
        let games = crate::games::builtin();
        let help = |command: clap::Command| {
            let mut command = settings::with_game_flags(command, &games);
            command.build();
            let solve = command.find_subcommand_mut(child::SUBCOMMAND).unwrap();
            solve.render_long_help().to_string()
        };
        let whole = help(super::super::command("boardfuzz"));
        assert!(
            whole.contains("--max-input") && whole.contains("--color"),
            "{whole}"
        );
        assert!(
            whole.contains("--no-strict"),
            "the games' settings: {whole}"
        );
        assert_eq!(help(SolveAlone::command()), whole);
    }
}
