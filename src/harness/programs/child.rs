//! The child contract: how the harness asks a child process to answer one input with one side of
//! a game. A thread that hangs cannot be stopped, so a hang is shrunk by running each candidate in
//! a child — the program's own `solve` subcommand, the input on its stdin — under the limit the
//! watchdog used, and killing what does not answer in time ([`hangs`]).
//!
//! Everything the contract names is defined here once: the subcommand ([`SUBCOMMAND`]), the flag
//! that picks the reference ([`REFERENCE_FLAG`]), the order of the words ([`command`]). The command
//! line declares `solve` with these names (so a renamed flag renames both ends), and the rest of
//! the harness builds child commands only through [`command`]. A game's settings are passed as the
//! words a corpus `NAME.args` file holds ([`Options::to_args`]); an input over the default input
//! limit is passed with `--max-input` ([`input::MAX_INPUT_FLAG`]) so that the child reads it whole.

use std::io;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use crate::game::{DynGame, Options};
use crate::harness::case::input::{self, DEFAULT_MAX_INPUT};
use crate::harness::programs::process::{self, Ended, Finished, Limits};
use crate::harness::{Side, Subject};

/// The subcommand a child runs: answer one judge input read from stdin.
pub const SUBCOMMAND: &str = "solve";

/// The flag (without its `--`) that makes a child answer with the literal reference instead of
/// the engine.
pub const REFERENCE_FLAG: &str = "reference";

/// Which side of a game a child answers with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Solver {
    /// The game's optimized engine (`solve GAME`).
    Engine,
    /// The game's literal reference (`solve GAME --reference`).
    Reference,
}

impl Solver {
    /// The child that reproduces a hang of `side` when `subject` is checked, if there is one: the
    /// engine or the reference. An external solution has its own time limit and never hangs a run;
    /// census code has no child to run it.
    pub fn for_hang(side: Side, subject: &Subject) -> Option<Solver> {
        match (side, subject) {
            (Side::Reference, _) => Some(Solver::Reference),
            (Side::Subject, Subject::Engine) => Some(Solver::Engine),
            _ => None,
        }
    }
}

/// The command that makes the program at `exe` answer an input of `input_len` bytes (given on its
/// stdin) with `solver`'s side of `game`, under the settings of `options` that change an answer
/// (generator settings are left out).
pub fn command(
    exe: &Path,
    game: &dyn DynGame,
    solver: Solver,
    options: &Options,
    input_len: usize,
) -> Command {
    let mut cmd = Command::new(exe);
    cmd.arg(SUBCOMMAND)
        .arg(game.slug())
        .args(options.for_running(game.settings()).to_args());
    if solver == Solver::Reference {
        cmd.arg(format!("--{REFERENCE_FLAG}"));
    }
    if input_len > DEFAULT_MAX_INPUT {
        cmd.arg(format!("--{}", input::MAX_INPUT_FLAG))
            .arg(input_len.to_string());
    }
    cmd
}

/// Runs the child of [`command`] on `input` with a time limit (and the default output cap).
pub fn run(
    exe: &Path,
    game: &dyn DynGame,
    solver: Solver,
    options: &Options,
    input: &[u8],
    limit: Duration,
) -> io::Result<Finished> {
    let cmd = command(exe, game, solver, options, input.len());
    process::run(
        cmd,
        input,
        Limits {
            timeout: limit,
            output_cap: process::DEFAULT_OUTPUT_CAP,
        },
    )
}

/// Whether the child of [`command`] still gives no answer on `input` within `limit` (it is then
/// killed). A child that cannot start does not hang.
pub fn hangs(
    exe: &Path,
    game: &dyn DynGame,
    solver: Solver,
    options: &Options,
    input: &[u8],
    limit: Duration,
) -> bool {
    matches!(
        run(exe, game, solver, options, input, limit),
        Ok(f) if f.ended == Ended::TimedOut
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_names_the_side_and_only_the_settings_that_change_an_answer() {
        use crate::game::{dyn_game, Game, Kind, Outcome, Scope, Setting};
        use crate::settings::Value;
        const LIMIT: Setting = Setting {
            name: "turn-limit",
            help: "",
            kind: Kind::Number { min: 1, max: 99 },
            scope: Scope::Both,
            value_name: "L",
        };
        const SIDE: Setting = Setting {
            name: "side",
            help: "",
            kind: Kind::Number { min: 1, max: 9 },
            scope: Scope::Generator,
            value_name: "N",
        };
        struct Toy;
        impl Game for Toy {
            type Case = u8;
            const SLUG: &'static str = "toy";
            const SETTINGS: &'static [Setting] = &[LIMIT, SIDE];
            fn render(case: &u8) -> String {
                format!("{case}\n")
            }
            fn engine(_: &[u8], _: &Options) -> Outcome {
                Outcome::Output(String::new())
            }
            fn reference(_: &[u8], _: &Options) -> Outcome {
                Outcome::Output(String::new())
            }
        }
        let toy = dyn_game::<Toy>();
        let options = Options::new()
            .with("turn-limit", Value::Number(50))
            .with("side", Value::Number(4));
        let words = |solver, len| -> Vec<String> {
            command(Path::new("/bin/bf"), toy, solver, &options, len)
                .get_args()
                .map(|a| a.to_string_lossy().into_owned())
                .collect()
        };
        assert_eq!(
            words(Solver::Reference, 10),
            ["solve", "toy", "--turn-limit", "50", "--reference"]
        );
        let big = DEFAULT_MAX_INPUT + 1;
        assert_eq!(
            words(Solver::Engine, big),
            [
                "solve".to_string(),
                "toy".into(),
                "--turn-limit".into(),
                "50".into(),
                "--max-input".into(),
                big.to_string()
            ]
        );
        assert_eq!(
            Solver::for_hang(Side::Subject, &Subject::Engine),
            Some(Solver::Engine)
        );
        assert_eq!(Solver::for_hang(Side::Census, &Subject::Engine), None);
    }
}
