//! The command line: `solve`, `check`, `repro`, `gen`, `replay`, `stress`, `shrink`, `judge`,
//! `census`, `list`, `rules`, `completions`, one module per subcommand over the library, for any
//! list of games.
//!
//! The `boardfuzz` binary is [`main`] over the six games it ships; a crate of a user's own game
//! gets the same command line for its games with one line:
//!
//! ```no_run
//! # use boardfuzz::game::{Game, Options, Outcome};
//! # #[derive(Clone, Debug, arbitrary::Arbitrary)] struct Case;
//! # struct MyGame;
//! # impl Game for MyGame {
//! #     type Case = Case;
//! #     const SLUG: &'static str = "my_game";
//! #     fn render(_: &Case) -> String { String::new() }
//! #     fn engine(_: &[u8], _: &Options) -> Outcome { Outcome::Output(String::new()) }
//! #     fn reference(_: &[u8], _: &Options) -> Outcome { Outcome::Output(String::new()) }
//! # }
//! fn main() -> std::process::ExitCode {
//!     boardfuzz::cli::main(boardfuzz::games![MyGame])
//! }
//! ```
//!
//! Generic over games: a game is named by its slug or problem id, and game-specific flags are
//! built at run time from the settings each game declares ([`settings`](crate::settings)). Exit
//! codes: 0 success, 1 a finding (or a corpus entry that fails), 2 bad usage or bad input, 130
//! interrupted; a closed stdout ends any subcommand quietly with 0 (`out`).

#[macro_use]
mod out;

mod census;
mod check;
mod gen;
mod judge;
mod list;
mod merge;
mod replay;
mod repro;
mod rules;
mod settings;
mod shrink;
mod solve;
mod stress;

