//! The `boardfuzz` command line: `solve`, `check`, `repro`, `gen`, `replay`, `census`, `list`,
//! one module per subcommand over the library.
//!
//! Generic over games: a game is named by its slug or problem id, and game-specific flags are
//! built at run time from the settings each game declares ([`settings`]). Exit codes: 0 success,
//! 1 a finding (or a corpus entry that fails), 2 bad usage or bad input, 130 interrupted.

mod census;
mod check;
mod gen;
mod list;
mod replay;
mod repro;
mod settings;
mod solve;

use std::io::{self, Read};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use boardfuzz::game::DynGame;
use boardfuzz::games;
use boardfuzz::harness::{process, Subject};
use boardfuzz::rng::Rng;

#[derive(Parser, Debug)]
#[command(
    name = "boardfuzz",
    version,
    about = "Differential fuzzing for board-game engines: every optimized engine against a literal reference.",
    long_about = "Differential fuzzing for board-game engines.\n\n\
Each game has an optimized engine and a literal, spec-following reference; both read the judge's \
input text and write its output text. `check` runs random valid cases through both, shrinks any \
disagreement to a small case, saves it in corpus/<game>/ and prints it. Games are named by slug \
or problem id (run `boardfuzz list`, which also shows each game's settings).\n\n\
Anything that goes wrong inside a run is a finding, never a crash of boardfuzz: a wrong answer, \
a panic or a hang of the engine, the reference or the census code, and for --solution a runtime \
error, time limit or output limit. Each is shrunk, saved and reported.\n\n\
Exit status: 0 ok, 1 a finding, 2 bad usage or bad input, 130 interrupted (Ctrl-C).",
    after_help = "Examples:\n  \
boardfuzz check --time 60s                 all games for a minute\n  \
boardfuzz check yut_nori --cases 100000 --seed 7\n  \
boardfuzz solve yut_nori case.in           engine's answer\n  \
boardfuzz solve boj15778 --reference < case.in\n  \
boardfuzz repro yut_nori fuzz/artifacts/yut_nori/crash-…\n  \
boardfuzz gen yut_nori --seed 3 > case.in\n  \
boardfuzz gen coin_jump --rows 4000 --cols 4000 --mode snake > big.in\n  \
boardfuzz solve coin_jump --no-strict big.in"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// When to colour the output: auto (a terminal, unless NO_COLOR is set), always, never.
    #[arg(long, global = true, value_enum, default_value_t = Color::Auto)]
    color: Color,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Color {
    Auto,
    Always,
    Never,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Answer one judge input (from FILE or stdin) with the engine or the reference.
    Solve(solve::SolveArgs),
    /// Run random valid cases through engine and reference; shrink and save any disagreement.
    Check(check::CheckArgs),
    /// Show one case (judge text or raw libFuzzer artifact): input, both outputs, first divergence.
    Repro(repro::ReproArgs),
    /// Print one random valid judge input.
    Gen(gen::GenArgs),
    /// Replay the regression corpus against engine and reference.
    Replay(replay::ReplayArgs),
    /// Census of a corpus folder: which edge cases its entries hit. Exit 1 if a tag is missed.
    Census(census::CensusArgs),
    /// List the games, their problem ids and their settings (game-specific flags).
    List,
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell), game flags included:
    /// e.g. `boardfuzz completions bash > /etc/bash_completion.d/boardfuzz`.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// Checking an external solution instead of the engine.
#[derive(Args, Debug, Default, Clone)]
struct SolutionArgs {
    /// Check this command instead of the engine: any program that reads judge input on stdin and
    /// writes the answer on stdout, e.g. `--solution "python3 sol.py"`. It is compared like a
    /// judge compares (trailing whitespace ignored), on valid inputs only. A command of plain
    /// words (quotes and backslashes allowed) is started directly, as a shell loop would start
    /// it; one with shell syntax ($, `, |, &, ;, <, >, (, ), globs, ~, {, }, #, a leading
    /// NAME=value) or starting with a shell builtin runs through `sh -c`.
    #[arg(long, value_name = "COMMAND")]
    solution: Option<String>,
    /// Time limit per run of --solution (over it: a "time limit" verdict; the program and
    /// everything it started are killed).
    #[arg(long, value_parser = parse_duration, default_value = "10s", value_name = "DURATION")]
    solution_timeout: Duration,
    /// Output cap per run of --solution, in bytes (K and M suffixes allowed); over it: an
    /// "output limit" verdict.
    #[arg(long, value_parser = parse_size, default_value = "8M", value_name = "BYTES")]
    output_limit: usize,
    /// Watchdog floor for in-process code (engine, reference, census): a call that runs longer
    /// than this plus 100x the other side's time on the same case is reported as a hang.
    #[arg(long, value_parser = parse_duration, default_value = "10s", value_name = "DURATION")]
    watchdog: Duration,
}

