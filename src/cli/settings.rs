//! Game settings on the command line: every setting some game declares becomes a flag of the
//! subcommands it makes sense for, and the values given are checked against the chosen game's own
//! declaration (a flag the game does not take is a usage error, exit 2).
//!
//! | subcommand | settings it takes |
//! |---|---|
//! | `solve` | both-sides and engine-only settings (`--reference` refuses engine-only ones) |
//! | `check` | both-sides and generator settings |
//! | `repro` | both-sides settings |
//! | `gen`   | both-sides and generator settings |

use clap::{Arg, ArgAction, ArgMatches};

use crate::game::{DynGame, Games, Kind, Options, Scope, Setting};

use super::Usage;

/// The scopes of settings each subcommand takes.
pub fn scopes(subcommand: &str) -> &'static [Scope] {
    match subcommand {
        "solve" => &[Scope::Both, Scope::EngineOnly],
        "check" | "gen" => &[Scope::Both, Scope::Generator],
        "repro" => &[Scope::Both],
        _ => &[],
    }
}

/// Every declared setting, once per name, with the games that declare it.
fn declared(games: &Games) -> Vec<(Setting, Vec<&'static str>)> {
    let mut out: Vec<(Setting, Vec<&'static str>)> = Vec::new();
    for game in games.all() {
        for s in game.settings() {
            match out.iter_mut().find(|(d, _)| d.name == s.name) {
                Some((_, slugs)) => slugs.push(game.slug()),
                None => out.push((*s, vec![game.slug()])),
            }
        }
    }
    out
}

/// The command with a flag for every game setting on the subcommands that take it.
pub fn with_game_flags(mut command: clap::Command, games: &Games) -> clap::Command {
    for sub in ["solve", "check", "repro", "gen"] {
        // (`solve`'s own command has no other: [`super::solve::alone`].)
        if command.find_subcommand(sub).is_none() {
            continue;
        }
        let allowed = scopes(sub);
        command = command.mut_subcommand(sub, |mut c| {
            for (s, slugs) in declared(games) {
                let help = format!("{} [{}]", s.help, slugs.join(", "));
                // A setting the subcommand does not take is still parsed (hidden), so that it
                // gets the same "GAME does not take --FLAG with `SUB`" as a setting of another
                // game does, not clap's "unexpected argument".
                let arg = Arg::new(s.name)
                    .long(s.name)
                    .help(help)
                    .hide(!allowed.contains(&s.scope))
                    .help_heading("Game settings (`list` shows each game's)");
                c = c.arg(match s.kind {
                    Kind::Switch => arg.action(ArgAction::SetTrue),
                    _ => arg.action(ArgAction::Set).value_name(s.value_name),
                });
            }
            c
        });
    }
    command
}

/// The command with the games' slugs and problem ids as the possible values of every GAME
/// argument: for completion scripts, which then complete game names. (Parsing keeps its own
/// check, whose error lists the known games.)
pub fn with_game_names(mut command: clap::Command, games: &Games) -> clap::Command {
    let names: Vec<&'static str> = games
        .all()
        .iter()
        .flat_map(|g| [g.slug(), g.problem()])
        .collect();
    for (sub, arg) in [
        ("solve", "game"),
        ("check", "games"),
        ("repro", "game"),
        ("gen", "game"),
        ("replay", "games"),
        ("census", "game"),
    ] {
        let names = names.clone();
        command = command.mut_subcommand(sub, |mut c| {
            // `mut_arg` moves an argument to the end: every positional is moved, in its order,
            // so the order (and so each one's place on the command line) stays as it was.
            let positionals: Vec<String> = c
                .get_positionals()
                .map(|a| a.get_id().to_string())
                .collect();
            for id in positionals {
                let names = names.clone();
                c = c.mut_arg(id.as_str(), |a| {
                    if id == arg {
                        a.value_parser(clap::builder::PossibleValuesParser::new(names))
                    } else {
                        a
                    }
                });
            }
            c
        });
    }
    command
}

/// The game settings given on a command line: names, and the raw value of each valued one.
#[derive(Debug, Default)]
pub struct Given {
    values: Vec<(&'static str, Option<String>)>,
}

impl Given {
    /// The game settings given in a subcommand's matches, for any game of `games`.
    pub fn from_matches(matches: &ArgMatches, games: &Games) -> Given {
        let mut values = Vec::new();
        for (s, _) in declared(games) {
            if !matches.try_contains_id(s.name).unwrap_or(false) {
                continue;
            }
            match s.kind {
                Kind::Switch => {
                    if matches.get_flag(s.name) {
                        values.push((s.name, None));
                    }
                }
                _ => {
                    if let Some(v) = matches.get_one::<String>(s.name) {
                        values.push((s.name, Some(v.clone())));
                    }
                }
            }
        }
        Given { values }
    }

    /// The options for `game`, which must declare every given setting with a scope `subcommand`
    /// takes.
    pub fn options_for(&self, game: &dyn DynGame, subcommand: &str) -> Result<Options, Usage> {
        let mut options = Options::new();
        for (name, raw) in &self.values {
            let setting = game
                .settings()
                .iter()
                .find(|s| s.name == *name && scopes(subcommand).contains(&s.scope))
                .ok_or_else(|| {
                    Usage(format!(
                        "{} does not take --{name} with `{subcommand}` (run `{} list` for \
                         each game's settings)",
                        game.slug(),
                        crate::harness::program()
                    ))
                })?;
            let value = setting.value(raw.as_deref().unwrap_or("")).map_err(Usage)?;
            options.set(setting.name, value);
        }
        Ok(options)
    }

    /// The engine-only setting given, if any (`solve --reference` refuses it).
    pub fn engine_only(&self, game: &dyn DynGame) -> Option<&'static str> {
        self.values.iter().map(|(n, _)| *n).find(|n| {
            game.settings()
                .iter()
                .any(|s| s.name == *n && s.scope == Scope::EngineOnly)
        })
    }
}