use std::io;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::game::{DynGame, Games};
use crate::harness::checker::Checker;
use crate::harness::{input, process, toolchain, Subject};
use crate::rng::Rng;

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
Exit status: 0 ok, 1 a finding, 2 bad usage or bad input, 130 interrupted (Ctrl-C). A closed \
stdout (`| head`) ends any command quietly with status 0.",
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
    #[command(name = crate::harness::child::SUBCOMMAND)]
    Solve(solve::SolveArgs),
    /// Run random valid cases through engine and reference; shrink and save any disagreement.
    Check(check::CheckArgs),
    /// Merge the JSON reports of the shards of one run (`check --shard K/N`) into the run's one
    /// report: counts and census summed, every finding once, the exit status of one whole run.
    #[command(
        after_help = "Example:\n  boardfuzz merge shard-*.json --report json all.json --report junit all.xml \
--report html all.html\n\nReports of another seed, version, subject, budget, settings or list of \
games are refused; a missing shard is an error unless --allow-missing is given."
    )]
    Merge(merge::MergeArgs),
    /// Show one case (judge text or raw libFuzzer artifact): input, both outputs, first divergence.
    Repro(repro::ReproArgs),
    /// Print one random valid judge input.
    Gen(gen::GenArgs),
    /// Replay the regression corpus against engine and reference.
    Replay(replay::ReplayArgs),
    /// Three programs, any language: a generator, a trusted brute force and a solution; find an
    /// input where the solution is wrong, shrink it, save it (docs/stress.md).
    #[command(
        after_help = "Example:\n  boardfuzz stress --gen 'gen.py {size}' --brute brute.py --solution main.cpp\n\n\
Source files (.cpp .cc .c .rs .java .py) are compiled once and cached; anything else is a \
command. A finding is regenerated at smaller {size}s first, then shrunk keeping its verdict \
and, without --validator, the shape of the generated inputs (--shape). Exit status: 0 no \
difference, 1 a finding (saved in findings/NAME/), 2 a problem of the setup (a compile error, \
a generator or reference that fails, a validator that refuses everything), 130 interrupted."
    )]
    Stress(stress::StressArgs),
    /// Shrink a failing file of your own (one no generator made): by a test program's exit
    /// code (C-Reduce's convention), or keeping a solution's verdict against a brute force.
    #[command(
        long_about = "Shrink a failing file of your own, one no generator made (a judge's test, a \
file from a bug report), to a small one that still fails; CASE is left as it is.\n\n\
What keeps a candidate is either\n\
- --test CMD: CMD runs once per candidate, with the candidate written to a file whose path is \
its last argument (or goes where CMD says {path}) and also on its stdin; exit code 0 means \
\"still interesting\". A run past --test-timeout is not interesting. CASE itself must be \
interesting. This is the convention of C-Reduce and shrinkray.\n\
- --brute B --solution S: the verdict `stress` gives. The brute force must answer every \
candidate kept (behind the --validator, if any) and the solution's verdict on it must be its \
verdict on CASE, judged by the same --checker: a wrong answer stays a wrong answer, a runtime \
error a runtime error, a time limit a time limit.\n\n\
The candidates are the generic judge-text shrinker's: counted lists cut with their count, \
lines and tokens dropped, numbers moved towards 0. A progress line shows on a terminal (not \
with --quiet). Each smaller case is written as soon as it is found (atomically) to \
DIR/NAME.min.EXT beside DIR/NAME.EXT, or --output FILE; --time ends the shrink with the \
smallest case so far, and so does Ctrl-C (exit status 130).\n\n\
The last lines printed: `shrunk from L lines, B bytes to L' lines, B' bytes in N test runs, \
S s` (or `no smaller case found in N test runs`), then the file written, and with --brute the \
diff of the two answers on it. N counts every run of the test, CASE's own included (with \
--brute: every candidate judged).",
        after_help = "Examples:\n  \
boardfuzz shrink crash.txt --test './still-crashes.sh'\n  \
boardfuzz shrink big.in --test 'grep -q \"^9\" {path}' --time 1m --output small.in\n  \
boardfuzz shrink big.in --brute brute.py --solution main.cpp\n  \
boardfuzz shrink big.in --brute brute.py --solution main.cpp --validator validate.py --checker tokens\n\n\
Exit status: 0 done (shrunk or not), 2 bad usage or a setup error (a program that cannot \
start, CASE not interesting, a brute force that fails on CASE), 130 interrupted."
    )]
    Shrink(shrink::ShrinkArgs),
    /// Run a program on kept cases (NAME.in beside NAME.out): the findings of `stress`, a
    /// problem's samples. One verdict per case; exit 1 if any fails.
    Judge(judge::JudgeArgs),
    /// Census of a corpus folder: which edge cases its entries hit. Exit 1 if a tag is missed.
    Census(census::CensusArgs),
    /// List the games, their problem ids and their settings (game-specific flags).
    List,
    /// A game's rule clauses, each with the census tags that cite it or why no tag does.
    Rules(rules::RulesArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell), game flags included:
    /// e.g. `boardfuzz completions bash > /etc/bash_completion.d/boardfuzz`.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// The input limit of the subcommands that read judge text.
#[derive(Args, Debug, Clone, Copy)]
struct InputLimit {
    /// The most bytes of judge text read from a file, stdin or a corpus file (64 MiB by default;
    /// K, M and G suffixes allowed). A longer input is refused with one line and exit 2, without
    /// reading the rest of it.
    #[arg(
        long = input::MAX_INPUT_FLAG,
        value_parser = parse_size,
        default_value_t = input::DEFAULT_MAX_INPUT,
        value_name = "BYTES"
    )]
    max_input: usize,
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
    /// CPU-time limit per run of --solution (user + system of its whole process group, as
    /// judges charge it; over it: a "time limit" verdict; the program and everything it started
    /// are killed). A run that sleeps or blocks is stopped at a wall-clock cap of 3x the limit,
    /// and at least the limit + 2s.
    #[arg(long, value_parser = parse_duration, default_value = "10s", value_name = "DURATION")]
    solution_timeout: Duration,
    /// Memory limit per run of --solution, in bytes (K, M and G suffixes allowed; 0 for
    /// none): the resident memory of its whole process group, sampled as it runs and its peak
    /// read at exit. Over it: a "memory limit" verdict. Resident, not address space, so that
    /// --sanitize builds and the JVM (which reserve far more than they touch) run.
    #[arg(long, value_parser = parse_memory, default_value = "1G", value_name = "BYTES")]
    memory_limit: u64,
    /// Output cap per run of --solution, in bytes (K and M suffixes allowed); over it: an
    /// "output limit" verdict.
    #[arg(long, value_parser = parse_size, default_value = "8M", value_name = "BYTES")]
    output_limit: usize,
    /// Watchdog floor for in-process code (engine, reference, census): a call that runs longer
    /// than this plus 100x the other side's time on the same case is reported as a hang.
    #[arg(long, value_parser = parse_duration, default_value = "10s", value_name = "DURATION")]
    watchdog: Duration,
    #[command(flatten)]
    checker: CheckerArgs,
    #[command(flatten)]
    toolchain: stress::ToolchainArgs,
}