impl SolutionArgs {
    /// The subject; a --solution command that cannot start is a usage error, before any case.
    fn subject(&self) -> Result<Subject, Usage> {
        match &self.solution {
            None => Ok(Subject::Engine),
            Some(command) => {
                process::check_startable(command)
                    .map_err(|e| Usage(format!("--solution cannot be run: {e}")))?;
                Ok(Subject::Solution {
                    command: command.clone(),
                    timeout: self.solution_timeout,
                    output_cap: self.output_limit,
                })
            }
        }
    }
}

/// Parses a byte count such as `4096`, `64K` or `8M`.
fn parse_size(s: &str) -> Result<usize, String> {
    let t = s.trim();
    let (digits, scale) = match t.char_indices().last() {
        Some((i, 'K' | 'k')) => (&t[..i], 1 << 10),
        Some((i, 'M' | 'm')) => (&t[..i], 1 << 20),
        Some((i, 'G' | 'g')) => (&t[..i], 1 << 30),
        _ => (t, 1),
    };
    let n: usize = digits
        .parse()
        .map_err(|_| format!("`{s}` is not a size (try 4096, 64K, 8M)"))?;
    n.checked_mul(scale)
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("`{s}` must be a positive size"))
}

/// A usage error: printed as `error: …`, exit code 2.
struct Usage(String);

type CliResult = Result<ExitCode, Usage>;

/// Parses a duration such as `30s`, `5m`, `1h`, `250ms` or a bare number of seconds.
fn parse_duration(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let split = s
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(s.len());
    let (number, unit) = s.split_at(split);
    let value: f64 = number
        .parse()
        .map_err(|_| format!("`{s}` is not a duration (try 30s, 5m, 1h, 500ms)"))?;
    let seconds = match unit {
        "" | "s" => value,
        "ms" => value / 1000.0,
        "m" | "min" => value * 60.0,
        "h" => value * 3600.0,
        _ => {
            return Err(format!(
                "unknown unit `{unit}` in `{s}` (use ms, s, m or h)"
            ))
        }
    };
    if !seconds.is_finite() || seconds <= 0.0 {
        return Err(format!("`{s}` must be a positive duration"));
    }
    Ok(Duration::from_secs_f64(seconds))
}

fn find_game(name: &str) -> Result<&'static dyn DynGame, Usage> {
    games::find(name).ok_or_else(|| {
        let known: Vec<String> = games::all()
            .iter()
            .map(|g| format!("{} ({})", g.slug(), g.problem()))
            .collect();
        Usage(format!(
            "unknown game `{name}`; known games: {}",
            known.join(", ")
        ))
    })
}

/// The games named (all games if none), each once.
fn selected(names: &[String]) -> Result<Vec<&'static dyn DynGame>, Usage> {
    if names.is_empty() {
        return Ok(games::all().to_vec());
    }
    let mut chosen: Vec<&'static dyn DynGame> = Vec::new();
    for name in names {
        let g = find_game(name)?;
        if !chosen.iter().any(|h| h.slug() == g.slug()) {
            chosen.push(g);
        }
    }
    Ok(chosen)
}

fn read_input(file: Option<&Path>) -> Result<Vec<u8>, Usage> {
    match file {
        Some(p) if p != Path::new("-") => {
            std::fs::read(p).map_err(|e| Usage(format!("cannot read {}: {e}", p.display())))
        }
        _ => {
            let mut buf = Vec::new();
            io::stdin()
                .read_to_end(&mut buf)
                .map_err(|e| Usage(format!("cannot read stdin: {e}")))?;
            Ok(buf)
        }
    }
}

fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    Rng::new(nanos).next_u64() >> 16
}

/// Entry point of the binary.
pub fn main() -> ExitCode {
    let matches = settings::with_game_flags(Cli::command()).get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    anstream::ColorChoice::write_global(match cli.color {
        Color::Auto => anstream::ColorChoice::Auto,
        Color::Always => anstream::ColorChoice::Always,
        Color::Never => anstream::ColorChoice::Never,
    });
    let given = matches
        .subcommand()
        .map(|(_, sub)| settings::Given::from_matches(sub))
        .unwrap_or_default();
    let result = match cli.command {
        Command::Solve(args) => solve::run(args, &given),
        Command::Check(args) => check::run(args, &given),
        Command::Repro(args) => repro::run(args, &given),
        Command::Gen(args) => gen::run(args, &given),
        Command::Replay(args) => replay::run(args),
        Command::Census(args) => census::run(args),
        Command::List => list::run(),
        Command::Completions { shell } => {
            let mut command = settings::with_game_flags(Cli::command());
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut command, "boardfuzz", &mut script);
            // A closed pipe (`| head`) is not an error worth a panic.
            let _ = io::Write::write_all(&mut io::stdout(), &script);
            Ok(ExitCode::SUCCESS)
        }
    };
    match result {
        Ok(code) => code,
        Err(Usage(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
