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
mod common;
mod flags;
mod gen;
mod judge;
mod limits;
mod list;
mod merge;
mod programs;
mod replay;
mod repro;
mod rules;
mod settings;
mod shrink;
mod shrink_mode;
mod solve;
mod stress;
mod stress_summary;
mod summary;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::game::Games;
use common::{
    clock_seed, find_game, finding_on_screen, input_on_screen, read_file, read_input, selected,
    sweep,
};
use flags::{parse_duration, parse_memory, parse_size, CheckerArgs, InputLimit, SolutionArgs};

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
    #[command(name = crate::harness::programs::child::SUBCOMMAND)]
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
        after_help = "Examples:\n  boardfuzz stress --gen 'gen.py {size}' --brute brute.py --solution main.cpp\n  \
boardfuzz stress --gen 'gen.py {size}' --brute brute.py --solution sol*.cpp slow.py\n\n\
Source files (.cpp .cc .c .rs .java .go .kt .py) are compiled once and cached; anything else is a \
command. A finding is regenerated at smaller {size}s first, then shrunk keeping its verdict \
and, without --validator, the shape of the generated inputs (--shape). Several solutions are \
judged on each case against one run of the brute force, each with its own finding and row. \
Exit status: 0 no difference, 1 a finding (saved in findings/NAME/), 2 a problem of the setup (a compile error, \
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
The candidates are the generic judge-text shrinker's, at any size: test cases dropped with \
T; counted lists cut with their count (a count one more or one less than its list too), their \
length bisected, a list of labels renumbered after a cut; a tree given as its edges contracted \
node by node; grid columns; lines, tokens and characters dropped, equal words cut alike; \
numbers moved towards 0, equal ones at once; then records dropped in pairs, a bound lowered \
with the numbers it bounds, numbers set to the values seen at their place. A pass that keeps \
nothing in many runs gives way to the next. A progress line shows on a terminal (not with \
--quiet). Each smaller case is written as soon as it is found (atomically) to \
DIR/NAME.min.EXT beside DIR/NAME.EXT, or --output FILE; the time budget (--time, 5 minutes \
by default) ends the shrink with the smallest case so far, and so does Ctrl-C (exit status \
130).\n\n\
The last lines printed: `shrunk from L lines, T tokens, B bytes to L' lines, T' tokens, B' \
bytes in N test runs, S s` (or `no smaller case found in N test runs`; a case as long as CASE \
but smaller in byte order, numbers lowered, is said so in a note before it), then the file \
written, and with --brute the diff of the two answers on it. N counts every run of the test, \
CASE's own included (with --brute: every candidate judged).",
        after_help = "Examples:\n  \
boardfuzz shrink crash.txt --test './still-crashes.sh'\n  \
boardfuzz shrink big.in --test 'grep -q \"^9\" {path}' --time 1m --output small.in\n  \
boardfuzz shrink big.in --brute brute.py --solution main.cpp\n  \
boardfuzz shrink big.in --brute brute.py --solution main.cpp --validator validate.py --checker tokens\n\n\
Exit status: 0 done (shrunk or not), 2 bad usage or a setup error (a program that cannot \
start, CASE not interesting, a brute force that fails on CASE), 130 interrupted."
    )]
    Shrink(shrink_mode::ShrinkArgs),
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

/// A usage error: printed as `error: …`, exit code 2.
struct Usage(String);

type CliResult = Result<ExitCode, Usage>;

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
/// ([`crate::harness::case::planted`]), for testing the checker itself.
pub fn main(games: Games) -> ExitCode {
    let games = crate::harness::case::planted::wrap_from_env(games);
    let program = program_name();
    crate::harness::set_program(&program);
    if let Some(started_as) = std::env::args_os().next() {
        crate::harness::set_invocation(&program, std::path::Path::new(&started_as));
    }
    if let Some(result) = solve::alone(&games, &program) {
        return out::exit(result);
    }
    let matches = settings::with_game_flags(command(&program), &games).get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    out::color_choice(cli.color);
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
    out::exit(result)
}