/// How an external program's answer is judged against the expected one.
#[derive(Args, Debug, Clone)]
struct CheckerArgs {
    /// How answers are compared: `lines` (the default: line by line, trailing whitespace
    /// ignored, as judges compare), `tokens` (whitespace-separated tokens, spacing and line
    /// breaks ignored), `float` (tokens; numbers equal within --abs-error or --rel-error), or a
    /// checker program in testlib's convention, run as `CHECKER INPUT OUTPUT ANSWER` (three
    /// files): exit 0 accepts, any other exit code is a wrong answer, and what it printed is
    /// shown. A checker program may be a source file, as a solution may.
    #[arg(long, default_value = "lines", value_name = "CHECKER")]
    checker: String,
    /// With `--checker float`: the absolute error allowed.
    #[arg(long, default_value_t = crate::harness::checker::DEFAULT_TOLERANCE, value_name = "X")]
    abs_error: f64,
    /// With `--checker float`: the relative error allowed (of the expected value).
    #[arg(long, default_value_t = crate::harness::checker::DEFAULT_TOLERANCE, value_name = "X")]
    rel_error: f64,
    /// Time limit per run of a checker program (over it, the checker gave no verdict: an error,
    /// not a wrong answer).
    #[arg(long, value_parser = parse_duration, default_value = "10s", value_name = "DURATION")]
    checker_timeout: Duration,
}

impl Default for CheckerArgs {
    fn default() -> Self {
        CheckerArgs {
            checker: "lines".into(),
            abs_error: crate::harness::checker::DEFAULT_TOLERANCE,
            rel_error: crate::harness::checker::DEFAULT_TOLERANCE,
            checker_timeout: Duration::from_secs(10),
        }
    }
}

impl CheckerArgs {
    /// The checker named, a checker program's command prepared as `programs` prepares any
    /// program (a source file is compiled once); its options are checked first.
    fn checker(&self, programs: &toolchain::Toolchain) -> Result<Checker, Usage> {
        for (name, x) in [
            ("--abs-error", self.abs_error),
            ("--rel-error", self.rel_error),
        ] {
            if !(x >= 0.0 && x.is_finite()) {
                return Err(Usage(format!(
                    "{name} must be a number at least 0, not {x}"
                )));
            }
        }
        let mut checker = Checker::parse(
            &self.checker,
            self.abs_error,
            self.rel_error,
            self.checker_timeout,
        );
        if let Checker::Program { command, .. } = &mut checker {
            let prepared = programs
                .prepare(command)
                .map_err(|e| Usage(format!("--checker: {e}")))?;
            process::check_startable(&prepared.command)
                .map_err(|e| Usage(format!("--checker cannot be run: {e}")))?;
            *command = prepared.command;
        }
        Ok(checker)
    }
}

impl SolutionArgs {
    /// The subject; a --solution command that cannot start is a usage error, before any case.
    fn subject(&self) -> Result<Subject, Usage> {
        match &self.solution {
            None => Ok(Subject::Engine),
            Some(line) => {
                // A source file is compiled (once, cached) as `stress` and `judge` do.
                let tools = self.toolchain.toolchain()?;
                let prepared =
                    stress::ready(&self.toolchain.for_solution(&tools), "solution", line)?;
                let command = &prepared.command;
                process::check_startable(command)
                    .map_err(|e| Usage(format!("--solution cannot be run: {e}")))?;
                Ok(Subject::Solution {
                    command: command.clone(),
                    timeout: self.solution_timeout,
                    output_cap: self.output_limit,
                    memory: self.memory_limit,
                    checker: self.checker.checker(&tools)?,
                })
            }
        }
    }
}

/// Parses a memory limit: `0` (none), or a byte count as [`parse_size`] takes it (`512M`, `1G`).
fn parse_memory(s: &str) -> Result<u64, String> {
    if s.trim() == "0" {
        return Ok(0);
    }
    parse_size(s).map(|n| n as u64)
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

fn find_game(games: &Games, name: &str) -> Result<&'static dyn DynGame, Usage> {
    games.find(name).ok_or_else(|| {
        let known: Vec<String> = games
            .all()
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
fn selected(games: &Games, names: &[String]) -> Result<Vec<&'static dyn DynGame>, Usage> {
    if names.is_empty() {
        return Ok(games.all().to_vec());
    }
    let mut chosen: Vec<&'static dyn DynGame> = Vec::new();
    for name in names {
        let g = find_game(games, name)?;
        if !chosen.iter().any(|h| h.slug() == g.slug()) {
            chosen.push(g);
        }
    }
    Ok(chosen)
}

/// Judge text from `file` (stdin if `None` or `-`), at most `limit` bytes.
fn read_input(file: Option<&Path>, limit: InputLimit) -> Result<Vec<u8>, Usage> {
    let limit = limit.max_input;
    match file {
        Some(p) if p != Path::new("-") => read_file(p, limit),
        _ => input::read_bounded(io::stdin().lock(), limit)
            .map_err(|e| Usage(format!("cannot read stdin: {e}"))),
    }
}

/// A file of judge text, at most `limit` bytes.
fn read_file(path: &Path, limit: usize) -> Result<Vec<u8>, Usage> {
    input::read_file(path, limit).map_err(|e| Usage(format!("cannot read {}: {e}", path.display())))
}

/// Removes the temporary files a killed save left in a corpus folder, saying so on stderr
/// ([`corpus::sweep`](crate::harness::corpus::sweep)); run before a command saves into it.
fn sweep(dir: &Path) {
    match crate::harness::corpus::sweep(dir) {
        Ok(removed) => {
            for path in removed {
                eprintln!(
                    "note: removed {}, a temporary file left by a save that was killed",
                    path.display()
                );
            }
        }
        Err(e) => eprintln!("warning: cannot clean {}: {e}", dir.display()),
    }
}

/// A finding's report as a terminal shows it ([`Disagreement::report_on_screen`]): an input over
/// a screen shown as its first and last lines, pointing to the saved case, or, when it was not
/// saved (`--no-save`), to a file written for it in the temporary folder
/// (`boardfuzz-<name>-<hash>.in`). Should that file not be written, the input is shown whole.
fn finding_on_screen(d: &crate::harness::Disagreement) -> String {
    if d.saved.is_some() || crate::harness::fits_a_screen(&d.input) {
        return d.report_on_screen(None);
    }
    match whole_case_file(d.slug, &d.input) {
        Some(path) => d.report_on_screen(Some(&path)),
        None => d.report_styled(),
    }
}

/// A file in the temporary folder holding `input` whole (`boardfuzz-<slug>-<hash>.in`), for a
/// terminal report that shows only its head and tail; `None` (with a warning) if it cannot be
/// written.
fn whole_case_file(slug: &str, input: &str) -> Option<std::path::PathBuf> {
    let hash = crate::harness::corpus::content_hash(input.as_bytes());
    let path = std::env::temp_dir().join(format!("boardfuzz-{slug}-{hash}.in"));
    match std::fs::write(&path, input) {
        Ok(()) => Some(path),
        Err(e) => {
            eprintln!("warning: cannot write {}: {e}", path.display());
            None
        }
    }
}

/// An input as a terminal shows it: whole if it fits a screen, else its first and last lines
/// and a file written for it in the temporary folder (`boardfuzz-<slug>-<hash>.in`); whole
/// again should that file not be written.
fn input_on_screen(slug: &str, input: &str) -> String {
    let fits = crate::harness::fits_a_screen(input);
    match (!fits).then(|| whole_case_file(slug, input)).flatten() {
        Some(path) => crate::harness::head_and_tail(input, &path),
        None if input.ends_with('\n') => input.to_string(),
        None => format!("{input}\n"),
    }
}

fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    Rng::new(nanos).next_u64() >> 16
}

/// The file name of the running executable (`boardfuzz`, or a user's own binary), as help,
/// completions and the commands a report prints spell it.
fn program_name() -> String {
    std::env::args_os()
        .next()
        .map(std::path::PathBuf::from)
        .and_then(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "boardfuzz".into())
}

/// The clap command, named after the program; a user's binary gets no examples of the games
/// boardfuzz ships.
fn command(program: &str) -> clap::Command {
    let command = Cli::command();
    if program == "boardfuzz" {
        return command;
    }
    // clap names commands with `&'static str`; the name is made once a run.
    let name: &'static str = Box::leak(program.to_string().into_boxed_str());
    // The help names the user's binary where it names a command to run.
    let long_about = command
        .get_long_about()
        .map(|about| {
            about
                .to_string()
                .replace("`boardfuzz ", &format!("`{program} "))
        })
        .unwrap_or_default();
    command
        .name(name)
        .bin_name(name)
        .long_about(long_about)
        .after_help(format!(
            "Examples:\n  {program} list\n  {program} check --time 60s\n  \
             {program} check GAME --solution \"python3 sol.py\"\n  {program} repro GAME FILE\n  \
             {program} replay"
        ))
}

/// Runs the command line over `games` and returns the exit status: the whole `main` of a binary
/// (`fn main() -> ExitCode { boardfuzz::cli::main(boardfuzz::games![MyGame]) }`). Arguments come
/// from the process's own; the corpus folder defaults to `corpus/` in the working directory.
/// With `BOARDFUZZ_PLANT` set, every game gets that planted fault
/// ([`crate::harness::planted`]), for testing the checker itself.
pub fn main(games: Games) -> ExitCode {
    let games = crate::harness::planted::wrap_from_env(games);
    let program = program_name();
    crate::harness::set_program(&program);
    if let Some(started_as) = std::env::args_os().next() {
        crate::harness::set_invocation(&program, std::path::Path::new(&started_as));
    }
    let matches = settings::with_game_flags(command(&program), &games).get_matches();
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
        .map(|(_, sub)| settings::Given::from_matches(sub, &games))
        .unwrap_or_default();
    let games = &games;
    let result = match cli.command {
        Command::Solve(args) => solve::run(games, args, &given),
        Command::Check(args) => check::run(games, args, &given),
        Command::Merge(args) => merge::run(games, args),
        Command::Repro(args) => repro::run(games, args, &given),
        Command::Gen(args) => gen::run(games, args, &given),
        Command::Replay(args) => replay::run(games, args),
        Command::Stress(args) => stress::run(args),
        Command::Shrink(args) => shrink::run(args),
        Command::Judge(args) => judge::run(args),
        Command::Census(args) => census::run(games, args),
        Command::List => list::run(games),
        Command::Rules(args) => rules::run(games, args),
        Command::Completions { shell } => {
            let mut command = settings::with_game_names(
                settings::with_game_flags(command(&program), games),
                games,
            );
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut command, program.as_str(), &mut script);
            out::bytes(&script);
            Ok(ExitCode::SUCCESS)
        }
    };
    // What is still buffered meets a closed stdout here at the latest (exit status 0, quietly).
    out::flush();
    match result {
        Ok(code) => code,
        Err(Usage(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
